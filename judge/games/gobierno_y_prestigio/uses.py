"""Uses (114): every card may be played twice by each player, once from the hand and once from the discard.

The count is kept per player and card (``usos`` for the player's own cards, ``usos-ajenos`` for cards of others,
114.2 and decision uses-non-owned); what the table shows of it (a tapped card in the discard, a marked card) is
derived from the count (decision uses-display).
"""

from __future__ import annotations

from judge.core.position import CardState
from judge.games.gobierno_y_prestigio.board import USES
from judge.games.gobierno_y_prestigio.game import Game


def _set(game: Game, pid: str, card: CardState, value: int) -> None:
    key = "usos" if card.owner == pid else "usos-ajenos"
    table = dict(game.position.player(pid).values.get(key, {}))
    if value == USES:
        table.pop(card.uid, None)
    else:
        table[card.uid] = value
    game.res.set_player(pid, key, table)


def spend(game: Game, pid: str, card: CardState, *, rule: str, why_es: str = "", why_en: str = "") -> None:
    left = game.board.uses(pid, card)
    if rule == "114.3.a":
        game.res.note("use-last", "gyp.decision.use-spent-when", "El uso se gasta al terminar de jugarla", "The use is spent as the play ends")
    if pid != card.owner:
        game.res.note("foreign-uses", "gyp.decision.uses-non-owned", f"{pid} no es su dueño: cuenta sus propios usos", f"{pid} is not its owner: their own uses count")
    _set(game, pid, card, max(0, left - 1))
    game.res.note("use-spent", rule, f"{pid} gasta un uso de {game.label(card)}{why_es}: le quedan {max(0, left - 1)}",
                  f"{pid} spends a use of {game.label(card, 'en')}{why_en}: {max(0, left - 1)} left")


def recover(game: Game, pid: str, card: CardState) -> None:
    """114.8: the player recovers a use; never more than 2 (114.8.a)."""
    left = game.board.uses(pid, card)
    if left >= USES:
        game.res.note("use-cap", "114.8.a", f"{pid} ya tiene 2 usos de {game.label(card)}: no pasa nada",
                      f"{pid} already has 2 uses of {game.label(card, 'en')}: nothing happens")
        return
    _set(game, pid, card, left + 1)
    game.res.note("use-recovered", "114.8", f"{pid} recupera un uso de {game.label(card)}: tiene {left + 1}",
                  f"{pid} recovers a use of {game.label(card, 'en')}: {left + 1}")


def remove(game: Game, card: CardState) -> None:
    """114.9: the owner loses a use of the card; not below 0 (114.9.a)."""
    left = game.board.uses(card.owner, card)
    if left <= 0:
        if "intrigar" in game.board.keywords(card):
            game.res.note("intrigar", "gyp.decision.intrigar", "Solo para intrigar podría quitarse un uso a 0; intrigar no está en la primera parte",
                          "Only to intrigue could a use be removed at 0; intriguing is not in part 1")
        game.res.note("use-floor", "114.9.a", f"{game.label(card)} no tiene usos: no pasa nada",
                      f"{game.label(card, 'en')} has no uses: nothing happens")
        return
    _set(game, card.owner, card, left - 1)
    game.res.note("use-removed", "114.9", f"{card.owner} pierde un uso de {game.label(card)}: le quedan {left - 1}",
                  f"{card.owner} loses a use of {game.label(card, 'en')}: {left - 1} left")


def shown_tapped(game: Game, card: CardState) -> bool:
    """In the discard a card lies tapped when its owner has no use left (114.6); in play, its own state."""
    if game.board.zone_of(card) == "descarte":
        return game.board.uses(card.owner, card) <= 0
    return bool(card.get("girada", False))
