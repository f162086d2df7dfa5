"""Effects on a card's state: stun, exhaust, ready, enrage, ward, and +1 power counters."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import amount
from judge.games.keyforge.effects import HANDLERS, Handler, handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import counted


def _set_flag(flag: str, value_: bool, rule: str, es: str, en: str) -> Handler:
    def run(ctx: AbilityContext, e: dict[str, Any]) -> int:
        n = 0
        for c in targets(ctx, e, rule=rule):
            if bool(c.get(flag)) == value_:
                ctx.game.res.note("no-change", rule, f"{ctx.game.label(c)} ya está {es}", f"{ctx.game.label(c, 'en')} is already {en}", card=c.uid)
                continue
            with ctx.game.res.step(flag, rule, f"{ctx.game.label(c)} queda {es}", f"{ctx.game.label(c, 'en')} is {en}", card=c.uid):
                ctx.game.res.set_card(c, flag, value_)
            n += 1
        return n
    return run


HANDLERS["stun"] = _set_flag("stun", True, "stun", "aturdida", "stunned")
HANDLERS["exhaust"] = _set_flag("exhausted", True, "exhaust", "agotada", "exhausted")
HANDLERS["ready"] = _set_flag("exhausted", False, "ready-and-exhausted", "preparada", "ready")
HANDLERS["enrage"] = _set_flag("enrage", True, "enrage", "enfurecida", "enraged")
HANDLERS["ward"] = _set_flag("ward", True, "ward", "escudada", "warded")
HANDLERS["unstun"] = _set_flag("stun", False, "stun", "sin aturdir", "not stunned")
"""Removing a stun by an effect (not by using the creature): the creature is not used and nothing else happens."""


@handler("add-power")
def _add_power(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = amount(ctx, e)
    for c in targets(ctx, e, rule="power-counters"):
        with ctx.game.res.step("power", "power-counters", f"{ctx.game.label(c)} obtiene {counted(n, 'contador', 'contadores')} de +1 poder",
                               f"{ctx.game.label(c, 'en')} gets {counted(n, '+1 power counter', '+1 power counters')}", card=c.uid):
            ctx.game.res.set_card(c, "power", int(c.get("power", 0)) + n)
    return n
