"""Effects on control and on where creatures stand (CONTROL): take control, exchange control, swap, move a creature,
put a card into the battleline."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import player_of
from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext


@handler("take-control")
def _take_control(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = 0
    new = player_of(ctx, e.get("to", "you"))
    for c in targets(ctx, e, rule="control"):
        if c.controller == new:
            continue
        ctx.game.change_control(c, new)
        n += 1
    return n


@handler("exchange-control")
def _exchange_control(ctx: AbilityContext, e: dict[str, Any]) -> int:
    mine = targets(ctx, e, "target", rule="exchange-control")
    theirs = targets(ctx, e, "with", rule="exchange-control")
    if not mine or not theirs:
        return 0
    return int(ctx.game.exchange_control(mine[0], theirs[0]))


@handler("swap")
def _swap(ctx: AbilityContext, e: dict[str, Any]) -> int:
    first = ctx.named("self")
    other = targets(ctx, e, rule="swap")
    if not first or not other:
        return 0
    if first[0].controller != other[0].controller:
        # A creature is only in its controller's battleline: resolved "as if you controlled it", nothing moves it to
        # yours (CONTROL, KF172-GEN-63, KF13-FAQ-27).
        ctx.game.res.note("not-controlled", "control", "Están en líneas de batalla distintas y el control no cambia: no ocurre nada",
                          "They are in different battlelines and control does not change: nothing happens")
        return 0
    return int(ctx.game.swap(first[0], other[0]))


@handler("move-creature")
def _move_creature(ctx: AbilityContext, e: dict[str, Any]) -> int:
    moved = targets(ctx, e, rule="move")
    for c in moved:
        ctx.game.put_creature_into_play(c, c.controller, rule="move", entering=False)
    return len(moved)


@handler("move-to-battleline")
def _move_to_battleline(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Autolegionario: the card goes to a flank of the battleline of the player whose ability this is ("your
    battleline"). A card is only in its controller's battleline: used "as if it were yours", nothing gives you
    control of it, so it does not move (CONTROL, KF172-CARD-12)."""
    game = ctx.game
    n = 0
    for c in targets(ctx, e, rule="move"):
        if not game.board.in_play(c):
            continue
        if c.controller != ctx.controller:
            game.res.note("not-controlled", "control",
                          f"{game.label(c)} no es tuya: no puede entrar en tu línea de batalla sin un cambio de control",
                          f"{game.label(c, 'en')} is not yours: it cannot enter your battleline without a change of control",
                          card=c.uid)
            continue
        with game.res.step("to-battleline", "flank", f"{game.label(c)} se pone en un flanco de la línea de batalla",
                           f"{game.label(c, 'en')} is put on a flank of the battleline", card=c.uid):
            game.put_creature_into_play(c, c.controller, rule="flank", entering=False)
        n += 1
    return n
