"""The turn (FAQ L209-L368): Agrupación, Vigilia, the Batalla Mitológica and the Fase Final, and which play each
moment allows.

A play is one action of the player who may act now: the active player in their Agrupación and Vigilia, the
defender when blockers are declared, whoever holds priority in a window or the Guerra de Talismanes.
"""

from __future__ import annotations

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.games.mitos_y_leyendas import steps
from judge.games.mitos_y_leyendas.final import end_effects, final_phase, trigger_bucket
from judge.games.mitos_y_leyendas.game import Game


def regroup(game: Game, *, all_cards: bool) -> None:
    """Fase de Agrupación: a. regroup all that can, or nothing (no partial regroup); b-c. its triggers; d. effects
    "hasta el próximo turno" from earlier turns end. Then the Vigilia begins with its step a."""
    res = game.res
    pid = game.active
    player = game.position.player(pid)
    with res.step("agrupacion", "fase-de-agrupacion", f"Fase de Agrupación de {pid}", f"{pid}'s Fase de Agrupación"):
        with res.step("regroup", "fase-de-agrupacion.a", "Se agrupan todas las cartas" if all_cards else "No se agrupa",
                      "Every card regroups" if all_cards else "Nothing regroups"):
            if all_cards:
                for card in list(player.zone("linea-de-ataque")):
                    res.move(card, pid, "linea-de-defensa", same_object=True)
                for oro in list(player.zone("oro-pagado")):
                    res.move(oro, pid, "reserva-de-oro", same_object=True)
            # Attack eligibility counts from the controller's last Agrupación (FAQ L268), whether or not the cards
            # regrouped in it.
            for card in game.board.aliados(pid):
                if card.get("recien-llegado"):
                    res.set_card(card, "recien-llegado", False)
                    res.set_card(card, "ataca-al-entrar", False)
        trigger_bucket(game, "comienzo-agrupacion", "fase-de-agrupacion.b", "Al comienzo de la Fase de Agrupación",
                       "At the start of the Fase de Agrupación")
        trigger_bucket(game, "en-agrupacion", "fase-de-agrupacion.c", "En la Fase de Agrupación", "In the Fase de Agrupación")
        end_effects(game, ("proximo-turno",), "fase-de-agrupacion.d", earlier_turns_only=True)
    res.set_turn(step=steps.ORO)
    trigger_bucket(game, "comienzo-vigilia", "fase-de-vigilia.a", "Al comienzo de la Fase de Vigilia",
                   "At the start of the Fase de Vigilia")


def used_something(game: Game) -> None:
    """Nota of the Fase de Vigilia (FAQ L248): once a card or an ability is used, step b is over and no Oro can be
    put down."""
    if game.position.step == steps.ORO:
        game.res.set_turn(step=steps.VIGILIA)


def check_oro_drop(game: Game, card: CardState, pid: str) -> None:
    turn = game.position.values.get("turno", {})
    rule = game.res.cite("fase-de-vigilia.b")
    if game.position.step == steps.VIGILIA and pid == game.active and not game.position.stack and not turn.get("oro"):
        raise IllegalPlayError("a card or an ability was already used this Vigilia: no Oro can be put down now",
                               rule=game.res.cite("fase-de-vigilia"),
                               es="ya se usó una carta o una habilidad en esta Vigilia: no se puede bajar Oro")
    if game.position.step != steps.ORO or pid != game.active or game.position.stack:
        raise IllegalPlayError("an Oro is put into the Reserva only by the active player, in step b of the Vigilia",
                               rule=rule, es="un Oro se pone en la Reserva solo por el jugador activo, en el paso b de la Vigilia")
    if turn.get("oro"):
        raise IllegalPlayError("only one Oro from hand per turn", rule=rule, es="solo un Oro de la mano por turno")
    if game.board.define(card).type != "oro":
        raise IllegalPlayError("only an Oro goes to the Reserva de Oro", rule=rule, es="solo un Oro va a la Reserva de Oro")


def end_vigilia(game: Game) -> None:
    """The active player does not attack: the Batalla Mitológica does not happen (FAQ L262)."""
    final_phase(game)


