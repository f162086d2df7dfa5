"""Every refusal becomes a readable answer in one place: JSON under ``/api/``, a page elsewhere. Never a 500 page
for a judge's input: bad JSON, wrong types, unknown cards, oversize bodies and engine refusals are all 4xx."""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from judge.core import budget
from judge.core.errors import JudgeError

log = logging.getLogger("judge.web")


class APIError(Exception):
    """A request the service refuses, with its status, a stable code, a sentence and the details."""

    def __init__(self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None,
                 **details: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message, **self.details}


def wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def _page(status: int, message: str):
    return render_template("error.html", status=status, message=message), status


def refusal(exc: APIError):
    """The answer to a refused request: JSON under ``/api/``, a page elsewhere."""
    if wants_json():
        response = jsonify(exc.to_dict())
        response.status_code = exc.status
        for name, value in exc.headers.items():
            response.headers[name] = value
        return response
    return _page(exc.status, exc.message)


def init_app(app: Flask) -> None:
    app.register_error_handler(APIError, refusal)

    @app.errorhandler(budget.OverBudget)
    def over_budget(exc: budget.OverBudget):
        message = str(exc)
        details: dict[str, Any] = {"budget": {"name": exc.budget, "limit": exc.limit}}
        fits = getattr(exc, "fits", None)
        if fits:
            message += f"; explore again with \"budget\": {fits} or less, or give the first answers"
            details["fits"] = fits
        where = "budget" if fits else "position"
        return refusal(APIError(422, "over-budget", message, problems=[{"where": where, "message": message}],
                                **details))

    @app.errorhandler(budget.OverDeadline)
    def over_deadline(exc: budget.OverDeadline):
        # The counts should have refused this request first: keep it, to size them.
        log.warning("deadline of %s s reached on %s %s: %s", exc.seconds, request.method, request.path,
                    request.get_data(cache=True)[:2000])
        return refusal(APIError(503, "deadline", f"{exc}; the request was logged so that the limits can refuse it "
                                                 "sooner"))

    @app.errorhandler(JudgeError)
    def judge_error(exc: JudgeError):
        # Engine refusals that a view did not translate itself: still the judge's input, so a 422.
        if wants_json():
            return jsonify({"error": "refused", "message": str(exc)}), 422
        return _page(422, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        messages = {
            400: "the request could not be read",
            404: "there is nothing at this address",
            405: f"{request.method} is not allowed here",
            413: f"the request body is larger than {app.config['MAX_CONTENT_LENGTH'] // 1024} KiB",
            415: "send the body as JSON (Content-Type: application/json)",
        }
        message = exc.description if exc.code == 404 and exc.description and "requested URL" not in exc.description \
            else messages.get(exc.code or 500, exc.description or exc.name)
        if wants_json():
            return jsonify({"error": exc.name.lower().replace(" ", "-"), "message": message}), exc.code
        return _page(exc.code or 500, message)

    @app.errorhandler(RecursionError)
    def too_deep(exc: RecursionError):
        if wants_json():
            return jsonify({"error": "too-deep", "message": "the input is nested too deeply to read"}), 400
        return _page(400, "the input is nested too deeply to read")

    @app.errorhandler(Exception)
    def unexpected(exc: Exception):
        # A bug of ours: logged with its traceback; the judge gets a short explanation, not a stack trace.
        log.exception("unexpected error on %s %s", request.method, request.path)
        if wants_json():
            return jsonify({"error": "internal", "message": "the service failed on this request; it was logged"}), 500
        return _page(500, "the service failed on this request; it was logged")
