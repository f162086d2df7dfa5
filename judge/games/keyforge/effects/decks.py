"""Effects on a deck's cards: put a card on the bottom, look at the top cards and share them out, discard from the
top until a card of a kind turns up."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.board import matches
from judge.games.keyforge.conditions import amount, player_of, value
from judge.games.keyforge.effects import ask_cards, handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import counted


@handler("put-on-bottom-of-deck")
def _put_on_bottom(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """The cards go under their owners' decks (a warded creature stays in play instead, ESCUDAR)."""
    done = []
    for c in targets(ctx, e, rule="deck"):
        if ctx.game.board.in_play(c):
            if ctx.game.leave_play_by_effect(c, "deck", rule="deck"):  # leaving play for a deck puts it at the bottom
                done.append(c)
        elif ctx.game.move_out(c, c.owner, "deck", rule="deck"):
            done.append(c)
    if done:
        ctx.remembered = done
    return len(done)


@handler("look-at-top")
def _look_at_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """The player looks at the top cards of their deck and shares them out as the ability says — so many into the
    hand, the archives, the bottom of the deck, the discard pile (``"all"``: every card left) — in that order; the
    others go back on top in the order the active player chooses. Only the cards looked at can go anywhere."""
    game = ctx.game
    pid = player_of(ctx, e.get("player"))
    top = list(game.position.player(pid).zone("deck")[: amount(ctx, e)])
    if not top:
        game.res.note("no-target", "resolve-as-much-as-you-can", f"El mazo de {pid} está vacío: no hay nada que mirar",
                      f"{pid}'s deck is empty: there is nothing to look at")
        return 0
    game.res.note("look", "deck", f"{pid} mira {counted(len(top), 'carta', 'cartas')} de encima de su mazo",
                  f"{pid} looks at the top {counted(len(top), 'card', 'cards')} of their deck")
    left = list(top)
    for where, es, en in (("hand", "a la mano", "into the hand"), ("archive", "a los archivos", "into the archives"),
                          ("bottom", "debajo del mazo", "on the bottom of the deck"),
                          ("discard", "a la pila de descartes", "into the discard pile")):
        if where not in e or not left:
            continue
        n = len(left) if e[where] == "all" else min(value(ctx, e[where]), len(left))
        chosen = left if n == len(left) else ask_cards(
            ctx, left, key="look-at-top", rule="deck", low=n, high=n,
            es=f"¿Qué {counted(n, 'carta va', 'cartas van')} {es}?", en=f"Which {counted(n, 'card goes', 'cards go')} {en}?")
        for c in list(chosen):
            left.remove(c)
            if where == "hand":
                game.res.move(c, pid, "hand")
            elif where == "archive":
                game.res.move(c, pid, "archives")
            elif where == "bottom":
                game.res.move(c, c.owner, "deck")
            else:
                game.res.move(c, c.owner, "discard")
    if len(left) > 1:
        # "Put them back in any order": the first card answered ends on top.
        order = ask_cards(ctx, left, key="deck-order", rule="deck", low=len(left), high=len(left),
                          es="¿En qué orden vuelven encima del mazo (la primera, arriba)?",
                          en="In which order do they go back on top (the first one on top)?")
        for i, c in enumerate(order):
            game.res.move(c, pid, "deck", i)
    return len(top)


@handler("discard-until")
def _discard_until(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Discard the deck's top card, one at a time, until a card matching ``filter`` is discarded or the deck runs out;
    ``it`` is then that card (what follows says what becomes of it)."""
    game = ctx.game
    pid = player_of(ctx, e.get("player"))
    found = None
    discarded = 0
    while game.position.player(pid).zone("deck"):
        card = game.position.player(pid).zone("deck")[0]
        with game.res.step("discard", "discard-cards", f"Se descarta {game.label(card)} del mazo",
                           f"{game.label(card, 'en')} is discarded from the deck", card=card.uid):
            game.res.move(card, card.owner, "discard")
        discarded += 1
        if matches(game.board, {"kind": "card", "filter": e.get("filter", {})}, card, controller=ctx.controller,
                   source=ctx.source_card):
            found = card
            break
    if found is None:
        game.res.note("not-found", "discard-cards", "Ninguna carta descartada cumple: no hay más que hacer",
                      "No card discarded matches: there is nothing more to do")
        return 0
    ctx.remembered = [found]
    return 1
