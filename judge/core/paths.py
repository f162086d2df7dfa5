"""The values a scenario expectation can name in any game (``p1.hand.count``, ``c3.zone``, ``<name>.damage``…).

A path is read against a position: ``active``, ``turn``, ``step``, ``priority``, ``passed``, ``stack`` (each waiting
item as ``<kind> <source>``, bottom first) and ``stack.count``, ``winner`` and ``draw``, and ``values.<name>`` are
the position's own; ``<player>.<zone>`` is the list of the cards in that zone (their catalog ids),
``<player>.<zone>.count`` how many there are, ``<player>.<value>`` one of the player's values; ``<card>.<what>`` is
about one card, named by its uid or, when only one card of the position has it, by any of its names: its ``zone``
(``p1.discard``; a shared zone by its name alone), ``controller``, ``owner``, ``index`` in its zone, the cards
attached to it, its state (``damage``, ``exhausted``, ``counter-<name>``…) and, from its definition, its ``type``
and, in a game whose cards have them, its ``traits`` and ``keywords``. What a game adds (a count it keeps its own
way, a card's power with every effect applied) it answers before falling back to :func:`query`. :func:`assign` goes
the other way: a judge's correction sets what a path names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping

from judge.core.errors import UnknownCardError
from judge.core.position import CardState, Position
from judge.core.resolution import Resolution


@dataclass(frozen=True)
class Words:
    """What the generic paths need to know of one game."""

    zones: tuple[str, ...]
    card_id: Callable[[str], str]
    """The catalog id a card name stands for; ``KeyError`` when it names no card or several."""
    define: Callable[[CardState], Any]
    """A card's definition as the game sees it now (what its ``type``, ``traits`` and ``keywords`` are read from)."""
    attached: str
    """How a card's attached cards are named in a path (``upgrades``)."""
    attached_zone: str | None = None
    """The zone an attached card is said to be in (``upgrade``, as in ``p1.upgrade``); ``None``: its host's zone."""
    player_values: Mapping[str, Any] = field(default_factory=dict)
    """Each value a player may have, with what it is when the position does not give it."""
    card_state: Mapping[str, type] = field(default_factory=dict)
    """Each state key a card may carry, with its type (a missing ``bool`` is false, any other 0)."""


def query(position: Position, path: str, words: Words) -> Any:
    """The value ``path`` names in ``position``; ``KeyError`` when there is none."""
    if path in ("active", "turn", "step", "priority"):
        return getattr(position, path)
    if path == "passed":
        return list(position.passed)
    if path == "stack":
        return [f"{item.kind} {item.source}" for item in position.stack]
    if path == "stack.count":
        return len(position.stack)
    if path in ("winner", "draw"):
        result = position.result
        if path == "draw":
            return result.draw if result else False
        return result.winner if result else position.values.get("winner")
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
        holder, zone, _, _, host = position.locate(card.uid)
        if host and words.attached_zone:
            zone = words.attached_zone
        return f"{holder.id}.{zone}" if holder.id in position.players else zone
    if rest in ("controller", "owner"):
        return getattr(card, rest)
    if rest == words.attached:
        return [u.card for u in card.attached]
    if rest == "index":
        return position.locate(card.uid)[3]
    if rest in ("type", "traits", "keywords"):
        return _printed(words.define(card), rest, path)
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


def catalog_id(catalog: Any) -> Callable[[str], str]:
    """The :attr:`Words.card_id` of a game whose cards are a core catalog: a name no card has, or several have, is no
    path (``KeyError``) rather than an error of the catalog's."""

    def card_id(name: str) -> str:
        try:
            return catalog.get(name).id
        except UnknownCardError as exc:
            raise KeyError(str(exc)) from exc

    return card_id


def _printed(definition: Any, what: str, path: str) -> Any:
    # A game whose cards have no traits (or keywords) has no such path: it is unknown, not an empty list.
    value = getattr(definition, what, None)
    if value is None:
        raise KeyError(path)
    if what == "type":
        return value
    # A keyword with a value is written the way a card file writes it ("assault 3").
    return [k if isinstance(k, str) else (k[0] if k[1] == 1 else f"{k[0]} {k[1]}") for k in value]


def assign(res: Resolution, path: str, value: Any, card_id: Callable[[str], str]) -> None:
    """Set what ``path`` names to ``value`` — a judge's correction of the position between two plays ("then the
    opponent gains 2") — through ``res``, so that the trace records it. The paths are the position's own values, as
    the notation writes them: ``active``, ``turn``, ``step``, ``values.<name>``, ``<player>.<value>``, and of a card
    its ``zone`` (``"p1.discard"``: it moves there, at the end), ``controller`` and any state (``damage``,
    ``exhausted``, ``counter-<name>``…). A number may be given as ``{ add = N }`` (N more, or less if negative).
    ``KeyError`` when the path names nothing that can be set."""
    position = res.position
    if path in ("active", "turn", "step"):
        res.set_turn(**{path: _plus(getattr(position, path), value)})
        return
    if path.startswith("values."):
        res.set_value(path[7:], _plus(position.values.get(path[7:], 0), value))
        return
    head, _, rest = path.partition(".")
    if head in position.players:
        if rest in position.zone_order or not rest:
            raise KeyError(f"{path}: a zone changes as its cards move — set '<card>.zone' for each card")
        res.set_player(head, rest, _plus(position.player(head).values.get(rest, 0), value))
        return
    card = find_card(position, head, card_id)
    if rest == "zone":
        pid, _, zone = str(value).partition(".")
        if pid not in position.players or zone not in position.zone_order:
            raise KeyError(f"{path}: a zone is written <player>.<zone>, e.g. p1.discard, not {value!r}")
        res.move(card, pid, zone)
        return
    if rest == "controller":
        if value not in position.players:
            raise KeyError(f"{path}: {value!r} is not a player")
        res.set_controller(card, str(value))
        return
    if not rest or rest in ("owner", "card", "uid"):
        raise KeyError(f"{path}: a card's {rest or 'value'} cannot be set; put another card in the position instead")
    res.set_card(card, rest, _plus(card.state.get(rest, 0), value))


def _plus(current: Any, value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) != {"add"} or not isinstance(value["add"], int) or not isinstance(current, int):
            raise KeyError(f"a relative value is {{ add = N }} on a number, not {value!r}")
        return current + value["add"]
    return value
