"""Practice questions built from the scenarios: every scenario with a play makes one, the ruling's outcome is always
among the answers, and no two answers are the same outcome.

Building a question explores its play, so the suite checks a deterministic sample of the scenarios (every 5th
KeyForge scenario, every 4th Gobierno & Prestigio and Mitos y Leyendas scenario: 330 of 1,471 today) with a modest
budget; ``JUDGE_PRACTICE_ALL=1`` checks all of them (about a minute).
"""

from __future__ import annotations

import dataclasses
import os

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core import decisions
from judge.practice import catalogue, questions, views
from judge.practice.wording import visible_facts

SCENARIOS = ROOT / "scenarios"
EVERY = {"keyforge": 5, "gobierno-y-prestigio": 4, "mitos-y-leyendas": 4}
BUDGET = dataclasses.replace(questions.LIMITS, branches=60, options=24 * 60)
"""A modest budget: fewer resolutions than the service allows."""


def _sample() -> list:
    if os.environ.get("JUDGE_PRACTICE_ALL") == "1":
        return sorted(SCENARIOS.rglob("*.toml"))
    out = []
    for game, step in EVERY.items():
        out.extend(sorted((SCENARIOS / game).rglob("*.toml"))[::step])
    return out


SAMPLE = _sample()


def find(sid: str):
    return next(SCENARIOS.rglob(f"{sid}.toml"))


def test_the_sample_spreads_over_the_three_games():
    games = {p.relative_to(SCENARIOS).parts[0] for p in SAMPLE}
    assert len(SAMPLE) >= 300 and games == set(EVERY)


def fold(value):
    return decisions.fold(value) if isinstance(value, str) else [fold(v) for v in value] if isinstance(value, list) \
        else value


def _same(a, b) -> bool:
    """Two fact values are the same for a judge: a state or count the position leaves out is 0, false or none."""
    empty = (None, 0, False, "[]", "{}")
    return a == b or (a in empty and b in empty)


@pytest.mark.parametrize("path", SAMPLE, ids=[p.stem for p in SAMPLE])
def test_every_scenario_makes_a_question_with_the_ruling_among_distinct_answers(path):
    q = questions.build(path, BUDGET, branches=20)
    ids = [c.id for c in q.choices]
    texts = [tuple((t["es"], t["en"]) for t in c.lines) for c in q.choices]
    assert len(q.choices) >= 2, "a question offers at least two answers"
    assert [c.correct for c in q.choices].count(True) == 1, "exactly one answer is the ruling's"
    assert len(set(ids)) == len(ids) and len(set(texts)) == len(texts), "no answer is offered twice"
    assert all(c.lines for c in q.choices)
    # build() refuses a scenario whose ruling does not pass: the right answer comes from a checked ruling.
    correct = q.correct
    if q.kind == "outcome":
        # The right answer is the scenario's own outcome, never one computed another way.
        assert correct.kind == "ruling" and correct.line is q.ruling
        outcomes = [visible_facts(rulesets.get(c.line.ruleset), c.line.position)
                    for c in q.choices if c.line is not None and c.kind != "misreading"]
        for i, a in enumerate(outcomes):
            for b in outcomes[i + 1:]:
                assert any(not _same(a.get(k), b.get(k)) for k in set(a) | set(b)), "two answers, one outcome"
    else:
        assert correct.kind == "fact"
        if q.fact_source == "expectation":
            # A fact the ruling states: the scenario checks the same value on the position its plays lead to.
            actual = q.ruleset.query(q.ruling.position, q.fact_key)
            assert _same(fold(correct.value), fold(actual)), "the right fact is the ruling's"
        elif q.fact_source == "changes":
            assert _same(correct.value, visible_facts(q.ruleset, q.ruling.position).get(q.fact_key))
    assert q.decides is None or q.decides.rule, "the deciding step names its rule"


def test_a_recorded_misreading_is_offered_and_revealed_beside_the_ruling():
    q = questions.build(find("KF172-GEN-39"))
    assert q.kind == "outcome"
    said = {c.kind: c.lines[0]["en"] for c in q.choices}
    assert said == {"ruling": "Sir Marrows has 0 æmber on it", "misreading": "Sir Marrows has 1 æmber on it"}
    wrong = next(c for c in q.choices if not c.correct)
    shown = views.reveal(q, wrong)
    assert not shown["right"] and shown["other"] is not None and shown["contrast"]
    assert shown["decides"]["rule"] == "keyforge-17.2#replacement-effects"


def test_another_choice_is_revealed_with_the_step_where_the_two_ways_part():
    # Three destroyed cards: the order their "destroyed" effects resolve in orders the discard pile.
    q = questions.build(find("KF172-GLOSS-DESTROYED-1"))
    wrong = next(c for c in q.choices if not c.correct)
    assert wrong.kind == "choice"
    shown = views.reveal(q, wrong)

    def marked(node, mark):
        return ([node] if mark in node["marks"] else []) + [m for c in node["children"] for m in marked(c, mark)]

    parts_ruling, parts_other = marked(shown["ruling"], "parts"), marked(shown["other"], "parts")
    assert len(parts_ruling) == len(parts_other) == 1
    assert parts_ruling[0]["decision"]["key"] == "order" == parts_other[0]["decision"]["key"]
    assert marked(shown["ruling"], "shared") and shown["decides"]["rule"]


def test_a_choice_whose_outcome_only_restates_it_is_no_answer():
    # Which destroyed card goes first to the discard pile: the discard pile's order is the choice itself.
    q = questions.build(find("KF172-GEN-36-variant-1"))
    assert q.kind == "fact"


def test_a_right_pick_shows_the_ruling_alone():
    q = questions.build(find("KF172-GLOSS-DESTROYED-1"))
    shown = views.reveal(q, q.correct)
    assert shown["right"] and shown["other"] is None and shown["decides"]["rule"]


def test_another_rulebook_gives_a_wrong_answer_where_the_rule_changed():
    # KF11-FAQ-01: under 1.1, Gato por Liebre steals until both have the same æmber; the later rulebooks changed it.
    q = questions.build(find("KF11-FAQ-01"))
    other = [c for c in q.choices if c.kind == "ruleset"]
    assert other and all(c.note["en"].startswith("What KeyForge") for c in other)
    shown = views.reveal(q, other[0])
    assert shown["other"] is not None and shown["decides"]["rule"]


def test_an_exploration_over_budget_asks_a_fact_instead():
    tight = dataclasses.replace(questions.LIMITS, branches=1)
    q = questions.build(find("KF172-GLOSS-DESTROYED-1"), tight)
    assert q.kind == "fact" and q.note is not None and len(q.choices) >= 2


def test_a_refused_play_asks_whether_it_is_legal():
    q = questions.build(find("GP-RULE-044"))
    assert q.kind == "fact" and q.correct.lines[0]["en"].startswith("No")
    assert q.decides is not None and q.decides.rule.startswith("gyp-reglas-1#107.2")


def test_a_play_with_one_outcome_asks_where_a_card_ends():
    q = questions.build(find("KF172-GEN-06"))
    assert q.kind == "fact" and q.prompt["en"] == "Where does Frail end up?"
    assert q.correct.lines[0]["en"] == "Frail is in p2's discard pile"


def test_the_board_shows_what_waits_on_the_stack():
    from judge.practice import lines

    q = questions.build(find("GP-EX-04"))
    q.start = lines.position_before(q.scenario, 1, q.ruleset)  # Guardia played: an order waits on the stack
    shown = views.board(q)
    assert shown["stack"] == [{"kind": "orden", "source": {"es": "Guardia", "en": "Guardia"}, "controller": "p1"}]
    assert [z["key"] for p in shown["players"] for z in p["zones"]] == ["mano", "pg", "pila"]


def test_the_answers_of_a_question_are_in_the_same_order_every_time():
    first = [c.id for c in questions.build(find("KF172-CARD-95"), BUDGET).choices]
    assert first == [c.id for c in questions.build(find("KF172-CARD-95"), BUDGET).choices]


# The catalogue: games, topics, levels and sessions.


@pytest.fixture(scope="module")
def shelf():
    return catalogue.Catalogue(SCENARIOS)


def test_every_game_has_its_scenarios_and_topics(shelf):
    counts = shelf.games()
    assert counts["keyforge"] > 700 and counts["gobierno-y-prestigio"] > 350 and counts["mitos-y-leyendas"] > 90
    for game in counts:
        topics = shelf.topics(game)
        assert topics and all(t.count >= catalogue.MIN_SCENARIOS for t in topics)
    titles = {t.title["en"] for t in shelf.topics("keyforge")}
    assert {"Damage", "Destroyed", "Replacement effects"} <= titles
    assert "123. Daño" in {t.title["es"] for t in shelf.topics("gobierno-y-prestigio")}


def test_levels_split_the_steps_of_a_resolution():
    assert [catalogue.level_of(n) for n in (1, 11, 12, 24, 25, 200)] == [1, 1, 2, 2, 3, 3]


def test_a_session_goes_through_a_game_once_in_the_order_of_its_seed(shelf):
    seen, after = [], None
    while True:
        found = shelf.next("mitos-y-leyendas", "5eed", after=after)
        if found.item is None:
            assert found.done
            break
        seen.append(found.item.id)
        after = found.item.id
    assert sorted(seen) == sorted(i.id for i in shelf.of_game("mitos-y-leyendas"))
    assert seen[:5] == [i.id for i in shelf.order("mitos-y-leyendas", "5eed")[:5]]
    assert seen != [i.id for i in shelf.order("mitos-y-leyendas", "other")]


def test_a_session_finds_questions_of_its_topic_and_level(shelf):
    topic = "gyp-reglas-1#123"
    found = shelf.next("gobierno-y-prestigio", "ab", topic=topic, level=2, seconds=30)
    assert found.item is not None
    profile = shelf.profile(found.item)
    assert profile.level == 2 and (topic in found.item.named or topic in profile.topics)


def test_a_search_that_runs_out_of_time_says_where_it_stopped(shelf):
    ticks = iter(range(1000))
    found = shelf.next("keyforge", "ab", level=3, seconds=0.5, clock=lambda: next(ticks))
    assert found.item is None and not found.done and found.last is not None
