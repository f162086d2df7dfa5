"""The service's request limits: the size of a position it accepts, and the engine's work budget per request.

Two kinds of limit, both deterministic (the same request is refused the same way on every machine):

- the shape of a position (:func:`shape_problems`): how many cards, how many in play, how many in the active hand. The
  engine's cost of listing the legal plays grows faster than the board (each candidate play copies the position and
  reads every card in play against every other), so the board a request may bring is bounded;
- the engine's work (:mod:`judge.core.budget`): resolution steps, board work, explore branches and candidate answers,
  counted as the engine goes, and refused with a 422 that names the budget.

A wall-clock deadline backs them up (503): it should never be what stops a request. The numbers are sized so that the
worst request within them answers in well under 2 s on the benchmark machine (``bench/fuzz.py`` reports it).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app, g

from judge import rulesets
from judge.core import budget
from judge.core.position import Position
from judge.core.ruleset import Ruleset
from judge.web import reuse

MAX_CARDS = 400
"""Cards in a position, every zone counted (two 36-card decks and everything a game makes of them fit many times)."""
MAX_IN_PLAY = 40
"""Cards in play, both players together (battlelines, artifacts and the upgrades on them)."""
MAX_HAND = 40
"""Cards in the active player's hand: each is two plays to check (play, discard)."""

MAX_STEPS = 4_000
"""Resolution steps and questions per request: about 25 times the longest scenario of the project (149)."""
MAX_WORK = 500_000
"""Board work per request (see :mod:`judge.core.budget`): about 500 steps on a board of 20 cards in play and 60 in
all, about 100 on the largest board accepted. A unit is 0.7–3 µs of the engine's time on the benchmark machine."""
MAX_BRANCHES = 2_000
"""Resolutions one exploration may run (its ``budget`` is at most this)."""
MAX_OPTIONS = 24 * MAX_BRANCHES
"""Candidate answers one exploration may generate (at most 24 per question are ever generated)."""
DEADLINE_SECONDS = 10.0
"""The backstop (``JUDGE_DEADLINE`` in the environment or ``DEADLINE_SECONDS`` in the settings)."""

_IN_PLAY = frozenset().union(*(r.layout.in_play for r in rulesets.all_rulesets()))


def engine_limits() -> budget.Limits:
    seconds = current_app.config.get("DEADLINE_SECONDS", DEADLINE_SECONDS)
    return budget.Limits(steps=MAX_STEPS, work=MAX_WORK, branches=MAX_BRANCHES, options=MAX_OPTIONS,
                         seconds=float(seconds) if seconds else None, in_play=_IN_PLAY)


@contextmanager
def metered(what: str) -> Iterator[budget.Meter]:
    """Count the engine's work for this request (``what`` names it in a refusal: resolution, explore…)."""
    with budget.metered(engine_limits(), what) as meter:
        yield meter


def shape_problems(rs: Ruleset, position: Position, where: str = "position") -> list[tuple[str, str, int, int]]:
    """What makes a position larger than the service accepts: ``(where, what, how many, limit)`` each.

    The ruleset says which zones are in play and which is the hand; the hand counted is that of the player who may
    act now, whose plays are listed."""
    out = []
    in_play = 0
    hand_zone = reuse.schema(rs).get("hand_zone")
    acting = rs.acting_player(position) if position.players else None
    # A zone written as a count (a castle of 40) holds cards the text does not list one by one.
    total = sum(1 for _ in position.all_cards())
    if total > MAX_CARDS:
        out.append((f"{where}.players", "cards in the position", total, MAX_CARDS))
    for pid, player in position.players.items():
        for zone, cards in player.zones.items():
            if zone in rs.layout.in_play:
                in_play += sum(1 for card in cards for _ in card.walk())
        hand = len(player.zones.get(hand_zone, ())) if hand_zone else 0
        if pid == acting and hand > MAX_HAND:
            out.append((f"{where}.players.{pid}.{hand_zone}", "cards in the hand of the player who may act", hand,
                        MAX_HAND))
    if in_play > MAX_IN_PLAY:
        out.append((f"{where}.players", "cards in play", in_play, MAX_IN_PLAY))
    return out




def describe(found: list[tuple[str, str, int, int]]) -> list[dict[str, Any]]:
    return [{"where": w, "message": f"{n} {what}; the limit is {limit}"} for w, what, n, limit in found]


def summary() -> dict[str, Any]:
    """The limits as the API documents them (``GET /api/limits``)."""
    return {"cards": MAX_CARDS, "in_play": MAX_IN_PLAY, "hand": MAX_HAND, "steps": MAX_STEPS, "work": MAX_WORK,
            "explore_branches": MAX_BRANCHES, "explore_options_per_question": 24,
            "deadline_seconds": current_app.config.get("DEADLINE_SECONDS", DEADLINE_SECONDS)}


def init_app(app: Flask) -> None:
    """Every answer says how long the service worked on it, in ms: ``Server-Timing: app;dur=…, cpu;dur=…``. The
    first is wall-clock time in the worker, the second the processor time the request itself used, which other
    processes competing for the machine do not inflate. Neither counts the time the request waited for a worker."""
    @app.before_request
    def start_clock() -> None:
        g.started = (time.perf_counter(), time.thread_time())

    @app.after_request
    def server_timing(response):
        started = g.get("started")
        if started is not None:
            wall, cpu = time.perf_counter() - started[0], time.thread_time() - started[1]
            response.headers["Server-Timing"] = f"app;dur={wall * 1000:.1f}, cpu;dur={cpu * 1000:.1f}"
        return response
