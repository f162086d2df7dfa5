"""Scenarios: a position, the plays made on it with every answer, and what the ruling says must come of it.

The format is documented in ``docs/scenarios.md``. A scenario is strict: a question left unanswered, an answer
left unused, an illegal play that was not expected to be illegal — each one fails with what it left open, unless the
scenario says it is about it (``illegal``, a last play's ``pending`` question). Between plays a judge may correct the
position (``set``); besides the position after each play, a scenario may check it right after a step of a play
(``after-step``) and ask whether a play is legal (``legal.<play>``).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable

from judge.core import paths, toml_writer
from judge.core.decisions import Question, fold
from judge.core.errors import IllegalPlayError, JudgeError, ScenarioError
from judge.core.position import Position
from judge.core.resolution import Outcome, Resolution, run
from judge.core.ruleset import Play, Ruleset
from judge.core.trace import Step, citations, render

_SCENARIO_KEYS = {"id", "entries", "sections", "ruleset", "title", "reading", "position", "plays", "expect", "tags"}
_PLAY_KEYS = {"play", "by", "answers", "expect", "illegal", "note", "set", "after-step"}
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
    set: dict[str, Any] | None = None
    """A judge's correction instead of a play: path → new value (see :func:`judge.core.paths.assign`)."""
    after_step: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Expectations checked right after a step of the play ended: step kind (``kind#N`` for its N-th time) → paths."""


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
            if isinstance(raw, dict) and "set" in raw:
                if not isinstance(raw["set"], dict) or not raw["set"] or set(raw) - {"set", "expect", "note"}:
                    problems.append(f"plays[{i}]: a correction is set = {{ path = value, … }}, with only expect and note beside it")
                    continue
                plays.append(PlaySpec(play="", answers=[], expect=raw.get("expect", {}), illegal=None, set=raw["set"]))
                continue
            if not isinstance(raw, dict) or not isinstance(raw.get("play"), str):
                problems.append(f"plays[{i}] needs play = \"verb card\" (or set = {{ … }}, a correction)")
                continue
            extra = set(raw) - _PLAY_KEYS
            if extra:
                problems.append(f"plays[{i}]: unknown keys {sorted(extra)}")
            after_step = raw.get("after-step", {})
            if not isinstance(after_step, dict) or not all(isinstance(v, dict) for v in after_step.values()):
                problems.append(f"plays[{i}].after-step is a table: step kind → {{ path = value, … }}")
                after_step = {}
            answers = raw.get("answers", [])
            if not isinstance(answers, list):
                problems.append(f"plays[{i}].answers must be a list")
                answers = []
            by = raw.get("by")
            if by is not None and not isinstance(by, str):
                problems.append(f"plays[{i}].by must be a player id")
                by = None
            plays.append(PlaySpec(play=raw["play"], answers=answers, expect=raw.get("expect", {}),
                                  illegal=raw.get("illegal"), by=by, after_step=after_step))
        expect = data.get("expect", {})
        if not isinstance(expect, dict):
            problems.append("[expect] must be a table")
            expect = {}
        for spec_expect in [expect, *(p.expect for p in plays), *(e for p in plays for e in p.after_step.values())]:
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
        return real(self.expect) or any(real(p.expect) or p.illegal or any(real(e) for e in p.after_step.values())
                                        for p in self.plays)


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
    question: Question | None = None
    """The question the last play stopped at, when the scenario expects one (``pending.*``)."""

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
            if spec.set is not None:
                label = f"plays[{index}] (set)"
                try:
                    position = self.correct(ruleset, position, spec.set, root)
                except JudgeError as exc:
                    result.error = f"{label}: {exc}"
                    return result
                self.check(ruleset, position, root.children[-1], spec.expect, result, prefix=f"after {label}: ")
                continue
            label = f"plays[{index}] {spec.play!r}"
            try:
                play = Play.parse(spec.play, by=spec.by)
                outcome: Outcome = ruleset.resolve(position, play, spec.answers,
                                                   watch={k.partition("#")[0] for k in spec.after_step})
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
            last = index == len(scenario.plays) - 1
            if outcome.question is not None:
                # A question left open is a scenario's mistake, unless the scenario is about it: its last play stops
                # there and it expects what is pending.
                if not (last and _expects_pending(spec.expect, scenario.expect)):
                    result.error = f"{label} left a question unanswered:\n{outcome.question.describe()}"
                    result.position = outcome.position
                    return result
                result.question = outcome.question
            position = outcome.position
            for step_key, expected in spec.after_step.items():
                kind, _, nth = step_key.partition("#")
                snaps = outcome.snapshots.get(kind, [])
                n = int(nth) if nth.isdigit() else 1
                if len(snaps) < n:
                    result.failures.append(Failure(f"after {label}: step {step_key!r}", "a step of that kind",
                                                   f"{len(snaps)} such step(s) in the play"))
                    continue
                self.check(ruleset, snaps[n - 1], outcome.trace, expected, result,
                           prefix=f"after {label}, after its step {step_key!r}: ")
            self.check(ruleset, position, outcome.trace, spec.expect, result, prefix=f"after {label}: ")
        result.position = position
        self.check(ruleset, position, root, scenario.expect, result)
        return result

    def correct(self, ruleset: Ruleset, position: Position, changes: dict[str, Any], root: Step) -> Position:
        """Apply a judge's correction between two plays; the position must still be a valid one of its game."""
        def body(res: Resolution) -> None:
            with res.step("set", None, "Corrección del juez", "The judge's correction"):
                for path, value in changes.items():
                    try:
                        paths.assign(res, path, value, lambda name: _card_id(ruleset, res.position, name))
                    except KeyError as exc:
                        raise ScenarioError(f"cannot set {path}: {exc.args[0] if exc.args else exc}") from None

        outcome = run(position, [], ruleset.cite, body)
        ruleset.read_position(ruleset.to_dict(outcome.position))  # every problem the correction made, at once
        root.children.extend(outcome.trace.children)
        return outcome.position

    def check(self, ruleset: Ruleset, position: Position, trace: Step, expect: dict[str, Any],
              result: Result, prefix: str = "") -> None:
        for path, expected in expect.items():
            if path == "trace":
                self.check_trace(ruleset, trace, expected, result, prefix)
                continue
            if path.startswith("legal."):
                actual = _legality(ruleset, position, path[6:])
                ok = actual is True if expected is True else (
                    actual is not True if expected is False else actual == ruleset.cite(str(expected)))
                if not ok:
                    result.failures.append(Failure(prefix + path, expected, actual))
                continue
            if path == "pending" or path.startswith("pending."):
                failure = _check_pending(ruleset, result.question, path, expected)
                if failure is not None:
                    result.failures.append(Failure(prefix + path, expected, failure))
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


def _expects_pending(*expects: dict[str, Any]) -> bool:
    return any(k == "pending" or k.startswith("pending.") for e in expects for k in e)


def _card_id(ruleset: Ruleset, position: Position, name: str) -> str:
    found = ruleset.canonical(position, name)
    return found if isinstance(found, str) else name


def _legality(ruleset: Ruleset, position: Position, text: str) -> Any:
    """``True`` if the play ``text`` is legal in ``position``, else the citation of the rule that refuses it (or why
    it cannot be read)."""
    try:
        play = ruleset.with_player(position, Play.parse(text))
        ruleset.verify_play(position, play)
    except IllegalPlayError as exc:
        return exc.rule
    except JudgeError as exc:
        return f"<not a play: {exc}>"
    return True


def _check_pending(ruleset: Ruleset, question: Question | None, path: str, expected: Any) -> Any:
    """Why the pending question does not match the expectation (what there is instead), or None if it does."""
    if path == "pending":
        return None if bool(expected) == (question is not None) else (question.key if question else "nothing pending")
    if question is None:
        return "nothing pending"
    what = path[len("pending."):]
    if what == "key":
        return None if question.key == expected else question.key
    if what == "player":
        return None if question.player == expected else question.player
    if what == "rule":
        return None if question.rule == ruleset.cite(str(expected)) else question.rule
    if what == "options":
        wanted = expected if isinstance(expected, list) else [expected]
        left = list(question.options)
        for item in wanted:
            hit = next((o for o in left if o.value == str(item) or o.matches(str(item))), None)
            if hit is None:
                break
            left.remove(hit)
        else:
            if not left:
                return None
        return [o.answer or o.value for o in question.options]
    return f"<pending has key, player, rule and options, not {what!r}>"


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


def position_block(ruleset: Ruleset, position: Position) -> str:
    """``position`` as the ``[position]`` table of a scenario, in the canonical notation: what a judge pastes into the
    next scenario to go on from there."""
    doc = ruleset.to_dict(position)
    for own in ("game", "ruleset"):
        doc.pop(own, None)  # the scenario says its ruleset once, beside the position
    return toml_writer.dumps({"position": doc})


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
