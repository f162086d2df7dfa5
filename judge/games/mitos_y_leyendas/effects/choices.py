"""Choosing one of several options ("X o Y")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.core.decisions import Option, Question
from judge.games.mitos_y_leyendas.effects import handler, player_of, run_effects
from judge.games.mitos_y_leyendas.targets import AbilityContext


@handler("elegir")
def _choose_one(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """"X o Y": the player who must do it chooses one of the options (Espada Envenenada, FAQ L454)."""
    options = effect.get("options", [])
    who = player_of(ctx, effect.get("chooser"))[0]
    labels = [str(o.get("label", f"#{i}")) for i, o in enumerate(options)]
    chosen = ctx.game.res.ask(Question(key="choose-one", player=who, rule=ctx.rule, prompt_es="¿Qué opción eliges?",
                                       prompt_en="Which option do you choose?",
                                       options=tuple(Option(str(i), label) for i, label in enumerate(labels))))
    return run_effects(replace(ctx, controller=who), options[int(chosen)].get("effects", []), f"{path}o{chosen}")
