"""The core's timing pieces, driven through ``Ruleset.resolve`` as a game drives them.

Two small rulesets built here from core pieces only stand for the two timing models that the core must carry
besides KeyForge's: a stack game with priority and state-based actions (as Gobierno & Prestigio), and a game in
which every card played opens a response window whose responses resolve last in, first out (as Mitos y Leyendas).
Their cards are a few fixed effects; what is tested is the timing, not a game's rules.
"""

from __future__ import annotations

import ast
from typing import Any, ClassVar

import pytest

from conftest import ROOT
from judge.core import timing
from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError, JudgeError
from judge.core.notation import Layout
from judge.core.position import CardState, PlayerState, Position, Result, StackItem
from judge.core.resolution import Resolution, run
from judge.core.ruleset import Play, Ruleset
from judge.core.timing import Modifier, Pending, Priority, StateCheck, TriggerQueue
from judge.core.trace import render

# Card effects of the two test games: what happens when the card resolves.
BOLT = "bolt"          # 2 damage to the target; a creature with damage >= toughness dies (a state-based action)
SHIELD = "shield"      # the target gets +2 toughness
ANNUL = "annul"        # the targeted item on the stack is annulled: it leaves the stack without resolving
BEAR = "bear"          # a creature, toughness 2
ECHO = "echo"          # a creature; when it enters play, the controller draws (a triggered ability)


class _Game(Ruleset):
    verbs: ClassVar[tuple[str, ...]] = ("cast", "pass")

    def cite(self, rule: str) -> str:
        return rule if "#" in rule else f"test#{rule}"

    def verify_play(self, position: Position, play: Play) -> None:
        if play.player != self.acting_player(position):
            raise IllegalPlayError(f"{play.player} does not hold priority", rule=self.cite("priority"))
        if play.verb == "cast" and not any(c.uid == play.card for c in position.player(play.player).zone("hand")):
            raise IllegalPlayError(f"{play.card} is not in {play.player}'s hand", rule=self.cite("cast"))

    def resolve_play(self, res: Resolution, play: Play) -> None:
        rules = self.priority_rules()
        assert play.player is not None
        if play.verb == "pass":
            timing.pass_priority(res, rules, play.player)
            return
        card = next(c for c in res.position.player(play.player).zone("hand") if c.uid == play.card)
        data: dict[str, Any] = {}
        if card.card in (BOLT, SHIELD):
            targets = [c for _, z, c in res.position.all_cards() if z == "field"]
            data["target"] = res.choose(Question(
                key="target", player=play.player, rule="target", prompt_es="¿Objetivo?", prompt_en="Target?",
                options=tuple(Option(c.uid, c.uid) for c in targets)))
        elif card.card == ANNUL:
            data["target"] = res.choose(Question(
                key="target", player=play.player, rule="target", prompt_es="¿Qué anulas?", prompt_en="Annul what?",
                options=tuple(Option(i.id, i.source) for i in res.position.stack)))
        res.move(card, play.player, "stack")
        res.push(StackItem(res.position.next_stack_id(), play.player, card.uid, "card", data))
        timing.act(res, rules, play.player)

    def priority_rules(self) -> Priority:  # pragma: no cover - each game overrides
        raise NotImplementedError

    def query(self, position: Position, path: str) -> Any:
        raise KeyError(path)


def _resolve_card(res: Resolution, item: StackItem, triggers: TriggerQueue[str] | None = None) -> None:
    found = res.position.find(item.source)
    assert found is not None
    _, _, card = found
    target = item.data.get("target")
    if card.card == ANNUL:
        annulled = next((i for i in res.position.stack if i.id == target), None)
        if annulled is not None:
            with res.step("annul", "annul", f"{annulled.source} es anulada", f"{annulled.source} is annulled"):
                res.remove_from_stack(annulled)
                gone = res.position.find(annulled.source)
                assert gone is not None
                res.move(gone[2], annulled.controller, "discard")
    elif card.card == BOLT and res.position.find(target):
        victim = res.position.find(target)[2]  # type: ignore[index]
        res.set_card(victim, "damage", victim.get("damage") + 2)
    elif card.card == SHIELD and res.position.find(target):
        shielded = res.position.find(target)[2]  # type: ignore[index]
        res.set_card(shielded, "toughness-bonus", shielded.get("toughness-bonus") + 2)
    if card.card in (BEAR, ECHO):
        res.move(card, item.controller, "field")
        if card.card == ECHO and triggers is not None:
            triggers.raised(res, [Pending(item.controller, f"echo-{card.uid}", f"Eco ({card.uid})",
                                          f"Echo ({card.uid})", card.uid)], put=lambda p: None)
    else:
        res.move(card, item.controller, "discard")


class StackGame(_Game):
    """Priority passes around; the actor keeps priority; state-based actions and triggers before each priority."""

    layout: ClassVar[Layout] = Layout(zones=("hand", "field", "stack", "discard"), in_play=frozenset({"field", "stack"}),
                                      shared=frozenset({"stack"}), stamps=True)

    def priority_rules(self) -> Priority:
        game = self

        class Rules(Priority):
            def __init__(self) -> None:
                self.triggers: TriggerQueue[str] = TriggerQueue(timing.ON_PRIORITY, rule="triggers")

            def before_priority(self, res: Resolution) -> None:
                timing.settle(res, rule="state-based", checks=lambda: game.lethal(res), triggers=self.triggers,
                              put=lambda p: res.push(StackItem(res.position.next_stack_id(), p.controller,
                                                               str(p.item), "trigger")))

            def resolve(self, res: Resolution, item: StackItem) -> None:
                if item.kind == "trigger":
                    res.set_player(item.controller, "drawn", res.position.player(item.controller).values.get("drawn", 0) + 1)
                    return
                _resolve_card(res, item, self.triggers)

            def all_passed(self, res: Resolution) -> bool:
                res.set_turn(step="end")
                return False

        return Rules()

    def lethal(self, res: Resolution) -> list[StateCheck]:
        checks = []
        for player, zone, card in res.position.all_cards():
            if zone == "field" and card.get("damage") >= 2 + card.get("toughness-bonus"):
                checks.append(StateCheck("lethal", f"{card.uid} muere", f"{card.uid} dies",
                                         lambda c=card, p=player.id: res.move(c, c.owner, "discard"), card.uid))
        return checks


class WindowGame(_Game):
    """Each card played opens a window in which each player has one answer to it, the card's opponent first; an
    answer is a card played, with its own window; the last card played resolves first."""

    layout: ClassVar[Layout] = Layout(zones=("castle", "hand", "stack", "field", "discard"),
                                      in_play=frozenset({"field"}), hidden=frozenset({"castle", "hand"}))

    def priority_rules(self) -> Priority:
        class Rules(Priority):
            def next_to_act(self, position: Position) -> str | None:
                if not position.stack:
                    return None
                top = position.stack[-1]
                answered = top.data.get("answered", [])
                return next((p for p in (position.next_player(top.controller), top.controller) if p not in answered), None)

            def _answered(self, res: Resolution, item: StackItem, pid: str) -> None:
                res.set_item(item, "answered", [*item.data.get("answered", []), pid])

            def acted(self, res: Resolution, actor: str) -> None:
                # The answer used the actor's one chance on the card it answers.
                if len(res.position.stack) > 1:
                    self._answered(res, res.position.stack[-2], actor)

            def passed_by(self, res: Resolution, pid: str) -> None:
                self._answered(res, res.position.stack[-1], pid)

            def resolved(self, res: Resolution, item: StackItem) -> None:
                res.set_priority(None)

            def resolve(self, res: Resolution, item: StackItem) -> None:
                _resolve_card(res, item)

        return Rules()

    def verify_play(self, position: Position, play: Play) -> None:
        if position.priority is None and play.player != position.active:
            raise IllegalPlayError("only the active player plays with no window open", rule=self.cite("turn"))
        if position.priority is not None:
            super().verify_play(position, play)


def _position(ruleset: Ruleset, doc: dict[str, Any]) -> Position:
    return ruleset.read_position({"active": "p1", **doc})


STACK = StackGame(id="test-stack", game="test", document="test", title="Stack test game")
WINDOW = WindowGame(id="test-window", game="test", document="test", title="Window test game")


def test_a_response_chain_three_deep_resolves_last_in_first_out():
    position = _position(WINDOW, {"players": {
        "p1": {"hand": [{"uid": "a", "card": BEAR}, {"uid": "c", "card": ANNUL}], "castle": 30},
        "p2": {"hand": [{"uid": "b", "card": ANNUL}], "castle": 30}}})
    out = WINDOW.resolve(position, "cast a")
    assert out.position.priority == "p2" and [i.source for i in out.position.stack] == ["a"]
    out = WINDOW.resolve(out.position, Play.parse("cast b", by="p2"))          # annul the bear
    assert out.position.priority == "p1" and [i.source for i in out.position.stack] == ["a", "b"]
    out = WINDOW.resolve(out.position, Play.parse("cast c", by="p1"), ["s2"])  # annul the annulment
    assert [i.source for i in out.position.stack] == ["a", "b", "c"] and out.position.priority == "p2"
    out = WINDOW.resolve(out.position, Play.parse("pass", by="p2"))
    assert out.position.priority == "p1" and len(out.position.stack) == 3
    out = WINDOW.resolve(out.position, Play.parse("pass", by="p1"))
    # c resolved first and took b off the stack: only the bear is left. p2 used their one answer to it (b, now
    # annulled); p1 has not answered the bear yet.
    assert [i.source for i in out.position.stack] == ["a"] and out.position.priority == "p1"
    assert [c.uid for c in out.position.player("p2").zone("discard")] == ["b"]
    kinds = [s.kind for s in out.trace.walk()]
    assert kinds.index("resolve") < kinds.index("annul")
    with pytest.raises(IllegalPlayError):
        WINDOW.resolve(out.position, Play.parse("pass", by="p2"))
    out = WINDOW.resolve(out.position, Play.parse("pass", by="p1"))
    assert out.position.stack == [] and out.position.priority is None
    assert [c.uid for c in out.position.player("p1").zone("field")] == ["a"]


def test_an_annulled_card_never_resolves():
    position = _position(WINDOW, {"players": {"p1": {"hand": [{"uid": "a", "card": BEAR}]},
                                              "p2": {"hand": [{"uid": "b", "card": ANNUL}]}}})
    out = WINDOW.resolve(position, "cast a")
    out = WINDOW.resolve(out.position, Play.parse("cast b", by="p2"))
    out = WINDOW.resolve(out.position, Play.parse("pass", by="p1"))
    out = WINDOW.resolve(out.position, Play.parse("pass", by="p2"))
    assert out.position.stack == [] and out.position.priority is None
    assert [c.uid for c in out.position.player("p1").zone("discard")] == ["a"]
    assert out.position.player("p1").zone("field") == []


def test_a_stack_left_between_two_plays_is_written_and_read_back():
    position = _position(STACK, {"players": {"p1": {"hand": [{"uid": "x", "card": BOLT}], "field": [{"uid": "t", "card": BEAR}]},
                                             "p2": {"hand": [{"uid": "y", "card": SHIELD}]}}})
    out = STACK.resolve(position, "cast x")
    text = STACK.dumps(out.position)
    assert "priority = \"p1\"" in text and "\nstack = [" in text and "[table]" in text
    again = STACK.loads(text)
    assert again == out.position
    assert STACK.dumps(again) == text
    # The judge writes the position by hand: the bolt on the stack, p1 has passed, p2 holds priority.
    hand_written = STACK.read_position({
        "active": "p1", "priority": "p2", "passed": ["p1"],
        "players": {"p1": {"field": [{"uid": "t", "card": BEAR}]}, "p2": {"hand": [{"uid": "y", "card": SHIELD}]}},
        "table": {"stack": [{"uid": "x", "card": BOLT, "owner": "p1", "controller": "p1"}]},
        "stack": [{"id": "s1", "controller": "p1", "source": "x", "target": "t"}]})
    out = STACK.resolve(hand_written, "cast y")           # p2 responds: the shield goes on top
    assert [i.source for i in out.position.stack] == ["x", "y"] and out.position.priority == "p2"
    assert out.position.passed == []
    for who in ("p2", "p1"):
        out = STACK.resolve(out.position, Play.parse("pass", by=who))
    assert [i.source for i in out.position.stack] == ["x"] and out.position.priority == "p1"
    assert out.position.find("t")[2].get("toughness-bonus") == 2  # type: ignore[index]
    for who in ("p1", "p2"):
        out = STACK.resolve(out.position, Play.parse("pass", by=who))
    # The bolt's 2 damage no longer kills a bear with +2 toughness.
    assert out.position.find("t")[1] == "field"  # type: ignore[index]
    assert out.position.stack == [] and out.position.priority == "p1"


def test_state_based_actions_apply_before_priority_and_all_at_once():
    position = _position(STACK, {"players": {"p1": {"hand": [{"uid": "x", "card": BOLT}],
                                                    "field": [{"uid": "t", "card": BEAR}, {"uid": "u", "card": BEAR, "damage": 2}]},
                                             "p2": {}}})
    out = STACK.resolve(position, "cast x", ["t"])
    # u already had lethal damage: it dies before p1 receives priority for the first time.
    assert out.position.find("u")[1] == "discard"  # type: ignore[index]
    for who in ("p1", "p2"):
        out = STACK.resolve(out.position, Play.parse("pass", by=who))
    assert out.position.find("t")[1] == "discard"  # type: ignore[index]
    steps = [s for s in out.trace.walk() if s.kind == "state-checks"]
    assert len(steps) == 1 and [c.kind for c in steps[0].children] == ["state-check"]
    kinds = [s.kind for s in out.trace.walk()]
    assert kinds.index("state-checks") < kinds.index("priority")


def test_all_passing_on_an_empty_stack_ends_the_round():
    position = _position(STACK, {"priority": "p2", "passed": ["p1"], "players": {"p1": {}, "p2": {}}})
    out = STACK.resolve(position, Play.parse("pass", by="p2"))
    assert out.position.priority is None and out.position.step == "end"
    assert "all-passed" in [s.kind for s in out.trace.walk()]


def test_a_player_without_priority_cannot_act():
    position = _position(STACK, {"priority": "p2", "players": {"p1": {"hand": [{"uid": "x", "card": BOLT}]}, "p2": {}}})
    with pytest.raises(IllegalPlayError):
        STACK.resolve(position, Play.parse("cast x", by="p1"))
    assert STACK.with_player(position, "pass").player == "p2"


def test_triggers_go_on_the_stack_the_next_time_a_player_would_receive_priority():
    position = _position(STACK, {"players": {"p1": {"hand": [{"uid": "e", "card": ECHO}]}, "p2": {}}})
    out = STACK.resolve(position, "cast e")
    for who in ("p1", "p2"):
        out = STACK.resolve(out.position, Play.parse("pass", by=who))
    # The echo entered play; its trigger went on the stack before p1 received priority again.
    assert [i.kind for i in out.position.stack] == ["trigger"] and out.position.priority == "p1"
    for who in ("p1", "p2"):
        out = STACK.resolve(out.position, Play.parse("pass", by=who))
    assert out.position.player("p1").values["drawn"] == 1 and out.position.stack == []


def _queue_run(mode: str, raise_from: dict[str, list[tuple[str, str]]], first: list[tuple[str, str]],
               answers: list[str]) -> tuple[list[str], Any]:
    """Raise ``first`` together; each resolved ability raises those listed for it in ``raise_from``."""
    done: list[str] = []
    doc = {"active": "p1", "players": {"p1": {}, "p2": {}}}
    position = STACK.read_position(doc)

    def body(res: Resolution) -> None:
        queue: TriggerQueue[str] = TriggerQueue(mode, rule="triggers")

        def pend(pid: str, name: str) -> Pending[str]:
            return Pending(pid, name, name, name, name)

        def put(p: Pending[str]) -> None:
            with res.step("ability", "triggers", p.value, p.value):
                done.append(p.value)
                nested = raise_from.get(p.value, [])
                if nested:
                    queue.raised(res, [pend(*n) for n in nested], put)

        if mode == timing.AFTER_RESOLVING:
            with queue.resolving():
                queue.raised(res, [pend(*f) for f in first], put)
            queue.release(res, put)
        else:
            queue.raised(res, [pend(*f) for f in first], put)
            queue.release(res, put)

    out = run(position, answers, STACK.cite, body)
    assert out.is_complete, out.question
    return done, out


def test_trigger_queue_at_once_the_active_player_orders_everything():
    done, out = _queue_run(timing.RESOLVE_AT_ONCE, {"a1": [("p2", "n1")]}, [("p1", "a1"), ("p2", "b1")], ["b1"])
    assert done == ["b1", "a1", "n1"]
    assert {d.question.player for d in out.decisions} == {"p1"}


def test_trigger_queue_after_resolving_alternates_and_waits_for_the_resolving_ability():
    first = [("p1", "a1"), ("p1", "a2"), ("p2", "b1")]
    done, out = _queue_run(timing.AFTER_RESOLVING, {"a2": [("p2", "n1"), ("p1", "n2")]}, first, ["a2"])
    # p1 first (chooses a2), whose own triggers n1, n2 form a new group resolved right after it (p1's first, then
    # p2's: one each, nothing to choose), then the first group goes on alternating: p2's b1, then p1's a1.
    assert done == ["a2", "n2", "n1", "b1", "a1"]
    assert [d.question.player for d in out.decisions] == ["p1"]


def test_trigger_queue_on_priority_waits_and_puts_the_active_players_first():
    done, out = _queue_run(timing.ON_PRIORITY, {}, [("p2", "b1"), ("p1", "a1"), ("p1", "a2")], ["a2"])
    assert done == ["a2", "a1", "b1"]
    assert out.decisions[0].question.prompt_en == "Which triggered ability goes on the stack next?"


def test_rollback_restores_the_position_and_the_trace_together():
    position = STACK.read_position({"active": "p1", "players": {"p1": {"amber": 1}, "p2": {}}})

    def body(res: Resolution) -> None:
        with res.step("outer", "x", "fuera", "outer"):
            saved = res.checkpoint()
            with res.step("undone", "x", "se deshace", "undone"):
                res.set_player("p1", "amber", 5)
            why = res.note("undo", "x", "la jugada se deshace", "the play is undone")
            res.rollback(saved, keep=[why])
            assert res.position.player("p1").values["amber"] == 1
            assert [c.kind for c in res.current.children] == ["undo"] and res.current.changes == []
            res.set_player("p2", "amber", 2)
            res.rollback(saved)  # a checkpoint can be used again
            assert res.position.player("p2").values.get("amber") is None

    out = run(position, [], STACK.cite, body)
    outer = out.trace.children[0]
    assert outer.children == [] and outer.changes == []
    assert out.position.player("p1").values["amber"] == 1


def test_a_card_that_leaves_a_zone_and_comes_back_is_a_new_object():
    position = STACK.read_position({"active": "p1", "players": {"p1": {"field": [{"uid": "t", "card": BEAR}]}, "p2": {}}})

    def body(res: Resolution) -> None:
        bear = res.position.find("t")[2]  # type: ignore[index]
        before = bear.obj
        res.move(bear, "p2", "field")  # changing sides keeps the object
        assert bear.obj == before
        res.move(bear, "p1", "discard")
        res.move(bear, "p1", "field")
        assert bear.obj != before and bear.uid == before[0] and bear.stamp > before[1]

    run(position, [], STACK.cite, body)


def test_three_players_turn_order_and_opponents():
    position = STACK.read_position({"active": "p2", "players": {"p1": {"team": "a"}, "p2": {"team": "b"}, "p3": {"team": "a"}}})
    assert position.turn_order() == ["p2", "p3", "p1"]
    assert position.next_player("p3") == "p1"
    assert position.opponents("p2") == ["p3", "p1"]
    assert position.opponents("p1") == ["p2"]
    assert position.opponent("p1") == "p2"
    with pytest.raises(JudgeError, match="2 opponents"):
        position.opponent("p2")
    free_for_all = STACK.read_position({"active": "p1", "players": {"p1": {}, "p2": {}, "p3": {}}})
    with pytest.raises(JudgeError):
        free_for_all.opponent("p1")


def test_a_game_can_end_in_a_draw_or_a_team_win():
    position = STACK.read_position({"active": "p1", "players": {"p1": {}, "p2": {}}})
    drawn = run(position, [], STACK.cite, lambda res: res.end_game(Result(draw=True, rule="end")))
    assert drawn.result == Result(draw=True, rule="end") and drawn.winner is None
    assert drawn.position.result == drawn.result
    team = run(position, [], STACK.cite, lambda res: res.end_game(Result(winners=("p1", "p3"))))
    assert team.result is not None and team.result.winners == ("p1", "p3") and team.winner is None


def test_hidden_zones_take_counts_and_unknown_cards_and_states_take_lists():
    doc = {"active": "p1", "players": {"p1": {"castle": 3, "hand": ["?", {"uid": "k", "card": BEAR}],
                                              "field": [{"uid": "f", "card": BEAR, "blockers": ["x", "y"]}]},
                                       "p2": {"castle": 0}}}
    position = WINDOW.read_position(doc)
    assert len(position.player("p1").zone("castle")) == 3 and not position.player("p1").zone("castle")[0].known
    assert position.find("f")[2].get("blockers") == ["x", "y"]  # type: ignore[index]
    text = WINDOW.dumps(position)
    assert "castle = 3" in text
    assert WINDOW.loads(text) == position
    with pytest.raises(JudgeError) as refused:
        WINDOW.read_position({"active": "p1", "players": {"p1": {"field": ["?"], "castle": -1, "hand": 2.5}}})
    text_of_error = str(refused.value)
    assert "field" in text_of_error and "castle" in text_of_error and "hand" in text_of_error


def test_zones_are_walked_in_the_games_order_before_and_after_a_round_trip():
    position = STACK.read_position({"active": "p1", "players": {"p1": {"discard": ["bear"], "hand": ["bolt"]}, "p2": {}}})

    def body(res: Resolution) -> None:
        res.move(res.position.find("c2")[2], "p1", "field")  # type: ignore[index]

    out = run(position, [], STACK.cite, body)
    walked = [(z, c.uid) for _, z, c in out.position.all_cards()]
    assert walked == [(z, c.uid) for _, z, c in STACK.loads(STACK.dumps(out.position)).all_cards()]
    assert [z for z, _ in walked] == ["field", "discard"]


def test_modifiers_apply_by_layer_then_timestamp():
    setter_early = Modifier(0, 1, lambda v: 5)
    setter_late = Modifier(0, 4, lambda v: 3)
    bonus = Modifier(1, 2, lambda v: v + 2)
    assert timing.apply_modifiers(1, [bonus, setter_late, setter_early]) == 5
    assert timing.apply_modifiers(1, [bonus]) == 3


def test_a_single_option_is_noted_not_asked_and_numbers_are_asked():
    position = STACK.read_position({"active": "p1", "players": {"p1": {}, "p2": {}}})

    def body(res: Resolution) -> None:
        only = res.choose(Question(key="target", player="p1", rule="target", prompt_es="¿?", prompt_en="?",
                                          options=(Option("t", "Oso", "Bear"),)))
        assert only == "t"
        assert res.ask_number(key="x", player="p1", rule="x", prompt_es="X", prompt_en="X", low=0, high=3) == 2

    out = run(position, ["2"], STACK.cite, body)
    assert [s.kind for s in out.trace.walk()][1:] == ["only-option", "decision"]
    assert "Only option: Bear" in render(out.trace, "en")


def test_the_core_imports_no_game():
    for path in (ROOT / "judge" / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else [])
            for name in names:
                assert not name.startswith(("judge.games", "judge.rulesets")), f"{path.name} imports {name}"


def test_settle_refuses_a_position_that_never_settles():
    position = STACK.read_position({"active": "p1", "players": {"p1": {"n": 0}, "p2": {}}})

    def body(res: Resolution) -> None:
        def forever() -> list[StateCheck]:
            return [StateCheck("x", "otra vez", "again", lambda: res.set_player("p1", "n", res.position.player("p1").values["n"] + 1))]
        timing.settle(res, rule="x", checks=forever)

    with pytest.raises(JudgeError, match="did not settle"):
        run(position, [], STACK.cite, body)


def test_positions_made_in_code_have_a_table_and_players_in_order():
    position = Position(game="g", ruleset="r", players={"p1": PlayerState("p1"), "p2": PlayerState("p2")}, active="p1")
    position.player("p1").zone("hand").append(CardState("c1", "x", "p1", "p1"))
    assert [c.uid for _, _, c in position.all_cards()] == ["c1"] and position.turn_order("p2") == ["p2", "p1"]


def test_a_card_that_ceases_to_exist_leaves_the_position_and_the_trace_says_so():
    position = STACK.read_position({"active": "p1", "players": {"p1": {"field": [{"uid": "t", "card": BEAR}]}, "p2": {}}})
    seen = []

    def body(res: Resolution) -> None:
        res.on_move.append(lambda card, left, entered: seen.append((card.uid, left, entered)))
        card = res.position.find("t")[2]
        res.remove_card(card)

    out = run(position, [], STACK.cite, body)
    assert out.position.find("t") is None
    assert [c.what for c in out.trace.changes] == ["t.zone"] and out.trace.changes[0].after is None
    assert seen == [("t", "field", "")]


def test_a_card_changing_zone_is_a_new_object_unless_the_game_keeps_it_the_same():
    card = CardState("c1", "x", "p1", "p1", stamp=1)
    position = Position(game="toy", ruleset="toy", active="p1", clock=1,
                        players={"p1": PlayerState("p1", zones={"line": [card], "attack": []})})
    res = Resolution(position, [], lambda rule: rule)
    res.move(card, "p1", "attack", same_object=True)
    assert card.stamp == 1 and position.player("p1").zone("attack") == [card]
    res.move(card, "p1", "line")
    assert card.stamp == 2


# Who orders simultaneous effects, under each policy.

PAIR = STACK.read_position({"active": "a", "players": {"a": {}, "b": {}}})


def _asked(out: Any) -> list[tuple[str, str]]:
    return [(d.question.player, d.question.key) for d in out.decisions]


def _simultaneous(policy: str, effects: list[tuple[str, str]], answers: list[str],
                  players: list[str] | None = None) -> tuple[Any, list[str]]:
    done: list[str] = []

    def body(res: Resolution) -> None:
        def resolve(p: Pending[str]) -> None:
            done.append(p.value)
            res.note("effect", "order", f"Efecto {p.value}", f"Effect {p.value}")

        pending = [Pending(owner, value, f"Efecto {value}", f"Effect {value}", value) for owner, value in effects]
        timing.order_simultaneous(res, pending, policy=policy, players=players or ["a", "b"], rule="order",
                                  resolve=resolve)

    return run(PAIR, answers, STACK.cite, body), done


def test_a_single_effect_resolves_without_a_question_under_every_policy():
    for policy in (timing.ACTIVE_PLAYER_ORDERS, timing.ACTIVE_THEN_OTHERS, timing.ALTERNATING):
        out, done = _simultaneous(policy, [("b", "b1")], [])
        assert out.is_complete and _asked(out) == [] and done == ["b1"], policy


def test_active_player_orders_every_effect_even_the_opponents():
    out, done = _simultaneous(timing.ACTIVE_PLAYER_ORDERS, [("a", "a1"), ("b", "b1"), ("a", "a2")], ["b1", "a2"],
                              players=["a"])
    assert out.is_complete and done == ["b1", "a2", "a1"]  # the last one needs no question
    assert _asked(out) == [("a", "order"), ("a", "order")]
    assert [[o.value for o in d.question.options] for d in out.decisions] == [["a1", "b1", "a2"], ["a1", "a2"]]


def test_active_then_others_lets_the_active_player_order_theirs_first():
    out, done = _simultaneous(timing.ACTIVE_THEN_OTHERS, [("b", "b1"), ("a", "a1"), ("b", "b2"), ("a", "a2")],
                              ["a2", "b2"])
    assert out.is_complete and done == ["a2", "a1", "b2", "b1"]
    assert [[o.value for o in d.question.options] for d in out.decisions] == [["a1", "a2"], ["b1", "b2"]]


def test_alternating_starts_with_the_active_player_and_alternates():
    out, done = _simultaneous(timing.ALTERNATING, [("a", "a1"), ("a", "a2"), ("b", "b1"), ("b", "b2")], ["a2", "b1"])
    assert out.is_complete and done == ["a2", "b1", "a1", "b2"]
    out, done = _simultaneous(timing.ALTERNATING, [("b", "b1"), ("a", "a1")], [])
    assert _asked(out) == [] and done == ["a1", "b1"]
    # When one player runs out, the other resolves the rest (asked only while there is a real choice).
    out, done = _simultaneous(timing.ALTERNATING, [("a", "a1"), ("b", "b1"), ("b", "b2"), ("b", "b3")], ["b3", "b1"])
    assert done == ["a1", "b3", "b1", "b2"] and _asked(out) == [("b", "order"), ("b", "order")]


def test_an_unanswered_order_question_stops_with_the_choosers_question():
    out, done = _simultaneous(timing.ALTERNATING, [("a", "a1"), ("b", "b1"), ("b", "b2")], [])
    assert done == ["a1"]
    assert out.question is not None and (out.question.player, out.question.key) == ("b", "order")


def test_resolving_twice_with_the_same_answers_gives_the_same_trace_and_position():
    position = _position(STACK, {"players": {"p1": {"hand": [{"uid": "x", "card": BOLT}],
                                                    "field": [{"uid": "t", "card": BEAR}, {"uid": "u", "card": BEAR}]},
                                             "p2": {"hand": [{"uid": "y", "card": SHIELD}]}}})
    before = STACK.dumps(position)
    first = STACK.resolve(position, "cast x", ["t"])
    second = STACK.resolve(STACK.loads(before), "cast x", ["t"])
    assert first.trace.to_dict() == second.trace.to_dict()
    assert STACK.dumps(first.position) == STACK.dumps(second.position)
    assert STACK.dumps(position) == before  # resolution works on a copy
