"""What the board needs to know of Mitos y Leyendas: how a position is made (zones in the order a judge reads a
table, card states, steps, the words a custom card is written in) and how a card is shown (its printed facts, the
engine's reading of its abilities, and in play its strength now)."""

from __future__ import annotations

from typing import Any

from judge.core.catalog import card_views
from judge.core.position import Position
from judge.games.mitos_y_leyendas import cardview, vocabulary
from judge.games.mitos_y_leyendas.board import IN_PLAY, LINES, Board
from judge.games.mitos_y_leyendas.catalog import Catalog, CardDef
from judge.games.mitos_y_leyendas.reading import reading

BOARD_ZONES = ("linea-de-ataque", "linea-de-defensa", "linea-de-apoyo", "reserva-de-oro", "oro-pagado", "mano",
               "castillo", "cementerio", "permanentes", "destierro", "removida", "jugando")


STACK_KINDS = ("carta", "habilidad", "disparada", "entrada", "ataque", "bloqueo", "dano", "dano-aplicado")
"""What may wait to resolve: a card being played, an ability, what a combat leaves for the other player to answer."""


def schema(steps: tuple[str, ...], card_state: dict[str, type]) -> dict[str, Any]:
    return {
        "zones": list(BOARD_ZONES),
        "card_state": {k: ("bool" if t is bool else "int") for k, t in card_state.items()},
        "player_values": [],
        "card_fields": [
            {"key": "type", "kind": "choice", "options": list(vocabulary.TYPES)},
            {"key": "cost", "kind": "int", "min": 0},
            {"key": "strength", "kind": "int", "min": 0},
            {"key": "race", "kind": "text"},
        ],
        # a castle is known only by its count until a card of it matters
        "new_position": {"active": "p1", "turn": 1, "step": "vigilia.c-d",
                         "players": {"p1": {"castillo": 40, "mano": []}, "p2": {"castillo": 40}}},
        "stack": True,
        "stack_kinds": list(STACK_KINDS),
        "hand_zone": "mano",
        "steps": list(steps),
        "types": list(vocabulary.TYPES),
        "ability_kinds": dict(vocabulary.ABILITY_KINDS),
        "triggers": dict(vocabulary.TRIGGERS),
        "effects": dict(vocabulary.EFFECTS),
        "grants": dict(vocabulary.GRANTS),
        "durations": dict(vocabulary.DURATIONS),
        "counted_zones": ["castillo", "mano"],
    }


def card_facts(card: CardDef) -> dict[str, Any]:
    return {"id": card.id, "name": {"es": card.name, "en": card.name, "pt": card.name}, "type": card.type,
            "type_name": cardview.facet_names("type", card.type),
            "cost": card.cost, "strength": card.strength, "race": card.race, "edition": card.edition,
            "source": card.source, "text": card.text, "errata": card.errata,
            "incomplete": {lang: card.incomplete_in(lang) for lang in ("es", "en")} if card.incomplete else None,
            "custom": bool(card.custom), "reading": reading(card)}


def card_view(cards: Catalog, position: Position) -> dict[str, Any]:
    board = Board(position, cards)
    out = card_views(cards, position, card_facts)
    for _, zone, card in position.all_cards():
        if card.known and zone in IN_PLAY and zone in LINES:
            out[card.uid]["strength_now"] = board.strength(card)
    return out
