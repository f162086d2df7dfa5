"""Practice: sessions of questions built from the scenarios, one page per question, answered by a plain form.

Everything a learner does is a GET: choosing a session, going to the next question, answering (``?pick=``). Nothing
is stored on the server; progress is kept by the browser (``practice.js``). A question's address is its scenario's
id, so a link to it can be shared; a session is its game, topic, level and seed, all in the address.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import secrets
from pathlib import Path
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for

from judge.practice import questions, views
from judge.practice.catalogue import GAMES, LEVELS, Catalogue
from judge.web import service
from judge.web.i18n import MESSAGES, lang

bp = Blueprint("practice", __name__)

SEED = re.compile(r"^[0-9a-f]{1,16}$")


@functools.lru_cache(maxsize=2)
def _catalogue(root: str) -> Catalogue:
    return Catalogue(Path(root))


def catalogue() -> Catalogue:
    return _catalogue(str(service.scenarios_root()))


def limits():
    """A question's budget, with the service's deadline as the backstop."""
    seconds = current_app.config.get("DEADLINE_SECONDS")
    return dataclasses.replace(questions.LIMITS, seconds=float(seconds) if seconds else None)


def session_args() -> dict[str, Any]:
    """The session a request belongs to (game, topic, level, seed, question number), each checked; ``{}`` if none."""
    game = request.args.get("game")
    if game not in GAMES:
        return {}
    out: dict[str, Any] = {"game": game}
    topic = request.args.get("topic")
    if topic and topic in {t.key for t in catalogue().topics(game)}:
        out["topic"] = topic
    level = request.args.get("level", "")
    if level.isdigit() and int(level) in LEVELS:
        out["level"] = int(level)
    seed = request.args.get("seed", "")
    if SEED.match(seed):
        out["seed"] = seed
    n = request.args.get("n", "")
    out["n"] = int(n) if n.isdigit() and 0 < int(n) < 100_000 else 1
    return out


def verb(name: str) -> str:
    """A play's verb as the board names it, where it has a name (KeyForge's); else as the scenario writes it."""
    return MESSAGES.get(f"verb.{name}", {}).get(lang()) or name


def label(prefix: str, key: str) -> str:
    """The board's name for a zone, a value or a state (``board.zone.`` + ``hand``), or the key where it has none."""
    return MESSAGES.get(prefix + key, {}).get(lang()) or key


def client_messages() -> dict[str, str]:
    return {k: v.get(lang(), k) for k, v in MESSAGES.items() if k.startswith("practice.js.")}


@bp.get("/practice")
def home() -> str:
    """Choose a game, a topic and a level; see the progress this browser keeps."""
    found = catalogue()
    games = [{"id": g, "title": GAMES[g], "count": n, "topics": found.topics(g)} for g, n in found.games().items()]
    chosen = request.args.get("game") if request.args.get("game") in GAMES else None
    return render_template("practice/home.html", games=games, chosen=chosen, levels=LEVELS,
                           messages=client_messages())


@bp.get("/practice/next")
def next_question():
    """The session's next question (a redirect), the end of the session, or a page that goes on looking."""
    args = session_args()
    if not args:
        return redirect(url_for("practice.home"))
    if "seed" not in args:
        return redirect(url_for("practice.next_question", **{**args, "seed": secrets.token_hex(4)}))
    after = request.args.get("after") or None
    found = catalogue().next(args["game"], args["seed"], topic=args.get("topic"), level=args.get("level"),
                             after=after)
    if found.item is not None:
        # "Next" from a question counts one more; going on with a search that ran out of time does not.
        n = args["n"] + (1 if after and not request.args.get("more") else 0)
        return redirect(url_for("practice.question", sid=found.item.id, **{**args, "n": n}))
    return render_template("practice/next.html", args=args, found=found, messages=client_messages())


@bp.get("/practice/q/<sid>")
def question(sid: str) -> str:
    """One question; with ``?pick=<answer>``, its answer revealed.

    :raise 404: if there is no scenario ``sid``.
    """
    found = catalogue()
    if sid not in found.items:
        abort(404, f"There is no scenario {sid!r} to practise on.")
    try:
        asked = found.question(sid, limits())
    except questions.QuestionError as exc:
        abort(404, str(exc))
    pick = request.args.get("pick")
    picked = asked.choice(pick) if pick else None
    args = session_args()
    return render_template(
        "practice/question.html", q=asked, args=args, picked=picked,
        board=views.board(asked), plays=views.plays(asked), context=views.context(asked),
        revealed=views.reveal(asked, picked) if picked is not None else None,
        rulings=views.rulings(asked) if picked is not None else [],
        comment=views.comment(asked) if picked is not None else "",
        link=service.citation_url, citation=service.citation_info, game_title=GAMES[asked.ruleset.game], verb=verb,
        label=label,
        messages=client_messages())
