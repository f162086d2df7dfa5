"""The database is built from rulings/ with accent-insensitive full-text search."""

from __future__ import annotations

import sqlite_utils

from judge import db


def test_build_loads_everything_and_searches_without_accents(corpus):
    database = sqlite_utils.Database(memory=True)
    counts = db.build(database, corpus)
    assert counts == {"documents": len(corpus.documents), "sections": len(corpus.sections), "entries": 670}
    accented = {r["id"] for r in database["entries"].search("Bruja del Ocaso", quote=True)}
    plain = {r["id"] for r in database["entries"].search("bruja del ocaso", quote=True)}
    assert accented and accented == plain
    # "accion" finds "acción"
    assert list(database["sections"].search("accion", quote=True))


def test_rebuilding_keeps_the_counts(corpus):
    database = sqlite_utils.Database(memory=True)
    first = db.build(database, corpus)
    assert db.build(database, corpus) == first
