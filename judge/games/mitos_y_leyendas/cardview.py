"""What the card picker filters Mitos y Leyendas cards by, and the names a judge reads for those values.

The game is printed in Spanish only, so a type or race reads the same in both languages of the board: the word the
rulebook and the FAQ use. The abilities are read back in words by :mod:`judge.games.mitos_y_leyendas.reading`; the
board shows that reading above the FAQ's own words for the card, so a judge can compare the two.
"""

from __future__ import annotations

from typing import Any

TYPE_NAMES = {"aliado": "Aliado", "talisman": "Talismán", "totem": "Tótem", "arma": "Arma", "oro": "Oro"}
# The catalog keys races without accents (they are typed in scenario files); the cards print them with theirs.
RACE_NAMES = {"abominacion": "Abominación", "barbaro": "Bárbaro", "campeon": "Campeón", "licantropo": "Licántropo",
              "chaman": "Chamán", "heroe": "Héroe", "olimpico": "Olímpico", "titan": "Titán", "dragon": "Dragón",
              "faraon": "Faraón"}


def facets(card: Any) -> dict[str, tuple[str, ...]]:
    return {"type": (card.type,), "race": (card.race,) if card.race else ()}


def facet_names(facet: str, value: str) -> dict[str, str]:
    shown = {"type": TYPE_NAMES, "race": RACE_NAMES}.get(facet, {}).get(value, value)
    shown = shown[:1].upper() + shown[1:]
    return {"es": shown, "en": shown}
