"""Before the first turn (100, 103): checking the sets, who starts, the Adelanto de Shylock and the recambio card
of the second player; and the match around the games (100.3.a, 103.1), which a judge enters as results.
"""

from __future__ import annotations

from collections import Counter

from judge.core.decisions import Option
from judge.core.errors import IllegalPlayError
from judge.games.gobierno_y_prestigio.game import Game

MAIN = 11
RECAMBIO = 9


def set_problems(game: Game, pid: str) -> list[tuple[str, str]]:
    """(rule, problem) for ``pid``'s set in the game's format (``formato``: construido or limitado)."""
    player = game.position.player(pid)
    main = [game.board.define(c).name for c in player.zone("mano")]
    bench = [game.board.define(c).name for c in player.zone("recambio")]
    limited = game.position.values.get("formato") == "limitado"
    problems: list[tuple[str, str]] = []
    if limited:
        if (len(main), len(bench)) != (MAIN, RECAMBIO):
            problems.append(("100.2.b", f"a limited set has 11 main and 9 recambio cards, not {len(main)} and {len(bench)}"))
        repeated = {n: k for n, k in Counter(main + bench).items() if k > 1}
        if any(k > 2 for k in repeated.values()) or len(repeated) > 1:
            problems.append(("gyp.decision.limited-copies", f"at most one name twice: {repeated}"))
        return problems
    if bench and (len(main), len(bench)) != (MAIN, RECAMBIO):
        problems.append(("100.2.a.1", f"with recambio a set has 11 + 9 cards, not {len(main)} + {len(bench)}"))
    elif not bench and len(main) != MAIN:
        problems.append(("100.2.a", f"a constructed set has exactly 11 cards, not {len(main)}"))
    repeated = sorted(n for n, k in Counter(main + bench).items() if k > 1)
    if repeated:
        problems.append(("100.2.a" if not bench else "100.2.a.1", f"every name must differ: {', '.join(repeated)}"))
    return problems


def start_game(game: Game) -> None:
    """The game starts with the players' sets in hand and recambio: both are checked (100.2), every player is at 0
    prestige (122.1), the second player gets the Adelanto de Shylock (103.1.a) and, with 20 cards, one recambio card
    to hand (103.1.a.1)."""
    position = game.position
    problems = [(pid, rule, text) for pid in position.players for rule, text in set_problems(game, pid)]
    if problems:
        pid, rule, text = problems[0]
        raise IllegalPlayError("; ".join(f"{p}: {t}" for p, _, t in problems), rule=game.cite(rule),
                               es="; ".join(f"{p}: {t}" for p, _, t in problems))
    game.res.note("starting-hand", "gyp.decision.starting-hand", "Todas las cartas principales empiezan en la mano con 2 usos",
                  "Every main card starts in hand with 2 uses")
    game.res.note("sets-ok", "100.2.a", "Los sets cumplen su formato", "The sets meet their format")
    order = position.turn_order()
    for pid in order:
        game.res.set_player(pid, "prestigio", 0)
    game.res.note("prestige-zero", "122.1", "Cada jugador empieza con 0 puntos de prestigio", "Every player starts with 0 prestige")
    second = order[1]
    game.res.create("adelanto-de-shylock", second, "gobierno")
    game.res.note("shylock", "103.1.a", f"{second} empieza segundo y obtiene el legado Adelanto de Shylock",
                  f"{second} goes second and gets the legacy Adelanto de Shylock")
    bench = position.player(second).zone("recambio")
    if bench:
        game.res.note("recambio", "gyp.decision.recambio", f"{second} elige la carta de su propio recambio", f"{second} chooses the card from their own recambio")
        pick = game.choose("recambio", second, "103.1.a.1", "¿Qué carta del recambio pasa a tu mano?",
                           "Which recambio card goes to your hand?", [game.card_option(c) for c in bench])
        card = game.board.card(pick)
        assert card is not None
        game.res.note("extra-card", "103.1.a.1", f"{second} empieza con una carta más en la mano: {game.label(card)}",
                      f"{second} starts with one more card in hand: {game.label(card, 'en')}")
        game.res.move(card, second, "mano")


def next_game(game: Game) -> str | None:
    """A judge enters the results of the match so far (``partidas``): the round ends when a player has won two
    (100.3.a); otherwise the player 103.1 names chooses who starts. Returns the player who chooses, if any."""
    values = game.position.values
    results = list(values.get("partidas", []))
    game.res.note("match", "gyp.decision.match-and-tournament", "Los resultados anteriores los anota el juez", "The judge enters the earlier results")
    wins = Counter(r for r in results if r != "empate")
    champion = next((p for p, n in wins.items() if n >= 2), None)
    if champion:
        game.res.note("round-over", "100.3.a", f"{champion} ganó dos partidas: la ronda termina", f"{champion} won two games: the round ends")
        game.res.set_value("ronda-ganador", champion)
        return None
    if not results:
        chooser = game.choose("random", game.position.active, "103.1", "¿A quién eligió el método al azar?",
                              "Whom did the random method pick?", [Option(p, p, p) for p in game.position.players])
        rule = "103.1"
    elif results[-1] == "empate":
        chooser, rule = str(values.get("eligio")), "103.1"
    else:
        chooser, rule = next(p for p in game.position.players if p != results[-1]), "103.1"
    game.res.note("chooser", rule, f"{chooser} elige quién empieza", f"{chooser} chooses who starts")
    first = game.choose("first-player", chooser, "103.1", "¿Quién empieza?", "Who starts?",
                        [Option(p, p, p) for p in game.position.players])
    game.res.set_value("eligio", chooser)
    game.res.set_value("empieza", first)
    return chooser
