"""Mitos y Leyendas timing: response windows and the Guerra de Talismanes on the core's priority loop.

What waits to resolve is on the position's stack: the card being played (step 5 of Pasos para jugar una carta),
the window after a card enters play (step 8), an activated ability, a declaration of attack or of blocks, the
resolution of combat damage. In each window every player has **one** answer (FAQ L560: "sólo puedo utilizar una
respuesta por cada acción del juego"), the opponent of whoever made the action first, then that player (step 5);
an answer is itself a card played or an ability activated, with its own window, so the last answer resolves first
(an anulación annulled by another anulación never resolves). The Guerra de Talismanes is a priority loop with
nothing waiting: the defender first, alternating, ending when both players pass one after the other (FAQ L311-L320).

Decisions of this ruleset where the FAQ is silent (listed in ``docs/mitos-y-leyendas-decisions.md``):
- ``myl.decision.window-only-with-a-response``: a window is offered to a player only if the position shows an
  answer they could give (a card in hand, an ability in play); a player with none is passed over, and a window in
  which nobody can answer closes at once. A judge who wants to weigh a card that is not on the table adds it to
  the player's hand.
- ``myl.decision.entry-window-one-answer``: step 8 allows "sólo una carta en respuesta": once one player answers
  the card entering play, the window is closed for both; prevention (step 9) is answered in the same window.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.position import Position, StackItem
from judge.core.resolution import Resolution
from judge.core.timing import Priority
from judge.games.mitos_y_leyendas.game import Game

RESOLVERS: dict[str, Callable[[Game, StackItem], None]] = {}
"""How each kind of waiting item resolves, filled in by the modules that create them (playing, combat)."""

RESPONSES: list[Callable[[Game, str, StackItem | None], list[Any]]] = []
"""Who can answer what: each function lists the plays ``player`` could make now (as answers to ``item``, or in the
Guerra de Talismanes with ``item`` None)."""

WINDOW_RULES = {
    "carta": "pasos-para-jugar-una-carta.5",
    "entrada": "pasos-para-jugar-una-carta.8",
    "habilidad": "cancelacion-de-habilidades",
    "ataque": "batalla-mitologica.declaracion-de-ataque.b",
    "bloqueo": "batalla-mitologica.declaracion-de-bloqueo.b",
    "dano": "batalla-mitologica.asignacion-de-dano.c",
}


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
        first = position.next_player(item.controller)
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
        if position.step == "guerra" and isinstance(war, dict):
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
            if answered.kind == "entrada":
                # Step 8: one answer in all closes the window for both players.
                res.set_item(answered, "answered", list(res.position.players))
            else:
                res.set_item(answered, "answered", [*answered.data.get("answered", []), actor])
        res.set_passed([])
        war = res.position.values.get("guerra")
        if res.position.step == "guerra" and isinstance(war, dict) and not (len(stack) > 1):
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
            res.note("no-answer", "myl.decision.window-only-with-a-response",
                     f"{', '.join(skipped)} no tiene en la posición ninguna respuesta posible",
                     f"{', '.join(skipped)} has no possible answer in the position")
        with game.triggers.resolving():
            RESOLVERS[item.kind](game, item)
        # What the item triggered resolves once it has fully resolved (FAQ L199, L592).
        game.triggers.release(res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)
        game.check_end()

    def all_passed(self, res: Resolution) -> bool:
        war = res.position.values.get("guerra")
        if res.position.step == "guerra" and isinstance(war, dict):
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
            "ataque": ("la declaración de ataque", "the attack declaration"),
            "bloqueo": ("la declaración de bloqueo", "the block declaration"),
            "dano": ("el daño de combate", "the combat damage"),
        }.get(item.kind, (item.kind, item.kind))
        return f"{words[0 if lang == 'es' else 1]} {name}".strip()
