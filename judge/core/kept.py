"""What a game's read-only view of a position works out, kept while the position does not change.

A game's board answers the same questions many times while a play resolves ("which constant effects are in force
now?" is asked by every power, keyword and permission read), and each answer walks every card in play. The position
counts its changes (:attr:`~judge.core.position.Position.revision`; every change a resolution makes is counted), so
an answer can be kept for as long as the revision, and whatever else the board reads besides the position, stay
the same.

A kept answer is replayed exactly as it was produced: lazily, in the same order, so that a caller that stops at the
first hit still never reaches what comes after it (an error the full walk would raise, for instance), and a question
asked again from inside its own answer is answered afresh, as before.

Set ``JUDGE_CHECK_KEPT=1`` to work out every answer afresh as well and fail on any difference: the way to find a
change made to a position behind the resolution's back.
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar

T = TypeVar("T")

CHECK = os.environ.get("JUDGE_CHECK_KEPT", "") not in ("", "0")


class _Replay:
    """The items a generator has produced so far, and the generator itself, to go on with when asked for more."""

    __slots__ = ("source", "items", "done", "running")

    def __init__(self, source: Iterator[Any]) -> None:
        self.source = source
        self.items: list[Any] = []
        self.done = False
        self.running = False

    def __iter__(self) -> Iterator[Any]:
        items = self.items
        i = 0
        while True:
            if i < len(items):
                yield items[i]
                i += 1
                continue
            if self.done:
                return
            self.running = True
            try:
                item = next(self.source)
            except StopIteration:
                self.done = True
                return
            finally:
                self.running = False
            items.append(item)


def while_unchanged(state: Callable[[Any], Hashable]) -> Callable[[Callable[..., Iterator[T]]], Callable[..., Iterator[T]]]:
    """Keep what a generator method without arguments yields for as long as ``state(self)`` stays equal."""

    def decorate(method: Callable[..., Iterator[T]]) -> Callable[..., Iterator[T]]:
        slot = f"_kept_{method.__name__}"

        @functools.wraps(method)
        def kept(self: Any) -> Iterator[T]:
            key = state(self)
            entry: tuple[Hashable, _Replay] | None = self.__dict__.get(slot)
            if entry is not None and entry[0] == key:
                replay = entry[1]
                if replay.done and not CHECK:
                    return iter(replay.items)
                if replay.running:
                    # Asked again while working out the answer itself: work it out afresh, as if nothing were kept.
                    return method(self)
            else:
                replay = _Replay(method(self))
                self.__dict__[slot] = (key, replay)
            if CHECK:
                return iter(_checked(method, self, replay))
            return _guarded(self, slot, replay)

        return kept

    return decorate


def _guarded(owner: Any, slot: str, replay: _Replay) -> Iterator[Any]:
    # An answer that failed part of the way is not kept: asked again, it fails again the same way.
    try:
        yield from replay
    except Exception:
        if owner.__dict__.get(slot, (None, None))[1] is replay:
            del owner.__dict__[slot]
        raise


def _checked(method: Callable[..., Iterator[Any]], owner: Any, replay: _Replay) -> list[Any]:
    fresh = list(method(owner))
    kept = list(replay)
    if kept != fresh:
        raise AssertionError(f"{type(owner).__name__}.{method.__name__} kept an answer that no longer holds: "
                             f"the position changed without a new revision\n  kept:  {kept!r}\n  fresh: {fresh!r}")
    return kept


class Counted(dict):  # type: ignore[type-arg]
    """A dictionary that counts its changes (``changes``), for a board's own notes beside the position (the cards
    used as if they were another player's…): a kept answer that reads them keys on the count, not the contents."""

    changes = 0

    def __setitem__(self, key: Any, value: Any) -> None:
        self.changes += 1
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.changes += 1
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        self.changes += 1
        return super().pop(*args)

    def popitem(self) -> Any:
        self.changes += 1
        return super().popitem()

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self.changes += 1
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self.changes += 1
        super().update(*args, **kwargs)

    def clear(self) -> None:
        self.changes += 1
        super().clear()


def per_definition(maxsize: int = 4096) -> Callable[[Callable[[Any], T]], Callable[[Any], T]]:
    """Keep what a function of one card definition works out, by the definition's identity: a definition never
    changes once read, and it holds dicts, so it has no value hash. Each entry keeps its definition too, so an
    identity is never another definition's while it is kept; past ``maxsize`` entries everything is forgotten."""
    def wrap(work: Callable[[Any], T]) -> Callable[[Any], T]:
        kept: dict[int, tuple[Any, T]] = {}

        @functools.wraps(work)
        def read(definition: Any) -> T:
            found = kept.get(id(definition))
            if found is None or found[0] is not definition:
                if len(kept) >= maxsize:
                    kept.clear()
                found = kept[id(definition)] = (definition, work(definition))
            return found[1]
        return read
    return wrap


_latest = threading.local()


def latest(owner: Hashable, position: Any, make: Callable[[], T], revision: Callable[[T], int]) -> T:
    """``make()`` for ``position`` as it is now, kept (the last one for each ``owner``, in each thread) until the
    position changes or the value's own revision (``revision(value)``: a probe's copy of the position) does."""
    kept: dict[Hashable, tuple[Any, int, Any, int]] = _latest.__dict__.setdefault("values", {})
    entry = kept.get(owner)
    if entry is not None and entry[0] is position and entry[1] == position.revision and revision(entry[2]) == entry[3]:
        return entry[2]
    value = make()
    kept[owner] = (position, position.revision, value, revision(value))
    return value


__all__ = ["while_unchanged", "latest", "per_definition", "Counted", "CHECK"]
