"""Saved boards: a position, the plays made on it and their answers, behind a short permalink."""

from __future__ import annotations

import datetime
import hashlib
import itertools
import json
import re
import secrets
import sqlite3
from typing import Any, Iterator

import sqlite_utils


_SAVE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"


SAVE_ID = re.compile(r"^[23456789abcdefghjkmnpqrstuvwxyz]{8}$")


def new_save_id() -> str:
    return "".join(secrets.choice(_SAVE_ALPHABET) for _ in range(8))


def _save_text(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


def _save_ids(ruleset: str, title: str, text: str) -> Iterator[str]:
    """Permalink ids derived from what is saved: the same board always asks for the same id first.

    Later ids are the fallback for the rare board whose first id another board already took.
    """
    digest = hashlib.sha256("\n".join((ruleset, title, text)).encode("utf-8")).digest()
    number = int.from_bytes(digest, "big")
    base = len(_SAVE_ALPHABET)
    digits = []
    while number:
        number, d = divmod(number, base)
        digits.append(_SAVE_ALPHABET[d])
    for start in range(0, len(digits) - 8, 4):
        yield "".join(digits[start:start + 8])
    while True:
        yield new_save_id()


def find_save(db: sqlite_utils.Database, payload: dict[str, Any], *, ruleset: str, title: str = "") -> str | None:
    """The id of a save holding exactly this board, if it was saved before."""
    text = _save_text(payload)
    for sid in itertools.islice(_save_ids(ruleset, title, text), 12):
        row = db.execute("SELECT ruleset, title, payload FROM saves WHERE id = ?", (sid,)).fetchone()
        if row is None:
            return None
        if tuple(row) == (ruleset, title, text):
            return sid
    return None


def saves_since(db: sqlite_utils.Database, client: str, since: datetime.datetime) -> int:
    """How many boards ``client`` saved since ``since``."""
    stamp = since.astimezone(datetime.timezone.utc).isoformat(timespec="seconds")
    return db.execute("SELECT count(*) FROM saves WHERE client = ? AND created >= ?", (client, stamp)).fetchone()[0]


def save(db: sqlite_utils.Database, payload: dict[str, Any], *, ruleset: str, title: str = "",
         client: str = "") -> str:
    """Store a board under a new random permalink id (8 characters, never reused) and return it.

    The service saves through :func:`save_once` instead, so that a retried request does not store a copy.
    """
    text = _save_text(payload)
    created = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    for _ in range(10):
        sid = new_save_id()
        try:
            with db.conn:
                db.conn.execute("INSERT INTO saves (id, created, ruleset, title, payload, client) "
                                "VALUES (?, ?, ?, ?, ?, ?)", (sid, created, ruleset, title, text, client))
            return sid
        except sqlite3.IntegrityError:  # the same id drawn twice: draw again
            continue
    raise RuntimeError("could not find a free permalink id")


def save_once(db: sqlite_utils.Database, payload: dict[str, Any], *, ruleset: str, title: str = "",
              client: str = "") -> tuple[str, bool]:
    """Store a board once and return its permalink id (8 characters) and whether this call stored it.

    Saving the same board again (a retry after a dropped connection) returns the id it already has.
    """
    text = _save_text(payload)
    created = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    for sid in _save_ids(ruleset, title, text):
        with db.conn:
            inserted = db.conn.execute(
                "INSERT OR IGNORE INTO saves (id, created, ruleset, title, payload, client) VALUES (?, ?, ?, ?, ?, ?)",
                (sid, created, ruleset, title, text, client)).rowcount
            if inserted:
                return sid, True
            row = db.conn.execute("SELECT ruleset, title, payload FROM saves WHERE id = ?", (sid,)).fetchone()
        if row is not None and tuple(row) == (ruleset, title, text):
            return sid, False
    raise RuntimeError("unreachable: the ids never run out")


def load_save(db: sqlite_utils.Database, sid: str) -> dict[str, Any] | None:
    if not SAVE_ID.match(sid or ""):
        return None
    row = db.execute("SELECT id, created, ruleset, title, payload FROM saves WHERE id = ?", (sid,)).fetchone()
    if row is None:
        return None
    return {"id": row[0], "created": row[1], "ruleset": row[2], "title": row[3], **json.loads(row[4])}
