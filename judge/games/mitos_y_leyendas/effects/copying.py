"""Copies: an Aliado that becomes a copy of another (Hodur, Amaru, Loke), and a Talismán that copies the effect of a
Talismán in its controller's Cementerio (Galdar, Justa).

Copying is not playing (FAQ L654-L674): the copied card's requirements to be played and its additional costs are not
the copy's; a copy takes the effect only. What a copied Aliado is while copied is the board's business
(:meth:`Board.define`); when the card leaves play it is a new card and stops being a copy (FAQ L388).
"""

from __future__ import annotations

from typing import Any

from judge.core.position import CardState
from judge.games.mitos_y_leyendas.effects import handler, run_effects, targets_of
from judge.games.mitos_y_leyendas.effects.library import shortfall
from judge.games.mitos_y_leyendas.targets import AbilityContext

ANSWERS = ("anular", "cancelar", "prevenir")


@handler("copiar")
def _copy(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """The source becomes a copy of the target (``mode``: total, fuerza-y-habilidad, habilidad). The strength it
    copies is the printed strength and the permanent bonuses the copied Aliado has now (FAQ L1088, L1108; decision
    hodur-strength); a copied entry ability does not trigger, the source having already entered (FAQ L1108, L1146)."""
    game = ctx.game
    me = ctx.source_card
    cards = targets_of(ctx, effect, path, "¿Qué Aliado copias?", "Which Aliado do you copy?")
    if me is None or not cards:
        return 0
    other = cards[0]
    mode = str(effect.get("mode", "total"))
    strength = (game.board.define(other).strength or 0) + permanent_bonus(ctx, other)
    with game.res.step("copy", ctx.rule, f"{game.label(me)} copia {game.label(other)}",
                       f"{game.label(me, 'en')} copies {game.label(other, 'en')}", card=me.uid):
        entry: dict[str, Any] = {"card": str(game.board.copy_of(other).get("card") or other.card), "mode": mode}
        if mode != "habilidad":
            entry["strength"] = strength
        game.res.set_value("copias", {**game.position.values.get("copias", {}), me.uid: entry})
        if mode != "habilidad":
            game.res.note("copied-strength", "myl.decision.hodur-strength",
                          f"Copia la fuerza impresa y los bonos permanentes: {strength}",
                          f"It copies the printed strength and the permanent bonuses: {strength}", card=me.uid)
    return 1


def permanent_bonus(ctx: AbilityContext, card: CardState) -> int:
    board = ctx.game.board
    if not board.in_play(card):
        return 0
    return sum(int(e.get("amount", 0)) for e in board.effects()
               if e.get("do") == "fuerza" and e.get("mode", "bonus") == "bonus" and e.get("until") == "permanente"
               and board.applies_to(e, card))


def copyable(ctx: AbilityContext) -> list[CardState]:
    """The Talismanes of the controller's Cementerio whose effect can be copied: not one that answers something
    ("en respuesta", an anulación, FAQ L672), not one whose requirement is the moment it is played, which a copy can
    never meet (Tumba de Caballero, FAQ L668; decision galdar-tumba); none while the Cementerio is locked (L656)."""
    game = ctx.game
    if game.board.graveyard_locked(ctx.controller):
        return []
    out = []
    for card in game.in_graveyard(ctx.controller):
        if not card.known or card.uid == ctx.source or game.board.define(card).type != "talisman":
            continue
        plays = game.board.define(card).abilities_of("jugar")
        effects = [e for a in plays for e in a.get("effects", [])]
        if not plays or any(a.get("en-respuesta") or a.get("when") for a in plays) \
                or any(e.get("do") in (*ANSWERS, "copiar-talisman") for e in effects):
            continue
        out.append(card)
    return out


@handler("copiar-talisman")
def _copy_talisman(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Galdar, Justa: the effect of a Talismán of your Cementerio happens as this card's own ("esta carta" is the
    copy: Galdar copying Bendición may shuffle Galdar, FAQ L670); its additional cost is not paid (L666), what its
    effect asks is done (L664)."""
    game = ctx.game
    pool = copyable(ctx)
    if not pool:
        game.res.note("nothing-to-copy", "myl.decision.galdar-tumba", "No hay Talismán que pueda copiarse",
                      "There is no Talismán that can be copied")
        return 0
    chosen = game.choose_cards(ctx.controller, ctx.rule, "¿Qué Talismán copias?", "Which Talismán do you copy?", pool,
                               key="copy")
    effects = [e for a in game.board.define(chosen[0]).abilities_of("jugar") for e in a.get("effects", [])]
    missing = next((m for e in effects if (m := shortfall(ctx, e))), None)
    with game.res.step("copy", ctx.rule, f"Copia el efecto de {game.label(chosen[0])}",
                       f"It copies the effect of {game.label(chosen[0], 'en')}", card=chosen[0].uid):
        if missing:
            game.res.note("not-enough", missing[0], missing[4], missing[3])
            return 0
        return run_effects(ctx, effects, f"{path}c")
