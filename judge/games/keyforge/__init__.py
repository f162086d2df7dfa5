"""KeyForge: the master rulebook v17.2 and the older rulebooks v1.3 and v1.1 as rulesets."""

from judge.games.keyforge.rules import RULESETS, KeyForge, KeyForge11, KeyForge13

__all__ = ["RULESETS", "KeyForge", "KeyForge13", "KeyForge11"]
