"""Whether a constant effect's condition holds now ("while the tide is high", "while there are more friendly Mutant
creatures than enemy ones"): the ``condition`` of a constant or lasting effect, read on the board alone.

A constant ability is in force all the time, not resolved, so its condition is read from the position whenever the
board is asked, from the side of the card's controller — with the words of the abilities' conditions
(:mod:`judge.games.keyforge.conditions`), as far as a position can answer them without a resolution: players'
values, cards in play, the tide, whose turn it is, what the turn has done so far.
"""

from __future__ import annotations

from typing import Any, Protocol

from judge.core.errors import JudgeError
from judge.core.position import CardState, Position

IN_PLAY = ("battleline", "artifacts")


class BoardView(Protocol):
    position: Position

    def fits(self, target: dict[str, Any], card: CardState, *, controller: str, source: CardState | None) -> bool: ...

    def constant_amount(self, source: CardState, expr: Any) -> int: ...


def holds(board: BoardView, source: CardState, controller: str, cond: Any) -> bool:
    """Whether ``cond`` holds for the constant effect of ``source`` controlled by ``controller``."""
    if not isinstance(cond, dict):
        return False
    if cond.get("always"):
        return True
    if "not" in cond:
        return not holds(board, source, controller, cond["not"])
    if "all" in cond:
        return all(holds(board, source, controller, c) for c in cond["all"])
    if "any" in cond:
        return any(holds(board, source, controller, c) for c in cond["any"])
    position = board.position
    if "tide" in cond:
        tide = position.values.get("tide")
        pid = controller if cond.get("for", "you") == "you" else position.opponent(controller)
        return ("neutral" if not tide else "high" if tide == pid else "low") == cond["tide"]
    if "turn" in cond:
        mine = position.active == controller
        return mine if cond["turn"] == "yours" else not mine
    if "haunted" in cond:
        pid = controller if cond["haunted"] == "you" else position.opponent(controller)
        return len(position.player(pid).zone("discard")) >= 10
    if "compare" in cond:
        left, op, right = cond["compare"]
        a, b = _value(board, source, controller, left), _value(board, source, controller, right)
        return {">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b, "==": a == b, "!=": a != b}[op]
    if "exists" in cond:
        return _count(board, source, controller, cond["exists"]) > 0
    if "not-exists" in cond:
        return _count(board, source, controller, cond["not-exists"]) == 0
    if "count-at-least" in cond:
        spec, n = cond["count-at-least"]
        return _count(board, source, controller, spec) >= n
    if "controls" in cond:
        return _count(board, source, controller, {**cond["controls"], "side": "friendly"}) > 0
    if "key-forged" in cond:
        return key_forged_for(position, controller, cond["key-forged"], cond.get("player", "you"))
    raise ValueError(f"a constant effect cannot hold under {cond!r}")


def _count(board: BoardView, source: CardState, controller: str, spec: dict[str, Any]) -> int:
    return sum(1 for _, zone, card in board.position.all_cards() if zone in IN_PLAY and not card.get("under")
               and not card.get("grafted") and board.fits(spec, card, controller=controller, source=source))


def _value(board: BoardView, source: CardState, controller: str, expr: Any) -> int:
    if isinstance(expr, int):
        return expr
    if isinstance(expr, dict) and "count" in expr:
        return int(expr.get("times", 1)) * _count(board, source, controller, expr["count"])
    if isinstance(expr, str):
        who, _, what = expr.partition(".")
        if who in ("you", "opponent") and what in ("fights", "friendly-destroyed", "discards", "plays",
                                                   "destroyed-in-fight", "forged"):
            pid = controller if who == "you" else board.position.opponent(controller)
            return int(board.position.values.get("this-turn", {}).get(f"{pid}.{what}", 0))
        expr = {"value": expr}
    return board.constant_amount(source, expr)


def key_forged(position: Position, pid: str, color: str) -> bool:
    """Whether ``pid``'s key of that colour is forged. A position that counts forged keys without their colours cannot
    say which one was forged: a card that names a colour then needs the keys listed by colour (LLAVES)."""
    keys = position.player(pid).values.get("keys", 0)
    if isinstance(keys, list):
        return color in keys
    if not keys:
        return False
    refusal = JudgeError(f"a card names the {color} key, and the position counts {pid}'s forged keys without their "
                         f"colours: list them (keys = [\"red\", …]) to rule on it")
    refusal.message_es = (f"una carta nombra la llave de color {color} y la posición cuenta las llaves forjadas de {pid} "
                          f"sin sus colores: lístalas (keys = [\"red\", …]) para resolverla")
    raise refusal


def key_forged_for(position: Position, controller: str, color: str, who: str) -> bool:
    """``key-forged``: whether that key is forged by ``who`` (you, opponent, or any player), seen from ``controller``."""
    players = {"you": [controller], "opponent": [position.opponent(controller)]}.get(who, list(position.players))
    return any(key_forged(position, pid, color) for pid in players)
