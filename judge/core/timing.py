"""Timing building blocks shared by the three games' timing models.

- :func:`order_simultaneous` — who orders effects that happen at the same time. KeyForge: the active player
  orders everything (:data:`ACTIVE_PLAYER_ORDERS`). Gobierno & Prestigio 101.4: the active player first, then the
  others in turn order (:data:`ACTIVE_THEN_OTHERS`). Mitos y Leyendas: the players alternate, starting with the
  active player (:data:`ALTERNATING`).
- :class:`Stack` — a last-in-first-out pile of pending objects (G&P's *pila*, MyL's chain of responses).
- :func:`priority_round` — players pass priority in turn until all pass in succession (G&P 120, the MyL
  Guerra de Talismanes loop); each chance to act is a question whose options include passing.

Each of them asks through :meth:`Resolution.ask`, so every choice is explicit and traced.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar
from collections.abc import Callable, Sequence

from judge.core.decisions import Option, Question
from judge.core.resolution import Resolution

T = TypeVar("T")

ACTIVE_PLAYER_ORDERS = "active-player-orders"
ACTIVE_THEN_OTHERS = "active-then-others"
ALTERNATING = "alternating"


@dataclass(frozen=True)
class Pending(Generic[T]):
    """An effect waiting to resolve: who controls it, how to show it, and the thing itself."""

    controller: str
    value: str
    label_es: str
    label_en: str
    item: T
    aliases: tuple[str, ...] = ()
    """Other ways to name this effect in an answer (the uid and names of its card)."""
    same_as: str | None = None
    """Effects with the same ``same_as`` are copies of one effect whose order changes nothing: no question is asked
    when only such copies are left to order."""


def order_simultaneous(res: Resolution, pending: Sequence[Pending[T]], *, policy: str, players: Sequence[str],
                       rule: str, resolve: Callable[[Pending[T]], None],
                       refresh: Callable[[], Sequence[Pending[T]]] | None = None,
                       prompt_es: str = "¿Qué efecto simultáneo se resuelve a continuación?",
                       prompt_en: str = "Which simultaneous effect resolves next?") -> None:
    """Resolve simultaneous effects one at a time in the order the policy's chooser picks.

    With one effect left there is nothing to choose and no question is asked. ``refresh`` (if given) is called
    after each effect to add effects that joined the group meanwhile (KeyForge: nested "Destruido:" effects).
    """
    queue = list(pending)
    last: str | None = None
    noted = False
    while queue:
        chooser = _chooser(policy, players, queue, last)
        candidates = [p for p in queue if policy == ACTIVE_PLAYER_ORDERS or p.controller == chooser] or queue
        if len(candidates) == 1:
            nxt = candidates[0]
        elif candidates[0].same_as is not None and all(p.same_as == candidates[0].same_as for p in candidates):
            # The same ability triggered several times, none of it depending on what triggered it: any order gives
            # the same result, so there is nothing to choose.
            nxt = candidates[0]
            if not noted:
                noted = True
                res.note("order-irrelevant", rule, f"{len(candidates)} veces el mismo efecto: el orden no cambia nada",
                         f"The same effect {len(candidates)} times: the order changes nothing")
        else:
            q = Question(
                key="order", player=chooser, rule=rule,
                prompt_es=prompt_es, prompt_en=prompt_en,
                options=tuple(Option(p.value, p.label_es, p.label_en, p.aliases) for p in candidates),
            )
            chosen = res.ask(q)
            nxt = next(p for p in candidates if p.value == chosen)
        queue.remove(nxt)
        resolve(nxt)
        last = chooser
        if refresh is not None:
            seen = {p.value for p in queue}
            queue.extend(p for p in refresh() if p.value not in seen)


def _chooser(policy: str, players: Sequence[str], queue: Sequence[Pending[T]], last: str | None) -> str:
    if policy == ACTIVE_PLAYER_ORDERS:
        return players[0]
    owners = [p for p in players if any(x.controller == p for x in queue)]
    if not owners:
        return players[0]
    if policy == ACTIVE_THEN_OTHERS:
        return owners[0]
    if policy == ALTERNATING:
        # The next player after the one who chose last (in turn order) who still has an effect waiting.
        if last is None or last not in players:
            return owners[0]
        start = players.index(last) + 1
        for i in range(len(players)):
            candidate = players[(start + i) % len(players)]
            if candidate in owners:
                return candidate
    raise ValueError(f"unknown ordering policy {policy!r}")


@dataclass
class Stack(Generic[T]):
    """Objects waiting to resolve, last in first out."""

    items: list[Pending[T]] = field(default_factory=list)

    def push(self, res: Resolution, item: Pending[T], rule: str) -> None:
        self.items.append(item)
        res.note("stack-push", rule, f"{item.label_es} entra en la pila", f"{item.label_en} goes on the stack")

    def pop(self) -> Pending[T]:
        return self.items.pop()

    def __len__(self) -> int:
        return len(self.items)

    @property
    def top(self) -> Pending[T] | None:
        return self.items[-1] if self.items else None


def priority_round(res: Resolution, players: Sequence[str], *, rule: str,
                   actions: Callable[[str], Sequence[Option]], act: Callable[[str, str], None],
                   before_priority: Callable[[], None] | None = None, actor_keeps_priority: bool = True) -> None:
    """Pass priority around ``players`` (starting with the first) until all pass in succession.

    ``actions(player)`` lists what that player could do now (besides passing); ``act(player, value)`` does it.
    ``before_priority`` runs before each player receives priority (G&P: state-based actions).
    After anyone acts, the passes so far no longer count; with ``actor_keeps_priority`` (G&P, like its model's
    117.3c) the player who acted receives priority again, otherwise it moves on to the next player.
    """
    passes = 0
    i = 0
    while passes < len(players):
        if before_priority is not None:
            before_priority()
        player = players[i % len(players)]
        options = (Option("pass", "Pasar", "Pass"), *actions(player))
        choice = res.ask(Question(key="priority", player=player, rule=rule,
                                  prompt_es="Tienes prioridad: ¿actúas o pasas?",
                                  prompt_en="You have priority: act or pass?", options=options))
        if choice == "pass":
            passes += 1
        else:
            act(player, choice)
            passes = 0
            if actor_keeps_priority:
                continue
        i += 1
