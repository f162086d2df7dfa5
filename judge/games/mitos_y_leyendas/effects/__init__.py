"""The interpreter of the ability vocabulary: each effect word (``do = ...``) has a handler, registered by the
modules of this package when it is imported (one module per family of effects).

An effect handler returns how many things it actually did; "luego" (``then``) instructions run only when the one
before them did something (Cartas con habilidades luego, FAQ L552). The families: :mod:`.leaving` (cards leaving
play), :mod:`.library` (hand, castle, Cementerio), :mod:`.choices` (one option of several), :mod:`.answering`
(anular, cancelar, prevenir, the battle), :mod:`.lasting` (effects that last), :mod:`.copying` (copies); how a
triggered or activated ability resolves is :mod:`.abilities`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from collections.abc import Callable

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.core.vocabulary import Handlers
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.targets import AbilityContext

Handler = Callable[[AbilityContext, dict[str, Any], str], int]
HANDLERS: Handlers[Handler] = Handlers()
handler = HANDLERS.word


def run_effects(ctx: AbilityContext, effects: list[dict[str, Any]], path: str = "e") -> int:
    """Resolve instructions in printed order; returns what the last one did."""
    done = 0
    for i, effect in enumerate(effects):
        done = run_effect(ctx, effect, f"{path}{i}")
        then = effect.get("then")
        if then:
            if done:
                done = run_effects(ctx, then, f"{path}{i}t")
            else:
                ctx.game.res.note("then-skipped", "cartas-con-habilidades-luego",
                                  "No se cumplió lo anterior: lo que sigue a «luego» no se hace",
                                  "What came before did not happen: what follows 'then' is not done")
    return done


def run_effect(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    word = effect["do"]
    # "Puedes …": the controller decides as the instruction comes (a delayed effect asks when it happens).
    if effect.get("may") and word != "al-final-del-turno" and not ctx.game.ask_yes_no(
            ctx.controller, ctx.rule, "¿Lo haces?", "Do you do it?"):
        return 0
    return HANDLERS[word](ctx, effect, path)


def player_of(ctx: AbilityContext, who: str | None) -> list[str]:
    if who in (None, "you"):
        return [ctx.controller]
    if who == "opponent":
        return [ctx.game.opponent(ctx.controller)]
    if who == "each":
        return ctx.game.position.turn_order()
    return [who]


def targets_of(ctx: AbilityContext, effect: dict[str, Any], path: str, es: str, en: str) -> list[CardState]:
    """The cards an instruction acts on; they become the ``previous`` cards of the next instruction."""
    target = effect.get("target", {"self": True})
    cards = tg.choose(ctx, target, path, rule=ctx.rule, es=es, en=en, word=str(effect.get("do", "")))
    ctx.memory["previous"] = [c.uid for c in cards]
    return cards


def acting(ctx: AbilityContext, effect: dict[str, Any]) -> list[AbilityContext]:
    """The contexts in which an instruction is carried out: its controller's, or, with ``chooser``, each player made
    to act on their own cards ("tu oponente destruye…", "cada jugador destruye…"), who are then affected by their
    controller, not by this card (Afectar a un jugador, FAQ L630-L638)."""
    if not effect.get("chooser"):
        return [ctx]
    return [replace(ctx, controller=pid, own_cards=True) for pid in player_of(ctx, effect["chooser"])]


def exact(ctx: AbilityContext, effect: dict[str, Any], cards: list[CardState]) -> bool:
    """"Destruye 2" needs exactly 2 valid targets, otherwise nothing happens (Objetivo válido, FAQ L700-L706)."""
    count = effect.get("target", {}).get("choose", 1)
    if isinstance(count, int) and count > 1 and len(cards) < count and not effect.get("target", {}).get("up-to"):
        ctx.game.res.note("not-enough-targets", "objetivo-valido", f"Hacen falta {count} objetivos válidos: no ocurre nada",
                          f"{count} valid targets are needed: nothing happens")
        return False
    return True


def refuse_incomplete(game: Game, card: CardState, *, playing: bool = False) -> None:
    """The engine does not rule on an ability whose text is not fully known, nor plays a card whose printed facts are
    not: the judge defines the card in the position first (a card given again there keeps its FAQ facts and takes the
    ones written). The refusal gives what is missing in the judge's language."""
    definition = game.board.define(card)
    if definition.incomplete and (playing or not definition.text_complete):
        raise IllegalPlayError(
            f"{definition.name}'s text is not fully known ({definition.incomplete_in('en')}); define the card in the "
            "position to rule on it", rule=game.res.cite("introduccion.regla-de-oro"),
            es=f"el texto de {definition.name} no se conoce del todo ({definition.incomplete_in('es')}); define la "
               "carta en la posición para resolverla")


# Importing the handler modules fills the registry; they import the interpreter above, so they come last.
from judge.games.mitos_y_leyendas.effects import (abilities, answering, choices, copying, lasting, leaving,  # noqa: E402
                                                 library)
from judge.games.mitos_y_leyendas.effects.abilities import resolve_triggered  # noqa: E402

__all__ = ["HANDLERS", "Handler", "acting", "exact", "handler", "player_of", "refuse_incomplete", "resolve_triggered",
           "run_effect", "run_effects", "targets_of", "abilities", "answering", "choices", "copying", "lasting",
           "leaving", "library"]
