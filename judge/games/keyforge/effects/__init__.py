"""The ability interpreter: what each effect of the vocabulary does to the game, step by step.

Effects of one ability resolve in printed order (RESUELVE LAS HABILIDADES EN EL ORDEN EN QUE APARECEN), as much as
can be resolved (RESUELVE TODO LO QUE PUEDAS); "may" is the controller's choice (PUEDES); "then" only happens if
the effect did something ("SI LO HACES").

This module is the interpreter proper: :func:`run_effects` and :func:`run_effect` walk an ability's effects and
dispatch each one, by its verb, to the handler registered for it. The handlers live in the modules of this
package, one per domain of the rulebook (æmber, damage, destruction, card states, zones, discards, control,
playing and using cards, keys, lasting effects, copies, upgrades, choices, repetition); each registers its verbs
with :func:`handler` as it is imported, and importing this package imports them all, so the registry is complete
once the package is. The handlers reach the game's procedures through the ability's context (``ctx.game``), and
the game reaches the interpreter through the :class:`~judge.games.keyforge.game.Interpreter` it is given (this
module): effects play and use cards, which trigger effects, without the modules importing each other in a circle.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.games.keyforge.conditions import ITS_PLAYERS, condition, decider, player_of, value
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.targets import candidates, resolve_target
from judge.games.keyforge.vocabulary import EFFECTS
from judge.games.keyforge.wording import effect_label, times_en, times_es

Handler = Callable[[AbilityContext, dict[str, Any]], int]
HANDLERS: dict[str, Handler] = {}
"""Each effect verb → what it does; it returns how much it did (0: nothing, for "if you do")."""

ListHandler = Callable[[AbilityContext, dict[str, Any], list[dict[str, Any]]], None]
LIST_HANDLERS: dict[str, ListHandler] = {}
"""Instructions about the effects before them in their list ("repeat the preceding effect"): they get that list."""


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn
    return register


def list_handler(name: str) -> Callable[[ListHandler], ListHandler]:
    def register(fn: ListHandler) -> ListHandler:
        LIST_HANDLERS[name] = fn
        return fn
    return register


def run_effects(ctx: AbilityContext, effects: list[dict[str, Any]]) -> None:
    # All the damage one ability deals is dealt at the same time (DAÑO; Lanza Portentosa): consecutive damage
    # effects gather their pending damage and it is dealt when something else comes, or at the end.
    for i, effect in enumerate(effects):
        if effect["do"] != "deal-damage" and not _damage_waits(effects, i):
            flush_damage(ctx)
        if effect["do"] in LIST_HANDLERS:
            LIST_HANDLERS[effect["do"]](ctx, effect, effects[:i])
        else:
            run_effect(ctx, effect)
    flush_damage(ctx)


_DAMAGE_INDEPENDENT = frozenset({"gain", "lose", "steal", "pay", "draw", "gain-chains", "lose-chains"})
"""Player-level effects that neither read nor change anything the pending damage touches."""


def _damage_waits(effects: list[dict[str, Any]], i: int) -> bool:
    """RESUELVE LAS HABILIDADES EN EL ORDEN EN QUE APARECEN: «todo el daño infligido por la habilidad de una carta se
    inflige de forma simultánea, independientemente del lugar donde aparezca en el texto de la habilidad.»

    Decision (the rulebook does not say *when* damage split by other instructions is dealt): the pending damage
    waits for the ability's later damage, and is dealt together with it, across instructions that only touch the
    players' pools, hands and chains with no condition ("Deal 3 to a creature. Steal 1. Deal 3 to another
    creature."). Anything else may depend on the damage already being dealt (a condition, "it", a target chosen
    among damaged creatures, a repetition — a new effect, KF172-GEN-76), so the damage is dealt before it, in
    printed order; and with no later damage in the ability nothing waits either."""
    later = next((j for j in range(i, len(effects)) if effects[j]["do"] == "deal-damage"), None)
    if later is None:
        return False

    def independent(e: dict[str, Any]) -> bool:
        plain = not any(k in e for k in ("if", "then", "instead", "for-each", "each", "may", "chooser"))
        return e["do"] in _DAMAGE_INDEPENDENT and plain and isinstance(e.get("amount", 1), int)
    return all(independent(e) for e in effects[i:later])


def flush_damage(ctx: AbilityContext) -> dict[str, int]:
    if not ctx.pending_damage:
        return {}
    hits, ctx.pending_damage = ctx.pending_damage, []
    merged: dict[str, tuple[CardState, int]] = {}
    for card, n in hits:
        prev = merged.get(card.uid, (card, 0))[1]
        merged[card.uid] = (card, prev + n)
    return ctx.game.deal_damage(list(merged.values()), source=ctx.source)


def run_effect(ctx: AbilityContext, effect: dict[str, Any]) -> int:
    game = ctx.game
    if "if" in effect and not condition(ctx, effect["if"]):
        game.res.note("condition-false", "if-you-do", "La condición no se cumple: no tiene efecto",
                      "The condition does not hold: no effect")
        return 0
    if not ctx.named("it") and any(effect.get(k) in ITS_PLAYERS for k, kind in EFFECTS.get(str(effect.get("do")), {}).items()
                                   if kind in ("player", "player-or-each")):
        # RESUELVE TODO LO QUE PUEDAS: "its controller gains 1" after an effect that named no card (no creature to
        # destroy, En Saurio Que lo Siento) is about no player: it is ignored, not done by the ability's controller.
        # So is an effect whose other player (archive `to`, move-aember `from-pool`…) is "its controller".
        game.res.note("no-target", "resolve-as-much-as-you-can", "Ninguna carta nombrada: no hay a quién afecte, no tiene efecto",
                      "No card was named: the effect is about no player, no effect")
        return 0
    if effect.get("may") and isinstance(effect.get("target"), dict) \
            and ("choose" in effect["target"] or effect["target"].get("all")) \
            and not candidates(game, effect["target"], ctx):
        # PUEDES / RESUELVE TODO LO QUE PUEDAS: an optional effect that has nothing it could act on is no choice, and
        # nothing is asked (Nirbor Alallama with no friendly creature to destroy, KF172-GEN-85; Exhumar with no
        # creature in the discard pile).
        game.res.note("no-target", "resolve-as-much-as-you-can", "No hay objetivo posible: no tiene efecto",
                      "There is no possible target: no effect")
        return 0
    if effect.get("may") and effect["do"] == "sacrifice" and "total-power-at-least" in effect \
            and isinstance(effect.get("target"), dict) and "choose" in effect["target"] \
            and sum(game.board.power(c) for c in candidates(game, effect["target"], ctx)) < value(ctx, effect["total-power-at-least"]):
        # PUEDES: even all of them together would not reach the total (La Ley de la Fuerza with too little power in
        # play): there is nothing to choose, so nothing is asked.
        game.res.note("no-target", "resolve-as-much-as-you-can", "Ni todas juntas llegan al Poder total: no tiene efecto",
                      "Not even all of them reach the total power: no effect")
        return 0
    if effect.get("may") and effect["do"] == "forge-key" and not game.can_forge(
            player_of(ctx, effect.get("player")), value(ctx, effect["cost"]) if "cost" in effect
            else game.board.key_cost(player_of(ctx, effect.get("player")))):
        # PUEDES: "you may forge a key" the player cannot pay for is no choice: nothing is asked (Fragua de
        # Obsidiana when too few creatures were destroyed, KF172-GEN-29).
        game.res.note("cannot-forge", "forge", "No puede pagar esa llave: no tiene efecto",
                      "That key cannot be paid for: no effect")
        return 0
    if effect.get("may"):
        verb = effect["do"]
        # JUGADOR ACTIVO: unless the ability says otherwise, the active player makes every decision, even for an
        # opponent's card (the 1.1 FAQ on Backup de Biomatriz, KF11-FAQ-06, applies it to a "may").
        if not game.ask_yes_no(decider(ctx, effect), "may", f"¿Se resuelve «{effect_label(verb)}»?", f"Resolve '{effect_label(verb, 'en')}'?"):
            return 0
    if "each" in effect:
        # "For each friendly Mars creature, … a creature with lower power" (Exterminar, Exterminar, KF172-CARD-48):
        # once per card of `each`, that card being the one the effect compares with (filter power-below-each).
        single = {k: v for k, v in effect.items() if k != "each"}
        cards = candidates(game, {**effect["each"], "all": True}, ctx)
        game.res.note("for-each", "for-each", f"«Por cada»: se resuelve {times_es(len(cards))}",
                      f"'For each': resolves {times_en(len(cards))}")
        total = 0
        for card in cards:
            ctx.each = card
            total += run_effect(ctx, single)
        ctx.each = None
        return total
    if "for-each" in effect:
        # "For each": the effect happens once per counted thing, each time with its own choices (POR CADA;
        # Fragmento de Dolor can spread its damage).
        times = value(ctx, effect["for-each"])
        single = {k: v for k, v in effect.items() if k != "for-each"}
        game.res.note("for-each", "for-each", f"«Por cada»: se resuelve {times_es(times)}", f"'For each': resolves {times_en(times)}")
        return sum(run_effect(ctx, single) for _ in range(times))
    instead = effect.get("instead")
    if instead and condition(ctx, instead.get("if", {"always": True})):
        # Text later in the ability replaces what precedes it (RESUELVE LAS HABILIDADES EN EL ORDEN EN QUE
        # APARECEN, EFECTOS DE SUSTITUCIÓN): Ronnie el Relojes, Hyde.
        game.res.note("replaced", "replacement-effects", "Se cumple la condición de «en vez de eso»: se sustituye el efecto",
                      "The 'instead' condition holds: the effect is replaced")
        effect = {**effect, **instead.get("with", {}), "instead": None}
    done = HANDLERS[effect["do"]](ctx, effect)
    ctx.done = done  # for a later {value = "done"} of the same ability
    if effect.get("then"):
        if done:
            run_effects(ctx, effect["then"])
        else:
            game.res.note("if-you-do", "if-you-do", "No se hizo: lo que depende de «si lo haces» no ocurre",
                          "It was not done: what depends on 'if you do' does not happen")
    return done


HIDDEN_ZONES = ("hand", "deck", "archives")


def targets(ctx: AbilityContext, effect: dict[str, Any], key: str = "target", *, rule: str) -> list[CardState]:
    spec = effect.get(key, "self")
    if isinstance(spec, dict) and isinstance(spec.get("choose"), dict):
        # How many to choose is an amount ("one third of the enemy creatures"), counted as the effect resolves.
        spec = {**spec, "choose": value(ctx, spec["choose"])}
    found = resolve_target(ctx.game, spec, ctx, rule=rule, verb=effect["do"])
    if isinstance(spec, str):
        # ABANDONA EL JUEGO: a card that went from play to a hidden zone (hand, deck, archives) is out of reach of the
        # effects that were about to act on it (Falsa Morena back in hand before Yxilo Desbocado purges it).
        reachable = []
        for c in found:
            where = ctx.game.position.find(c.uid)
            if where and where[1] in HIDDEN_ZONES and c.uid in ctx.game.last_known:
                ctx.game.res.note("out-of-reach", "leaves-play",
                                  f"{ctx.game.label(c)} está en una zona oculta: el efecto ya no la alcanza",
                                  f"{ctx.game.label(c, 'en')} is in a hidden zone: the effect no longer reaches it",
                                  card=c.uid)
                continue
            reachable.append(c)
        found = reachable
    if found:
        ctx.remembered = found
        ctx.chosen_all.extend(c for c in found if c not in ctx.chosen_all)
    return found


def from_hand(ctx: AbilityContext, pid: str, wanted: int, nothing_es: str, nothing_en: str) -> tuple[list[CardState], int]:
    """``pid``'s hand and how many of its cards an effect takes (as many as there are, up to ``wanted``); an empty hand
    is noted, so the trace says why nothing happens: «no se ``nothing_es`` nada», "nothing is ``nothing_en``"."""
    hand = ctx.game.position.player(pid).zone("hand")
    n = min(wanted, len(hand))
    if not hand:
        ctx.game.res.note("no-target", "resolve-as-much-as-you-can", f"La mano de {pid} está vacía: no se {nothing_es} nada",
                          f"{pid}'s hand is empty: nothing is {nothing_en}")
    return hand, n


def ask_cards(ctx: AbilityContext, cards: list[CardState], *, key: str, rule: str, es: str, en: str,
              low: int, high: int) -> list[CardState]:
    """Ask the active player to choose between ``low`` and ``high`` of ``cards``, in an order that may matter."""
    if not cards or high == 0:
        return []
    chosen = ctx.game.res.ask(Question(
        key=key, player=ctx.game.active, rule=rule, prompt_es=es, prompt_en=en,
        options=tuple(Option(c.uid, ctx.game.label(c), ctx.game.label(c, "en"), ctx.game.board.define(c).names())
                      for c in cards), min_choices=low, max_choices=high))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    by_uid = {c.uid: c for c in cards}
    return [by_uid[v] for v in values]  # in the order answered (an order of entry, of cards on the deck…)


def entry_order(ctx: AbilityContext, cards: list[CardState]) -> list[CardState]:
    """Several cards put into play at once — chosen, returned from where a card set them aside, purged ones coming
    back — enter one by one in the order the active player chooses, the opponent's included (JUGADOR ACTIVO,
    KF172-CARD-03, Æmberlución); each creature's flank is then chosen as for one card."""
    if len(cards) < 2:
        return cards
    return ask_cards(ctx, cards, key="entry-order", rule="active-player",
                     es="¿En qué orden entran en juego?", en="In which order do they enter play?",
                     low=len(cards), high=len(cards))



# Importing the handler modules fills the registry; they import the interpreter above, so they come last.
from judge.games.keyforge.effects import (aember, cards, choices, control, copies, counters, damage,  # noqa: E402
                                          decks, destruction, discards, keys, lasting, playing, repeat, states, tokens,
                                          upgrades, using)

__all__ = ["HANDLERS", "LIST_HANDLERS", "Handler", "ask_cards", "condition", "flush_damage", "handler", "list_handler",
           "run_effect", "run_effects", "targets", "from_hand", "entry_order", "value", "player_of", "decider",
           "aember", "cards", "choices", "control", "copies", "counters", "damage", "decks", "destruction", "discards",
           "keys", "lasting", "playing", "repeat", "states", "tokens", "upgrades", "using"]
