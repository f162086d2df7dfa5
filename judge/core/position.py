"""A complete game position: players, their zones and the cards in them, with every counter and state.

The position is game-agnostic. What a game adds (which zones exist, which counters a card may carry, which values
a player has) is checked by its ruleset, not hard-wired here. A position is mutable while a play resolves, but
every change goes through the ``set_*``/``move`` helpers of :class:`judge.core.resolution.Resolution`, so that
the trace records it.

Besides the cards, a position records what is waiting between two plays in the games that have it: the items on
a stack (Gobierno & Prestigio's *pila*, the card being played in Mitos y Leyendas and the responses to it), who
holds priority, and which players have passed in succession since the last action. A judge can then write
"X is on the stack and the opponent holds priority" and resolve the opponent's response from there.
"""

from __future__ import annotations

import copy
import functools
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterator

from judge.core.errors import JudgeError

Scalar = int | bool | str

UNKNOWN = "?"
"""The card id of a card whose identity the judge does not know (a face-down card, a card of a castle counted
but not listed). Such a card can be moved and counted; its text cannot be read."""

TABLE = "table"
"""The pseudo-player that holds the zones shared by everyone (Gobierno & Prestigio's stack)."""


@functools.lru_cache(maxsize=1024)
def _in_order(zone_order: tuple[str, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    """A holder's zone names in the game's order (then by name); the same few sets of zones come back on every walk
    over the cards, so the order is worked out once for each."""
    order = {z: i for i, z in enumerate(zone_order)}
    return tuple(sorted(names, key=lambda z: (order.get(z, len(order)), z)))


@dataclass
class CardState:
    """One card in a position, with the state that is on it."""

    uid: str
    """Stable id of this card within the position (``c1``, ``c2``…); answers and expectations refer to it."""
    card: str
    """Catalog id of the card (or of a custom card defined by the scenario); :data:`UNKNOWN` if not known."""
    owner: str
    """The player who owns the card; cards leaving play go to their owner's zones."""
    controller: str
    """The player who controls it (for cards in play; equal to the owner elsewhere unless an effect says so)."""
    state: dict[str, Any] = field(default_factory=dict)
    """Counters and flags: ``damage``, ``amber``, ``exhausted``, ``stun``…; a missing key means 0 / false. A value
    may also be a list (the blockers assigned to an attacker)."""
    attached: list[CardState] = field(default_factory=list)
    """Cards attached to this one (upgrades on a creature, an Arma on its Aliado), in order."""
    stamp: int = 0
    """When this object entered the place it is in (the position's clock then). Continuous effects are applied in
    timestamp order, and a card that left a zone and came back has a new stamp: it is a new object, and what
    referred to the old one ("that creature", "the attacker") no longer finds it."""

    def get(self, key: str, default: Any = 0) -> Any:
        return self.state.get(key, default)

    def walk(self) -> Iterator[CardState]:
        yield self
        for child in self.attached:
            yield from child.walk()

    @property
    def obj(self) -> tuple[str, int]:
        """The game object this card is now: the same uid with another stamp is another object."""
        return self.uid, self.stamp

    @property
    def known(self) -> bool:
        return self.card != UNKNOWN


@dataclass
class PlayerState:
    """One player: named values (æmber, keys, chains…) and named zones, each an ordered list of cards."""

    id: str
    values: dict[str, Any] = field(default_factory=dict)
    zones: dict[str, list[CardState]] = field(default_factory=dict)
    team: str | None = None
    """Players of the same team are not each other's opponents (Gobierno & Prestigio 102); ``None``: alone."""

    def zone(self, name: str) -> list[CardState]:
        return self.zones.setdefault(name, [])

    def __eq__(self, other: object) -> bool:
        # An empty zone and a zone never mentioned are the same thing on the table.
        if not isinstance(other, PlayerState):
            return NotImplemented
        return (self.id, self.values, self.team) == (other.id, other.values, other.team) and \
            {k: v for k, v in self.zones.items() if v} == {k: v for k, v in other.zones.items() if v}


@dataclass
class StackItem:
    """Something waiting to resolve between two plays: a card being played or on the stack, an ability, a trigger.

    The stack is listed bottom first; the last item resolves first.
    """

    id: str
    """Stable id within the position (``s1``, ``s2``…)."""
    controller: str
    source: str
    """The uid of the card this item is, or whose ability it is."""
    kind: str = "card"
    """The game's word for what it is (``card``, ``ability``, ``trigger``…)."""
    data: dict[str, Any] = field(default_factory=dict)
    """Everything else the item carries: its targets, a chosen mode, X, which ability, how far its play got."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "controller": self.controller, "source": self.source, "kind": self.kind}
        out.update({k: self.data[k] for k in sorted(self.data)})
        return out


@dataclass(frozen=True)
class Result:
    """How a game ended: who won (one player, several, a team), or a draw."""

    winners: tuple[str, ...] = ()
    draw: bool = False
    rule: str | None = None
    """The rule that ended it."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"winners": list(self.winners), "draw": self.draw}
        if self.rule:
            out["rule"] = self.rule
        return out

    @property
    def winner(self) -> str | None:
        """The single winner, if there is exactly one."""
        return self.winners[0] if len(self.winners) == 1 and not self.draw else None


@dataclass
class Position:
    """A whole game position: whose turn, which step, the players, and what lasts beyond a single play."""

    game: str
    ruleset: str
    players: dict[str, PlayerState]
    """In turn order."""
    active: str
    step: str = ""
    turn: int = 1
    values: dict[str, Any] = field(default_factory=dict)
    """Game-wide values: the tide, the first-turn flag, what has been played this turn, lasting effects…"""
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Custom cards defined with the position (id → definition in the game's ability vocabulary)."""
    stack: list[StackItem] = field(default_factory=list)
    """What is waiting to resolve, bottom first."""
    priority: str | None = None
    """Who may act now while something waits to resolve or a priority round is open; ``None``: no round is open."""
    passed: list[str] = field(default_factory=list)
    """Players who have passed in succession since the last action (all of them: the top item resolves)."""
    clock: int = 0
    """The last timestamp given to an object entering a zone."""
    table: PlayerState = field(default_factory=lambda: PlayerState(TABLE))
    """Zones shared by all players."""
    zone_order: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The game's zones in the order they are listed: cards are always walked in this order, so that a position
    and its canonical text read back give the same order."""
    shared_zones: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    revision: int = field(default=0, compare=False, repr=False)
    """How many times the position has changed (:meth:`changed`): what is worked out from a position may be kept
    while its revision stays the same."""

    # Lookups.

    def player(self, pid: str) -> PlayerState:
        return self.players[pid]

    def turn_order(self, start: str | None = None) -> list[str]:
        """The players in turn order, starting with ``start`` (the active player by default)."""
        seats = list(self.players)
        first = start if start in self.players else self.active
        at = seats.index(first) if first in seats else 0
        return seats[at:] + seats[:at]

    def next_player(self, pid: str) -> str:
        order = self.turn_order(pid)
        return order[1 % len(order)]

    def opponents(self, pid: str) -> list[str]:
        """The other players, in turn order after ``pid``; teammates are not opponents."""
        team = self.players[pid].team if pid in self.players else None
        return [p for p in self.turn_order(pid)[1:] if team is None or self.players[p].team != team]

    def opponent(self, pid: str) -> str:
        """The one opponent of ``pid``; an error where the rules must say which opponent is meant."""
        others = self.opponents(pid)
        if len(others) != 1:
            error = JudgeError(f"{pid} has {len(others)} opponents here: the rule must say which one it means")
            error.message_es = f"{pid} tiene {len(others)} oponentes aquí: la regla debe decir a cuál se refiere"
            raise error
        return others[0]

    def zone(self, pid: str, name: str) -> list[CardState]:
        """The cards of ``pid``'s ``name`` zone, or of the shared zone of that name."""
        if name in self.shared_zones:
            return self.table.zone(name)
        return self.players[pid].zone(name)

    def _zones_in_order(self, holder: PlayerState) -> Iterator[tuple[str, list[CardState]]]:
        zones = holder.zones
        for name in _in_order(self.zone_order, tuple(zones)):
            yield name, zones[name]

    def holders(self) -> Iterator[PlayerState]:
        yield from self.players.values()
        if self.table.zones:
            yield self.table

    def all_cards(self) -> Iterator[tuple[PlayerState, str, CardState]]:
        """Every card with the player and zone it sits in (attached cards report their host's zone)."""
        for player in self.holders():
            for zone, cards in self._zones_in_order(player):
                for card in cards:
                    if card.attached:
                        for each in card.walk():
                            yield player, zone, each
                    else:
                        yield player, zone, card

    def find(self, uid: str) -> tuple[PlayerState, str, CardState] | None:
        try:
            player, zone, holder, index, _ = self.locate(uid)
        except KeyError:
            return None
        return player, zone, holder[index]

    def locate(self, uid: str) -> tuple[PlayerState, str, list[CardState], int, CardState | None]:
        """Where a card sits: its player, zone, the list that holds it, its index there and its host if attached."""
        # The rules ask where cards are far more often than cards move: the answer comes from an index of every card,
        # made again when the position has changed or the index no longer matches the lists it points into.
        where = self.__dict__.get("_where")
        if where is not None and where[0] == self.revision:
            found = where[1].get(uid)
            if found is not None and self._still(found, uid, where[1]):
                return found
        index = self._index()
        self.__dict__["_where"] = (self.revision, index)
        found = index.get(uid)
        if found is None:
            raise KeyError(uid)
        return found

    def _index(self) -> dict[str, tuple[PlayerState, str, list[CardState], int, CardState | None]]:
        index: dict[str, tuple[PlayerState, str, list[CardState], int, CardState | None]] = {}
        for player in self.holders():
            for zone, cards in self._zones_in_order(player):
                for i, card in enumerate(cards):
                    index.setdefault(card.uid, (player, zone, cards, i, None))
                    if card.attached:
                        for host in card.walk():
                            for j, child in enumerate(host.attached):
                                index.setdefault(child.uid, (player, zone, host.attached, j, host))
        return index

    def _still(self, found: tuple[PlayerState, str, list[CardState], int, CardState | None], uid: str,
               index: dict[str, tuple[PlayerState, str, list[CardState], int, CardState | None]]) -> bool:
        """Whether an entry of the index still describes the position (a card may have been put in a zone directly)."""
        player, zone, holder, i, host = found
        if i >= len(holder) or holder[i].uid != uid:
            return False
        if host is None:
            owner = self.table if player.id == TABLE else self.players.get(player.id)
            return owner is player and player.zones.get(zone) is holder
        up = index.get(host.uid)
        return holder is host.attached and up is not None and up[0] is player and up[1] == zone \
            and self._still(up, host.uid, index)

    def next_uid(self) -> str:
        used = {card.uid for _, _, card in self.all_cards()}
        n = 1
        while f"c{n}" in used:
            n += 1
        return f"c{n}"

    def next_stack_id(self) -> str:
        used = {item.id for item in self.stack}
        n = 1
        while f"s{n}" in used:
            n += 1
        return f"s{n}"

    def tick(self) -> int:
        """A new timestamp, later than every one given before."""
        self.clock += 1
        return self.clock

    @property
    def result(self) -> Result | None:
        raw = self.values.get("result")
        if not isinstance(raw, dict):
            return None
        return Result(tuple(raw.get("winners", ())), bool(raw.get("draw", False)), raw.get("rule"))

    def copy(self) -> Position:
        """A deep copy (every resolution works on one, every checkpoint keeps one)."""
        return _copy(self, {})

    def changed(self) -> None:
        """Count a change made in place (every change a resolution makes is counted)."""
        self.revision += 1

    def restore(self, saved: Position) -> None:
        """Become a copy of ``saved`` in place: callers holding this object see the restored position."""
        # A restored position is a new revision, never the old one again: what was kept for the revision it had
        # when ``saved`` was taken may not hold any more.
        revision = max(self.revision, saved.revision) + 1
        self.__dict__.update(saved.copy().__dict__)
        self.revision = revision


_ATOMIC = frozenset({str, int, bool, float, type(None)})
_RECORDS = frozenset({Position, PlayerState, StackItem})


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    """What ``copy.deepcopy`` gives for a position and the data in it, without its generic dispatch, which was the
    largest single cost of resolving a play. Objects met twice stay one object in the copy, as with deepcopy."""
    kind = type(value)
    if kind in _ATOMIC:
        return value
    done = memo.get(id(value))
    if done is not None:
        return done
    if kind is dict:
        out: Any = {}
        memo[id(value)] = out
        for k, v in value.items():
            out[k] = v if type(v) in _ATOMIC else _copy(v, memo)
    elif kind is list:
        out = []
        memo[id(value)] = out
        for v in value:
            out.append(v if type(v) in _ATOMIC else _copy(v, memo))
    elif kind is CardState:
        out = _copy_card(value, memo)
    elif kind in _RECORDS:
        out = object.__new__(kind)
        memo[id(value)] = out
        fields = out.__dict__
        for k, v in value.__dict__.items():
            if k[0] != "_":  # what an object keeps for itself (the index of a position) is not part of it
                fields[k] = v if type(v) in _ATOMIC else _copy(v, memo)
    elif kind in (tuple, frozenset) and all(type(v) in _ATOMIC for v in value):
        out = value
    else:
        out = copy.deepcopy(value, memo)
    return out


def _copy_card(card: CardState, memo: dict[int, Any]) -> CardState:
    # The most common object of a position: its fields are known, so it is copied without looking at each one.
    out = object.__new__(CardState)
    memo[id(card)] = out
    fields = out.__dict__
    fields.update(card.__dict__)
    state = card.state
    fields["state"] = _copy(state, memo) if state else {}
    attached = card.attached
    fields["attached"] = [_copy(a, memo) for a in attached] if attached else []
    return out
