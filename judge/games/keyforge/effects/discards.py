"""Discarding cards (DESCARTAR CARTAS): at random or chosen from a hand, from the top of a deck (both players' in
the active player's order), or from wherever the chosen cards are."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.wording import listed
from judge.games.keyforge import playing
from judge.games.keyforge.board import matches
from judge.games.keyforge.conditions import amount, player_of
from judge.games.keyforge.effects import ask_cards, from_hand, handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import counted


@handler("discard-random")
def _discard_random(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player", "opponent"))
    hand, n = from_hand(ctx, pid, amount(ctx, e), "descarta", "discarded")
    if not n:
        return 0
    # A random card is not the engine's to pick: the judge reports which card the table's random draw gave.
    chosen = ctx.game.res.ask(Question(
        key="random-card", player=pid, rule="discard-cards",
        prompt_es=f"¿Qué carta se descarta al azar de la mano de {pid}?" if n == 1
        else f"¿Qué {n} cartas se descartan al azar de la mano de {pid}?",
        prompt_en=f"Which card is discarded at random from {pid}'s hand?" if n == 1
        else f"Which {n} cards are discarded at random from {pid}'s hand?",
        options=ctx.game.card_options(hand), min_choices=n, max_choices=n))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    picked = [c for c in hand if c.uid in values]
    # A card discarded at random is discarded from hand like a chosen one: the same replacements, the same "after a
    # card is discarded" effects (DESCARTAR CARTAS, EFECTOS DE SUSTITUCIÓN).
    for c in picked:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)} (al azar)",
                               f"{ctx.game.label(c, 'en')} is discarded (at random)", card=c.uid):
            playing.discarded_from_hand(ctx.game, c, pid, together=len(picked) > 1)
    if len(picked) > 1:
        playing.after_discarded_together(ctx.game, picked, pid)
    ctx.remembered = picked
    return n


@handler("discard-top-of-deck")
def _discard_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    if e.get("player") == "each":
        return _discard_top_each(ctx, e)
    pid = player_of(ctx, e.get("player"))
    deck = ctx.game.position.player(pid).zone("deck")
    top = list(deck[: amount(ctx, e)])
    for c in top:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)} del mazo",
                               f"{ctx.game.label(c, 'en')} is discarded from the deck", card=c.uid):
            ctx.game.move_out(c, c.owner, "discard", rule="discard-cards")
    ctx.remembered = top
    return len(top)


def _discard_top_each(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """DESCARTAR CARTAS: "if an ability tells both players to discard cards, the active player decides which player
    discards first"; that player reveals every card to discard, the active player puts them on the owner's discard
    pile in the order they choose; then the other player does the same. A player with no card to discard is skipped
    (nothing to decide about them)."""
    game = ctx.game
    n = amount(ctx, e)
    players = [p for p in game.position.players if game.position.player(p).zone("deck")]
    if len(players) > 1:
        first = game.res.ask(Question(
            key="discard-first", player=game.active, rule="discard-cards",
            prompt_es="¿Qué jugador descarta primero?", prompt_en="Which player discards first?",
            options=tuple(Option(p, p, p) for p in players)))
        players = [first] + [p for p in players if p != first]
    done: list[CardState] = []
    for pid in players:
        top = list(game.position.player(pid).zone("deck")[:n])
        cards_es, cards_en = ("las cartas", "the cards") if len(top) > 1 else ("la carta", "the card")
        game.res.note("reveal", "discard-cards",
                      f"{pid} revela {cards_es} que descarta: {listed([game.label(c) for c in top])}",
                      f"{pid} reveals {cards_en} to discard: {listed([game.label(c, 'en') for c in top], 'en')}")
        if len(top) > 1:
            # The first card answered goes on the pile first (it ends up under the others).
            top = ask_cards(ctx, top, key="discard-order", rule="discard-cards",
                             es=f"¿En qué orden van a la pila de descartes las cartas de {pid}?",
                             en=f"In which order do {pid}'s cards go to the discard pile?", low=len(top), high=len(top))
        for c in top:
            with game.res.step("discard", "discard-cards", f"Se descarta {game.label(c)} del mazo",
                               f"{game.label(c, 'en')} is discarded from the deck", card=c.uid):
                game.move_out(c, c.owner, "discard", rule="discard-cards")
        done += top
    ctx.remembered = done
    return len(done)


@handler("discard-from-hand")
def _discard_from_hand(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """A chosen discard: the active player (or the named chooser) picks the cards."""
    pid = player_of(ctx, e.get("player"))
    hand = [c for c in ctx.game.position.player(pid).zone("hand")
            if matches(ctx.game.board, {"kind": "card", "filter": e.get("filter", {})}, c, controller=pid, source=None)]
    n = min(amount(ctx, e), len(hand))
    if n == len(hand):
        chosen = list(hand)  # no choice: every card that can be discarded is
    else:
        chosen = ask_cards(ctx, hand, key="discard", rule="discard-cards",
                            es=f"Elige {counted(n, 'carta', 'cartas')} de la mano de {pid} para descartar",
                            en=f"Choose {counted(n, 'card', 'cards')} from {pid}'s hand to discard", low=n, high=n)
    for c in chosen:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is discarded",
                               card=c.uid):
            playing.discarded_from_hand(ctx.game, c, pid, together=len(chosen) > 1)
    if len(chosen) > 1:
        # Discarded at once: their "Desguazar:" abilities resolve afterwards, in the active player's order (DESGUAZAR).
        playing.after_discarded_together(ctx.game, chosen, pid)
    ctx.remembered = chosen
    return len(chosen)


@handler("discard")
def _discard(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Discard chosen cards from where they are (DESCARTAR CARTAS). A card only looked at and not discarded stays
    where it was: Reconocimiento's other card stays on top of the deck (KF172-CARD-98)."""
    cards = targets(ctx, e, rule="discard-cards")
    n = 0
    done = []
    from_hand: dict[str, list[CardState]] = {}
    several = sum(1 for c in cards if ctx.game.board.zone_of(c)[1] == "hand") > 1
    for c in cards:
        holder, zone = ctx.game.position.locate(c.uid)[0].id, ctx.game.board.zone_of(c)[1]
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)}",
                               f"{ctx.game.label(c, 'en')} is discarded", card=c.uid):
            if zone == "hand":
                playing.discarded_from_hand(ctx.game, c, holder, together=several)
                from_hand.setdefault(holder, []).append(c)
            elif ctx.game.board.in_play(c):
                if not ctx.game.leave_play_by_effect(c, "discard", rule="discard-cards"):
                    continue
            elif not ctx.game.move_out(c, c.owner, "discard", rule="discard-cards"):
                continue  # a replacement sent it elsewhere: it was not discarded (KF172-GEN-07)
        n += 1
        done.append(c)
    if several:
        # Discarded at once: their "Desguazar:" abilities resolve afterwards, in the active player's order (DESGUAZAR).
        for holder, discarded in from_hand.items():
            playing.after_discarded_together(ctx.game, discarded, holder)
    ctx.remembered = done  # "each card discarded this way" (Dysania): only the cards that were (KF172-GEN-07)
    return n
