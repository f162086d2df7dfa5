"""Mitos y Leyendas: every general FAQ entry has a scenario, every ability word is implemented and documented, and the
catalog holds only cards the vocabulary can read."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core.scenario import Runner, Scenario
from judge.games.mitos_y_leyendas import vocabulary
from judge.games.mitos_y_leyendas.catalog import default_catalog, load_dir
from judge.games.mitos_y_leyendas.effects import HANDLERS
from judge.games.mitos_y_leyendas.rules import DECISIONS

SCENARIOS = sorted((ROOT / "scenarios" / "mitos-y-leyendas").glob("*.toml"))
DOC = (ROOT / "docs" / "abilities-mitos-y-leyendas.md").read_text(encoding="utf-8")


def _documented(word: str) -> bool:
    return re.search(rf"`{re.escape(word)}`", DOC) is not None


def test_every_entry_has_a_scenario(corpus):
    """The FAQ oracle's promise: each of the 193 Mitos y Leyendas entries (general, card, errata) is replayable."""
    entries = {e.id for e in corpus.entries.values() if e.document == "myl-pe-faq-2024"}
    assert len(entries) == 193
    covered = {entry for path in SCENARIOS for entry in Scenario.from_file(path).entries}
    missing = sorted(entries - covered)
    assert missing == [], f"{len(missing)} Mitos y Leyendas entries have no scenario: {', '.join(missing)}"


def test_every_card_an_entry_names_is_in_the_catalog(corpus):
    catalog = default_catalog()
    named = {card for e in corpus.entries.values() if e.document == "myl-pe-faq-2024" for card in e.cards}
    assert named
    assert sorted(c for c in named if catalog.find(c) is None) == []


def test_every_erratum_is_the_catalog_text_of_its_card(corpus):
    catalog = default_catalog()
    errata = {e.id: e for e in corpus.entries.values() if e.id.startswith("MYL-ERR-")}
    assert len(errata) == 19
    for entry_id, entry in errata.items():
        cards = [catalog.find(c) for c in entry.cards]
        assert any(c is not None and c.errata == entry_id for c in cards), entry_id


def test_the_engine_does_not_rule_on_an_ability_whose_text_is_not_known():
    """Sif's leave-play ability is only paraphrased by the FAQ: destroying it refuses the play until the judge
    defines Sif in the position."""
    base = {
        "id": "INCOMPLETE", "ruleset": "myl-pe-2024",
        "position": {"active": "p1", "step": "vigilia.c-d",
                     "players": {"p1": {"castillo": 5, "mano": ["rayo"], "reserva-de-oro": ["oro"]},
                                 "p2": {"castillo": 5, "linea-de-defensa": [{"uid": "sif", "card": "Sif"}]}},
                     "cards": {"oro": {"name": "Oro", "type": "oro"},
                               "rayo": {"name": "Rayo Prueba", "type": "talisman", "cost": 1, "abilities": [
                                   {"kind": "jugar", "effects": [{"do": "destruir", "target": {"type": "aliado"}}]}]}}},
        "plays": [{"play": "play rayo", "illegal": "introduccion.regla-de-oro"}],
        "expect": {"sif.zone": "p2.linea-de-defensa"},
    }
    assert Runner(rulesets.get).run(Scenario.from_dict(base)).passed
    base["position"]["cards"]["sif"] = {"cost": 3, "strength": 2}
    base["plays"] = [{"play": "play rayo"}]
    base["expect"] = {"sif.zone": "p2.cementerio"}
    result = Runner(rulesets.get).run(Scenario.from_dict(base))
    assert result.passed, result.report()


@pytest.mark.parametrize("word", sorted(vocabulary.EFFECTS))
def test_every_effect_is_implemented_and_documented(word):
    assert word in HANDLERS, f"effect {word!r} has no implementation"
    assert _documented(word), f"effect {word!r} is not in docs/abilities-mitos-y-leyendas.md"


@pytest.mark.parametrize("word", sorted({*vocabulary.TRIGGERS, *vocabulary.GRANTS, *vocabulary.TARGET_KEYS,
                                         *vocabulary.DURATIONS, *vocabulary.ABILITY_KINDS}))
def test_every_word_is_documented(word):
    assert _documented(word), f"{word!r} is not in docs/abilities-mitos-y-leyendas.md"


def test_every_implemented_effect_is_a_word_of_the_vocabulary():
    assert sorted(set(HANDLERS) - set(vocabulary.EFFECTS)) == []


def test_the_catalog_loads_and_every_card_says_where_it_comes_from():
    cards, problems = load_dir()
    assert not problems
    assert cards
    assert all(c.source.startswith("FAQ L") for c in cards.values())


@pytest.mark.parametrize("decision", sorted(DECISIONS))
def test_every_decision_the_engine_applies_is_in_both_documents(decision):
    corpus_text = (ROOT / "rulings" / "myl-decisiones" / "rules" / "decisiones.md").read_text(encoding="utf-8")
    docs_text = (ROOT / "docs" / "mitos-y-leyendas-decisions.md").read_text(encoding="utf-8")
    assert f"{{#{decision}}}" in corpus_text
    assert f"`myl.decision.{decision}`" in docs_text


def test_an_ability_the_faq_gives_in_full_is_ruled_on_though_the_card_misses_printed_facts():
    """Araña Troll's whole text is in the FAQ (L1152), not its cost: discarded by its owner's Talismán it draws."""
    scenario = {
        "id": "TEXT-COMPLETE", "ruleset": "myl-pe-2024",
        "position": {"active": "p1", "step": "vigilia.c-d",
                     "players": {"p1": {"castillo": 5, "reserva-de-oro": ["oro"],
                                        "mano": ["descarte", {"uid": "arana", "card": "Araña Troll"}]},
                                 "p2": {"castillo": 5}},
                     "cards": {"oro": {"name": "Oro", "type": "oro"},
                               "descarte": {"name": "Descarte Prueba", "type": "talisman", "cost": 1, "abilities": [
                                   {"kind": "jugar", "effects": [{"do": "descartar", "amount": 1}]}]}}},
        "plays": [{"play": "play descarte"}],
        "expect": {"arana.zone": "p1.cementerio", "p1.mano.count": 1},
    }
    result = Runner(rulesets.get).run(Scenario.from_dict(scenario))
    assert result.passed, result.report()
