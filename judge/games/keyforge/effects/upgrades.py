"""Effects that put cards on or under others: attach an upgrade, graft a card, put cards under a card."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext


@handler("attach")
def _attach(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Move an upgrade in play onto another creature (default: this card, when it is the upgrade). An upgrade
    attached "to" the creature it is already on does not move: nothing happens, and nothing waits for it
    (KF172-GEN-91)."""
    game = ctx.game
    upgrades = targets(ctx, e, rule="upgrades") if "target" in e else ctx.named("self")
    onto = targets(ctx, e, "onto", rule="upgrades")
    if not upgrades or not onto:
        return 0
    upgrade, host = upgrades[0], onto[0]
    if not game.board.in_play(host) or game.position.find(upgrade.uid) is None:
        game.res.note("no-target", "resolve-as-much-as-you-can",
                      f"{game.label(host)} ya no está en juego o {game.label(upgrade)} ya no está: no se vincula",
                      f"{game.label(host, 'en')} is no longer in play or {game.label(upgrade, 'en')} is gone: it is not attached",
                      card=upgrade.uid)
        return 0
    if game.board.host_of(upgrade) is not None and game.board.host_of(upgrade).uid == host.uid:
        game.res.note("already-attached", "upgrades", f"{game.label(upgrade)} ya está vinculada a {game.label(host)}: no pasa nada",
                      f"{game.label(upgrade, 'en')} is already attached to {game.label(host, 'en')}: nothing happens",
                      card=upgrade.uid)
        return 0
    with game.res.step("attach", "upgrades", f"{game.label(upgrade)} se vincula a {game.label(host)}",
                       f"{game.label(upgrade, 'en')} is attached to {game.label(host, 'en')}", card=upgrade.uid):
        game.res.attach(upgrade, host)
    game.fire("attach", card=upgrade, host=host, player=ctx.controller)
    return 1


@handler("graft")
def _graft(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # INJERTAR: the grafted card goes face up under the other card; it is not in play, and goes to its owner's discard
    # pile when the card it is grafted onto leaves play.
    cards = targets(ctx, e, rule="graft")
    onto = targets(ctx, e, "onto", rule="graft")
    if not cards or not onto:
        return 0
    host = onto[0]
    for c in cards:
        with ctx.game.res.step("graft", "graft", f"{ctx.game.label(c)} se injerta en {ctx.game.label(host)}",
                               f"{ctx.game.label(c, 'en')} is grafted onto {ctx.game.label(host, 'en')}", card=c.uid):
            ctx.game.res.attach(c, host)
            ctx.game.res.set_card(c, "grafted", True)
    return len(cards)


@handler("put-under")
def _put_under(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Put cards under a card (face down unless said otherwise): they are not in play and leave with it."""
    cards = targets(ctx, e, rule="put-into-zone")
    hosts = ctx.named("self") if "onto" not in e else targets(ctx, e, "onto", rule="put-into-zone")
    if not cards or not hosts:
        return 0
    for c in cards:
        with ctx.game.res.step("put-under", "put-into-zone", f"{ctx.game.label(c)} se pone debajo de {ctx.game.label(hosts[0])}",
                               f"{ctx.game.label(c, 'en')} is put under {ctx.game.label(hosts[0], 'en')}", card=c.uid):
            ctx.game.res.attach(c, hosts[0])
            ctx.game.res.set_card(c, "under", True)
            if e.get("face-down", True):
                ctx.game.res.set_card(c, "face-down", True)
    return len(cards)
