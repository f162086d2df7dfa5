"""What keeps other web pages out: cross-site writes refused, the API spoken in JSON only, a CSRF token for the
board, and the response headers that keep the pages from being framed, sniffed or fed foreign scripts.

The service runs on an event's network, where any page a judge opens could send requests to it through the judge's
browser. A browser marks such requests (``Origin``, ``Sec-Fetch-Site``) and cannot send JSON to another site without
asking first; a page of the service also holds a token the other site cannot read. Programs that call the API
directly (a script, ``curl``) send none of these headers and are not asked for a token: they are not a browser that
can be tricked.
"""

from __future__ import annotations

import importlib
import os
import secrets
import sys
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask, request
from flask_wtf.csrf import CSRFError, CSRFProtect

from judge.web.errors import APIError, refusal

csrf = CSRFProtect()

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
TEXT_BODIES = {"api.scenario_import": {"application/json", "application/toml", "text/plain"}}
"""Views that also take a body other than JSON (a scenario file as it is on disk)."""

HEADERS = {
    # The pages load their one script and one stylesheet from the service; the board's data is a JSON block.
    "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
                               "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
SERVER_NAME = "judge"
"""What the ``Server`` header says: no software, no version."""


def init_app(app: Flask) -> None:
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ.get("JUDGE_SECRET_KEY") or _stored_secret(app)
    # The board may stay open all day: its token lasts as long as the browser's session.
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)
    # The session cookie only carries that token: it is never sent along with another site's request.
    if not app.config.get("SESSION_COOKIE_SAMESITE"):
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    csrf.init_app(app)
    app.before_request(guard)
    app.after_request(secure_headers)
    _quiet_servers()

    @app.errorhandler(CSRFError)
    def csrf_error(exc: CSRFError):
        return refusal(APIError(403, "csrf", f"the request has no valid CSRF token ({exc.description}); reload the "
                                             "page and try again"))


def guard() -> None:
    """Refuse a state-changing request from another site, a body that is not JSON, or a browser without the token.

    :raise 403: if the request comes from another site, or from a browser without the page's CSRF token.
    :raise 415: if an API request's body is not JSON.
    """
    if request.method in SAFE_METHODS:
        return
    site = request.headers.get("Sec-Fetch-Site")
    origin = request.headers.get("Origin")
    if site is not None and site not in ("same-origin", "none"):
        raise APIError(403, "cross-site", f"a request from another site ({site}) cannot change anything here")
    if origin is not None and not same_origin(origin):
        raise APIError(403, "cross-site", "a request from another site cannot change anything here",
                       origin=_printable(origin))
    if request.path.startswith("/api/"):
        allowed = TEXT_BODIES.get(request.endpoint or "", {"application/json"})
        if request.mimetype not in allowed:
            raise APIError(415, "unsupported-media-type", "send the body as JSON (Content-Type: application/json)",
                           problems=[{"where": "Content-Type", "message": f"{' or '.join(sorted(allowed))}, not "
                                                                          f"{_printable(request.mimetype) or 'none'}"}])
    if site is not None or origin is not None:
        csrf.protect()


def same_origin(origin: str) -> bool:
    """Whether ``Origin`` names this service as the request reached it (scheme, host and port)."""
    try:
        theirs = urlsplit(origin)
        ours = urlsplit(request.host_url)
    except ValueError:
        return False
    return (theirs.scheme, theirs.netloc) == (ours.scheme, ours.netloc) and theirs.path in ("", "/")


def secure_headers(response):
    for name, value in HEADERS.items():
        response.headers[name] = value
    return response


def _printable(text: str) -> str:
    return "".join(c if c.isprintable() else "?" for c in text)[:200]


def _stored_secret(app: Flask) -> str:
    """The key that signs the CSRF tokens, kept beside the database so that every worker shares it.

    Each worker would otherwise draw its own, and a token drawn by one would be refused by the others.
    """
    path = Path(app.config["DATABASE"] + ".secret")
    if not path.exists():
        # Written whole under another name, then linked into place: a worker starting at the same moment either
        # finds no file or a complete one, and the first link wins.
        draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(32))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text(encoding="ascii").strip()


def _quiet_servers() -> None:
    """gunicorn and Werkzeug's development server (``judge serve``) write their own ``Server`` header, name and
    version, whatever the application answers: make them write :data:`SERVER_NAME` instead."""
    if "gunicorn" in sys.modules:
        importlib.import_module("gunicorn.http.wsgi").SERVER = SERVER_NAME
    from werkzeug.serving import WSGIRequestHandler

    WSGIRequestHandler.version_string = lambda self: SERVER_NAME  # type: ignore[method-assign]
