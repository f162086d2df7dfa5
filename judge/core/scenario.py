"""Scenarios: a position, the plays made on it with every answer, and what the ruling says must come of it.

The format is documented in ``docs/scenarios.md``. A scenario is strict: a question left unanswered, an answer
left unused, an illegal play that was not expected to be illegal — each one fails with what it left open.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable

from judge.core.decisions import fold
from judge.core.errors import IllegalPlayError, JudgeError, ScenarioError
from judge.core.position import Position
from judge.core.resolution import Outcome
from judge.core.ruleset import Play, Ruleset
from judge.core.trace import Step, citations, render

_SCENARIO_KEYS = {"id", "entries", "sections", "ruleset", "title", "reading", "position", "plays", "expect", "tags"}
_PLAY_KEYS = {"play", "by", "answers", "expect", "illegal", "note"}
_TRACE_KEYS = {"order", "cites", "not_cites", "asked", "kinds", "not_kinds", "offered", "count"}


@dataclass
class PlaySpec:
    play: str
    answers: list[Any]
    expect: dict[str, Any]
    illegal: str | None
    """If set, the play must be refused, citing this rule."""
    by: str | None = None
    """The player making the play; by default the one the ruleset says may act now."""


@dataclass
class Scenario:
    id: str
    entries: list[str]
    ruleset: str
    position: dict[str, Any]
    plays: list[PlaySpec]
    expect: dict[str, Any]
    title: str = ""
    reading: str = ""
    path: Path | None = None
    tags: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    """Rule sections (worked examples of a glossary) the scenario reproduces, as citations."""

    @classmethod
    def from_file(cls, path: Path) -> Scenario:
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ScenarioError(f"{path}: cannot read: {exc}") from exc
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(f"{path}: not valid TOML: {exc}") from exc
        return cls.from_dict(data, path=Path(path))

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, path: Path | None = None) -> Scenario:
        where = str(path) if path else "scenario"
        problems: list[str] = []
        unknown = set(data) - _SCENARIO_KEYS
        if unknown:
            problems.append(f"unknown keys {sorted(unknown)}")
        sid = data.get("id") or (path.stem if path else None)
        if not isinstance(sid, str):
            problems.append("needs id = \"...\"")
        entries = data.get("entries", [])
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            problems.append("entries must be a list of entry ids")
            entries = []
        ruleset = data.get("ruleset")
        if not isinstance(ruleset, str):
            problems.append("needs ruleset = \"...\" (e.g. keyforge-17.2)")
        position = data.get("position")
        if not isinstance(position, dict):
            problems.append("needs a [position] table")
        plays: list[PlaySpec] = []
        for i, raw in enumerate(data.get("plays", [])):
            if isinstance(raw, str):
                raw = {"play": raw}
            if not isinstance(raw, dict) or not isinstance(raw.get("play"), str):
                problems.append(f"plays[{i}] needs play = \"verb card\"")
                continue
            extra = set(raw) - _PLAY_KEYS
            if extra:
                problems.append(f"plays[{i}]: unknown keys {sorted(extra)}")
            answers = raw.get("answers", [])
            if not isinstance(answers, list):
                problems.append(f"plays[{i}].answers must be a list")
                answers = []
            by = raw.get("by")
            if by is not None and not isinstance(by, str):
                problems.append(f"plays[{i}].by must be a player id")
                by = None
            plays.append(PlaySpec(play=raw["play"], answers=answers, expect=raw.get("expect", {}),
                                  illegal=raw.get("illegal"), by=by))
        expect = data.get("expect", {})
        if not isinstance(expect, dict):
            problems.append("[expect] must be a table")
            expect = {}
        for spec_expect in [expect, *(p.expect for p in plays)]:
            trace = spec_expect.get("trace", {})
            if not isinstance(trace, dict) or set(trace) - _TRACE_KEYS:
                problems.append(f"expect.trace takes only {sorted(_TRACE_KEYS)}")
        if not plays:
            problems.append("needs at least one [[plays]]")
        if problems:
            raise ScenarioError(f"{where}: " + "; ".join(problems))
        return cls(id=sid, entries=list(entries), ruleset=ruleset, position=position, plays=plays, expect=expect,
                   title=data.get("title", ""), reading=data.get("reading", ""), path=path,
                   tags=list(data.get("tags", [])), sections=list(data.get("sections", [])))

    def has_outcome_expectation(self) -> bool:
        """Whether the scenario asserts something about the outcome (a completeness test requires it)."""
        def real(e: dict[str, Any]) -> bool:
            return any(k != "trace" for k in e) or bool(e.get("trace"))
        return real(self.expect) or any(real(p.expect) or p.illegal for p in self.plays)


@dataclass
class Failure:
    what: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.what}: expected {self.expected!r}, got {self.actual!r}"


@dataclass
class Result:
    scenario: Scenario
    failures: list[Failure] = field(default_factory=list)
    error: str | None = None
    trace: Step | None = None
    position: Position | None = None

    @property
    def passed(self) -> bool:
        return not self.failures and self.error is None

    def report(self, lang: str = "es") -> str:
        lines = [f"FAIL {self.scenario.id} ({self.scenario.path})"]
        if self.error:
            lines.append(f"  error: {self.error}")
        for f in self.failures:
            lines.append(f"  expected {f.what} = {f.expected!r}")
            lines.append(f"    actual {f.what} = {f.actual!r}")
        if self.trace is not None:
            lines.append("  trace:")
            lines.extend("    " + line for line in render(self.trace, lang).splitlines())
        return "\n".join(lines)


def _is_subsequence(needle: list[str], hay: list[str]) -> bool:
    it = iter(hay)
    return all(any(h == n for h in it) for n in needle)


class Runner:
    """Plays scenarios against the rulesets found by ``get_ruleset``."""

    def __init__(self, get_ruleset: Callable[[str], Ruleset]) -> None:
        self.get_ruleset = get_ruleset

    def run(self, scenario: Scenario) -> Result:
        result = Result(scenario)
        try:
            ruleset = self.get_ruleset(scenario.ruleset)
        except KeyError:
            result.error = f"unknown ruleset {scenario.ruleset!r}"
            return result
        root = Step(kind="scenario", rule=None, text_es=f"Escenario {scenario.id}", text_en=f"Scenario {scenario.id}")
        result.trace = root
        try:
            position = ruleset.read_position(scenario.position)
        except JudgeError as exc:
            result.error = str(exc)
            return result
        for index, spec in enumerate(scenario.plays):
            label = f"plays[{index}] {spec.play!r}"
            try:
                play = Play.parse(spec.play, by=spec.by)
                outcome: Outcome = ruleset.resolve(position, play, spec.answers)
            except IllegalPlayError as exc:
                if spec.illegal is None:
                    result.error = f"{label} was refused: {exc}"
                    return result
                expected_rule = ruleset.cite(spec.illegal)
                if exc.rule != expected_rule:
                    result.failures.append(Failure(f"{label} refused by", expected_rule, exc.rule))
                root.children.append(Step(kind="illegal", rule=exc.rule, text_es=f"Jugada ilegal: {exc.reason_es}",
                                          text_en=f"Illegal play: {exc.reason}"))
                continue
            except JudgeError as exc:
                result.error = f"{label}: {exc}"
                return result
            if spec.illegal is not None:
                result.failures.append(Failure(f"{label} refused by", ruleset.cite(spec.illegal), "the play was legal"))
            outcome.trace.kind, outcome.trace.text_es, outcome.trace.text_en = "play", f"Jugada: {play}", f"Play: {play}"
            root.children.append(outcome.trace)
            if outcome.question is not None:
                result.error = f"{label} left a question unanswered:\n{outcome.question.describe()}"
                result.position = outcome.position
                return result
            position = outcome.position
            self.check(ruleset, position, outcome.trace, spec.expect, result, prefix=f"after {label}: ")
        result.position = position
        self.check(ruleset, position, root, scenario.expect, result)
        return result

    def check(self, ruleset: Ruleset, position: Position, trace: Step, expect: dict[str, Any],
              result: Result, prefix: str = "") -> None:
        for path, expected in expect.items():
            if path == "trace":
                self.check_trace(ruleset, trace, expected, result, prefix)
                continue
            try:
                actual = ruleset.query(position, path)
            except KeyError as exc:
                result.failures.append(Failure(prefix + path, expected, f"<no such value: {exc}>"))
                continue
            if not _equal(ruleset, ruleset.canonical(position, expected), actual):
                result.failures.append(Failure(prefix + path, expected, actual))

    def check_trace(self, ruleset: Ruleset, trace: Step, spec: dict[str, Any], result: Result, prefix: str) -> None:
        cited = citations(trace)
        if "order" in spec:
            want = [ruleset.cite(r) for r in spec["order"]]
            if not _is_subsequence(want, cited):
                result.failures.append(Failure(prefix + "trace.order", want, cited))
        for r in spec.get("cites", []):
            if ruleset.cite(r) not in cited:
                result.failures.append(Failure(prefix + "trace.cites", ruleset.cite(r), cited))
        for r in spec.get("not_cites", []):
            if ruleset.cite(r) in cited:
                result.failures.append(Failure(prefix + "trace.not_cites", ruleset.cite(r), cited))
        kinds = [s.kind for s in trace.walk()]
        if "kinds" in spec and not _is_subsequence(list(spec["kinds"]), kinds):
            result.failures.append(Failure(prefix + "trace.kinds", spec["kinds"], kinds))
        for k in spec.get("not_kinds", []):
            if k in kinds:
                result.failures.append(Failure(prefix + "trace.not_kinds", k, kinds))
        for kind, n in spec.get("count", {}).items():
            found = sum(1 for k in kinds if k == kind)
            if found != n:
                result.failures.append(Failure(prefix + f"trace.count.{kind}", n, found))
        for key, values in spec.get("offered", {}).items():
            asked = [s.decision.question for s in trace.walk() if s.decision and s.decision.question.key == key]
            offered = [o.value for o in asked[0].options] if asked else None
            if offered is None or sorted(offered) != sorted(values):
                result.failures.append(Failure(prefix + f"trace.offered.{key}", sorted(values), offered))
        if "asked" in spec:
            asked = [f"{s.decision.question.player}:{s.decision.question.key}" for s in trace.walk() if s.decision]
            if asked != list(spec["asked"]):
                result.failures.append(Failure(prefix + "trace.asked", spec["asked"], asked))


def _equal(ruleset: Ruleset, expected: Any, actual: Any) -> bool:
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(_equal(ruleset, e, a) for e, a in zip(expected, actual, strict=True))
    if isinstance(expected, str) and isinstance(actual, str):
        if expected == actual:
            return True
        return fold(expected) == fold(actual)
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual or expected == actual
    return expected == actual


def find_scenarios(paths: Iterable[Path]) -> tuple[list[Path], list[str]]:
    """Scenario files under ``paths`` (files or folders, recursively), and the paths that could not be read."""
    found: list[Path] = []
    missing: list[str] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            found.extend(sorted(p.rglob("*.toml")))
        elif p.is_file():
            found.append(p)
        else:
            missing.append(str(p))
    return found, missing
