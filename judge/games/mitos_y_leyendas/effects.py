"""The interpreter of the ability vocabulary: what each effect word does, and how an ability resolves.

An effect handler returns how many things it actually did; "luego" (``then``) instructions run only when the one
before them did something (Cartas con habilidades luego, FAQ L552). This module holds the interpreter and the
effects that move cards out of play and on the castle; :mod:`library` (hand, castle, Cementerio), :mod:`answering`
(anular, cancelar, prevenir, the battle), :mod:`lasting` and :mod:`copying` hold the others.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from collections.abc import Callable

from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.core.timing import Pending
from judge.games.mitos_y_leyendas import conditions
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.game import Game, Triggered
from judge.games.mitos_y_leyendas.targets import AbilityContext

Handler = Callable[[AbilityContext, dict[str, Any], str], int]
HANDLERS: dict[str, Handler] = {}


def handler(word: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[word] = fn
        return fn
    return register


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


# Cards leaving play.

@handler("destruir")
def _destroy(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    chosen: list[CardState] = []
    # "Destruyen una carta de cada tipo que controlen" (Mirada de Berserker, FAQ L634): one of each of ``types``,
    # chosen first and destroyed together, as far as each player has them.
    kinds = [{**effect, "target": {**effect.get("target", {}), "type": t}} for t in effect.get("types", [])] or [effect]
    for each in acting(ctx, effect):
        for i, one in enumerate(kinds):
            cards = targets_of(each, one, f"{path}k{i}" if len(kinds) > 1 else path, "¿Qué carta destruyes?",
                               "Which card do you destroy?")
            if exact(each, one, cards):
                chosen.extend(cards)
    # What a destroyed Aliado's strength was, for "tantas cartas como fuerza tenía" (FAQ L596).
    ctx.memory["strength"] = sum(ctx.game.board.strength(c) for c in chosen if ctx.game.board.in_play(c))
    ctx.memory["previous"] = [c.uid for c in chosen]
    return len(ctx.game.destroy(chosen, rule=ctx.rule)) if chosen else 0


def _leave(zone: str, es: str, en: str) -> Handler:
    def move(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        done = 0
        for each in acting(ctx, effect):
            cards = targets_of(each, effect, path, es, en)
            if not exact(each, effect, cards):
                continue
            top = effect.get("do") == "al-tope"
            moved = [*cards, *copies_of(each, effect, cards)]
            # Cards that leave play together do not see each other leave (FAQ L788-L794).
            ctx.game.leave_together([c for c in moved if ctx.game.board.in_play(c)], zone, rule=ctx.rule, top=top)
            for card in moved:
                if not ctx.game.board.in_play(card) and ctx.game.board.zone_of(card) != zone:
                    ctx.game.res.move(card, card.owner, zone, 0 if top else None)
            done += len(moved)
        return done
    return move


def copies_of(ctx: AbilityContext, effect: dict[str, Any], cards: list[CardState]) -> list[CardState]:
    """"… y todas las copias que controle tu oponente" (Oberon, FAQ L1080-L1082): the other cards in play of the
    same name under the player ``copies`` names."""
    who = effect.get("copies")
    if not who:
        return []
    names = {ctx.game.board.define(c).name for c in cards}
    sides = player_of(ctx, who)
    return [c for c in ctx.game.board.cards_in_play() if c not in cards and c.known and c.controller in sides
            and ctx.game.board.define(c).name in names and not tg.protected(ctx, c, str(effect.get("do")))]


HANDLERS["desterrar"] = _leave("destierro", "¿Qué carta destierras?", "Which card do you banish?")
HANDLERS["a-la-mano"] = _leave("mano", "¿Qué carta vuelve a la mano?", "Which card returns to hand?")
HANDLERS["barajar"] = _leave("castillo", "¿Qué carta barajas en el Mazo Castillo?", "Which card is shuffled into the castle?")
HANDLERS["al-tope"] = _leave("castillo", "¿Qué carta pones en la parte superior del Mazo Castillo?",
                             "Which card goes on top of the castle?")


# The castle.

@handler("botar")
def _botar(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    done = 0
    amount = effect.get("amount", 1)
    amount = int(ctx.event.get("amount", 0)) if amount == "dano" else int(amount)
    for pid in player_of(ctx, effect.get("player", "opponent")):
        if pid != ctx.controller and ctx.source in ctx.game.position.values.get("turno", {}).get("dano-directo-a-0", []):
            # Machitun answered the card or ability that deals it: the direct damage is reduced to 0 (FAQ L177).
            ctx.game.res.note("damage-reduced", "dano-directo", f"El daño directo a {pid} se reduce a 0",
                              f"The direct damage to {pid} is reduced to 0")
            continue
        done += ctx.game.botar(pid, amount, rule="dano-directo", by=ctx.controller)
    return done


@handler("robar")
def _draw(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    players = player_of(ctx, effect.get("player"))
    amount = int(effect.get("amount", 1))
    if effect.get("simultaneous"):
        return ctx.game.draw_together(players, amount, rule=ctx.rule)
    return sum(ctx.game.draw(pid, amount, rule=ctx.rule) for pid in players)


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


# How a triggered ability resolves.

def refuse_incomplete(game: Game, card: CardState, *, playing: bool = False) -> None:
    """The engine does not rule on an ability whose text is not fully known, nor plays a card whose printed facts are
    not: the judge defines the card in the position first (a card given again there keeps its FAQ facts and takes the
    ones written)."""
    definition = game.board.define(card)
    if definition.incomplete and (playing or not definition.text_complete):
        raise IllegalPlayError(
            f"{definition.name}'s text is not fully known ({definition.incomplete}); define the card in the position to "
            "rule on it", rule=game.res.cite("introduccion.regla-de-oro"),
            es=f"el texto de {definition.name} no se conoce del todo ({definition.incomplete}); define la carta en la "
               "posición para resolverla")


def resolve_triggered(game: Game, pending: Pending[Triggered]) -> None:
    trig = pending.item
    card = game.card(trig.card)
    if card is None:
        return
    ability = trig.event.get("texto") or game.board.define(card).abilities[trig.index]
    refuse_incomplete(game, card)
    ctx = AbilityContext(game, trig.card, pending.controller, trig.event, rule="habilidad-disparada")
    with game.res.step("ability", "habilidad-disparada", f"Habilidad disparada de {game.label(card)}",
                       f"Triggered ability of {game.label(card, 'en')}", card=card.uid):
        if not tg.has_valid_targets(ctx, ability.get("effects", [])):
            # A triggered ability with no valid target does nothing: "entraría sin disparar su habilidad" (FAQ L688,
            # L702, L706; decision target-outcome-by-kind).
            game.res.note("no-target", "myl.decision.target-outcome-by-kind", "No tiene objetivo válido: no tiene efecto",
                          "It has no valid target: it has no effect")
            return
        if ability.get("once-per-turn"):
            game.use_once(card, trig.index)
        if not conditions.holds(game.board, pending.controller, ability.get("condition")):
            # Diomira: the condition is checked as each ability resolves (FAQ L830, L838-L840).
            game.res.note("condition-not-met", "MYL-CARD-93", "No se cumple su condición: no ocurre nada",
                          "Its condition is not met: nothing happens")
            return
        if ability.get("may") and not game.ask_yes_no(pending.controller, "habilidad-disparada",
                                                      f"¿Usas la habilidad de {game.label(card)}?",
                                                      f"Do you use the ability of {game.label(card, 'en')}?"):
            return
        run_effects(ctx, ability.get("effects", []))
    game.check_end()
