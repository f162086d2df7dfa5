"""What the board needs to know of KeyForge: how a position is made (zones in the order a judge reads a table,
card states, player values, steps, the words a custom card is written in) and how a card is shown (its printed
facts, and in play its power and armor now)."""

from __future__ import annotations

from typing import Any

from judge.core.errors import JudgeError, UnknownCardError
from judge.core.position import CardState, Position
from judge.games.keyforge import catalog, positions, reading_facts, vocabulary
from judge.games.keyforge.board import IN_PLAY, Board


def schema() -> dict[str, Any]:
    houses = [h for h in catalog.HOUSES if h != "none"]
    # the board shows a house or a type by the name a judge reads, and writes its word
    house_labels = {h: reading_facts.facet_names("house", h) for h in houses}
    type_labels = {t: reading_facts.facet_names("type", t) for t in catalog.TYPES}
    return {
        # in play first, then the hidden zones, the way a judge reads a table
        "zones": [z for z in ("battleline", "artifacts", "hand", "archives", "deck", "discard", "purged")
                  if z in positions.ZONES],
        "card_state": {k: ("bool" if t is bool else "int" if t is int else "card") for k, t in positions.CARD_STATE.items()},
        # out of play a card keeps only what belongs to the card itself or says how it got there
        "states_out_of_play": ["face-down", "purged-by", "maverick"],
        "player_values": sorted(positions.PLAYER_VALUES),
        "player_fields": [
            {"key": "amber", "kind": "int", "min": 0, "max": 99},
            {"key": "keys", "kind": "int", "min": 0, "max": 3},
            {"key": "chains", "kind": "int", "min": 0, "max": 24},
            {"key": "house", "kind": "choice", "options": houses, "labels": house_labels},
            {"key": "houses", "kind": "choices", "options": houses, "count": 3, "labels": house_labels},
        ],
        "game_fields": [{"key": "first-turn", "kind": "bool"}, {"key": "tide", "kind": "player"}],
        "card_fields": [
            {"key": "house", "kind": "choice", "options": houses, "labels": house_labels},
            {"key": "type", "kind": "choice", "options": list(catalog.TYPES), "labels": type_labels},
            {"key": "power", "kind": "int", "min": 0},
            {"key": "armor", "kind": "int", "min": 0},
            {"key": "keywords", "kind": "flags", "options": sorted(vocabulary.KEYWORDS), "counted": True},
            {"key": "traits", "kind": "list"},
            {"key": "bonus", "kind": "list", "options": list(catalog.BONUS_ICONS)},
        ],
        # the common case of a custom card: one trigger, one effect, an amount and a target
        "builder": {
            "when_key": "trigger",
            "when": [t for t in vocabulary.TRIGGERS if t != "constant"],
            "effects": {k: sorted(v) for k, v in vocabulary.EFFECTS.items()},
            "targets": [{"value": t, "label": t} for t in ["self", *sorted(set(vocabulary.NAMED_TARGETS) - {"self"})]]
            + [{"value": {"choose": 1, "kind": "creature", "side": side}, "label": f"choose 1 {side} creature"}
               for side in ("enemy", "friendly", "any")],
        },
        "new_position": {"active": "p1", "turn": 1, "step": "main",
                         "players": {"p1": {"amber": 0, "house": "brobnar", "hand": []}, "p2": {"amber": 0}}},
        "hand_zone": "hand",
        "steps": list(positions.STEPS),
        "houses": houses,
        "types": list(catalog.TYPES),
        "bonus_icons": list(catalog.BONUS_ICONS),
        "keywords": sorted(vocabulary.KEYWORDS),
        "triggers": dict(vocabulary.TRIGGERS),
        "effects": {k: dict(v) for k, v in vocabulary.EFFECTS.items()},
        "constant_effects": dict(vocabulary.CONSTANT_EFFECTS),
        "named_targets": sorted(vocabulary.NAMED_TARGETS),
        "sides": sorted(vocabulary.SIDES),
        "kinds": sorted(vocabulary.KINDS),
        "players_words": sorted(vocabulary.PLAYERS),
        "max_keys": 3, "max_chains": 24,
        # what the board's "lasting effects" section writes (values.lasting, docs/scenarios.md)
        "lasting": reading_facts.lasting_vocabulary(),
    }


def card_facts(card: catalog.CardDef) -> dict[str, Any]:
    """What the board shows of a catalog card: its printed facts, and its abilities as the engine reads them."""
    return {
        "id": card.id, "name": {"es": card.name_es or card.name_en, "en": card.name_en or card.name_es,
                                "pt": card.name_pt or card.name_en},
        "house": card.house, "houses": list(card.houses) or [card.house], "type": card.type, "power": card.power,
        "armor": card.armor, "keywords": [k if v == 1 else f"{k} {v}" for k, v in card.keywords],
        "traits": list(card.traits), "bonus": list(card.bonus), "custom": bool(card.custom),
        **reading_facts.reading(card),
    }


def card_now(board: Board, card: CardState, zone: str) -> dict[str, Any]:
    """Power and armor of a card in play, with every effect on it."""
    if zone not in IN_PLAY:
        return {}
    out: dict[str, Any] = {}
    for key, read in (("power", board.power), ("armor", board.armor)):
        try:
            out[f"{key}_now"] = read(card)
        except (KeyError, JudgeError, TypeError, ValueError):
            pass
    return out


def card_view(cards: catalog.Catalog, position: Position) -> dict[str, Any]:
    """Every card of the position by uid: its names, printed facts and reading, in play its power and armor now,
    and the lasting effects the position holds on it."""
    board = Board(position, cards)
    out: dict[str, Any] = {}
    for player, zone, card in position.all_cards():
        info: dict[str, Any] = {"uid": card.uid, "card": card.card, "zone": f"{player.id}.{zone}"}
        try:
            info.update(card_facts(cards.lookup(card.card)))
        except (UnknownCardError, KeyError):
            info["name"] = {"es": card.card, "en": card.card, "pt": card.card}
        info["id"] = card.card
        info.update(card_now(board, card, zone))
        lasting = reading_facts.lasting_on(position, card.uid)
        if lasting:
            info["lasting"] = lasting
        out[card.uid] = info
    return out
