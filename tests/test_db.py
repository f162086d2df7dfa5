"""The database is built from rulings/ with accent-insensitive full-text search."""

from __future__ import annotations

import sqlite_utils

from judge import db
from judge.db import analysis


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


def test_words_stemmed_ahead_in_a_child_process_build_the_same_index(corpus, monkeypatch):
    def tables(database):
        names = [r[0] for r in database.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts_%'")]
        return {n: sorted(map(repr, database.execute(f"SELECT * FROM [{n}]").fetchall())) for n in names}

    def fresh_stems():
        analysis.STEMMED_AHEAD.clear()
        analysis.stems.cache_clear()
        analysis.stemmed_text.cache_clear()

    fresh_stems()
    ahead = sqlite_utils.Database(memory=True)
    db.build(ahead, corpus)
    fresh_stems()
    monkeypatch.setattr(analysis, "stem_ahead", lambda corpus: (lambda: None))
    alone = sqlite_utils.Database(memory=True)
    db.build(alone, corpus)
    assert tables(ahead) == tables(alone)


def test_a_word_added_to_the_thesaurus_changes_what_the_index_is_built_from(corpus, monkeypatch):
    from judge.db import building

    before = building.files_fingerprint(corpus)
    monkeypatch.setattr(building, "GLOSSARY", (*building.GLOSSARY, ("tap", "girar")))
    assert building.files_fingerprint(corpus) != before


def test_a_verb_added_to_the_stem_changes_changes_what_the_index_is_built_from(corpus, monkeypatch):
    from judge.db import building, verbs

    before = building.files_fingerprint(corpus)
    monkeypatch.setattr(verbs, "_STEM_CHANGES", {**verbs._STEM_CHANGES, "cierr": "cerr"})
    assert building.files_fingerprint(corpus) != before
