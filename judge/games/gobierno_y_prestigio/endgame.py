"""How a game ends (104): wins, losses, concessions and draws, applied together.

Results met at the same time are gathered and then applied at once: a player who both wins and loses loses (decision
win-and-loss, 101.2); when every remaining player wins, or every one loses, the game is a draw (104.4.a); a player
whose opponents have all left wins even if an effect says they cannot (104.2.b); in team play a team loses when all
its players have (104.3.d).
"""

from __future__ import annotations

import hashlib
import json

from judge.core.position import Result
from judge.core.wording import listed
from judge.games.gobierno_y_prestigio.game import Game

LOST = "perdio"


def remaining(game: Game) -> list[str]:
    return [p for p in game.position.turn_order() if not game.position.player(p).values.get(LOST)]


def conclude(game: Game, wins: dict[str, str], losses: dict[str, str]) -> None:
    """Apply results met together (player → rule); end the game if it is over."""
    if not wins and not losses:
        return
    left = remaining(game)
    for pid in list(wins):
        if pid in losses:
            game.res.note("win-and-loss", "gyp.decision.win-and-loss", f"{pid} gana y pierde a la vez: pierde",
                          f"{pid} wins and loses at once: they lose")
            del wins[pid]
        elif game.board.player_has("no-puede-ganar", pid):
            game.res.note("cant-win", "101.2", f"{pid} no puede ganar la partida", f"{pid} cannot win the game")
            del wins[pid]
    if wins and set(wins) >= set(left) - set(losses) and len(left) > 1 and not losses:
        game.res.note("draw", "104.4.a", "Todos los jugadores restantes ganan a la vez: empate",
                      "Every remaining player wins at once: a draw")
        game.res.end_game(Result(draw=True, rule=game.cite("104.4.a")))
    if losses and set(losses) >= set(left):
        game.res.note("draw", "gyp.decision.win-and-loss", "Todos los jugadores restantes pierden a la vez: empate",
                      "Every remaining player loses at once: a draw")
        game.res.end_game(Result(draw=True, rule=game.cite("gyp.decision.win-and-loss")))
    for pid, rule in losses.items():
        game.res.note("loses", rule, f"{pid} pierde", f"{pid} loses")
        game.res.note("leaves", "104.4.g", f"{pid} deja la partida", f"{pid} leaves the game")
        game.res.set_player(pid, LOST, True)
    _teams_out(game)
    left = remaining(game)
    if wins:
        pid, rule = next(iter(wins.items()))
        winners = _team_of(game, pid, left)
        many = len(winners) > 1
        game.res.note("wins", rule, f"{listed(winners)} {'ganan' if many else 'gana'} la partida",
                      f"{listed(winners, 'en')} {'win' if many else 'wins'} the game")
        if rule == "122.7":
            game.res.note("win-40", "104.2.a", "Ganar 40 o más puntos de prestigio gana la partida", "40 or more prestige wins the game")
        game.res.end_game(Result(winners=tuple(winners), rule=game.cite(rule)))
    sides = {game.position.player(p).team or p for p in left}
    if len(sides) == 1 and left:
        winners = _team_of(game, left[0], left)
        many = len(winners) > 1
        game.res.note("wins", "104.2.b",
                      f"{listed(winners)} no {'tienen' if many else 'tiene'} oponentes en juego: "
                      f"{'ganan' if many else 'gana'}",
                      f"{listed(winners, 'en')} {'have' if many else 'has'} no opponent left in the game: "
                      f"{'win' if many else 'wins'}")
        game.res.end_game(Result(winners=tuple(winners), rule=game.cite("104.2.b")))


def _team_of(game: Game, pid: str, left: list[str]) -> list[str]:
    team = game.position.player(pid).team
    return [p for p in game.position.players if team is not None and game.position.player(p).team == team] if team else [pid]


def _teams_out(game: Game) -> None:
    teams: dict[str, list[str]] = {}
    for pid, player in game.position.players.items():
        if player.team:
            teams.setdefault(player.team, []).append(pid)
    for team, members in teams.items():
        if all(game.position.player(p).values.get(LOST) for p in members):
            game.res.note("team-loses", "104.3.d", f"Todos los jugadores del equipo {team} han perdido: el equipo pierde",
                          f"Every player of team {team} has lost: the team loses")


def effect_wins(game: Game, pid: str) -> None:
    """104.2.c; in multiplayer an effect that says a player wins makes all their opponents lose instead (104.3.e)."""
    if len(game.position.players) > 2:
        game.res.note("win-effect", "104.3.e", f"En multijugador, en vez de que {pid} gane, pierden todos sus oponentes",
                      f"In multiplayer, instead of {pid} winning, all their opponents lose")
        conclude(game, {}, {o: "104.3.e" for o in game.position.opponents(pid)})
        return
    conclude(game, {pid: "104.2.c"}, {})


def concede(game: Game, pid: str) -> None:
    game.res.note("concede", "gyp.decision.concede", f"{pid} concede: no necesita la prioridad", f"{pid} concedes: no priority is needed")
    if game.board.player_has("no-puede-conceder", pid):
        game.res.note("concede-anyway", "101.1", "Ninguna carta puede impedir que un jugador conceda",
                      "No card can stop a player from conceding")
    conclude(game, {}, {pid: "104.3.a"})


LOOP = "bucle"
"""Game value: fingerprints of the positions seen after resolutions while no player could do anything but pass."""


def check_loop(game: Game, only_passes: bool) -> None:
    """104.4.b: a game in a loop that nobody can leave is a draw. The engine takes a position seen twice after a
    resolution, with every player able only to pass in between, for such a loop (decision infinite-loops)."""
    if not only_passes:
        if game.position.values.get(LOOP):
            game.res.set_value(LOOP, None)
        return
    seen = list(game.position.values.get(LOOP, []))
    mark = _fingerprint(game)
    if mark in seen:
        game.res.note("loop", "gyp.decision.infinite-loops", "La misma posición se repite y nadie puede hacer otra cosa que pasar",
                      "The same position repeats and nobody can do anything but pass")
        game.res.note("draw", "104.4.b", "Bucle infinito sin forma de seguir: empate", "An infinite loop with no way on: a draw")
        game.res.end_game(Result(draw=True, rule=game.cite("104.4.b")))
    game.res.set_value(LOOP, [*seen, mark])


def _fingerprint(game: Game) -> str:
    position = game.position
    cards = sorted((c.uid, c.card, zone, json.dumps(c.state, sort_keys=True)) for _, zone, c in position.all_cards())
    stack = [(i.kind, i.source, json.dumps({k: v for k, v in i.data.items() if k != "targets"}, sort_keys=True)) for i in position.stack]
    players = {pid: {k: v for k, v in p.values.items()} for pid, p in position.players.items()}
    values = {k: v for k, v in position.values.items() if k != LOOP}
    text = json.dumps([cards, stack, players, values, position.step, position.active], sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()[:12]
