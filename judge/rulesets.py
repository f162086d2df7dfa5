"""Every ruleset the tool knows, by id (``keyforge-17.2``, ``keyforge-1.3``, ``keyforge-1.1``…).

A game's package is imported the first time one of its rulesets is asked for: ``judge check`` on a KeyForge scenario
does not load the other games.
"""

from __future__ import annotations

import importlib
import threading

from judge.core.ruleset import Ruleset

GAMES: dict[str, tuple[str, ...]] = {
    "keyforge": ("keyforge-17.2", "keyforge-1.3", "keyforge-1.1"),
    "mitos_y_leyendas": ("myl-pe-2024",),
    "gobierno_y_prestigio": ("gyp-reglas-1",),
}
"""Each game's package under ``judge.games`` and the ids of the rulesets it defines (a test checks them)."""
DEFAULT = "keyforge-17.2"

_loaded: dict[str, Ruleset] = {}
_lock = threading.Lock()


def _load(package: str) -> None:
    with _lock:
        for ruleset in importlib.import_module(f"judge.games.{package}").RULESETS:
            _loaded.setdefault(ruleset.id, ruleset)


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; ``KeyError`` if there is none."""
    found = _loaded.get(ruleset_id)
    if found is None:
        package = next((p for p, ids in GAMES.items() if ruleset_id in ids), None)
        if package is None:
            raise KeyError(ruleset_id)
        _load(package)
        found = _loaded[ruleset_id]
    return found


def all_rulesets() -> list[Ruleset]:
    return [get(rid) for ids in GAMES.values() for rid in ids]
