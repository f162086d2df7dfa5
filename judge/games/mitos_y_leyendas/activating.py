"""Using an activated ability (Habilidad Activada, FAQ L99-L115; the procedure of the rules model §6.2).

The controller declares it and pays its costs (Oro and what its text asks: destroying a card, banishing itself…);
the ability then waits on the stack for its cancel window (FAQ L510), and resolves if nobody cancels it. What the
costs triggered waits until the ability has fully resolved, cancelled or not (decision ``cost-triggers``, FAQ
L594-L600).
"""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.core.timing import act
from judge.games.mitos_y_leyendas import conditions
from judge.games.mitos_y_leyendas.costs import cost_payable, has_targets
from judge.games.mitos_y_leyendas.effects import refuse_incomplete, run_effects
from judge.games.mitos_y_leyendas.board import GRAVEYARD
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.playing import pay
from judge.games.mitos_y_leyendas.responses import used_this_turn
from judge.games.mitos_y_leyendas.targets import AbilityContext
from judge.games.mitos_y_leyendas.timing import Windows


def check_activation(game: Game, card: CardState, index: int, ability: dict[str, Any],
                     responds_to: str | None = None) -> None:
    refuse_incomplete(game, card)
    if game.board.locked():
        raise IllegalPlayError("Vigilia de Armas: no ability can be activated until the Fase Final",
                               rule=game.res.cite("MYL-CARD-76"),
                               es="Vigilia de Armas: no se pueden activar habilidades hasta la Fase Final")
    if ability.get("once-per-turn") and used_this_turn(game, card, index):
        raise IllegalPlayError("this ability is used once per turn and was used this turn",
                               rule=game.res.cite("habilidad-activada.mas-de-una-vez"),
                               es="esta habilidad se usa una vez por turno y ya se usó este turno")
    if not conditions.holds(game.board, card.controller, ability.get("condition")):
        raise IllegalPlayError("what the text of this ability requires does not hold now", rule=game.res.cite("MYL-CARD-93"),
                               es="no se cumple ahora lo que exige el texto de esta habilidad")
    if not cost_payable(game, card, ability, responds_to):
        raise IllegalPlayError("the cost of this ability cannot be paid", rule=game.res.cite("habilidad-activada"),
                               es="el coste de esta habilidad no puede pagarse")
    if not has_targets(game, card, ability, responds_to):
        raise IllegalPlayError("this ability has no valid target: the play is undone", rule=game.res.cite("objetivo-valido"),
                               es="esta habilidad no tiene un objetivo válido: se retrotrae la jugada")


def works_from(game: Game, card: CardState, ability: dict[str, Any]) -> bool:
    """An activated ability works in play, or from the Cementerio if its text says so (Dalai Lama: "desterrar una
    carta de tu Cementerio para poner este Aliado en tu Mano", FAQ L920)."""
    where = "cementerio" if game.board.zone_of(card) in GRAVEYARD else "juego"
    return ability.get("zone", "juego") == where


def usable_here(game: Game, card: CardState, player: str) -> bool:
    """Whether ``player`` may use the abilities of ``card`` where it is: in play under their control, or in their
    own Cementerio (decision out-of-play-controller)."""
    if game.board.in_play(card):
        return card.controller == player
    return game.board.zone_of(card) in GRAVEYARD and card.owner == player


def choose_ability(game: Game, card: CardState, player: str) -> tuple[int, dict[str, Any]]:
    abilities = [(i, a) for i, a in enumerate(game.board.define(card).abilities)
                 if a.get("kind") == "activada" and works_from(game, card, a)]
    if len(abilities) > 1:
        chosen = game.res.ask(Question(key="ability", player=player, rule="habilidad-activada",
                                       prompt_es="¿Qué habilidad activas?", prompt_en="Which ability do you activate?",
                                       options=tuple(Option(str(i), a.get("label", f"#{i}")) for i, a in abilities)))
        abilities = [(i, a) for i, a in abilities if str(i) == chosen]
    return abilities[0]


def activate(game: Game, card: CardState, player: str, rules: Windows | None = None, responds_to: str | None = None) -> None:
    res = game.res
    index, ability = choose_ability(game, card, player)
    check_activation(game, card, index, ability, responds_to)
    with res.step("activate", "habilidad-activada", f"{player} activa la habilidad de {game.label(card)}",
                  f"{player} activates the ability of {game.label(card, 'en')}", card=card.uid):
        if ability.get("once-per-turn"):
            turn = dict(game.position.values.get("turno", {}))
            turn["una-vez"] = [*turn.get("una-vez", []), f"{card.uid}:{index}"]
            res.set_value("turno", turn)
        cost_ctx = AbilityContext(game, card.uid, player, {"responds-to": responds_to}, rule="habilidad-activada")
        with game.triggers.resolving():
            pay(game, player, int(ability.get("oro", 0)))
            run_effects(cost_ctx, ability.get("cost", []), "c")
        waiting = [{"controller": p.controller, "card": p.item.card, "index": p.item.index, "event": p.item.event}
                   for p in game.triggers.waiting]
        game.triggers.waiting = []
        data: dict[str, Any] = {"ability": index}
        if responds_to:
            data["responds-to"] = responds_to
        if waiting:
            data["disparos"] = waiting
        res.push(StackItem(game.position.next_stack_id(), player, card.uid, "habilidad", data))
    act(res, rules or Windows(game), player)
