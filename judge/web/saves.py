"""Saving a board behind a permalink: checked before it is stored, bounded in size and in rate, and idempotent.

The permalink is derived from what is saved, so a client that retries a save whose answer it never saw (the
connection dropped after the commit) gets the same permalink back instead of a second copy.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from flask import current_app, jsonify, request, url_for

from judge import db
from judge.web import service
from judge.web.database import get_db
from judge.web.errors import APIError

MAX_SAVE_BYTES = 128 * 1024
"""A saved board as stored (JSON): a 400-card position with fifty plays of history fits."""
SAVES_PER_MINUTE = 20
"""New saves one client address may make in a minute (a retry of the same board is not a new save)."""


def store(data: dict[str, Any]):
    """Check the board, then store it once.

    :raise 400: if a field has the wrong type. :raise 413: if the board is larger than :data:`MAX_SAVE_BYTES`.
    :raise 422: if the position (or one of the history) cannot be built. :raise 429: past the rate.
    """
    problems: list[dict[str, str]] = []
    rs = service.ruleset_of(data, problems)
    unknown = set(data) - {"ruleset", "position", "plays", "history", "title"}
    problems += [service.problem(k, "unknown field") for k in sorted(unknown)]
    if not isinstance(data.get("position"), (dict, str)):
        problems.append(service.problem("position", "the board's position (an object or its TOML text)"))
    plays = data.get("plays", [])
    if not isinstance(plays, list) or len(plays) > service.MAX_PLAYS:
        problems.append(service.problem("plays", f"a list of at most {service.MAX_PLAYS} {{play, answers}}"))
    else:
        for i, p in enumerate(plays):
            if not isinstance(p, dict):
                problems.append(service.problem(f"plays[{i}]", "{\"play\": ..., \"answers\": [...]}"))
                continue
            if p.get("play") is not None:
                service.play_of(p.get("play"), problems, f"plays[{i}].play")
            service.by_of(p.get("by"), problems, f"plays[{i}].by")
            service.answers_of(p.get("answers"), problems, f"plays[{i}].answers")
    title = data.get("title", "")
    if not isinstance(title, str) or len(title) > 300:
        problems.append(service.problem("title", "text, at most 300 characters"))
    history = data.get("history", [])
    if not isinstance(history, list) or len(history) > service.MAX_PLAYS or \
            not all(isinstance(h, dict) for h in history):
        problems.append(service.problem("history", "the plays already made: a list of {position, play, answers}"))
        history = []
    if problems:
        raise APIError(400, "bad-request", "; ".join(f"{p['where']}: {p['message']}" for p in problems),
                       problems=problems)
    assert rs is not None
    payload = {"position": data["position"], "plays": plays, "history": history}
    size = len(json.dumps(payload, ensure_ascii=False).encode("utf-8"))
    if size > MAX_SAVE_BYTES:
        raise APIError(413, "too-large", f"a saved board is at most {MAX_SAVE_BYTES // 1024} KiB; this one is "
                                         f"{size // 1024} KiB", problems=[service.problem("history", "shorter")])
    # Stored boards are opened later by anyone with the link: only positions the engine can build are kept.
    service.position_of(rs, data["position"])
    for i, h in enumerate(history):
        if "position" in h:
            service.position_of(rs, h["position"], f"history[{i}].position")
    database = get_db()
    client = request.remote_addr or ""
    sid = db.find_save(database, payload, ruleset=rs.id, title=title)
    status = 200
    if sid is None:
        since = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=1)
        limit = current_app.config.get("SAVES_PER_MINUTE", SAVES_PER_MINUTE)
        if db.saves_since(database, client, since) >= limit:
            raise APIError(429, "too-many-saves", f"at most {limit} new saves a minute from one address; try again "
                                                  "in a minute", headers={"Retry-After": "60"})
        sid, created = db.save_once(database, payload, ruleset=rs.id, title=title, client=client)
        status = 201 if created else 200
    return jsonify({"id": sid, "url": url_for("board.saved", save_id=sid)}), status
