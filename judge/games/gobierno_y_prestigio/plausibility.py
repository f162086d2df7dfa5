"""What a Gobierno & Prestigio position may hold but play cannot lead to: a state-based action left undone (40
prestige that has not won, a súbdito with lethal damage still on the battlefield, a leader without leadership
counters…). Before any player receives priority the game performs every state-based action (120.6), so a position
between two plays has none pending; each one found is a warning with the rule it applies. The judge may still
resolve the position: the first priority round performs them."""

from __future__ import annotations

from typing import Any

from judge.core.position import Position
from judge.core.resolution import Resolution
from judge.core.ruleset import PositionWarning
from judge.games.gobierno_y_prestigio import timing
from judge.games.gobierno_y_prestigio.game import Game


def warnings(ruleset: Any, position: Position) -> list[PositionWarning]:
    """The warnings of a valid position under ``ruleset`` (a :class:`~judge.games.gobierno_y_prestigio.rules.GobiernoYPrestigio`)."""
    if not position.players or position.values.get("winner") or position.values.get("result"):
        return []
    # The engine's own list of state-based actions, read on a copy: nothing of it is applied.
    game = Game(Resolution(position.copy(), [], ruleset.cite), ruleset.catalog_for(position))
    out = []
    for check in timing.checks(game):
        if check.rule in ("122.7", "104.3.b"):
            out.extend(_game_over(ruleset, position, check.text_es))
            continue
        out.append(PositionWarning(_where(position, check.card), ruleset.cite(check.rule),
                                   f"a state-based action is pending ({check.text_en}): the game performs it before "
                                   "any player receives priority",
                                   f"queda pendiente una acción basada en estado ({check.text_es}): el juego la "
                                   "realiza antes de que ningún jugador reciba prioridad"))
    return out


def _game_over(ruleset: Any, position: Position, listed: str) -> list[PositionWarning]:
    """The wins and losses the check gathered (its text names them in Spanish only), one warning each."""
    out = []
    for pid, player in position.players.items():
        prestige = player.values.get("prestigio", 0)
        if f"{pid} tiene 40" in listed:
            out.append(PositionWarning(f"players.{pid}.prestigio", ruleset.cite("104.2.a"),
                                       f"{pid} has {prestige} prestige: reaching 40 wins the game, so the game is over",
                                       f"{pid} tiene {prestige} de prestigio: llegar a 40 gana la partida, así que ha "
                                       "terminado"))
        if f"{pid} no puede jugar" in listed:
            out.append(PositionWarning(f"players.{pid}", ruleset.cite("104.3.b"),
                                       f"{pid} meets every condition of 104.3.b: they have lost the game",
                                       f"{pid} cumple todas las condiciones de 104.3.b: ha perdido la partida"))
    return out


def _where(position: Position, uid: str | None) -> str:
    found = position.find(uid) if uid else None
    if not found:
        return "players"
    player, zone, _ = found
    for index, card in enumerate(position.player(player.id).zone(zone)):
        if card.uid == uid:
            return f"players.{player.id}.{zone}[{index}]"
    return f"players.{player.id}.{zone}"
