"""Token creatures (CRIATURAS FICHA): making them from the top of the deck, or from other cards, and flipping a
creature into one."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import amount, player_of
from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext


@handler("make-token")
def _make_token(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    made = 0
    if "target" in e:
        # "Make each … a token creature as if it were the top card of your deck" (KF172-ERR-12, KF172-ERR-17).
        for c in targets(ctx, e, rule="token-creatures"):
            made += int(ctx.game.make_token(pid, c))
        return made
    tokens = []
    for _ in range(amount(ctx, e)):
        deck = ctx.game.position.player(pid).zone("deck")
        top = deck[0] if deck else None
        if not ctx.game.make_token(pid):
            break
        made += 1
        if top is not None:
            tokens.append(top)
    if tokens:
        ctx.remembered = tokens  # "ready it, and have it fight…" (Hordas Interminables, KF172-CARD-70)
    return made


@handler("flip-to-token")
def _flip_to_token(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """The creature is turned face down and becomes a copy of its owner's token creature reference card. It neither
    leaves nor enters play: damage, counters, states and upgrades stay on it (CRIATURAS FICHA; KF172-CARD-62/63/64)."""
    game = ctx.game
    n = 0
    for c in targets(ctx, e, rule="token-creatures"):
        if not game.board.in_play(c) or not game.board.is_creature(c):
            continue
        token = game.position.player(c.owner).values.get("token")
        if not token:
            game.res.note("no-token", "token-creatures", f"{c.owner} no tiene carta de referencia de criatura ficha",
                          f"{c.owner} has no token creature reference card", card=c.uid)
            continue
        with game.res.step("flip-to-token", "token-creatures",
                           f"{game.label(c)} se pone boca abajo: es una criatura ficha de su propietario ({c.owner})",
                           f"{game.label(c, 'en')} is flipped face down: it is its owner's ({c.owner}) token creature",
                           card=c.uid):
            game.res.set_card(c, "token", token)
            game.res.set_card(c, "face-down", True)
        n += 1
    game.check_state()
    return n
