"""When the corpus tables are (re)built: on first start, when ``rulings/`` or the card catalog changed, or when the
schema did; always in one transaction, so a server reading meanwhile sees the old corpus or the new one."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Callable

import sqlite_utils

from judge.corpus import Corpus
from judge.db import analysis, verbs
from judge.db.store import exclusive, migrate
from judge.db.tables import CORPUS_TABLES, FTS_TABLES, catalog_cards, fill
from judge.db.thesaurus import GLOSSARY, IDIOMS
from judge.db.vocabulary import cached_vocabulary


SCHEMA_VERSION = "7"
"""Bump when the corpus tables or the analyzer change: the next start rebuilds them."""


def files_fingerprint(corpus: Corpus) -> str:
    digest = hashlib.sha256(SCHEMA_VERSION.encode())
    # The thesaurus and the verb forms are built into the index as the files are: a word or a verb added to them
    # must reach a built database.
    digest.update(repr((GLOSSARY, IDIOMS, verbs.fingerprint())).encode())
    roots = [(Path(corpus.root), "**/*")]
    try:
        from judge.games.keyforge.catalog import CARDS_DIR

        # The database reads the hand-written cards (the folder's own files), not the pool's ability files below it.
        roots.append((Path(CARDS_DIR), "*"))
    except Exception:
        pass
    for root, pattern in roots:
        for path in sorted(p for p in root.glob(pattern) if p.is_file() and p.suffix in (".md", ".toml")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def build(db: sqlite_utils.Database, corpus: Corpus | None = None) -> dict[str, int]:
    """Load documents, rule sections and entries into ``db``, with full-text search; return the counts.

    Everything happens in one transaction, so a server reading the database meanwhile sees the old corpus or the
    new one, never half of it.
    """
    from judge import corpus as corpus_module

    corpus = corpus or corpus_module.load()
    ahead = analysis.stem_ahead(corpus)
    try:
        cards = catalog_cards()
        fingerprint = files_fingerprint(corpus)
        _build(db, corpus, cards, fingerprint, ahead)
    finally:
        ahead()  # a second call does nothing: the child was already taken in
    cached_vocabulary.cache_clear()
    return {name: db[name].count for name in ("documents", "sections", "entries")}


def _build(db: sqlite_utils.Database, corpus: Corpus, cards: list[Any], fingerprint: str,
           ahead: Callable[[], None]) -> None:
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with exclusive(db):
        _drop_if_old_schema(db)
        conn.execute("BEGIN IMMEDIATE")
        try:
            fill(conn, corpus, cards, ahead)
            conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             [("schema", SCHEMA_VERSION), ("fingerprint", fingerprint)])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _drop_if_old_schema(db: sqlite_utils.Database) -> None:
    tables = set(db.table_names())
    schema = None
    if "meta" in tables:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        schema = row[0] if row else None
    if schema == SCHEMA_VERSION:
        return
    # A database from an older build (or from before the search index): its corpus tables are rebuilt from scratch.
    for name in (*FTS_TABLES, *CORPUS_TABLES):
        if name in tables or name in db.view_names():
            db.execute(f"DROP TABLE IF EXISTS [{name}]")
    db.conn.commit()


def is_built(db: sqlite_utils.Database) -> bool:
    tables = set(db.table_names())
    if not {"meta", "search_docs", "entries"} <= tables:
        return False
    rows = dict(db.execute("SELECT key, value FROM meta").fetchall())
    return rows.get("schema") == SCHEMA_VERSION and bool(rows.get("fingerprint"))


def ensure_built(db: sqlite_utils.Database) -> None:
    """Migrate, then build the corpus tables on first start or when ``rulings/`` or the catalog changed."""
    from judge import corpus as corpus_module

    migrate(db)
    corpus = corpus_module.load()
    wanted = files_fingerprint(corpus)
    with exclusive(db):
        current = None
        if is_built(db):
            current = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()[0]
    if current != wanted:
        build(db, corpus)
