"""Work budgets: how much the engine may do for one request, counted deterministically, with a clock as backstop.

Resolving a play is a pure function of its input, and so is its cost: a position with hundreds of cards, a custom
card that asks for "any number" of sixty creatures, or abilities that trigger each other can make one request cost
minutes. A caller that takes input from outside (the web service) opens a :class:`Meter` around its calls into the
engine; the engine charges it as it works, and the meter raises :class:`OverBudget` as soon as a count passes its
limit. The counts depend only on the input, so the same request is refused the same way on every machine, and the
refusal names the budget.

What is counted:

- ``steps``: every step the resolution opens and every question it asks (:meth:`Resolution.step`,
  :meth:`Resolution.ask`), over all the resolutions of the request.
- ``work``: what those steps cost on this board, in units of board work. After each step the engine applies the
  board's effects again: the constant effects of every card in play against every card in play, and cards found by
  uid among all the cards of the position. A step is charged ``STEP + (cards in play)² + CARD × (cards in the
  position)``, and the first step of each resolution pays ``START`` times the board's part (the position is copied,
  the play is checked), so the same play costs more on a larger board and a budget of work bounds its time.
- ``branches`` and ``options``: the resolutions an exploration runs and the candidate answers it generates.

The clock (``seconds``) is only a backstop for what the counts do not foresee; it raises :class:`OverDeadline`.
With no meter open nothing is counted: scenarios, the command line and tests run unbounded, as before.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Limits:
    """The most one request may do. Zero or ``None`` leaves that count unbounded."""

    steps: int = 0
    work: int = 0
    branches: int = 0
    options: int = 0
    seconds: float | None = None
    in_play: frozenset[str] = field(default_factory=frozenset)
    """The zones whose cards the game reads again after every step (its cards in play)."""


STEP = 50
CARD = 8
START = 16
"""Weights of :meth:`Meter.step`, fitted to the engine's time on boards from 1 to 160 cards in play: one unit is
1–3 µs there, whatever the board."""

NOUNS = {
    "steps": "resolution steps",
    "work": "units of board work (a step costs more the more cards are in play)",
    "branches": "branches (resolutions)",
    "options": "candidate answers",
}


class OverBudget(Exception):
    """A request needs more work than its limits allow; ``budget`` names which count ran out."""

    def __init__(self, budget: str, limit: int, what: str, *, done: int = 0) -> None:
        self.budget = budget
        self.limit = limit
        self.what = what
        self.done = done
        """For an exploration: the branches resolved before the budget ran out (a budget that fits)."""
        super().__init__(f"this {what} needs more than {limit:,} {NOUNS.get(budget, budget)}; "
                         f"the limit is {limit:,}")


class OverDeadline(Exception):
    """A request ran past its wall-clock deadline (a backstop: the counts should stop it first)."""

    def __init__(self, seconds: float, what: str) -> None:
        self.seconds = seconds
        self.what = what
        super().__init__(f"this {what} took longer than {seconds:g} s and was stopped")


class Meter:
    """The counts of one request against its limits."""

    def __init__(self, limits: Limits, what: str = "request") -> None:
        self.limits = limits
        self.what = what
        self.counts = {"steps": 0, "work": 0, "branches": 0, "options": 0}
        self.answer_index: int | None = None
        """The index of the answer the last question read: the bad one when that answer is refused."""
        self._deadline = None if not limits.seconds else time.monotonic() + limits.seconds
        self._position: Any = None
        self._worked: tuple[Any, int, int] | None = None

    def charge(self, budget: str, amount: int = 1) -> None:
        self.counts[budget] += amount
        limit = getattr(self.limits, budget)
        if limit and self.counts[budget] > limit:
            raise OverBudget(budget, limit, self.what, done=self.counts["branches"])

    def check_time(self) -> None:
        if self._deadline is not None and time.monotonic() > self._deadline:
            raise OverDeadline(self.limits.seconds or 0, self.what)

    def step(self, position: Any) -> None:
        self.charge("steps")
        board = self._board_work(position)
        if position is not self._position:
            # A new resolution works on its own copy of the position: its first step pays for the start.
            self._position = position
            board *= START
        self.charge("work", STEP + board)
        self.check_time()

    def ask(self, position: Any, answer_index: int) -> None:
        self.answer_index = answer_index
        self.step(position)

    def _board_work(self, position: Any) -> int:
        # Zone lengths only: counting must stay cheap next to the step it charges. Most steps change nothing: the
        # count of the position's last revision is used again (every change a resolution makes is a new revision).
        kept = self._worked
        if kept is not None and kept[0] is position and kept[1] == position.revision:
            return kept[2]
        work = self._count_board(position)
        self._worked = (position, position.revision, work)
        return work

    def _count_board(self, position: Any) -> int:
        in_play = total = 0
        for player in position.players.values():
            for zone, cards in player.zones.items():
                total += len(cards)
                if zone in self.limits.in_play:
                    in_play += len(cards)
        return in_play * in_play + CARD * total


_current: ContextVar[Meter | None] = ContextVar("judge_budget_meter", default=None)


@contextmanager
def metered(limits: Limits, what: str = "request") -> Iterator[Meter]:
    """Count the engine's work inside the ``with`` block against ``limits``."""
    meter = Meter(limits, what)
    token = _current.set(meter)
    try:
        yield meter
    finally:
        _current.reset(token)


def current() -> Meter | None:
    return _current.get()


def charge(budget: str, amount: int = 1) -> None:
    """Charge the open meter, if any (explore charges its branches and options here)."""
    meter = _current.get()
    if meter is not None:
        meter.charge(budget, amount)


def on_step(resolution: Any) -> None:
    """Called by :meth:`Resolution.step` before each step opens."""
    meter = _current.get()
    if meter is not None:
        meter.step(resolution.position)


def on_ask(resolution: Any) -> None:
    """Called by :meth:`Resolution.ask` before each question reads its answer."""
    meter = _current.get()
    if meter is not None:
        meter.ask(resolution.position, resolution.used)


__all__ = ["Limits", "Meter", "OverBudget", "OverDeadline", "metered", "current", "charge", "on_step", "on_ask"]
