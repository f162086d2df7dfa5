"""One database connection per request, closed when the request ends."""

from __future__ import annotations

import click
import sqlite_utils
from flask import Flask, current_app, g

from judge import db


def get_db() -> sqlite_utils.Database:
    """The request's connection to the database (opened on first use)."""
    if "db" not in g:
        g.db = db.connect(current_app.config["DATABASE"])
    return g.db


def close_db(exc: BaseException | None = None) -> None:
    database = g.pop("db", None)
    if database is not None:
        database.conn.close()


@click.command("init-db")
def init_db_command() -> None:
    """Apply the migrations and rebuild the corpus tables from rulings/ (saved boards are kept)."""
    database = get_db()
    db.migrate(database)
    counts = db.build(database)
    click.echo(", ".join(f"{n} {k}" for k, n in counts.items()))


def init_app(app: Flask) -> None:
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
