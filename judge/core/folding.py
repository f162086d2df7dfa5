"""Taking the accents off a text after Unicode decomposition, fast: names and rulings are folded all the time."""

from __future__ import annotations

import re
import unicodedata

_ABOVE_SPACING = re.compile("[^\x00-\u02ff]+")
"""Runs of characters that may be combining marks (every combining mark comes after U+02FF): only these are looked
at one by one, the rest of a text is kept as it is."""


def _drop_marks(run: re.Match[str]) -> str:
    return "".join(c for c in run.group() if not unicodedata.combining(c))


def without_marks(decomposed: str) -> str:
    """``decomposed`` (NFKD) without its combining marks: ``Acción`` decomposed gives ``Accion``."""
    return _ABOVE_SPACING.sub(_drop_marks, decomposed)


__all__ = ["without_marks"]
