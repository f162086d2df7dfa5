"""Prestige (122): gains, losses, payments and totals set by an effect.

A player may have less than 0 (122.3); gaining a negative amount gains 0 (109.1.b.1), and gaining 0 is no gain: no
ability triggers on it (122.8.a). A player who cannot gain (or lose) prestige gains (or loses) none (122.8).
"""

from __future__ import annotations

from judge.games.gobierno_y_prestigio.game import Game


def total(game: Game, pid: str) -> int:
    return int(game.position.player(pid).values.get("prestigio", 0))


def _set(game: Game, pid: str, value: int) -> None:
    game.res.set_player(pid, "prestigio", value)


def gain(game: Game, pid: str, amount: int, *, rule: str, by_order: bool = False) -> int:
    if amount < 0:
        game.res.note("negative-gain", "109.1.b.1", f"{pid} no puede ganar prestigio negativo ({amount}): gana 0",
                      f"{pid} cannot gain negative prestige ({amount}): gains 0")
        amount = 0
    if amount == 0:
        game.res.note("no-gain", "122.8.a", f"{pid} gana 0 puntos de prestigio: no hay ningún evento",
                      f"{pid} gains 0 prestige: no event happens")
        return 0
    if game.board.player_has("no-puede-ganar-prestigio", pid):
        game.res.note("cant-gain", "122.8", f"{pid} no puede ganar prestigio", f"{pid} cannot gain prestige")
        return 0
    if game.board.player_has("prestigio-doble", pid):
        game.res.note("replacement", "gyp.decision.replacement-prevention", f"{pid} gana el doble: {2 * amount}",
                      f"{pid} gains twice as much: {2 * amount}")
        amount *= 2
    with game.res.step("gain-prestige", rule, f"{pid} gana {amount} de prestigio", f"{pid} gains {amount} prestige"):
        _set(game, pid, total(game, pid) + amount)
    game.emit("gana-prestigio", player=pid, amount=amount, by_order=by_order)
    return amount


def lose(game: Game, pid: str, amount: int, *, rule: str) -> int:
    amount = max(0, amount)
    if amount == 0:
        return 0
    if game.board.player_has("no-puede-perder-prestigio", pid):
        game.res.note("cant-lose", "122.8", f"{pid} no puede perder prestigio", f"{pid} cannot lose prestige")
        return 0
    with game.res.step("lose-prestige", rule, f"{pid} pierde {amount} de prestigio", f"{pid} loses {amount} prestige"):
        _set(game, pid, total(game, pid) - amount)
    if total(game, pid) < 0:
        game.res.note("below-zero", "122.3", f"{pid} queda con {total(game, pid)} de prestigio (desprestigio)",
                      f"{pid} is left with {total(game, pid)} prestige (below zero)")
    game.emit("pierde-prestigio", player=pid, amount=amount)
    return amount


def set_to(game: Game, pid: str, value: int, *, by_order: bool = False) -> None:
    """122.6: the player gains or loses the difference."""
    now = total(game, pid)
    with game.res.step("set-prestige", "122.6", f"El prestigio de {pid} pasa a ser {value}",
                       f"{pid}'s prestige becomes {value}"):
        if value > now:
            gain(game, pid, value - now, rule="122.6", by_order=by_order)
        elif value < now:
            lose(game, pid, now - value, rule="122.6")


def can_pay(game: Game, pid: str, amount: int) -> bool:
    """122.5: paying N > 0 prestige needs a total of at least N."""
    return amount <= 0 or total(game, pid) >= amount


def pay(game: Game, pid: str, amount: int) -> None:
    with game.res.step("pay-prestige", "122.5", f"{pid} paga {amount} de prestigio", f"{pid} pays {amount} prestige"):
        _set(game, pid, total(game, pid) - amount)
