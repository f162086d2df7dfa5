"""Positions have one canonical text form that reads back to an equal position."""

from __future__ import annotations

import pytest

from conftest import ROOT
from judge.core.errors import MalformedPositionError
from judge.core.scenario import Scenario

SCENARIO_FILES = sorted((ROOT / "scenarios").rglob("*.toml"))


def _round_trip(ruleset, position):
    text = ruleset.dumps(position)
    again = ruleset.loads(text)
    assert again == position
    assert ruleset.dumps(again) == text


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_every_scenario_position_round_trips(path):
    from judge import rulesets

    scenario = Scenario.from_file(path)
    ruleset = rulesets.get(scenario.ruleset)
    _round_trip(ruleset, ruleset.read_position(scenario.position))


def test_a_rich_position_round_trips(kf):
    position = kf.loads('''
active = "p2"
turn = 7
step = "main"
[values]
first-turn = false
plays = { troll = 1 }
[players.p1]
amber = 4
keys = ["red"]
chains = 3
houses = ["brobnar", "shadows", "logos"]
battleline = [{ card = "Trol", damage = 2, exhausted = true, amber = 1, counter-doom = 1 }, "Krump"]
hand = ["Furia"]
discard = ["Gato por Liebre", "Puerta Dimensional"]
[players.p2]
amber = 0
house = "untamed"
battleline = [{ card = "Bruja del Ocaso", stun = true, ward = true }, { card = "Pilluelo", owner = "p1" }]
deck = ["Tigre Portentoso", "Oso Ancestral"]
''')
    _round_trip(kf, position)
    text = kf.dumps(position)
    assert 'card = "troll"' in text and 'owner = "p1"' in text
    # uids are given in reading order to cards written without one.
    assert [c.uid for c in position.player("p1").zone("battleline")] == ["c1", "c2"]


def test_a_malformed_position_lists_every_problem_at_once(kf):
    with pytest.raises(MalformedPositionError) as info:
        kf.loads('''
active = "p3"
step = "main"
[players.p1]
amber = -1
chains = 30
battleline = [{ card = "No Such Card" }, { card = "Furia" }, { card = "Trol", damgae = 2 }]
[players.p2]
artifacts = ["Krump"]
''')
    text = str(info.value)
    problems = info.value.problems
    assert len(problems) >= 6, text
    for fragment in ("active", "amber", "chains", "No Such Card", "not a creature", "damgae", "did you mean 'damage'",
                     "not an artifact", "active house"):
        assert fragment in text, fragment


def test_bad_toml_is_a_malformed_position_not_a_crash(kf):
    with pytest.raises(MalformedPositionError, match="not valid TOML"):
        kf.loads("players = [")
