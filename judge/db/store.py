"""The database file: where it lives, how it is opened, the lock a rebuild holds, and the named migrations of the
judges' own tables (saved boards, build bookkeeping), which a rebuild never drops."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path
from typing import Iterator

import sqlite_utils
from sqlite_utils.migrations import Migrations


migrations = Migrations("judge")


@migrations(name="0001_saves")
def _create_saves(db: sqlite_utils.Database) -> None:
    """Saved boards: a position, the plays made on it and their answers, behind a short permalink."""
    db["saves"].create({"id": str, "created": str, "ruleset": str, "title": str, "payload": str}, pk="id")


@migrations(name="0002_meta")
def _create_meta(db: sqlite_utils.Database) -> None:
    """Build bookkeeping: which schema and which files the corpus tables were built from."""
    # A database built before its migrations ran (an older ``judge db build``) already has the table.
    db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)


@migrations(name="0003_saves_client")
def _saves_client(db: sqlite_utils.Database) -> None:
    """Who saved each board (the client's address), to bound how many saves one client makes a minute."""
    db["saves"].add_column("client", str)
    db["saves"].create_index(["client", "created"], index_name="saves_client_created")


def default_path() -> Path:
    env = os.environ.get("JUDGE_DB")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "instance" / "judge.sqlite"


def connect(path: Path | str | None = None) -> sqlite_utils.Database:
    """Open the database in WAL mode (readers never block the writer) with a generous busy timeout."""
    path = Path(path) if path is not None else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA busy_timeout=30000")
    conn.execute("PRAGMA synchronous=NORMAL")
    return sqlite_utils.Database(conn, execute_plugins=False)


def db_file(db: sqlite_utils.Database) -> str:
    """The file behind ``db`` ('' for an in-memory database)."""
    for _, name, file in db.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return file or ""
    return ""


@contextlib.contextmanager
def exclusive(db: sqlite_utils.Database) -> Iterator[None]:
    """Hold an inter-process lock beside the database file while migrating or rebuilding.

    Several WSGI workers start at once; the first one builds, the others wait and then find the build done.
    """
    path = db_file(db)
    if not path:
        yield
        return
    import fcntl

    with open(path + ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def migrate(db: sqlite_utils.Database) -> None:
    """Apply pending migrations (creates the saves table on a new database)."""
    with exclusive(db):
        migrations.apply(db)
