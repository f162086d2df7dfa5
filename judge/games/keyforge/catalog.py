"""KeyForge cards as data: every card of the game, its abilities written in the ability vocabulary.

Two kinds of card file live under ``cards/``:

- ``cards/<id>.toml``: a card written wholly by hand — its facts as the rulebooks and FAQ spell them (Spanish
  names, errata, aliases) and its abilities. These are the cards the official documents name; they are read at
  start-up.
- ``cards/<set>/<id>.toml`` (the set of its first printing, in lower case): the abilities of any other card of the
  pool, and whatever its facts need beyond ``pool.json`` (:mod:`judge.games.keyforge.pool`, generated from the card
  data set). Such a card is read the first time it is looked up, so that start-up does not read 2,500 files. A card
  of the pool without a file is known by its facts and marked incomplete (unless its text box holds keywords only).

A card is found by its id or by its name in English, Spanish or Portuguese, and by every other spelling the
rulebooks use (``aliases``), through the shared catalog of :mod:`judge.core.catalog`; a hand-written card's names
win over a name a card of the pool shares with it. Custom cards defined in a position use the same format, as an
overlay on the shared catalog. What is KeyForge's own here: what a card is made of (houses, power, armor, bonus
icons, keywords), the forms a card takes in play (a copy, a creature played as an upgrade) and the rulebook
versions of a card's text.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import tomllib
from collections import ChainMap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Iterable, Iterator, Mapping

from judge.core import catalog as core_catalog
from judge.core.errors import Problem, UnknownCardError
from judge.games.keyforge import pool
from judge.games.keyforge import usage
from judge.games.keyforge.vocabulary import KEYWORDS, NOT_CARD_KEYWORDS, VOCABULARY

CARDS_DIR = Path(__file__).with_name("cards")

TYPES = ("creature", "artifact", "action", "upgrade", "token-creature", "archon-power", "prophecy", "the-tide")
HOUSES = ("brobnar", "dis", "ekwidon", "geistoid", "logos", "mars", "sanctum", "saurian", "shadows",
          "skyborn", "staralliance", "unfathomable", "untamed", "redemption", "keyraken", "elders", "ironyx",
          "prophecy", "tide", "none")
BONUS_ICONS = ("aember", "capture", "damage", "draw", "discard")


@dataclass(frozen=True)
class CardDef:
    """What a card is: printed facts and abilities in the vocabulary (see ``docs/abilities.md``)."""

    id: str
    name_en: str
    name_es: str
    name_pt: str
    house: str
    type: str
    power: int = 0
    armor: int = 0
    bonus: tuple[str, ...] = ()
    """Bonus icons in printed order, top to bottom."""
    keywords: tuple[tuple[str, int], ...] = ()
    """Keywords with their value (1 when the keyword has none): ``(("elusive", 1), ("assault", 3))``."""
    traits: tuple[str, ...] = ()
    abilities: tuple[dict[str, Any], ...] = ()
    aliases: tuple[str, ...] = ()
    set: str = ""
    number: str = ""
    houses: tuple[str, ...] = ()
    """For a card that belongs to several houses at once; empty means just ``house``."""
    errata: str = ""
    """Entry id of the erratum whose text this card follows, when it has one."""
    incomplete: str = ""
    """Why the card's abilities are not (yet) in the vocabulary; the engine refuses to guess them."""
    versions: dict[str, dict[str, Any]] = field(default_factory=dict, hash=False, compare=False)
    """What an older rulebook has differently (its abilities before an erratum), by ruleset id."""
    as_upgrade: tuple[dict[str, Any], ...] | None = field(default=None, hash=False, compare=False)
    """A creature that "may be played as an upgrade instead": the abilities it has as that upgrade (Astromóvil
    Explorador); None for every other card."""
    custom: bool = False
    printings: tuple[tuple[str, str, str], ...] = ()
    """Every printing: (set, number, house)."""
    meta: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    @property
    def is_creature(self) -> bool:
        return self.type in ("creature", "token-creature")

    def keyword(self, name: str) -> int:
        return sum(v for k, v in self.keywords if k == name)

    def names(self) -> tuple[str, ...]:
        return (self.id, self.name_en, self.name_es, self.name_pt, *self.aliases)

    def name(self, lang: str = "es") -> str:
        return {"en": self.name_en, "pt": self.name_pt}.get(lang, self.name_es) or self.name_en

    @functools.cached_property
    def unknown_constant(self) -> dict[str, Any] | None:
        """A constant ability of this card that is not encoded (``incomplete``), if it has one."""
        return next((a for a in self.abilities if a.get("incomplete") and a.get("trigger") == "constant"), None)

    @functools.cached_property
    def state_checks(self) -> bool:
        """Whether this card has a ``state-check`` ability (checked with the game state)."""
        return any(a.get("trigger") == "constant" and isinstance(a.get("effect"), dict)
                   and a["effect"].get("modify") == "state-check" for a in self.abilities)

    def missing(self) -> tuple[str, ...]:
        """What is not encoded of this card: the card's own ``incomplete`` and that of each of its abilities."""
        found = [self.incomplete] if self.incomplete else []
        found += _incomplete_in([*self.abilities, *(self.as_upgrade or ())])
        return tuple(dict.fromkeys(found))


def _incomplete_in(value: Any) -> list[str]:
    """Every ``incomplete`` of these abilities, an ability a card grants another included (an upgrade's "this
    creature gains …")."""
    if isinstance(value, list):
        return [m for v in value for m in _incomplete_in(v)]
    if isinstance(value, dict):
        own = [str(value["incomplete"])] if value.get("incomplete") else []
        return own + [m for k, v in value.items() if k != "incomplete" for m in _incomplete_in(v)]
    return []


def parse_keywords(raw: Any, where: str, problems: list[Problem]) -> tuple[tuple[str, int], ...]:
    """Keywords as written in a card file: ``["elusive", "assault 3"]`` or ``{elusive = true, assault = 3}``."""
    out: list[tuple[str, int]] = []
    items: Iterable[tuple[str, Any]]
    if isinstance(raw, dict):
        items = raw.items()
    elif isinstance(raw, list):
        items = []
        for x in raw:
            if not isinstance(x, str):
                problems.append(Problem(where, f"keyword {x!r} is not text", f"la palabra clave {x!r} no es texto"))
                continue
            name, _, value = x.strip().partition(" ")
            items.append((name, int(value) if value.strip().isdigit() else True))  # type: ignore[union-attr]
    else:
        problems.append(Problem(where, "keywords are a list or a table", "las palabras clave son una lista o una tabla"))
        return ()
    for name, value in items:
        if name not in KEYWORDS:
            problems.append(Problem(where, f"unknown keyword {name!r} (known: {', '.join(sorted(KEYWORDS))})", f"palabra clave desconocida {name!r} (conocidas: {', '.join(sorted(KEYWORDS))})"))
            continue
        if name in NOT_CARD_KEYWORDS:
            problems.append(Problem(where, f"{name} is something an ability does or a player is, not a keyword a card "
                                    "has: write it as an effect or a condition (docs/abilities.md)",
                                    f"{name} es algo que hace una habilidad o que es un jugador, no una palabra clave de "
                                    "una carta: escríbelo como efecto o condición (docs/abilities.md)"))
            continue
        if value is True:
            value = 1
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            problems.append(Problem(where, f"keyword {name} needs a whole number, not {value!r}", f"la palabra clave {name} necesita un número entero, no {value!r}"))
            continue
        out.append((name, value))
    return tuple(out)


def card_from_dict(cid: str, raw: dict[str, Any], *, where: str, custom: bool = False) -> tuple[CardDef | None, list[Problem]]:
    """Read one card definition; return it with every problem found (the card is None if any)."""
    problems: list[Problem] = []
    known = {"id", "name", "house", "houses", "type", "power", "armor", "bonus", "keywords", "traits", "abilities",
             "aliases", "set", "number", "errata", "note", "versions", "incomplete", "as-upgrade", "printings"}
    for k in raw:
        if k not in known:
            problems.append(Problem(f"{where}.{k}", f"unknown card field (known: {', '.join(sorted(known))})", f"campo de carta desconocido (conocidos: {', '.join(sorted(known))})"))
    names = raw.get("name", {})
    if isinstance(names, str):
        names = {"en": names, "es": names, "pt": names}
    if not isinstance(names, dict) or not any(isinstance(names.get(k), str) for k in ("en", "es", "pt")):
        problems.append(Problem(f"{where}.name", "needs a name: name = \"...\" or name = { en = ..., es = ..., pt = ... }", "necesita un nombre: name = \"...\" o name = { en = ..., es = ..., pt = ... }"))
        names = {}
    house = raw.get("house", "none")
    houses = raw.get("houses", [])
    if not isinstance(houses, list):
        problems.append(Problem(f"{where}.houses", "houses is a list", "houses es una lista"))
        houses = []
    for h in [house, *houses]:
        if not isinstance(h, str) or h not in HOUSES:
            problems.append(Problem(f"{where}.house", f"unknown house {h!r}", f"Casa desconocida {h!r}"))
    ctype = raw.get("type")
    if not isinstance(ctype, str) or ctype not in TYPES:
        problems.append(Problem(f"{where}.type", f"type must be one of {', '.join(TYPES)}, not {ctype!r}", f"el tipo debe ser uno de {', '.join(TYPES)}, no {ctype!r}"))
    power, armor = raw.get("power", 0), raw.get("armor", 0)
    for k, v in (("power", power), ("armor", armor)):
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            problems.append(Problem(f"{where}.{k}", "must be a whole number ≥ 0", "debe ser un número entero ≥ 0"))
    bonus = raw.get("bonus", [])
    if not isinstance(bonus, list) or any(not isinstance(b, str) or b not in BONUS_ICONS for b in bonus):
        problems.append(Problem(f"{where}.bonus", f"bonus icons are a list of {', '.join(BONUS_ICONS)}", f"los iconos de bonificación son una lista de {', '.join(BONUS_ICONS)}"))
        bonus = []
    keywords = parse_keywords(raw.get("keywords", []), f"{where}.keywords", problems)
    traits = raw.get("traits", [])
    if not isinstance(traits, list) or not all(isinstance(t, str) for t in traits):
        problems.append(Problem(f"{where}.traits", "traits are a list of words", "los rasgos son una lista de palabras"))
        traits = []
    abilities = raw.get("abilities", [])
    if not isinstance(abilities, list):
        problems.append(Problem(f"{where}.abilities", "abilities are a list of tables ([[abilities]])", "las habilidades son una lista de tablas ([[abilities]])"))
        abilities = []
    for i, ability in enumerate(abilities):
        problems.extend(VOCABULARY.check_ability(ability, f"{where}.abilities[{i}]"))
    problems.extend(usage.problems(abilities, f"{where}.abilities"))
    versions = raw.get("versions", {})
    if not isinstance(versions, dict):
        problems.append(Problem(f"{where}.versions", "versions is a table by ruleset id", "versions es una tabla por id de reglamento"))
        versions = {}
    as_upgrade = raw.get("as-upgrade")
    if as_upgrade is not None:
        if not isinstance(as_upgrade, dict) or set(as_upgrade) - {"abilities"}:
            problems.append(Problem(f"{where}.as-upgrade", "as-upgrade is a table with the `abilities` it has as an upgrade",
                                    "as-upgrade es una tabla con las `abilities` que tiene como mejora"))
            as_upgrade = None
        else:
            for i, ability in enumerate(as_upgrade.get("abilities", [])):
                problems.extend(VOCABULARY.check_ability(ability, f"{where}.as-upgrade.abilities[{i}]"))
            problems.extend(usage.problems(as_upgrade.get("abilities", []), f"{where}.as-upgrade.abilities"))
    for rid, override in versions.items():
        if not isinstance(override, dict) or set(override) - {"abilities", "note"}:
            problems.append(Problem(f"{where}.versions.{rid}", "a version overrides `abilities` (and may carry a `note`)", "una versión sustituye `abilities` (y puede llevar una `note`)"))
            continue
        for i, ability in enumerate(override.get("abilities", [])):
            problems.extend(VOCABULARY.check_ability(ability, f"{where}.versions.{rid}.abilities[{i}]"))
        problems.extend(usage.problems(override.get("abilities", []), f"{where}.versions.{rid}.abilities"))
    incomplete = raw.get("incomplete", "")
    if isinstance(incomplete, list) and all(isinstance(x, str) for x in incomplete):
        incomplete = "; ".join(incomplete)
    if not isinstance(incomplete, str):
        problems.append(Problem(f"{where}.incomplete", "incomplete says what is missing, as text or a list of texts",
                                "incomplete dice qué falta, como texto o lista de textos"))
    if problems:
        return None, problems
    en = names.get("en") or names.get("es") or names.get("pt")
    card = CardDef(
        id=cid, name_en=en, name_es=names.get("es", en), name_pt=names.get("pt", en), house=house, type=ctype,
        power=power, armor=armor, bonus=tuple(bonus), keywords=keywords, traits=tuple(t.lower() for t in traits),
        abilities=tuple(abilities), aliases=tuple(raw.get("aliases", ())), set=str(raw.get("set", "")),
        number=str(raw.get("number", "")), houses=tuple(houses), errata=str(raw.get("errata", "")), custom=custom,
        versions=dict(versions), incomplete=incomplete, meta={"note": raw.get("note", "")},
        as_upgrade=tuple(as_upgrade.get("abilities", ())) if as_upgrade is not None else None,
        printings=tuple(tuple(p) for p in raw.get("printings", ())),
    )
    return card, []


def _blanks(card: CardDef) -> bool:
    """Whether the card (in any rulebook's version) has a constant ability that blanks other cards' text boxes."""
    return any(a.get("trigger") == "constant" and isinstance(a.get("effect"), dict) and a["effect"].get("modify") == "blank"
               for a in (*card.abilities, *(x for v in card.versions.values() for x in v.get("abilities", ()))))


class _Versioned(Mapping[str, CardDef]):
    """The cards under it as one rulebook has them: a card with a version for that rulebook has its abilities."""

    def __init__(self, cards: Mapping[str, CardDef], ruleset_id: str) -> None:
        self._cards, self._ruleset = cards, ruleset_id
        self._made: dict[str, CardDef] = {}

    def __getitem__(self, cid: str) -> CardDef:
        card = self._cards[cid]
        override = card.versions.get(self._ruleset)
        if override is None:
            return card
        made = self._made.get(cid)
        if made is None or made.abilities is not override.get("abilities", card.abilities):
            made = self._made[cid] = dataclasses.replace(card, abilities=tuple(override.get("abilities", card.abilities)))
        return made

    def __contains__(self, cid: object) -> bool:
        return cid in self._cards

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)


class Catalog(core_catalog.Catalog[CardDef]):
    """Every known KeyForge card, with look-up by any of its names."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._copies: dict[tuple[str, str], CardDef] = {}
        self._upgrade_forms: dict[str, CardDef] = {}
        self._blankers: set[str] = set()
        self._under: Catalog | None = None
        self._pool_names: dict[str, str] = {}
        self._own: set[str] = set()
        super().__init__(cards)

    def _loaded(self, card: CardDef) -> None:
        if _blanks(card):
            self._blankers.add(card.id)

    def lookup(self, name: str) -> CardDef:
        try:
            return super().lookup(name)
        except UnknownCardError as exc:
            if "unknown card" not in str(exc):
                raise  # a name several cards share: the message says to use the id
            raise UnknownCardError(f"{exc}. A card the catalog does not have can be defined in the position: "
                                   f"[position.cards.<id>] with name, house, type (power, bonus, keywords, abilities…: "
                                   f"docs/abilities.md), then named by its id or name",
                                   f"{exc.message_es}. Una carta que el catálogo no tiene se define en la posición: "
                                   f"[position.cards.<id>] con name, house, type (power, bonus, keywords, abilities…: "
                                   f"docs/abilities.md), y se nombra por su id o su nombre") from None

    def has_blanking_cards(self) -> bool:
        """Whether any card read so far has a constant ability that blanks other cards' text boxes: when none has, a
        board need not look for one on every ability check (the common case, and the costly one). Every card of a
        position is looked up when the position is read, so a card in play has been read."""
        return bool(self._blankers) or (self._under is not None and self._under.has_blanking_cards())

    def view(self) -> Catalog:
        view = super().view()
        assert isinstance(view, Catalog)
        view._copies, view._upgrade_forms, view._blankers, view._under, view._own = {}, {}, set(), self, set()
        return view

    def upgrade_form(self, base: CardDef) -> CardDef:
        """A creature played as an upgrade (Astromóvil Explorador): an upgrade of the same card with the text it has as
        an upgrade, while it is in play so (KF172-GEN-23 to GEN-26); anywhere else it is the creature (KF172-GEN-27)."""
        if base.id not in self._upgrade_forms:
            self._upgrade_forms[base.id] = dataclasses.replace(base, type="upgrade", power=0, armor=0, keywords=(),
                                                               abilities=tuple(base.as_upgrade or ()))
        return self._upgrade_forms[base.id]

    def copy_of(self, base: CardDef, copied_id: str) -> CardDef:
        """What a card that is a copy of another card is (Gel Mímico, Imitación): the copied card as printed — its
        name, keywords, bonus icons, abilities, power and armor, without the counters or effects on the original
        (KF172-CARD-57) — keeping the copying card's own type (a Gel Mímico copying an Autolegionario that is a
        creature is a creature: KF172-CARD-59) and the house its copy ability names, if it names one ("except it
        belongs to house Logos")."""
        key = (base.id, copied_id)
        if key not in self._copies:
            copied = self.lookup(copied_id)
            house = next((a["effect"].get("house") for a in base.abilities if a.get("trigger") == "constant"
                          and a.get("effect", {}).get("modify") == "played-as-copy"), None)
            changes: dict[str, Any] = {"type": base.type if base.is_creature or base.type == copied.type else copied.type}
            if house:
                changes.update(house=house, houses=())
            self._copies[key] = dataclasses.replace(copied, **changes)
        return self._copies[key]

    def add(self, card: CardDef) -> None:
        super().add(card)
        self._own.add(card.id)
        if _blanks(card):
            self._blankers.add(card.id)

    def add_pool(self, cards: Iterable[dict[str, Any]], folder: Path) -> None:
        """The cards of the pool (facts from ``pool.json``), each read from ``folder/<set>/<id>.toml`` when first
        looked up. A card already here (written wholly by hand) keeps its own names and gains the pool's ones; no
        card of the pool takes a name a hand-written card answers to."""
        taken = set(self._names)
        for facts in cards:
            cid = facts["id"]
            names = [n for n in pool_names(facts) if core_catalog.name_key(n) not in taken]
            if cid in self.cards:
                self.index(cid, names)
                continue
            self._pool_names[cid] = facts["name"]["es"]
            self.defer(cid, [cid, *names], functools.partial(read_pool_card, facts, folder))

    def sort_name_of(self, cid: str) -> str:
        # A card of the pool is ordered by the name of its facts, without reading its file; a card a view defines
        # over it (a custom card of the same id) by its own.
        known = self._pool_names.get(cid)
        return super().sort_name_of(cid) if known is None or cid in self._own else known

    def with_custom(self, custom: dict[str, Any]) -> tuple[Catalog, list[Problem]]:
        """A catalog extended with a position's custom cards (which win over catalog cards of the same name): an
        overlay, the shared catalog is neither copied nor changed."""
        problems: list[Problem] = []
        extra: list[CardDef] = []
        for cid, raw in custom.items():
            if not isinstance(raw, dict):
                problems.append(Problem(f"cards.{cid}", "a custom card is a table", "una carta propia es una tabla"))
                continue
            card, found = card_from_dict(cid, raw, where=f"cards.{cid}", custom=True)
            problems.extend(found)
            if card is not None:
                extra.append(card)
        if not extra:
            return self, problems
        merged = self.overlay(extra)
        assert isinstance(merged, Catalog)
        # Whether a card blanks others: known for the shared catalog, so only the position's cards are looked at.
        merged._blanking = self.has_blanking_cards() or Catalog(extra).has_blanking_cards()
        return merged, problems

    def for_ruleset(self, ruleset_id: str) -> Catalog:
        """The catalog as a given rulebook has it: cards with a version for it use that version's abilities."""
        view = self.view()
        view.cards = ChainMap({}, _Versioned(self.cards, ruleset_id))
        return view

    def sort_name(self, card: CardDef) -> str:
        return card.name_es


def pool_names(facts: dict[str, Any]) -> list[str]:
    """The names a card of the pool answers to: its name in each language and, for an evil twin (which has the name
    of the card it mirrors), that name marked as the evil twin's."""
    names = list(dict.fromkeys(facts["name"].values()))
    if facts["id"].endswith("-evil-twin"):
        names += [f"{facts['name']['en']} (Evil Twin)", f"{facts['name']['es']} (Reflejo oscuro)"]
    return names


def pool_card_path(facts: dict[str, Any], folder: Path = CARDS_DIR) -> Path:
    """Where the abilities of a card of the pool are written: the folder of the set it was first printed in."""
    return folder / (facts.get("set") or "other").lower() / f"{facts['id']}.toml"


NOT_ENCODED = "not-encoded"
"""The ``incomplete`` of a card of the pool that has no file yet: none of its abilities is encoded."""


def pool_card_table(facts: dict[str, Any], folder: Path = CARDS_DIR) -> tuple[dict[str, Any], Path]:
    """A card of the pool as a card table: its facts, with what its own file writes over them."""
    raw: dict[str, Any] = {k: facts[k] for k in ("name", "house", "type", "power", "armor", "bonus", "keywords",
                                                 "traits", "set", "number", "printings") if k in facts}
    path = pool_card_path(facts, folder)
    try:
        own = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if not facts.get("plain"):
            raw["incomplete"] = NOT_ENCODED
        return raw, path
    own.pop("id", None)
    raw.update(own)
    return raw, path


def read_pool_card(facts: dict[str, Any], folder: Path = CARDS_DIR) -> CardDef:
    """A card of the pool, read the first time it is looked up; a broken file is a bug of the project."""
    raw, path = pool_card_table(facts, folder)
    card, problems = card_from_dict(facts["id"], raw, where=f"{path.parent.name}/{path.name}")
    if card is None:
        raise ValueError(f"card {facts['id']} has problems:\n" + "\n".join(f"  - {p}" for p in problems))
    return card


def load_dir(folder: Path = CARDS_DIR) -> tuple[list[CardDef], list[Problem]]:
    """Every card of a folder of card files, with every problem found in them."""
    return core_catalog.read_card_files(folder, lambda cid, raw, where: card_from_dict(cid, raw, where=where))


@functools.lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The shipped catalog: the hand-written cards and the whole pool; a broken card file is a bug of the project,
    so it stops here loudly (a card of the pool, when it is first looked up)."""
    cards, problems = load_dir()
    if problems:
        raise ValueError("card catalog has problems:\n" + "\n".join(f"  - {p}" for p in problems))
    catalog = Catalog(cards)
    catalog.add_pool(pool.read(), CARDS_DIR)
    return catalog


def catalog_with(ruleset_id: str, custom: dict[str, Any]) -> tuple[Catalog, tuple[Problem, ...]]:
    """The cards as a ruleset's document has them, with a position's custom cards, and the problems of those."""
    if not custom:
        return _catalog_with(ruleset_id, "{}")
    return _catalog_with(ruleset_id, json.dumps(custom, sort_keys=True, ensure_ascii=False))


@functools.lru_cache(maxsize=64)
def _catalog_with(ruleset_id: str, custom_json: str) -> tuple[Catalog, tuple[Problem, ...]]:
    # Keyed by the custom cards' text: positions of one scenario file share their catalog.
    custom = json.loads(custom_json)
    # Custom cards are an overlay on the ruleset's own catalog, which is made once.
    base = _catalog_with(ruleset_id, "{}")[0] if custom else default_catalog().for_ruleset(ruleset_id)
    catalog, problems = base.with_custom(custom)
    return catalog, tuple(problems)
