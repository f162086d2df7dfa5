"""Mitos y Leyendas: every general FAQ entry has a scenario, every ability word is implemented and documented, and the
catalog holds only cards the vocabulary can read."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from judge.core.scenario import Scenario
from judge.games.mitos_y_leyendas import vocabulary
from judge.games.mitos_y_leyendas.catalog import load_dir
from judge.games.mitos_y_leyendas.effects import HANDLERS
from judge.games.mitos_y_leyendas.rules import DECISIONS

SCENARIOS = sorted((ROOT / "scenarios" / "mitos-y-leyendas").glob("*.toml"))
DOC = (ROOT / "docs" / "abilities-mitos-y-leyendas.md").read_text(encoding="utf-8")


def _documented(word: str) -> bool:
    return re.search(rf"`{re.escape(word)}`", DOC) is not None


def test_every_general_entry_has_a_scenario(corpus):
    general = {e.id for e in corpus.entries.values() if e.id.startswith("MYL-GEN-")}
    assert len(general) == 51
    covered = {entry for path in SCENARIOS for entry in Scenario.from_file(path).entries}
    missing = sorted(general - covered)
    assert missing == [], f"{len(missing)} MYL-GEN entries have no scenario: {', '.join(missing)}"


@pytest.mark.parametrize("word", sorted(vocabulary.EFFECTS))
def test_every_effect_is_implemented_and_documented(word):
    assert word in HANDLERS, f"effect {word!r} has no implementation"
    assert _documented(word), f"effect {word!r} is not in docs/abilities-mitos-y-leyendas.md"


@pytest.mark.parametrize("word", sorted({*vocabulary.TRIGGERS, *vocabulary.GRANTS, *vocabulary.TARGET_KEYS,
                                         *vocabulary.DURATIONS, *vocabulary.ABILITY_KINDS}))
def test_every_word_is_documented(word):
    assert _documented(word), f"{word!r} is not in docs/abilities-mitos-y-leyendas.md"


def test_every_implemented_effect_is_a_word_of_the_vocabulary():
    assert sorted(set(HANDLERS) - set(vocabulary.EFFECTS)) == []


def test_the_catalog_loads_and_every_card_says_where_it_comes_from():
    cards, problems = load_dir()
    assert not problems
    assert cards
    assert all(c.source.startswith("FAQ L") for c in cards.values())


@pytest.mark.parametrize("decision", sorted(DECISIONS))
def test_every_decision_the_engine_applies_is_in_both_documents(decision):
    corpus_text = (ROOT / "rulings" / "myl-decisiones" / "rules" / "decisiones.md").read_text(encoding="utf-8")
    docs_text = (ROOT / "docs" / "mitos-y-leyendas-decisions.md").read_text(encoding="utf-8")
    assert f"{{#{decision}}}" in corpus_text
    assert f"`myl.decision.{decision}`" in docs_text
