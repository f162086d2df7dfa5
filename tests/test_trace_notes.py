"""Notes of the trace that name several players agree with them, in Spanish and English: "p2 y p1 no tienen…",
"p2 and p1 have…", never "p2, p1 no tiene"."""

from __future__ import annotations

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core.scenario import Runner, Scenario
from judge.core.trace import render
from judge.games.gobierno_y_prestigio.endgame import named_players as gyp_players
from judge.games.mitos_y_leyendas.game import named_players as myl_players


def _trace(scenario: str, lang: str) -> str:
    result = Runner(rulesets.get).run(Scenario.from_file(ROOT / "scenarios" / scenario))
    assert result.passed and result.trace is not None, result.report()
    return render(result.trace, lang)


@pytest.mark.parametrize("named", [myl_players, gyp_players])
def test_players_are_listed_as_a_sentence_lists_them(named):
    assert named(["p1"]) == named(["p1"], "en") == "p1"
    assert named(["p2", "p1"]) == "p2 y p1" and named(["p2", "p1"], "en") == "p2 and p1"
    assert named(["p1", "p2", "p3"]) == "p1, p2 y p3"


@pytest.mark.parametrize(("scenario", "es", "en"), [
    ("mitos-y-leyendas/MYL-CARD-01.toml", "p2 y p1 no tienen en la posición ninguna respuesta posible",
     "p2 and p1 have no possible answer in the position"),
    ("mitos-y-leyendas/MYL-GEN-45.toml", "p1 no tiene en la posición ninguna respuesta posible",
     "p1 has no possible answer in the position"),
    ("gobierno-y-prestigio/GP-RULE-023.toml", "p1 y p3 no tienen oponentes en juego: ganan",
     "p1 and p3 have no opponent left in the game: win"),
])
def test_a_note_about_several_players_is_in_the_plural(scenario, es, en):
    assert es in _trace(scenario, "es")
    assert en in _trace(scenario, "en")
