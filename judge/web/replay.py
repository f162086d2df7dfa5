"""What a replayed scenario proves: each expectation of the scenario with the value the replay reached, checked by the
engine's scenario runner (the same check ``judge check`` makes), never compared again in the page.

The board sends the scenario as it replayed it: its position, its plays with the answers the board gave (the recorded
ones unless the judge changed one) and its expectations. Each expectation comes back with ``ok`` and, where it failed,
the value the runner found instead.
"""

from __future__ import annotations

from typing import Any, Iterator

from judge import rulesets
from judge.core.errors import ScenarioError
from judge.core.scenario import Runner, Scenario
from judge.web import body
from judge.web.errors import APIError

PLAY_KEYS = {"play", "by", "answers", "expect", "illegal", "set", "after-step"}


def check(data: dict[str, Any]) -> dict[str, Any]:
    """Run the replayed scenario and say, for every expectation, whether the replay meets it."""
    problems = [{"where": k, "message": "unknown field"}
                for k in sorted(set(data) - {"id", "ruleset", "position", "plays", "expect"})]
    plays = data.get("plays")
    if not isinstance(plays, list) or not plays:
        problems.append({"where": "plays", "message": "the plays of the scenario, as replayed (at least one)"})
        plays = []
    for i, item in enumerate(plays):
        if not isinstance(item, dict) or set(item) - PLAY_KEYS:
            problems.append({"where": f"plays[{i}]", "message": f"a play is a table of {', '.join(sorted(PLAY_KEYS))}"})
    if not isinstance(data.get("expect", {}), dict):
        problems.append({"where": "expect", "message": "expect is a table: path → value"})
    problems.extend(body.problems_in({k: v for k, v in data.items() if k in ("position", "plays", "expect")}))
    if problems:
        raise APIError(400, "bad-request", "; ".join(f"{p['where']}: {p['message']}" for p in problems[:10]),
                       problems=problems[:50])
    doc = {"id": data.get("id") or "REPLAY", "ruleset": data.get("ruleset") or rulesets.DEFAULT,
           "position": data.get("position"), "expect": data.get("expect", {}),
           # A correction's answers (always none, as /api/scenarios gives it) are not part of a scenario file.
           "plays": [{k: v for k, v in p.items() if v is not None and not (k == "answers" and "set" in p)}
                     for p in plays]}
    try:
        scenario = Scenario.from_dict(doc)
    except ScenarioError as exc:
        message = str(exc).removeprefix("scenario: ")
        raise APIError(422, "bad-scenario", message, problems=[{"where": "scenario", "message": message}]) from None
    try:
        rulesets.get(scenario.ruleset)
    except KeyError:
        raise APIError(422, "bad-scenario", f"unknown ruleset {scenario.ruleset!r}",
                       problems=[{"where": "ruleset", "message": f"unknown ruleset {scenario.ruleset!r}"}]) from None
    result = Runner(rulesets.get).run(scenario)
    failed = {f.what: f.actual for f in result.failures}
    expectations = []
    for prefix, label, expect in _scopes(scenario):
        for path, expected in _paths(expect):
            what = prefix + path
            found = [k for k in failed if k == what or (k.startswith(what) and path.startswith("trace."))]
            expectations.append({"play": label, "path": path, "expected": expected, "ok": not found and result.error is None,
                                 "actual": failed[found[0]] if found else (None if result.error else expected)})
    return {"passed": result.passed, "error": result.error, "expectations": expectations}


def _scopes(scenario: Scenario) -> Iterator[tuple[str, int | None, dict[str, Any]]]:
    """Where each table of expectations is checked, as the runner names it in a failure: after a play (its index),
    or at the end (``None``)."""
    for index, spec in enumerate(scenario.plays):
        label = f"plays[{index}] (set)" if spec.set is not None else f"plays[{index}] {spec.play!r}"
        if spec.expect:
            yield f"after {label}: ", index, spec.expect
    yield "", None, scenario.expect


def _paths(expect: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Each expectation of a table; a trace expectation by what it checks (``trace.offered.target``)."""
    for path, expected in expect.items():
        if path != "trace" or not isinstance(expected, dict):
            yield path, expected
            continue
        for key, value in expected.items():
            if key in ("offered", "count") and isinstance(value, dict):
                for sub, v in value.items():
                    yield f"trace.{key}.{sub}", v
            else:
                yield f"trace.{key}", value
