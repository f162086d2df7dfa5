"""Conditions a card's text sets on the state of the game: "si controlas más Oros que tu oponente", "si tienes menos
cartas en tu Mano que tu oponente", "si tienes 3 o menos cartas en tu mano".

The state is checked when the text is used (Diomira, Nazca, Banquete Japonés, Ejército Enano, FAQ L830-L840): a
Talismán's when it is played (a requirement of step 2), an activated ability's when it is activated, a triggered
ability's as it resolves, a continuous ability's all the time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.games.mitos_y_leyendas.board import Board

COUNTS = {
    "oros": "the Oros a player has in play (Reserva de Oro and Oro Pagado)",
    "mano": "the cards in a player's hand",
    "cartas": "the cards a player controls in play",
}
COMPARES = ("less", "more")


def count(board: Board, pid: str, what: str) -> int:
    player = board.position.player(pid)
    if what == "oros":
        return len(player.zone("reserva-de-oro")) + len(player.zone("oro-pagado"))
    if what == "mano":
        return len(player.zone("mano"))
    return sum(1 for c in board.cards_in_play() for each in c.walk() if each.controller == pid)


def holds(board: Board, controller: str, condition: dict[str, Any] | None) -> bool:
    """Whether ``condition`` holds now for the ability's ``controller``: ``count`` compared with the opponent's
    (``compare`` less / more) or with a number (``max``, ``min``)."""
    if not condition:
        return True
    mine = count(board, controller, str(condition.get("count")))
    if "compare" in condition:
        theirs = count(board, board.position.opponent(controller), str(condition.get("count")))
        return mine < theirs if condition["compare"] == "less" else mine > theirs
    return mine <= int(condition.get("max", mine)) and mine >= int(condition.get("min", mine))


def problems(condition: Any) -> list[tuple[str, str]]:
    """What is wrong with a condition as written (English, Spanish)."""
    if not isinstance(condition, dict) or condition.get("count") not in COUNTS:
        return [(f"a condition counts one of {', '.join(COUNTS)}", f"una condición cuenta una de {', '.join(COUNTS)}")]
    if "compare" in condition and condition["compare"] not in COMPARES:
        return [("compare is less or more", "compare es less o more")]
    return []
