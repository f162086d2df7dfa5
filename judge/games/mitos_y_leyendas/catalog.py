"""Mitos y Leyendas cards as data: one TOML file per card under ``cards/``, written in the ability vocabulary.

The FAQ is the only card source the project holds: a card's file says which FAQ line (or which public card list)
each fact comes from (``source``). A card whose text is not fully known is ``incomplete`` with the reason, and the
engine refuses to rule on its abilities; a judge can define the card inline instead (``[position.cards.<id>]``).
A catalog card gives the reason in Spanish (``incomplete``) and in English (``incomplete_en``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judge.core.catalog import OneNameCatalog, load_cards
from judge.core.errors import Problem
from judge.games.mitos_y_leyendas import usage
from judge.games.mitos_y_leyendas.vocabulary import CARD_TYPE, VOCABULARY

CARDS_DIR = Path(__file__).with_name("cards")

RACE_MERGES = {"campeon-chaolin": "campeon", "campeon-samurai": "campeon", "campeon-ninja": "campeon"}
"""Aliados de raza Campeón (FAQ L542): the sub-races no longer exist; each counts as plain Campeón."""


@dataclass(frozen=True)
class CardDef:
    """What a card is: printed facts and its abilities in the vocabulary."""

    id: str
    name: str
    """The name as the FAQ spells it."""
    type: str
    cost: int | None = None
    strength: int | None = None
    race: str | None = None
    edition: str = ""
    abilities: tuple[dict[str, Any], ...] = ()
    aliases: tuple[str, ...] = ()
    source: str = ""
    """Where the card's facts and text come from (``FAQ L101``, a public card list…)."""
    text: str = ""
    """The FAQ's own words for the card (a quotation where the FAQ quotes it, its paraphrase otherwise), by line."""
    incomplete: str = ""
    """What the FAQ does not give of the card, in Spanish (empty when it gives everything the engine needs)."""
    incomplete_en: str = ""
    """The same in English; a card a judge defines with the Spanish alone is read with it in both languages."""
    text_complete: bool = False
    """The FAQ gives the card's whole text: what ``incomplete`` misses are printed facts (its cost, its strength), so
    its abilities can be ruled on although the card cannot be played until a position gives them."""
    errata: str = ""
    """The erratum (entry id) whose corrected text this card follows."""
    custom: bool = False
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def names(self) -> tuple[str, ...]:
        return (self.id, self.name, *self.aliases)

    def abilities_of(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.abilities if a.get("kind") == kind]

    def incomplete_in(self, lang: str) -> str:
        """What is missing of the card as a judge reads it in ``lang`` (``es``/``en``)."""
        return (self.incomplete_en or self.incomplete) if lang == "en" else self.incomplete


COPY_MODES = {
    "total": "everything: name, race, cost, abilities and strength (Hodur, FAQ L1084-L1088)",
    "fuerza-y-habilidad": "strength and abilities (Amaru, FAQ L1106-L1108)",
    "habilidad": "abilities only (Loke, FAQ L1144-L1146)",
}


def copies(own: CardDef, other: CardDef, mode: str, strength: int | None) -> CardDef:
    """What a card is while it copies ``other``: the copied strength is the one taken when it copied (printed
    strength and permanent bonuses, FAQ L1088, L1108)."""
    abilities = tuple(a for a in other.abilities if a.get("kind") != "jugar")
    if mode == "total":
        return replace(other, id=own.id, strength=strength if strength is not None else other.strength,
                       abilities=abilities, aliases=(*other.aliases,), incomplete="", incomplete_en="")
    if mode == "fuerza-y-habilidad":
        return replace(own, strength=strength if strength is not None else other.strength, abilities=abilities)
    return replace(own, abilities=abilities)


def card_from_dict(cid: str, raw: dict[str, Any], *, custom: bool = False) -> tuple[CardDef | None, list[Problem]]:
    where = f"cards.{cid}" if custom else f"{cid}.toml"
    if not isinstance(raw, dict):
        return None, [Problem(where, "a card is a table", "una carta es una tabla")]
    problems = facts_problems(raw, where)
    name = raw.get("name", cid)
    if isinstance(name, dict):
        name = name.get("es") or next((v for v in name.values() if isinstance(v, str)), cid)
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(f"{where}.name", "a card needs a name", "una carta necesita un nombre"))
        name = cid
    aliases = raw.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        problems.append(Problem(f"{where}.aliases", "aliases are a list of names", "los alias son una lista de nombres"))
        aliases = []
    race = raw.get("race")
    if race is not None and not isinstance(race, str):
        problems.append(Problem(f"{where}.race", "a race is a name", "una raza es un nombre"))
        race = None
    problems.extend(note_problems(raw, where, custom=custom))
    if problems:
        return None, problems
    race = RACE_MERGES.get(race, race) if race else None
    return CardDef(id=cid, name=name, type=raw["type"], cost=raw.get("cost"), strength=raw.get("strength"), race=race,
                   edition=str(raw.get("edition", "")), abilities=tuple(raw.get("abilities", [])),
                   aliases=tuple(aliases), source=str(raw.get("source", "")), text=str(raw.get("text", "")),
                   incomplete=raw.get("incomplete", ""), incomplete_en=raw.get("incomplete_en", ""),
                   text_complete=bool(raw.get("text-complete", False)),
                   errata=str(raw.get("errata", "")), custom=custom,
                   meta={"raw": raw}), []


def note_problems(raw: dict[str, Any], where: str, *, custom: bool) -> list[Problem]:
    """What is wrong with a card's ``incomplete`` and ``incomplete_en``: each is a text, and a catalog card gives both
    or neither; a card a judge defines may give the Spanish alone (its English is then the Spanish), not the English
    alone."""
    problems = [Problem(f"{where}.{key}", "a note says in words what the FAQ does not give of the card",
                        "una nota dice con palabras qué no da el FAQ de la carta")
                for key in ("incomplete", "incomplete_en")
                if key in raw and (not isinstance(raw[key], str) or not raw[key].strip())]
    if "incomplete_en" in raw and "incomplete" not in raw:
        problems.append(Problem(f"{where}.incomplete_en", "an English note translates incomplete, which is missing",
                                "una nota en inglés traduce incomplete, que falta"))
    if "incomplete" in raw and "incomplete_en" not in raw and not custom:
        problems.append(Problem(f"{where}.incomplete", "a catalog card gives its note in English too (incomplete_en)",
                                "una carta del catálogo da su nota también en inglés (incomplete_en)"))
    return problems


def facts_problems(raw: dict[str, Any], where: str) -> list[Problem]:
    """Every problem of a card's printed facts, its additional cost and its abilities."""
    problems = CARD_TYPE.problems(raw.get("type"), f"{where}.type")
    for key in ("cost", "strength"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
            problems.append(Problem(f"{where}.{key}", f"{key} is a whole number from 0", f"{key} es un número entero desde 0"))
    extra = raw.get("play-cost")
    if extra is not None and not isinstance(extra, dict):
        problems.append(Problem(f"{where}.play-cost", "an additional cost is a table", "un coste adicional es una tabla"))
    elif extra is not None:
        # An additional cost to play the card ("descarta tu mano", Chacs): instructions, and what they need.
        for key, kind in (("effects", "effects"), ("condition", "condition")):
            if key in extra:
                problems.extend(VOCABULARY.check_part(kind, extra[key], f"{where}.play-cost.{key}"))
        problems.extend(usage.effect_problems(extra.get("effects"), f"{where}.play-cost.effects"))
    abilities = raw.get("abilities", [])
    checked = VOCABULARY.check_abilities(abilities, f"{where}.abilities")
    # What the words allow but the engine would not rule on as described is refused too (decision vocabulary-limits).
    return problems + checked + usage.problems(abilities, f"{where}.abilities", raw.get("type"))


def load_dir(path: Path = CARDS_DIR) -> tuple[dict[str, CardDef], list[Problem]]:
    return load_cards(path, card_from_dict)


class Catalog(OneNameCatalog[CardDef]):
    """Mitos y Leyendas cards by id, found by any of their names with accents, case and apostrophes ignored."""


def with_custom(catalog: Catalog, custom: dict[str, Any]) -> tuple[Catalog, list[Problem]]:
    """The catalog plus the cards a position defines."""
    def read(cid: str, raw: Any) -> tuple[CardDef | None, list[Problem]]:
        base = catalog.cards.get(cid)
        if base is not None and isinstance(raw, dict):
            # A catalog card given again with the position keeps its FAQ facts; the position adds the facts the FAQ
            # does not give (its cost, its strength, the wording a scenario needs) and takes responsibility for them,
            # so the card is no longer incomplete unless it says so, in its own words (a note the position writes in
            # Spanish alone is not read with the catalog's English).
            raw = {**base.meta.get("raw", {}), **raw}
            for key in ("incomplete", "incomplete_en"):
                if key not in custom[cid]:
                    raw.pop(key, None)
        return card_from_dict(cid, raw, custom=True)
    return catalog.with_custom(custom, read)  # type: ignore[return-value]


@functools.lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    cards, _ = load_dir()
    return Catalog(cards.values())
