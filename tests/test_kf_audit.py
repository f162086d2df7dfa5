"""KeyForge applies every word and parameter its vocabulary declares, or refuses the use when a card is checked.

Each case is a custom card using a word where the engine would not read it, or with a value it would read as
another: the card checker must refuse it, naming where. The cards of the pool use none of them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from judge.games.keyforge import usage
from judge.games.keyforge.catalog import card_from_dict
from judge.games.keyforge.vocabulary import EFFECTS


def creature(*abilities: dict[str, Any]) -> dict[str, Any]:
    return {"name": "Test", "house": "brobnar", "type": "creature", "power": 3, "abilities": list(abilities)}


def refused(raw: dict[str, Any]) -> list[str]:
    card, problems = card_from_dict("test", raw, where="cards.test", custom=True)
    assert card is None, "the card should be refused"
    return [p.where for p in problems]


REFUSED = {
    "whose on an after ability": (
        {"trigger": "after", "event": "reap", "whose": "yours", "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].whose"),
    "whose misspelt": (
        {"trigger": "start-of-turn", "whose": "opponent", "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].whose"),
    "filter on a play ability": (
        {"trigger": "play", "filter": {"who": "you"}, "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter"),
    "event filter key never read": (
        {"trigger": "after", "event": "reap", "filter": {"trait": "knight"}, "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter.trait"),
    "event filter who misspelt": (
        {"trigger": "after", "event": "play", "filter": {"who": "controller"}, "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter.who"),
    "a subject on an event about a player alone": (
        {"trigger": "after", "event": "forge", "filter": {"subject": {"kind": "creature"}}, "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter.subject"),
    "a house filter on an event that names no house": (
        {"trigger": "after", "event": "reap", "filter": {"house": "dis"}, "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter.house"),
    "most powerful subject": (
        {"trigger": "after", "event": "reap", "filter": {"subject": {"kind": "creature", "filter": {"most-powerful": True}}},
         "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter.subject.filter.most-powerful"),
    "damaged = false": (
        {"trigger": "play", "effects": [{"do": "destroy", "target": {"choose": 1, "kind": "creature", "filter": {"damaged": False}}}]},
        "cards.test.abilities[0].effects[0].target.filter.damaged"),
    "target chooser misspelt": (
        {"trigger": "play", "effects": [{"do": "destroy", "target": {"choose": 1, "kind": "creature", "chooser": "owner"}}]},
        "cards.test.abilities[0].effects[0].target.chooser"),
    "effect chooser misspelt": (
        {"trigger": "play", "effects": [{"do": "discard-from-hand", "amount": 1, "chooser": "you"}]},
        "cards.test.abilities[0].effects[0].chooser"),
    "turn misspelt": (
        {"trigger": "play", "effects": [{"do": "gain", "amount": 1, "if": {"turn": "opponent"}}]},
        "cards.test.abilities[0].effects[0].if.turn"),
    "tide misspelt": (
        {"trigger": "play", "effects": [{"do": "gain", "amount": 1, "if": {"tide": "up"}}]},
        "cards.test.abilities[0].effects[0].if.tide"),
    "if on a power effect": (
        {"trigger": "constant", "effect": {"modify": "power", "amount": 2, "target": "self", "if": {"tide": "high"}}},
        "cards.test.abilities[0].effect.if"),
    "constant player read as the opponent": (
        {"trigger": "constant", "effect": {"modify": "cannot-play", "player": "each", "filter": {"type": "action"}}},
        "cards.test.abilities[0].effect.player"),
    "constant player on an effect about no player": (
        {"trigger": "constant", "effect": {"modify": "armor", "amount": 1, "player": "you"}},
        "cards.test.abilities[0].effect.player"),
    "constant condition haunted by its controller": (
        {"trigger": "constant", "effect": {"modify": "power", "amount": 1, "condition": {"haunted": "its-controller"}}},
        "cards.test.abilities[0].effect.condition.haunted"),
    "constant condition with the most powerful": (
        {"trigger": "constant", "effect": {"modify": "power", "amount": 1, "condition": {
            "exists": {"kind": "creature", "side": "friendly", "filter": {"most-powerful": True}}}}},
        "cards.test.abilities[0].effect.condition.exists.filter.most-powerful"),
    "a group of N most powerful in a constant target": (
        {"trigger": "constant", "effect": {"modify": "cannot-use", "target": {"all": True, "kind": "creature",
                                                                             "filter": {"most-powerful": 2}}}},
        "cards.test.abilities[0].effect.target.filter"),
    "the most powerful creatures gain power": (
        {"trigger": "constant", "effect": {"modify": "power", "amount": 2, "target": {"all": True, "kind": "creature",
                                                                                     "filter": {"most-powerful": True}}}},
        "cards.test.abilities[0].effect.target.filter"),
    "named-match side without a ranking": (
        {"trigger": "before-fight", "effects": [{"do": "gain", "amount": 1, "if": {"named-match": {
            "target": "defender", "side": "enemy", "filter": {"damaged": True}}}}]},
        "cards.test.abilities[0].effects[0].if.named-match.side"),
    "until-leaves-play naming no card": (
        {"trigger": "play", "effects": [{"do": "lasting", "duration": "until-leaves-play",
                                         "effect": {"modify": "power", "amount": 1, "target": {"all": True, "kind": "creature"}}}]},
        "cards.test.abilities[0].effects[0].duration"),
    "steal granted as a keyword": (
        {"trigger": "constant", "effect": {"modify": "keyword", "keyword": "steal", "amount": 1, "target": "self"}},
        "cards.test.abilities[0].effect.keyword"),
    "a filter on the heal keyword": (
        {"trigger": "play", "effects": [{"do": "destroy", "target": {"choose": 1, "kind": "creature", "filter": {"keyword": "heal"}}}]},
        "cards.test.abilities[0].effects[0].target.filter.keyword"),
    "a misspelt zone": (
        {"trigger": "play", "effects": [{"do": "search", "zone": "graveyard", "filter": {"house": "dis"}}]},
        "cards.test.abilities[0].effects[0].zone"),
    "a target in a misspelt zone": (
        {"trigger": "play", "effects": [{"do": "return-to-hand", "target": {"choose": 1, "kind": "card", "zone": "archive"}}]},
        "cards.test.abilities[0].effects[0].target.zone"),
    "a yes/no written as text": (
        {"trigger": "play", "effects": [{"do": "fight-with", "target": {"choose": 1, "kind": "creature"}, "ready": "yes"}]},
        "cards.test.abilities[0].effects[0].ready"),
    "return purged artifacts": (
        {"trigger": "play", "effects": [{"do": "return-purged", "kind": "artifact"}]},
        "cards.test.abilities[0].effects[0].kind"),
    "move Æmber to a player word read as a card": (
        {"trigger": "play", "effects": [{"do": "move-aember", "amount": 1, "from": "self", "to": "controller"}]},
        "cards.test.abilities[0].effects[0].to"),
    "a key a constant effect never reads": (
        {"trigger": "constant", "effect": {"modify": "power", "amount": 1, "target": "self", "duration": "turn"}},
        "cards.test.abilities[0].effect.duration"),
    "may-play for the opponent": (
        {"trigger": "constant", "effect": {"modify": "may-play", "player": "opponent", "count": 1, "filter": {"house": "dis"}}},
        "cards.test.abilities[0].effect.player"),
    "a misspelt keyword granted": (
        {"trigger": "constant", "effect": {"modify": "keyword", "keyword": "elusve", "target": "self"}},
        "cards.test.abilities[0].effect.keyword"),
    "no fight damage when attacking, misspelt": (
        {"trigger": "constant", "effect": {"modify": "no-fight-damage", "when": "attack", "target": "self"}},
        "cards.test.abilities[0].effect.when"),
    "a misspelt house in a filter": (
        {"trigger": "play", "effects": [{"do": "destroy", "target": {"choose": 1, "kind": "creature", "filter": {"house": "star-alliance"}}}]},
        "cards.test.abilities[0].effects[0].target.filter.house"),
    "a card type in a filter that cards in play are not": (
        {"trigger": "play", "effects": [{"do": "destroy", "target": {"all": True, "kind": "card", "filter": {"type": ["creature", "token"]}}}]},
        "cards.test.abilities[0].effects[0].target.filter.type"),
    "once with no trigger": (
        {"trigger": "play", "effects": [{"do": "lasting", "duration": "once", "effect": {"modify": "power", "amount": 1, "target": "self"}}]},
        "cards.test.abilities[0].effects[0].duration"),
    "a constant amount divided": (
        {"trigger": "constant", "effect": {"modify": "power", "target": "self", "amount": {
            "count": {"kind": "creature", "side": "enemy"}, "divide": 2}}},
        "cards.test.abilities[0].effect.amount"),
    "a constant amount of the card's power": (
        {"trigger": "constant", "effect": {"modify": "armor", "target": "self", "amount": {"value": "self.power"}}},
        "cards.test.abilities[0].effect.amount.value"),
    "a counted extra damage": (
        {"trigger": "constant", "effect": {"modify": "extra-damage", "target": "self", "amount": {"value": "you.keys"}}},
        "cards.test.abilities[0].effect.amount"),
    "a repeat of the whole ability, counted": (
        {"trigger": "play", "effects": [{"do": "gain", "amount": 1}, {"do": "repeat", "what": "ability", "times": 2}]},
        "cards.test.abilities[0].effects[1].times"),
    "an ability's own condition": (
        {"trigger": "after", "event": "reap", "if": {"tide": "high"}, "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].if"),
    "an ability working from the archives": (
        {"trigger": "start-of-turn", "zone": "archives", "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].zone"),
    "a constant condition comparing the card's power": (
        {"trigger": "constant", "effect": {"modify": "armor", "amount": 1, "target": "self",
                                            "condition": {"compare": ["self.power", ">", 3]}}},
        "cards.test.abilities[0].effect.condition.compare[0].value"),
    "the chosen player before one is chosen": (
        {"trigger": "play", "effects": [{"do": "draw", "amount": 1, "player": "chosen"}]},
        "cards.test.abilities[0].effects[0]"),
    "an unknown key in a search filter": (
        {"trigger": "play", "effects": [{"do": "search", "zone": "deck", "filter": {"hous": "dis"}}]},
        "cards.test.abilities[0].effects[0].filter.hous"),
    "an unknown key in a permission's filter": (
        {"trigger": "constant", "effect": {"modify": "may-play", "count": 1, "filter": {"colour": "red"}}},
        "cards.test.abilities[0].effect.filter.colour"),
    "the most powerful in a fight restriction": (
        {"trigger": "constant", "effect": {"modify": "fight-restriction", "target": "self", "only": {
            "kind": "creature", "filter": {"most-powerful": True}}}},
        "cards.test.abilities[0].effect.only.filter.most-powerful"),
    "a misspelt house on a choose-house event": (
        {"trigger": "after", "event": "choose-house", "filter": {"who": "opponent", "house": "star-alliance"},
         "effects": [{"do": "gain", "amount": 1}]},
        "cards.test.abilities[0].filter.house"),
    "a zone no card leaves": (
        {"trigger": "play", "effects": [{"do": "lasting", "duration": "turn", "effect": {
            "modify": "redirect-leaving", "zone": "archive", "to": "hand", "target": "self"}}]},
        "cards.test.abilities[0].effects[0].effect.zone"),
    "a misspelt zone to go to instead": (
        {"trigger": "play", "effects": [{"do": "lasting", "duration": "turn", "effect": {
            "modify": "redirect-leaving", "zone": "archives", "to": "hands", "target": "self"}}]},
        "cards.test.abilities[0].effects[0].effect.to"),
    "a zone no card enters": (
        {"trigger": "constant", "effect": {"modify": "redirect-entering", "zone": "graveyard", "to": "purged",
                                           "target": {"all": True, "kind": "creature"}}},
        "cards.test.abilities[0].effect.zone"),
    "a misspelt zone a card enters instead": (
        {"trigger": "constant", "effect": {"modify": "redirect-entering", "zone": "discard", "to": "purge",
                                           "target": {"all": True, "kind": "creature"}}},
        "cards.test.abilities[0].effect.to"),
    "a redirect-entering from elsewhere than play": (
        {"trigger": "constant", "effect": {"modify": "redirect-entering", "zone": "discard", "from": "hand",
                                           "to": "purged", "target": {"all": True, "kind": "creature"}}},
        "cards.test.abilities[0].effect.from"),
    "a key forged by its controller": (
        {"trigger": "play", "effects": [{"do": "gain", "amount": 1, "if": {"key-forged": "red", "player": "its-controller"}}]},
        "cards.test.abilities[0].effects[0].if.player"),
    "capture player": (
        {"trigger": "play", "effects": [{"do": "capture", "amount": 1, "player": "opponent"}]},
        "cards.test.abilities[0].effects[0].player"),
}


@pytest.mark.parametrize("ability, where", REFUSED.values(), ids=REFUSED.keys())
def test_a_use_the_engine_would_not_read_is_refused(ability: dict[str, Any], where: str) -> None:
    assert where in refused(creature(ability))


ACCEPTED = {
    "whose on a start-of-turn ability": {"trigger": "start-of-turn", "whose": "each", "effects": [{"do": "gain", "amount": 1}]},
    "an after ability's filter": {"trigger": "after", "event": "play", "filter": {"who": "opponent", "not-self": True},
                                  "effects": [{"do": "gain", "amount": 1}]},
    "flank = false": {"trigger": "play", "effects": [{"do": "destroy", "target": {"choose": 1, "kind": "creature",
                                                                                 "filter": {"flank": False}}}]},
    "if on a key cost": {"trigger": "constant", "effect": {"modify": "key-cost", "amount": 1, "player": "each",
                                                           "if": {"tide": "high"}}},
    "the least powerful creatures cannot reap": {"trigger": "constant", "effect": {
        "modify": "cannot-use", "use": "reap", "target": {"all": True, "kind": "creature", "filter": {"least-powerful": True}}}},
    "a chosen most powerful creature, for the turn": {"trigger": "play", "effects": [{"do": "lasting", "duration": "turn", "effect": {
        "modify": "power", "amount": -2, "target": {"choose": 1, "kind": "creature", "filter": {"most-powerful": True}}}}]},
    "haunted by its controller in an ability": {"trigger": "play", "effects": [{"do": "gain", "amount": 1,
                                                                                "if": {"haunted": "its-controller"}}]},
    "a house on a choose-house event": {"trigger": "after", "event": "choose-house", "filter": {"house": "staralliance"},
                                        "effects": [{"do": "gain", "amount": 1}]},
    "a lasting redirect of a card leaving the archives": {"trigger": "play", "effects": [{"do": "lasting", "duration": "turn", "effect": {
        "modify": "redirect-leaving", "zone": "archives", "to": "hand", "target": "self"}}]},
    "a creature leaving play for a discard pile is purged": {"trigger": "constant", "effect": {
        "modify": "redirect-entering", "zone": "discard", "from": "play", "to": "purged", "target": {"all": True, "kind": "creature"}}},
    "a key forged by any player": {"trigger": "play", "effects": [{"do": "gain", "amount": 1,
                                                                   "if": {"key-forged": "red", "player": "any"}}]},
    "named-match on the most powerful enemy creature": {"trigger": "before-fight", "effects": [{"do": "gain", "amount": 2, "if": {
        "named-match": {"target": "defender", "side": "enemy", "filter": {"most-powerful": True}}}}]},
}


@pytest.mark.parametrize("ability", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_a_use_the_engine_reads_is_accepted(ability: dict[str, Any]) -> None:
    card, problems = card_from_dict("test", creature(ability), where="cards.test", custom=True)
    assert card is not None, [str(p) for p in problems]


def test_no_card_of_the_pool_uses_a_word_the_engine_would_not_read() -> None:
    found = []
    cards = Path(__file__).resolve().parent.parent / "judge" / "games" / "keyforge" / "cards"
    for path in sorted(cards.rglob("*.toml")):
        with path.open("rb") as f:
            raw = tomllib.load(f)
        found += [str(p) for p in usage.problems(raw.get("abilities", []), path)]
        for rid, version in (raw.get("versions") or {}).items():
            found += [str(p) for p in usage.problems(version.get("abilities", []), f"{path}.versions.{rid}")]
    assert not found


def test_capture_takes_no_player() -> None:
    # "Capture" always takes from the pools `from` names; a player word was accepted and never read.
    assert "player" not in EFFECTS["capture"]


def test_a_keyword_line_holds_only_keywords_a_card_has() -> None:
    assert "cards.test.keywords" in refused({**creature(), "keywords": ["elusive", "capture 1"]})
