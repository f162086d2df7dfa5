"""What the board needs to know of Gobierno & Prestigio: how a position is made (zones in the order a judge reads a
table, card states, player values, steps, the words a custom card is written in) and how a card is shown (its
printed facts, the engine's reading of its abilities, and on the battlefield its strength and toughness now)."""

from __future__ import annotations

from typing import Any

from judge.core.catalog import card_views
from judge.core.position import Position
from judge.games.gobierno_y_prestigio import cardview, reading, vocabulary
from judge.games.gobierno_y_prestigio.board import CAMPO, Board
from judge.games.gobierno_y_prestigio.catalog import Catalog, CardDef

BOARD_ZONES = ("campo", "pg", "gobierno", "mano", "descarte", "recambio", "fuera-del-juego", "pila")


def _kind(t: Any) -> str:
    return {bool: "bool", int: "int", str: "text", list: "list", dict: "table"}.get(t, "int|list")


STACK_KINDS = ("orden", "copia", "activada", "disparada")


def schema(steps: tuple[str, ...], card_state: dict[str, Any], player_values: dict[str, Any]) -> dict[str, Any]:
    return {
        "zones": list(BOARD_ZONES),
        "card_state": {k: _kind(t) for k, t in card_state.items()},
        # in the discard a card shows whether its owner has a use of it left (114.4)
        "states_out_of_play": ["girada", "boca-abajo"],
        "player_values": sorted(player_values),
        "player_fields": [
            {"key": "prestigio", "kind": "int", "min": 0, "max": 99},
            {"key": "riqueza", "kind": "int", "min": 0, "max": 99},
            {"key": "reserva", "kind": "int", "min": 0, "max": 99},
            {"key": "pg-adelantado", "kind": "bool"},
            {"key": "perdio", "kind": "bool"},
        ],
        "card_fields": [
            {"key": "type", "kind": "choice", "options": list(vocabulary.TYPES)},
            {"key": "cost", "kind": "int", "min": 0},
            {"key": "colors", "kind": "flags", "options": list(vocabulary.COLORS)},
            {"key": "subtypes", "kind": "list"},
            {"key": "strength", "kind": "int", "min": 0},
            {"key": "toughness", "kind": "int", "min": 0},
            {"key": "leadership", "kind": "int", "min": 0},
            {"key": "keywords", "kind": "flags", "options": sorted(vocabulary.KEYWORDS)},
        ],
        "new_position": {"active": "p1", "turn": 3, "step": "paso-de-mando", "priority": "p1",
                         "players": {"p1": {"pg": ["PG", "PG", "PG"], "mano": []}, "p2": {"pg": ["PG", "PG", "PG"]}}},
        "stack": True,
        "stack_kinds": list(STACK_KINDS),
        "hand_zone": "mano",
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
    """A card's printed facts and the engine's reading of its abilities, in Spanish and English (a custom card too)."""
    return {"id": card.id, "name": {"es": card.name, "en": card.name, "pt": card.name}, "type": card.type,
            "type_name": cardview.facet_names("type", card.type),
            "cost": card.cost, "colors": list(card.colors), "subtypes": list(card.subtypes), "strength": card.strength,
            "toughness": card.toughness, "keywords": list(card.keywords), "source": card.source, "custom": bool(card.custom),
            **reading.reading(card)}


def card_view(cards: Catalog, position: Position) -> dict[str, Any]:
    board = Board(position, cards)
    out = card_views(cards, position, card_facts)
    for _, zone, card in position.all_cards():
        info = out[card.uid]
        if card.known and zone == CAMPO and "name" in info and info.get("strength") is not None:
            info["strength_now"], info["toughness_now"] = board.strength(card), board.toughness(card)
    return out
