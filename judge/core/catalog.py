"""A card catalog any game can build on: cards found by id or by any of their names, in any language.

A name is matched with case, accents and the kind of apostrophe ignored (a judge may type ``l'arbre`` for
``L’Árbre``, whatever their keyboard gives); a name that matches nothing gets the closest known names as a
suggestion. Card data files (one TOML file per card) are read from a folder by the game's own
reader, which knows what a card is made of.

Looking a name up is on the path of every card the engine reads, so it is cheap: a name found once is found again
with one dictionary read, and the suggestions (a scan of every known name) are only worked out for a name that is not
found and is reported as an error. A game with thousands of cards does not read them all to start: a card may be
*deferred* — known by its id and names, read the first time it is looked up (:class:`Cards`). A position's own cards,
or a rulebook's versions of some cards, are an *overlay* on a catalog (:meth:`Catalog.overlay`): the shared catalog
and its name index are never copied, only the few cards the overlay changes are its own.
"""

from __future__ import annotations

import copy
import difflib
import functools
import json
import threading
import tomllib
from collections import ChainMap
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar
from collections.abc import Callable, Iterable, Iterator, MutableMapping

from judge.core import tomlcache
from judge.core.decisions import fold
from judge.core.errors import Problem, UnknownCardError


@functools.lru_cache(maxsize=1 << 15)
def name_key(name: str) -> str:
    """The form under which a name is looked up: case, accents and the kind of apostrophe do not matter."""
    # The same names are folded again and again (every expectation, every card of every position): room for every
    # name of the whole KeyForge pool (about 10,000) and what is looked up besides.
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


class Cards(MutableMapping[str, C]):
    """Cards by id, some of them read only when first asked for: a deferred card is a function that reads it."""

    def __init__(self, on_load: Callable[[C], None] | None = None) -> None:
        self._ready: dict[str, C] = {}
        self._deferred: dict[str, Callable[[], C]] = {}
        self._order: dict[str, None] = {}
        self._lock = threading.Lock()
        self.on_load = on_load
        """Called with each card read from its deferred function (a catalog keeps what it must know of every card
        in play, e.g. whether one blanks others, up to date with it)."""

    def defer(self, cid: str, read: Callable[[], C]) -> None:
        self._ready.pop(cid, None)
        self._deferred[cid] = read
        self._order[cid] = None

    def __getitem__(self, cid: str) -> C:
        card = self._ready.get(cid)
        if card is not None:
            return card
        read = self._deferred.get(cid)
        if read is None:
            raise KeyError(cid)
        # A threaded server may ask for the same card twice at once: it is read once.
        with self._lock:
            card = self._ready.get(cid)
            if card is None:
                card = self._ready[cid] = read()
                self._deferred.pop(cid, None)
                if self.on_load is not None:
                    self.on_load(card)
        return card

    def __setitem__(self, cid: str, card: C) -> None:
        self._deferred.pop(cid, None)
        self._ready[cid] = card
        self._order[cid] = None

    def __delitem__(self, cid: str) -> None:
        if cid not in self._order:
            raise KeyError(cid)
        self._ready.pop(cid, None)
        self._deferred.pop(cid, None)
        del self._order[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self._order

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._order))

    def __len__(self) -> int:
        return len(self._order)

    def read(self) -> list[C]:
        """The cards already read (what a card in a position can be: every card of a position is looked up)."""
        return list(self._ready.values())


class Catalog(Generic[C]):
    """Every known card of one game, with look-up by any of its names."""

    def __init__(self, cards: Iterable[C] = ()) -> None:
        self.cards: MutableMapping[str, C] = Cards(self._loaded)
        self._names: MutableMapping[str, frozenset[str]] = {}
        self._found: dict[str, C] = {}
        """Names already looked up → their card (emptied whenever a card or a name is added)."""
        for card in cards:
            self.add(card)

    def _loaded(self, card: C) -> None:
        """A deferred card was read (a game's catalog may keep something about every card read)."""

    def add(self, card: C) -> None:
        self.cards[card.id] = card
        self.index(card.id, card.names())

    def defer(self, cid: str, names: Iterable[str], read: Callable[[], C]) -> None:
        """A card known by ``names`` that is read by ``read`` the first time it is asked for."""
        self.cards.defer(cid, read)  # type: ignore[attr-defined]
        self.index(cid, names)

    def index(self, cid: str, names: Iterable[str]) -> None:
        """Find card ``cid`` by these names too. Sets are replaced, never changed in place: an overlay shares the
        index of the catalog under it."""
        self._found.clear()
        alone: frozenset[str] | None = None  # one set for every name only this card has (most names): fewer objects
        for name in names:
            key = name_key(name)
            ids = self._names.get(key)
            if ids is None:
                if alone is None:
                    alone = frozenset((cid,))
                self._names[key] = alone
            elif cid not in ids:
                self._names[key] = ids | {cid}

    def answers_to(self, name: str) -> frozenset[str]:
        """The ids of the cards found by this name."""
        return self._names.get(name_key(name), frozenset())

    def forget_names(self, card: C) -> None:
        """Stop finding other cards by this card's names (a card defined later takes them over)."""
        self._found.clear()
        for name in card.names():
            self._names[name_key(name)] = frozenset()

    def overlay(self, cards: Iterable[C]) -> Catalog[C]:
        """This catalog with ``cards`` defined over it: they take over their names and ids from the cards under
        them, and nothing of this catalog is copied or changed."""
        view = self.view()
        cards = list(cards)
        for card in cards:
            view.forget_names(card)
        for card in cards:
            view.add(card)
        return view

    def view(self) -> Catalog[C]:
        """A catalog that reads through this one: whatever is added to it is its own."""
        view = copy.copy(self)
        view.cards = ChainMap({}, self.cards)
        view._names = ChainMap({}, self._names)
        view._found = {}
        return view

    def _match(self, name: str) -> tuple[C | None, frozenset[str]]:
        """The card ``name`` names, or None and the ids it names (none, or several)."""
        card = self._found.get(name)
        if card is not None:
            return card, frozenset()
        card = self.cards.get(name)
        if card is None:
            ids = self._names.get(name_key(name), frozenset())
            if len(ids) != 1:
                return None, ids
            card = self.cards[next(iter(ids))]
        self._found[name] = card
        return card, frozenset()

    def lookup(self, name: str) -> C:
        """The card named ``name`` in any language; :class:`UnknownCardError` if none or several."""
        card = self._found.get(name)  # asked for every card at every step: a name found once is not matched again
        if card is not None:
            return card
        card, ids = self._match(name)
        if card is not None:
            return card
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
        """The card named ``name``, or ``None`` when there is none (or several): no error, so no suggestions."""
        return self._match(name)[0]

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
        catalog = self.view()
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
        """Cards with ``text`` in any of their names, those whose name starts with it first; only the cards
        returned are read."""
        f = name_key(text)
        found = {i for n, ids in self._names.items() if f in n for i in ids}
        names = {i: self.sort_name_of(i) for i in found}
        ordered = sorted(found, key=lambda i: (not name_key(names[i]).startswith(f), names[i], i))
        return [self.cards[i] for i in ordered[:limit]]

    def sort_name(self, card: C) -> str:
        """The name search results are ordered by."""
        return card.name("es")

    def sort_name_of(self, cid: str) -> str:
        """:meth:`sort_name` of the card ``cid`` (a game that knows it without reading the card says so)."""
        return self.sort_name(self.cards[cid])


class OneNameCatalog(Catalog[C]):
    """A catalog of cards that have one name, the same in every language (the name as the game's documents spell
    it; other spellings are aliases)."""

    def sort_name(self, card: C) -> str:
        return card.name  # type: ignore[return-value]


class WithCustom(Generic[C]):
    """A game's catalog with the cards each position defines, made once for each set of custom cards (the last 64
    are kept): a resolution asks for it at every turn, and a position's own cards never change."""

    def __init__(self, base: Callable[[], Catalog[C]],
                 add: Callable[[Catalog[C], dict[str, Any]], tuple[Catalog[C], list[Problem]]]) -> None:
        self.base = base
        self.add = add
        self._made = functools.lru_cache(maxsize=64)(self._make)

    def _make(self, custom_json: str) -> tuple[Catalog[C], tuple[Problem, ...]]:
        catalog, problems = self.add(self.base(), json.loads(custom_json))
        return catalog, tuple(problems)

    def __call__(self, custom: dict[str, Any]) -> tuple[Catalog[C], tuple[Problem, ...]]:
        """The catalog with the cards ``custom`` defines, and the problems of their definitions."""
        return self._made(json.dumps(custom, sort_keys=True, ensure_ascii=False))


class PositionCards:
    """What a ruleset answers about its cards when a position may define its own (``[position.cards.<id>]``) over
    the game's catalog: ``catalogs`` says how the two are put together."""

    catalogs: ClassVar[WithCustom[Any]]

    def catalog(self) -> Any:
        return self.catalogs.base()

    def catalog_for(self, position: Any) -> Any:
        return self.catalogs(position.cards)[0]

    def custom_card_problems(self, position: Any) -> list[Problem]:
        """Every problem of the cards the position defines."""
        return list(self.catalogs(position.cards)[1])


def known_cards(catalog: Catalog[C], position: Any, problems: list[Problem]) -> Iterator[tuple[Any, str, Any, C]]:
    """Every card of a position whose card is known (player, zone, card, its definition), the card named by its id
    from then on; a card the catalog does not know is a problem at ``players.<id>.<zone>.<uid>`` (with the closest
    names and how to define it) and is left out."""
    for player, zone, card in position.all_cards():
        if not card.known:
            continue
        try:
            definition = catalog.get(card.card)
        except UnknownCardError as exc:
            problems.append(Problem(f"players.{player.id}.{zone}.{card.uid}", str(exc), exc.text("es")))
            continue
        card.card = definition.id
        yield player, zone, card, definition


def card_views(catalog: Catalog[C], position: Any, facts: Callable[[C], dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What the board shows of each card of a position, by uid: where it is and the ``facts`` of its card; a hidden
    card is "?", a card the catalog does not know is shown by the name it was given."""
    out: dict[str, dict[str, Any]] = {}
    for player, zone, card in position.all_cards():
        info: dict[str, Any] = {"uid": card.uid, "card": card.card, "id": card.card, "zone": f"{player.id}.{zone}"}
        try:
            info.update(facts(catalog.lookup(card.card)) if card.known else {"name": {"es": "?", "en": "?", "pt": "?"}})
        except UnknownCardError:
            info["name"] = {"es": card.card, "en": card.card, "pt": card.card}
        out[card.uid] = info
    return out


def load_cards(folder: Path, read: Callable[[str, dict[str, Any]], tuple[C | None, list[Problem]]]
               ) -> tuple[dict[str, C], list[Problem]]:
    """Every card of a folder by id, read by the game's ``read`` (id, table → the card or None, and its problems),
    with every problem of every file."""
    cards, problems = read_card_files(folder, lambda cid, raw, where: read(cid, raw))
    return {card.id: card for card in cards}, problems


def read_card_files(folder: Path, read: Callable[[str, dict[str, Any], str], tuple[C | None, list[Problem]]]
                    ) -> tuple[list[C], list[Problem]]:
    """Every card of a folder of TOML files (one card a file, its id the file name), read by the game's ``read``
    (id, table, where → the card or None, and its problems); every problem of every file is kept."""
    cards: list[C] = []
    problems: list[Problem] = []
    for path in sorted(Path(folder).glob("*.toml")):
        try:
            raw = tomlcache.load(path)
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
