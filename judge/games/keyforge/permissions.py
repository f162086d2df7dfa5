"""Permissions to play or use cards whatever the active house ("you may play one non-Mars card this turn"): which
permission lets a card be played or used now, and the choice between several (JUGAR CARTAS, USAR CARTAS)."""

from __future__ import annotations

from typing import Any

from judge.core.position import CardState, Position
from judge.games.keyforge.board import Board, matches


class Permissions:
    """The permissions a :class:`~judge.games.keyforge.rules.KeyForge` ruleset finds for a card."""

    def play_permission(self, position: Position, board: Board, card: CardState, kind: str = "may-play") -> int | None:
        """Index of a lasting "you may play (use) one … card this turn" effect that allows this card, if any; -1 for
        a constant ability that always allows it."""
        for source, effect in board.constant_effects():
            if effect.get("modify") == kind and "_lasting" not in effect and source.controller == position.active \
                    and self._constant_permission_open(position, board, source, effect) \
                    and matches(board, {"kind": "card", **{k: v for k, v in effect.items() if k == "filter"}}, card,
                                controller=position.active, source=source):
                return -1
        for i, lasting in enumerate(position.values.get("lasting", [])):
            if self._lasting_permission_fits(position, board, card, kind, lasting):
                return i
        return None

    def _lasting_permission_fits(self, position: Position, board: Board, card: CardState, kind: str,
                                 lasting: dict[str, Any]) -> bool:
        effect = lasting.get("effect", {})
        # Permission to play or use one Mars card is one permission, spent by whichever is done first, not both
        # (Embajador en Marte, KF172-CARD-44). A card already used through a "use" permission may be used again
        # under it once readied: the permission is for that card this turn (Feromonas de Combate, KF172-GEN-95).
        again = kind == "may-use" and card.uid in effect.get("used", ())
        return bool(effect.get("modify") in (kind, "may-play-or-use") and lasting["controller"] == position.active
                    and (again or effect.get("count", 1) == "all" or int(effect.get("count", 1)) > 0)
                    and matches(board, {"kind": "card", **{k: v for k, v in effect.items() if k == "filter"}}, card,
                                controller=position.active, source=None))

    def _constant_permission_open(self, position: Position, board: Board, source: CardState, effect: dict[str, Any]) -> bool:
        """A constant "you may play one … card" is there only while its card stands where it says (`while`, a filter
        on the card itself: "if it is in the centre of your battleline") and, with a `count`, until that many cards
        used it this turn (Capitana Val Jericó, KF172-CARD-23)."""
        if "while" in effect and not matches(board, {"kind": "card", "filter": {**effect["while"], "self": True}}, source,
                                             controller=source.controller, source=source):
            return False
        if "count" in effect:
            used = int(position.values.get("this-turn", {}).get(f"{position.active}.permission:{source.uid}", 0))
            return used < int(effect["count"])
        return True

    def permission_options(self, position: Position, board: Board, card: CardState,
                           kind: str = "may-play") -> list[tuple[str, Any, CardState | None]]:
        """Every permission that would let this card be played (used): ("unlimited", None, source) for a constant
        one never used up, ("constant", uid, source) for one limited each turn, ("lasting", index, source) for a
        lasting one. Several may fit: the active player chooses which one a card uses (KF172-CARD-23)."""
        found: list[tuple[str, Any, CardState | None]] = []
        for source, effect in board.constant_effects():
            if effect.get("modify") == kind and "_lasting" not in effect and source.controller == position.active \
                    and self._constant_permission_open(position, board, source, effect) \
                    and matches(board, {"kind": "card", **{k: v for k, v in effect.items() if k == "filter"}}, card,
                                controller=position.active, source=source):
                found.append(("constant", source.uid, source) if "count" in effect else ("unlimited", None, source))
        for i, lasting in enumerate(position.values.get("lasting", [])):
            if self._lasting_permission_fits(position, board, card, kind, lasting):
                found_source = position.find(lasting.get("source", ""))
                found.append(("lasting", i, found_source[2] if found_source else None))
        return found
