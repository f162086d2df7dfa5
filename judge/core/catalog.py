"""A card catalog any game can build on: cards found by id or by any of their names, in any language.

A name is matched with case, accents and the kind of apostrophe ignored (a judge may type ``l'arbre`` for
``L’Árbre``, whatever their keyboard gives); a name that matches nothing gets the closest known names as a
suggestion. Card data files (one TOML file per card) are read from a folder by the game's own
reader, which knows what a card is made of.
"""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar
from collections.abc import Callable, Iterable

from judge.core.decisions import fold
from judge.core.errors import Problem, UnknownCardError

def name_key(name: str) -> str:
    """The form under which a name is looked up: case, accents and the kind of apostrophe do not matter."""
    return fold(name)


class Card(Protocol):
    """What the catalog needs from a game's card definition."""

    @property
    def id(self) -> str: ...

    def names(self) -> tuple[str, ...]:
        """Every name the card answers to: its id, its name in each language, the rulebooks' other spellings."""
        ...

    def name(self, lang: str = "es") -> str: ...


C = TypeVar("C", bound=Card)


class Catalog(Generic[C]):
    """Every known card of one game, with look-up by any of its names."""

    def __init__(self, cards: Iterable[C]) -> None:
        self.cards: dict[str, C] = {}
        self._names: dict[str, set[str]] = {}
        for card in cards:
            self.add(card)

    def add(self, card: C) -> None:
        self.cards[card.id] = card
        for name in card.names():
            self._names.setdefault(name_key(name), set()).add(card.id)

    def forget_names(self, card: C) -> None:
        """Stop finding other cards by this card's names (a card defined later takes them over)."""
        for name in card.names():
            self._names[name_key(name)] = set()

    def lookup(self, name: str) -> C:
        """The card named ``name`` in any language; :class:`UnknownCardError` if none or several."""
        if name in self.cards:
            return self.cards[name]
        ids = self._names.get(name_key(name), set())
        if len(ids) == 1:
            return self.cards[next(iter(ids))]
        if not ids:
            raise UnknownCardError(f"unknown card {name!r}" + self.suggest(name),
                                   f"carta desconocida {name!r}" + self.suggest(name, "es"))
        raise UnknownCardError(f"{name!r} names several cards: {', '.join(sorted(ids))}; use the id",
                               f"{name!r} nombra varias cartas: {', '.join(sorted(ids))}; usa el id")

    def suggest(self, name: str, lang: str = "en") -> str:
        """" (did you mean …?)" with the closest known names, or nothing when none is close."""
        close = difflib.get_close_matches(name_key(name), list(self._names), n=3, cutoff=0.75)
        if not close:
            return ""
        names = ", ".join(repr(c) for c in close)
        return f" (¿quisiste decir {names}?)" if lang == "es" else f" (did you mean {names}?)"

    def find(self, name: str) -> C | None:
        """The card named ``name``, or ``None`` when there is none (or several)."""
        try:
            return self.lookup(name)
        except UnknownCardError:
            return None

    def get(self, name: str) -> C:
        """The card named ``name``; the error says how to define a card the catalog does not have."""
        try:
            return self.lookup(name)
        except UnknownCardError as exc:
            raise UnknownCardError(
                f"{exc} A card not in the catalog can be defined in the position under [cards.<id>]",
                f"{exc.text('es')} Una carta que no está en el catálogo se define en la posición en [cards.<id>]") from exc

    def with_custom(self, custom: dict[str, Any], read: Callable[[str, Any], tuple[C | None, list[Problem]]]
                    ) -> tuple[Catalog[C], list[Problem]]:
        """This catalog plus the cards a position defines (``read`` turns each table into a card); a card defined
        with the position takes over its names from any catalog card of the same name."""
        if not custom:
            return self, []
        catalog = type(self)(self.cards.values())
        problems: list[Problem] = []
        for cid, raw in custom.items():
            card, found = read(cid, raw)
            problems.extend(found)
            if card is not None:
                catalog.forget_names(card)
                catalog.add(card)
        return catalog, problems

    def canonical(self, is_uid: Callable[[str], bool], expected: Any) -> Any:
        """An expected value as the engine writes it: a card named in any language becomes its id (lists too)."""
        if isinstance(expected, list):
            return [self.canonical(is_uid, e) for e in expected]
        if isinstance(expected, str) and not is_uid(expected):
            found = self.find(expected)
            return found.id if found else expected
        return expected

    def search(self, text: str, limit: int = 20) -> list[C]:
        """Cards with ``text`` in any of their names, those whose name starts with it first."""
        f = name_key(text)
        hits = [self.cards[i] for n, ids in self._names.items() if f in n for i in ids]
        seen: dict[str, C] = {}
        for c in sorted(hits, key=lambda c: (not name_key(self.sort_name(c)).startswith(f), self.sort_name(c))):
            seen.setdefault(c.id, c)
        return list(seen.values())[:limit]

    def sort_name(self, card: C) -> str:
        """The name search results are ordered by."""
        return card.name("es")


def read_card_files(folder: Path, read: Callable[[str, dict[str, Any], str], tuple[C | None, list[Problem]]]
                    ) -> tuple[list[C], list[Problem]]:
    """Every card of a folder of TOML files (one card a file, its id the file name), read by the game's ``read``
    (id, table, where → the card or None, and its problems); every problem of every file is kept."""
    cards: list[C] = []
    problems: list[Problem] = []
    for path in sorted(Path(folder).glob("*.toml")):
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            problems.append(Problem(path.name, f"not valid TOML: {exc}", f"no es TOML válido: {exc}"))
            continue
        cid = raw.get("id", path.stem)
        if cid != path.stem:
            problems.append(Problem(path.name, f"id {cid!r} differs from the file name",
                                    f"el id {cid!r} no coincide con el nombre del archivo"))
        card, found = read(cid, raw, path.name)
        problems.extend(found)
        if card is not None:
            cards.append(card)
    return cards, problems
