"""Effects that move cards between zones: draw, archive, return to hand, purge, shuffle into the deck, put on top
of it, take at random from a zone, search."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Question
from judge.games.keyforge import playing
from judge.games.keyforge.board import matches
from judge.games.keyforge.conditions import amount, decider, player_of
from judge.games.keyforge.effects import HANDLERS, Handler, ask_cards, entry_order, from_hand, handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import counted, to_zone_es, zone_name


def _move_out(zone: str, rule: str) -> Handler:
    def run(ctx: AbilityContext, e: dict[str, Any]) -> int:
        moved = 0
        done = []
        # "Put it into your archives" (Recolección de Muestras) names the zone explicitly: the controller's, not the
        # owner's (ABANDONA EL JUEGO: "a menos que el efecto de una carta indique explícitamente…").
        to_player = player_of(ctx, e["to"]) if e.get("to") else None
        for c in targets(ctx, e, rule=rule):
            if ctx.game.board.in_play(c):
                if ctx.game.board.is_creature(c) and c.get("ward") and not c.get("marked"):
                    moved += int(ctx.game.leave_play_by_effect(c, zone, rule=rule))
                    continue
                ctx.game.leaves_play(c, zone, rule=rule, to_player=to_player)
                moved += 1
                done.append(c)
            elif ctx.game.move_out(c, to_player or c.owner, zone, rule=rule):
                moved += 1
                done.append(c)
        if done:
            ctx.remembered = done
        return moved
    return run


# PURGAR (l.1308) puts purged cards face down under the identity card, while ZONAS FUERA DE JUEGO (l.1522) says
# they are face up and anyone may look: the position shows them to the judge (the later, more specific rule), and no
# rule here depends on which way they face.
HANDLERS["archive"] = _move_out("archives", "archives")
HANDLERS["return-to-hand"] = _move_out("hand", "return")
_purge = _move_out("purged", "purge")


@handler("purge")
def _purge_remembering(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = _purge(ctx, e)
    if e.get("remember"):
        # "cards purged by this card" (Caja de Spangler): the purged card keeps who purged it.
        for c in ctx.remembered:
            if ctx.game.position.find(c.uid) and ctx.game.position.locate(c.uid)[1] == "purged":
                ctx.game.res.set_card(c, "purged-by", ctx.source)
    return n


@handler("draw")
def _draw(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return ctx.game.draw(player_of(ctx, e.get("player")), amount(ctx, e))


@handler("archive-from-hand")
def _archive_from_hand(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    hand, n = from_hand(ctx, pid, amount(ctx, e), "archiva", "archived")
    if not n:
        return 0
    # Nothing to choose when the whole hand must be archived (a single possible target asks nothing, docs/abilities.md).
    chosen = tuple(c.uid for c in hand) if n == len(hand) else ctx.game.res.ask(Question(
        key="archive", player=decider(ctx, e), rule="archives", prompt_es=f"Elige {counted(n, 'carta', 'cartas')} de tu mano para archivar",
        prompt_en=f"Choose {counted(n, 'card', 'cards')} from your hand to archive",
        options=ctx.game.card_options(hand), min_choices=n, max_choices=n))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    for c in [c for c in hand if c.uid in values]:
        with ctx.game.res.step("archive", "archives", f"Se archiva {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is archived"):
            ctx.game.move_out(c, pid, "archives", rule="archives")
    return n


@handler("archive-top-of-deck")
def _archive_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    top = list(ctx.game.position.player(pid).zone("deck")[: amount(ctx, e)])
    for c in top:
        with ctx.game.res.step("archive", "archives", f"Se archiva {ctx.game.label(c)} desde el mazo",
                               f"{ctx.game.label(c, 'en')} is archived from the deck", card=c.uid):
            ctx.game.move_out(c, pid, "archives", rule="archives")  # "they archive the top card of their deck" (Hidrocatalogador)
    ctx.remembered = top
    return len(top)


@handler("shuffle-into-deck")
def _shuffle_into_deck(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = targets(ctx, e, rule="shuffle")
    owners = []
    for c in cards:
        if ctx.game.board.in_play(c):
            if not ctx.game.leave_play_by_effect(c, "deck", rule="shuffle"):
                continue
        else:
            ctx.game.move_out(c, c.owner, "deck", rule="shuffle")
        owners.append(c.owner)
    for pid in dict.fromkeys(owners):
        ctx.game.shuffle_deck(pid)
    return len(owners)


@handler("put-on-top-of-deck")
def _put_on_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = targets(ctx, e, rule="deck")
    for c in cards:
        if ctx.game.board.in_play(c):
            if not ctx.game.leave_play_by_effect(c, "deck", rule="deck"):
                continue
            ctx.game.res.move(c, c.owner, "deck", 0)  # from the bottom, where leaving play put it, to the top
            continue
        ctx.game.move_out(c, c.owner, "deck", rule="deck", index=0)
    return len(cards)


@handler("random-from-zone")
def _random_from_zone(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Move cards chosen at random from a zone (archive a random card, purge a random archived card): the judge
    reports which card the table's random draw gave."""
    pid = player_of(ctx, e.get("player", "opponent"))
    zone = e.get("zone", "archives")
    if zone == "under":
        # A random card from under this card goes to its owner's zone (Jargogle on the opponent's turn, KF172-CARD-79).
        source = ctx.source_card
        pool = [c for c in (source.attached if source is not None else []) if c.get("under")]
        n = min(amount(ctx, e), len(pool))
        chosen = ask_cards(ctx, pool, key="random-card", rule="archives", low=n, high=n,
                            es=f"¿Qué {'carta sale' if n == 1 else f'{n} cartas salen'} al azar de debajo de {ctx.game.label(source) if source is not None else 'la carta'}?",
                            en=f"Which {'card comes' if n == 1 else f'{n} cards come'} out at random from under {ctx.game.label(source, 'en') if source is not None else 'the card'}?")
        to = e.get("to", "discard")
        for c in chosen:
            with ctx.game.res.step("random-move", "archives", f"{ctx.game.label(c)} (al azar) va {to_zone_es(to)} de su propietario",
                                   f"{ctx.game.label(c, 'en')} (at random) goes to its owner's {zone_name(to, 'en')}", card=c.uid):
                ctx.game.res.set_card(c, "under", False)
                ctx.game.res.set_card(c, "face-down", False)
                ctx.game.move_out(c, c.owner, to, rule="archives")
        ctx.remembered = chosen
        return len(chosen)
    pool = list(ctx.game.position.player(pid).zone(zone))
    n = min(amount(ctx, e), len(pool))
    chosen = ask_cards(ctx, pool, key="random-card", rule="archives" if zone == "archives" else "discard-cards",
                        es=f"¿Qué carta sale al azar de {zone_name(zone)} de {pid}?" if n == 1
                        else f"¿Qué {n} cartas salen al azar de {zone_name(zone)} de {pid}?",
                        en=f"Which card comes out at random from {pid}'s {zone_name(zone, 'en')}?" if n == 1
                        else f"Which {n} cards come out at random from {pid}'s {zone_name(zone, 'en')}?",
                        low=n, high=n)
    to = e.get("to", "discard")
    whose_es, whose_en = (ctx.controller, f"{ctx.controller}'s") if to == "archives" else ("su propietario", "its owner's")
    for c in chosen:
        if to == "purged":
            es, en = f"{ctx.game.label(c)} (al azar) queda purgada", f"{ctx.game.label(c, 'en')} (at random) is purged"
        else:
            es = f"{ctx.game.label(c)} (al azar) va {to_zone_es(to)} de {whose_es}"
            en = f"{ctx.game.label(c, 'en')} (at random) goes to {whose_en} {zone_name(to, 'en')}"
        with ctx.game.res.step("random-move", "archives", es, en, card=c.uid):
            # A card taken at random meets the same replacements as a chosen one (EFECTOS DE SUSTITUCIÓN).
            ctx.game.move_out(c, ctx.controller if to == "archives" else c.owner, to, rule="archives")
    ctx.remembered = chosen
    return len(chosen)


@handler("search")
def _search(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # BUSCAR: the player looks at the zone, may choose not to find, reveals what is found; a whole deck searched is
    # shuffled afterwards (the new order is the table's, reported as an answer).
    game = ctx.game
    pid = player_of(ctx, e.get("player"))
    zones = {"deck-and-discard": ("deck", "discard")}.get(e.get("zone", "deck"), (e.get("zone", "deck"),))
    pool = [c for z in zones for c in game.position.player(pid).zone(z)
            if matches(game.board, {"kind": "card", "filter": e.get("filter", {})}, c, controller=pid, source=None)]
    n = amount(ctx, e)
    with game.res.step("search", "search", f"{pid} busca en {' y '.join(zone_name(z) for z in zones)}",
                       f"{pid} searches their {' and '.join(zone_name(z, 'en') for z in zones)}"):
        found = ask_cards(ctx, pool, key="search", rule="search", es="¿Qué carta encuentras? (puedes no encontrar ninguna)" if n == 1
                           else f"¿Qué cartas encuentras? (hasta {n}; puedes no encontrar ninguna)",
                           en="Which card do you find? (you may find none)" if n == 1
                           else f"Which cards do you find? (up to {n}; you may find none)", low=0, high=min(n, len(pool)))
        to = e.get("to", "hand")
        for c in found:
            game.res.note("reveal", "search", f"Se revela {game.label(c)}", f"{game.label(c, 'en')} is revealed", card=c.uid)
        if to == "play":
            found = entry_order(ctx, found)
        for c in found:
            if to == "play":
                playing.put_into_play(game, c, pid)
            else:
                game.move_out(c, c.owner, to, rule="search")
        if "deck" in zones:
            game.shuffle_deck(pid)
    ctx.remembered = found
    return len(found)
