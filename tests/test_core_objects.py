"""Objects that come into being while a play resolves (a token, a government point, a legacy) and cards a game
defines as it goes, driven through ``Ruleset.resolve``: the trace records both like every other change, and a
rollback takes both away with the rest of the position."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from judge.core.errors import JudgeError
from judge.core.notation import Layout
from judge.core.position import Position
from judge.core.resolution import Resolution
from judge.core.ruleset import Play, Ruleset
from judge.core.trace import Change, Step

SPARK = {"name": "Spark", "type": "token"}


class Makers(Ruleset):
    """A game whose one play makes a token: ``make`` keeps it, ``fizzle`` makes it and then undoes the making,
    ``summon`` makes it on the shared altar."""

    layout: ClassVar[Layout] = Layout(zones=("hand", "field", "altar"), in_play=frozenset({"field", "altar"}),
                                      shared=frozenset({"altar"}), stamps=True)
    verbs: ClassVar[tuple[str, ...]] = ("make", "fizzle", "summon")

    def cite(self, rule: str) -> str:
        return f"test#{rule}"

    def resolve_play(self, res: Resolution, play: Play) -> None:
        assert play.player is not None
        with res.step("make", "tokens", "Se crea una ficha", "A token is made"):
            before = res.checkpoint()
            res.define_card("spark", SPARK)
            res.create("spark", play.player, "altar" if play.verb == "summon" else "field", state={"charged": True})
            if play.verb == "fizzle":
                res.rollback(before, keep=[res.note("fizzle", "tokens", "La ficha no llega a existir",
                                                    "The token never comes into being")])

    def query(self, position: Position, path: str) -> Any:
        raise KeyError(path)


MAKERS = Makers(id="test-makers", game="test", document="test", title="Token test game")
POSITION = {"active": "p1", "players": {"p1": {"field": [{"uid": "c1", "card": "rock"}]}, "p2": {}}}


def _changes(step: Step) -> list[Change]:
    return [c for s in step.walk() for c in s.changes]


def test_a_created_object_and_its_definition_are_changes_of_the_step_that_made_them():
    position = MAKERS.read_position(POSITION)
    out = MAKERS.resolve(position, "make")
    made = out.trace.children[0]
    assert made.kind == "make"
    assert [(c.what, c.before, c.after) for c in made.changes] == [
        ("cards.spark", None, SPARK), ("c2.zone", None, "p1.field")]
    _, zone, token = out.position.find("c2")  # type: ignore[misc]
    assert zone == "field" and (token.card, token.owner, token.controller) == ("spark", "p1", "p1")
    assert token.get("charged") is True and token.stamp > 0
    assert out.position.cards == {"spark": SPARK} and position.cards == {}
    # The position after the play can be written down and read back, token and definition together.
    assert MAKERS.loads(MAKERS.dumps(out.position)) == out.position


def test_a_rollback_takes_the_created_object_and_its_definition_away():
    position = MAKERS.read_position(POSITION)
    out = MAKERS.resolve(position, "fizzle")
    assert out.position.find("c2") is None and out.position.cards == {}
    assert _changes(out.trace) == []
    assert [s.kind for s in out.trace.walk()] == ["resolution", "make", "fizzle"]
    assert out.position == position


def test_an_object_created_in_a_shared_zone_is_on_the_table():
    out = MAKERS.resolve(MAKERS.read_position(POSITION), "summon")
    assert [(c.what, c.after) for c in _changes(out.trace)][-1] == ("c2.zone", "altar")
    assert [c.uid for c in out.position.table.zone("altar")] == ["c2"]


def test_a_new_object_takes_no_uid_already_in_the_position_and_listeners_see_it_appear():
    position = MAKERS.read_position(POSITION)
    res = Resolution(position, [], MAKERS.cite)
    seen: list[tuple[str, str, str]] = []
    res.on_move.append(lambda card, left, entered: seen.append((card.uid, left, entered)))
    with pytest.raises(JudgeError):
        res.create("spark", "p1", "field", uid="c1")
    made = res.create("spark", "p2", "hand", owner="p1", index=0)
    assert (made.uid, made.owner, made.controller) == ("c2", "p1", "p2")
    assert seen == [("c2", "", "hand")]


def test_a_definition_can_be_forgotten_and_the_table_of_cards_is_never_changed_in_place():
    position = MAKERS.read_position(POSITION)
    res = Resolution(position, [], MAKERS.cite)
    table = position.cards
    res.define_card("spark", SPARK)
    assert table == {} and position.cards == {"spark": SPARK}
    res.define_card("spark", None)
    assert position.cards == {}
    assert [(c.what, c.before, c.after) for c in res.root.changes] == [
        ("cards.spark", None, SPARK), ("cards.spark", SPARK, None)]
