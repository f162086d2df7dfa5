"""What a worker keeps between requests about the positions it has read.

A judge's board sends the same position with every request while the judge works on it: each answer to a question
resolves the play again from that position, and every resolution's result is shown, with its legal plays. Reading a
position (its tables checked, its cards looked up, the game's rules checked, its size measured), writing its view
and listing its legal plays are functions of the position alone, so each is worked out once per position and kept:

- a position read from a request, by the ruleset and the exact text of the position in the request. Only a
  position that was read without a problem is kept: a refusal is worked out again, in the language of the request;
- the view and the legal plays of a position, on the position itself while it does not change (its revision), and
  for a resolution's result by its canonical text (equal texts, equal positions).

The positions a worker keeps are never changed: every resolution works on its own copy. Each store is bounded, the
oldest entry going first.
"""

from __future__ import annotations

import functools
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from judge.core.position import Position
from judge.core.ruleset import Ruleset

T = TypeVar("T")

SIZE = 256
"""Entries kept in each store: a few judges' boards, each with the results of its plays."""


class _Store:
    """A bounded map, the least recently used entry leaving first; safe to share between a server's threads."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self.items: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        with self.lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: Any) -> None:
        with self.lock:
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


_positions = _Store()
_results = _Store()


@functools.lru_cache(maxsize=None)
def schema(rs: Ruleset) -> dict[str, Any]:
    """The ruleset's schema, written once per worker: it does not change, and a game's takes milliseconds to write
    (its vocabulary is read out), while a resolve answer reads it at every step of its trace."""
    return rs.schema()


def _text(raw: Any) -> str | None:
    if isinstance(raw, str):
        return raw
    try:
        return json.dumps(raw, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return None


def position(rs: Ruleset, raw: Any, read: Callable[[Ruleset, Any], Position]) -> Position:
    """The position ``raw`` (a request's tables or TOML text) read by ``read``, or the one read before from the same
    text. ``read``'s refusals propagate and nothing is kept of them."""
    text = _text(raw)
    key = None if text is None else (rs.id, text)
    if key is not None:
        found = _positions.get(key)
        if found is not None and found[0].revision == found[1]:
            return found[0]
    made = read(rs, raw)
    if key is not None:
        _positions.put(key, (made, made.revision))
    return made


def on_position(position: Position, name: str, make: Callable[[], T]) -> T:
    """``make()`` kept on ``position`` while it does not change (a position's copy does not carry it)."""
    slot = f"_reuse_{name}"
    found = position.__dict__.get(slot)
    if found is not None and found[0] == position.revision:
        return found[1]
    value = make()
    position.__dict__[slot] = (position.revision, value)
    return value


def by_text(rs: Ruleset, text: str, name: str, make: Callable[[], T]) -> T:
    """``make()`` for the position whose canonical text is ``text``, kept by that text."""
    key = (rs.id, name, text)
    found = _results.get(key)
    if found is not None:
        return found[0]
    value = make()
    _results.put(key, (value,))
    return value


def clear() -> None:
    """Forget everything kept (tests that change a catalog under the service)."""
    _positions.clear()
    _results.clear()


__all__ = ["position", "on_position", "by_text", "clear", "SIZE"]
