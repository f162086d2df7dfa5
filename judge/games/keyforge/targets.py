"""Targets: which cards a target description of the vocabulary can name where the ability looks (in play, a hidden
zone, under its card), the groups of most and least powerful creatures, and asking the player to choose. Whether
one card fits a description is the board's question (:func:`judge.games.keyforge.board.matches`)."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.wording import listed
from judge.games.keyforge.board import matches
from judge.games.keyforge.game import AbilityContext, Game
from judge.games.keyforge.wording import counted, effect_label


def chosen_house(f: dict[str, Any], house: str | None) -> dict[str, Any]:
    """A filter naming "the chosen house" (``house = "chosen"``) with the house the ability's ``choose-house`` named."""
    return {k: (house if k in ("house", "not-house") and v == "chosen" else v) for k, v in f.items()}


def candidates(game: Game, target: dict[str, Any], ctx: AbilityContext) -> list[CardState]:
    board = game.board
    if target.get("filter", {}).get("power-below-each"):
        # "With lower power" than the card the effect is resolving for (the `each` of the effect, KF172-CARD-48).
        each = getattr(ctx, "each", None)
        f = {k: v for k, v in target["filter"].items() if k != "power-below-each"}
        limit = game.board.power(each) - 1 if each is not None else -1
        target = {**target, "filter": {**f, "power-at-most": min(limit, f.get("power-at-most", limit))}}
    if target.get("filter", {}).get("event-house"):
        # "Each artifact of that house": the house the triggering event named (the active house just chosen,
        # Pulpáceo Tecnóvoro, KF172-CARD-92).
        f = {k: v for k, v in target["filter"].items() if k != "event-house"}
        target = {**target, "filter": {**f, "house": ctx.event.get("house")}}
    if "chosen" in (target.get("filter", {}).get("house"), target.get("filter", {}).get("not-house")):
        target = {**target, "filter": chosen_house(target["filter"], ctx.chosen_house)}
    zone = target.get("zone", "play")
    if zone == "play":
        pool = [c for _, z, c in board.position.all_cards() if z in ("battleline", "artifacts")]
        pool = [c for c in pool if c.uid not in game.leaving and not c.get("under") and not c.get("grafted")]
    elif zone == "under":
        # The cards under this card (Jargogle, Plan Maestro): not in play, each with its owner.
        source = ctx.source_card
        pool = [c for c in (source.attached if source is not None else []) if c.get("under")]
    else:
        # A hidden zone (hand, deck, archives) is the controller's own unless the target says otherwise.
        hidden = zone in ("hand", "deck", "archives")
        players = list(board.position.players)
        if hidden and target.get("side", "friendly") != "any":
            players = [board.position.opponent(ctx.controller) if target.get("side") == "enemy" else ctx.controller]
        pool = [c for p in players for c in board.position.player(p).zone(zone)]
        if hidden:
            # Out of play, "their archives" is the zone's player, not the card's owner: a card of yours in your
            # opponent's archives is one of their archived cards (KF172-GEN-07).
            target = {**target, "side": "any"}
    found = [c for c in pool if matches(board, target, c, controller=ctx.controller, source=ctx.source_card,
                                        remembered=ctx.remembered)]
    if target.get("filter", {}).get("not-chosen"):
        found = [c for c in found if c not in ctx.chosen_all]
    if target.get("filter", {}).get("chosen"):
        # Only among the cards the ability chose earlier ("the chosen creature with the lowest power", KF172-CARD-114).
        found = [c for c in found if c in ctx.chosen_all]
    f = target.get("filter", {})
    for key in ("most-powerful", "least-powerful"):
        if f.get(key):
            if f[key] is True:
                # MÁS PODEROSA: every creature tied for the highest power is "the most powerful"; a target that
                # takes one of them is then a choice among them.
                found = board.most_powerful(found) if key == "most-powerful" else board.least_powerful(found)
            else:
                found = _power_group(game, found, int(f[key]), most=key == "most-powerful")
    return found


def _power_group(game: Game, cards: list[CardState], n: int, *, most: bool) -> list[CardState]:
    """The N most (least) powerful cards; ties at the edge of the group are the active player's choice
    (GRUPOS DE "MÁS PODEROSA" / "MENOS PODEROSA", MÁS PODEROSA)."""
    board = game.board
    ranked = sorted(cards, key=lambda c: board.power(c), reverse=most)
    if len(ranked) <= n:
        return ranked
    edge = board.power(ranked[n - 1])
    sure = [c for c in ranked if (board.power(c) > edge if most else board.power(c) < edge)]
    tied = [c for c in ranked if board.power(c) == edge]
    need = n - len(sure)
    if len(tied) == need:
        return sure + tied
    rule = "most-powerful-groups" if most else "least-powerful-groups"
    if n == 1:
        rule = "most-powerful" if most else "least-powerful"
    chosen = game.res.ask(Question(
        key="tie", player=game.active, rule=rule,
        prompt_es=f"Empate en el límite del grupo: elige {need} de las criaturas de Poder {edge}" if n > 1
        else f"Empate: elige una de las criaturas de Poder {edge}",
        prompt_en=f"Tie at the edge of the group: choose {need} of the power-{edge} creatures" if n > 1
        else f"Tie: choose one of the power-{edge} creatures",
        options=tuple(Option(c.uid, board.label(c), board.label(c, "en"), board.define(c).names()) for c in tied),
        min_choices=need, max_choices=need))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    return sure + [c for c in tied if c.uid in values]


def resolve_target(game: Game, spec: Any, ctx: AbilityContext, *, rule: str, verb: str) -> list[CardState]:
    """The cards a target names; asks the active player (JUGADOR ACTIVO), or the ``chooser`` the ability names, when
    it says ``choose``."""
    if isinstance(spec, str):
        return ctx.named(spec)
    if "uids" in spec:
        # Cards a lasting effect named when it was made (where they are now).
        return [found[2] for found in (game.position.find(u) for u in spec["uids"]) if found]
    found = candidates(game, spec, ctx)
    if spec.get("all"):
        return found
    f0 = spec.get("filter", {})
    if verb in ("destroy", "sacrifice") and not (f0.get("most-powerful") or f0.get("least-powerful")):
        # DESTRUIDA: players cannot choose to destroy or sacrifice a card already marked for destruction. A target
        # the card itself names ("the most powerful enemy creature") is no choice: it may be a marked one, and the
        # effect then fails (KF172-GEN-36).
        found = [c for c in found if not c.get("marked")]
    n = spec.get("choose", 1)
    up_to = bool(spec.get("up-to"))
    any_number = n == "any"
    if n == "any":
        n, up_to = len(found), True  # "any number of" (La Ley de la Fuerza): from none to all of them
    if n == 0:
        return []  # an amount of none ("a third of no creatures"): nothing is chosen
    if not found:
        game.res.note("no-target", "resolve-as-much-as-you-can", "No hay objetivo válido: esta parte no tiene efecto",
                      "No valid target: this part has no effect")
        return []
    who = spec.get("chooser", "active")
    chooser = {"controller": ctx.controller, "opponent": game.position.opponent(ctx.controller)}.get(who, game.active)
    if not up_to and len(found) <= n:
        if len(found) == 1 or n >= len(found):
            names = listed([game.board.label(c) for c in found])
            names_en = listed([game.board.label(c, "en") for c in found], "en")
            if len(found) == 1:
                game.res.note("forced-target", rule, f"Único objetivo posible: {names}", f"Only possible target: {names_en}")
            else:
                game.res.note("forced-target", rule, f"Son todos los objetivos posibles: {names}",
                              f"These are all the possible targets: {names_en}")
            game.forced_choice("target", rule, found, chooser)
            return found
    options = tuple(Option(c.uid, game.board.label(c), game.board.label(c, "en"),
                           aliases=game.board.define(c).names()) for c in found)
    f = spec.get("filter", {})
    key = "target"
    for tie in ("most-powerful", "least-powerful"):
        if f.get(tie) is True:
            # Several creatures tie for "the most powerful": the active player chooses (MÁS PODEROSA).
            key, rule = "tie", tie
    if up_to and key == "target":
        # "Any number" / "up to N": whoever chooses picks how many, and none is allowed (CUALQUIER NÚMERO).
        if any_number:
            game.res.note("any-number", "any-number", f"«Cualquier número»: de ninguno a {n}",
                          f"'Any number': from none to {n}")
        else:
            game.res.note("any-number", "any-number", f"«Hasta {n}»: puede ser ninguno", f"'Up to {n}': none is allowed")
    question = Question(
        key=key, player=chooser, rule=rule,
        prompt_es=f"Elige {'hasta ' if up_to else ''}{counted(n, 'objetivo', 'objetivos')} para «{effect_label(verb)}»"
        + (" (puede ser ninguno)" if up_to else ""),
        prompt_en=f"Choose {'up to ' if up_to else ''}{counted(n, 'target', 'targets')} to {effect_label(verb, 'en')}"
        + (" (none is allowed)" if up_to else ""),
        options=options, min_choices=0 if up_to else n, max_choices=n,
    )
    chosen = game.res.ask(question)
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    return [c for c in found if c.uid in values]
