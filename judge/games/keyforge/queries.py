"""What a KeyForge scenario expectation can name beyond every game's paths (:mod:`judge.core.paths`): a player's
forged keys and key cost now, and a card as it is now — its power (and what it is made of), armor, houses, keywords,
traits, type and bonus icons, every constant and lasting effect applied."""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core import paths
from judge.core.position import CardState, Position
from judge.games.keyforge.board import Board
from judge.games.keyforge.positions import CARD_STATE, PLAYER_VALUES, ZONES
from judge.games.keyforge.vocabulary import KEYWORDS

CARD_NOW = ("power", "armor", "houses", "keywords", "traits", "type", "icons", "power-breakdown")
"""What a card path reads as the card is now (the core's ``type``, ``traits`` and ``keywords`` are as printed)."""


def query(position: Position, path: str, board: Board, card_id: Callable[[str], str], attached_key: str) -> Any:
    head, _, rest = path.partition(".")
    if head in position.players:
        if rest == "keys":
            return board.forged_keys(head)
        if rest == "key-cost":
            return board.key_cost(head)
        if rest == "has-house":
            return position.player(head).values.get("house") is not None
        if rest == "hand-size":
            return board.hand_size(head)
    elif rest in CARD_NOW and path not in ("active", "turn", "step", "winner") and not path.startswith("values."):
        return card_now(board, paths.find_card(position, head, card_id), rest)
    return paths.query(position, path, paths.Words(
        zones=ZONES, player_values={v: 0 if v in ("amber", "chains") else None for v in PLAYER_VALUES},
        card_state=CARD_STATE, attached=attached_key, attached_zone="upgrade", card_id=card_id, define=board.define))


def card_now(board: Board, card: CardState, what: str) -> Any:
    if what == "power":
        return board.power(card)
    if what == "power-breakdown":
        return board.power_breakdown(card)
    if what == "armor":
        return board.armor(card)
    if what == "houses":
        return sorted(board.houses(card))  # the houses it belongs to now (Ladrón Ofidio, KF172-CARD-81)
    if what == "keywords":
        # Gained and lost ones counted, written as a card file writes them ("assault 3").
        found = [(k, board.keyword(card, k)) for k in sorted(KEYWORDS)]
        return [k if n == 1 else f"{k} {n}" for k, n in found if n]
    if what == "traits":
        return sorted(board.traits(card))
    if what == "type":
        return "creature" if board.is_creature(card) else board.define(card).type
    return list(board.bonus_icons(card))
