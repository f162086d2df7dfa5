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
from judge.core.position import TABLE, UNKNOWN, CardState, PlayerState, Position, StackItem

CARD_KEYS = ("uid", "card", "owner", "controller", "attached")
MAX_COUNTED = 10_000
"""The most cards a zone written as a count may hold (a castle, a deck): more is a typing mistake."""


@dataclass(frozen=True)
class Layout:
    """What the notation needs to know of a game: its zones, which of them are in play, and how each behaves."""

    zones: tuple[str, ...]
    in_play: frozenset[str] = field(default_factory=frozenset)
    attached_key: str = "attached"
    """The key under which a card's attached cards are written (KeyForge: ``upgrades``)."""
    hidden: frozenset[str] = field(default_factory=frozenset)
    """Zones whose cards a judge may not know: a card there may be ``"?"``, and the zone may be written as a count
    (a Mitos y Leyendas castle of 32 cards is ``castillo = 32``)."""
    ordered: frozenset[str] = field(default_factory=frozenset)
    """Zones whose order is part of the game state (a deck, read from the top)."""
    shared: frozenset[str] = field(default_factory=frozenset)
    """Zones of the table rather than of one player (Gobierno & Prestigio's stack): written under ``[table]``."""
    stamps: bool = False
    """Whether timestamps are part of the position (games whose continuous effects apply in timestamp order)."""


def card_to_dict(card: CardState, zone_player: str, layout: Layout, in_play: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"uid": card.uid, "card": card.card}
    if card.owner != zone_player:
        out["owner"] = card.owner
    default_controller = zone_player if in_play else card.owner
    if card.controller != default_controller:
        out["controller"] = card.controller
    if layout.stamps and card.stamp:
        out["stamp"] = card.stamp
    for k in sorted(card.state):
        v = card.state[k]
        if v not in (0, False, "") and v != []:
            out[k] = list(v) if isinstance(v, (list, tuple)) else v
    if card.attached:
        out[layout.attached_key] = [card_to_dict(c, card.controller, layout, in_play) for c in card.attached]
    return out


def _zone_to_list(cards: list[CardState], pid: str, zone: str, layout: Layout) -> Any:
    # A hidden zone of cards nobody knows anything about is written as its count: that is all a judge knows of it.
    if zone in layout.hidden and all(not c.known and not c.state and not c.attached and c.owner == pid
                                     and not (layout.stamps and c.stamp) for c in cards):
        return len(cards)
    return [card_to_dict(c, pid, layout, zone in layout.in_play) for c in cards]


def position_to_dict(position: Position, layout: Layout) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "game": position.game,
        "ruleset": position.ruleset,
        "active": position.active,
        "turn": position.turn,
    }
    if position.step:
        doc["step"] = position.step
    if position.priority:
        doc["priority"] = position.priority
    if position.passed:
        doc["passed"] = list(position.passed)
    if layout.stamps and position.clock:
        doc["clock"] = position.clock
    if position.values:
        doc["values"] = {k: position.values[k] for k in sorted(position.values)}
    players: dict[str, Any] = {}
    for pid, player in position.players.items():
        # A value that is not set (a house not chosen) is left out, as if never written.
        table: dict[str, Any] = {k: player.values[k] for k in sorted(player.values) if player.values[k] is not None}
        if player.team is not None:
            table["team"] = player.team
        for zone in layout.zones:
            cards = player.zones.get(zone, [])
            if cards and zone not in layout.shared:
                table[zone] = _zone_to_list(cards, pid, zone, layout)
        players[pid] = table
    doc["players"] = players
    shared = {z: [card_to_dict(c, c.controller, layout, z in layout.in_play) for c in position.table.zones[z]]
              for z in layout.zones if z in layout.shared and position.table.zones.get(z)}
    if shared:
        doc["table"] = shared
    if position.stack:
        doc["stack"] = [item.to_dict() for item in position.stack]
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

    def card(self, raw: Any, where: str, zone_player: str, in_play: bool, zone: str = "") -> CardState | None:
        if isinstance(raw, str):
            raw = {"card": raw}
        if isinstance(raw, dict) and raw.get("card") == UNKNOWN and zone not in self.layout.hidden:
            self.problem(where, f"an unknown card ('?') can only be in a hidden zone ({', '.join(sorted(self.layout.hidden)) or 'none in this game'})",
                         f"una carta desconocida ('?') solo puede estar en una zona oculta ({', '.join(sorted(self.layout.hidden)) or 'ninguna en este juego'})")
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
        stamp = 0
        for k, v in raw.items():
            if k in ("uid", "card", "owner", "controller"):
                continue
            if k == "stamp" and self.layout.stamps:
                if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                    stamp = v
                else:
                    self.problem(f"{where}.stamp", "a timestamp is a whole number from 0", "una marca de tiempo es un número entero desde 0")
                continue
            if k == self.layout.attached_key:
                if not isinstance(v, list):
                    self.problem(f"{where}.{k}", "must be a list of cards", "debe ser una lista de cartas")
                    continue
                for i, sub in enumerate(v):
                    child = self.card(sub, f"{where}.{k}[{i}]", str(controller), in_play, zone)
                    if child is not None:
                        attached.append(child)
                continue
            if isinstance(v, (bool, int, str)) or (isinstance(v, list) and all(isinstance(x, (bool, int, str)) for x in v)):
                state[k] = list(v) if isinstance(v, list) else v
            else:
                self.problem(f"{where}.{k}", f"a card's {k} must be a number, true/false, text or a list of them", f"el valor {k} de una carta debe ser un número, true/false, texto o una lista de ellos")
        card = CardState(uid=uid or "", card=str(name), owner=str(owner), controller=str(controller),
                         state=state, attached=attached, stamp=stamp)
        if uid is None:
            self.pending_uid.append(card)
        return card

    def zone(self, player: PlayerState, name: str, raw: Any, where: str, owner_default: str = "") -> None:
        cards = player.zone(name)
        owner = player.id if player.id != TABLE else owner_default
        if isinstance(raw, int) and not isinstance(raw, bool) and name in self.layout.hidden:
            if not 0 <= raw <= MAX_COUNTED:
                self.problem(where, f"a zone holds from 0 to {MAX_COUNTED} cards", f"una zona tiene de 0 a {MAX_COUNTED} cartas")
                return
            for _ in range(raw):
                card = CardState(uid="", card=UNKNOWN, owner=owner, controller=owner)
                self.pending_uid.append(card)
                cards.append(card)
            return
        if not isinstance(raw, list):
            counted = " (or, being hidden, a number of cards)" if name in self.layout.hidden else ""
            counted_es = " (o, al ser oculta, un número de cartas)" if name in self.layout.hidden else ""
            self.problem(where, f"a zone is a list of cards{counted}", f"una zona es una lista de cartas{counted_es}")
            return
        for i, item in enumerate(raw):
            card = self.card(item, f"{where}[{i}]", owner, name in self.layout.in_play, name)
            if card is not None:
                cards.append(card)

    def whole(self, key: str, raw: Any, default: int) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool) or raw < default:
            self.problem(key, f"{key} must be a whole number from {default}", f"{key} debe ser un número entero desde {default}")
            return default
        return raw

    def stack(self, raw: Any, players: dict[str, PlayerState]) -> list[StackItem]:
        if not isinstance(raw, list):
            self.problem("stack", "the stack is a list of items, bottom first", "la pila es una lista de elementos, el de abajo primero")
            return []
        items: list[StackItem] = []
        seen: set[str] = set()
        for i, entry in enumerate(raw):
            where = f"stack[{i}]"
            if not isinstance(entry, dict):
                self.problem(where, "a stack item is a table", "un elemento de la pila es una tabla")
                continue
            sid = entry.get("id", f"s{i + 1}")
            controller, source, kind = entry.get("controller"), entry.get("source"), entry.get("kind", "card")
            if not isinstance(sid, str) or not sid or sid in seen:
                self.problem(f"{where}.id", "each stack item needs its own id", "cada elemento de la pila necesita su propio id")
                sid = f"s{i + 1}"
            seen.add(sid)
            if controller not in players:
                self.problem(f"{where}.controller", f"the controller is one of {sorted(players)}", f"el controlador es uno de {sorted(players)}")
            source = "" if source is None else source
            if not isinstance(source, str):
                self.problem(f"{where}.source", "the uid of the card it is or comes from", "el uid de la carta que es o de la que viene")
            if not isinstance(kind, str):
                self.problem(f"{where}.kind", "kind is text", "kind es texto")
            data = {k: v for k, v in entry.items() if k not in ("id", "controller", "source", "kind")}
            items.append(StackItem(sid, str(controller), str(source), str(kind), data))
        return items

    def give_uids(self) -> None:
        # Cards written without a uid get the first free c<n>, in reading order, so a hand-written position
        # numbers its cards the same way every time it is read.
        n = 1
        # Known cards are numbered first, so that a castle written as a count does not push the cards a judge names
        # to high numbers.
        for card in sorted(self.pending_uid, key=lambda c: not c.known):
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
        if pid == TABLE:
            reader.problem(where, f"{TABLE!r} is the name of the shared zones, not a player", f"{TABLE!r} es el nombre de las zonas compartidas, no un jugador")
            continue
        player = PlayerState(id=pid)
        for k, v in raw.items():
            if k in layout.zones and k not in layout.shared:
                reader.zone(player, k, v, f"{where}.{k}")
            elif k in layout.shared:
                reader.problem(f"{where}.{k}", f"{k} is shared by all players: write it under [table]", f"{k} es compartida por todos los jugadores: escríbela en [table]")
            elif k == "team":
                if isinstance(v, str) and v:
                    player.team = v
                else:
                    reader.problem(f"{where}.team", "a team is a name", "un equipo es un nombre")
            else:
                player.values[k] = v
        players[pid] = player
    table = PlayerState(id=TABLE)
    table_raw = doc.get("table", {})
    if not isinstance(table_raw, dict):
        reader.problem("table", "the shared zones are a table", "las zonas compartidas son una tabla")
        table_raw = {}
    for k, v in table_raw.items():
        if k not in layout.shared:
            reader.problem(f"table.{k}", f"not a shared zone of this game ({', '.join(sorted(layout.shared)) or 'it has none'})", f"no es una zona compartida de este juego ({', '.join(sorted(layout.shared)) or 'no tiene'})")
            continue
        reader.zone(table, k, v, f"table.{k}", owner_default=next(iter(players), ""))
    reader.give_uids()
    active = doc.get("active")
    if players and (not isinstance(active, str) or active not in players):
        reader.problem("active", f"the active player must be one of {sorted(players)}, not {active!r}", f"el jugador activo debe ser uno de {sorted(players)}, no {active!r}")
    turn = reader.whole("turn", doc.get("turn", 1), 1)
    clock = reader.whole("clock", doc.get("clock", 0), 0)
    step = doc.get("step", "")
    if not isinstance(step, str):
        reader.problem("step", "step must be text", "el paso debe ser texto")
        step = ""
    priority = doc.get("priority")
    if priority is not None and priority not in players:
        reader.problem("priority", f"priority is held by one of {sorted(players)}, not {priority!r}", f"la prioridad la tiene uno de {sorted(players)}, no {priority!r}")
        priority = None
    passed = doc.get("passed", [])
    if not isinstance(passed, list) or not all(isinstance(p, str) and p in players for p in passed):
        reader.problem("passed", f"passed lists players among {sorted(players)} who passed in succession", f"passed enumera jugadores de {sorted(players)} que han pasado seguidos")
        passed = []
    stack = reader.stack(doc.get("stack", []), players)
    values = doc.get("values", {})
    if not isinstance(values, dict):
        reader.problem("values", "must be a table", "debe ser una tabla")
        values = {}
    cards = doc.get("cards", {})
    if not isinstance(cards, dict):
        reader.problem("cards", "custom cards are a table of tables", "las cartas propias son una tabla de tablas")
        cards = {}
    for k in doc:
        if k not in _POSITION_KEYS:
            reader.problem(k, "unknown key in a position", "clave desconocida en una posición")
    if not isinstance(active, str) or active not in players:
        active = next(iter(players), "")
    position = Position(game=game, ruleset=ruleset, players=players, active=str(active), step=step, turn=turn,
                        values=dict(values), cards=dict(cards), stack=stack, priority=priority, passed=list(passed),
                        clock=clock, table=table, zone_order=layout.zones, shared_zones=layout.shared)
    uids = {c.uid for _, _, c in position.all_cards()}
    for i, item in enumerate(stack):
        if item.source and item.source not in uids:
            reader.problem(f"stack[{i}].source", f"no card has uid {item.source!r}", f"ninguna carta tiene el uid {item.source!r}")
    return position, reader.problems


_POSITION_KEYS = ("game", "ruleset", "active", "turn", "step", "values", "players", "cards", "table", "stack",
                  "priority", "passed", "clock")
