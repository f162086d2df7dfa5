"""What the engine says when it is about to use an ability of a card it does not fully know.

A card whose abilities the vocabulary cannot express yet carries ``incomplete`` — on the card (nothing of it can be
trusted: it is refused whenever its abilities are read) or on one ability (``{ trigger = "play", incomplete = "…" }``:
refused only when that ability would resolve, or, for a constant ability, while the card is in play). What is
missing is written as one of the concepts of :mod:`judge.games.keyforge.missing`, so that a judge reads it in their
language and the cards waiting for the same word of the vocabulary can be found together; a custom card may write any
other text, shown as written.

The refusal tells the judge how to go on: define the card in the position as a custom card, which takes the place
of the catalog's card of the same id.
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import IncompleteCardError
from judge.games.keyforge.missing import MISSING
from judge.games.keyforge.wording import TRIGGER_LABELS


def missing_text(missing: str, lang: str = "es") -> str:
    """What is missing, in the judge's language: each concept named, any other text as written."""
    parts = [p.strip() for p in missing.split(";") if p.strip()]
    return "; ".join((MISSING[p][1] if lang == "en" else MISSING[p][0]) if p in MISSING else p for p in parts)


TRIGGER_NAMES: dict[str, tuple[str, str]] = {
    **{t: (f"«{es}:»", f"'{en}:'") for t, (es, en) in TRIGGER_LABELS.items()},
    "leaves-play": ("la habilidad al abandonar el juego", "the ability on leaving play"),
    "constant": ("la habilidad constante", "the constant ability"), "after": ("la habilidad desencadenada", "the triggered ability"),
    "start-of-turn": ("la habilidad del inicio del turno", "the start-of-turn ability"),
    "end-of-turn": ("la habilidad del final del turno", "the end-of-turn ability"),
    "would-forge": ("la habilidad al ir a forjar", "the ability when a key would be forged"),
}
"""How the refusal names an ability: by the heading its card prints, or by when it applies."""


def refusal(card: Any, ability: dict[str, Any] | None = None) -> IncompleteCardError:
    """The refusal to rule on ``card`` (a card definition): on one of its abilities, or on the whole card."""
    missing = str(ability.get("incomplete", "")) if ability is not None else "; ".join(card.missing())
    es_missing, en_missing = missing_text(missing, "es"), missing_text(missing, "en")
    if ability is not None:
        es_what, en_what = TRIGGER_NAMES.get(str(ability.get("trigger")), ("una habilidad", "an ability"))
        es_head = f"El motor no puede resolver {es_what} de {card.name('es')}"
        en_head = f"The engine cannot rule on {en_what} of {card.name('en')}"
    else:
        es_head = f"El motor no puede resolver las habilidades de {card.name('es')}"
        en_head = f"The engine cannot rule on the abilities of {card.name('en')}"
    if getattr(card, "custom", False):
        es_how = (f"completa su definición en la posición, [cards.{card.id}], con sus habilidades escritas en el "
                  f"vocabulario de habilidades (docs/abilities.md)")
        en_how = (f"complete its definition in the position, [cards.{card.id}], with its abilities written in the "
                  f"ability vocabulary (docs/abilities.md)")
    else:
        es_how = (f"define la carta en la posición como carta propia, [cards.{card.id}], con sus habilidades escritas "
                  f"en el vocabulario de habilidades (docs/abilities.md): ocupa el lugar de la del catálogo")
        en_how = (f"define the card in the position as a custom card, [cards.{card.id}], with its abilities written in "
                  f"the ability vocabulary (docs/abilities.md): it takes the place of the catalog's card")
    es = f"{es_head}: no están codificadas del todo (falta: {es_missing}). Para resolverlo, {es_how}."
    en = f"{en_head}: they are not fully encoded (missing: {en_missing}). To rule on it, {en_how}."
    return IncompleteCardError(en, es, card=card.id, missing=en_missing, missing_es=es_missing)
