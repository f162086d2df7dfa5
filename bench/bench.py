"""Benchmark, run on demand (not part of CI's pass/fail).

    .venv/bin/python bench/bench.py                 # everything; keeps the run in bench/history.jsonl
    .venv/bin/python bench/bench.py --readme        # … and writes it into the README's benchmark table
    .venv/bin/python bench/bench.py --quick --skip-load --no-save

It prints the machine (processor, cores, memory, system, Python and SQLite versions, the load average before and
after: the machine may be shared), the time and commit, then:

1. ``judge check``: its start-up, and the time per scenario of ``judge check scenarios`` (every game), start-up left
   out, over several runs, and each game's share;
2. resolve latency over every play of the scenarios;
3. the explorer's positions per second over the same plays;
4. search latency and recall in one process;
5. the service: ``judge serve`` ready on a fresh database and restarted on a built one (with its first resolve
   request), the KeyForge catalog's load in a fresh process, ``POST /api/resolve`` and search under load against
   gunicorn (a bounded load generator on 127.0.0.1), the memory of one worker;
6. growth: how each cost grows with the size of the work, and the refusals past the service's limits.

Every figure measured several times is its median with its range. The run is compared with the previous one kept in
``bench/history.jsonl``, and the figures that got worse are listed. Needs ``pip install -e '.[server]'`` for
gunicorn.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import figures  # noqa: E402
from figures import Figure, Run  # noqa: E402

README = HERE.parent / "README.md"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def section(title: str, run: Run, made: list[Figure]) -> None:
    print(f"\n{title}")
    for f in made:
        run.add(f)
        mark = "" if f.met is None else (" ✓" if f.met else " ✗")
        target = f"   [target {f.target}{mark}]" if f.target else ""
        note = f"; {f.note}" if f.note else ""
        print(f"  {f.label}: {f.shown()}{note}{target}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=3000, help="requests per load round (default 3000)")
    parser.add_argument("--concurrency", type=int, default=8, help="requests in flight (default 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="repetitions of the suite and the load (default 3)")
    parser.add_argument("--quick", action="store_true", help="one round of everything, fewer requests")
    parser.add_argument("--skip-load", action="store_true", help="leave out the service figures")
    parser.add_argument("--no-wait", action="store_true",
                        help="start the timed sections at once, without waiting up to 3 minutes for a quiet machine")
    parser.add_argument("--no-save", action="store_true", help="do not keep this run in bench/history.jsonl")
    parser.add_argument("--readme", action="store_true", help="write this run into the README's benchmark table")
    parser.add_argument("--scenarios", type=Path, default=None,
                        help="time judge check on this folder instead of scenarios/ (another version's, to compare)")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.requests = 1, min(args.requests, 1000)

    import engine
    import growth
    import service

    command = "python bench/bench.py" + "".join(f" {a}" for a in (argv if argv is not None else sys.argv[1:]))
    run = Run(timestamp=figures.now(), machine=figures.machine(), command=command, commit=figures.commit())
    print(f"machine: {figures.describe_machine(run.machine)}")
    print(f"run: {run.timestamp}, commit {run.commit}: {command}")

    quiet = (lambda: print(f"\n({figures.wait_quiet()})")) if not args.no_wait else (lambda: None)
    quiet()
    section("1. judge check", run, engine.check_figures(args.rounds, scenarios=args.scenarios or engine.SCENARIOS))
    section("2. resolve", run, engine.resolve_figures())
    section("3. explorer", run, engine.explore_figures())
    section("4. search", run, service.search_figures())
    if not args.skip_load:
        quiet()
        section("5. service", run, service.serve_ready_figures(args.rounds) + service.serve_restart_figures(args.rounds)
                + service.catalog_load_figures(args.rounds) + service.memory_figures()
                + service.load_figures(args.requests, args.concurrency, args.workers, args.rounds))
    section("6. growth", run, growth.engine_rows() + growth.catalog_rows() + growth.refusal_rows())
    run.machine["load_after"] = figures.load_average()
    print(f"\nload average after: {run.machine['load_after']}")

    before = figures.previous()
    if before is not None:
        worse = figures.worse(run, before)
        print(f"\ncompared with the previous run ({before.timestamp}, commit {before.commit}):")
        if before.machine.get("cpu") != run.machine.get("cpu"):
            print(f"  (on another machine: {figures.describe_machine(before.machine)})")
        print("  worse: " + ("; ".join(worse) if worse else "none"))
    missed = [f.label for f in run.figures if f.met is False]
    print("\ntargets missed: " + ("; ".join(missed) if missed else "none"))
    if not args.no_save:
        figures.save(run)
        print(f"kept in {figures.HISTORY.relative_to(HERE.parent)}")
    if args.readme:
        write_readme(run)
        print("README benchmark table written")
    return 0


def write_readme(run: Run) -> None:
    text = README.read_text(encoding="utf-8")
    block = (f"{BEGIN}\nLast run: {run.timestamp}, commit {run.commit}, `{run.command}`, on "
             f"{figures.describe_machine(run.machine)}.\n\n{figures.table(run)}\n{END}")
    if BEGIN in text and END in text:
        text = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: block, text, flags=re.S)
    else:
        raise SystemExit(f"README.md has no {BEGIN} … {END} block to write the table into")
    README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
