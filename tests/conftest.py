"""Shared fixtures: the corpus, the rulesets and a web app on a temporary database."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture(scope="session")
def corpus():
    from judge.corpus import Corpus

    return Corpus.load(ROOT / "rulings")


@pytest.fixture(scope="session")
def kf():
    from judge import rulesets

    return rulesets.get("keyforge-17.2")


@pytest.fixture(scope="module")
def module_app(tmp_path_factory):
    """One app for every test of a module: building the database once is most of a web test's time."""
    from judge.web import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("web") / "judge.sqlite")})


@pytest.fixture
def app(tmp_path):
    from judge.web import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite")})


@pytest.fixture
def client(app):
    return app.test_client()
