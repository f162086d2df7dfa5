"""Repetition (REPETIR, ANTERIOR): "repeat the preceding effect", "repeat this effect", as a choice and for a price,
and the loops it can make (BUCLES INFINITOS)."""

from __future__ import annotations

from typing import Any

from judge.games.keyforge.conditions import condition, decider, value
from judge.games.keyforge.effects import handler, list_handler, run_effect, run_effects
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.targets import candidates
from judge.games.keyforge.timing import LOOP_LIMIT


@list_handler("repeat")
def _repeat(ctx: AbilityContext, effect: dict[str, Any], preceding: list[dict[str, Any]]) -> None:
    # ANTERIOR: "repeat the preceding effect" resolves that effect once more (what = "previous").
    # REPETIR: repeating "this card's effect" repeats all of it, the repeat instruction included, so it goes on
    # while its condition holds (what = "ability"; Gato por Liebre as printed and read by the 1.1 FAQ).
    game = ctx.game
    previous = preceding[-1] if preceding else None
    if previous is None:
        return
    # "You may repeat this effect as many times as you like" (times = "all"): each repetition is the active player's
    # choice, for as long as the condition holds (Quark Letal Rebotante, KF172-CARD-95).
    unbounded = effect.get("times") == "all"
    times = LOOP_LIMIT if unbounded else value(ctx, effect.get("times", 1))
    loops = 0
    whole = effect.get("what", "previous") == "ability"
    step = game.res.current
    snapshots: list[tuple[Any, str]] = []  # before each repetition: a checkpoint and the state fingerprint
    while True:
        if "if" in effect and not condition(ctx, effect["if"]):
            game.res.note("repeat-stops", "repeat", "La condición de repetición no se cumple",
                          "The repeat condition does not hold")
            return
        source = ctx.source_card
        if source is not None and game.board.define(source).type != "action" and not game.board.in_play(source):
            # REPETIR: «Si la carta que provoca un efecto que se repite se retira del juego, el efecto deja de
            # repetirse.» — for "repeat this effect" and "trigger this effect again" (Tiburón de Neutrones destroyed by
            # its own ability, KF172-CARD-112) as for "repeat the preceding effect" (ANTERIOR, which REPETIR refers
            # to): a creature whose first resolution took it out of play does not repeat it.
            game.res.note("repeat-stops", "leaves-play", f"{game.label(source)} ya no está en juego: su habilidad no se repite",
                          f"{game.label(source, 'en')} is no longer in play: its ability does not repeat", card=source.uid)
            return
        if whole:
            fingerprint = game.rules.dumps(game.position)
            if any(f == fingerprint for _, f in snapshots):
                game.res.note("loop-no-progress", "infinite-loops", "El bucle ya no cambia nada: termina",
                              "The loop no longer changes anything: it ends")
                return
            if loops == LOOP_LIMIT:
                _choose_loop_count(ctx, step, snapshots)
                return
            snapshots.append((game.res.checkpoint(), fingerprint))
        if effect.get("cost") and any(isinstance(c.get("target"), dict) and "choose" in c["target"]
                                      and not candidates(game, c["target"], ctx) for c in effect["cost"]):
            # A price with nothing to pay it with (Carga de Falange with no friendly creature to exalt) cannot be paid:
            # there is no choice to offer, nothing is asked and the effect is not repeated (PUEDES).
            game.res.note("if-you-do", "if-you-do", "No se puede pagar: no se repite", "It cannot be paid: no repeat")
            return
        if effect.get("may") and not game.ask_yes_no(decider(ctx, effect), "may", "¿Se repite el efecto?",
                                                     "Is the effect repeated?"):
            return
        if effect.get("cost") and not sum(run_effect(ctx, c) for c in effect["cost"]):
            # "You may <do something> to repeat the preceding effect" (Carga de Falange): only a price paid repeats it,
            # and the repetition is a new effect whose damage is dealt apart from the first (KF172-GEN-76).
            game.res.note("if-you-do", "if-you-do", "No se pagó: no se repite", "It was not paid: no repeat")
            return
        with game.res.step("repeat", "previous", "Se repite el efecto anterior", "The preceding effect is repeated"):
            if whole and preceding:
                # REPETIR: all of the ability before the repeat resolves again (KF172-CARD-112).
                run_effects(ctx, preceding)
            else:
                run_effect(ctx, previous)
        loops += 1
        if not whole and loops >= times:
            return


def _choose_loop_count(ctx: AbilityContext, step: Any, snapshots: list[tuple[Any, str]]) -> None:
    """BUCLES INFINITOS: the active player chooses how many times the loop resolves; the game is set back to the
    state after that many repetitions."""
    game = ctx.game
    n = len(snapshots)
    chosen = game.choose_loop_count(n)
    if chosen == n:
        return
    # Keep the decision step just recorded, drop the repetitions after the chosen count.
    game.res.rollback(snapshots[chosen][0], keep=[step.children[-1]])


@handler("repeat")
def _repeat_alone(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # A repeat reached through run_effect directly (e.g. inside "then") has no preceding effect of its own list.
    raise ValueError("'repeat' must follow the effect it repeats in the same list")
