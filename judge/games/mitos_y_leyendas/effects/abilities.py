"""How an ability resolves once nothing stops it: a triggered ability when its turn comes, an activated one when
its cancel window closes (Habilidad Activada, FAQ L99-L115), with what its costs triggered after it."""

from __future__ import annotations

from judge.core.position import StackItem
from judge.core.timing import Pending
from judge.games.mitos_y_leyendas import conditions
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.effects import refuse_incomplete, run_effects
from judge.games.mitos_y_leyendas.game import Game, Triggered
from judge.games.mitos_y_leyendas.targets import AbilityContext
from judge.games.mitos_y_leyendas.timing import RESOLVERS


def resolve_triggered(game: Game, pending: Pending[Triggered]) -> None:
    trig = pending.item
    card = game.card(trig.card)
    if card is None:
        return
    ability = trig.event.get("texto") or game.board.define(card).abilities[trig.index]
    refuse_incomplete(game, card)
    ctx = AbilityContext(game, trig.card, pending.controller, trig.event, rule="habilidad-disparada")
    with game.res.step("ability", "habilidad-disparada", f"Habilidad disparada de {game.label(card)}",
                       f"Triggered ability of {game.label(card, 'en')}", card=card.uid):
        if not tg.has_valid_targets(ctx, ability.get("effects", [])):
            # A triggered ability with no valid target does nothing: "entraría sin disparar su habilidad" (FAQ L688,
            # L702, L706; decision target-outcome-by-kind).
            with game.res.step("no-target", "myl.decision.target-outcome-by-kind",
                               "No tiene objetivo válido: no tiene efecto", "It has no valid target: it has no effect"):
                for shielded, rule in tg.shielded(ctx, ability.get("effects", [])):
                    game.res.note("not-a-valid-target", rule,
                                  f"{game.label(shielded)} no puede ser afectado por este efecto: no es un objetivo válido",
                                  f"{game.label(shielded, 'en')} cannot be affected by this effect: it is not a valid target",
                                  card=shielded.uid)
            return
        if ability.get("once-per-turn"):
            game.use_once(card, trig.index)
        if not conditions.holds(game.board, pending.controller, ability.get("condition")):
            # Diomira: the condition is checked as each ability resolves (FAQ L830, L838-L840).
            game.res.note("condition-not-met", "MYL-CARD-93", "No se cumple su condición: no ocurre nada",
                          "Its condition is not met: nothing happens")
            return
        if ability.get("may") and not game.ask_yes_no(pending.controller, "habilidad-disparada",
                                                      f"¿Usas la habilidad de {game.label(card)}?",
                                                      f"Do you use the ability of {game.label(card, 'en')}?"):
            return
        run_effects(ctx, ability.get("effects", []))
    game.check_end()


def release_cost_triggers(game: Game, item: StackItem) -> None:
    """The abilities the costs triggered join those the ability triggered, to resolve after it."""
    for raw in item.data.get("disparos", []):
        game.triggers.waiting.append(game.pending(raw["controller"], raw["card"], int(raw["index"]), dict(raw["event"])))


def resolve_ability(game: Game, item: StackItem) -> None:
    card = game.card(item.source)
    if card is not None:
        ability = game.board.define(card).abilities[int(item.data.get("ability", 0))]
        ctx = AbilityContext(game, card.uid, item.controller, {"responds-to": item.data.get("responds-to")},
                             rule="habilidad-activada")
        with game.res.step("ability", "habilidad-activada", f"Se resuelve la habilidad de {game.label(card)}",
                           f"The ability of {game.label(card, 'en')} resolves", card=card.uid):
            run_effects(ctx, ability.get("effects", []))
    release_cost_triggers(game, item)


RESOLVERS["habilidad"] = resolve_ability
