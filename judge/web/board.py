"""The board: build a position, apply a play, answer the questions, read the trace, explore, save and share."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from judge import db, rulesets
from judge.core.ruleset import Ruleset
from judge.web.database import get_db
from judge.web.i18n import client_messages

bp = Blueprint("board", __name__)


def schema(rs: Ruleset) -> dict[str, Any]:
    """What a position of this ruleset's game is made of: zones, player values, card states, steps and, for a
    game with a card vocabulary, the words a custom card is written in. The board builds its form from this."""
    out: dict[str, Any] = {"zones": list(rs.layout.zones), "in_play": sorted(rs.layout.in_play),
                           "attached": rs.layout.attached_key, "players": ["p1", "p2"]}
    if rs.game != "keyforge":
        return out
    from judge.games.keyforge import catalog, positions, vocabulary

    out.update({
        # in play first, then the hidden zones, the way a judge reads a table
        "zones": [z for z in ("battleline", "artifacts", "hand", "archives", "deck", "discard", "purged")
                  if z in positions.ZONES],
        "card_state": {k: ("bool" if t is bool else "int" if t is int else "card")
                       for k, t in positions.CARD_STATE.items()},
        "player_values": sorted(positions.PLAYER_VALUES),
        "steps": list(positions.STEPS),
        "houses": [h for h in catalog.HOUSES if h != "none"],
        "types": list(catalog.TYPES),
        "bonus_icons": list(catalog.BONUS_ICONS),
        "keywords": sorted(vocabulary.KEYWORDS),
        "triggers": dict(vocabulary.TRIGGERS),
        "effects": {k: dict(v) for k, v in vocabulary.EFFECTS.items()},
        "constant_effects": dict(vocabulary.CONSTANT_EFFECTS),
        "named_targets": sorted(vocabulary.NAMED_TARGETS),
        "sides": sorted(vocabulary.SIDES),
        "kinds": sorted(vocabulary.KINDS),
        "players_words": sorted(vocabulary.PLAYERS),
        "max_keys": 3, "max_chains": 24,
    })
    return out


def _page(initial: dict[str, Any]) -> str:
    rid = request.args.get("ruleset") or initial.get("ruleset") or rulesets.DEFAULT
    if rid not in {r.id for r in rulesets.all_rulesets()}:
        rid = rulesets.DEFAULT
    initial = {**initial, "ruleset": rid}
    return render_template("board/board.html", initial=initial, messages=client_messages(),
                           rulesets=[{"id": r.id, "game": r.game, "title": r.title} for r in rulesets.all_rulesets()])


@bp.get("/board")
def board() -> str:
    """The board, empty or replaying a scenario (``?scenario=KF172-GEN-39``)."""
    scenario = request.args.get("scenario")
    initial: dict[str, Any] = {"scenario": scenario} if scenario else {}
    return _page(initial)


@bp.get("/b/<save_id>")
def saved(save_id: str) -> str:
    """A saved board, by its permalink.

    :raise 404: if there is no save with that id.
    """
    found = db.load_save(get_db(), save_id)
    if found is None:
        abort(404, f"There is no saved board {save_id!r}.")
    return _page({"save": save_id, "ruleset": found["ruleset"]})
