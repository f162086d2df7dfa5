"""The oracle's pages: the front page, the search, one page per ruling, per rule section and per document."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for

from judge.web import oracle
from judge.web.api import run_search, search_args
from judge.web.database import get_db
from judge.web.errors import APIError

bp = Blueprint("rulings", __name__)

PAGE = 20


@bp.get("/")
def index() -> str:
    """Front page: the search box, the board and the documents."""
    if request.args.get("q", "").strip():
        return search()
    from judge.web.board import games, playable_names

    found = games()
    return render_template("rulings/index.html", documents=oracle.documents(get_db()), games=found,
                           playable=playable_names(found))


@bp.get("/rulings")
def search() -> str:
    """Search results with filters for game, document, section, concept and card."""
    args = search_args()
    args["limit"] = PAGE
    hits = run_search(args) if any(args[k] for k in ("q", "game", "document", "section", "concept", "card",
                                                     "type")) else []
    return render_template("rulings/search.html", args=args, hits=hits,
                           facets=oracle.facets(get_db(), args["document"]), page=PAGE, link=oracle.link)


@bp.get("/rulings/<entry_id>")
def ruling(entry_id: str) -> str:
    """One ruling: verbatim text, source, rules involved, relations, related entries and Replay.

    :raise 404: if there is no such entry.
    """
    try:
        data = oracle.entry(get_db(), entry_id)
    except APIError as exc:
        abort(404, exc.message)
    if data["id"] != entry_id:
        return redirect(url_for("rulings.ruling", entry_id=data["id"]))
    return render_template("rulings/entry.html", e=data, md=oracle.render_markdown, show=oracle.text_versions)


@bp.get("/rules/<doc_id>/<path:section_id>")
def section(doc_id: str, section_id: str) -> str:
    """One rule section: the page every citation of a trace links to.

    :raise 404: if there is no such section.
    """
    try:
        data = oracle.section(get_db(), doc_id, section_id)
    except APIError as exc:
        abort(404, exc.message)
    return render_template("rulings/section.html", s=data, md=oracle.render_markdown, show=oracle.text_versions)


@bp.get("/documents/<doc_id>")
def document(doc_id: str) -> str:
    """A document: its rule sections as a table of contents and its entries.

    :raise 404: if there is no such document.
    """
    try:
        data = oracle.document(get_db(), doc_id)
    except APIError as exc:
        abort(404, exc.message)
    return render_template("rulings/document.html", d=data)


@bp.get("/favicon.ico")
def favicon():
    """No icon: an empty answer instead of a 404 in every browser's console."""
    return "", 204


@bp.get("/healthz")
def healthz() -> dict[str, object]:
    """Liveness check used by deployments: the database answers and holds the corpus."""
    return {"ok": True, "entries": get_db()["entries"].count}
