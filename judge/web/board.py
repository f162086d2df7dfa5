"""The board: build a position, apply a play, answer the questions, read the trace, explore, save and share."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from judge import db, rulesets
from judge.web.database import get_db
from judge.web.i18n import client_messages

bp = Blueprint("board", __name__)


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
