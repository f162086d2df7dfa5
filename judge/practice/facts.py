"""Questions about one fact of the result, for a play with one outcome only (or one whose exploration costs too
much): where a card ends, how many, which order, who decides next, whether a play is legal.

The fact is taken from the ruling first — the scenario's expectations, which are what the ruling says — and only
then from what the ruling's run changed on the table. Its wrong answers are the values a learner is likely to
give: the value before the play, the neighbouring numbers, the other zones of the same player or the same zone of
the other player, other orders, the other player.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Callable

from judge.core.scenario import Scenario
from judge.core.trace import Step
from judge.practice.choices import Choice, choice_id
from judge.practice.wording import ORDERED, ZONES, Names, Text, kind_of, salience, sentence, subject_of

UNLIKELY = frozenset({"revealed", "jugando", "removida", "recambio", "upgrade", "gobierno", "pg", "oro-pagado",
                      "reserva-de-oro"})
"""Zones a card rarely ends in: not offered as a wrong answer unless the card started there."""


@dataclass
class Fact:
    """A fact of the result as a question: its prompt, the ruling's value and the likely wrong values."""

    prompt: Text
    correct: Any
    wrong: list[Any]
    say: Callable[[Any], Text]
    key: str = ""
    """The fact as the trace records its changes (``c3.zone``), to find the step that decides it."""
    source: str = "expectation"
    """Where the right answer comes from: the ruling's ``expectation``, the ruling's run (``changes``, ``decision``,
    ``pending``), or a play the scenario expects refused (``legality``)."""

    def choices(self) -> list[Choice]:
        out: list[Choice] = []
        for index, value in enumerate([self.correct, *self.wrong]):
            lines = [self.say(value)]
            cid = choice_id(lines)
            if all(c.id != cid for c in out):
                out.append(Choice(cid, lines, index == 0, "fact", value=value))
            if len(out) == 4:
                break
        return out


def ask_players(names: Names, exclude: Any) -> list[Any]:
    return [p for p in sorted(names.players) if p != exclude]


MAXIMA = {"keys": 3}
"""Counts a game bounds (three keys win KeyForge): a wrong answer past them would give itself away."""


def numbers(correct: int, before: Any, most: int | None = None) -> list[int]:
    tries = [before] if isinstance(before, int) and not isinstance(before, bool) else []
    tries += [correct + 1, correct - 1, correct + 2, correct - 2, correct + 3]
    return _distinct([n for n in tries if n >= 0 and (most is None or n <= most)], correct)[:3]


def zones(correct: str, before: Any, zone_names: tuple[str, ...], names: Names) -> list[str]:
    owner, _, zone = str(correct).partition(".")
    tries = [before] if isinstance(before, str) else []
    tries += [f"{p}.{zone}" for p in sorted(names.players) if p != owner]
    tries += [f"{owner}.{z}" for z in zone_names if z not in UNLIKELY and z != zone]
    return _distinct(tries, correct)[:3]


def orders(correct: list[Any]) -> list[list[Any]]:
    tries = [list(reversed(correct))]
    tries += [list(p) for p in itertools.islice(itertools.permutations(correct), 24)]
    return _distinct(tries, correct)[:3]


def _distinct(values: list[Any], correct: Any) -> list[Any]:
    out: list[Any] = []
    for v in values:
        if v != correct and v not in out:
            out.append(v)
    return out


def about(key: str, correct: Any, before: Any, names: Names, zone_names: tuple[str, ...],
          hints: list[Any] = (), domains: dict[str, list[Any]] | None = None) -> Fact | None:
    """A question about the fact ``key`` (an expectation's path or a fact of the position), if it makes one.
    ``hints``: values a contrast's ruling gives the same fact, the likeliest wrong answers; ``domains``: the values
    a text fact may take, by its name (``step``, ``house``), nearest first."""
    head, _, tail = key.partition(".")

    def say(value: Any) -> Text:
        return sentence(key, value, names, now=True)

    def fact(prompt: Text, wrong: list[Any]) -> Fact | None:
        wrong = _distinct([*hints, *wrong], correct)
        return Fact(prompt, correct, wrong, say, key) if wrong else None

    subject = subject_of(head, names)
    true_of = _prompt("Al final, ¿qué es cierto de {s}?", "In the end, which is true of {s}?", subject)
    if tail == "zone" and isinstance(correct, str):
        return fact(_prompt("¿Dónde termina {s}?", "Where does {s} end up?", subject),
                    zones(correct, before, zone_names, names))
    if isinstance(correct, bool) or (correct is None and kind_of(key, names.players) == "state"):
        correct = bool(correct)
        return fact(true_of, [not correct])
    if isinstance(correct, int):
        return fact(true_of, numbers(correct, before, MAXIMA.get(tail)))
    if isinstance(correct, str) and correct in names.players:
        return fact(true_of, ask_players(names, correct))
    if isinstance(correct, list) and len(correct) > 1 and tail in ORDERED and tail in ZONES:
        return fact({"es": "¿En qué orden quedan las cartas?", "en": "In which order do the cards end up?"},
                    orders(correct))
    if isinstance(correct, list):
        return fact(true_of, [[]] if correct else [])
    if isinstance(correct, str):
        pool = (domains or {}).get(tail or key, [])
        if correct in pool:
            # the values next to the right one (the step before and after) are the likeliest slips
            pool = sorted(pool, key=lambda v: abs(pool.index(v) - pool.index(correct)))
        return fact(true_of, pool)
    return None


def _prompt(es: str, en: str, subject: Text) -> Text:
    return {"es": es.format(s=subject["es"]), "en": en.format(s=subject["en"])}


def from_expectations(scenario: Scenario, index: int, names: Names, canonical: Callable[[Any], Any],
                      start: dict[str, Any], zone_names: tuple[str, ...],
                      hints: dict[str, list[Any]] | None = None,
                      domains: dict[str, list[Any]] | None = None) -> Fact | None:
    """The most telling fact the ruling states about the result of play ``index`` or of the whole scenario; a fact
    a contrast's ruling gives another value comes first (``hints``: those values by path)."""
    hints = hints or {}
    expected: dict[str, Any] = {}
    for table in [scenario.plays[index].expect, *(p.expect for p in scenario.plays[index + 1:]), scenario.expect]:
        for key, value in table.items():
            if key != "trace" and not key.startswith(("legal.", "pending")):
                expected.setdefault(key, value)
    for key in sorted(expected, key=lambda k: (k not in hints, salience(k, names.players), k)):
        fact = about(key, canonical(expected[key]), start.get(_as_uid(key, names)), names, zone_names,
                     [canonical(v) for v in hints.get(key, ())], domains)
        if fact is not None and len(fact.choices()) > 1:
            fact.key = _as_uid(key, names)
            return fact
    return None


def _as_uid(key: str, names: Names) -> str:
    """An expectation's path with its card written by uid (``Trol.zone`` → ``c3.zone``), as facts and traces have it."""
    head, dot, tail = key.partition(".")
    uid = head if head in names.players else names.uid_of(head)
    return f"{uid}{dot}{tail}" if uid else key


def from_changes(start: dict[str, Any], end: dict[str, Any], names: Names, zone_names: tuple[str, ...],
                 domains: dict[str, list[Any]] | None = None) -> Fact | None:
    """The most telling fact the ruling's run changed on the table."""
    changed = [k for k in set(start) | set(end) if start.get(k) != end.get(k) and not k.endswith(".index")]
    for key in sorted(changed, key=lambda k: (salience(k, names.players), k)):
        fact = about(key, end.get(key), start.get(key), names, zone_names, domains=domains)
        if fact is not None and len(fact.choices()) > 1:
            fact.source = "changes"
            return fact
    return None


def legality(play: Text, legal: bool) -> Fact:
    """Whether a play is legal, for a scenario about a play the rules refuse (or allow)."""
    def say(value: Any) -> Text:
        return ({"es": "Sí: la jugada es legal", "en": "Yes: the play is legal"} if value
                else {"es": "No: las reglas no la permiten", "en": "No: the rules do not allow it"})

    return Fact({"es": f"¿Se puede hacer «{play['es']}» en esta posición?",
                 "en": f"Can “{play['en']}” be made in this position?"}, legal, [not legal], say, source="legality")


def who_decides(names: Names, player: str | None, what: Text | None) -> Fact:
    """Who decides next (a play that stops at a question), or who makes a choice in the resolution."""
    def say(value: Any) -> Text:
        if value is None:
            return {"es": "Nadie: la jugada se resuelve sin más decisiones",
                    "en": "Nobody: the play resolves with no further decision"}
        return {"es": f"Decide {value}", "en": f"{value} decides"}

    prompt = ({"es": f"¿Quién decide: «{what['es']}»?", "en": f"Who decides: “{what['en']}”?"} if what
              else {"es": "¿Quién tiene que decidir a continuación?", "en": "Who has to decide next?"})
    wrong = [p for p in sorted(names.players) if p != player] + ([None] if what is None else [])
    return Fact(prompt, player, wrong, say, source="pending" if what is None else "decision")


def first_decision(step: Step) -> Step | None:
    return next((s for s in step.walk() if s.decision is not None), None)
