"""How a note of the trace names several things at once, in every game: "p1", "p2 y p1", "Troll (c1), Krump (c2) y
Ganger (c3)" — "and" in English — so that the verb after them can agree with how many they are."""

from __future__ import annotations

from collections.abc import Sequence


LANGS = ("es", "en")
"""The languages a judge reads the engine in."""


def say(lang: str, es: str, en: str) -> str:
    """The Spanish or the English text, by the judge's language (Spanish unless English is asked)."""
    return en if lang == "en" else es


def cap(text: str) -> str:
    """``text`` with its first letter capitalized, the rest as written."""
    return text[:1].upper() + text[1:]


def listed(names: Sequence[str], lang: str = "es") -> str:
    """``names`` as a sentence lists them: commas, and "y" ("and") before the last."""
    *rest, last = names
    return f"{', '.join(rest)} {'y' if lang == 'es' else 'and'} {last}" if rest else last


__all__ = ["LANGS", "say", "cap", "listed"]
