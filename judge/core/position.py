"""A complete game position: players, their zones and the cards in them, with every counter and state.

The position is game-agnostic. What a game adds (which zones exist, which counters a card may carry, which values
a player has) is checked by its ruleset, not hard-wired here. A position is mutable while a play resolves, but
every change goes through :meth:`Position.apply` style helpers on :class:`judge.core.resolution.Resolution`, so
that the trace records it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterator

Scalar = int | bool | str


@dataclass
class CardState:
    """One card in a position, with the state that is on it."""

    uid: str
    """Stable id of this card within the position (``c1``, ``c2``…); answers and expectations refer to it."""
    card: str
    """Catalog id of the card (or of a custom card defined by the scenario)."""
    owner: str
    """The player who owns the card; cards leaving play go to their owner's zones."""
    controller: str
    """The player who controls it (for cards in play; equal to the owner elsewhere unless an effect says so)."""
    state: dict[str, Scalar] = field(default_factory=dict)
    """Counters and flags: ``damage``, ``amber``, ``exhausted``, ``stun``…; a missing key means 0 / false."""
    attached: list[CardState] = field(default_factory=list)
    """Cards attached to this one (upgrades on a creature), in order."""

    def get(self, key: str, default: Scalar = 0) -> Scalar:
        return self.state.get(key, default)

    def walk(self) -> Iterator[CardState]:
        yield self
        for child in self.attached:
            yield from child.walk()


@dataclass
class PlayerState:
    """One player: named values (æmber, keys, chains…) and named zones, each an ordered list of cards."""

    id: str
    values: dict[str, Any] = field(default_factory=dict)
    zones: dict[str, list[CardState]] = field(default_factory=dict)

    def zone(self, name: str) -> list[CardState]:
        return self.zones.setdefault(name, [])


@dataclass
class Position:
    """A whole game position: whose turn, which step, both players, and what lasts beyond a single play."""

    game: str
    ruleset: str
    players: dict[str, PlayerState]
    active: str
    step: str = ""
    turn: int = 1
    values: dict[str, Any] = field(default_factory=dict)
    """Game-wide values: the tide, the first-turn flag, what has been played this turn, lasting effects…"""
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Custom cards defined with the position (id → definition in the game's ability vocabulary)."""

    # Lookups.

    def player(self, pid: str) -> PlayerState:
        return self.players[pid]

    def opponent(self, pid: str) -> str:
        others = [p for p in self.players if p != pid]
        return others[0]

    def all_cards(self) -> Iterator[tuple[PlayerState, str, CardState]]:
        """Every card with the player and zone it sits in (attached cards report their host's zone)."""
        for player in self.players.values():
            for zone, cards in player.zones.items():
                for card in cards:
                    for each in card.walk():
                        yield player, zone, each

    def find(self, uid: str) -> tuple[PlayerState, str, CardState] | None:
        for player, zone, card in self.all_cards():
            if card.uid == uid:
                return player, zone, card
        return None

    def locate(self, uid: str) -> tuple[PlayerState, str, list[CardState], int, CardState | None]:
        """Where a card sits: its player, zone, the list that holds it, its index there and its host if attached."""
        for player in self.players.values():
            for zone, cards in player.zones.items():
                for index, card in enumerate(cards):
                    if card.uid == uid:
                        return player, zone, cards, index, None
                    for host in card.walk():
                        for sub_index, child in enumerate(host.attached):
                            if child.uid == uid:
                                return player, zone, host.attached, sub_index, host
        raise KeyError(uid)

    def next_uid(self) -> str:
        used = {card.uid for _, _, card in self.all_cards()}
        n = 1
        while f"c{n}" in used:
            n += 1
        return f"c{n}"

    def copy(self) -> Position:
        return copy.deepcopy(self)

    def restore(self, saved: Position) -> None:
        """Become a copy of ``saved`` in place: callers holding this object see the restored position."""
        self.__dict__.update(copy.deepcopy(saved).__dict__)
