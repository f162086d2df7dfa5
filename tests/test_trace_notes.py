"""Notes of the trace that name several players or cards agree with them, in Spanish and English: "p2 y p1 no
tienen…", "p2 and p1 have…", never "p2, p1 no tiene"; one card is "la carta", several "las cartas"."""

from __future__ import annotations

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core.scenario import Runner, Scenario
from judge.core.trace import render
from judge.core.wording import listed


def _trace(scenario: str, lang: str) -> str:
    result = Runner(rulesets.get).run(Scenario.from_file(ROOT / "scenarios" / scenario))
    assert result.passed and result.trace is not None, result.report()
    return render(result.trace, lang)


def test_players_and_cards_are_listed_as_a_sentence_lists_them():
    assert listed(["p1"]) == listed(["p1"], "en") == "p1"
    assert listed(["p2", "p1"]) == "p2 y p1" and listed(["p2", "p1"], "en") == "p2 and p1"
    assert listed(["p1", "p2", "p3"]) == "p1, p2 y p3"


@pytest.mark.parametrize(("scenario", "es", "en"), [
    ("mitos-y-leyendas/MYL-CARD-01.toml", "p2 y p1 no tienen en la posición ninguna respuesta posible",
     "p2 and p1 have no possible answer in the position"),
    ("mitos-y-leyendas/MYL-GEN-45.toml", "p1 no tiene en la posición ninguna respuesta posible",
     "p1 has no possible answer in the position"),
    ("gobierno-y-prestigio/GP-RULE-023.toml", "p1 y p3 no tienen oponentes en juego: ganan",
     "p1 and p3 have no opponent left in the game: win"),
    ("gobierno-y-prestigio/GP-RULE-024.toml", "p1 tiene 40 o más de prestigio y p2 tiene 40 o más de prestigio",
     "p1 has 40 or more prestige and p2 has 40 or more prestige"),
    ("mitos-y-leyendas/MYL-CARD-07.toml", "Se destruyen Gente Lunar (gente) y Corot (corot)",
     "Destroyed: Gente Lunar (gente) and Corot (corot)"),
    ("keyforge/faq/KF172-CARD-03.toml", "Marcadas para ser destruidas: Mía A (old1) y Suya A (old2)",
     "Marked for destruction: Mine A (old1) and Theirs A (old2)"),
    ("keyforge/faq/KF172-CARD-07.toml", "Marcada para ser destruida: Reliquia de Logos (x)",
     "Marked for destruction: "),
    ("keyforge/faq/KF172-GEN-92.toml", "Halcón Fantasma (hawk) obtiene el cuadro de texto de Retaco (shorty)",
     "Ghosthawk (hawk) gains the text box of Shorty (shorty)"),
    ("keyforge/rules/KF172-RULE-DISCARD-CARDS-3.toml", "p2 revela las cartas que descarta: Gub (t1) y Yurk (t2)",
     "p2 reveals the cards to discard: Gub (t1) and Yurk (t2)"),
])
def test_a_note_about_several_players_or_cards_agrees_with_them(scenario, es, en):
    assert es in _trace(scenario, "es")
    assert en in _trace(scenario, "en")


KF = rulesets.get("keyforge-17.2")
TWIN_CREED = """
active = "p1"
step = "main"
[players.p1]
house = "untamed"
hand = [{ uid = "shorty", card = "Retaco" }]
battleline = [{ uid = "hawk", card = "Halcón Fantasma" }, { uid = "hawk2", card = "Halcón Fantasma" }]
artifacts = [{ uid = "creed", card = "twin-creed" }]
deck = [{ uid = "d1", card = "Krump" }]
[players.p2]
deck = [{ uid = "e1", card = "Gub" }, { uid = "e2", card = "Yurk" }]
[cards.twin-creed]
name = "Credo Doble"
house = "untamed"
type = "artifact"
[[cards.twin-creed.abilities]]
trigger = "omni"
effects = [
  { do = "give-text-box", from = { choose = 1, kind = "creature", zone = "hand", side = "friendly" }, to = { choose = 2, kind = "creature" } },
  { do = "discard-top-of-deck", amount = 2, player = "each" },
]
"""


def test_a_text_box_gained_by_several_creatures_and_a_single_card_revealed_agree_with_them():
    out = KF.resolve(KF.loads(TWIN_CREED), "omni creed",
                     [{"key": "discard-first", "choose": "p1"}, {"key": "discard-order", "choose": ["e1", "e2"]}])
    es, en = render(out.trace, "es"), render(out.trace, "en")
    assert "Halcón Fantasma (hawk) y Halcón Fantasma (hawk2) obtienen el cuadro de texto de Retaco (shorty)" in es
    assert "Ghosthawk (hawk) and Ghosthawk (hawk2) gain the text box of Shorty (shorty)" in en
    assert "p1 revela la carta que descarta: Krump (d1)" in es and "p1 reveals the card to discard: Krump (d1)" in en
