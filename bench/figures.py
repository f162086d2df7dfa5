"""What a benchmark run reports: each figure with its unit, which way is better, its spread over the repetitions and
its target; the machine it ran on; the runs kept in ``bench/history.jsonl``, and which figures got worse since the
previous one.

A figure measured several times is reported as its median with the lowest and highest values: the machine may be
shared with other jobs, and the spread says how much they moved it.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sqlite3
import statistics
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HISTORY = Path(__file__).with_name("history.jsonl")
WORSE = 0.10
"""A figure is called worse when it moved the wrong way by more than this share of the previous value and out of the
previous run's spread."""


@dataclass
class Figure:
    key: str
    label: str
    value: float
    unit: str
    better: str = "lower"
    """``lower`` or ``higher``; ``info`` for a figure that is neither (a count)."""
    low: float | None = None
    high: float | None = None
    target: str = ""
    met: bool | None = None
    note: str = ""

    @classmethod
    def of(cls, key: str, label: str, values: list[float], unit: str, **kw) -> Figure:
        """The median of ``values``, with their range when there are several."""
        values = [v for v in values if v == v]  # no NaN
        if not values:
            return cls(key, label, float("nan"), unit, **kw)
        fig = cls(key, label, statistics.median(values), unit, **kw)
        if len(values) > 1:
            fig.low, fig.high = min(values), max(values)
        return fig

    def shown(self) -> str:
        text = _number(self.value, self.unit)
        if self.low is not None and self.high is not None and (self.low, self.high) != (self.value, self.value):
            text += f" ({_number(self.low, self.unit, bare=True)}–{_number(self.high, self.unit, bare=True)})"
        return text


def _number(value: float, unit: str, bare: bool = False) -> str:
    if value != value:
        return "n/a"
    if abs(value) >= 1000:
        digits = f"{value:,.0f}"
    elif abs(value) >= 100:
        digits = f"{value:.0f}"
    elif abs(value) >= 10:
        digits = f"{value:.1f}"
    else:
        digits = f"{value:.2f}"
    return digits if bare or not unit else f"{digits} {unit}"


@dataclass
class Run:
    timestamp: str
    machine: dict[str, str]
    command: str
    commit: str
    figures: list[Figure] = field(default_factory=list)

    def add(self, figure: Figure) -> Figure:
        self.figures.append(figure)
        return figure

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    @classmethod
    def from_json(cls, line: str) -> Run:
        raw = json.loads(line)
        raw["figures"] = [Figure(**f) for f in raw.get("figures", [])]
        return cls(**raw)


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def wait_quiet(below: float = 1.0, most: float = 180) -> str:
    """Wait, at most ``most`` seconds, until the last minute's load average is under ``below`` (the machine may be
    shared: the timed sections start at a quiet moment when there is one); what was waited, to print."""
    import time

    start = time.monotonic()
    while True:
        try:
            load = float(Path("/proc/loadavg").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return "load average unknown"
        waited = time.monotonic() - start
        if load < below or waited >= most:
            return f"waited {waited:.0f} s for a quiet machine; load average {load:.2f}"
        time.sleep(5)


def machine() -> dict[str, str]:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f"{kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, ValueError, IndexError):
        pass
    return {"cpu": cpu, "cores": str(os.cpu_count()), "memory": memory,
            "system": f"{platform.system()} {platform.release()}", "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version, "load_before": load_average()}


def describe_machine(m: dict[str, str]) -> str:
    text = (f"{m['cpu']}, {m['cores']} cores, {m['memory']}; {m['system']}; Python {m['python']}; "
            f"SQLite {m['sqlite']}; load average {m.get('load_before', '?')} before")
    if m.get("load_after"):
        text += f", {m['load_after']} after"
    return text


def commit() -> str:
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
        return head + ("+changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def previous(path: Path = HISTORY) -> Run | None:
    """The last run kept, if any."""
    try:
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    except OSError:
        return None
    return Run.from_json(lines[-1]) if lines else None


def save(run: Run, path: Path = HISTORY) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(run.to_json() + "\n")


def worse(run: Run, before: Run) -> list[str]:
    """The figures of ``run`` that got worse than in ``before``, each said with both values."""
    old = {f.key: f for f in before.figures}
    out = []
    for f in run.figures:
        o = old.get(f.key)
        if o is None or f.better not in ("lower", "higher") or f.value != f.value or o.value != o.value:
            continue
        if f.better == "lower":
            bound = max(o.value * (1 + WORSE), o.high if o.high is not None else o.value)
            bad = f.value > bound
        else:
            bound = min(o.value * (1 - WORSE), o.low if o.low is not None else o.value)
            bad = f.value < bound
        if bad:
            out.append(f"{f.label}: {o.shown()} → {f.shown()}")
    return out


def table(run: Run) -> str:
    """The run as the README's table (Markdown)."""
    lines = ["| measure | result | target |", "|---|---|---|"]
    for f in run.figures:
        target = f.target
        if f.met is not None and target:
            target += " ✓" if f.met else " ✗"
        result = f.shown() + (f"; {f.note}" if f.note else "")
        lines.append(f"| {f.label} | {result} | {target} |")
    return "\n".join(lines)


__all__ = ["Figure", "Run", "machine", "describe_machine", "commit", "now", "previous", "save", "worse", "table",
           "load_average", "HISTORY", "ROOT"]
