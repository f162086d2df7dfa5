"""The decision protocol: every choice a player makes is a question with its legal options and its rule.

Resolving a play is a deterministic function of (position, play, answers so far). When resolution reaches a
choice, it asks the next answer; if there is none it stops with the question. Nothing here ever picks a default.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from judge.core.errors import InvalidAnswerError


_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'"})


_ABOVE_SPACING = re.compile("[^\x00-\u02ff]+")
"""Runs of characters that may be combining marks (every combining mark comes after U+02FF)."""


def _drop_marks(run: re.Match[str]) -> str:
    return "".join(c for c in run.group() if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Case-, accent- and apostrophe-insensitive form of a label, so a judge can type ``Bruja del ocaso`` for
    ``Bruja del Ocaso`` and ``Po's Pixies`` for ``Po’s Pixies``."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    # Only the runs that may hold combining marks are looked at one character at a time.
    return " ".join(_ABOVE_SPACING.sub(_drop_marks, decomposed).casefold().split())


@dataclass(frozen=True)
class Option:
    """One legal answer: a stable value (a card uid, ``yes``, a house…) and how to show it."""

    value: str
    label_es: str
    label_en: str = ""
    aliases: tuple[str, ...] = ()
    """Other spellings that select this option (card names in other languages, the catalog id…)."""
    answer: str = ""
    """How a judge writes this option in an answer when its value is an id of the engine's (``Krump: after reap``
    for an ability waiting to resolve); shown with the question, and it selects the option."""

    @property
    def label(self) -> str:
        return self.label_es

    def matches(self, text: str) -> bool:
        f = fold(text)
        return f in {fold(self.value), fold(self.label_es), fold(self.label_en or self.label_es),
                     *(fold(a) for a in self.aliases), *((fold(self.answer),) if self.answer else ())}


@dataclass(frozen=True)
class Question:
    """What resolution needs from a player before it can go on."""

    key: str
    """What kind of choice, stable across runs: ``target``, ``order``, ``flank``, ``may``, ``house``…"""
    player: str
    """Who decides (KeyForge: almost always the active player)."""
    prompt_es: str
    prompt_en: str
    options: tuple[Option, ...]
    rule: str
    """Citation of the rule that gives this player this choice."""
    min_choices: int = 1
    max_choices: int = 1
    """More than one for "choose up to N"/"any number"; an answer is then a list of values."""
    context: tuple[str, ...] = field(default=())
    """Citations or entry ids that explain the situation (shown with the question)."""

    @property
    def is_multiple(self) -> bool:
        return self.max_choices != 1 or self.min_choices != 1

    def describe(self) -> str:
        head = f"{self.player} decides [{self.key}] ({self.rule}): {self.prompt_es} / {self.prompt_en}"
        if self.is_multiple:
            head += f" — choose {self.min_choices} to {self.max_choices}"
        opts = "\n".join(f"    - {o.answer or o.value}: {o.label_es}"
                         + (f" / {o.label_en}" if o.label_en and o.label_en != o.label_es else "")
                         + (f" [{o.value}]" if o.answer else "") for o in self.options)
        return f"  {head}\n  options:\n{opts}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "player": self.player,
            "prompt": {"es": self.prompt_es, "en": self.prompt_en},
            "rule": self.rule,
            "min": self.min_choices,
            "max": self.max_choices,
            "options": [{"value": o.value, "label": {"es": o.label_es, "en": o.label_en or o.label_es},
                         **({"answer": o.answer} if o.answer else {})} for o in self.options],
        }

    def pick(self, answer: Any) -> str | tuple[str, ...]:
        """Turn a written answer into option values; raise :class:`InvalidAnswerError` if it is not legal.

        An answer may be an option value or any of its labels; for a multiple choice, a list of them. An answer
        may also be a table ``{key = "...", choose = ...}`` naming the question it answers, which is checked.
        """
        if isinstance(answer, dict):
            expected = answer.get("key")
            if expected is not None and expected != self.key:
                raise InvalidAnswerError(f"this answer is for a {expected!r} question, but the question is {self.key!r}", self)
            if "choose" not in answer:
                raise InvalidAnswerError("an answer table needs `choose`", self)
            answer = answer["choose"]
        if self.is_multiple:
            items = answer if isinstance(answer, (list, tuple)) else [answer]
            picked = tuple(self._one(str(x)) for x in items)
            if len(set(picked)) != len(picked):
                raise InvalidAnswerError(f"the same option was chosen twice in {answer!r}", self)
            if not self.min_choices <= len(picked) <= self.max_choices:
                raise InvalidAnswerError(
                    f"choose between {self.min_choices} and {self.max_choices} options, not {len(picked)}", self)
            return picked
        if isinstance(answer, (list, tuple)):
            if len(answer) != 1:
                raise InvalidAnswerError(f"this question takes one option, not {answer!r}", self)
            answer = answer[0]
        return self._one(str(answer))

    def _one(self, text: str) -> str:
        exact = [o for o in self.options if o.value == text]
        if exact:
            return exact[0].value
        found = [o for o in self.options if o.matches(text)]
        if len(found) == 1:
            return found[0].value
        if not found:
            raise InvalidAnswerError(f"{text!r} is not one of the options", self)
        raise InvalidAnswerError(
            f"{text!r} matches several options ({', '.join(o.value for o in found)}); answer with the value", self)


@dataclass(frozen=True)
class Decision:
    """A question as it was answered: recorded in the trace with the options not taken."""

    question: Question
    chosen: str | tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question.to_dict(), "chosen": list(self.chosen) if isinstance(self.chosen, tuple) else self.chosen}

    def chosen_labels(self, lang: str = "es") -> list[str]:
        values = self.chosen if isinstance(self.chosen, tuple) else (self.chosen,)
        by_value = {o.value: o for o in self.question.options}
        return [by_value[v].label_en or by_value[v].label_es if lang == "en" else by_value[v].label_es for v in values]
