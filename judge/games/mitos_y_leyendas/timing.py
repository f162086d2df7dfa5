"""Mitos y Leyendas timing: response windows and the Guerra de Talismanes on the core's priority loop.

What waits to resolve is on the position's stack: the card being played (step 5 of Pasos para jugar una carta),
the window after a card enters play (step 8), an activated ability, a declaration of attack or of blocks, the
resolution of combat damage. In each window every player has **one** answer (FAQ L560: "sólo puedo utilizar una
respuesta por cada acción del juego"), the opponent of whoever made the action first, then that player (step 5);
an answer is itself a card played or an ability activated, with its own window, so the last answer resolves first
(an anulación annulled by another anulación never resolves). The Guerra de Talismanes is a priority loop with
nothing waiting: the defender first, alternating, ending when both players pass one after the other (FAQ L311-L320).

Decisions of this ruleset where the FAQ is silent (listed in ``docs/mitos-y-leyendas-decisions.md``):
- ``myl.decision.hidden-information``: a window is offered to a player only if the position shows an
  answer they could give (a card in hand, an ability in play); a player with none is passed over, and a window in
  which nobody can answer closes at once. A judge who wants to weigh a card that is not on the table adds it to
  the player's hand.
- ``myl.decision.window-order``: in every window the opponent of whoever made the action (played the card, controls
  the ability, declared) answers first, then that player; after an answer has fully resolved the window resumes
  with whoever has not answered yet.

Triggered abilities can be cancelled as they trigger (FAQ L510): when one is about to resolve and a player could
answer it, it waits on the stack as its own item with its cancel window, the abilities of its group after it in the
order chosen (:func:`release`).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.position import Position, StackItem
from judge.core.resolution import Resolution
from judge.core.timing import Pending, Priority
from judge.core.wording import listed
from judge.games.mitos_y_leyendas import steps
from judge.games.mitos_y_leyendas.final import check_armas
from judge.games.mitos_y_leyendas.game import Game, Triggered

RESOLVERS: dict[str, Callable[[Game, StackItem], None]] = {}
"""How each kind of waiting item resolves, filled in by the modules that create them (playing, combat)."""

RESPONSES: list[Callable[[Game, str, StackItem | None], list[Any]]] = []
"""Who can answer what: each function lists the plays ``player`` could make now (as answers to ``item``, or in the
Guerra de Talismanes with ``item`` None)."""

WINDOW_RULES = {
    "carta": "pasos-para-jugar-una-carta.5",
    "entrada": "pasos-para-jugar-una-carta.8",
    "habilidad": "cancelacion-de-habilidades",
    "disparada": "cancelacion-de-habilidades",
    "dano-directo": "dano-directo",
    "dano-aplicado": "batalla-mitologica.asignacion-de-dano.c",
    "ataque": "batalla-mitologica.declaracion-de-ataque.b",
    "bloqueo": "batalla-mitologica.declaracion-de-bloqueo.b",
    "dano": "batalla-mitologica.asignacion-de-dano.c",
}


CONTINUATIONS = ("inicio-guerra",)
"""Items that only keep the place of the next step while the abilities above them resolve: nobody answers them."""


def answers(game: Game, player: str, item: StackItem | None) -> list[Any]:
    return [play for find in RESPONSES for play in find(game, player, item)]


class Windows(Priority):
    rule = "pasos-para-jugar-una-carta.5"
    resolve_rule = "pasos-para-jugar-una-carta.6"
    ended_es = "No queda nada por resolver"
    ended_en = "Nothing is left waiting"

    def __init__(self, game: Game) -> None:
        self.game = game

    def responders(self, position: Position, item: StackItem) -> list[str]:
        if item.kind in CONTINUATIONS:
            return []
        # Direct damage is answered first by the player who took it (decision window-order).
        first = item.data.get("first") or position.next_player(item.controller)
        return [first, item.controller] if first != item.controller else [first]

    def next_to_act(self, position: Position) -> str | None:
        if position.stack:
            top = position.stack[-1]
            answered = top.data.get("answered", [])
            for pid in self.responders(position, top):
                if pid not in answered and answers(self.game, pid, top):
                    return pid
            return None
        war = position.values.get("guerra")
        if position.step == steps.GUERRA and isinstance(war, dict):
            passed = position.passed
            if set(position.players) <= set(passed):
                return None
            if passed:
                return position.next_player(passed[-1])
            last = war.get("ultimo")
            return position.next_player(last) if last else position.next_player(position.active)
        return None

    def acted(self, res: Resolution, actor: str) -> None:
        stack = res.position.stack
        if len(stack) > 1:
            answered = stack[-2]
            res.set_item(answered, "answered", [*answered.data.get("answered", []), actor])
        res.set_passed([])
        war = res.position.values.get("guerra")
        if res.position.step == steps.GUERRA and isinstance(war, dict) and not (len(stack) > 1):
            res.set_value("guerra", {**war, "ultimo": actor})

    def passed_by(self, res: Resolution, pid: str) -> None:
        if res.position.stack:
            top = res.position.stack[-1]
            res.set_item(top, "answered", [*top.data.get("answered", []), pid])
        else:
            res.set_passed([*res.position.passed, pid])

    def resolved(self, res: Resolution, item: StackItem) -> None:
        res.set_priority(None)

    def resolve(self, res: Resolution, item: StackItem) -> None:
        game = self.game
        skipped = [p for p in self.responders(res.position, item) if p not in item.data.get("answered", [])]
        if skipped:
            many = len(skipped) > 1
            res.note("no-answer", "myl.decision.hidden-information",
                     f"{listed(skipped)} no {'tienen' if many else 'tiene'} en la posición ninguna respuesta posible",
                     f"{listed(skipped, 'en')} {'have' if many else 'has'} no possible answer in the position")
        with game.triggers.resolving():
            RESOLVERS[item.kind](game, item)
        check_armas(game)
        # What the item triggered resolves once it has fully resolved (FAQ L199, L592).
        release(game, windows=True)
        open_direct_damage_window(game)
        game.check_end()

    def all_passed(self, res: Resolution) -> bool:
        war = res.position.values.get("guerra")
        if res.position.step == steps.GUERRA and isinstance(war, dict):
            RESOLVERS["fin-guerra"](self.game, StackItem("", res.position.active, "", "fin-guerra"))
            return self.next_to_act(res.position) is not None or bool(res.position.stack)
        return False

    def label(self, position: Position, item: StackItem, lang: str) -> str:
        card = self.game.card(item.source) if item.source else None
        name = self.game.label(card, lang) if card is not None else ""
        words = {
            "carta": ("la carta jugada", "the card played"),
            "entrada": ("la entrada en juego de", "the entering play of"),
            "habilidad": ("la habilidad de", "the ability of"),
            "disparada": ("la habilidad disparada de", "the triggered ability of"),
            "dano-directo": ("el daño directo", "the direct damage"),
            "dano-aplicado": ("el daño de combate recibido", "the combat damage taken"),
            "ataque": ("la declaración de ataque", "the attack declaration"),
            "bloqueo": ("la declaración de bloqueo", "the block declaration"),
            "dano": ("el daño de combate", "the combat damage"),
            "inicio-guerra": ("el comienzo de la Guerra de Talismanes", "the start of the Guerra de Talismanes"),
        }.get(item.kind, (item.kind, item.kind))
        return f"{words[0 if lang == 'es' else 1]} {name}".strip()


def release(game: Game, *, windows: bool = False) -> None:
    """Resolve the triggered abilities waiting, in the alternating order (FAQ L574). With ``windows``, an ability
    someone could cancel goes on the stack instead, with the rest of its group after it in the chosen order, so
    that its cancel window opens as it is about to resolve (FAQ L510); turn steps that run on by themselves
    resolve theirs at once."""
    resolve = game.resolve_trigger
    if resolve is None:
        return
    if not windows:
        game.triggers.release(game.res, lambda p: resolve(game, p))
        return
    queued: list[Pending[Triggered]] = []

    def put(pending: Pending[Triggered]) -> None:
        if queued or _answerable(game, pending):
            queued.append(pending)
        else:
            resolve(game, pending)

    game.triggers.release(game.res, put)
    for pending in reversed(queued):
        trig = pending.item
        game.res.push(StackItem(game.position.next_stack_id(), pending.controller, trig.card, "disparada",
                                {"ability": trig.index, "event": dict(trig.event)}))


def _answerable(game: Game, pending: Pending[Triggered]) -> bool:
    probe = StackItem("", pending.controller, pending.item.card, "disparada", {"ability": pending.item.index})
    return any(answers(game, pid, probe) for pid in game.position.players)


def resolve_waiting_trigger(game: Game, item: StackItem) -> None:
    if game.resolve_trigger is not None:
        trig = Triggered(item.source, int(item.data.get("ability", 0)), dict(item.data.get("event", {})))
        game.resolve_trigger(game, Pending(item.controller, f"{item.source}:{trig.index}", item.source, item.source, trig))


def open_direct_damage_window(game: Game) -> None:
    """Window WD (decision direct-damage-window): after the item that dealt direct damage from an opponent's
    effect has resolved, the damaged player may answer it (Arlequín, FAQ L175)."""
    taken = game.position.values.get("dano-directo")
    if not taken:
        return
    game.res.set_value("dano-directo", None)
    for pid, amount in taken.items():
        source = game.opponent(pid)
        item = StackItem(game.position.next_stack_id(), source, "", "dano-directo", {"first": pid, "amount": amount})
        if any(answers(game, p, item) for p in game.position.players):
            game.res.push(item)


RESOLVERS["disparada"] = resolve_waiting_trigger
RESOLVERS["dano-directo"] = lambda game, item: None
