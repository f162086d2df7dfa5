"""A scenario's plays run the ruling's way, and the other ways a learner may have in mind.

A *line* is one way through the scenario's plays: the ruling's (the scenario's own answers, checked against its
expectations), another answer to the play the question is about, or the same plays under another rulebook of the
game. Variants are run without the scenario's expectations: they are there to see where they lead, not to pass.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

from judge import rulesets
from judge.core import budget
from judge.core.position import Position
from judge.core.ruleset import Ruleset
from judge.core.scenario import Result, Runner, Scenario
from judge.core.trace import Step


@dataclass
class Line:
    """Where one way through the plays leads: the position after the last play and the whole trace."""

    kind: str
    """``ruling``, ``choice`` (another answer to the asked play), ``ruleset`` (another rulebook) or ``misreading``
    (a contrast scenario's outcome read onto this one)."""
    ruleset: str
    position: Position
    trace: Step
    answers: list[Any] | None = None
    """For a ``choice``: the answers given to the asked play on this line."""
    source: str | None = None
    """For a ``misreading``: the contrast scenario it comes from."""


def run(scenario: Scenario) -> Result:
    return Runner(rulesets.get).run(scenario)


def unchecked(scenario: Scenario, **changes: Any) -> Scenario:
    """The scenario without its expectations (a variant is run to see where it leads, not to be checked)."""
    plays = [replace(p, expect={}, after_step={}) for p in changes.pop("plays", scenario.plays)]
    return replace(scenario, plays=plays, expect={}, **changes)


def real_plays(scenario: Scenario) -> list[int]:
    """The indices of the plays that are plays (a judge's correction between plays is not one)."""
    return [i for i, p in enumerate(scenario.plays) if p.set is None]


def asked_play(scenario: Scenario, ruling: Result) -> int | None:
    """The play a question asks about: a last play the rules refuse is the question itself; otherwise the last play
    in which a player chose something (the choice is what a learner gets wrong), else the last play."""
    plays = real_plays(scenario)
    if not plays:
        return None
    last = plays[-1]
    if scenario.plays[last].illegal:
        return last
    steps = ruling.trace.children if ruling.trace is not None else []
    chosen = [i for i in plays if i < len(steps) and not scenario.plays[i].illegal
              and any(s.decision is not None for s in steps[i].walk())]
    return chosen[-1] if chosen else last


def position_before(scenario: Scenario, index: int, ruleset: Ruleset) -> Position:
    """The position right before play ``index``, the earlier plays resolved with their answers."""
    if index == 0:
        return ruleset.read_position(scenario.position)
    result = run(unchecked(scenario, plays=scenario.plays[:index]))
    if result.error or result.position is None:
        raise LookupError(result.error or "the earlier plays did not resolve")
    return result.position


def with_answers(scenario: Scenario, index: int, answers: list[Any]) -> Line | None:
    """The plays with other answers to play ``index``; ``None`` where the later plays no longer fit."""
    plays = list(scenario.plays)
    plays[index] = replace(plays[index], answers=list(answers))
    return _line("choice", unchecked(scenario, plays=plays), answers=list(answers))


def under(scenario: Scenario, ruleset_id: str) -> Line | None:
    """The same plays under another rulebook of the game; ``None`` where they do not resolve there."""
    return _line("ruleset", unchecked(scenario, ruleset=ruleset_id))


def _line(kind: str, scenario: Scenario, **extra: Any) -> Line | None:
    try:
        result = run(scenario)
    except (budget.OverBudget, budget.OverDeadline):
        raise
    except Exception:  # noqa: BLE001 - a variant the engine cannot follow (an older rulebook's card) is no answer
        logging.getLogger("judge.practice").exception("a variant of %s did not run", scenario.id)
        return None
    if result.error or result.failures or result.position is None or result.trace is None:
        return None
    return Line(kind, scenario.ruleset, result.position, result.trace, **extra)


def ruling_line(scenario: Scenario, result: Result) -> Line:
    assert result.position is not None and result.trace is not None
    return Line("ruling", scenario.ruleset, result.position, result.trace)


def steps(trace: Step) -> int:
    """How many steps a scenario's resolution has (its level is read from it)."""
    return sum(1 for _ in trace.walk()) - 1


def other_rulesets(ruleset: Ruleset) -> list[str]:
    """The other rulebooks of the same game: where a rule changed between them, a learner may apply the old one."""
    return [r.id for r in rulesets.all_rulesets() if r.game == ruleset.game and r.id != ruleset.id]
