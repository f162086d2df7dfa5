"""The SQLite database: a build artifact made from ``rulings/`` (the files stay the source of truth).

``build`` is idempotent: it rewrites the corpus tables from the files every time and leaves the judges' own
tables (saved positions) alone.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import sqlite_utils

from judge.corpus import Corpus

# remove_diacritics 2 makes "accion" find "acción" and "Æmbar"-style text searchable without accents.
FTS_TOKENIZE = "unicode61 remove_diacritics 2"


def default_path() -> Path:
    env = os.environ.get("JUDGE_DB")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "instance" / "judge.sqlite"


def connect(path: Path | str | None = None) -> sqlite_utils.Database:
    path = Path(path) if path is not None else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    return sqlite_utils.Database(conn, execute_plugins=False)


def build(db: sqlite_utils.Database, corpus: Corpus | None = None) -> dict[str, int]:
    """Load documents, rule sections and entries into ``db``, with full-text search; return the counts."""
    corpus = corpus or Corpus.load()
    with db.conn:
        for name in ("documents", "sections", "entries"):
            for fts in (f"{name}_fts",):
                if fts in db.table_names():
                    db[fts].drop()
            if name in db.table_names():
                db[name].drop()
        db["documents"].insert_all(
            ({"id": d.id, "game": d.game, "title": d.title, "version": d.version, "date": d.date,
              "language": d.language, "note": d.note, "superseded_by": d.superseded_by}
             for d in corpus.documents.values()), pk="id")
        db["sections"].insert_all(
            ({"citation": s.citation, "document": s.document, "id": s.id, "title": s.title, "text": s.text,
              "part": s.part, "parent": s.parent, "lines": ",".join(map(str, s.lines)),
              "game": corpus.documents[s.document].game}
             for s in corpus.sections.values()), pk="citation")
        db["entries"].insert_all(
            ({"id": e.id, "document": e.document, "game": corpus.documents[e.document].game, "kind": e.kind,
              "section": e.section, "title": e.title, "question": e.question, "answer": e.answer, "note": e.note,
              "cards": "\n".join(e.cards), "concepts": " ".join(e.concepts),
              "lines": ",".join(map(str, e.lines))}
             for e in corpus.entries.values()), pk="id")
    db["sections"].enable_fts(["title", "text"], tokenize=FTS_TOKENIZE, replace=True)
    db["entries"].enable_fts(["title", "question", "answer", "note", "cards", "concepts"],
                             tokenize=FTS_TOKENIZE, replace=True)
    return {name: db[name].count for name in ("documents", "sections", "entries")}


def ensure_built(db: sqlite_utils.Database) -> None:
    """Build the corpus tables on first start (an empty or new database)."""
    if "entries" not in db.table_names() or db["entries"].count == 0:
        build(db)
