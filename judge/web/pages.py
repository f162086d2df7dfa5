"""The pages: for now the front page (what the corpus holds) and a plain search over the rulings."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from judge.web.database import get_db

bp = Blueprint("pages", __name__)


@bp.get("/")
def index() -> str:
    """Front page: the documents and a search box."""
    database = get_db()
    documents = list(database.query(
        "select d.*, (select count(*) from entries e where e.document = d.id) as entries, "
        "(select count(*) from sections s where s.document = d.id) as sections from documents d order by d.game, d.id"))
    q = request.args.get("q", "").strip()
    results = list(database["entries"].search(q, limit=20, quote=True)) if q else []
    return render_template("index.html", documents=documents, q=q, results=results)


@bp.get("/healthz")
def healthz() -> dict[str, object]:
    """Liveness check used by deployments: the database answers and holds the corpus."""
    return {"ok": True, "entries": get_db()["entries"].count}
