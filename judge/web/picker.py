"""The card picker's search: a game's catalog cards by any of their names and by the values the game filters them by
(KeyForge's house, trait and type; a type, race, color… in the other games), any combination.

The values of every card are gathered once per game (a KeyForge card's file is read for it, once per process) so a
filter never reads the whole catalog again; only the cards returned are shaped for the board.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from judge.core.catalog import name_key
from judge.core.ruleset import Ruleset
from judge.web.errors import APIError

LANGS = ("es", "en")


@dataclass(frozen=True)
class CardIndex:
    """What the picker filters and sorts a game's cards by, read once."""

    order: dict[str, tuple[str, ...]]
    """Every card id, in the order of its name in each language."""
    values: dict[str, dict[str, frozenset[str]]]
    """Card id → filter → the card's values."""
    names: dict[str, dict[str, dict[str, str]]]
    """Filter → value → its name in each language."""

    def resolve(self, facet: str, wanted: str) -> str | None:
        """The value ``wanted`` names: the value itself or its name in either language, in any case and accents."""
        key = name_key(wanted)
        return next((v for v, names in self.names[facet].items()
                     if key in (name_key(v), *(name_key(n) for n in names.values()))), None)


@functools.lru_cache(maxsize=8)
def card_index(rs: Ruleset) -> CardIndex:
    catalog = rs.catalog()
    values: dict[str, dict[str, frozenset[str]]] = {}
    names: dict[str, dict[str, dict[str, str]]] = {}
    shown: dict[str, dict[str, str]] = {}
    for cid in list(catalog.cards):
        card = catalog.cards[cid]
        facets = {f: frozenset(v for v in vs if v) for f, vs in rs.card_facets(card).items()}
        values[cid] = facets
        for facet, vs in facets.items():
            for v in vs:
                names.setdefault(facet, {}).setdefault(v, rs.facet_names(facet, v))
        facts_name = rs.card_facts(card)["name"]
        shown[cid] = {lang: str(facts_name.get(lang) or facts_name.get("es") or cid) for lang in LANGS}
    order = {lang: tuple(sorted(shown, key=lambda c, lang=lang: (shown[c][lang].casefold(), c))) for lang in LANGS}
    return CardIndex(order, values, names)


def filters(rs: Ruleset, lang: str) -> dict[str, list[dict[str, Any]]]:
    """Every filter of the game with its values, each with its names, in the order of their names in ``lang``."""
    index = card_index(rs)
    return {facet: [{"value": v, "name": n} for v, n in sorted(values.items(), key=lambda i: (i[1].get(lang, i[0]).casefold(), i[0]))]
            for facet, values in sorted(index.names.items())}


def chosen(rs: Ruleset, asked: Mapping[str, Sequence[str]]) -> dict[str, set[str]]:
    """The filters a request asks for, each value by the game's own word; a filter the game does not have, or a
    value no card has, is refused with the ones there are."""
    index = card_index(rs)
    problems: list[dict[str, str]] = []
    out: dict[str, set[str]] = {}
    for facet, wanted in asked.items():
        if facet not in index.names:
            problems.append({"where": facet, "message": f"{rs.game} cards are filtered by "
                                                         f"{', '.join(sorted(index.names))}"})
            continue
        for text in wanted:
            value = index.resolve(facet, text)
            if value is None:
                problems.append({"where": facet, "message": f"unknown {facet} {text!r}; one of "
                                                            f"{', '.join(sorted(index.names[facet]))}"})
            else:
                out.setdefault(facet, set()).add(value)
    if problems:
        raise APIError(400, "bad-request", "; ".join(p["message"] for p in problems), problems=problems)
    return out


def search(rs: Ruleset, q: str, lang: str, limit: int, wanted: Mapping[str, set[str]]) -> list[dict[str, Any]]:
    """Catalog cards whose name (any language, any alias) contains ``q`` — those it starts first — or, without
    ``q``, every card by name; only those with one of the values asked for in every filter asked for."""
    catalog = rs.catalog()
    if q and not wanted:
        return [rs.card_facts(c) for c in catalog.search(q, limit=limit)]
    index = card_index(rs)
    if q:
        ids: Sequence[str] = [c.id for c in catalog.search(q, limit=len(index.values) + 1)]
    else:
        ids = index.order.get(lang, index.order["es"])
    found = []
    for cid in ids:
        values = index.values.get(cid, {})
        if all(values.get(facet, frozenset()) & allowed for facet, allowed in wanted.items()):
            found.append(cid)
            if len(found) >= limit:
                break
    return [rs.card_facts(catalog.cards[cid]) for cid in found]
