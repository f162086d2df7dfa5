"""The engine's figures: ``judge check`` as a judge runs it (start-up, then every scenario of every game), resolve
latency over every play of the scenarios, and the explorer's positions per second over the same plays."""

from __future__ import annotations

import atexit
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from figures import ROOT, Figure

SCENARIOS = ROOT / "scenarios"
STARTUP_SCENARIO = SCENARIOS / "keyforge" / "KF11-FAQ-01.toml"
"""A small scenario (one play): ``judge check`` on it is mostly the tool starting."""
SHORT_STEPS = 20
"""An exploration has short branches when its resolutions take this many steps or fewer on average."""


def judge_command() -> list[str]:
    script = Path(sys.executable).with_name("judge")
    return [str(script)] if script.exists() else [sys.executable, "-m", "judge.cli"]


CACHE = Path(tempfile.mkdtemp(prefix="judge-bench-cache-"))
"""The benchmark's own cache of parsed TOML files (``JUDGE_CACHE``): it starts empty, so the first run of ``judge
check`` is timed with nothing cached, and the judge's own cache is left alone."""
atexit.register(shutil.rmtree, CACHE, True)


def user_env() -> dict[str, str]:
    """The environment a judge's shell has: Python writes and reads its bytecode cache, and the tool its cache of
    parsed files, as usual."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["JUDGE_CACHE"] = str(CACHE)
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


def check_figures(rounds: int, startups: int = 7, scenarios: Path = SCENARIOS) -> list[Figure]:
    """Start-up of ``judge check`` and the time per scenario of ``judge check scenarios``, start-up left out
    (``scenarios``: another folder of scenarios, e.g. an earlier version's, to compare on the same work)."""
    judge = judge_command()
    timed_process([*judge, "check", str(STARTUP_SCENARIO)])  # the bytecode cache is written once, as on first use
    starts = [timed_process([*judge, "check", str(STARTUP_SCENARIO)]) for _ in range(startups)]
    start_wall = statistics.median(w for w, _, _ in starts)
    start_cpu = statistics.median(c for _, c, _ in starts)
    per_wall, per_cpu, count, passed = [], [], 0, 0
    first = None
    for _ in range(rounds + 1):
        wall, cpu, out = timed_process([*judge, "check", str(scenarios)])
        found = re.search(r"(\d+) passed, (\d+) failed", out)
        passed, failed = (int(found.group(1)), int(found.group(2))) if found else (0, 0)
        count = passed + failed
        if first is None:  # nothing of these files cached yet: every one is parsed
            first = ((wall - start_wall) / count * 1000, (cpu - start_cpu) / count * 1000)
            continue
        per_wall.append((wall - start_wall) / count * 1000)
        per_cpu.append((cpu - start_cpu) / count * 1000)
    startup = Figure.of("check.startup", "`judge check` start-up (one scenario, whole process)",
                        [w for w, _, _ in starts], "s", target="< 0.3 s", note=f"processor {start_cpu:.2f} s")
    startup.met = startup.value < 0.3
    suite = Figure.of("check.per_scenario", f"`judge check scenarios`: {count} scenarios of the three games, "
                      f"{passed} pass, per scenario (start-up left out)", per_wall, "ms", target="≤ 2 ms",
                      note=f"processor {statistics.median(per_cpu):.2f} ms")
    suite.met = suite.value <= 2
    cold = Figure("check.first_run", "the same, first run after the files changed (none of their parsed tables "
                  "cached)", first[0] if first else float("nan"), "ms",
                  note=f"processor {first[1]:.2f} ms" if first else "")
    return [startup, suite, cold, *per_game_figures(start_cpu, scenarios)]


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


def per_game_figures(startup_cpu: float, scenarios: Path = SCENARIOS) -> list[Figure]:
    """What the suite's average is made of: ``judge check`` on each game's folder, processor time per scenario
    (the start-up's left out)."""
    out = []
    for folder in sorted(p for p in scenarios.iterdir() if p.is_dir()):
        _, cpu, text = timed_process([*judge_command(), "check", str(folder)])
        found = re.search(r"(\d+) passed, (\d+) failed", text)
        count = int(found.group(1)) + int(found.group(2)) if found else 0
        if count:
            out.append(Figure(f"check.game.{folder.name}", f"{folder.name}: {count} scenarios, processor time per "
                              "scenario", (cpu - startup_cpu) / count * 1000, "ms"))
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


def _explore_pass(plays, budget: int, share: bool) -> list[tuple[int, float, int] | None]:
    """Each play explored: the positions resolved, the processor seconds and the resolution steps (``None`` when the
    play cannot be explored); failures of the engine are collected, not fatal."""
    from judge.core import budget as work
    from judge.core.errors import JudgeError
    from judge.core.explore import explore

    out: list[tuple[int, float, int] | None] = []
    for rs, position, play, _ in plays:
        with work.metered(work.Limits(), "explore") as meter:
            start = time.process_time()
            try:
                ex = explore(rs, position, play, budget=budget, share=share)
            except JudgeError:
                out.append(None)
                continue
            except Exception as exc:  # noqa: BLE001 - an engine failure on one play is reported, not fatal here
                _FAILED[f"{play} ({rs.id}): {type(exc).__name__}: {str(exc)[:80]}"] = 1
                out.append(None)
                continue
            spent = time.process_time() - start
        out.append((ex.resolved, spent, meter.counts["steps"]))
    return out


_FAILED: dict[str, int] = {}


def _resumable_steps(rs, position, play, budget: int) -> tuple[int, int, int]:
    """For one exploration: the positions it resolves, the steps they take when each is resolved from the start, and
    the steps they would take if a resolution could be paused at a question and copied, each branch going on from
    its parent's question (its own steps less its parent's). The second over the first is the most such resumable
    resolutions could save, at the cost per step measured today."""
    from judge.core import budget as work
    from judge.core.errors import JudgeError
    from judge.core.explore import explore

    with work.metered(work.Limits(), "explore"):
        ex = explore(rs, position, play, budget=budget, share=False)
    # Every position the explorer resolved is a beginning of a complete path, or a refused one.
    prefixes = {()}
    for path in [p.answers for g in ex.groups for p in g.paths] + [a for a, _ in ex.refused]:
        key = tuple(tuple(a) if isinstance(a, list) else a for a in path)
        prefixes.update(key[:n] for n in range(len(key) + 1))
    checked = rs.check_play(position, play, resolving=True)
    steps: dict[tuple, int] = {}
    for key in prefixes:
        with work.metered(work.Limits(), "explore") as meter:
            try:
                rs.resolve_checked(position, checked, [list(a) if isinstance(a, tuple) else a for a in key])
            except JudgeError:
                pass
        steps[key] = meter.counts["steps"]
    plain = sum(steps.values())
    resumed = sum(n - (steps[key[:-1]] if key else 0) for key, n in steps.items())
    return len(steps), plain, resumed


def explore_figures(budget: int = 200, rounds: int = 3) -> list[Figure]:
    """Positions the explorer resolves per second, every scenario play explored from its position; and over the
    explorations whose branches are short (at most ``SHORT_STEPS`` steps per position when every position is
    resolved from the start, as the explorer did before its branches shared their beginnings: the same set of
    explorations whatever the explorer shares). Both with the branches sharing their beginnings (the explorer as it
    runs) and without (each branch resolved from the start), the best of ``rounds`` passes each."""
    plays = _plays()
    _FAILED.clear()
    plain = [_explore_pass(plays, budget, share=False) for _ in range(rounds)]
    shared = [_explore_pass(plays, budget, share=True) for _ in range(rounds)]
    # An exploration with fewer than 2 positions resolved is a resolution, not an exploration.
    counted = [i for i, r in enumerate(plain[0]) if r is not None and r[0] >= 2]
    short = [i for i in counted if plain[0][i][2] / plain[0][i][0] <= SHORT_STEPS]

    def rates(passes, which) -> list[float]:
        positions = sum(passes[0][i][0] for i in which)
        return [positions / spent for spent in (sum(p[i][1] for i in which) for p in passes) if spent]

    all_positions = sum(plain[0][i][0] for i in counted)
    short_positions = sum(plain[0][i][0] for i in short)
    plain_all = statistics.median(rates(plain, counted) or [float("nan")])
    plain_short = statistics.median(rates(plain, short) or [float("nan")])
    steps = sum(shared[0][i][2] for i in counted), sum(plain[0][i][2] for i in counted)
    note = ("explorations that failed: " + "; ".join(_FAILED)) if _FAILED else ""
    short_fig = Figure.of("explore.short", f"explorer, the explorations with short branches (≤ {SHORT_STEPS} steps "
                          f"per position; {short_positions:,} positions)", rates(shared, short), "positions/s",
                          better="higher", target="≥ 20,000 positions/s",
                          note=f"{plain_short:,.0f} positions/s with each branch resolved from the start")
    short_fig.met = short_fig.value >= 20000
    positions = plain_steps = resumed_steps = 0
    for i in short:
        rs, position, play, _ = plays[i]
        counts = _resumable_steps(rs, position, play, budget)
        positions, plain_steps, resumed_steps = (positions + counts[0], plain_steps + counts[1],
                                                 resumed_steps + counts[2])
    per_step = min(sum(p[i][1] for i in short) for p in plain) / max(1, sum(plain[0][i][2] for i in short))
    bound = positions / (resumed_steps * per_step) if resumed_steps and per_step else float("nan")
    need = positions / (20000 * resumed_steps) * 1e6 if resumed_steps else float("nan")
    bound_fig = Figure("explore.resumable", "explorer, short branches, if a resolution could be paused at a question "
                       "and copied (each branch resolving only its own steps, at today's cost per step)", bound,
                       "positions/s", better="higher",
                       note=f"{resumed_steps:,} steps instead of {plain_steps:,} for {positions:,} positions; "
                            f"{per_step * 1e6:.0f} µs per step today, {need:.0f} µs per step would reach 20,000")
    return [Figure.of("explore.rate", f"explorer, every scenario play that branches ({all_positions:,} positions, "
                      f"budget {budget} each), processor time", rates(shared, counted), "positions/s", better="higher",
                   note=(f"{plain_all:,.0f} positions/s with each branch resolved from the start; resolution steps "
                         f"{steps[0]:,} instead of {steps[1]:,}" + (f"; {note}" if note else ""))),
            short_fig, bound_fig]


__all__ = ["check_figures", "per_game_figures", "resolve_figures", "explore_figures", "judge_command", "user_env"]
