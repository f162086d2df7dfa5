"""What the engine refuses, as a small family of exceptions a judge can read.

Every error is a :class:`JudgeError` (a ``ValueError``), so a caller that only wants "was it refused?" catches
one class; the web layer and the CLI turn each kind into its own answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from judge.core.decisions import Question


class JudgeError(ValueError):
    """Base class for everything the engine refuses."""

    message_es: str | None = None
    """The refusal in Spanish, where the error carries one."""

    def text(self, lang: str = "en") -> str:
        """The refusal in the judge's language (Spanish where it exists, else English)."""
        return self.message_es if lang == "es" and self.message_es else str(self)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input: where it is and what is wrong with it."""

    where: str
    """A path into the input, e.g. ``players.p1.battleline[2].damage``."""
    message: str
    message_es: str = ""
    """The same in Spanish (empty when only the English text exists)."""

    def text(self, lang: str = "en") -> str:
        return self.message_es if lang == "es" and self.message_es else self.message

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class MalformedPositionError(JudgeError):
    """A position that cannot be built; carries every problem found, not only the first."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"malformed position ({len(self.problems)} problem(s)):\n{lines}")


class InvalidPlayError(JudgeError):
    """A play whose notation cannot be read (unknown verb, missing card...)."""

    def __init__(self, message: str, es: str | None = None) -> None:
        super().__init__(message)
        self.message_es = es or message


class IllegalPlayError(JudgeError):
    """A well-formed play that the rules forbid here; ``rule`` is the citation of the rule that forbids it.

    ``reason`` is in English, ``reason_es`` in Spanish (the judge reads either).
    """

    def __init__(self, message: str, *, rule: str | None, es: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.reason = message
        self.reason_es = es or message
        self.rule = rule


class InvalidAnswerError(JudgeError):
    """An answer that is not one of the legal options of the question it was given to."""

    def __init__(self, message: str, question: Question) -> None:
        super().__init__(f"{message}\n{question.describe()}")
        self.question = question


class UnansweredDecisionError(JudgeError):
    """Resolution reached a choice that nobody answered; the engine never picks a default."""

    def __init__(self, question: Question) -> None:
        super().__init__(f"unanswered decision:\n{question.describe()}")
        self.question = question


class UnknownCardError(JudgeError):
    """A card name that matches nothing in the catalog (nor any custom card of the scenario).

    ``message_es`` is the same in Spanish, for the judge who reads Spanish.
    """

    def __init__(self, message: str, es: str | None = None) -> None:
        super().__init__(message)
        self.message_es = es or message


class IncompleteCardError(JudgeError):
    """The engine was about to use an ability of a card it does not fully know: it refuses to guess.

    ``card`` is the card's id (a custom card of that id, defined in the position, takes its place) and ``missing``
    what is not encoded, in the judge's language."""

    def __init__(self, message: str, es: str, *, card: str, missing: str, missing_es: str) -> None:
        super().__init__(message)
        self.message_es = es
        self.card = card
        self.missing = missing
        self.missing_es = missing_es


class ScenarioError(JudgeError):
    """A scenario file that cannot be read or is not well formed."""
