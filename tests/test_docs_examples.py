"""The examples of docs/scenarios.md are scenarios: each one marked as an example runs and passes, so the format the
documentation shows is the format the engine reads."""

from __future__ import annotations

import re
import tomllib

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core.scenario import Runner, Scenario

DOC = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"<!-- example -->\n```toml\n(.*?)```", DOC, re.S)


def test_the_documentation_has_examples():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("text", EXAMPLES, ids=[tomllib.loads(t)["id"] for t in EXAMPLES])
def test_a_documented_example_passes(text):
    scenario = Scenario.from_dict(tomllib.loads(text))
    assert scenario.has_outcome_expectation()
    result = Runner(rulesets.get).run(scenario)
    assert result.passed, result.report()
