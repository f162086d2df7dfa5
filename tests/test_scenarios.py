"""Every scenario file under scenarios/ is a test of its own, named by its id."""

from __future__ import annotations

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core.scenario import Runner, Scenario

SCENARIO_FILES = sorted((ROOT / "scenarios").rglob("*.toml"))


def test_there_are_scenarios():
    assert SCENARIO_FILES


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_scenario(path, corpus):
    scenario = Scenario.from_file(path)
    assert scenario.id == path.stem, "a scenario file is named by its id"
    for entry in scenario.entries:
        assert entry in corpus.entries, f"{scenario.id} names {entry}, which is not a canonical entry"
    assert scenario.has_outcome_expectation(), f"{scenario.id} asserts nothing about the outcome"
    result = Runner(rulesets.get).run(scenario)
    assert result.passed, result.report()


def test_every_worked_example_of_the_master_rulebook_has_a_scenario(corpus):
    from judge.core.scenario import Scenario

    covered = {s for path in SCENARIO_FILES for s in Scenario.from_file(path).sections}
    examples = {s.citation for s in corpus.sections_of("keyforge-17.2") if ".example-" in s.id}
    assert examples, "the corpus has no worked examples"
    assert sorted(examples - covered) == []


def test_scenario_sections_exist(corpus):
    from judge.core.scenario import Scenario

    for path in SCENARIO_FILES:
        for citation in Scenario.from_file(path).sections:
            assert corpus.has(citation), f"{path.name} names {citation}"


def test_every_keyforge_entry_has_a_scenario(corpus):
    """The FAQ oracle's promise: each of the 289 KeyForge entries (errata, FAQ, resolution order) is replayable."""
    keyforge = {e.id for e in corpus.entries.values() if corpus.documents[e.document].game == "keyforge"}
    assert len(keyforge) == 289
    covered = {entry for path in SCENARIO_FILES for entry in Scenario.from_file(path).entries}
    missing = sorted(keyforge - covered)
    assert missing == [], f"{len(missing)} KeyForge entries have no scenario: {', '.join(missing)}"


def test_a_reading_of_a_damaged_entry_is_also_on_its_ruling(corpus):
    """Where a scenario had to interpret its entry, the judge who opens the ruling sees that reading too."""
    missing = sorted({entry for path in SCENARIO_FILES for scenario in [Scenario.from_file(path)] if scenario.reading
                      for entry in scenario.entries if not corpus.entries[entry].note})
    assert missing == []
