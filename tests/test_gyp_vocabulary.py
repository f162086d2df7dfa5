"""The Gobierno & Prestigio ability vocabulary: every word is implemented and documented; the catalog is sound."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from judge.games.gobierno_y_prestigio import vocabulary
from judge.games.gobierno_y_prestigio.catalog import card_from_dict, default_catalog, load_dir
from judge.games.gobierno_y_prestigio.effects import HANDLERS

DOC = (ROOT / "docs" / "abilities-gobierno-y-prestigio.md").read_text(encoding="utf-8")
WORDS = sorted({*vocabulary.EFFECTS, *vocabulary.STATICS, *vocabulary.EVENTS, *vocabulary.KEYWORDS,
                *vocabulary.ABILITY_KINDS, *vocabulary.TARGET_KINDS, *vocabulary.PLAYER_WORDS, *vocabulary.DURATIONS,
                *vocabulary.COST_KEYS, *vocabulary.TARGET_KEYS, *vocabulary.NAMED_TARGETS})


def _documented(word: str) -> bool:
    return re.search(rf"`{re.escape(word)}[` ]", DOC) is not None


@pytest.mark.parametrize("word", sorted(vocabulary.EFFECTS))
def test_every_effect_is_implemented(word):
    assert word in HANDLERS, f"effect {word!r} has no implementation"


def test_no_handler_without_a_word():
    assert sorted(set(HANDLERS) - set(vocabulary.EFFECTS)) == []


@pytest.mark.parametrize("word", WORDS)
def test_every_word_is_documented(word):
    assert _documented(word), f"{word!r} is not in docs/abilities-gobierno-y-prestigio.md"


def test_the_catalog_loads_without_problems():
    cards, problems = load_dir()
    assert not problems
    assert {"fruto-de-la-ira", "adelanto-de-shylock", "punto-de-gobierno", "soborno"} <= set(cards)
    assert default_catalog().lookup("fruto de la ira").id == "fruto-de-la-ira"


def test_a_bad_custom_card_lists_every_problem():
    card, problems = card_from_dict("x", {
        "name": "X", "type": "criatura", "cost": -1, "colors": ["rojo"], "keywords": ["volar"],
        "abilities": [{"kind": "disparada", "event": "nunca", "effects": [{"do": "explotar", "until": "siempre"}]}],
    }, custom=True)
    assert card is None
    text = "\n".join(map(str, problems))
    for fragment in ("type is one of", "cost is", "a colour (105.1) is one of", "a keyword is one of", "event is one of", "an effect is one of", "a duration is one of"):
        assert fragment in text, fragment
