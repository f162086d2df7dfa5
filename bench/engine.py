"""The engine's figures: ``judge check`` as a judge runs it (start-up, then every scenario of every game), resolve
latency over every play of the scenarios, and the explorer's positions per second over the same plays."""

from __future__ import annotations

import os
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from figures import ROOT, Figure

SCENARIOS = ROOT / "scenarios"
STARTUP_SCENARIO = SCENARIOS / "keyforge" / "KF11-FAQ-01.toml"
SHORT_STEPS = 20
"""An exploration has short branches when its resolutions take this many steps or fewer on average."""


def judge_command() -> list[str]:
    script = Path(sys.executable).with_name("judge")
    return [str(script)] if script.exists() else [sys.executable, "-m", "judge.cli"]


def user_env() -> dict[str, str]:
    """The environment a judge's shell has: Python writes and reads its bytecode cache as usual."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed_process(args: list[str]) -> tuple[float, float, str]:
    """Wall-clock and processor seconds of one process, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, env=user_env(), capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def check_figures(rounds: int, startups: int = 7) -> list[Figure]:
    """Start-up of ``judge check`` and the time per scenario of ``judge check scenarios``, start-up left out."""
    judge = judge_command()
    timed_process([*judge, "check", str(STARTUP_SCENARIO)])  # the bytecode cache is written once, as on first use
    starts = [timed_process([*judge, "check", str(STARTUP_SCENARIO)]) for _ in range(startups)]
    start_wall = statistics.median(w for w, _, _ in starts)
    start_cpu = statistics.median(c for _, c, _ in starts)
    per_wall, per_cpu, count, passed = [], [], 0, 0
    for _ in range(rounds):
        wall, cpu, out = timed_process([*judge, "check", str(SCENARIOS)])
        found = re.search(r"(\d+) passed, (\d+) failed", out)
        passed, failed = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
        count = passed + failed
        per_wall.append((wall - start_wall) / count * 1000)
        per_cpu.append((cpu - start_cpu) / count * 1000)
    startup = Figure.of("check.startup", "`judge check` start-up (one scenario, whole process)",
                        [w for w, _, _ in starts], "s", target="< 0.3 s", note=f"processor {start_cpu:.2f} s")
    startup.met = startup.value < 0.3
    suite = Figure.of("check.per_scenario", f"`judge check scenarios`: {count} scenarios of the three games, "
                      f"{passed} pass, per scenario (start-up left out)", per_wall, "ms", target="≤ 2 ms",
                      note=f"processor {statistics.median(per_cpu):.2f} ms")
    suite.met = suite.value <= 2
    return [startup, suite]


def _scenarios():
    from judge.core.errors import JudgeError
    from judge.core.scenario import Scenario, find_scenarios

    files, _ = find_scenarios([SCENARIOS])
    out = []
    for path in files:
        try:
            out.append(Scenario.from_file(path))
        except JudgeError:
            pass
    return out


def per_game_figures() -> list[Figure]:
    """In one process, warm: the time per scenario of each game (what the suite's average is made of)."""
    from judge import rulesets
    from judge.core.scenario import Runner

    runner = Runner(rulesets.get)
    by_game: dict[str, list] = {}
    for s in _scenarios():
        try:
            by_game.setdefault(rulesets.get(s.ruleset).game, []).append(s)
        except KeyError:
            pass
    for group in by_game.values():  # warm: catalogs read, code paths taken once
        for s in group:
            runner.run(s)
    out = []
    for game, group in sorted(by_game.items()):
        times = []
        for _ in range(3):
            start = time.process_time()
            for s in group:
                runner.run(s)
            times.append((time.process_time() - start) / len(group) * 1000)
        out.append(Figure.of(f"check.game.{game}", f"{game}: {len(group)} scenarios, processor time per scenario "
                             "(warm, one process)", times, "ms"))
    return out


def _plays():
    """Every play of every scenario with the position it is made in (as far as the scenario's plays go cleanly)."""
    from judge import rulesets
    from judge.core.errors import JudgeError
    from judge.core.ruleset import Play

    out = []
    for s in _scenarios():
        try:
            rs = rulesets.get(s.ruleset)
            position = rs.read_position(s.position)
        except (KeyError, JudgeError):
            continue
        for spec in s.plays:
            if spec.set is not None:
                break
            play = Play.parse(spec.play, by=spec.by)
            out.append((rs, position, play, spec.answers))
            try:
                outcome = rs.resolve(position, play, spec.answers)
            except JudgeError:
                break
            if outcome.question is not None:
                break
            position = outcome.position
    return out


def resolve_figures(rounds: int = 5) -> list[Figure]:
    from judge.core.errors import JudgeError

    plays = _plays()
    latencies: list[float] = []
    for _ in range(rounds):
        for rs, position, play, answers in plays:
            start = time.perf_counter()
            try:
                rs.resolve(position, play, answers)
            except JudgeError:
                pass
            latencies.append(time.perf_counter() - start)
    ordered = sorted(latencies)
    p50, p99 = ordered[len(ordered) // 2] * 1000, ordered[int(len(ordered) * 0.99)] * 1000
    return [Figure("resolve.p50", f"resolve latency, every scenario play ({len(plays):,} plays × {rounds}), p50",
                   p50, "ms"),
            Figure("resolve.p99", "resolve latency, p99", p99, "ms")]


def explore_figures(budget: int = 200) -> list[Figure]:
    """Positions the explorer resolves per second, every scenario play explored from its position; and over the
    explorations whose branches are short (at most ``SHORT_STEPS`` steps per resolution on average)."""
    from judge.core import budget as work
    from judge.core.errors import JudgeError
    from judge.core.explore import explore

    total = [0, 0.0]
    short = [0, 0.0]
    for rs, position, play, _ in _plays():
        with work.metered(work.Limits(), "explore") as meter:
            start = time.process_time()
            try:
                ex = explore(rs, position, play, budget=budget)
            except JudgeError:
                continue
            spent = time.process_time() - start
        if ex.resolved < 2:
            continue  # nothing to branch on: a resolution, not an exploration
        total[0] += ex.resolved
        total[1] += spent
        if meter.counts["steps"] / ex.resolved <= SHORT_STEPS:
            short[0] += ex.resolved
            short[1] += spent
    rate = total[0] / total[1] if total[1] else float("nan")
    short_rate = short[0] / short[1] if short[1] else float("nan")
    return [Figure("explore.rate", f"explorer, every scenario play that branches ({total[0]:,} positions, budget "
                   f"{budget} each), processor time", rate, "positions/s", better="higher"),
            Figure("explore.short", f"explorer, the explorations with short branches (≤ {SHORT_STEPS} steps per "
                   f"position; {short[0]:,} positions)", short_rate, "positions/s", better="higher",
                   target="≥ 20,000 positions/s", met=short_rate >= 20000)]


__all__ = ["check_figures", "per_game_figures", "resolve_figures", "explore_figures", "judge_command", "user_env"]
