"""What an ability's words refer to as it resolves: who "you", "your opponent" and "the owner" are, who decides
(JUGADOR ACTIVO), the values an amount can count (æmber, keys, cards in a zone, what happened this turn, what the
previous effect did) and whether a condition holds."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.board import matches
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.standing import key_forged_for
from judge.games.keyforge.targets import candidates


def decider(ctx: AbilityContext, effect: dict[str, Any]) -> str:
    """Who makes a decision of this effect: the active player (JUGADOR ACTIVO), unless the ability names someone
    (``chooser = "controller"`` / ``"opponent"`` — "your opponent chooses")."""
    who = effect.get("chooser")
    if who == "controller":
        return ctx.controller
    if who == "opponent":
        return ctx.game.position.opponent(ctx.controller)
    return ctx.game.active


def player_of(ctx: AbilityContext, who: str | None) -> str:
    if who in (None, "you", "controller"):
        return ctx.controller
    if who == "opponent":
        return ctx.game.position.opponent(ctx.controller)
    if who == "active":
        return ctx.game.active
    if who == "owner":
        card = ctx.source_card
        return card.owner if card else ctx.controller
    if who in ("its-controller", "its-owner"):
        # "Its controller loses 1" — of the card the previous effect named, as it was when named. With no card named
        # there is no such player: an effect about them is ignored before this (run_effect), a condition about them
        # does not hold and a value of theirs is 0 (see named_player); the ability's controller is left only to a
        # caller that could not tell.
        return named_player(ctx, who) or ctx.controller
    if who == "chosen":
        return ctx.chosen_player or ctx.controller
    raise ValueError(who)


ITS_PLAYERS = ("its-controller", "its-owner")
"""Player words about the card the previous effect named: with no card named, they are about nobody."""


def named_player(ctx: AbilityContext, who: str) -> str | None:
    """The controller or owner (``its-controller`` / ``its-owner``) of the card the previous effect named, as it was
    when named; None when no card was named — no player is "its controller" then (RESUELVE TODO LO QUE PUEDAS)."""
    cards = ctx.named("it")
    if not cards:
        return None
    return cards[0].controller if who == "its-controller" else cards[0].owner


def _about_nobody(ctx: AbilityContext, x: Any) -> bool:
    """Whether a condition speaks of "its controller" or "its owner" (a player word or a value of theirs) while no card
    was named."""
    if isinstance(x, dict):
        return any(_about_nobody(ctx, v) for v in x.values())
    if isinstance(x, list):
        return any(_about_nobody(ctx, v) for v in x)
    return isinstance(x, str) and x.partition(".")[0] in ITS_PLAYERS and not ctx.named("it")


def value(ctx: AbilityContext, expr: Any) -> int:
    if isinstance(expr, int):
        return expr
    if isinstance(expr, dict) and "max" in expr and "houses" not in expr:
        # "… to a maximum of 4": the amount, capped.
        return min(value(ctx, {k: v for k, v in expr.items() if k != "max"}), int(expr["max"]))
    if isinstance(expr, dict) and "divide" in expr:
        # "Half of their Æmber (rounding down)", "one third of the enemy creatures": the amount, divided.
        whole = value(ctx, {k: v for k, v in expr.items() if k not in ("divide", "round")})
        parts = int(expr["divide"])
        return -(-whole // parts) if expr.get("round") == "up" else whole // parts
    if isinstance(expr, dict):
        times = int(expr.get("times", 1))
        if "houses" in expr:
            # "for each house represented among …", up to `max` (No Confíes en Nadie).
            found = candidates(ctx.game, {**expr["houses"], "all": True}, ctx)
            houses = set().union(*(ctx.game.board.houses(c) for c in found)) if found else set()
            return times * min(len(houses), int(expr.get("max", len(houses))))
        if "count" in expr:
            return times * len(candidates(ctx.game, {**expr["count"], "all": True}, ctx))
        if "sum-amber" in expr:
            # "For each Æmber on friendly Hastatus Raptors": the Æmber on every matching card, added up.
            return times * sum(int(c.get("amber", 0)) for c in candidates(ctx.game, {**expr["sum-amber"], "all": True}, ctx))
        if "traits" in expr:
            # "For each trait that creature has" (Entropic Swirl): the traits of the card a name gives, as it is now.
            cards = ctx.named(str(expr["traits"]))
            return times * (len(ctx.game.board.traits(cards[0])) if cards else 0)
        if "value" in expr:
            return times * value(ctx, expr["value"])
        if "sum" in expr:
            # Several amounts added up (Fragua de Obsidiana: the key costs 6 more, less 1 per creature destroyed
            # this way, KF172-GEN-29); a part with times = -1 is taken away.
            return times * sum(value(ctx, part) for part in expr["sum"])
    if expr == "done":
        # What the previous effect did (how many cards it actually destroyed, moved…): "destroyed this way" counts a
        # warded creature that was not destroyed out (KF172-GEN-29).
        done = int(getattr(ctx, "done", 0))
        ctx.game.res.note("this-way", "in-this-way", f"«De este modo»: lo que hizo el efecto anterior de esta habilidad ({done})",
                          f"'In this way': what the previous effect of this ability did ({done})")
        return done
    if isinstance(expr, str):
        who, _, what = expr.partition(".")
        if who in ITS_PLAYERS and named_player(ctx, who) is None:
            # Decision (the rulebook is silent): a value of "its controller" or "its owner" when no card was named is
            # the value of nobody, 0 — not the ability's controller's (RESUELVE TODO LO QUE PUEDAS ignores an effect
            # about nobody; an amount about nobody counts nothing).
            ctx.game.res.note("no-target", "resolve-as-much-as-you-can",
                              f"Decisión: ninguna carta nombrada, «{expr}» es de nadie: cuenta 0",
                              f"Decision: no card was named, '{expr}' is nobody's: it counts 0")
            return 0
        if who in ("you", "opponent", "chosen", *ITS_PLAYERS):
            pid = player_of(ctx, who)
            if what == "amber":
                return ctx.game.amber(pid)
            if what == "keys":
                return ctx.game.board.forged_keys(pid)
            if what in ("hand", "deck", "discard", "archives"):
                return len(ctx.game.position.player(pid).zone(what))
            if what == "unforged-keys":
                return 3 - ctx.game.board.forged_keys(pid)
            if what == "key-cost":
                return ctx.game.board.key_cost(pid)
            if what == "chains":
                return int(ctx.game.position.player(pid).values.get("chains", 0))
            if what in ("fights", "friendly-destroyed", "discards", "plays", "destroyed-in-fight", "forged"):
                # What happened this turn (the position keeps these counts for the turn in progress).
                return int(ctx.game.position.values.get("this-turn", {}).get(f"{pid}.{what}", 0))
            if what == "forged-last-turn":
                return int(ctx.game.position.values.get("last-turn", {}).get(f"{pid}.forged", 0))
        if who == "event" and what == "amount":
            # How much the triggering event was about: damage prevented or dealt, Æmber (Maruck el Señalado).
            return int(ctx.event.get("amount", 0))
        if who in ("self", "it", "event-card"):
            cards = ctx.named(who)
            if what == "count":
                return len(cards)  # how many cards the previous effect named ("for each card discarded this way")
            if what in ("aember-icons", "bonus-icons"):
                # The bonus icons on the cards named ("steal 1 for each bonus icon on the discarded card"), added up.
                icons = [i for c in cards for i in ctx.game.board.bonus_icons(c)]
                return len(icons) if what == "bonus-icons" else icons.count("aember")
            card = cards[0] if cards else None
            if card is None:
                return 0  # nothing named ("half its power" when no creature was chosen): no amount
            if what == "power":
                if not ctx.game.board.in_play(card) and card.uid in ctx.game.last_known:
                    # A card that left play during the ability: its power as it last was (ABANDONA EL JUEGO).
                    return int(ctx.game.last_known[card.uid]["power"])
                return ctx.game.board.power(card)
            if what in ("amber", "damage", "power-counters"):
                return int(card.get({"power-counters": "power"}.get(what, what), 0))
            if what.startswith("counter-"):
                return int(card.get(what, 0))  # a named counter ("for each time counter on it")
    raise ValueError(f"unknown value {expr!r}")


def amount(ctx: AbilityContext, effect: dict[str, Any], default: int = 1) -> int:
    raw = effect.get("amount", default)
    return value(ctx, raw) if raw != "all" else 10**6


def condition(ctx: AbilityContext, cond: dict[str, Any]) -> bool:
    if cond.get("always"):
        return True
    if "not" in cond:
        return not condition(ctx, cond["not"])
    if "all" in cond:
        return all(condition(ctx, c) for c in cond["all"])
    if "any" in cond:
        return any(condition(ctx, c) for c in cond["any"])
    if _about_nobody(ctx, cond):
        # Decision (the rulebook is silent): a condition about "its controller" or "its owner" when no card was named
        # (Tendrils from Beyond with no creature to choose) is about a player who does not exist: it does not hold,
        # negated or not — it is not read as about the ability's controller. A value of theirs elsewhere counts 0.
        ctx.game.res.note("condition-false", "resolve-as-much-as-you-can",
                          "Decisión: ninguna carta nombrada, la condición trata de un jugador que no existe: no se cumple",
                          "Decision: no card was named, the condition is about a player who does not exist: it does not hold")
        return False
    if "controls" in cond:
        return bool(candidates(ctx.game, {**cond["controls"], "all": True, "side": "friendly"}, ctx))
    if "house-is-chosen" in cond or "house-not-chosen" in cond:
        # Whether the named card (a card revealed) is of the house named earlier in the ability; with no card named
        # neither holds — there is no card "not of the named house" (Llave Falsificada with an empty hand: decision).
        cards = ctx.named(cond.get("house-is-chosen") or cond.get("house-not-chosen"))
        if not cards or ctx.chosen_house is None:
            return False
        hit = any(ctx.chosen_house in ctx.game.board.houses(c) for c in cards)
        return hit if "house-is-chosen" in cond else not hit
    if "share-house" in cond:
        # About cards that may have left play: their houses as they last were in play (ABANDONA EL JUEGO).
        cards = ctx.named(cond["share-house"])
        houses = [ctx.game.last_known_houses(c) for c in cards]
        return len(houses) >= 2 and bool(set.intersection(*houses))
    if "compare" in cond:
        left, op, right = cond["compare"]
        a, b = value(ctx, left), value(ctx, right)
        return {">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b, "==": a == b, "!=": a != b}[op]
    if "turn" in cond:
        # Whose turn it is: "yours" (the ability's controller is the active player) or "opponents".
        mine = ctx.game.active == ctx.controller
        return mine if cond["turn"] == "yours" else not mine
    if "tide" in cond:
        # MAREA: high for the player who raised it last, low for the other; neutral at the start of the game.
        tide = ctx.game.position.values.get("tide")
        pid = player_of(ctx, cond.get("for", "you"))
        state = "neutral" if not tide else ("high" if tide == pid else "low")
        return state == cond["tide"]
    if "key-forged" in cond:
        # "If your red key is forged" (LLAVES): keys listed by colour in the position.
        return key_forged_for(ctx.game.position, ctx.controller, cond["key-forged"], cond.get("player", "you"))
    if "haunted" in cond:
        # EMBRUJADO: a player with 10 or more cards in their discard pile.
        pid = player_of(ctx, cond["haunted"])
        return len(ctx.game.position.player(pid).zone("discard")) >= 10
    if "count-at-least" in cond:
        spec, n = cond["count-at-least"]
        return len(candidates(ctx.game, {**spec, "all": True}, ctx)) >= n
    if "exists" in cond:
        return bool(candidates(ctx.game, {**cond["exists"], "all": True}, ctx))
    if "named-match" in cond:
        # The cards a named target gives ("that card", it) all match a filter (Tiburón de Neutrones: whether the
        # discarded card belongs to a house other than Logos).
        spec = cond["named-match"]
        cards = ctx.named(spec.get("target", "it"))
        f = spec.get("filter", {})
        if f.get("most-powerful") or f.get("least-powerful"):
            # MÁS PODEROSA / MENOS PODEROSA: "the most powerful enemy creature" is one of the creatures in play of the
            # highest power among those the filter and `side` describe (every one tied for it), not any creature
            # (Baldric el Bravo: the creature it fights).
            group = candidates(ctx.game, {"all": True, "kind": "creature", "side": spec.get("side", "any"), "filter": f}, ctx)
            return bool(cards) and all(any(g.uid == c.uid for g in group) for c in cards)
        return bool(cards) and all(matches(ctx.game.board, {"kind": "card", "filter": f}, c,
                                           controller=ctx.controller, source=ctx.source_card) for c in cards)
    if "not-exists" in cond:
        return not candidates(ctx.game, {**cond["not-exists"], "all": True}, ctx)
    raise ValueError(f"unknown condition {cond!r}")
