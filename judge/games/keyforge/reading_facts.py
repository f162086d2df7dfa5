"""A KeyForge card as the board shows it beside its chip and in the card picker: the engine's reading of it in both
languages, what of it is not encoded, the names a judge reads for its house, type, keywords and bonus icons, the
values it is filtered by, and the lasting effects a position holds on it.

All of it comes from the catalog's facts and the vocabulary; the printed text of a card is never stored or shown.
"""

from __future__ import annotations

import re
from typing import Any

from judge.core.kept import per_definition
from judge.core.wording import LANGS
from judge.games.keyforge.incomplete import missing_text
from judge.games.keyforge.reading import TYPES, card_lines, constant_text
from judge.games.keyforge.reading_parts import duration, keyword
from judge.games.keyforge.vocabulary import CONSTANT_EFFECTS, DURATIONS, KEYWORDS
from judge.games.keyforge.wording import HOUSE_NAMES, ICON_NAMES



def both(read: Any) -> dict[str, Any]:
    """``read(lang)`` in Spanish and in English."""
    return {lang: read(lang) for lang in LANGS}


def pair(names: dict[str, tuple[str, str]], value: str) -> dict[str, str]:
    """A word of the game by its name in each language (its own spelling, capitalized, when it has none)."""
    es, en = names.get(value, (value.capitalize(), value.capitalize()))
    return {"es": es, "en": en}


def trait_name(trait: str) -> dict[str, str]:
    # The card data set gives traits in English only: both languages show the trait as printed in English.
    shown = trait[:1].upper() + trait[1:]
    return {"es": shown, "en": shown}


def reading(card: Any) -> dict[str, Any]:
    """What the board adds to a card's facts: the engine's reading, what is not encoded, and the names of its house,
    type, keywords, bonus icons and traits, each in Spanish and English."""
    # Every position the board checks shows its cards again, and a definition never changes: read each once.
    return dict(_reading(card))


@per_definition()
def _reading(card: Any) -> dict[str, Any]:
    missing = "; ".join(card.missing())
    return {
        "reading": both(lambda lang: card_lines(card, lang)),
        "incomplete": both(lambda lang: missing_text(missing, lang)) if missing else None,
        "house_name": pair(HOUSE_NAMES, card.house),
        "type_name": pair(TYPES, card.type),
        "keywords_named": both(lambda lang: [keyword(k, v, lang) for k, v in card.keywords]),
        "bonus_named": both(lambda lang: [pair(ICON_NAMES, b)[lang] for b in card.bonus]),
        "traits_named": both(lambda lang: [trait_name(t)[lang] for t in card.traits]),
    }


def facets(card: Any) -> dict[str, tuple[str, ...]]:
    """The values the card picker filters this card by: every house it belongs to, its traits, its type."""
    return {"house": tuple(card.houses) or (card.house,), "trait": tuple(card.traits), "type": (card.type,)}


def facet_names(facet: str, value: str) -> dict[str, str]:
    """How a judge reads a value of a filter: houses and types by their names in each language."""
    if facet == "house":
        return pair({**HOUSE_NAMES, "none": ("Sin Casa", "No house")}, value)
    if facet == "type":
        return pair(TYPES, value)
    return trait_name(value)


def lasting_on(position: Any, uid: str) -> list[dict[str, str]]:
    """The lasting effects of ``position`` on the card ``uid`` (those whose target names it), each read in Spanish
    and English («Durante el resto del turno, esta carta obtiene +2 de poder.»), with its place in
    ``values.lasting``."""
    found = []
    for index, entry in enumerate(position.values.get("lasting", []) or []):
        if not isinstance(entry, dict) or uid not in _uids(entry):
            continue
        found.append({"index": index, **both(lambda lang, e=entry: lasting_text(e, lang))})
    return found


def lasting_text(entry: dict[str, Any], lang: str) -> str:
    """A lasting effect a position holds on a card, as a sentence: how long it lasts, then what it does to the card."""
    when = duration(str(entry.get("duration", "turn")), lang)
    what = constant_text({**entry["effect"], "target": "self"}, lang)
    return f"{when[:1].upper()}{when[1:]}, {what}."


def _uids(entry: dict[str, Any]) -> list[str]:
    """The cards a lasting effect's constant effect names (by uid once the position is checked, or as written)."""
    effect = entry.get("effect")
    if not isinstance(effect, dict) or not effect.get("modify"):
        return []
    target = effect.get("target")
    if isinstance(target, dict):
        return [str(u) for u in target.get("uids", [])]
    if isinstance(target, str):
        return [target]
    return [str(t) for t in target] if isinstance(target, list) else []


def lasting_vocabulary() -> dict[str, list[dict[str, Any]]]:
    """What the board's form for a lasting effect offers: each duration and each constant effect of the vocabulary,
    named in both languages as the reading phrases them, an effect with the parameters its description names."""
    durations = [{"value": d, "name": both(lambda lang, d=d: duration(d, lang))} for d in sorted(DURATIONS)]
    effects = [{"value": k, "params": re.findall(r"`([a-z-]+)`", meaning),
                "name": both(lambda lang, k=k: _sample(k, lang))}
               for k, meaning in sorted(CONSTANT_EFFECTS.items())]
    keywords = [{"value": k, "name": both(lambda lang, k=k: keyword(k, 0, lang))} for k in sorted(KEYWORDS)]
    return {"durations": durations, "effects": effects, "keywords": keywords}


def _sample(modify: str, lang: str) -> str:
    # A constant effect read with amount 1 on "this card"; the parameters the form leaves blank read as nothing.
    return re.sub(r"\s+", " ", constant_text({"modify": modify, "amount": 1, "target": "self"}, lang)).strip(" :")
