"""Every ruleset the tool knows, by id (``keyforge-17.2``, ``keyforge-1.3``, ``keyforge-1.1``)."""

from __future__ import annotations

from judge.core.ruleset import Ruleset
from judge.games import gobierno_y_prestigio, keyforge, mitos_y_leyendas

_RULESETS: dict[str, Ruleset] = {r.id: r for r in (*keyforge.RULESETS, *mitos_y_leyendas.RULESETS, *gobierno_y_prestigio.RULESETS)}
DEFAULT = "keyforge-17.2"


def get(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; ``KeyError`` if there is none."""
    return _RULESETS[ruleset_id]


def all_rulesets() -> list[Ruleset]:
    return list(_RULESETS.values())
