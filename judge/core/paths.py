"""The values a scenario expectation can name in any game (``p1.hand.count``, ``c3.zone``, ``<name>.damage``…).

A path is read against a position: ``active``, ``turn``, ``step``, ``winner`` and ``values.<name>`` are the
position's own; ``<player>.<zone>`` is the list of the cards in that zone (their catalog ids),
``<player>.<zone>.count`` how many there are, ``<player>.<value>`` one of the player's values; ``<card>.<what>``
is about one card, named by its uid or, when only one card of the position has it, by any of its names: its
``zone`` (``p1.discard``), ``controller``, ``owner``, ``index`` in its zone, the cards attached to it, its state
(``damage``, ``exhausted``, ``counter-<name>``…) and, from its definition, its ``type``, ``traits`` and
``keywords``. What a game adds (a count it keeps its own way, a card's power with every effect applied) it answers
before falling back to :func:`query`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable, Mapping

from judge.core.position import CardState, Position


@dataclass(frozen=True)
class Words:
    """What the generic paths need to know of one game."""

    zones: tuple[str, ...]
    player_values: Mapping[str, Any]
    """Each value a player may have, with what it is when the position does not give it."""
    card_state: Mapping[str, type]
    """Each state key a card may carry, with its type (a missing ``bool`` is false, any other 0)."""
    attached: str
    """How a card's attached cards are named in a path (``upgrades``)."""
    attached_zone: str
    """The zone an attached card is said to be in (``upgrade``, as in ``p1.upgrade``)."""
    card_id: Callable[[str], str]
    """The catalog id a card name stands for; ``KeyError`` when it names no card or several."""
    define: Callable[[CardState], Any]
    """A card's definition as the game sees it now (what its ``type``, ``traits`` and ``keywords`` are read from)."""


def query(position: Position, path: str, words: Words) -> Any:
    """The value ``path`` names in ``position``; ``KeyError`` when there is none."""
    if path in ("active", "turn", "step"):
        return getattr(position, path)
    if path == "winner":
        return position.values.get("winner")
    if path.startswith("values."):
        return position.values.get(path[7:])
    head, _, rest = path.partition(".")
    if head in position.players:
        player = position.player(head)
        if rest in words.zones:
            return [c.card for c in player.zone(rest)]
        if rest.endswith(".count") and rest[:-6] in words.zones:
            return len(player.zone(rest[:-6]))
        if rest in words.player_values:
            return player.values.get(rest, words.player_values[rest])
        raise KeyError(path)
    card = find_card(position, head, words.card_id)
    if rest == "zone":
        pid, zone, _, _, host = position.locate(card.uid)
        return f"{pid.id}.{words.attached_zone if host else zone}"
    if rest in ("controller", "owner"):
        return getattr(card, rest)
    if rest == words.attached:
        return [u.card for u in card.attached]
    if rest == "index":
        return position.locate(card.uid)[3]
    if rest in ("type", "traits", "keywords"):
        return _printed(words.define(card), rest)
    if rest in words.card_state or rest.startswith("counter-"):
        return card.state.get(rest, False if words.card_state.get(rest) is bool else 0)
    raise KeyError(path)


def find_card(position: Position, ref: str, card_id: Callable[[str], str]) -> CardState:
    """The card ``ref`` names: its uid, or a name only one card of the position has."""
    found = position.find(ref)
    if found:
        return found[2]
    wanted = card_id(ref)
    matches = [c for _, _, c in position.all_cards() if c.card == wanted]
    if len(matches) != 1:
        raise KeyError(f"{ref!r} names {len(matches)} cards in the position; use the uid")
    return matches[0]


def _printed(definition: Any, what: str) -> Any:
    value = getattr(definition, what)
    if what == "type":
        return value
    # A keyword with a value is written the way a card file writes it ("assault 3").
    return [k if isinstance(k, str) else (k[0] if k[1] == 1 else f"{k[0]} {k[1]}") for k in value]
