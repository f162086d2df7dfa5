"""The ``judge`` command: run the service, check scenarios, print a trace, rebuild the database."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from collections.abc import Sequence

from judge.core.errors import JudgeError
from judge.core.scenario import Result, Runner, Scenario, find_scenarios, position_block
from judge.core.trace import render


def _runner() -> Runner:
    from judge import rulesets

    return Runner(rulesets.get)


def cmd_serve(args: argparse.Namespace) -> int:
    """Start the web service on an embedded SQLite database (built from rulings/ on first start)."""
    from judge.web import create_app

    app = create_app()
    app.run(host=args.host, port=args.port, debug=False)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Run scenario files or folders; print each failure with its trace; exit non-zero on any failure."""
    files, missing = find_scenarios(Path(p) for p in args.paths)
    runner = _runner()
    passed = failed = 0
    covered: dict[str, bool] = {}  # entry id -> every scenario naming it passed
    games: set[str] = set()
    for path in missing:
        print(f"ERROR {path}: no such file or folder")
        failed += 1
    for path in files:
        try:
            scenario = Scenario.from_file(path)
        except JudgeError as exc:
            print(f"ERROR {exc}")
            failed += 1
            continue
        result = runner.run(scenario)
        games.add(scenario.ruleset)
        for entry in scenario.entries:
            covered[entry] = covered.get(entry, True) and result.passed
        if result.passed:
            passed += 1
            if args.verbose:
                print(f"ok   {scenario.id}")
        else:
            failed += 1
            print(result.report(args.lang))
    if not files and not missing:
        print("no scenario files found")
        failed += 1
    print(f"{passed} passed, {failed} failed")
    if covered:
        print(_coverage(covered, games))
    return 1 if failed else 0


def _coverage(covered: dict[str, bool], rulesets: set[str]) -> str:
    """How many of each game's canonical entries the scenarios reproduce, and how many of those all pass; for a game
    whose scenarios do not yet reach every entry, the same count for each kind of entry they reach in full
    (``MYL-GEN``)."""
    from judge import corpus as corpus_module
    from judge import rulesets as registry

    try:
        entry_games = corpus_module.entry_games()
    except ValueError:  # no rulings folder beside the scenarios: the count alone still helps
        return f"{len(covered)} entries covered"
    games = {_game_of(registry, r) for r in rulesets}
    lines = []
    for game in sorted(g for g in games if g):
        known = {e for e, g in entry_games.items() if g == game}
        hit = covered.keys() & known
        line = f"{len(hit)} of {len(known)} entries covered, {sum(covered[i] for i in hit)} passing"
        if len(games) > 1:
            line = f"{game}: {line}"
        if hit and len(hit) < len(known):
            groups = sorted({i.rsplit("-", 1)[0] for i in hit})
            parts = []
            for group in groups:
                members = {i for i in known if i.rsplit("-", 1)[0] == group}
                done = covered.keys() & members
                if done == members:
                    parts.append(f"{group} {len(done)} of {len(members)} covered, {sum(covered[i] for i in done)} passing")
            if parts:
                line += f" ({'; '.join(parts)})"
        lines.append(line)
    unknown = sorted(covered.keys() - set(entry_games))
    if unknown:
        lines = lines or [f"{len(covered)} entries covered"]
        lines[-1] += f"; unknown entry ids: {', '.join(unknown)}"
    return "\n".join(lines) or f"{len(covered)} entries covered"


def _game_of(registry: object, ruleset: str) -> str:
    try:
        return registry.get(ruleset).game  # type: ignore[attr-defined]
    except KeyError:
        return ""


def _run_file(path: str) -> tuple[Scenario, Result] | None:
    """Read one scenario file and run it; None (the reason printed) when it cannot be read."""
    try:
        scenario = Scenario.from_file(Path(path))
    except JudgeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None
    return scenario, _runner().run(scenario)


def _summary(result: Result, lang: str) -> str:
    """The failure report without its trace."""
    return result.report(lang).split("\n  trace:")[0]


def cmd_trace(args: argparse.Namespace) -> int:
    """Resolve a scenario and print its trace as an indented tree, then whether its expectations hold."""
    ran = _run_file(args.file)
    if ran is None:
        return 2
    scenario, result = ran
    if result.trace is not None:
        print(render(result.trace, args.lang, changes=not args.no_changes))
    if args.position and result.position is not None:
        print()
        print(_position_text(scenario, result))
    if result.passed:
        print("\nOK: every expectation holds" if args.lang == "en" else "\nOK: se cumplen todas las expectativas")
        return 0
    print()
    print(_summary(result, args.lang))
    return 1


def cmd_resolve(args: argparse.Namespace) -> int:
    """Resolve a scenario's plays and print the position they lead to, as the [position] table of a scenario."""
    ran = _run_file(args.file)
    if ran is None:
        return 2
    scenario, result = ran
    if result.position is not None:
        print(_position_text(scenario, result), end="")
    if not result.passed:
        print(_summary(result, args.lang), file=sys.stderr)
        return 1
    return 0


def _position_text(scenario: Scenario, result: Result) -> str:
    text = position_block(_runner().get_ruleset(scenario.ruleset), result.position)
    if result.question is not None or (result.error and "unanswered" in result.error):
        text = "# a question is still pending in this position\n" + text
    return text


def cmd_db_build(args: argparse.Namespace) -> int:
    """Rebuild the SQLite database from rulings/ (idempotent; saved positions are kept)."""
    from judge import db

    database = db.connect(args.db)
    db.migrate(database)
    counts = db.build(database)
    print(", ".join(f"{n} {k}" for k, n in counts.items()) + f" → {args.db or db.default_path()}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="judge", description="Rules judge and FAQ oracle for KeyForge, "
                                     "Mitos y Leyendas and Gobierno & Prestigio.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("serve", help=cmd_serve.__doc__, description=cmd_serve.__doc__)
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=5000, help="port to listen on (default 5000)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("check", help=cmd_check.__doc__, description=cmd_check.__doc__)
    p.add_argument("paths", nargs="+", metavar="PATH", help="scenario files or folders, anywhere on disk")
    p.add_argument("-v", "--verbose", action="store_true", help="also list the scenarios that pass")
    p.add_argument("--lang", choices=("es", "en"), default="es", help="language of the traces (default es)")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("trace", help=cmd_trace.__doc__, description=cmd_trace.__doc__)
    p.add_argument("file", metavar="FILE", help="a scenario file")
    p.add_argument("--lang", choices=("es", "en"), default="es", help="language of the trace (default es)")
    p.add_argument("--no-changes", action="store_true", help="leave out the state changes of each step")
    p.add_argument("--position", action="store_true", help="also print the position after the plays, as a [position] table")
    p.set_defaults(func=cmd_trace)

    p = sub.add_parser("resolve", help=cmd_resolve.__doc__, description=cmd_resolve.__doc__)
    p.add_argument("file", metavar="FILE", help="a scenario file")
    p.add_argument("--lang", choices=("es", "en"), default="es", help="language of any failure report (default es)")
    p.set_defaults(func=cmd_resolve)

    p = sub.add_parser("db", help="database commands", description="Database commands.")
    dbsub = p.add_subparsers(dest="db_command", required=True)
    b = dbsub.add_parser("build", help=cmd_db_build.__doc__, description=cmd_db_build.__doc__)
    b.add_argument("--db", default=None, help="database file (default $JUDGE_DB or instance/judge.sqlite)")
    b.set_defaults(func=cmd_db_build)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `judge trace x | head` ends quietly
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
