from judge.games.gobierno_y_prestigio.rules import RULESETS, GobiernoYPrestigio

__all__ = ["RULESETS", "GobiernoYPrestigio"]
