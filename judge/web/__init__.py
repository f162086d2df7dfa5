"""The web service: a Flask application factory over the engine and the SQLite database."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the application; the database is built from rulings/ on first start."""
    from judge import db

    app = Flask(__name__, template_folder=str(TEMPLATES), instance_relative_config=False)
    app.config.from_mapping(DATABASE=str(db.default_path()), MAX_CONTENT_LENGTH=256 * 1024)
    if test_config:
        app.config.update(test_config)
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)

    from judge.web import database, pages

    database.init_app(app)
    app.register_blueprint(pages.bp)
    with app.app_context():
        db.ensure_built(database.get_db())
    return app
