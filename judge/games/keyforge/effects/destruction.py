"""Destruction effects: destroy, sacrifice, and the "instead" replacement that saves a card marked for destruction."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import value
from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext


@handler("destroy")
def _destroy(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = targets(ctx, e, rule="destroyed")
    if "with" in e:
        # "Destroy an enemy creature and a friendly creature": both are chosen, then destroyed at the same time
        # (Quark Letal Rebotante, KF172-CARD-95); the effect happened only if both parts could be applied.
        other = targets(ctx, e, "with", rule="destroyed")
        if not cards or not other:
            if cards or other:
                ctx.game.res.note("no-target", "KF172-CARD-95", "Falta una de las dos criaturas: no se destruye ninguna",
                                  "One of the two creatures is missing: neither is destroyed")
            return 0
        ctx.game.destroy(cards + other)
        return len(cards) + len(other)
    return len(ctx.game.destroy(cards))


@handler("sacrifice")
def _sacrifice(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # COMO SI FUERA TUYO: a card used "as if you controlled it" that tells you to sacrifice it is still destroyed.
    own = [c for c in targets(ctx, e, rule="sacrifice")
           if c.controller == ctx.controller or ctx.game.as_if_yours.get(c.uid) == ctx.controller]
    if "total-power-at-least" in e:
        # "Sacrifice creatures with total power N or more": the chosen creatures are marked together, so their total
        # is their power as they were before any of them left play (ABANDONA EL JUEGO, KF172-CARD-84).
        need = value(ctx, e["total-power-at-least"])
        total = sum(ctx.game.board.power(c) for c in own)
        ctx.game.res.note("total-power", "sacrifice", f"Poder total elegido: {total} (hace falta {need})",
                          f"Total power chosen: {total} ({need} needed)")
        if total < need:
            return 0
    return len(ctx.game.destroy(own, rule="sacrifice", sacrifice=True))


@handler("save")
def _save(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # Only an "instead" replacement removes the mark of a card marked for destruction (DESTRUIDA).
    n = 0
    for c in targets(ctx, e, rule="destroyed"):
        if c.get("marked"):
            with ctx.game.res.step("saved", "replacement-effects",
                                   f"Efecto de sustitución: {ctx.game.label(c)} no es destruida (se retira la marca)",
                                   f"Replacement effect: {ctx.game.label(c, 'en')} is not destroyed (the mark is removed)",
                                   card=c.uid):
                ctx.game.unmark(c)
            n += 1
    return n
