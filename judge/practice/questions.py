"""A question from a scenario file: "what happens?" with the outcomes a learner is tempted by, or a fact of the result.

The right answer is always the scenario's own outcome — its plays with its answers, which the scenario checks
against the ruling — never an outcome computed another way. The wrong answers are, in this order: a contrast
scenario's outcome read onto this position (the misreading it records), the same plays under another rulebook of
the game, and the outcomes of the other answers to the play the question asks about (Explore). Exploring runs under
a work budget; a question whose exploration is refused over budget, or whose play has one outcome only, asks about a
fact of the result instead.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judge import rulesets
from judge.core import budget
from judge.core import explore as exploring
from judge.core.errors import JudgeError
from judge.core.position import Position
from judge.core.ruleset import Play, Ruleset
from judge.core.scenario import Scenario
from judge.core.trace import Step
from judge.practice import facts, lines, traces
from judge.practice.choices import Candidate, Choice, phrase, shuffled
from judge.practice.lines import Line
from judge.practice.wording import NOW, Names, Text, kind_of, visible_facts

LIMITS = budget.Limits(steps=4_000, work=300_000, branches=120, options=24 * 120,
                       in_play=frozenset().union(*(r.layout.in_play for r in rulesets.all_rulesets())))
"""The work one question's alternatives may cost, counted as the service counts it (:mod:`judge.core.budget`): with
it, no question of the project takes more than about a second of processor time to build."""
BRANCHES = 60
"""Resolutions one exploration runs before it stops and counts the rest as cut (the outcomes found are kept)."""
OTHER_ANSWERS = 6
"""Outcomes of other answers run through the rest of the plays; the most frequent first."""
RESTATED = {"house": {"house"}, "flank": {"index"}, "discard-order": {"index"}, "deck-order": {"index"},
            "play-order": {"index"}, "entry-order": {"index"}}
"""Choices whose outcome only restates the choice (the house chosen is the active house; the flank chosen is the
order of the battleline): with the choice shown in the play, such an outcome is no answer to tell apart."""

WHAT_HAPPENS: Text = {"es": "¿Qué pasa?", "en": "What happens?"}


class QuestionError(Exception):
    """A scenario that cannot be asked: it does not read, or its ruling does not pass."""


@dataclass
class Question:
    scenario: Scenario
    ruleset: Ruleset
    kind: str
    """``outcome`` ("what happens?") or ``fact`` (a fact of the result)."""
    prompt: Text
    asked: int | None
    """The index of the play the question is about."""
    start: Position
    choices: list[Choice]
    ruling: Line
    names: Names
    decides: Step | None = None
    """The step of the ruling's trace that decides the question, with its rule."""
    note: Text | None = None
    """Why a fact is asked rather than the outcome, when it is not the obvious reason."""
    fact_key: str = ""
    fact_source: str = ""
    """For a fact: where its right answer comes from (see :attr:`judge.practice.facts.Fact.source`)."""
    hide_choices: bool = False
    """Whether the choices made in the asked play are the answer (who decides), and so not shown with it."""

    @property
    def correct(self) -> Choice:
        return next(c for c in self.choices if c.correct)

    def choice(self, cid: str) -> Choice | None:
        return next((c for c in self.choices if c.id == cid), None)

    @property
    def steps(self) -> int:
        """How many steps the ruling's resolution has (the question's level is read from it)."""
        return lines.steps(self.ruling.trace)


def build(path: Path, limits: budget.Limits = LIMITS, branches: int = BRANCHES) -> Question:
    """The question of the scenario at ``path``.

    :raises QuestionError: if the scenario does not read or its ruling does not pass.
    """
    try:
        scenario = Scenario.from_file(path)
        ruleset = rulesets.get(scenario.ruleset)
    except (JudgeError, KeyError) as exc:
        raise QuestionError(f"{path.name}: {exc}") from None
    result = lines.run(scenario)
    if not result.passed or result.position is None or result.trace is None:
        raise QuestionError(f"{scenario.id} does not pass: {result.error or result.failures[:1]}")
    ruling = lines.ruling_line(scenario, result)
    start = ruleset.read_position(scenario.position)
    asked = lines.asked_play(scenario, result)
    question = Question(scenario, ruleset, "fact", WHAT_HAPPENS, asked, start, [], ruling,
                        Names.of(ruleset, [start, ruling.position]))
    if asked is None:
        raise QuestionError(f"{scenario.id} has no play")
    if result.question is not None:
        expected = {**scenario.plays[asked].expect, **scenario.expect}.get("pending.player", result.question.player)
        return _ask_fact(question, facts.who_decides(question.names, expected, None))
    if scenario.plays[asked].illegal:
        question.decides = traces.citing(ruling.trace, [ruleset.cite(scenario.plays[asked].illegal)])
        return _ask_fact(question, facts.legality(play_text(scenario.plays[asked].play, question.names), False))
    others = partners(path, scenario)
    try:
        with budget.metered(limits, "practice question"):
            candidates = _candidates(question, others, branches)
    except (budget.OverBudget, budget.OverDeadline):
        question.note = {"es": "Explorar esta jugada costaría demasiado: la pregunta es sobre un dato del resultado.",
                         "en": "Exploring this play would cost too much: the question is about a fact of the result."}
        candidates = []
    if candidates:
        question.names = Names.of(ruleset, [start, ruling.position, *(c.line.position for c in candidates
                                                                      if c.line is not None and c.kind != "misreading")])
        ruling_table = visible_facts(ruleset, ruling.position)
        checked = _checked_keys(scenario, question.names)
        choices = phrase([Candidate(ruling_table, ruling, "ruling"), *candidates], question.names, checked)
        if len(choices) > 1:
            question.kind, question.choices = "outcome", shuffled(choices, scenario.id)
            question.decides = question.decides or _deciding_step(question)
            return question
    return _ask_fact(question, _fact(question, others))


def play_text(play: str, names: Names) -> Text:
    """A play as written in the scenario, its card named in both languages (``reap Troll``)."""
    verb, _, card = play.partition(" ")
    if not card:
        return {"es": verb, "en": verb}
    named = names.named(card)
    return {lang: f"{verb} {named[lang]}" for lang in ("es", "en")}


def _candidates(question: Question, others: list[Scenario], branches: int) -> list[Candidate]:
    scenario, ruleset, ruling = question.scenario, question.ruleset, question.ruling
    out = _misreadings(question, others)
    for other in lines.other_rulesets(ruleset):
        line = lines.under(scenario, other)
        if line is not None:
            title = rulesets.get(other).title
            out.append(Candidate(visible_facts(rulesets.get(other), line.position), line, "ruleset",
                                 {"es": f"Lo que daba {title}", "en": f"What {title} gave"}))
    assert question.asked is not None
    spec = scenario.plays[question.asked]
    try:
        before = lines.position_before(scenario, question.asked, ruleset)
        explored = exploring.explore(ruleset, before, Play.parse(spec.play, by=spec.by), budget=branches)
    except (JudgeError, LookupError):
        return out  # the play cannot be explored from there: the other answers are the ones found so far
    made = [s.decision for s in ruling.trace.children[question.asked].walk() if s.decision is not None]
    ruling_answers = [list(d.chosen) if isinstance(d.chosen, tuple) else d.chosen for d in made]
    ruling_table = visible_facts(ruleset, ruling.position)
    for group in explored.groups[:OTHER_ANSWERS + 1]:
        answers = group.paths[0].answers
        if answers == ruling_answers:
            continue
        line = lines.with_answers(scenario, question.asked, answers)
        if line is None:
            continue
        table = visible_facts(ruleset, line.position)
        if _restates(made, ruling_answers, answers, ruling_table, table):
            continue
        out.append(Candidate(table, line, "choice", {"es": "Lo que pasaría con otras decisiones en la jugada",
                                                     "en": "What would happen with other decisions in the play"}))
    return out


def _restates(made: list[Any], ruling: list[Any], other: list[Any], ruling_table: dict[str, Any],
              table: dict[str, Any]) -> bool:
    """Whether another answer's outcome only restates the answer (see :data:`RESTATED`)."""
    first = next((i for i, (a, b) in enumerate(zip(ruling, other)) if a != b), None)
    if first is None or first >= len(made):
        return False
    restated = RESTATED.get(made[first].question.key)
    differing = {k.partition(".")[2] for k in set(ruling_table) | set(table) if ruling_table.get(k) != table.get(k)}
    return restated is not None and differing <= restated


def partners(path: Path, scenario: Scenario) -> list[Scenario]:
    """The contrast scenarios of a scenario (``<id>-contrast.toml``), or the scenario a contrast is the contrast of:
    the same situation where the rule applies otherwise, which is the misreading a learner is tempted by."""
    if scenario.id.endswith("-contrast"):
        found = [path.with_name(f"{scenario.id[: -len('-contrast')]}.toml")]
    else:
        found = sorted(path.parent.glob(f"{scenario.id}-contrast*.toml"))
    out = []
    for other in found:
        try:
            out.append(Scenario.from_file(other))
        except (OSError, JudgeError):
            continue
    return out


def _misreadings(question: Question, others: list[Scenario]) -> list[Candidate]:
    """The outcome a learner gives who reads this position as its contrast: the ruling's outcome, with the values the
    contrast's ruling expects where they differ."""
    out = []
    ruling_table = visible_facts(question.ruleset, question.ruling.position)
    for other in others:
        table = dict(ruling_table)
        for key, value in _value_expectations(other).items():
            fact = _fact_key(key, question.names)
            if fact is None or isinstance(value, (list, dict)) or fact.partition(".")[2] in NOW:
                continue
            if fact not in ruling_table and kind_of(fact, question.names.players) == "other":
                continue
            value = _as_fact(question.ruleset.canonical(question.ruling.position, value))
            if value is not None and ruling_table.get(fact) is not None and \
                    isinstance(value, int) != isinstance(ruling_table[fact], int):
                continue  # the expectation counts what the position lists (a reserve pool): not the same fact
            table[fact] = value
        if table == ruling_table:
            continue
        result = lines.run(other)
        if result.passed and result.position is not None and result.trace is not None:
            line = Line("misreading", other.ruleset, result.position, result.trace, source=other.id)
            out.append(Candidate(table, line, "misreading",
                                 {"es": f"Lo que pasa en el caso de contraste {other.id}, donde la regla se aplica de "
                                        "otro modo", "en": f"What happens in the contrast case {other.id}, where the "
                                                           "rule applies otherwise"}))
    return out


def _value_expectations(scenario: Scenario) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for table in [*(p.expect for p in scenario.plays), scenario.expect]:
        found.update({k: v for k, v in table.items() if k != "trace" and not k.startswith(("legal.", "pending"))})
    return found


def _fact_key(path: str, names: Names) -> str | None:
    """An expectation's path as the key of a visible fact (``Trol.zone`` → ``c3.zone``), if it is one."""
    head, _, tail = path.partition(".")
    if head in names.players or head in ("active", "turn", "step"):
        return path
    uid = names.uid_of(head)
    return f"{uid}.{tail}" if uid and tail else None


def _as_fact(value: Any) -> Any:
    return None if value in (0, False) and not isinstance(value, str) else value


def _checked_keys(scenario: Scenario, names: Names) -> set[str]:
    return {k for k in (_fact_key(p, names) for p in _value_expectations(scenario)) if k}


def _deciding_step(question: Question) -> Step | None:
    """Where the ruling's outcome is decided: the rule the scenario expects its trace to cite; else, for "what
    happens?", the first step at which a wrong answer's way parts from the ruling's, and for a fact, the step that
    made it; else the first decision of the asked play, else its last step that cites a rule."""
    trace = question.ruling.trace
    cites = [c for e in [question.scenario.expect, *(p.expect for p in question.scenario.plays)]
             for c in e.get("trace", {}).get("cites", [])]
    found = traces.citing(trace, [question.ruleset.cite(c) for c in cites])
    others = [c.line.trace for c in question.choices if not c.correct and c.line is not None and c.kind != "misreading"]
    if found is None and others:
        first = min(traces.shared_steps(trace, other) for other in others)
        steps = traces.preorder(trace)
        found = steps[first] if first < len(steps) else None
    if found is None and question.fact_key:
        found = traces.changing(trace, question.fact_key)
    assert question.asked is not None
    played = trace.children[question.asked]
    found = found or facts.first_decision(played) or next((s for s in reversed(traces.preorder(played)) if s.rule), None)
    return traces.with_rule(trace, found)


def _fact(question: Question, others: list[Scenario]) -> facts.Fact:
    scenario, ruleset, ruling = question.scenario, question.ruleset, question.ruling
    assert question.asked is not None
    start = visible_facts(ruleset, question.start)
    end = visible_facts(ruleset, ruling.position)
    # Cards in play are the likeliest wrong places: a learner expects them to stay.
    zones = tuple(sorted(ruleset.layout.zones, key=lambda z: z not in ruleset.layout.in_play))
    hints: dict[str, list[Any]] = {}
    for other in others:
        for key, value in _value_expectations(other).items():
            hints.setdefault(key, []).append(value)
    domains = {"step": list(ruleset.schema().get("steps", [])), "house": _houses(start, ruleset)}
    found = facts.from_expectations(scenario, question.asked, question.names,
                                    lambda v: ruleset.canonical(ruling.position, v), start, zones, hints, domains)
    found = found or facts.from_changes(start, end, question.names, zones, domains)
    if found is not None:
        return found
    refused = [p for p in scenario.plays if p.illegal]
    if refused:
        return facts.legality(play_text(refused[-1].play, question.names), False)
    decision = facts.first_decision(ruling.trace.children[question.asked])
    if decision is not None and decision.decision is not None:
        q = decision.decision.question
        question.hide_choices = True
        return facts.who_decides(question.names, q.player, {"es": q.prompt_es, "en": q.prompt_en})
    raise QuestionError(f"{scenario.id}: no fact of the result to ask about")


def _houses(start: dict[str, Any], ruleset: Ruleset) -> list[Any]:
    """The houses a player's identity card names (KeyForge), else every house of the game."""
    for key, value in start.items():
        if key.endswith(".houses") and isinstance(value, str) and value.startswith("["):
            return json.loads(value)
    return list(ruleset.schema().get("houses", []))


def _ask_fact(question: Question, fact: facts.Fact) -> Question:
    question.kind, question.prompt, question.fact_key, question.fact_source = "fact", fact.prompt, fact.key, fact.source
    question.choices = shuffled(fact.choices(), question.scenario.id)
    question.decides = question.decides or _deciding_step(question)
    return question
