"""Exploring a play: every combination of answers, grouped into distinct outcomes, with what the bounds cut."""

from __future__ import annotations

import pytest

from judge.core.decisions import Option, Question
from judge.core.explore import candidate_answers, diff, differences, explore, facts

FLANK = {"active": "p1", "step": "main",
         "players": {"p1": {"house": "brobnar", "hand": ["Troll"], "battleline": ["Krump"]}, "p2": {"amber": 3}}}


def question(n: int, lo: int = 1, hi: int = 1) -> Question:
    return Question(key="k", player="p1", prompt_es="?", prompt_en="?", rule="r",
                    options=tuple(Option(str(i), str(i)) for i in range(n)), min_choices=lo, max_choices=hi)


def test_a_single_choice_tries_every_option():
    assert candidate_answers(question(3)) == (["0", "1", "2"], 0)


def test_choosing_all_options_is_an_order():
    answers, cut = candidate_answers(question(3, 3, 3))
    assert len(answers) == 6 and ["2", "1", "0"] in answers and cut == 0
    answers, cut = candidate_answers(question(5, 5, 5), cap=24)
    assert len(answers) == 24 and cut == 120 - 24


def test_up_to_n_is_every_combination():
    answers, cut = candidate_answers(question(3, 0, 2))
    assert answers == [[], ["0"], ["1"], ["2"], ["0", "1"], ["0", "2"], ["1", "2"]] and cut == 0


def test_a_play_without_choices_has_one_outcome(kf):
    position = kf.read_position({"active": "p1", "step": "main",
                                 "players": {"p1": {"house": "shadows", "hand": ["Gato por Liebre"]},
                                             "p2": {"amber": 14}}})
    ex = explore(kf, position, "play Gato por Liebre")
    assert len(ex.groups) == 1 and not ex.matters and ex.complete
    assert ex.groups[0].paths[0].answers == []
    assert kf.query(ex.groups[0].outcome.position, "p1.amber") == 2


def test_the_flank_matters(kf):
    position = kf.read_position(FLANK)
    ex = explore(kf, position, "play Troll")
    assert ex.matters and len(ex.groups) == 2 and ex.resolved == 3
    assert sorted(g.paths[0].answers for g in ex.groups) == [["left"], ["right"]]
    assert differences(kf, ex) == ["c1.index", "c2.index"]
    described = ex.groups[0].paths[0].describe("en")
    assert described[0]["key"] == "flank" and described[0]["labels"][0].endswith("flank")


def test_the_budget_cuts_and_says_so(kf):
    position = kf.read_position(FLANK)
    ex = explore(kf, position, "play Troll", budget=2)
    assert ex.cut == 1 and not ex.complete and len(ex.groups) == 1


def test_a_prefix_fixes_the_first_answers(kf):
    position = kf.read_position(FLANK)
    ex = explore(kf, position, "play Troll", ["right"])
    assert len(ex.groups) == 1 and ex.groups[0].paths[0].answers == ["right"]


def test_an_illegal_play_is_refused(kf):
    from judge.core.errors import IllegalPlayError

    position = kf.read_position(FLANK)
    with pytest.raises(IllegalPlayError):
        explore(kf, position, "reap c1")


def test_facts_and_their_difference(kf):
    before = kf.read_position(FLANK)
    outcome = kf.resolve(before, "play Troll", ["left"])
    changes = dict((k, (b, a)) for k, b, a in diff(facts(kf, before), facts(kf, outcome.position)))
    assert changes["c1.zone"] == ("p1.hand", "p1.battleline")
    assert changes["c2.index"] == (0, 1)
    assert facts(kf, before)["p2.amber"] == 3


def test_explore_imports_only_the_standard_library():
    import ast
    from pathlib import Path

    import judge.core.explore as module

    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    roots = {(n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    roots |= {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert roots <= {"__future__", "collections", "functools", "itertools", "json", "dataclasses", "typing", "judge"}
