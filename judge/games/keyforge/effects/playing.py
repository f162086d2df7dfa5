"""Effects that play cards or put them into play (JUGAR CARTAS, PONER EN JUEGO): play the top card of the deck or
a chosen card, put cards into play, return purged cards, resolve a card's bonus icons as if it were played."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge import playing
from judge.games.keyforge.conditions import player_of
from judge.games.keyforge.effects import ask_cards, entry_order, handler, targets
from judge.games.keyforge.game import AbilityContext


@handler("play-top-of-deck")
def _play_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    deck = ctx.game.position.player(ctx.controller).zone("deck")
    if not deck:
        ctx.game.res.note("no-target", "deck", "El mazo está vacío", "The deck is empty")
        return 0
    return int(playing.play_from_effect(ctx.game, deck[0], origin="deck"))


@handler("play-card")
def _play_card(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Play a card from wherever the target finds it (the discard pile, under another card): the play procedure
    applies, the house does not matter, and a card that cannot be played stays where it was."""
    cards = targets(ctx, e, rule="play-cards")
    if len(cards) > 1:
        # HABILIDADES "JUGAR:": several cards an ability plays from a zone are played one by one, in the order the
        # active player chooses (each one fully, its "Jugar:" included, before the next).
        cards = ask_cards(ctx, cards, key="play-order", rule="play-abilities",
                           es="¿En qué orden se juegan las cartas?", en="In which order are the cards played?",
                           low=len(cards), high=len(cards))
    played = 0
    for c in cards:
        if c.get("under"):
            ctx.game.res.set_card(c, "under", False)
            ctx.game.res.set_card(c, "face-down", False)
        played += int(playing.play_from_effect(ctx.game, c, origin=ctx.game.board.zone_of(c)[1]))
    return played


@handler("put-into-play")
def _put_into_play(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = entry_order(ctx, targets(ctx, e, rule="put-into-zone"))
    at = None
    if e.get("at") == "event-position" and ctx.event.get("position") is not None:
        # "in Gebuk's position in the battleline": where the card the event is about stood before it left play.
        at = int(ctx.event["position"])
    for c in cards:
        playing.put_into_play(ctx.game, c, player_of(ctx, e.get("player")), index=at)
        if e.get("ready") and ctx.game.board.in_play(c) and c.get("exhausted"):
            # "put it into play ready" (Huevo de Saurio, KF172-GEN-30)
            with ctx.game.res.step("ready", "ready-and-exhausted", f"{ctx.game.label(c)} entra preparada",
                                   f"{ctx.game.label(c, 'en')} enters ready", card=c.uid):
                ctx.game.res.set_card(c, "exhausted", False)
    return len(cards)


@handler("return-purged")
def _return_purged(ctx: AbilityContext, e: dict[str, Any]) -> int:
    purged = [c for p in ctx.game.position.players.values() for c in p.zone("purged") if c.get("purged-by") == ctx.source]
    kind = e.get("kind")
    returned = 0
    coming = [c for c in purged if kind != "creature" or ctx.game.board.define(c).is_creature]
    ordered = entry_order(ctx, coming) if len(coming) > 1 else coming
    for c in [c for c in purged if c not in coming] + ordered:
        if kind == "creature" and not ctx.game.board.define(c).is_creature:
            # A token creature purged reverted to its printed type: a card that is no longer a creature cannot return
            # as one and stays purged (KF172-CARD-61, General Sherman).
            ctx.game.res.note("stays-purged", "token-creatures",
                              f"{ctx.game.label(c)} ya no es una criatura: no vuelve al juego y sigue purgada",
                              f"{ctx.game.label(c, 'en')} is no longer a creature: it does not return and stays purged",
                              card=c.uid)
            continue
        ctx.game.res.set_card(c, "purged-by", 0)
        playing.put_into_play(ctx.game, c, c.owner, exhausted=bool(e.get("exhausted")),
                              keep_controller=bool(e.get("under-owner")))
        returned += 1
    return returned


@handler("resolve-bonus-icons")
def _resolve_bonus_icons(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Reveal a card and resolve its bonus icons as if it had been played (Alférez El-Samra): the card stays where it
    is, and whatever stops bonus icons of played cards stops these too (KF172-GEN-59)."""
    n = 0
    for c in targets(ctx, e, rule="play-cards"):
        icons = ctx.game.board.bonus_icons(c)
        with ctx.game.res.step("reveal", "play-cards", f"Se revela {ctx.game.label(c)}: sus iconos se resuelven como si se jugara",
                               f"{ctx.game.label(c, 'en')} is revealed: its icons resolve as if it were played", card=c.uid):
            # As a played card's icons: the next card played after Flor de Fisión includes this one (Ultragravitrón,
            # KF172-GEN-58).
            playing.resolve_bonus_icons(ctx.game, c, icons, rule="play-cards")
        n += len(icons)
    return n
