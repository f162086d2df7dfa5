"""The judge command: help on every command, check from anywhere on disk, trace, db build."""

from __future__ import annotations

import subprocess
import sys

import pytest

from judge.cli import build_parser, main

PASSING = '''
id = "OUTSIDE-1"
ruleset = "keyforge-17.2"
[position]
active = "p1"
step = "main"
[position.players.p1]
house = "brobnar"
battleline = ["Trol"]
[position.players.p2]
[[plays]]
play = "reap Trol"
[expect]
"p1.amber" = 1
"Trol.exhausted" = true
'''


def _run(*args):
    return subprocess.run([sys.executable, "-m", "judge.cli", *args], capture_output=True, text=True)


@pytest.mark.parametrize("command", [[], ["serve"], ["check"], ["trace"], ["resolve"], ["db"], ["db", "build"]])
def test_every_command_has_help(command):
    out = _run(*command, "--help")
    assert out.returncode == 0
    assert "usage: judge" in out.stdout


def test_check_runs_files_from_anywhere_and_counts(tmp_path, capsys):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "OUTSIDE-1.toml").write_text(PASSING, encoding="utf-8")
    failing = PASSING.replace('"p1.amber" = 1', '"p1.amber" = 5').replace("OUTSIDE-1", "OUTSIDE-2")
    (tmp_path / "a" / "OUTSIDE-2.toml").write_text(failing, encoding="utf-8")
    code = main(["check", str(tmp_path / "a")])
    out = capsys.readouterr().out
    assert code == 1
    assert out.strip().splitlines()[-1] == "1 passed, 1 failed"
    assert "expected p1.amber = 5" in out and "actual p1.amber = 1" in out
    assert "cosecha" in out  # the trace of the failure is printed


def test_check_fails_on_unreadable_files(tmp_path, capsys):
    (tmp_path / "broken.toml").write_text("id = [", encoding="utf-8")
    code = main(["check", str(tmp_path / "broken.toml"), str(tmp_path / "missing")])
    out = capsys.readouterr().out
    assert code == 1
    assert out.strip().splitlines()[-1] == "0 passed, 2 failed"


def test_check_reports_an_unanswered_question(tmp_path, capsys):
    text = PASSING.replace('battleline = ["Trol"]', 'battleline = ["Trol"]\nhand = ["Krump"]').replace(
        'play = "reap Trol"', 'play = "play Krump"').replace('"Trol.exhausted" = true', "")
    (tmp_path / "Q.toml").write_text(text.replace("OUTSIDE-1", "Q"), encoding="utf-8")
    assert main(["check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "left a question unanswered" in out and "flank" in out and "left:" in out


def test_trace_prints_an_indented_tree(tmp_path, capsys):
    path = tmp_path / "OUTSIDE-1.toml"
    path.write_text(PASSING, encoding="utf-8")
    assert main(["trace", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "- Scenario OUTSIDE-1" in out
    assert "    - Trol (c1) reaps" in out or "Troll (c1) reaps" in out
    assert "[keyforge-17.2#order.reap.2]" in out


def test_db_build_is_idempotent(tmp_path, capsys):
    db = str(tmp_path / "x.sqlite")
    assert main(["db", "build", "--db", db]) == 0
    first = capsys.readouterr().out
    assert main(["db", "build", "--db", db]) == 0
    assert capsys.readouterr().out == first
    assert "670 entries" in first


def test_parser_lists_the_required_commands():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert {"serve", "check", "trace", "db"} <= set(sub.choices)


def test_check_counts_the_entries_covered(tmp_path, capsys):
    passing = PASSING.replace('ruleset = "keyforge-17.2"', 'ruleset = "keyforge-17.2"\nentries = ["KF172-GEN-39"]')
    (tmp_path / "OUTSIDE-1.toml").write_text(passing, encoding="utf-8")
    wrong = passing.replace("KF172-GEN-39", "KF172-GEN-999").replace("OUTSIDE-1", "OUTSIDE-3")
    (tmp_path / "OUTSIDE-3.toml").write_text(wrong, encoding="utf-8")
    main(["check", str(tmp_path)])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == "1 of 289 entries covered, 1 passing; unknown entry ids: KF172-GEN-999"


def test_a_database_built_by_the_command_is_served(tmp_path, monkeypatch):
    from judge import db as judge_db
    from judge.web import create_app

    path = tmp_path / "built.sqlite"
    assert main(["db", "build", "--db", str(path)]) == 0
    monkeypatch.setenv("JUDGE_DB", str(path))
    client = create_app({"TESTING": True, "DATABASE": str(path)}).test_client()
    assert client.get("/api/rulings/search?q=aturdida").get_json()["results"]
    # A database whose build made the meta table before any migration ran (as older builds did) still migrates.
    older = judge_db.connect(tmp_path / "older.sqlite")
    older.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    judge_db.migrate(older)
    assert {"saves", "meta"} <= set(older.table_names())
