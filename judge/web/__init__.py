"""The web service: a Flask application factory over the engine and the SQLite database."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


class _Sessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, with the signer made once for as long as the key stays the same: Flask makes
    it anew for every request, which cost more than reading the request's headers."""

    def get_signing_serializer(self, app: Flask) -> Any:
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        kept = self.__dict__.get("_kept")
        if kept is not None and kept[0] == key:
            return kept[1]
        signer = super().get_signing_serializer(app)
        self._kept = (key, signer)
        return signer


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create and configure the application; the database is built from rulings/ on first start."""
    from judge import db

    app = Flask(__name__, template_folder=str(TEMPLATES), instance_relative_config=False)
    app.session_interface = _Sessions()
    app.config.from_mapping(
        DATABASE=str(db.default_path()),
        # a position with every card of a game in it is far below this; anything larger is refused with a 413
        MAX_CONTENT_LENGTH=256 * 1024,
        # the backstop behind the work budgets (judge/web/limits.py): a request still running then answers 503
        DEADLINE_SECONDS=float(os.environ.get("JUDGE_DEADLINE") or 10),
    )
    if test_config is None:
        app.config.from_envvar("JUDGE_SETTINGS", silent=True)
    else:
        app.config.update(test_config)
    from judge.web import fast_json

    fast_json.init_app(app)
    app.json.sort_keys = False
    app.json.ensure_ascii = False
    Path(app.config["DATABASE"]).parent.mkdir(parents=True, exist_ok=True)
    if not app.debug:
        logging.getLogger("judge.web").setLevel(logging.INFO)

    from judge.web import api, board, database, errors, i18n, limits, practice, rulings, security

    limits.init_app(app)
    database.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    app.register_blueprint(rulings.bp)
    app.register_blueprint(board.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(practice.bp)
    with app.app_context():
        db.ensure_built(database.get_db())
    return app
