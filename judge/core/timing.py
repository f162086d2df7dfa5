"""Timing building blocks shared by the three games' timing models.

- :func:`order_simultaneous` — who orders effects that happen at the same time. KeyForge: the active player
  orders everything (:data:`ACTIVE_PLAYER_ORDERS`). Gobierno & Prestigio 101.4: the active player first, then the
  others in turn order (:data:`ACTIVE_THEN_OTHERS`). Mitos y Leyendas: the players alternate, starting with the
  active player (:data:`ALTERNATING`).
- :class:`TriggerQueue` — triggered abilities waiting for their moment, released in one of three modes: at once
  (KeyForge), once the item resolving has fully resolved (Mitos y Leyendas), or onto the stack the next time a player
  would receive priority (Gobierno & Prestigio 120.6).
- :class:`Priority` with :func:`act`, :func:`pass_priority` and :func:`proceed` — the stack and the priority loop,
  kept in the position between plays: a play is one action of the player holding priority; when the round is over
  the top item resolves, or, with nothing waiting, the round ends. Who acts next is the game's
  (:meth:`Priority.next_to_act`): in Gobierno & Prestigio every player passing in succession ends a round; in a Mitos
  y Leyendas response window each player has one answer to each card, the card's opponent first.
- :func:`settle` — the state-based-check fixpoint run before a player receives priority: every check that applies
  is applied at once, again until none applies, then waiting triggers go on the stack, both repeated until stable.
- :func:`apply_modifiers` — continuous effects applied in (layer, timestamp) order; which layers exist is each
  game's.

Each of them asks through :meth:`Resolution.ask`, so every choice is explicit and traced.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from collections.abc import Callable, Iterable, Iterator, Sequence

from judge.core.decisions import Option, Question
from judge.core.errors import InvalidAnswerError, JudgeError
from judge.core.position import Position, StackItem
from judge.core.resolution import Resolution

T = TypeVar("T")
V = TypeVar("V")

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
    answer: str = ""
    """How a judge names this effect in an answer, by card and ability (``Krump: after reap``), where ``value`` is an
    id of the engine's."""


def order_simultaneous(res: Resolution, pending: Sequence[Pending[T]], *, policy: str, players: Sequence[str],
                       rule: str, resolve: Callable[[Pending[T]], None],
                       refresh: Callable[[], Sequence[Pending[T]]] | None = None,
                       prompt_es: str = "¿Qué efecto simultáneo se resuelve a continuación?",
                       prompt_en: str = "Which simultaneous effect resolves next?", key: str = "order") -> None:
    """Resolve simultaneous effects one at a time in the order the policy's chooser picks.

    With one effect left there is nothing to choose and no question is asked. ``refresh`` (if given) is called
    after each effect to add effects that joined the group meanwhile (KeyForge: nested "Destruido:" effects).
    """
    queue = list(pending)
    last: str | None = None
    noted = False
    order = OrderAnswers(res)
    while queue:
        chooser = _chooser(policy, players, queue, last)
        candidates = [p for p in queue if policy == ACTIVE_PLAYER_ORDERS or p.controller == chooser] or queue
        q = Question(
            key=key, player=chooser, rule=rule,
            prompt_es=prompt_es, prompt_en=prompt_en,
            options=tuple(Option(p.value, p.label_es, p.label_en, p.aliases, answer=p.answer) for p in candidates),
        )
        if len(candidates) == 1:
            nxt = candidates[0]
            order.forced(q)
        elif candidates[0].same_as is not None and all(p.same_as == candidates[0].same_as for p in candidates):
            # The same ability triggered several times, none of it depending on what triggered it: any order gives
            # the same result, so there is nothing to choose.
            nxt = candidates[0]
            if not noted:
                noted = True
                res.note("order-irrelevant", rule, f"{len(candidates)} veces el mismo efecto: el orden no cambia nada",
                         f"The same effect {len(candidates)} times: the order changes nothing")
        else:
            chosen = order.next(q)
            nxt = next(p for p in candidates if p.value == chosen)
        queue.remove(nxt)
        resolve(nxt)
        last = chooser
        if refresh is not None:
            seen = {p.value for p in queue}
            queue.extend(p for p in refresh() if p.value not in seen)
    order.finish(key)


class OrderAnswers:
    """The answers to a run of questions that each pick what comes next in one order. The judge may answer each
    question in turn, or the first one with the whole order as a list (``["Krump: after reap", "Troll: play"]``):
    the following questions of the run then take the next items, and are written into the trace as if asked."""

    def __init__(self, res: Resolution) -> None:
        self.res = res
        self.plan: list[Any] | None = None
        self.last: Question | None = None

    def next(self, question: Question) -> str:
        self.last = question
        if self.plan is None:
            self.plan = self.res.take_list()
            if self.plan is None:
                self.plan = []
                return self.res.ask(question)
        if not self.plan:
            return self.res.ask(question)
        chosen = question.pick(self.plan.pop(0))
        self.res.record(question, chosen)
        return str(chosen)

    def forced(self, question: Question) -> None:
        """The last item of the order has no choice left: it may be written in the list all the same."""
        if self.plan and any(o.value == str(self.plan[0]) or o.matches(str(self.plan[0])) for o in question.options):
            self.plan.pop(0)
        elif not self.plan:
            self.res.forced(question)

    def finish(self, key: str) -> None:
        if self.plan and self.last is not None:
            raise InvalidAnswerError(f"the {key!r} answer lists {self.plan!r} after what waited to resolve", self.last)


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


# Triggered abilities.

RESOLVE_AT_ONCE = "at-once"
"""KeyForge: a triggered ability resolves the moment it triggers; simultaneous ones in the active player's order."""
AFTER_RESOLVING = "after-resolving"
"""Mitos y Leyendas: abilities triggered while something resolves wait until it has fully resolved, then resolve
alternating between the players, the active player first, each ordering their own."""
ON_PRIORITY = "on-priority"
"""Gobierno & Prestigio: triggered abilities go on the stack the next time a player would receive priority, the
active player's first (so they resolve last), then the others' in turn order."""

_RELEASE_POLICY = {RESOLVE_AT_ONCE: ACTIVE_PLAYER_ORDERS, AFTER_RESOLVING: ALTERNATING, ON_PRIORITY: ACTIVE_THEN_OTHERS}


class TriggerQueue(Generic[T]):
    """Triggered abilities waiting for their moment, released by the rules of one game's timing model.

    The queue lives for one resolution: what must wait beyond a play is on the position's stack.
    """

    def __init__(self, mode: str, *, rule: str) -> None:
        if mode not in _RELEASE_POLICY:
            raise ValueError(f"unknown release mode {mode!r}")
        self.mode = mode
        self.rule = rule
        self.waiting: list[Pending[T]] = []
        self._resolving = 0

    def raised(self, res: Resolution, triggered: Sequence[Pending[T]], put: Callable[[Pending[T]], None]) -> None:
        """Abilities that triggered together. Released now if the mode says so, otherwise kept waiting."""
        self.waiting.extend(triggered)
        if self.mode == RESOLVE_AT_ONCE or (self.mode == AFTER_RESOLVING and not self._resolving):
            self.release(res, put)

    @contextmanager
    def resolving(self) -> Iterator[None]:
        """While the block runs, something is resolving: abilities it triggers wait (Mitos y Leyendas)."""
        self._resolving += 1
        try:
            yield
        finally:
            self._resolving -= 1

    def release(self, res: Resolution, put: Callable[[Pending[T]], None]) -> bool:
        """Hand every waiting ability to ``put`` (resolve it, or put it on the stack) in the order the mode's chooser
        picks. Abilities triggered by one of them meanwhile form a new group, released right after it has fully
        resolved. Returns whether anything was waiting."""
        if not self.waiting:
            return False
        group, self.waiting = self.waiting, []

        def one(pending: Pending[T]) -> None:
            if self.mode == AFTER_RESOLVING:
                with self.resolving():
                    put(pending)
                self.release(res, put)
            else:
                put(pending)

        if self.mode == ON_PRIORITY:
            prompt_es, prompt_en = "¿Qué habilidad disparada va a la pila a continuación?", "Which triggered ability goes on the stack next?"
        else:
            prompt_es, prompt_en = "¿Qué habilidad disparada se resuelve a continuación?", "Which triggered ability resolves next?"
        order_simultaneous(res, group, policy=_RELEASE_POLICY[self.mode], players=res.position.turn_order(),
                           rule=self.rule, resolve=one, prompt_es=prompt_es, prompt_en=prompt_en)
        return True


# State-based checks.

@dataclass(frozen=True)
class StateCheck:
    """One state-based action that applies now (a creature with lethal damage is destroyed, 40 prestige wins)."""

    rule: str
    text_es: str
    text_en: str
    apply: Callable[[], None]
    card: str | None = None


SETTLE_LIMIT = 200
"""Rounds of state-based checks and triggers after which a position is taken for one that never settles."""


def settle(res: Resolution, *, rule: str, checks: Callable[[], Sequence[StateCheck]],
           triggers: TriggerQueue[Any] | None = None, put: Callable[[Pending[Any]], None] | None = None) -> None:
    """The fixpoint run before a player receives priority (G&P 120.6).

    Every check that applies is found first and then all are applied at once; this repeats until none applies.
    Then the waiting triggered abilities are put on the stack; then the checks again, until nothing changes. Only
    rounds that do something are written in the trace.
    """
    for _ in range(SETTLE_LIMIT):
        now = list(checks())
        if now:
            with res.step("state-checks", rule, "Acciones basadas en estado", "State-based actions"):
                for check in now:
                    with res.step("state-check", check.rule, check.text_es, check.text_en, card=check.card):
                        check.apply()
            continue
        if triggers is not None and put is not None and triggers.release(res, put):
            continue
        return
    raise JudgeError(f"state-based actions and triggered abilities did not settle after {SETTLE_LIMIT} rounds")


# The stack and priority, kept in the position between plays.

class Priority:
    """One game's priority rules. A game subclasses it and fills in the hooks; the loop itself is the core's.

    The stack, who holds priority and who has passed in succession are in the position (``position.stack``,
    ``position.priority``, ``position.passed``), so a judge can stop after any action and resume from there. The
    defaults are those of a stack game (Gobierno & Prestigio 120): the active player receives priority first, a
    player who acts keeps it, a pass hands it to the next player, and when every player has passed in succession
    the top item resolves, after which the active player receives priority again.
    """

    rule: str = "priority"
    """The rule key cited when a player receives priority or passes."""
    resolve_rule: str = "priority"
    """The rule key cited when the top item resolves because every player passed."""

    def players(self, position: Position) -> list[str]:
        """The players who take part in priority, in turn order from the active player."""
        return position.turn_order()

    def next_to_act(self, position: Position) -> str | None:
        """Who receives priority now; ``None`` when the round is over (the top item resolves, or with nothing
        waiting the round ends)."""
        players = self.players(position)
        if set(players) <= set(position.passed):
            return None
        if position.passed:
            last = position.passed[-1]
            return players[(players.index(last) + 1) % len(players)] if last in players else players[0]
        return position.priority or position.active

    def acted(self, res: Resolution, actor: str) -> None:
        """``actor`` has acted (played a card, activated an ability): earlier passes no longer count."""
        res.set_passed([])

    def passed_by(self, res: Resolution, pid: str) -> None:
        res.set_passed([*res.position.passed, pid])

    def resolved(self, res: Resolution, item: StackItem) -> None:
        """``item`` has resolved: a new round starts (with the active player, by :meth:`next_to_act`)."""
        res.set_passed([])
        res.set_priority(None)

    def before_priority(self, res: Resolution) -> None:
        """What happens before any player receives priority (G&P 120.6: state-based actions and triggers)."""

    def resolve(self, res: Resolution, item: StackItem) -> None:  # pragma: no cover - every game overrides
        """Resolve ``item``, already taken off the stack."""
        raise NotImplementedError

    def all_passed(self, res: Resolution) -> bool:
        """Every player passed with nothing waiting: the step ends, the window closes. Return ``True`` if the game
        opened a new round (the next step's), so that priority is given again."""
        return False

    def label(self, position: Position, item: StackItem, lang: str) -> str:
        return f"{item.kind} {item.source}"

    ended_es = "Todos pasan sin nada por resolver"
    ended_en = "All players pass with nothing waiting"
    """How the trace says that a round ended with nothing waiting."""


PRIORITY_LIMIT = 500
"""Items resolved and rounds ended within one play after which the play is taken for one that never stops."""


def give_priority(res: Resolution, rules: Priority, pid: str) -> None:
    """Run what comes before priority, then give it to ``pid``."""
    rules.before_priority(res)
    if res.position.priority != pid:
        res.set_priority(pid)
        res.note("priority", rules.rule, f"{pid} recibe la prioridad", f"{pid} receives priority")


def proceed(res: Resolution, rules: Priority) -> None:
    """Go on until some player receives priority: resolve the top item each time its round is over, and end the
    round when every player has passed with nothing waiting."""
    position = res.position
    for _ in range(PRIORITY_LIMIT):
        pid = rules.next_to_act(position)
        if pid is not None:
            give_priority(res, rules, pid)
            return
        if not position.stack:
            res.set_priority(None)
            res.set_passed([])
            with res.step("all-passed", rules.resolve_rule, rules.ended_es, rules.ended_en):
                again = rules.all_passed(res)
            if not again:
                return
            continue
        item = position.stack[-1]
        with res.step("resolve", rules.resolve_rule, f"Se resuelve {rules.label(position, item, 'es')}",
                      f"{rules.label(position, item, 'en')} resolves", card=item.source):
            res.remove_from_stack(item)
            rules.resolve(res, item)
        rules.resolved(res, item)
    raise JudgeError(f"more than {PRIORITY_LIMIT} items resolved in one play: the position never stops")


def act(res: Resolution, rules: Priority, actor: str) -> None:
    """``actor`` has acted; priority goes where the game's rules say."""
    rules.acted(res, actor)
    proceed(res, rules)


def pass_priority(res: Resolution, rules: Priority, pid: str) -> None:
    """``pid`` passes; when the round is over the top item resolves, or with nothing waiting the round ends."""
    res.note("pass", rules.rule, f"{pid} pasa", f"{pid} passes")
    rules.passed_by(res, pid)
    proceed(res, rules)


# Continuous effects.

@dataclass(frozen=True)
class Modifier(Generic[V]):
    """A continuous effect on one value: applied in layer order, and within a layer in timestamp order."""

    layer: int
    stamp: int
    apply: Callable[[V], V]
    source: str = ""


def apply_modifiers(base: V, modifiers: Iterable[Modifier[V]]) -> V:
    """``base`` with every modifier applied in (layer, timestamp) order: a later setter wins over an earlier one,
    and a game that puts its modifiers in a layer after its setters applies them after every setter."""
    value = base
    for modifier in sorted(modifiers, key=lambda m: (m.layer, m.stamp)):
        value = modifier.apply(value)
    return value
