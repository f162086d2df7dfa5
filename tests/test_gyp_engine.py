"""The Gobierno & Prestigio ruleset outside its scenarios: positions read back, bad input lists every problem,
illegal plays name their rule and leave the position as it was."""

from __future__ import annotations

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core import notation
from judge.core.errors import IllegalPlayError, MalformedPositionError
from judge.core.position import Position
from judge.core.ruleset import Play
from judge.core.trace import Change

GYP = rulesets.get("gyp-reglas-1")

POSITION = """
active = "p1"
step = "paso-de-mando"
priority = "p1"
[players.p1]
prestigio = 3
mano = [{ uid = "f", card = "Fruto de la Ira" }]
pg = [{ uid = "g1", card = "PG" }]
[players.p2]
campo = [{ uid = "s", card = "guardia", dano = 1 }]
[cards.guardia]
name = "Guardia"
type = "ciudadano"
cost = 3
strength = 2
toughness = 6
"""


def test_a_position_reads_back_the_same():
    position = GYP.loads(POSITION)
    assert GYP.loads(GYP.dumps(position)) == position


def test_a_bad_position_lists_every_problem_at_once():
    bad = POSITION.replace('dano = 1', 'dano = -1, volando = true').replace('prestigio = 3', 'prestigio = 3\noro = 2') \
        .replace('step = "paso-de-mando"', 'step = "vigilia"').replace('card = "PG"', 'card = "Soborno"')
    with pytest.raises(MalformedPositionError) as error:
        GYP.loads(bad)
    text = str(error.value)
    for fragment in ("step is one of", "dano", "unknown card state", "unknown player value", "only they, go in pg"):
        assert fragment in text, fragment


def test_an_illegal_play_names_its_rule_and_changes_nothing():
    position = GYP.loads(POSITION)
    before = GYP.dumps(position)
    with pytest.raises(IllegalPlayError) as error:
        GYP.resolve(position, "play f")
    assert error.value.rule == "gyp-reglas-1#121.3"
    assert GYP.dumps(position) == before


def test_the_schema_lists_the_steps_and_states():
    schema = GYP.schema()
    assert schema["steps"][0] == "etapa-inicial" and schema["steps"][-1] == "limpieza"
    assert "girada" in schema["card_state"] and "pila" in schema["zones"] and "prestigio" in schema["player_values"]


def test_the_board_view_shows_strength_now():
    position = GYP.loads(POSITION)
    view = GYP.card_view(position)
    assert view["s"]["strength_now"] == 2 and view["s"]["toughness_now"] == 6 and view["f"]["name"]["es"] == "Fruto de la Ira"


def test_the_legal_plays_of_a_position_include_passing_and_the_card():
    plays = {str(p) for p in GYP.legal_plays(GYP.loads(POSITION.replace('[{ uid = "g1", card = "PG" }]', '["PG", "PG"]')))}
    assert {"pass", "play f", "conceder"} <= plays


def _scenario_outcome(name: str) -> tuple[Position, list[Change]]:
    """The position after a scenario's plays, and every change its plays' traces record."""
    doc = notation.loads_toml((ROOT / "scenarios" / "gobierno-y-prestigio" / f"{name}.toml").read_text(encoding="utf-8"))
    position = GYP.read_position(doc["position"])
    changes = []
    for play in doc["plays"]:
        out = GYP.resolve(position, Play.parse(play["play"], by=play.get("by")), play.get("answers", []))
        changes += [c for s in out.trace.walk() for c in s.changes]
        position = out.position
    return position, changes


def test_a_token_and_its_definition_come_into_being_through_the_resolution():
    position, changes = _scenario_outcome("GP-EX-02")
    made = [(c.what, c.before, c.after) for c in changes if c.what in ("tarjeta-3.zone", "cards.tarjeta-3")]
    assert [m[0] for m in made] == ["cards.tarjeta-3", "tarjeta-3.zone"]
    assert made[0][2]["name"] == "Galeón" and made[1][1:] == (None, "p1.campo")
    assert "tarjeta-3" in position.cards and GYP.loads(GYP.dumps(position)) == position


def test_a_token_that_cannot_enter_leaves_no_definition_behind():
    position, changes = _scenario_outcome("GP-RULE-073")
    assert not any(c.what.startswith(("cards.", "tarjeta-")) for c in changes)
    assert set(position.cards) == {"leva", "muralla"}
