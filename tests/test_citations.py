"""Every citation the engine can produce resolves to stored rule text, in every ruleset's own document."""

from __future__ import annotations

import ast
import re

import pytest

from conftest import ROOT
from judge import rulesets
from judge.core.scenario import Runner, Scenario
from judge.core.trace import citations
from judge.games.keyforge.rules import RULE_KEYS
from judge.games.gobierno_y_prestigio.keys import RULE_KEYS as GYP_RULE_KEYS
from judge.games.mitos_y_leyendas.rules import RULE_KEYS as MYL_RULE_KEYS

SCENARIO_FILES = sorted((ROOT / "scenarios").rglob("*.toml"))
_KEY = re.compile(r"^[a-z][a-z0-9.\-]*$")


@pytest.mark.parametrize("ruleset", rulesets.all_rulesets(), ids=lambda r: r.id)
def test_every_rule_key_resolves_in_the_rulesets_document(ruleset, corpus):
    missing = sorted(k for k in ruleset.rule_keys() if not corpus.has(ruleset.cite(k)))
    assert not missing, f"{ruleset.id}: {missing}"


def _cited_literals(path):
    """Rule keys written as literals where the KeyForge code cites a rule."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        candidates = []
        if name in ("step", "note") and len(node.args) >= 2:
            candidates.append(node.args[1])
        candidates += [kw.value for kw in node.keywords if kw.arg == "rule"]
        for c in candidates:
            if isinstance(c, ast.Constant) and isinstance(c.value, str) and _KEY.match(c.value):
                yield c.value, node.lineno


@pytest.mark.parametrize("game, keys", [("keyforge", RULE_KEYS), ("mitos_y_leyendas", MYL_RULE_KEYS),
                                             ("gobierno_y_prestigio", GYP_RULE_KEYS)])
def test_every_rule_key_in_the_code_is_declared(game, keys):
    undeclared = []
    for path in (ROOT / "judge" / "games" / game).rglob("*.py"):
        for key, line in _cited_literals(path):
            if key not in keys:
                undeclared.append(f"{path.name}:{line} {key}")
    assert not undeclared


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_every_citation_in_every_scenario_trace_resolves(path, corpus):
    result = Runner(rulesets.get).run(Scenario.from_file(path))
    assert result.trace is not None
    bad = [c for c in citations(result.trace) if not corpus.has(c)]
    assert not bad


@pytest.mark.parametrize("ruleset", [r for r in rulesets.all_rulesets() if r.game == "keyforge" and r.document != "keyforge-17.2"],
                         ids=lambda r: r.id)
def test_an_older_rulebook_cites_the_master_rulebook_only_for_what_it_lacks(ruleset, corpus):
    for key in ruleset.from_master:
        assert not corpus.has(f"{ruleset.document}#{key}"), f"{ruleset.document} has {key}: cite it there"
        assert corpus.has(f"keyforge-17.2#{key}"), key
    for key, target in ruleset.rule_aliases.items():
        assert not corpus.has(f"{ruleset.document}#{key}") or key.startswith("order."), (
            f"{ruleset.document} has its own section {key}; the alias to {target} hides it")


def test_a_ruleset_names_its_decisions_document_and_the_core_cites_it():
    myl, gyp, kf = rulesets.get("myl-pe-2024"), rulesets.get("gyp-reglas-1"), rulesets.get("keyforge-17.2")
    assert myl.cite("myl.decision.durations") == "myl-decisiones#durations"
    assert gyp.cite("gyp.decision.card-destinations") == "gyp-decisiones#card-destinations"
    # Another game's decision key, a rule key and a full citation are not taken for this ruleset's decisions.
    assert myl.cite("gyp.decision.x") == "myl-pe-faq-2024#gyp.decision.x"
    assert gyp.cite("120.5") == "gyp-reglas-1#120.5" and gyp.cite("gyp-decisiones#x") == "gyp-decisiones#x"
    assert kf.decisions is None and kf.cite("decision.x") == "keyforge-17.2#decision.x"
    assert not any(type(r).__dict__.get("cite") for r in (myl, gyp)), "the games leave decisions to the core"
