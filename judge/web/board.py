"""The board: build a position, apply a play, answer the questions, read the trace, explore, save and share."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request

from judge import db, rulesets
from judge.core.ruleset import Ruleset
from judge.web.database import get_db
from judge.core.wording import listed
from judge.web.i18n import client_messages, lang, translate

bp = Blueprint("board", __name__)


def games() -> list[dict[str, Any]]:
    """Each game the service knows, with its rulesets, what the board does with it (read from each ruleset's schema)
    and how many scenarios of it can be replayed: the ruleset menu and the front page say the same."""
    from judge.web import reuse, service

    out: dict[str, dict[str, Any]] = {}
    for r in rulesets.all_rulesets():
        game = out.setdefault(r.game, {"id": r.game, "name": translate(f"game.{r.game}"), "rulesets": [], "supports": [],
                                       "scenarios": 0, "playable": False})
        game["rulesets"].append({"id": r.id, "title": r.title})
        # Playable on the board: its ruleset resolves plays (a game with only its rulings would not).
        game["playable"] = game["playable"] or type(r).resolve_play is not Ruleset.resolve_play
        if not game["supports"]:
            schema = reuse.schema(r)
            game["supports"] = ["position", "plays", "questions", "explore"] + (["stack"] if schema.get("stack") else []) \
                + (["custom"] if schema.get("card_fields") else [])
    for ruleset_id in service.scenario_rulesets():
        try:
            out[rulesets.get(ruleset_id).game]["scenarios"] += 1
        except KeyError:
            continue
    return list(out.values())


def playable_names(found: list[dict[str, Any]]) -> str:
    """The games that can be played on the board, as a sentence ("KeyForge, Mitos y Leyendas y Gobierno & …")."""
    names = [g["name"] for g in found if g["playable"]]
    return listed(names, lang()) if names else ""


def _page(initial: dict[str, Any]) -> str:
    rid = request.args.get("ruleset") or initial.get("ruleset") or rulesets.DEFAULT
    if rid not in {r.id for r in rulesets.all_rulesets()}:
        rid = rulesets.DEFAULT
    initial = {**initial, "ruleset": rid}
    found = games()
    return render_template("board/board.html", initial=initial, messages=client_messages(), games=found,
                           playable=playable_names(found))


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
