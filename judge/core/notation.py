"""The canonical text form of a position (TOML) and its reading back, with every problem reported at once.

Reading is tolerant of shorthand a judge writes by hand (a bare card name instead of a table, no uid); writing
is canonical: every card with its uid, keys in a fixed order, defaults left out. ``parse(dump(p)) == p``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from judge.core import toml_writer
from judge.core.errors import MalformedPositionError, Problem
from judge.core.position import CardState, PlayerState, Position

CARD_KEYS = ("uid", "card", "owner", "controller", "attached")


@dataclass(frozen=True)
class Layout:
    """What the notation needs to know of a game: its zones and which of them are in play."""

    zones: tuple[str, ...]
    in_play: frozenset[str] = field(default_factory=frozenset)
    attached_key: str = "upgrades"
    """The key under which a card's attached cards are written (KeyForge: ``upgrades``)."""


def card_to_dict(card: CardState, zone_player: str, layout: Layout, in_play: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"uid": card.uid, "card": card.card}
    if card.owner != zone_player:
        out["owner"] = card.owner
    default_controller = zone_player if in_play else card.owner
    if card.controller != default_controller:
        out["controller"] = card.controller
    for k in sorted(card.state):
        v = card.state[k]
        if v not in (0, False, ""):
            out[k] = v
    if card.attached:
        out[layout.attached_key] = [card_to_dict(c, card.controller, layout, in_play) for c in card.attached]
    return out


def position_to_dict(position: Position, layout: Layout) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "game": position.game,
        "ruleset": position.ruleset,
        "active": position.active,
        "turn": position.turn,
    }
    if position.step:
        doc["step"] = position.step
    if position.values:
        doc["values"] = {k: position.values[k] for k in sorted(position.values)}
    players: dict[str, Any] = {}
    for pid, player in position.players.items():
        table: dict[str, Any] = {k: player.values[k] for k in sorted(player.values)}
        for zone in layout.zones:
            cards = player.zones.get(zone, [])
            if cards:
                table[zone] = [card_to_dict(c, pid, layout, zone in layout.in_play) for c in cards]
        players[pid] = table
    doc["players"] = players
    if position.cards:
        doc["cards"] = {k: position.cards[k] for k in sorted(position.cards)}
    return doc


def dumps(position: Position, layout: Layout) -> str:
    return toml_writer.dumps(position_to_dict(position, layout))


def loads_toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedPositionError([Problem("", f"not valid TOML: {exc}", f"no es TOML válido: {exc}")]) from exc


class _Reader:
    """Builds a Position from a dict, collecting problems instead of stopping at the first."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.problems: list[Problem] = []
        self.uids: set[str] = set()
        self.pending_uid: list[CardState] = []

    def problem(self, where: str, message: str, message_es: str = "") -> None:
        self.problems.append(Problem(where, message, message_es))

    def card(self, raw: Any, where: str, zone_player: str, in_play: bool) -> CardState | None:
        if isinstance(raw, str):
            raw = {"card": raw}
        if not isinstance(raw, dict):
            self.problem(where, f"a card is a name or a table, not {type(raw).__name__}", f"una carta es un nombre o una tabla, no {type(raw).__name__}")
            return None
        name = raw.get("card")
        if not isinstance(name, str) or not name.strip():
            self.problem(where, "the card has no `card` name", "la carta no tiene nombre (`card`)")
            name = "?"
        uid = raw.get("uid")
        if uid is not None and (not isinstance(uid, str) or not uid):
            self.problem(f"{where}.uid", "uid must be a non-empty string", "uid debe ser un texto no vacío")
            uid = None
        if uid is not None:
            if uid in self.uids:
                self.problem(f"{where}.uid", f"uid {uid!r} is used by two cards", f"el uid {uid!r} lo usan dos cartas")
            self.uids.add(uid)
        owner = raw.get("owner", zone_player)
        controller = raw.get("controller", zone_player if in_play else owner)
        for k, v in (("owner", owner), ("controller", controller)):
            if not isinstance(v, str):
                self.problem(f"{where}.{k}", f"{k} must be a player id", f"{k} debe ser el id de un jugador")
        state: dict[str, Any] = {}
        attached: list[CardState] = []
        for k, v in raw.items():
            if k in ("uid", "card", "owner", "controller"):
                continue
            if k == self.layout.attached_key:
                if not isinstance(v, list):
                    self.problem(f"{where}.{k}", "must be a list of cards", "debe ser una lista de cartas")
                    continue
                for i, sub in enumerate(v):
                    child = self.card(sub, f"{where}.{k}[{i}]", str(controller), in_play)
                    if child is not None:
                        attached.append(child)
                continue
            if isinstance(v, bool) or isinstance(v, (int, str)):
                state[k] = v
            else:
                self.problem(f"{where}.{k}", f"a card's {k} must be a number, true/false or text", f"el valor {k} de una carta debe ser un número, true/false o texto")
        card = CardState(uid=uid or "", card=str(name), owner=str(owner), controller=str(controller),
                         state=state, attached=attached)
        if uid is None:
            self.pending_uid.append(card)
        return card

    def give_uids(self) -> None:
        # Cards written without a uid get the first free c<n>, in reading order, so a hand-written position
        # numbers its cards the same way every time it is read.
        n = 1
        for card in self.pending_uid:
            while f"c{n}" in self.uids:
                n += 1
            card.uid = f"c{n}"
            self.uids.add(card.uid)


def position_from_dict(doc: dict[str, Any], layout: Layout, *, game: str, ruleset: str) -> Position:
    """Read a position; raise :class:`MalformedPositionError` listing every structural problem."""
    position, problems = read_position(doc, layout, game=game, ruleset=ruleset)
    if problems or position is None:
        raise MalformedPositionError(problems)
    return position


def read_position(doc: Any, layout: Layout, *, game: str, ruleset: str) -> tuple[Position | None, list[Problem]]:
    """Read as much of a position as can be read, with every structural problem found on the way.

    The position comes back even when there are problems (with defaults where a value was unusable), so that a
    ruleset can add its own game-level problems and the judge sees them all at once.
    """
    reader = _Reader(layout)
    if not isinstance(doc, dict):
        return None, [Problem("", "a position is a table", "una posición es una tabla")]
    players_raw = doc.get("players")
    players: dict[str, PlayerState] = {}
    if not isinstance(players_raw, dict) or not players_raw:
        reader.problem("players", "a position needs a [players.<id>] table for each player", "una posición necesita una tabla [players.<id>] por jugador")
        players_raw = {}
    for pid, raw in players_raw.items():
        where = f"players.{pid}"
        if not isinstance(raw, dict):
            reader.problem(where, "must be a table", "debe ser una tabla")
            continue
        player = PlayerState(id=pid)
        for k, v in raw.items():
            if k in layout.zones:
                if not isinstance(v, list):
                    reader.problem(f"{where}.{k}", "a zone is a list of cards", "una zona es una lista de cartas")
                    continue
                cards = player.zone(k)
                for i, item in enumerate(v):
                    card = reader.card(item, f"{where}.{k}[{i}]", pid, k in layout.in_play)
                    if card is not None:
                        cards.append(card)
            else:
                player.values[k] = v
        players[pid] = player
    reader.give_uids()
    active = doc.get("active")
    if players and (not isinstance(active, str) or active not in players):
        reader.problem("active", f"the active player must be one of {sorted(players)}, not {active!r}", f"el jugador activo debe ser uno de {sorted(players)}, no {active!r}")
    turn = doc.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 1:
        reader.problem("turn", "turn must be a whole number from 1", "el turno debe ser un número entero desde 1")
        turn = 1
    step = doc.get("step", "")
    if not isinstance(step, str):
        reader.problem("step", "step must be text", "el paso debe ser texto")
        step = ""
    values = doc.get("values", {})
    if not isinstance(values, dict):
        reader.problem("values", "must be a table", "debe ser una tabla")
        values = {}
    cards = doc.get("cards", {})
    if not isinstance(cards, dict):
        reader.problem("cards", "custom cards are a table of tables", "las cartas propias son una tabla de tablas")
        cards = {}
    for k in doc:
        if k not in ("game", "ruleset", "active", "turn", "step", "values", "players", "cards"):
            reader.problem(k, "unknown key in a position", "clave desconocida en una posición")
    if not isinstance(active, str) or active not in players:
        active = next(iter(players), "")
    position = Position(game=game, ruleset=ruleset, players=players, active=str(active), step=step, turn=turn,
                        values=dict(values), cards=dict(cards))
    return position, reader.problems
