"""Damage effects: deal damage (gathered with the ability's other damage, or dealt at once when what follows
depends on it) and heal."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import amount, value
from judge.games.keyforge.effects import flush_damage, handler, run_effects, targets
from judge.games.keyforge.game import AbilityContext


@handler("deal-damage")
def _deal_damage(ctx: AbilityContext, e: dict[str, Any]) -> int:
    hit = targets(ctx, e, rule="damage")
    n = amount(ctx, e)
    hits = [(c, n) for c in hit]
    if e.get("splash"):
        splash = value(ctx, e["splash"])
        for c in hit:
            hits.extend((nb, splash) for nb in ctx.game.board.neighbors(c) if nb not in hit)
    ctx.pending_damage.extend(hits)
    if e.get("if-destroyed"):
        # Something that follows only when this damage destroys the creature: the damage is dealt now, and what follows acts on the creatures
        # it destroyed (where they went; a hidden zone puts them out of reach).
        before = {c.uid: (c.stamp, ctx.game.board.in_play(c)) for c in hit}
        flush_damage(ctx)
        # Destroyed: it left play — also one an "after a creature is destroyed" effect has already put back into play,
        # a new card which "that creature" no longer names (ABANDONA EL JUEGO).
        destroyed = [c for c in hit if not ctx.game.board.in_play(c) or c.stamp != before[c.uid][0]]
        if destroyed:
            ctx.remember(destroyed, as_they_were=before)
            run_effects(ctx, e["if-destroyed"])
        else:
            ctx.game.res.note("not-destroyed", "if-you-do", "El daño no destruyó a la criatura: lo siguiente no ocurre",
                              "The damage did not destroy the creature: what follows does not happen")
        return len(destroyed)
    if e.get("if-not-destroyed"):
        # "If it is not destroyed, …": what follows acts on the damaged creatures still in play.
        flush_damage(ctx)
        survivors = [c for c in hit if ctx.game.board.in_play(c)]
        if survivors:
            ctx.remembered = survivors
            run_effects(ctx, e["if-not-destroyed"])
        else:
            ctx.game.res.note("destroyed", "if-you-do", "El daño destruyó a la criatura: lo siguiente no ocurre",
                              "The damage destroyed the creature: what follows does not happen")
        return len(survivors)
    if e.get("then"):
        return sum(flush_damage(ctx).values())
    return len(hits)


@handler("heal")
def _heal(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return sum(ctx.game.heal(c, e.get("amount", 1) if e.get("amount") == "all" else amount(ctx, e))
               for c in targets(ctx, e, rule="heal"))
