"""What the card picker filters Gobierno & Prestigio cards by, and the names a judge reads for those values.

The game is printed in Spanish only, so a type, color or subtype reads the same in both languages of the board: the
word of the rules (111.3). How the engine reads a card's abilities is :mod:`judge.games.gobierno_y_prestigio.reading`.
"""

from __future__ import annotations

from typing import Any

NAMES = {
    "type": {"mandato": "Mandato", "ciudadano": "Ciudadano", "ciudadana": "Ciudadana", "barco": "Barco",
             "patrimonio": "Patrimonio", "estrategia": "Estrategia", "lider": "Líder", "testimonio": "Testimonio",
             "mejora": "Mejora", "legado": "Legado", "punto-de-gobierno": "Punto de gobierno"},
    "color": {"purpura": "Púrpura", "naranja": "Naranja", "dorado": "Dorado", "verde": "Verde", "azul": "Azul"},
}


def facets(card: Any) -> dict[str, tuple[str, ...]]:
    return {"type": (card.type,), "color": tuple(card.colors), "subtype": tuple(card.subtypes)}


def facet_names(facet: str, value: str) -> dict[str, str]:
    shown = NAMES.get(facet, {}).get(value, value)
    return {"es": shown, "en": shown}
