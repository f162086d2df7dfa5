"""One database connection per request, closed when the request ends."""

from __future__ import annotations

import sqlite_utils
from flask import Flask, current_app, g

from judge import db


def get_db() -> sqlite_utils.Database:
    if "db" not in g:
        g.db = db.connect(current_app.config["DATABASE"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    database = g.pop("db", None)
    if database is not None:
        database.conn.close()


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
