"""The engine is a pure library: nothing under it imports flask, sqlite-utils or markdown (nor does the practice
package built on it)."""

from __future__ import annotations

import ast
import subprocess
import sys

from conftest import ROOT

ENGINE = ("judge/core", "judge/corpus", "judge/games", "judge/practice")
FORBIDDEN = {"flask", "sqlite_utils", "markdown", "werkzeug", "jinja2", "click"}


def test_engine_sources_import_no_web_or_database_library():
    for folder in ENGINE:
        for path in (ROOT / folder).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    assert name.split(".")[0] not in FORBIDDEN, f"{path.relative_to(ROOT)} imports {name}"
                    assert not name.startswith(("judge.web", "judge.db", "judge.cli")), f"{path} imports {name}"


def test_importing_the_engine_loads_no_web_or_database_library():
    code = (
        "import sys, judge, judge.core.scenario, judge.corpus, judge.rulesets, judge.games.keyforge\n"
        "import judge.practice.catalogue, judge.practice.views\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r})\n"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == ""
