"""A card as the engine reads it, in Spanish and English: what the board shows a judge to compare with the card on
the table. Every word of the vocabulary has its phrase, and every card of the catalog reads without a gap."""

from __future__ import annotations

import re

import pytest

from judge.games.keyforge import vocabulary
from judge.games.keyforge.catalog import default_catalog
from judge.games.keyforge.reading import TRIGGERS, ability_text, card_lines, constant_text, effect_text
from judge.games.keyforge.reading_parts import EVENTS, target


def test_a_card_reads_as_its_type_bonus_icons_and_abilities():
    card = default_catalog().cards["punch"]
    assert card_lines(card, "es") == ["Acción", "Bonificación: Æmbar.", "Jugar: Inflige 3 de daño a una criatura."]
    assert card_lines(card, "en") == ["Action", "Bonus: Æmber.", "Play: Deal 3 damage to a creature."]


def test_a_creature_reads_with_its_power_and_a_constant_ability_under_a_condition():
    card = default_catalog().cards["viscount-of-aerys"]
    assert card_lines(card, "en") == [
        "Creature · power 2",
        "Each enemy creature enters play: stunned, while your yellow key is forged.",
        "Play: If your yellow key is forged, stun each enemy creature.",
    ]
    assert card_lines(card, "es")[2] == "Jugar: Si tu llave amarilla está forjada, aturde a cada criatura enemiga."


def test_an_ability_not_encoded_reads_as_what_is_missing():
    text = ability_text({"trigger": "after-reap", "incomplete": "move-anywhere"}, "en")
    assert text == "After Reap: not encoded (moving a creature elsewhere in the battleline)."
    assert "sin codificar" in ability_text({"trigger": "after-reap", "incomplete": "move-anywhere"}, "es")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_an_amount_agrees_with_its_noun(lang):
    one = effect_text({"do": "draw", "amount": 1}, lang)
    two = effect_text({"do": "draw", "amount": 2}, lang)
    assert "(s)" not in one + two
    assert one == ("roba 1 carta" if lang == "es" else "draw 1 card")
    assert two == ("roba 2 cartas" if lang == "es" else "draw 2 cards")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_word_of_the_vocabulary_has_its_phrase(lang):
    for verb in vocabulary.EFFECTS:
        text = effect_text({"do": verb}, lang)
        assert text and verb not in text.split("'") and f"«{verb}»" not in text, verb
    for kind in vocabulary.CONSTANT_EFFECTS:
        text = constant_text({"modify": kind}, lang)
        assert f"'{kind}'" not in text and f"«{kind}»" not in text, kind
    assert set(vocabulary.TRIGGERS) <= set(TRIGGERS)
    assert set(vocabulary.EVENTS) <= set(EVENTS)


FILTER_VALUES = {"house": "mars", "not-house": "mars", "trait": "knight", "not-trait": "knight", "power-at-most": 3,
                 "power-at-least": 3, "keyword": "taunt", "name": "troll", "name-ref": "troll", "type": "creature",
                 "power-parity": "even", "top-of-deck": 3, "most-powerful": True, "least-powerful": True}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_filter_has_its_phrase(lang):
    for key in vocabulary.FILTERS:
        text = target({"choose": 1, "kind": "creature", "filter": {key: FILTER_VALUES.get(key, True)}}, lang)
        assert f"({key})" not in text, key


GAP = re.compile(r"…|[{}]|\b(you|opponent|self|it|chosen|event|its-controller|its-owner)\.[a-z]")


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_card_of_the_catalog_reads_without_a_gap(lang):
    catalog = default_catalog()
    gaps = [(cid, line) for cid in catalog.cards for line in card_lines(catalog.cards[cid], lang) if GAP.search(line)]
    assert gaps == []
