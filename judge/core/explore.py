"""Exploring a play: resolve it under every combination of answers and group the outcomes that are the same.

A judge asks "does this choice matter?". Resolution is a deterministic function of (position, play, answers), so
the answer is a search: start with no answers, and every time resolution stops with a question, branch on each
legal answer. The search is bounded (a budget of resolutions, a cap on the answers tried per question); what the
bounds leave out is counted, never hidden.

>>> from judge import rulesets
>>> rs = rulesets.get("keyforge-17.2")
>>> p = rs.read_position({"active": "p1", "step": "main", "players": {
...     "p1": {"house": "shadows", "hand": ["Gato por Liebre"]}, "p2": {"amber": 3}}})
>>> ex = explore(rs, p, "play Gato por Liebre")
>>> len(ex.groups), ex.cut, ex.matters
(1, 0, False)
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Sequence

from judge.core import budget as work
from judge.core.decisions import Question
from judge.core.errors import JudgeError
from judge.core.position import Position
from judge.core.resolution import Outcome
from judge.core.ruleset import Play, Ruleset

ORDER_CAP = 24
"""At most this many orderings of one question are tried (4 options have 24)."""


@dataclass
class Path:
    """One complete way through the play: the answers given, in order, and the questions they answered."""

    answers: list[Any]
    questions: list[Question]

    def describe(self, lang: str = "es") -> list[dict[str, Any]]:
        """Each answer with its question's key, who gave it and the chosen options' labels."""
        out = []
        for q, a in zip(self.questions, self.answers):
            values = a if isinstance(a, list) else [a]
            by_value = {o.value: o for o in q.options}
            labels = [(by_value[v].label_en or by_value[v].label_es) if lang == "en" else by_value[v].label_es
                      for v in values if v in by_value]
            out.append({"key": q.key, "player": q.player, "answer": a, "labels": labels})
        return out


@dataclass
class Group:
    """A distinct outcome and every path that leads to it."""

    ruleset: Ruleset = field(repr=False, compare=False)
    outcome: Outcome
    paths: list[Path] = field(default_factory=list)

    @functools.cached_property
    def key(self) -> str:
        """The resulting position in canonical text (with the winner, if any): equal keys, equal outcomes. Written
        when first read: an exploration reads it only to order groups reached by as many paths."""
        return _outcome_key(self.ruleset, self.outcome)


@dataclass
class Exploration:
    """The distinct outcomes of a play, with how much of the tree was resolved and how much was cut."""

    groups: list[Group]
    resolved: int
    """Resolutions run (complete paths plus the intermediate stops at questions)."""
    cut: int
    """Branches left unexplored because of the bounds (each may hide more paths)."""
    refused: list[tuple[list[Any], str]] = field(default_factory=list)
    """Answer combinations the engine refused, with why (a multiple choice it does not accept)."""

    @property
    def complete(self) -> bool:
        return self.cut == 0

    @property
    def matters(self) -> bool:
        """Whether the answers change the outcome at all."""
        return len(self.groups) > 1


def candidate_answers(question: Question, cap: int = ORDER_CAP) -> tuple[list[Any], int]:
    """The answers to try for ``question`` and how many were left out by ``cap``.

    A single choice tries every option. A choice of all the options (min = max = number of options, more than
    one) is an order: every permutation. Otherwise every combination of min to max options. Orders and
    combinations are generated lazily and counted with arithmetic: "any number of 60 creatures" has 2^60 answers,
    and only the first ``cap`` of them are ever made.
    """
    values = [o.value for o in question.options]
    if not question.is_multiple:
        return list(values), 0
    n = len(values)
    if question.min_choices == question.max_choices == n and n > 1:
        perms = [list(p) for p in itertools.islice(itertools.permutations(values), cap)]
        orders = 1
        for k in range(2, n + 1):
            orders *= k
        return perms, orders - len(perms)
    sizes = range(max(0, question.min_choices), min(n, question.max_choices) + 1)
    every = itertools.chain.from_iterable(itertools.combinations(values, size) for size in sizes)
    combos = [list(c) for c in itertools.islice(every, cap)]
    return combos, _combinations(n, sizes) - len(combos)


def _combinations(n: int, sizes: range) -> int:
    """How many ways there are to choose ``size`` of ``n`` for each size in ``sizes``, added up."""
    total, ways = 0, 1  # ways = C(n, k), walked up from k = 0
    for k in range(0, sizes.stop):
        if k in sizes:
            total += ways
        ways = ways * (n - k) // (k + 1)
    return total


def explore(ruleset: Ruleset, position: Position, play: Play | str, prefix: Sequence[Any] = (), *,
            budget: int = 400, per_question: int = ORDER_CAP, share: bool = True) -> Exploration:
    """Resolve ``play`` under every combination of answers that starts with ``prefix``, within ``budget``.

    Each resolution is charged to the open work meter (:mod:`judge.core.budget`) as a branch, and each candidate
    answer as an option, so a caller's limits stop an exploration that would cost too much. ``share``: branches
    share the resolution of their beginnings (:class:`_Ahead`); without it each branch is resolved from the start,
    with the same result (what the benchmark compares with).

    :raises IllegalPlayError: if the play is not allowed at all (nothing to explore).
    :raises InvalidAnswerError: if an answer of ``prefix`` is not legal.
    """
    play = Play.parse(play)
    groups: dict[str, Group] = {}
    refused: list[tuple[list[Any], str]] = []
    resolved = 0
    cut = 0
    work.charge("branches")
    # The play is checked once: every branch resolves it in the same position. What a game checks by resolving the
    # play (a probe) is left to the first resolution below, which refuses the play the same way.
    checked = ruleset.check_play(position, play, resolving=True)
    ahead = _Ahead(ruleset, position, checked, per_question, share)
    # With no prefix, the first resolution goes on down the first branch as well (a prefix is read as the judge wrote
    # it, and its branches start from the values it chose: those are resolved as they come).
    first = ahead.resolve([], budget - 1) if not prefix else ruleset.resolve_checked(position, checked, list(prefix))
    resolved += 1
    # The prefix may name options by label or as {key, choose}: from here on, the values it chose.
    start = [_plain_answer(d.chosen) for d in first.decisions] if prefix else []
    # Depth-first, so that a small budget still completes some paths instead of opening every first branch.
    stack: list[tuple[list[Any], Outcome]] = [(start, first)]
    while stack:
        answers, outcome = stack.pop()
        if outcome.question is None:
            same = _sameness(ruleset, outcome)
            group = groups.get(same)
            if group is None:
                group = groups[same] = Group(ruleset=ruleset, outcome=outcome)
            group.paths.append(Path(answers=answers, questions=[d.question for d in outcome.decisions]))
            continue
        options, left_out = candidate_answers(outcome.question, per_question)
        work.charge("options", len(options))
        cut += left_out
        children: list[tuple[list[Any], Outcome]] = []
        for index, answer in enumerate(options):
            if resolved >= budget:
                cut += len(options) - index
                break
            tried = [*answers, answer]
            work.charge("branches")
            try:
                child = ahead.resolve(tried, budget - resolved - 1)
            except JudgeError as exc:
                refused.append((tried, str(exc).splitlines()[0]))
                continue
            finally:
                resolved += 1
            children.append((tried, child))
        stack.extend(reversed(children))
    # Most paths first; groups reached by as many paths in the order of their canonical text.
    ties = Counter(len(g.paths) for g in groups.values())
    ordered = sorted(groups.values(), key=lambda g: (-len(g.paths), g.key if ties[len(g.paths)] > 1 else ""))
    return Exploration(groups=ordered, resolved=resolved, cut=cut, refused=refused)


def _key(answers: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(tuple(a) if isinstance(a, list) else a for a in answers)


class _Ahead:
    """Resolutions that share their beginnings. Resolving the answers of one branch, a resolution that reaches a
    question with no answer left does not stop there: it takes the first candidate answer and goes on, and the stop
    it would have made is kept for the branch that ends there. The first child of every branch is then resolved
    along with it, and a tree is resolved once per complete path instead of once per branch, each resolution
    starting from the beginning. What the explorer sees is unchanged: the same branches, in the same order, with
    the same outcomes and refusals; only the work is shared."""

    def __init__(self, ruleset: Ruleset, position: Position, play: Play, per_question: int, share: bool) -> None:
        self.share = share
        self.ruleset = ruleset
        self.position = position
        self.play = play
        self.per_question = per_question
        self.stops: dict[tuple[Any, ...], Outcome] = {}
        """The outcome of each branch a resolution went past, by its answers, until the explorer comes to it."""
        self.outcomes: dict[tuple[Any, ...], Outcome] = {}

    def resolve(self, answers: list[Any], ahead: int) -> Outcome:
        """The outcome of resolving ``answers`` (as :meth:`Ruleset.resolve_checked` gives it), going on at most
        ``ahead`` answers further: the branches past that are not explored (the budget)."""
        if not self.share:
            return self.ruleset.resolve_checked(self.position, self.play, answers)
        key = _key(answers)
        kept = self.stops.pop(key, None) or self.outcomes.pop(key, None)
        if kept is not None:
            return kept
        path = list(answers)

        def more(res: Any, question: Question, peeked: bool) -> Any:
            nonlocal ahead
            if ahead <= 0:
                return None
            options, _ = candidate_answers(question, self.per_question)
            # A list given from the start would have been read where the resolution looked for an answer and found
            # none (a whole order written at once): the branch would not be this one.
            if not options or (peeked and isinstance(options[0], list)):
                return None
            # The explorer reads only the question of a stop: its position and trace go on with the resolution.
            self.stops[_key(path)] = Outcome(position=res.position, trace=res.root, question=question,
                                             decisions=list(res.decisions))
            ahead -= 1
            path.append(options[0])
            return options[0]

        try:
            outcome = self.ruleset.resolve_checked(self.position, self.play, answers, more=more)
        except JudgeError:
            if len(path) == len(answers):
                # Refused before any answer of its own: as the plain resolution reads it (which may read the answers
                # once more, leniently).
                return self.ruleset.resolve_checked(self.position, self.play, answers)
            # Refused further down: the branches it went past are sound, the one that failed is resolved when its
            # turn comes.
            return self.stops.pop(key)
        if len(path) == len(answers):
            return outcome
        self.outcomes[_key(path)] = outcome
        return self.stops.pop(key)


def _plain_answer(chosen: Any) -> Any:
    return list(chosen) if isinstance(chosen, tuple) else chosen


def _outcome_key(ruleset: Ruleset, outcome: Outcome) -> str:
    return ruleset.dumps(outcome.position) + f"\n# winner: {outcome.winner}"


def _sameness(ruleset: Ruleset, outcome: Outcome) -> str:
    """Equal for two outcomes exactly when their keys are equal (the canonical text is written from the same
    table), and much cheaper to make: the text itself is written once per distinct outcome."""
    try:
        return json.dumps([ruleset.to_dict(outcome.position), outcome.winner], sort_keys=True, ensure_ascii=False)
    except TypeError:  # a value JSON cannot write: the canonical text itself
        return _outcome_key(ruleset, outcome)


def facts(ruleset: Ruleset, position: Position) -> dict[str, Any]:
    """The position as flat facts a judge reads: ``p1.amber``, ``c3.zone``, ``c3.damage``, ``turn``…

    Two positions differ exactly where their facts differ; the web page marks those, and :func:`differences`
    lists them across the outcomes of an exploration.
    """
    out: dict[str, Any] = {"active": position.active, "turn": position.turn, "step": position.step}
    # In the games that wait between plays, who may act and what waits are as much the position as the cards.
    if position.priority:
        out["priority"] = position.priority
    if position.stack:
        out["stack"] = _plain([f"{item.kind} {item.source} ({item.controller})".replace(" ()", "")
                               for item in position.stack])
    for key, value in position.values.items():
        out[f"values.{key}"] = _plain(value)
    doc = ruleset.to_dict(position)
    attached_key = ruleset.layout.attached_key
    for pid, table in doc.get("players", {}).items():
        for key, value in table.items():
            if isinstance(value, list) and value and isinstance(value[0], dict) and "uid" in value[0]:
                for index, card in enumerate(value):
                    _card_facts(out, card, f"{pid}.{key}", index, attached_key)
            else:
                out[f"{pid}.{key}"] = _plain(value)
    return out


def _card_facts(out: dict[str, Any], card: dict[str, Any], zone: str, index: int, attached_key: str) -> None:
    uid = card["uid"]
    out[f"{uid}.zone"] = zone
    out[f"{uid}.index"] = index
    out[f"{uid}.card"] = card.get("card")
    for key, value in card.items():
        if key in ("uid", "card", attached_key):
            continue
        out[f"{uid}.{key}"] = _plain(value)
    for sub_index, child in enumerate(card.get(attached_key, [])):
        _card_facts(out, child, uid, sub_index, attached_key)


def _plain(value: Any) -> Any:
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    return value


def diff(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """What changed between two fact tables: ``(fact, before, after)``, ``None`` where a fact is absent."""
    keys = sorted(set(before) | set(after))
    return [(k, before.get(k), after.get(k)) for k in keys if before.get(k) != after.get(k)]


def differences(ruleset: Ruleset, exploration: Exploration) -> list[str]:
    """The facts on which the outcomes of an exploration disagree (empty when the answers do not matter)."""
    tables = [facts(ruleset, g.outcome.position) for g in exploration.groups]
    if len(tables) < 2:
        return []
    keys = sorted(set().union(*tables))
    return [k for k in keys if len({json.dumps(t.get(k), sort_keys=True, default=str) for t in tables}) > 1]


__all__ = ["Exploration", "Group", "Path", "explore", "candidate_answers", "facts", "diff", "differences"]
