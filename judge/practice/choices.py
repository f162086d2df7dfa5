"""The answers a question offers, each phrased by the facts that tell it apart from the others.

An answer is an outcome's facts as a judge sees them (:func:`judge.practice.wording.visible_facts`). A question
shows only the facts on which its answers differ, the most telling first — what the ruling checks, then who won,
where cards are, counts, states, order — and no more of them than it needs to tell every answer from every other.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from judge.practice.lines import Line
from judge.practice.wording import Names, Text, salience, sentence

MAX_CHOICES = 4
MAX_LINES = 4
"""At most this many facts to tell the answers apart: past it, a wrong answer is dropped rather than phrased."""


@dataclass
class Choice:
    """One answer offered: its sentences, whether it is the ruling's, and the way through the plays behind it."""

    id: str
    lines: list[Text]
    correct: bool
    kind: str
    """``ruling``, ``choice``, ``ruleset``, ``misreading`` or ``fact``."""
    line: Line | None = None
    note: Text | None = None
    """What the answer stands for, shown once it is revealed ("what rulebook 1.1 said")."""
    value: Any = None
    """For a fact question: the value this answer states."""


@dataclass
class Candidate:
    """An outcome that may become an answer: its visible facts and where it comes from."""

    table: dict[str, Any]
    line: Line | None
    kind: str
    note: Text | None = None
    keys: list[str] = field(default_factory=list)


def choice_id(lines: list[Text]) -> str:
    """A short id that depends only on what the answer says, so a shared link to a pick stays valid."""
    return hashlib.sha256("\n".join(t["en"] for t in lines).encode("utf-8")).hexdigest()[:8]


def telling_keys(tables: list[dict[str, Any]], players: set[str], checked: set[str]) -> list[str] | None:
    """The fewest facts, most telling first, on which every pair of ``tables`` differs; ``None`` if two are the
    same everywhere."""
    differing = sorted({k for t in tables for k in t if len({_token(u.get(k)) for u in tables}) > 1
                        and _comparable(k, tables)},
                       key=lambda k: (k not in checked, salience(k, players), k))
    open_pairs = {(i, j) for i in range(len(tables)) for j in range(i + 1, len(tables))}
    chosen: list[str] = []
    for key in differing:
        parted = {(i, j) for i, j in open_pairs if _token(tables[i].get(key)) != _token(tables[j].get(key))}
        if parted:
            chosen.append(key)
            open_pairs -= parted
        if not open_pairs:
            return chosen
    return None if open_pairs else chosen


def _comparable(key: str, tables: list[dict[str, Any]]) -> bool:
    """A card's place in a zone tells outcomes apart only where the card is in that zone in all of them (where it
    is not, its zone says so)."""
    if not key.endswith(".index"):
        return True
    zone = key[: -len(".index")] + ".zone"
    return len({_token(t.get(zone)) for t in tables}) == 1


def _token(value: Any) -> str:
    # A state or count a position leaves out reads as none, zero or false: the same answer as writing it.
    if value in (None, 0, False, "", "[]", "{}") and not isinstance(value, list):
        return "none"
    return repr(value)


def phrase(candidates: list[Candidate], names: Names, checked: set[str]) -> list[Choice]:
    """The ruling's outcome (``candidates[0]``) and as many others as can be told apart from it and from each other
    in a few facts, in the order given (the most tempting first)."""
    kept = [candidates[0]]
    keys: list[str] = []
    for candidate in candidates[1:]:
        if len(kept) == MAX_CHOICES:
            break
        tables = [c.table for c in [*kept, candidate]]
        found = telling_keys(tables, names.players, checked)
        if found is None or not found or len(found) > MAX_LINES:
            continue
        kept.append(candidate)
        keys = found
    keys = sorted(keys, key=lambda k: (salience(k, names.players), k))
    choices: list[Choice] = []
    seen: set[str] = set()
    for index, candidate in enumerate(kept):
        lines = _dedupe([sentence(k, candidate.table.get(k), names, candidate.table) for k in keys])
        cid = choice_id(lines)
        if cid in seen:
            continue  # two outcomes that read the same are one answer for a learner
        seen.add(cid)
        choices.append(Choice(cid, lines, index == 0, candidate.kind, candidate.line, candidate.note))
    return choices


def _dedupe(lines: list[Text]) -> list[Text]:
    out: list[Text] = []
    for line in lines:
        if line not in out:
            out.append(line)
    return out


def shuffled(choices: list[Choice], seed: str) -> list[Choice]:
    """The answers in an order that depends on the question only, so the ruling's is not always first."""
    return sorted(choices, key=lambda c: hashlib.sha256(f"{seed}:{c.id}".encode("utf-8")).hexdigest())
