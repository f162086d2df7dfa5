"""Every game's expectation paths (``judge.core.paths``) on a game's own words: zones and counts, a card's zone,
controller and owner, what waits on the stack, and cards whose game gives them no traits or keywords."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from judge import rulesets
from judge.core import paths
from judge.core.notation import Layout, read_position
from judge.core.position import Position


@dataclass(frozen=True)
class Plain:
    """A card of a game with a type and nothing else printed."""

    id: str
    type: str


LAYOUT = Layout(zones=("hand", "field", "pile"), in_play=frozenset({"field"}), attached_key="gear",
                shared=frozenset({"pile"}))


def _position() -> Position:
    doc = {"active": "p1", "priority": "p2", "passed": ["p1"],
           "players": {"p1": {"field": [{"uid": "a", "card": "ogre", "tired": True,
                                         "gear": [{"uid": "s", "card": "sword"}]}],
                              "hand": [{"uid": "h", "card": "ogre"}], "gold": 3},
                       "p2": {"field": [{"uid": "b", "card": "elf", "owner": "p1"}]}},
           "table": {"pile": [{"uid": "x", "card": "bolt", "owner": "p2"}]},
           "stack": [{"id": "s1", "controller": "p2", "source": "x", "kind": "card"}]}
    position, problems = read_position(doc, LAYOUT, game="plain", ruleset="plain")
    assert not problems and position is not None
    return position


def _card_id(name: str) -> str:
    if name not in ("ogre", "elf", "sword", "bolt"):
        raise KeyError(name)
    return name


WORDS = paths.Words(zones=LAYOUT.zones, card_id=_card_id, define=lambda card: Plain(card.card, "thing"),
                    attached="gear", player_values={"gold": 0}, card_state={"tired": bool})


@pytest.mark.parametrize("path, value", [
    ("active", "p1"), ("priority", "p2"), ("passed", ["p1"]), ("stack", ["card x"]), ("stack.count", 1),
    ("winner", None), ("draw", False),
    ("p1.field", ["ogre"]), ("p1.hand.count", 1), ("p2.field.count", 1), ("p1.gold", 3), ("p2.gold", 0),
    ("a.zone", "p1.field"), ("s.zone", "p1.field"), ("x.zone", "pile"), ("b.controller", "p2"), ("b.owner", "p1"),
    ("elf.zone", "p2.field"), ("a.gear", ["sword"]), ("a.tired", True), ("b.tired", False), ("b.index", 0),
    ("a.type", "thing"),
])
def test_the_generic_paths_read_a_game_with_its_own_words(path, value):
    assert paths.query(_position(), path, WORDS) == value


def test_an_attached_card_is_in_the_zone_the_game_names_when_it_names_one():
    words = paths.Words(zones=LAYOUT.zones, card_id=_card_id, define=WORDS.define, attached="gear", attached_zone="gear")
    assert paths.query(_position(), "s.zone", words) == "p1.gear"


@pytest.mark.parametrize("path", ["a.traits", "a.keywords", "ogre.zone", "troll.zone", "p1.gems", "a.colour"])
def test_what_a_game_or_a_position_does_not_have_is_no_path(path):
    # Two ogres: the name names no single card. A card with no traits or keywords has no such path.
    with pytest.raises(KeyError):
        paths.query(_position(), path, WORDS)


@pytest.mark.parametrize("ruleset, position, path, value", [
    ("myl-pe-2024", {"active": "p1", "players": {"p1": {"linea-de-defensa": [{"uid": "a", "card": "Amaru"}]},
                                                  "p2": {}}}, "a.type", "aliado"),
    ("gyp-reglas-1", {"active": "p1", "players": {"p1": {"pg": [{"uid": "g", "card": "PG"}]}, "p2": {}}},
     "g.controller", "p1"),
])
def test_the_two_games_answer_the_generic_paths_through_the_core(ruleset, position, path, value):
    rs = rulesets.get(ruleset)
    read = rs.read_position(position)
    assert rs.query(read, path) == value
    with pytest.raises(KeyError):
        rs.query(read, path.split(".")[0] + ".traits")
