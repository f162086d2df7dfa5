"""Gobierno & Prestigio: every entry of the rules is a passing scenario, and every decision the engine cites is
written in the decisions document."""

from __future__ import annotations

import re

from conftest import ROOT
from judge.core.scenario import Scenario
from judge.games.gobierno_y_prestigio.keys import DECISIONS

GYP_SCENARIOS = sorted((ROOT / "scenarios" / "gobierno-y-prestigio").glob("*.toml"))


def test_every_gobierno_y_prestigio_entry_has_a_scenario(corpus):
    entries = {e.id for e in corpus.entries.values() if corpus.documents[e.document].game == "gobierno-y-prestigio"}
    assert len(entries) == 188
    covered = {entry for path in GYP_SCENARIOS for entry in Scenario.from_file(path).entries}
    missing = sorted(entries - covered)
    assert missing == [], f"{len(missing)} G&P entries have no scenario: {', '.join(missing)}"


def test_every_rule_entry_has_a_contrast():
    """A rule gets the position where it decides the outcome and a contrast where it does not apply."""
    ids = {path.stem for path in GYP_SCENARIOS}
    lacking = sorted(i for i in ids if not i.endswith("-contrast") and re.fullmatch(r"GP-(RULE|EX)-\d+", i) and f"{i}-contrast" not in ids)
    assert lacking == []


def test_every_decision_cited_is_in_both_documents(corpus):
    doc = (ROOT / "docs" / "gobierno-y-prestigio-decisions.md").read_text(encoding="utf-8")
    for decision in DECISIONS:
        assert corpus.has(f"gyp-decisiones#{decision}"), decision
        assert f"`gyp.decision.{decision}`" in doc, decision
