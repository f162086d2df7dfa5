"""What the board needs to know of Gobierno & Prestigio: how a position is made (zones in the order a judge reads a
table, card states, player values, steps, the words a custom card is written in) and how a card is shown (its
printed facts, and on the battlefield its strength and toughness now)."""

from __future__ import annotations

from typing import Any

from judge.core.errors import UnknownCardError
from judge.core.position import Position
from judge.games.gobierno_y_prestigio import vocabulary
from judge.games.gobierno_y_prestigio.board import CAMPO, Board
from judge.games.gobierno_y_prestigio.catalog import Catalog, CardDef

BOARD_ZONES = ("campo", "pg", "gobierno", "mano", "descarte", "recambio", "fuera-del-juego", "pila")


def _kind(t: Any) -> str:
    return {bool: "bool", int: "int", str: "text", list: "list", dict: "table"}.get(t, "int|list")


def schema(steps: tuple[str, ...], card_state: dict[str, Any], player_values: dict[str, Any]) -> dict[str, Any]:
    return {
        "zones": list(BOARD_ZONES),
        "card_state": {k: _kind(t) for k, t in card_state.items()},
        "player_values": sorted(player_values),
        "steps": list(steps),
        "types": list(vocabulary.TYPES),
        "ability_kinds": dict(vocabulary.ABILITY_KINDS),
        "events": dict(vocabulary.EVENTS),
        "effects": dict(vocabulary.EFFECTS),
        "statics": dict(vocabulary.STATICS),
        "keywords": dict(vocabulary.KEYWORDS),
        "durations": dict(vocabulary.DURATIONS),
        "counted_zones": ["recambio"],
    }


def card_facts(card: CardDef) -> dict[str, Any]:
    return {"id": card.id, "name": {"es": card.name, "en": card.name, "pt": card.name}, "type": card.type,
            "cost": card.cost, "colors": list(card.colors), "subtypes": list(card.subtypes), "strength": card.strength,
            "toughness": card.toughness, "keywords": list(card.keywords), "source": card.source, "custom": bool(card.custom)}


def card_view(cards: Catalog, position: Position) -> dict[str, Any]:
    board = Board(position, cards)
    out: dict[str, Any] = {}
    for player, zone, card in position.all_cards():
        info: dict[str, Any] = {"uid": card.uid, "card": card.card, "id": card.card, "zone": f"{player.id}.{zone}"}
        try:
            info.update(card_facts(cards.lookup(card.card)) if card.known else {"name": {"es": "?", "en": "?", "pt": "?"}})
        except UnknownCardError:
            info["name"] = {"es": card.card, "en": card.card, "pt": card.card}
        if card.known and zone == CAMPO and "name" in info and info.get("strength") is not None:
            info["strength_now"], info["toughness_now"] = board.strength(card), board.toughness(card)
        out[card.uid] = info
    return out
