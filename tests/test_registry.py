"""The registry of rulesets (judge/rulesets.py) knows every game's rulesets without importing every game."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from conftest import ROOT
from judge import rulesets


def test_the_registry_lists_every_game_and_every_ruleset_it_defines():
    games = sorted(p.name for p in (ROOT / "judge" / "games").iterdir() if (p / "__init__.py").exists())
    assert sorted(rulesets.GAMES) == games
    for package, ids in rulesets.GAMES.items():
        defined = [r.id for r in importlib.import_module(f"judge.games.{package}").RULESETS]
        assert defined == list(ids), package
    assert [r.id for r in rulesets.all_rulesets()] == [i for ids in rulesets.GAMES.values() for i in ids]


def test_an_unknown_ruleset_is_a_key_error():
    with pytest.raises(KeyError):
        rulesets.get("chess-1.0")


def test_asking_for_one_game_imports_only_that_game():
    code = ("import sys; from judge import rulesets; rulesets.get('keyforge-17.2'); "
            "print(sorted(m for m in sys.modules if m.startswith('judge.games.') and m.count('.') == 2))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['judge.games.keyforge']"
