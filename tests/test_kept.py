"""What a board keeps from a position while it does not change (judge/core/kept.py), and the position's revision."""

from __future__ import annotations

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core import kept
from judge.core.position import Position
from judge.core.resolution import Resolution
from judge.core.scenario import Runner, Scenario


class Counting:
    def __init__(self) -> None:
        self.position = Position(game="g", ruleset="r", players={}, active="p1")
        self.made = 0
        self.fail_at: int | None = None

    @kept.while_unchanged(lambda self: self.position.revision)
    def items(self):
        self.made += 1
        for i in range(3):
            if i == self.fail_at:
                raise ValueError(i)
            yield i


def test_an_answer_is_worked_out_once_while_the_position_does_not_change():
    c = Counting()
    assert list(c.items()) == [0, 1, 2]
    assert list(c.items()) == [0, 1, 2]
    assert c.made == 1
    c.position.changed()
    assert list(c.items()) == [0, 1, 2]
    assert c.made == 2


def test_a_kept_answer_is_replayed_lazily():
    c = Counting()
    assert next(iter(c.items())) == 0
    c.fail_at = 2  # not reached by a caller that stops at the first item
    assert next(iter(c.items())) == 0
    with pytest.raises(ValueError):
        list(c.items())
    with pytest.raises(ValueError):  # a failed answer is not kept: it fails again
        list(c.items())


def test_every_change_a_resolution_makes_is_a_new_revision():
    rs = rulesets.get("keyforge-17.2")
    p = rs.read_position({"active": "p1", "step": "main", "players": {
        "p1": {"house": "brobnar", "battleline": ["Troll"]}, "p2": {}}})
    res = Resolution(p, [], rs.cite)
    seen = {p.revision}
    card = p.player("p1").zone("battleline")[0]
    for change in (lambda: res.set_card(card, "damage", 1), lambda: res.set_player("p1", "amber", 2),
                   lambda: res.set_value("tide", "high"), lambda: res.move(card, "p1", "discard"),
                   lambda: res.set_turn(turn=2)):
        change()
        assert p.revision not in seen
        seen.add(p.revision)
    saved = p.copy()
    res.set_card(card, "damage", 2)
    before = p.revision
    p.restore(saved)
    assert p.revision > before, "a restored position is a new revision, not an old one again"


@pytest.mark.parametrize("game", ["keyforge", "mitos-y-leyendas"])
def test_kept_answers_match_fresh_ones_over_the_scenarios(game, monkeypatch):
    """With JUDGE_CHECK_KEPT's check on, every kept answer is compared with one worked out afresh: a change made to
    a position behind the resolution's back fails here."""
    monkeypatch.setattr(kept, "CHECK", True)
    runner = Runner(rulesets.get)
    for path in sorted((ROOT / "scenarios" / game).rglob("*.toml"))[::4]:
        result = runner.run(Scenario.from_file(path))
        assert result.passed, result.report()


def test_what_is_kept_per_definition_is_by_identity_and_forgotten_past_its_size():
    from judge.core.kept import per_definition

    calls = []

    @per_definition(maxsize=2)
    def read(definition):
        calls.append(definition)
        return len(calls)

    one, same_value = {"id": "a"}, {"id": "a"}
    assert read(one) == read(one) == 1  # the same definition is read once
    assert read(same_value) == 2  # an equal definition is another object: read on its own
    assert read({"id": "b"}) == 3  # past two entries, everything is forgotten
    assert read(one) == 4
