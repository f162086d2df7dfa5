"""Mitos y Leyendas, Primera Era block, under the 2024 FAQ."""

from judge.games.mitos_y_leyendas.rules import RULESETS, MitosYLeyendas

__all__ = ["RULESETS", "MitosYLeyendas"]
