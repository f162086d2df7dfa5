"""The ability vocabulary: every word is documented and implemented; every card in the catalog is well formed."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from judge.games.keyforge import vocabulary
from judge.games.keyforge.catalog import card_from_dict, default_catalog, load_dir
from judge.games.keyforge.effects import HANDLERS

DOC = (ROOT / "docs" / "abilities.md").read_text(encoding="utf-8")


def _documented(word: str) -> bool:
    return re.search(rf"`{re.escape(word)}[` ]", DOC) is not None


@pytest.mark.parametrize("word", sorted(vocabulary.EFFECTS))
def test_every_effect_is_implemented_and_documented(word):
    assert word in HANDLERS, f"effect {word!r} has no implementation"
    assert _documented(word), f"effect {word!r} is not in docs/abilities.md"


@pytest.mark.parametrize("word", sorted(vocabulary.VOCABULARY.words()))
def test_every_word_is_documented(word):
    assert _documented(word), f"{word!r} is not in docs/abilities.md"


def test_the_hand_written_cards_load_without_problems():
    cards, problems = load_dir()
    assert not problems
    assert {c.id for c in cards} <= set(default_catalog().cards)


def test_a_card_in_any_language_finds_the_same_card():
    catalog = default_catalog()
    assert catalog.lookup("Gato por Liebre").id == catalog.lookup("Bait and Switch").id == \
        catalog.lookup("isca e armadilha").id == "bait-and-switch"


def test_a_bad_custom_card_lists_every_problem():
    card, problems = card_from_dict("x", {
        "name": {"es": "X"}, "type": "creatura", "house": "nowhere", "power": -1, "keywords": ["flying"],
        "abilities": [{"trigger": "whenever", "effects": [{"do": "explode"}]}],
    }, where="cards.x")
    assert card is None
    text = "\n".join(map(str, problems))
    for fragment in ("type must be", "unknown house", "power", "unknown keyword", "unknown trigger"):
        assert fragment in text, fragment


def test_every_effect_has_a_label_for_the_questions_in_both_languages():
    from judge.games.keyforge.vocabulary import EFFECTS
    from judge.games.keyforge.wording import EFFECT_LABELS

    assert sorted(set(EFFECTS) - set(EFFECT_LABELS)) == []
    assert all(es and en for es, en in EFFECT_LABELS.values())


def test_every_hand_written_card_is_complete():
    cards, _ = load_dir()
    assert sorted(c.id for c in cards if c.missing()) == []
