"""What a judge writes in a scenario beyond a position and its plays: corrections between plays, checks after a step
of a play, whether a play is legal, the question left pending; answers that are easy to give (a whole order at once,
an ability by card and name, an answer for a choice that turned out forced); and the position after the plays."""

from __future__ import annotations

import tomllib

import pytest

from judge import rulesets
from judge.cli import main
from judge.core.decisions import Option, Question
from judge.core.errors import InvalidAnswerError, ScenarioError
from judge.core.position import CardState, PlayerState, Position
from judge.core.resolution import Resolution, run
from judge.core.scenario import Runner, Scenario
from judge.core.trace import render

def _head(p1: str, p2: str) -> str:
    """A scenario's head: p1 in step 3 of their turn with Brobnar active, and what each player has."""
    return f'''
id = "FORMAT"
ruleset = "keyforge-17.2"
[position]
active = "p1"
step = "main"
[position.players.p1]
house = "brobnar"
{p1}
[position.players.p2]
{p2}
'''


HEAD = _head('''amber = 0
hand = [{ uid = "k", card = "Krump" }, { uid = "t", card = "Troll" }]
battleline = [{ uid = "x", card = "Krump" }]''', '''amber = 3
battleline = [{ uid = "y", card = "Troll" }, { uid = "z", card = "Krump" }]''')


def _run(text: str):
    return Runner(rulesets.get).run(Scenario.from_dict(tomllib.loads(text)))


def test_a_correction_between_plays_sets_values_and_is_traced():
    result = _run(HEAD + '''
[[plays]]
set = { "p2.amber" = { add = 2 }, "x.damage" = 1, "t.zone" = "p1.discard" }
[plays.expect]
"p2.amber" = 5
[[plays]]
play = "reap x"
[expect]
"p1.amber" = 1
"x.damage" = 1
"t.zone" = "p1.discard"
''')
    assert result.passed, result.report()
    assert "p2.amber: 3 → 5" in render(result.trace)


@pytest.mark.parametrize("change, why", [({"p1.hand": []}, "zone"), ({"x.owner": "p2"}, "cannot be set"),
                                         ({"x.zone": "p9.hand"}, "<player>.<zone>")])
def test_a_correction_that_names_nothing_settable_is_refused(change, why):
    doc = tomllib.loads(HEAD + '[[plays]]\nplay = "reap x"\n[expect]\n"p1.amber" = 1\n')
    doc["plays"].insert(0, {"set": change})
    result = Runner(rulesets.get).run(Scenario.from_dict(doc))
    assert result.error and why in result.error


def test_a_correction_must_leave_a_valid_position():
    result = _run(HEAD + '[[plays]]\nset = { "p1.amber" = -2 }\n[[plays]]\nplay = "reap x"\n[expect]\n"p1.amber" = 1\n')
    assert result.error and "amber" in result.error


def test_a_check_after_a_named_step_of_a_play():
    result = _run(HEAD + '''
[[plays]]
play = "play k"
answers = ["left"]
[plays.after-step.enter]
"k.zone" = "p1.battleline"
[plays.after-step."nonexistent-step"]
"p1.amber" = 0
[expect]
"k.zone" = "p1.battleline"
''')
    assert [f.what for f in result.failures] == ["after plays[0] 'play k': step 'nonexistent-step'"]


def test_whether_a_play_is_legal_and_the_rule_that_refuses_it():
    result = _run(HEAD + '''
[[plays]]
play = "reap x"
[expect]
"legal.play t" = true
"legal.reap x" = "ready-and-exhausted"
"legal.fight x" = false
"legal.play Nothing" = false
''')
    assert result.passed, result.report()


def test_the_question_a_last_play_leaves_pending():
    text = HEAD + '''
[[plays]]
play = "fight x"
[expect]
pending = true
"pending.key" = "fight-target"
"pending.player" = "p1"
"pending.rule" = "fight"
"pending.options" = ["Troll", "z"]
'''
    assert _run(text).passed
    wrong = _run(text.replace('"pending.options" = ["Troll", "z"]', '"pending.options" = ["Troll"]'))
    assert wrong.failures and wrong.failures[0].actual == ["y", "z"]


def test_a_pending_question_before_the_last_play_is_still_an_error():
    result = _run(HEAD + '[[plays]]\nplay = "fight x"\n[[plays]]\nplay = "play t"\n[expect]\npending = true\n')
    assert result.error and "unanswered" in result.error


def test_an_answer_for_a_choice_that_turned_out_forced_is_accepted():
    # Krump enters an empty battleline: there is no flank to choose, but the judge answered one.
    text = _head('hand = [{ uid = "k", card = "Krump" }]', 'battleline = [{ uid = "y", card = "Troll" }]') + '''
[[plays]]
play = "play k"
answers = ["right"]
[expect]
"k.zone" = "p1.battleline"
'''
    result = _run(text)
    assert result.passed, result.report()
    assert "forced-answer" in [s.kind for s in result.trace.walk()]
    # An answer that fits no such choice is still left over, and that is still an error.
    assert "left unused" in (_run(text.replace('answers = ["right"]', 'answers = ["Troll"]')).error or "")


def _order_question(res: Resolution, key: str = "order") -> Question:
    return Question(key=key, player="p1", rule="r", prompt_es="?", prompt_en="?",
                    options=(Option("a:x:0", "A", answer="Alpha: reap"), Option("b:y:0", "B", answer="Beta: play"),
                             Option("c:z:0", "C")))


def _position() -> Position:
    return Position(game="g", ruleset="g", players={"p1": PlayerState("p1"), "p2": PlayerState("p2")}, active="p1",
                    zone_order=("hand", "discard"))


def test_a_whole_order_answered_at_once():
    from judge.core.timing import ACTIVE_PLAYER_ORDERS, Pending, order_simultaneous

    done: list[str] = []

    def body(res: Resolution) -> None:
        pending = [Pending("p1", v, v, v, v, answer=a) for v, a in (("a", "Alpha: reap"), ("b", "Beta: play"), ("c", ""))]
        order_simultaneous(res, pending, policy=ACTIVE_PLAYER_ORDERS, players=["p1"], rule="r",
                           resolve=lambda p: done.append(p.item))

    out = run(_position(), [["Beta: play", "c", "Alpha: reap"]], lambda r: r, body)
    assert done == ["b", "c", "a"]
    assert [d.chosen for d in out.decisions] == ["b", "c"]   # the last one had no choice left
    done.clear()
    with pytest.raises(InvalidAnswerError):
        run(_position(), [["b", "c", "a", "b"]], lambda r: r, body)


def test_an_option_is_named_by_how_a_judge_writes_it():
    q = _order_question(None)
    assert q.pick("alpha: REAP") == "a:x:0"
    assert "Alpha: reap" in q.describe()


def test_the_trace_shows_the_key_of_each_question():
    result = _run(HEAD + '[[plays]]\nplay = "fight x"\nanswers = ["z"]\n[expect]\n"x.exhausted" = true\n')
    assert "? p1 [fight-target]:" in render(result.trace)


def test_judge_resolve_prints_a_position_that_reads_back(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text(HEAD + '[[plays]]\nplay = "reap x"\n[expect]\n"p1.amber" = 1\n', encoding="utf-8")
    assert main(["resolve", str(path)]) == 0
    block = capsys.readouterr().out
    position = tomllib.loads(block)["position"]
    again = rulesets.get("keyforge-17.2").read_position(position)
    assert again.player("p1").values["amber"] == 1
    assert [c.uid for c in again.player("p1").zone("battleline")] == ["x"]
    assert main(["trace", str(path), "--position"]) == 0
    assert "[position.players.p1]" in capsys.readouterr().out


def test_an_unknown_card_says_how_to_define_it(kf):
    from judge.core.errors import MalformedPositionError

    with pytest.raises(MalformedPositionError) as err:
        kf.read_position(tomllib.loads(HEAD.split("[position]", 1)[1].replace('"Troll"', '"Trool"', 1)
                                       .replace("[position.", "[")))
    assert "[position.cards.<id>]" in str(err.value)


def test_card_names_match_with_either_apostrophe(kf):
    catalog = kf.catalog_for(_position())
    assert catalog.lookup("Po's Pixies").id == catalog.lookup("Po’s Pixies").id


def test_a_scenario_correction_needs_its_table():
    with pytest.raises(ScenarioError):
        Scenario.from_dict({"id": "X", "ruleset": "keyforge-17.2", "position": {}, "plays": [{"set": 3}],
                            "expect": {"p1.amber": 0}})


def test_the_stamp_of_a_card_in_a_correction_is_kept():
    # A correction moves a card like any change: it becomes a new object in its new zone.
    position = _position()
    position.player("p1").zone("hand").append(CardState("c1", "krump", "p1", "p1"))

    def body(res: Resolution) -> None:
        from judge.core.paths import assign
        assign(res, "c1.zone", "p1.discard", lambda name: name)

    out = run(position, [], lambda r: r, body)
    assert out.position.find("c1")[1] == "discard" and out.position.find("c1")[2].stamp > 0
