"""Gobierno & Prestigio cards as data: one TOML file per card under ``cards/``, written in the ability vocabulary.

Part 1 of the rules names only a few cards (Fruto de la Ira, Culpable de herejía, Acusación Falsa, Soborno,
Protección asegurada) and the Adelanto de Shylock legacy; each file says which seed line its text comes from. Any
other card is defined with the position (``[position.cards.<id>]``) in the same vocabulary.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.core.catalog import OneNameCatalog, load_cards
from judge.core.errors import Problem
from judge.games.gobierno_y_prestigio.usage import ability_problems, tokens
from judge.games.gobierno_y_prestigio.vocabulary import CARD_TYPE, COLOR, COUNTER, KEYWORD, VOCABULARY

CARDS_DIR = Path(__file__).with_name("cards")


@dataclass(frozen=True)
class CardDef:
    """What a card is as printed: its characteristics (111.3) and its abilities in the vocabulary."""

    id: str
    name: str
    type: str
    cost: int | str | None = None
    """A number, ``"X"``, or ``None``: no cost, which cannot be paid (121.6)."""
    colors: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    strength: int | None = None
    toughness: int | None = None
    leadership: int | None = None
    keywords: tuple[str, ...] = ()
    abilities: tuple[dict[str, Any], ...] = ()
    enters_with: tuple[tuple[str, int], ...] = ()
    aliases: tuple[str, ...] = ()
    source: str = ""
    custom: bool = False
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def names(self) -> tuple[str, ...]:
        return (self.id, self.name, *self.aliases)

    def abilities_of(self, kind: str) -> list[tuple[int, dict[str, Any]]]:
        return [(i, a) for i, a in enumerate(self.abilities) if a.get("kind") == kind]


def card_from_dict(cid: str, raw: Any, *, custom: bool = False) -> tuple[CardDef | None, list[Problem]]:
    where = f"cards.{cid}" if custom else f"{cid}.toml"
    if not isinstance(raw, dict):
        return None, [Problem(where, "a card is a table", "una carta es una tabla")]
    problems = facts_problems(raw, where) + _unknown_fields(raw, where)
    name = raw.get("name", cid)
    if isinstance(name, dict):
        name = name.get("es") or next((v for v in name.values() if isinstance(v, str)), cid)
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(f"{where}.name", "a card needs a name", "una carta necesita un nombre"))
    if problems:
        return None, problems
    return CardDef(
        id=cid, name=name, type=raw["type"], cost=raw.get("cost"), colors=tuple(raw.get("colors", [])),
        subtypes=tuple(raw.get("subtypes", [])), strength=raw.get("strength"), toughness=raw.get("toughness"),
        leadership=raw.get("leadership"), keywords=tuple(raw.get("keywords", [])),
        abilities=tuple(raw.get("abilities", [])), enters_with=tuple(sorted(raw.get("enters-with", {}).items())),
        aliases=tuple(raw.get("aliases", [])), source=str(raw.get("source", "")), custom=custom), []


KNOWN_FIELDS = ("id", "name", "type", "cost", "colors", "subtypes", "strength", "toughness", "leadership", "keywords",
                "abilities", "enters-with", "aliases", "source")


def _unknown_fields(raw: dict[str, Any], where: str) -> list[Problem]:
    known = ", ".join(sorted(KNOWN_FIELDS))
    return [Problem(f"{where}.{key}", f"unknown card field (known: {known})", f"campo de carta desconocido (conocidos: {known})")
            for key in raw if key not in KNOWN_FIELDS]


def _token_problems(abilities: Any, where: str) -> list[Problem]:
    """A token an effect creates is defined by that effect (113.2): its table is a card's, checked as one."""
    out: list[Problem] = []
    for token, at in tokens(abilities, where):
        if not isinstance(token, dict):
            out.append(Problem(at, "a token is a table like a card's", "una tarjeta es una tabla como la de una carta"))
            continue
        out.extend(facts_problems(token, at) + _unknown_fields(token, at))
    return out


def facts_problems(raw: dict[str, Any], where: str) -> list[Problem]:
    """Every problem of a card's characteristics (111.3) and its abilities."""
    problems = CARD_TYPE.problems(raw.get("type"), f"{where}.type")
    cost = raw.get("cost")
    if cost is not None and cost != "X" and (not isinstance(cost, int) or isinstance(cost, bool) or cost < 0):
        problems.append(Problem(f"{where}.cost", "cost is a whole number from 0 or \"X\" (no key: the card has no cost, 121.6)",
                                "el coste es un número entero desde 0 o \"X\" (sin clave: la carta no tiene coste, 121.6)"))
    for key in ("strength", "toughness", "leadership"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            problems.append(Problem(f"{where}.{key}", f"{key} is a whole number", f"{key} es un número entero"))
    for key, words in (("colors", COLOR), ("keywords", KEYWORD)):
        for word in raw.get(key, []) if isinstance(raw.get(key, []), list) else ["?"]:
            problems.extend(words.problems(word, f"{where}.{key}"))
    for counter in raw.get("enters-with", {}) if isinstance(raw.get("enters-with", {}), dict) else ["?"]:
        if not COUNTER.match(str(counter)):
            problems.append(Problem(f"{where}.enters-with", "enters-with = { \"+1/+1\" = N }", "enters-with = { \"+1/+1\" = N }"))
    abilities = raw.get("abilities", [])
    return (problems + VOCABULARY.check_abilities(abilities, f"{where}.abilities") + ability_problems(abilities, f"{where}.abilities")
            + _token_problems(abilities, f"{where}.abilities"))


def load_dir(path: Path = CARDS_DIR) -> tuple[dict[str, CardDef], list[Problem]]:
    return load_cards(path, card_from_dict)


class Catalog(OneNameCatalog[CardDef]):
    """Gobierno & Prestigio cards by id, found by any of their names with accents, case and apostrophes ignored."""


def with_custom(catalog: Catalog, custom: dict[str, Any]) -> tuple[Catalog, list[Problem]]:
    """The catalog plus the cards a position defines."""
    return catalog.with_custom(custom, lambda cid, raw: card_from_dict(cid, raw, custom=True))  # type: ignore[return-value]


@functools.lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    cards, _ = load_dir()
    return Catalog(cards.values())
