"""The JSON API (``docs/api.md``): the oracle's search and rulings, the board's resolve and explore, cards,
scenarios and saved boards. The pages use it themselves."""

from __future__ import annotations

import functools
import logging
import sqlite3
from typing import Any

from flask import Blueprint, request
from werkzeug.exceptions import HTTPException

from judge import db, rulesets
from judge.core import budget
from judge.core.errors import JudgeError
from judge.web import limits, oracle, replay, reuse, saves, service
from judge.web.database import get_db
from judge.web.errors import APIError
from judge.web.i18n import lang

bp = Blueprint("api", __name__, url_prefix="/api")
log = logging.getLogger("judge.web")

MAX_QUERY = 400


def metered(what: str):
    """Run the view under the engine's work budget; ``what`` names the request in a refusal.

    An exception the engine raises on a judge's input that no step translated is still that input's fault, not the
    service's: it is logged with its traceback and answered 422 ``engine-failure``, never 500.
    """
    def decorate(view):
        @functools.wraps(view)
        def run(*args: Any, **kwargs: Any):
            with limits.metered(what):
                try:
                    return view(*args, **kwargs)
                except (APIError, HTTPException, JudgeError, budget.OverBudget, budget.OverDeadline, sqlite3.Error,
                        RecursionError):
                    raise
                except Exception as exc:  # noqa: BLE001 - see the docstring
                    log.exception("engine failure on %s %s", request.method, request.path)
                    raise APIError(422, "engine-failure", f"the engine failed on this input ({type(exc).__name__}: "
                                                          f"{exc}); the input was logged") from None
        return run
    return decorate


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise APIError(400, "bad-request", f"{name} must be a whole number from {low} to {high}, not {raw!r}",
                       problems=[service.problem(name, f"a whole number from {low} to {high}")]) from None
    if not low <= value <= high:
        raise APIError(400, "bad-request", f"{name} must be from {low} to {high}, not {value}",
                       problems=[service.problem(name, f"a whole number from {low} to {high}")])
    return value


def search_args() -> dict[str, Any]:
    """The search parameters of the query string, checked."""
    q = request.args.get("q", "")
    if len(q) > MAX_QUERY:
        raise APIError(400, "bad-request", f"q is at most {MAX_QUERY} characters",
                       problems=[service.problem("q", f"at most {MAX_QUERY} characters")])
    filters = {k: (request.args.get(k) or None) for k in ("game", "document", "section", "concept", "card", "type")}
    if filters["type"] not in (None, "entry", "section"):
        raise APIError(400, "bad-request", "type is entry or section",
                       problems=[service.problem("type", "entry or section")])
    return {"q": q, **filters, "limit": _int_arg("limit", 20, 1, 100), "offset": _int_arg("offset", 0, 0, 10000)}


def run_search(args: dict[str, Any]) -> list[db.Hit]:
    """Search with the given arguments; a card filter may name the card in any language."""
    database = get_db()
    card = args.get("card")
    if card:
        keys = db.card_keys(database, card)
        card = keys[0] if keys else f"name:{db.folded_text(card)}"
    return db.search(database, args["q"], game=args["game"], document=args["document"], section=args["section"],
                     concept=args["concept"], card=card, type=args["type"], limit=args["limit"],
                     offset=args["offset"])


def _hit_json(hit: db.Hit) -> dict[str, Any]:
    out = hit.to_dict()
    out["url"] = service.citation_url(hit.id)
    return out


@bp.get("/rulings/search")
def rulings_search():
    """Ranked entries and rule sections for ``q``, best first, each with its highlighted passage."""
    args = search_args()
    hits = run_search(args)
    return {"query": args["q"], "results": [_hit_json(h) for h in hits]}


@bp.get("/rulings/<entry_id>")
def ruling(entry_id: str):
    """One entry with its metadata, relations, related entries and scenario links.

    :raise 404: if there is no such entry.
    """
    return oracle.entry(get_db(), entry_id)


@bp.get("/rules/<doc_id>/<path:section_id>")
def rule_section(doc_id: str, section_id: str):
    """One rule section (the target of every citation in a trace)."""
    return oracle.section(get_db(), doc_id, section_id)


@bp.get("/documents")
def documents_list():
    """The documents of the corpus with their counts."""
    return {"documents": oracle.documents(get_db())}


CARD_ARGS = ("q", "game", "limit", "lang")
"""The arguments of ``GET /api/cards`` that are not a filter: every other one names a filter of the game."""
MAX_FILTER_VALUES = 20


def _card_game() -> str:
    games = list(dict.fromkeys(r.game for r in rulesets.all_rulesets()))
    game = request.args.get("game") or rulesets.get(rulesets.DEFAULT).game
    if game not in games:
        raise APIError(400, "bad-request", f"unknown game {game!r}; one of {', '.join(games)}",
                       problems=[service.problem("game", ", ".join(games))])
    return game


@bp.get("/cards")
def cards():
    """Catalog cards for the card picker: a name (or part of one) in Spanish, English or Portuguese, and any of the
    game's filters (KeyForge: ``house``, ``trait``, ``type``), each once or more (any of those values)."""
    q = request.args.get("q", "")
    if len(q) > 100:
        raise APIError(400, "bad-request", "q is at most 100 characters")
    game = _card_game()
    filters = {k: [v for v in request.args.getlist(k) if v.strip()] for k in request.args if k not in CARD_ARGS}
    filters = {k: v for k, v in filters.items() if v}
    if sum(len(v) for v in filters.values()) > MAX_FILTER_VALUES or any(len(x) > 100 for v in filters.values() for x in v):
        raise APIError(400, "bad-request", f"at most {MAX_FILTER_VALUES} filter values, each at most 100 characters")
    return {"cards": service.cards(q.strip(), game, lang(), _int_arg("limit", 20, 1, 500), filters)}


@bp.get("/cards/filters")
def card_filters():
    """What the card picker of a game filters by: each filter with its values, each value with its names."""
    return {"game": (game := _card_game()), "filters": service.card_filters(game, lang())}


@bp.get("/rulesets")
def rulesets_list():
    """Every ruleset the board can use, with what a position of its game is made of."""
    return {"rulesets": [{"id": r.id, "game": r.game, "document": r.document, "title": r.title, "schema": reuse.schema(r)}
                         for r in rulesets.all_rulesets()], "default": rulesets.DEFAULT}


@bp.get("/limits")
def limits_list():
    """The request limits this service applies (docs/api.md, "Limits")."""
    return limits.summary()


@bp.post("/position")
@metered("position check")
def position_check():
    """Check a position: the canonical form, the cards in it and the plays legal now; or every problem."""
    return service.check(service.read_json())


@bp.post("/resolve")
@metered("resolution")
def resolve():
    """Resolve a play with the answers given so far: trace and resulting position, or the pending question."""
    return service.resolve(service.read_json())


@bp.post("/explore")
@metered("explore")
def explore():
    """Every combination of answers (bounded), grouped into distinct outcomes."""
    return service.explore(service.read_json())


@bp.get("/scenarios/<scenario_id>")
def scenario(scenario_id: str):
    """A scenario of the project, as the board replays it."""
    return service.scenario(scenario_id)


@bp.post("/scenarios/import")
@metered("import")
def scenario_import():
    """Read a scenario file (TOML in the body, or ``{"toml": ...}``) into position, plays and answers."""
    if request.mimetype == "application/json":
        data = service.read_json()
        text = data.get("toml")
        if not isinstance(text, str):
            raise APIError(400, "bad-request", "send {\"toml\": \"...the scenario file...\"} or the file itself",
                           problems=[service.problem("toml", "the scenario file's text")])
    else:
        try:
            text = request.get_data(as_text=False).decode("utf-8")
        except UnicodeDecodeError:
            raise APIError(400, "bad-request", "the file is not UTF-8 text") from None
    if not text.strip():
        raise APIError(400, "empty-body", "the scenario file is empty")
    return service.import_scenario(text)


@bp.post("/scenarios/check")
@metered("scenario check")
def scenario_check():
    """Check a replayed scenario (its position, its plays with the answers given, its expectations) the way
    ``judge check`` does: each expectation with whether the replay meets it."""
    return replay.check(service.read_json())


@bp.post("/scenarios/export")
@metered("export")
def scenario_export():
    """Write the board as a scenario file (with expectations), ready for ``judge check``."""
    return service.export_scenario(service.read_json())


@bp.post("/saves")
@metered("save")
def save():
    """Store the board (position, plays, answers) and return its short permalink (the same one on a retry)."""
    return saves.store(service.read_json())


@bp.get("/saves/<save_id>")
def saved(save_id: str):
    """A saved board.

    :raise 404: if there is no save with that id.
    """
    found = db.load_save(get_db(), save_id)
    if found is None:
        raise APIError(404, "not-found", f"there is no saved board {save_id!r}")
    return found
