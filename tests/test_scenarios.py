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
