"""The three games' folders share one layout on one core (issue #9): a reader who knows one game's folder finds
their way in the others, and each game only declares what the core checks and looks up."""

from __future__ import annotations

import importlib

import pytest

from conftest import ROOT
from judge.core import catalog as core_catalog
from judge.core.ruleset import Ruleset
from judge.core.vocabulary import Handlers, Vocabulary

GAMES = ("keyforge", "mitos_y_leyendas", "gobierno_y_prestigio")

LAYOUT = {
    "rules.py": "the rulesets and the hooks where the rulebooks differ",
    "catalog.py": "the card catalog, on the core's",
    "cards": "the cards as data, one file a card",
    "vocabulary.py": "the words abilities are written in, declared for the core's checker",
    "board.py": "a read-only view of a position, with the continuous effects folded in",
    "targets.py": "choosing targets",
    "effects/__init__.py": "the interpreter and the registry of effect handlers",
    "turn.py": "the turn's steps",
    "playing.py": "playing a card",
    "timing.py": "the game's own timing, on the core's pieces",
    "reading.py": "a card's abilities read back in words, in Spanish and English, for the board",
}
"""Each place every game folder has, with what it holds (the list of issue #9)."""

MAX_LINES = 800


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("place", sorted(LAYOUT))
def test_every_game_folder_has_the_shared_layout(game, place):
    assert (ROOT / "judge" / "games" / game / place).exists(), f"{game} has no {place} ({LAYOUT[place]})"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_builds_on_the_core(game):
    rules = importlib.import_module(f"judge.games.{game}.rules")
    catalog = importlib.import_module(f"judge.games.{game}.catalog")
    vocabulary = importlib.import_module(f"judge.games.{game}.vocabulary")
    effects = importlib.import_module(f"judge.games.{game}.effects")
    assert all(isinstance(rs, Ruleset) for rs in rules.RULESETS)
    assert issubclass(catalog.Catalog, core_catalog.Catalog)
    assert isinstance(vocabulary.VOCABULARY, Vocabulary)
    # A game declares its words; the checking is the core's.
    assert not [name for name in vars(vocabulary) if name.startswith("check")]
    assert isinstance(effects.HANDLERS, dict) and effects.HANDLERS
    handler_modules = [p for p in (ROOT / "judge" / "games" / game / "effects").glob("*.py") if p.name != "__init__.py"]
    assert len(handler_modules) >= 3, "the effect handlers are split by family"


@pytest.mark.parametrize("game", ["mitos_y_leyendas", "gobierno_y_prestigio"])
def test_the_registry_of_handlers_is_the_cores(game):
    effects = importlib.import_module(f"judge.games.{game}.effects")
    assert isinstance(effects.HANDLERS, Handlers)


def test_no_module_of_the_engine_is_over_800_lines():
    long = {str(p.relative_to(ROOT)): n for folder in ("judge/core", "judge/games") for p in (ROOT / folder).rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_nothing_changes_a_position_behind_the_resolutions_back():
    """A game changes a position through its Resolution (each change recorded, rolled back with it), objects that come
    into being and cards a game defines as it goes too (``Resolution.create``, ``Resolution.define_card``); the only
    write of its own is KeyForge's note of the catalog a position was read with."""
    import re

    writes = re.compile(r"\.zone\([^)]*\)\.(append|insert|remove|pop|extend)\(|__dict__\[|\.restore\(|"
                        r"position\.(stack|priority|passed|cards|values|players|active|turn|step|result)\s*=[^=]")
    allowed = {("keyforge/rules.py", "catalog_for")}
    found = []
    for path in sorted((ROOT / "judge" / "games").rglob("*.py")):
        function = ""
        for line in path.read_text(encoding="utf-8").splitlines():
            if m := re.match(r"\s*def (\w+)", line):
                function = m.group(1)
            if writes.search(line) and not line.lstrip().startswith("#"):
                where = (str(path.relative_to(ROOT / "judge" / "games")), function)
                if where not in allowed:
                    found.append(f"{where[0]} ({function}): {line.strip()}")
    assert found == []
