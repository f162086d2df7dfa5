"""Effects that answer what waits on the stack or change the battle: anular, cancelar, prevenir, regrouping Oros,
cancelling the attack or a block, reducing the damage, and Lilith's silence."""

from __future__ import annotations

from typing import Any

from judge.games.mitos_y_leyendas.effects import HANDLERS, Handler, handler, player_of, targets_of
from judge.games.mitos_y_leyendas.targets import AbilityContext, responded_item


@handler("anular")
def _annul(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Anular (Pasos para jugar una carta, step 5): the card being played never resolves and goes to its owner's
    Cementerio — a Talismán too, even annulled (FAQ L33)."""
    game = ctx.game
    item = responded_item(ctx)
    if item is None or item.kind != "carta":
        game.res.note("nothing-to-annul", "pasos-para-jugar-una-carta.5", "La carta ya no se está jugando: no hay nada que anular",
                      "The card is no longer being played: there is nothing to annul")
        return 0
    card = game.card(item.source)
    assert card is not None
    with game.res.step("annulled", "pasos-para-jugar-una-carta.5", f"{game.label(card)} es anulada",
                       f"{game.label(card, 'en')} is annulled", card=card.uid):
        game.res.remove_from_stack(item)
        game.res.move(card, card.owner, "cementerio")
        if card.controller != card.owner:
            game.res.set_controller(card, card.owner)
    return 1


@handler("cancelar")
def _cancel(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Cancelar (FAQ L510): the ability does nothing; the costs paid to activate it are not recovered."""
    game = ctx.game
    item = responded_item(ctx)
    if item is None or item.kind not in ("habilidad", "disparada"):
        game.res.note("nothing-to-cancel", "cancelacion-de-habilidades", "No hay habilidad que cancelar",
                      "There is no ability to cancel")
        return 0
    with game.res.step("cancelled", "cancelacion-de-habilidades", f"Se cancela la habilidad de {item.source}",
                       f"The ability of {item.source} is cancelled", card=item.source):
        game.res.remove_from_stack(item)
        turn = dict(game.position.values.get("turno", {}))
        turn["cancelaciones"] = [*turn.get("cancelaciones", []), {"player": ctx.controller, "card": item.source,
                                                                  "ability": item.data.get("ability")}]
        game.res.set_value("turno", turn)
        # Costs stay paid, and what paying them triggered still happens (FAQ L510, L514).
        for raw in item.data.get("disparos", []):
            game.triggers.waiting.append(game.pending(raw["controller"], raw["card"], int(raw["index"]), dict(raw["event"])))
    return 1


@handler("prevenir")
def _prevent(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = targets_of(ctx, effect, path, "¿Qué carta proteges?", "Which card do you protect?")
    waiting = list(ctx.game.position.values.get("prevenciones", []))
    for card in cards:
        waiting.append({"target": card.uid, "event": effect.get("event", "destruir")})
    if cards:
        ctx.game.res.set_value("prevenciones", waiting)
    return len(cards)


@handler("agrupar-oro")
def _regroup_oro(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    player = ctx.game.position.player(ctx.controller)
    paid = list(player.zone("oro-pagado"))
    for oro in paid:
        ctx.game.res.move(oro, ctx.controller, "reserva-de-oro", same_object=True)
    return len(paid)


def _battle(word: str) -> Handler:
    def change(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        battle = dict(ctx.game.position.values.get("batalla", {}))
        battle[word] = True
        ctx.game.res.set_value("batalla", battle)
        return 1
    return change


HANDLERS["cancelar-ataque"] = _battle("ataque-cancelado")


@handler("reducir-dano")
def _reduce_damage(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Machitun (FAQ L177): in the Asignación de Daño, the combat damage of the opposing Aliados this turn becomes 0;
    played in response to a card or an ability of the opponent that deals direct damage, that damage becomes 0. Only
    the damage to the castles of the players ``player`` names (its controller's by default) is reduced."""
    game = ctx.game
    players = player_of(ctx, effect.get("player", "you"))
    item = responded_item(ctx)
    if item is not None and item.kind in ("carta", "habilidad", "disparada"):
        turn = dict(game.position.values.get("turno", {}))
        turn["dano-directo-a-0"] = [*turn.get("dano-directo-a-0", []), *([item.source, pid] for pid in players)]
        game.res.set_value("turno", turn)
        return 1
    battle = dict(game.position.values.get("batalla", {}))
    battle["dano-reducido"] = sorted({*battle.get("dano-reducido", []), *players})
    game.res.set_value("batalla", battle)
    return 1


@handler("cancelar-bloqueo")
def _cancel_block(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A cancelled block is removed: its attacker counts as not blocked (decision cancelled-block)."""
    battle = dict(ctx.game.position.values.get("batalla", {}))
    blocks = dict(battle.get("bloqueos", {}))
    attackers = [c for uid in blocks if (c := ctx.game.card(uid)) is not None]
    chosen = ctx.game.choose_cards(ctx.controller, "batalla-mitologica.declaracion-de-bloqueo.b", "¿Qué bloqueo cancelas?",
                                   "Which block do you cancel?", attackers)
    for card in chosen:
        blocks.pop(card.uid)
        ctx.game.res.note("block-cancelled", "myl.decision.cancelled-block",
                          f"Se cancela el bloqueo de {ctx.game.label(card)}: no está bloqueado",
                          f"The block on {ctx.game.label(card, 'en')} is cancelled: it is not blocked", card=card.uid)
    battle["bloqueos"] = blocks
    ctx.game.res.set_value("batalla", battle)
    return len(chosen)


@handler("sin-habilidades-en-batalla")
def _silence(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Lilith: in this battle the opponent cannot use triggered or activated abilities (FAQ L868-L876)."""
    battle = dict(ctx.game.position.values.get("batalla", {}))
    battle["sin-habilidades"] = sorted({*battle.get("sin-habilidades", []), *player_of(ctx, effect.get("player", "opponent"))})
    ctx.game.res.set_value("batalla", battle)
    return 1
