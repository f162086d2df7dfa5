"""Counters on cards: putting them on and taking them off. A counter is named (``time``, ``doom``, ``warrant``…) and
kept on the card as the state ``counter-<name>``; ``power`` names the +1 power counters."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import amount
from judge.games.keyforge.effects import handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import counted


def counter_key(name: str) -> str:
    """The card state a counter is kept in."""
    return "power" if name == "power" else f"counter-{name}"


@handler("add-counter")
def _add_counter(ctx: AbilityContext, e: dict[str, Any]) -> int:
    name = str(e.get("name", ""))
    n = amount(ctx, e)
    cards = targets(ctx, e, rule="power-counters")
    for c in cards:
        with ctx.game.res.step("counter", "power-counters", f"{ctx.game.label(c)} recibe {counted(n, 'contador', 'contadores')} «{name}»",
                               f"{ctx.game.label(c, 'en')} gets {counted(n, f'{name} counter', f'{name} counters')}", card=c.uid):
            ctx.game.res.set_card(c, counter_key(name), int(c.get(counter_key(name), 0)) + n)
    return n * len(cards)


@handler("remove-counter")
def _remove_counter(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Take counters off (as many as there are, up to the amount; ``"all"``: every one); what follows counts how many
    were removed ("for each counter removed this way")."""
    name = str(e.get("name", ""))
    removed = 0
    for c in targets(ctx, e, rule="power-counters"):
        there = int(c.get(counter_key(name), 0))
        n = there if e.get("amount") == "all" else min(there, amount(ctx, e))
        if not n:
            ctx.game.res.note("no-counter", "power-counters", f"{ctx.game.label(c)} no tiene contadores «{name}»",
                              f"{ctx.game.label(c, 'en')} has no {name} counters", card=c.uid)
            continue
        with ctx.game.res.step("counter", "power-counters", f"Se quitan {counted(n, 'contador', 'contadores')} «{name}» de {ctx.game.label(c)}",
                               f"{counted(n, f'{name} counter', f'{name} counters')} removed from {ctx.game.label(c, 'en')}",
                               card=c.uid):
            ctx.game.res.set_card(c, counter_key(name), there - n)
        removed += n
    return removed
