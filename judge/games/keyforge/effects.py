"""The meaning of each effect of the ability vocabulary: what it does to the game, step by step.

Effects of one ability resolve in printed order (RESUELVE LAS HABILIDADES EN EL ORDEN EN QUE APARECEN), as much as
can be resolved (RESUELVE TODO LO QUE PUEDAS); "may" is the controller's choice (PUEDES); "then" only happens if
the effect did something ("SI LO HACES").
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.position import CardState
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.targets import candidates, resolve_target
from judge.games.keyforge.vocabulary import (ability_label, counted, effect_label, house_name, times_en, times_es, to_zone_es,
                                             key_color, zone_name)

Handler = Callable[[AbilityContext, dict[str, Any]], int]
HANDLERS: dict[str, Handler] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn
    return register


def run_effects(ctx: AbilityContext, effects: list[dict[str, Any]]) -> None:
    # All the damage one ability deals is dealt at the same time (DAÑO; Lanza Portentosa): consecutive damage
    # effects gather their pending damage and it is dealt when something else comes, or at the end.
    for i, effect in enumerate(effects):
        if effect["do"] != "deal-damage" and not _damage_waits(effects, i):
            flush_damage(ctx)
        if effect["do"] == "repeat":
            _repeat(ctx, effect, effects[i - 1] if i else None, effects[:i])
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


def _repeat(ctx: AbilityContext, effect: dict[str, Any], previous: dict[str, Any] | None,
            preceding: list[dict[str, Any]] | None = None) -> None:
    # ANTERIOR: "repeat the preceding effect" resolves that effect once more (what = "previous").
    # REPETIR: repeating "this card's effect" repeats all of it, the repeat instruction included, so it goes on
    # while its condition holds (what = "ability"; Gato por Liebre as printed and read by the 1.1 FAQ).
    game = ctx.game
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


LOOP_LIMIT = 24
"""After this many repetitions a loop whose condition still holds is treated as unbounded (BUCLES INFINITOS)."""

LOOP_HARD_LIMIT = 40
"""Abilities that trigger each other without ever coming back to a state they were in are taken for an endless loop
after this many repetitions (a chain that stops by itself — each steal triggering another until the pool is empty —
is shorter than that)."""


def _choose_loop_count(ctx: AbilityContext, step: Any, snapshots: list[tuple[Any, str]]) -> None:
    """BUCLES INFINITOS: the active player chooses how many times the loop resolves; the game is set back to the
    state after that many repetitions."""
    from judge.core.decisions import Option, Question

    game = ctx.game
    n = len(snapshots)
    chosen = int(game.res.ask(Question(
        key="loop-count", player=game.active, rule="infinite-loops",
        prompt_es=f"El bucle no termina por sí solo: ¿cuántas veces se resuelve (hasta {n})?",
        prompt_en=f"The loop does not end by itself: how many times does it resolve (up to {n})?",
        options=tuple(Option(str(k), str(k), str(k)) for k in range(1, n + 1)))))
    if chosen == n:
        return
    # Keep the decision step just recorded, drop the repetitions after the chosen count.
    game.res.rollback(snapshots[chosen][0], keep=[step.children[-1]])


def run_effect(ctx: AbilityContext, effect: dict[str, Any]) -> int:
    game = ctx.game
    if "if" in effect and not condition(ctx, effect["if"]):
        game.res.note("condition-false", "if-you-do", "La condición no se cumple: no tiene efecto",
                      "The condition does not hold: no effect")
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


# Values, amounts, players, conditions.

def decider(ctx: AbilityContext, effect: dict[str, Any]) -> str:
    """Who makes a decision of this effect: the active player (JUGADOR ACTIVO), unless the ability names someone
    (``chooser = "controller"`` / ``"opponent"`` — "your opponent chooses")."""
    who = effect.get("chooser")
    if who == "controller":
        return ctx.controller
    if who == "opponent":
        return ctx.game.position.opponent(ctx.controller)
    return ctx.game.active


def player_of(ctx: AbilityContext, who: str | None) -> str:
    if who in (None, "you", "controller"):
        return ctx.controller
    if who == "opponent":
        return ctx.game.position.opponent(ctx.controller)
    if who == "active":
        return ctx.game.active
    if who == "owner":
        card = ctx.source_card
        return card.owner if card else ctx.controller
    raise ValueError(who)


def value(ctx: AbilityContext, expr: Any) -> int:
    if isinstance(expr, int):
        return expr
    if isinstance(expr, dict):
        times = int(expr.get("times", 1))
        if "houses" in expr:
            # "for each house represented among …", up to `max` (No Confíes en Nadie).
            found = candidates(ctx.game, {**expr["houses"], "all": True}, ctx)
            houses = set().union(*(ctx.game.board.houses(c) for c in found)) if found else set()
            return times * min(len(houses), int(expr.get("max", len(houses))))
        if "count" in expr:
            return times * len(candidates(ctx.game, {**expr["count"], "all": True}, ctx))
        if "value" in expr:
            return times * value(ctx, expr["value"])
        if "sum" in expr:
            # Several amounts added up (Fragua de Obsidiana: the key costs 6 more, less 1 per creature destroyed
            # this way, KF172-GEN-29); a part with times = -1 is taken away.
            return times * sum(value(ctx, part) for part in expr["sum"])
    if expr == "done":
        # What the previous effect did (how many cards it actually destroyed, moved…): "destroyed this way" counts a
        # warded creature that was not destroyed out (KF172-GEN-29).
        done = int(getattr(ctx, "done", 0))
        ctx.game.res.note("this-way", "in-this-way", f"«De este modo»: lo que hizo el efecto anterior de esta habilidad ({done})",
                          f"'In this way': what the previous effect of this ability did ({done})")
        return done
    if isinstance(expr, str):
        who, _, what = expr.partition(".")
        if who in ("you", "opponent"):
            pid = player_of(ctx, who)
            if what == "amber":
                return ctx.game.amber(pid)
            if what == "keys":
                return ctx.game.board.forged_keys(pid)
            if what in ("hand", "deck", "discard", "archives"):
                return len(ctx.game.position.player(pid).zone(what))
            if what == "unforged-keys":
                return 3 - ctx.game.board.forged_keys(pid)
            if what == "key-cost":
                return ctx.game.board.key_cost(pid)
            if what == "chains":
                return int(ctx.game.position.player(pid).values.get("chains", 0))
            if what in ("fights", "friendly-destroyed", "discards", "plays", "destroyed-in-fight"):
                # What happened this turn (the position keeps these counts for the turn in progress).
                return int(ctx.game.position.values.get("this-turn", {}).get(f"{pid}.{what}", 0))
            if what == "forged-last-turn":
                return int(ctx.game.position.values.get("last-turn", {}).get(f"{pid}.forged", 0))
        if who == "event" and what == "amount":
            # How much the triggering event was about: damage prevented or dealt, Æmber (Maruck el Señalado).
            return int(ctx.event.get("amount", 0))
        if who in ("self", "it", "event-card"):
            cards = ctx.named(who)
            if what == "count":
                return len(cards)  # how many cards the previous effect named ("for each card discarded this way")
            card = cards[0] if cards else None
            if card is not None and what == "power":
                if not ctx.game.board.in_play(card) and card.uid in ctx.game.last_known:
                    # A card that left play during the ability: its power as it last was (ABANDONA EL JUEGO).
                    return int(ctx.game.last_known[card.uid]["power"])
                return ctx.game.board.power(card)
            if card is not None and what in ("amber", "damage", "power-counters"):
                return int(card.get({"power-counters": "power"}.get(what, what), 0))
    raise ValueError(f"unknown value {expr!r}")


def amount(ctx: AbilityContext, effect: dict[str, Any], default: int = 1) -> int:
    raw = effect.get("amount", default)
    return value(ctx, raw) if raw != "all" else 10**6


def condition(ctx: AbilityContext, cond: dict[str, Any]) -> bool:
    if cond.get("always"):
        return True
    if "not" in cond:
        return not condition(ctx, cond["not"])
    if "all" in cond:
        return all(condition(ctx, c) for c in cond["all"])
    if "any" in cond:
        return any(condition(ctx, c) for c in cond["any"])
    if "controls" in cond:
        return bool(candidates(ctx.game, {**cond["controls"], "all": True, "side": "friendly"}, ctx))
    if "house-is-chosen" in cond or "house-not-chosen" in cond:
        # Whether the named card (a card revealed) is of the house named earlier in the ability; with no card named
        # neither holds — there is no card "not of the named house" (Llave Falsificada with an empty hand: decision).
        cards = ctx.named(cond.get("house-is-chosen") or cond.get("house-not-chosen"))
        if not cards or ctx.chosen_house is None:
            return False
        hit = any(ctx.chosen_house in ctx.game.board.houses(c) for c in cards)
        return hit if "house-is-chosen" in cond else not hit
    if "share-house" in cond:
        # About cards that may have left play: their houses as they last were in play (ABANDONA EL JUEGO).
        cards = ctx.named(cond["share-house"])
        houses = [ctx.game.last_known_houses(c) for c in cards]
        return len(houses) >= 2 and bool(set.intersection(*houses))
    if "compare" in cond:
        left, op, right = cond["compare"]
        a, b = value(ctx, left), value(ctx, right)
        return {">": a > b, ">=": a >= b, "<": a < b, "<=": a <= b, "==": a == b, "!=": a != b}[op]
    if "turn" in cond:
        # Whose turn it is: "yours" (the ability's controller is the active player) or "opponents".
        mine = ctx.game.active == ctx.controller
        return mine if cond["turn"] == "yours" else not mine
    if "tide" in cond:
        # MAREA: high for the player who raised it last, low for the other; neutral at the start of the game.
        tide = ctx.game.position.values.get("tide")
        pid = player_of(ctx, cond.get("for", "you"))
        state = "neutral" if not tide else ("high" if tide == pid else "low")
        return state == cond["tide"]
    if "haunted" in cond:
        # EMBRUJADO: a player with 10 or more cards in their discard pile.
        pid = player_of(ctx, cond["haunted"])
        return len(ctx.game.position.player(pid).zone("discard")) >= 10
    if "count-at-least" in cond:
        spec, n = cond["count-at-least"]
        return len(candidates(ctx.game, {**spec, "all": True}, ctx)) >= n
    if "exists" in cond:
        return bool(candidates(ctx.game, {**cond["exists"], "all": True}, ctx))
    if "named-match" in cond:
        # The cards a named target gives ("that card", it) all match a filter (Tiburón de Neutrones: whether the
        # discarded card belongs to a house other than Logos).
        from judge.games.keyforge.targets import matches

        spec = cond["named-match"]
        cards = ctx.named(spec.get("target", "it"))
        return bool(cards) and all(matches(ctx.game.board, {"kind": "card", "filter": spec.get("filter", {})}, c,
                                           controller=ctx.controller, source=ctx.source_card) for c in cards)
    if "not-exists" in cond:
        return not candidates(ctx.game, {**cond["not-exists"], "all": True}, ctx)
    raise ValueError(f"unknown condition {cond!r}")


HIDDEN_ZONES = ("hand", "deck", "archives")


def targets(ctx: AbilityContext, effect: dict[str, Any], key: str = "target", *, rule: str) -> list[CardState]:
    spec = effect.get(key, "self")
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


# Æmber.

@handler("gain")
def _gain(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return ctx.game.gain(player_of(ctx, e.get("player")), amount(ctx, e))


@handler("lose")
def _lose(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return ctx.game.lose(player_of(ctx, e.get("player", "opponent")), amount(ctx, e))


@handler("steal")
def _steal(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # `player` is who steals: "your opponent steals 2" (Magda la Rata, KF172-ERR-14) takes from this card's controller.
    return ctx.game.steal(player_of(ctx, e.get("player")), amount(ctx, e))


@handler("capture")
def _capture(ctx: AbilityContext, e: dict[str, Any]) -> int:
    onto = targets(ctx, e, "onto", rule="capture") if "onto" in e else ctx.named("self")
    if not onto:
        return 0
    n = amount(ctx, e)
    if e.get("from") == "any":
        return _capture_from_any(ctx, onto[0], n)
    if e.get("from") == "own":
        # "It captures 1 from its own side" (Deformamentes, KF172-GEN-95): from its own controller's pool.
        return ctx.game.capture(onto[0], n, victim=onto[0].controller)
    if e.get("from-event"):
        # "Captures it": only the æmber the event is about, and only once — a second capturer finds none left
        # (KF172-CARD-106, two Ser Marrows). When a replacement takes it from the common supply instead, that æmber
        # never leaves the pool and the next capturer still finds it (Pixies de Po, KF172-GEN-41).
        left = int(ctx.event.get("amount", 0))
        n = min(n, left)
        victim = ctx.game.position.opponent(onto[0].controller)
        if ctx.game.supply_instead(victim) is None:
            ctx.event["amount"] = left - n
        if not n:
            ctx.game.res.note("nothing-left", "capture", "Ese Æmbar ya no está: no hay nada que capturar",
                              "That Æmber is gone: there is nothing to capture")
            return 0
    if isinstance(e.get("onto"), dict) and e["onto"].get("all"):
        # "Each of its neighbors captures 1" (Hermana Limosnera, KF172-CARD-91): each of them captures.
        return sum(ctx.game.capture(c, n) for c in onto)
    return ctx.game.capture(onto[0], n)


def _capture_from_any(ctx: AbilityContext, creature: CardState, n: int) -> int:
    """Capture from any combination of players' pools, the capturer's own included (Crasosaurio): as much as there is
    up to ``n`` must be taken (RESUELVE TODO LO QUE PUEDAS, KF172-GEN-89); the active player chooses how much comes from
    each pool when there is a choice."""
    from judge.core.decisions import Option, Question

    game = ctx.game
    own, other = creature.controller, game.position.opponent(creature.controller)
    total = min(n, game.amber(own) + game.amber(other))
    low, high = max(0, total - game.amber(other)), min(total, game.amber(own))
    from_own = low
    if high > low:
        from_own = int(game.res.ask(Question(
            key="amount", player=game.active, rule="resolve-as-much-as-you-can",
            prompt_es=f"¿Cuánto Æmbar de los {total} se captura de la reserva de {own}?",
            prompt_en=f"How much of the {total} Æmber is captured from {own}'s pool?",
            options=tuple(Option(str(k), str(k), str(k)) for k in range(low, high + 1)))))
    got = game.capture(creature, total - from_own, victim=other) if total - from_own else 0
    if from_own:
        got += game.capture(creature, from_own, victim=own)
    return got


@handler("return-aember")
def _return_aember(ctx: AbilityContext, e: dict[str, Any]) -> int:
    total = 0
    for card in targets(ctx, e, rule="return"):
        n = int(card.get("amber", 0))
        if n:
            opponent = ctx.game.position.opponent(card.controller)
            with ctx.game.res.step("return-aember", "return", f"El Æmbar de {ctx.game.label(card)} vuelve a {opponent}",
                                   f"The Æmber on {ctx.game.label(card, 'en')} returns to {opponent}", card=card.uid):
                ctx.game.res.set_card(card, "amber", 0)
                ctx.game.res.set_player(opponent, "amber", ctx.game.amber(opponent) + n)
            total += n
    return total


# Creatures.

@handler("deal-damage")
def _deal_damage(ctx: AbilityContext, e: dict[str, Any]) -> int:
    hit = targets(ctx, e, rule="damage")
    n = amount(ctx, e)
    hits = [(c, n) for c in hit]
    if e.get("splash"):
        splash = value(ctx, e["splash"])
        for c in hit:
            hits.extend((nb, splash) for nb in ctx.game.board.neighbors(c) if nb not in hit)
    ctx.pending_damage.extend(hits)
    if e.get("if-destroyed"):
        # Something that follows only when this damage destroys the creature: the damage is dealt now, and what follows acts on the creatures
        # it destroyed (where they went; a hidden zone puts them out of reach).
        flush_damage(ctx)
        destroyed = [c for c in hit if not ctx.game.board.in_play(c)]
        if destroyed:
            ctx.remembered = destroyed
            run_effects(ctx, e["if-destroyed"])
        else:
            ctx.game.res.note("not-destroyed", "if-you-do", "El daño no destruyó a la criatura: lo siguiente no ocurre",
                              "The damage did not destroy the creature: what follows does not happen")
        return len(destroyed)
    if e.get("then"):
        return sum(flush_damage(ctx).values())
    return len(hits)


@handler("heal")
def _heal(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return sum(ctx.game.heal(c, e.get("amount", 1) if e.get("amount") == "all" else amount(ctx, e))
               for c in targets(ctx, e, rule="heal"))


@handler("destroy")
def _destroy(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = targets(ctx, e, rule="destroyed")
    if "with" in e:
        # "Destroy an enemy creature and a friendly creature": both are chosen, then destroyed at the same time
        # (Quark Letal Rebotante, KF172-CARD-95); the effect happened only if both parts could be applied.
        other = targets(ctx, e, "with", rule="destroyed")
        if not cards or not other:
            if cards or other:
                ctx.game.res.note("no-target", "KF172-CARD-95", "Falta una de las dos criaturas: no se destruye ninguna",
                                  "One of the two creatures is missing: neither is destroyed")
            return 0
        ctx.game.destroy(cards + other)
        return len(cards) + len(other)
    return len(ctx.game.destroy(cards))


@handler("sacrifice")
def _sacrifice(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # COMO SI FUERA TUYO: a card used "as if you controlled it" that tells you to sacrifice it is still destroyed.
    own = [c for c in targets(ctx, e, rule="sacrifice")
           if c.controller == ctx.controller or ctx.game.as_if_yours.get(c.uid) == ctx.controller]
    if "total-power-at-least" in e:
        # "Sacrifice creatures with total power N or more": the chosen creatures are marked together, so their total
        # is their power as they were before any of them left play (ABANDONA EL JUEGO, KF172-CARD-84).
        need = value(ctx, e["total-power-at-least"])
        total = sum(ctx.game.board.power(c) for c in own)
        ctx.game.res.note("total-power", "sacrifice", f"Poder total elegido: {total} (hace falta {need})",
                          f"Total power chosen: {total} ({need} needed)")
        if total < need:
            return 0
    return len(ctx.game.destroy(own, rule="sacrifice", sacrifice=True))


def _set_flag(flag: str, value_: bool, rule: str, es: str, en: str) -> Handler:
    def run(ctx: AbilityContext, e: dict[str, Any]) -> int:
        n = 0
        for c in targets(ctx, e, rule=rule):
            if bool(c.get(flag)) == value_:
                ctx.game.res.note("no-change", rule, f"{ctx.game.label(c)} ya está {es}", f"{ctx.game.label(c, 'en')} is already {en}", card=c.uid)
                continue
            with ctx.game.res.step(flag, rule, f"{ctx.game.label(c)} queda {es}", f"{ctx.game.label(c, 'en')} is {en}", card=c.uid):
                ctx.game.res.set_card(c, flag, value_)
            n += 1
        return n
    return run


HANDLERS["stun"] = _set_flag("stun", True, "stun", "aturdida", "stunned")
HANDLERS["exhaust"] = _set_flag("exhausted", True, "exhaust", "agotada", "exhausted")
HANDLERS["ready"] = _set_flag("exhausted", False, "ready-and-exhausted", "preparada", "ready")
HANDLERS["enrage"] = _set_flag("enrage", True, "enrage", "enfurecida", "enraged")
HANDLERS["ward"] = _set_flag("ward", True, "ward", "escudada", "warded")


@handler("add-power")
def _add_power(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = amount(ctx, e)
    for c in targets(ctx, e, rule="power-counters"):
        with ctx.game.res.step("power", "power-counters", f"{ctx.game.label(c)} obtiene {counted(n, 'contador', 'contadores')} de +1 poder",
                               f"{ctx.game.label(c, 'en')} gets {counted(n, '+1 power counter', '+1 power counters')}", card=c.uid):
            ctx.game.res.set_card(c, "power", int(c.get("power", 0)) + n)
    return n


def _usable_through_effect(ctx: AbilityContext, c: CardState, *, as_if_yours: bool = False) -> bool:
    """USAR CARTAS MEDIANTE LAS HABILIDADES DE OTRAS CARTAS: a card used through another card's ability must meet every
    other requirement of its use — it must be ready, to be exhausted — and players use only cards they control, unless
    the ability says "as if it were yours" (COMO SI FUERA TUYO). Otherwise the card is not used at all."""
    game = ctx.game
    if not as_if_yours and c.controller != ctx.controller:
        game.res.note("cannot-use", "using-cards-through-other-cards",
                      f"{game.label(c)} no la controlas: no se puede usar",
                      f"{game.label(c, 'en')} is not yours to control: it cannot be used", card=c.uid)
        return False
    if c.get("exhausted"):
        game.res.note("cannot-use", "using-cards-through-other-cards",
                      f"{game.label(c)} está agotada: no se puede usar",
                      f"{game.label(c, 'en')} is exhausted: it cannot be used", card=c.uid)
        return False
    return True


@handler("fight-with")
def _fight_with(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import using

    if "against" in e:
        return _fight_each_against(ctx, e)

    chosen = targets(ctx, {**e, "target": e.get("target", {"choose": 1, "kind": "creature", "side": "friendly"})},
                     rule="fight-with")
    fought = []
    for c in chosen:
        if e.get("ready"):
            HANDLERS["ready"](ctx, {"do": "ready", "target": "it"})
        if not _usable_through_effect(ctx, c):
            continue
        defender = using.fight(ctx.game, c, through_effect=True)
        if defender is not None:
            fought.append(defender)
    if fought:
        # What follows in the ability names "the attacked creature" as it: even gone from play, its neighbours are
        # those it had just before it left (Desolar, KF172-CARD-30, KF172-GEN-75).
        ctx.remembered = fought
    return len(chosen)


def _fight_each_against(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Have each fight its own enemy creature, ignoring taunt; resolve these fights one at a time" (Hordas
    Interminables): the attackers are paired with the creatures `against` names, one each; the active player orders
    the fights. A use through a card effect still counts for the rule of six: once six cards of a name were played or
    used this turn, the next one of that name does not fight (REGLA DEL SEIS, KF172-CARD-70)."""
    from judge.games.keyforge import using

    game = ctx.game
    attackers = targets(ctx, e, rule="fight-with")
    defenders = resolve_target(game, e["against"], ctx, rule="fight", verb="fight-with")
    pairs = list(zip(attackers, defenders))
    if len(pairs) > 1:
        order = _ask_cards(ctx, [d for _, d in pairs], key="fight-order", rule="active-player",
                           es="¿En qué orden se resuelven las luchas (por la criatura enemiga)?",
                           en="In which order are the fights resolved (by enemy creature)?", low=len(pairs), high=len(pairs))
        by_defender = {d.uid: a for a, d in pairs}
        pairs = [(by_defender[d.uid], d) for d in order]
    fought = 0
    for attacker, defender in pairs:
        if not (game.board.in_play(attacker) and game.board.in_play(defender)):
            continue
        name = game.board.define(attacker).id
        done = int(game.position.values.get("plays", {}).get(name, 0)) + int(game.position.values.get("uses", {}).get(name, 0))
        if done >= 6:
            game.res.note("rule-of-six", "rule-of-six",
                          f"{game.label(attacker)}: ya se jugaron o usaron 6 cartas con este nombre este turno, no lucha",
                          f"{game.label(attacker, 'en')}: 6 cards of this name were already played or used this turn, it does not fight",
                          card=attacker.uid)
            continue
        uses = dict(game.position.values.get("uses", {}))
        uses[name] = uses.get(name, 0) + 1
        game.res.set_value("uses", uses)
        if using.fight(game, attacker, through_effect=True, defender=defender) is not None:
            fought += 1
    return fought


@handler("redirect-fight-damage")
def _redirect_fight_damage(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Choose a creature: this creature deals its fight damage to it rather than to the one it fights" (Gabos
    Brazoslargos): a "Antes de luchar:" choice the fight's damage step then follows."""
    chosen = targets(ctx, e, rule="fight")
    if not chosen:
        return 0
    ctx.game.fight_redirect[ctx.source] = chosen[0].uid
    return 1


@handler("reap-with")
def _reap_with(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import using

    chosen = targets(ctx, e, rule="using-cards-through-other-cards")
    for c in chosen:
        if e.get("ready"):
            HANDLERS["ready"](ctx, {"do": "ready", "target": "it"})
        if not _usable_through_effect(ctx, c):
            continue
        using.reap(ctx.game, c, through_effect=True)
    return len(chosen)


# Zones.

def _move_out(zone: str, rule: str) -> Handler:
    def run(ctx: AbilityContext, e: dict[str, Any]) -> int:
        moved = 0
        done = []
        # "Put it into your archives" (Recolección de Muestras) names the zone explicitly: the controller's, not the
        # owner's (ABANDONA EL JUEGO: "a menos que el efecto de una carta indique explícitamente…").
        to_player = player_of(ctx, e["to"]) if e.get("to") else None
        for c in targets(ctx, e, rule=rule):
            if ctx.game.board.in_play(c):
                if ctx.game.board.is_creature(c) and c.get("ward") and not c.get("marked"):
                    moved += int(ctx.game.leave_play_by_effect(c, zone, rule=rule))
                    continue
                ctx.game.leaves_play(c, zone, rule=rule, to_player=to_player)
                moved += 1
                done.append(c)
            elif move_out_of_zone(ctx.game, c, to_player or c.owner, zone, rule=rule):
                moved += 1
                done.append(c)
        if done:
            ctx.remembered = done
        return moved
    return run


def move_out_of_zone(game: Any, card: CardState, pid: str, zone: str, *, rule: str) -> bool:
    """Move a card that is not in play to another zone; a lasting "if it leaves this zone, it goes to its owner's
    hand instead" replaces the move (Recolección de Muestras, KF172-GEN-07). Return whether it reached ``zone``."""
    where = game.position.find(card.uid)
    here = where[1] if where else None
    lasting = list(game.position.values.get("lasting", []))
    for n, entry in enumerate(lasting):
        effect = entry.get("effect", {})
        if effect.get("modify") == "redirect-leaving" and card.uid in effect.get("target", {}).get("uids", ()) \
                and effect.get("zone") == here and here != zone:
            dest = effect.get("to", "hand")
            with game.res.step("replaced", "replacement-effects",
                               f"Efecto de sustitución: {game.label(card)} va {to_zone_es(dest)} de su propietario en vez de eso",
                               f"Replacement effect: {game.label(card, 'en')} goes to its owner's {zone_name(dest, 'en')} instead", card=card.uid):
                game.res.move(card, card.owner, dest)
                uids = [u for u in effect["target"]["uids"] if u != card.uid]
                if uids:
                    lasting[n] = {**entry, "effect": {**effect, "target": {"uids": uids}}}
                else:
                    del lasting[n]  # it has replaced every move it was waiting for
                game.res.set_value("lasting", lasting or None)
            return dest == zone
    game.res.move(card, pid, zone)
    return True


# PURGAR (l.1308) puts purged cards face down under the identity card, while ZONAS FUERA DE JUEGO (l.1522) says
# they are face up and anyone may look: the position shows them to the judge (the later, more specific rule), and no
# rule here depends on which way they face.
HANDLERS["archive"] = _move_out("archives", "archives")
HANDLERS["return-to-hand"] = _move_out("hand", "return")
_purge = _move_out("purged", "purge")


@handler("purge")
def _purge_remembering(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = _purge(ctx, e)
    if e.get("remember"):
        # "cards purged by this card" (Caja de Spangler): the purged card keeps who purged it.
        for c in ctx.remembered:
            if ctx.game.position.find(c.uid) and ctx.game.position.locate(c.uid)[1] == "purged":
                ctx.game.res.set_card(c, "purged-by", ctx.source)
    return n


@handler("draw")
def _draw(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return ctx.game.draw(player_of(ctx, e.get("player")), amount(ctx, e))


@handler("discard-random")
def _discard_random(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.core.decisions import Option, Question

    pid = player_of(ctx, e.get("player", "opponent"))
    hand = ctx.game.position.player(pid).zone("hand")
    n = min(amount(ctx, e), len(hand))
    if not n:
        if not hand:
            ctx.game.res.note("no-target", "resolve-as-much-as-you-can", f"La mano de {pid} está vacía: no se descarta nada",
                              f"{pid}'s hand is empty: nothing is discarded")
        return 0
    # A random card is not the engine's to pick: the judge reports which card the table's random draw gave.
    chosen = ctx.game.res.ask(Question(
        key="random-card", player=pid, rule="discard-cards",
        prompt_es=f"¿Qué carta se descarta al azar de la mano de {pid}?" if n == 1
        else f"¿Qué {n} cartas se descartan al azar de la mano de {pid}?",
        prompt_en=f"Which card is discarded at random from {pid}'s hand?" if n == 1
        else f"Which {n} cards are discarded at random from {pid}'s hand?",
        options=tuple(Option(c.uid, ctx.game.label(c), ctx.game.label(c, "en"), ctx.game.board.define(c).names()) for c in hand),
        min_choices=n, max_choices=n))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    for c in [c for c in hand if c.uid in values]:
        ctx.game.res.move(c, c.owner, "discard")
    return n


# Turn and keys.

@handler("gain-chains")
def _gain_chains(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    chains = int(ctx.game.position.player(pid).values.get("chains", 0))
    new = min(24, chains + amount(ctx, e))  # a player cannot have more than 24 chains (CADENAS)
    with ctx.game.res.step("chains", "chains", f"{pid} obtiene cadenas ({chains} → {new})", f"{pid} gains chains ({chains} → {new})"):
        ctx.game.res.set_player(pid, "chains", new)
    return new - chains


@handler("forge-key")
def _forge_key(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    cost = value(ctx, e["cost"]) if "cost" in e else None
    return int(ctx.game.forge(pid, cost=cost))


@handler("take-control")
def _take_control(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import playing

    n = 0
    new = player_of(ctx, e.get("to", "you"))
    for c in targets(ctx, e, rule="control"):
        if c.controller == new:
            continue
        playing.change_control(ctx.game, c, new)
        n += 1
    return n


# Structure.

@handler("lasting")
def _lasting(ctx: AbilityContext, e: dict[str, Any]) -> int:
    effect = dict(e.get("effect", {}))
    if "replace" in e:
        effect["replace"] = e["replace"]
    target = effect.get("target")
    if isinstance(target, dict) and "choose" in target:
        # "Choose a creature. For the remainder of the turn, the chosen creature…" (Escudo Santificado): the choice
        # is made now, and the effect stays on that creature.
        effect["target"] = {"uids": [c.uid for c in targets(ctx, {"do": "lasting", "target": target}, rule="lasting-effects")]}
    elif isinstance(target, str) and target != "self":
        effect["target"] = {"uids": [c.uid for c in ctx.named(target)]}
    elif target == "self":
        effect["target"] = {"uids": [ctx.source]}
    if effect.get("house") == "chosen":
        effect["house"] = ctx.chosen_house
    if effect.get("modify") == "house" and effect.get("value") == "active":
        # "It belongs to the active house" (Animador): the house active when the effect is created.
        effect["value"] = ctx.game.position.player(ctx.game.active).values.get("house")
    entry: dict[str, Any] = {"source": ctx.source, "controller": ctx.controller, "duration": e.get("duration", "turn"),
                             "effect": effect}
    if entry["duration"] == "opponents-next-turn":
        # "During your opponent's next turn": it starts with the next turn, the opponent's, and ends with it
        # (KF172-CARD-94, KF172-ERR-16).
        entry["turn"] = ctx.game.position.turn + (1 if ctx.game.active == ctx.controller else 2)
    source = ctx.source_card
    if source is not None:
        entry["card"] = source.card
    if "trigger" in e:
        entry["ability"] = {"trigger": "after", **e["trigger"]}
        if any(x.get("target") == "it" for x in entry["ability"].get("effects", [])):
            # Gebuk: once it has left play, the card it set aside comes into play — "it" is the card named when the effect was
            # made, kept by uid until the event comes (KF172-CARD-56).
            uids = [c.uid for c in ctx.named("it")]
            entry["ability"] = {**entry["ability"], "effects": [
                {**x, "target": {"uids": uids}} if x.get("target") == "it" else x for x in entry["ability"]["effects"]]}
        if not effect:
            entry.pop("effect")
    lasting = list(ctx.game.position.values.get("lasting", []))
    lasting.append(entry)
    with ctx.game.res.step("lasting", "lasting-effects", "Se crea un efecto duradero", "A lasting effect is created"):
        ctx.game.res.set_value("lasting", lasting)
    return 1


@handler("repeat")
def _repeat_alone(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # A repeat reached through run_effect directly (e.g. inside "then") has no preceding effect of its own list.
    raise ValueError("'repeat' must follow the effect it repeats in the same list")


@handler("save")
def _save(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # Only an "instead" replacement removes the mark of a card marked for destruction (DESTRUIDA).
    n = 0
    for c in targets(ctx, e, rule="destroyed"):
        if c.get("marked"):
            with ctx.game.res.step("saved", "replacement-effects",
                                   f"Efecto de sustitución: {ctx.game.label(c)} no es destruida (se retira la marca)",
                                   f"Replacement effect: {ctx.game.label(c, 'en')} is not destroyed (the mark is removed)",
                                   card=c.uid):
                ctx.game.unmark(c)
            n += 1
    return n


@handler("make-token")
def _make_token(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    made = 0
    if "target" in e:
        # "Make each … a token creature as if it were the top card of your deck" (KF172-ERR-12, KF172-ERR-17).
        for c in targets(ctx, e, rule="token-creatures"):
            made += int(ctx.game.make_token(pid, c))
        return made
    tokens = []
    for _ in range(amount(ctx, e)):
        deck = ctx.game.position.player(pid).zone("deck")
        top = deck[0] if deck else None
        if not ctx.game.make_token(pid):
            break
        made += 1
        if top is not None:
            tokens.append(top)
    if tokens:
        ctx.remembered = tokens  # "ready it, and have it fight…" (Hordas Interminables, KF172-CARD-70)
    return made


@handler("play-top-of-deck")
def _play_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import playing

    deck = ctx.game.position.player(ctx.controller).zone("deck")
    if not deck:
        ctx.game.res.note("no-target", "deck", "El mazo está vacío", "The deck is empty")
        return 0
    return int(playing.play_from_effect(ctx.game, deck[0], origin="deck"))


@handler("raise-tide")
def _raise_tide(ctx: AbilityContext, e: dict[str, Any]) -> int:
    return int(ctx.game.raise_tide(player_of(ctx, e.get("player"))))


@handler("swap")
def _swap(ctx: AbilityContext, e: dict[str, Any]) -> int:
    first = ctx.named("self")
    other = targets(ctx, e, rule="swap")
    if not first or not other:
        return 0
    if first[0].controller != other[0].controller:
        # A creature is only in its controller's battleline: resolved "as if you controlled it", nothing moves it to
        # yours (CONTROL, KF172-GEN-63, KF13-FAQ-27).
        ctx.game.res.note("not-controlled", "control", "Están en líneas de batalla distintas y el control no cambia: no ocurre nada",
                          "They are in different battlelines and control does not change: nothing happens")
        return 0
    return int(ctx.game.swap(first[0], other[0]))


@handler("choose-house")
def _choose_house(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.core.decisions import Option, Question
    from judge.games.keyforge.catalog import HOUSES

    houses = [h for h in HOUSES if h not in ("none", "prophecy", "tide")]
    ctx.chosen_house = ctx.game.res.ask(Question(key="name-house", player=decider(ctx, e), rule="house-choice",
                                                 prompt_es="Elige una Casa", prompt_en="Choose a house",
                                                 options=tuple(Option(h, house_name(h), house_name(h, "en")) for h in houses)))
    return 1


@handler("reveal-random")
def _reveal_random(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Reveal cards at random from a zone (a hand): they stay there; the judge reports which card the table's random
    pick gave; what follows names them as "it"."""
    pid = player_of(ctx, e.get("player"))
    zone = e.get("zone", "hand")
    pool = list(ctx.game.position.player(pid).zone(zone))
    n = min(amount(ctx, e), len(pool))
    chosen = _ask_cards(ctx, pool, key="random-card", rule="ability",
                        es=f"¿Qué carta se revela al azar de {zone_name(zone)} de {pid}?" if n == 1
                        else f"¿Qué {n} cartas se revelan al azar de {zone_name(zone)} de {pid}?",
                        en=f"Which card is revealed at random from {pid}'s {zone_name(zone, 'en')}?" if n == 1
                        else f"Which {n} cards are revealed at random from {pid}'s {zone_name(zone, 'en')}?",
                        low=n, high=n)
    for c in chosen:
        ctx.game.res.note("reveal", "ability", f"Se revela {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is revealed", card=c.uid)
    ctx.remembered = chosen
    return len(chosen)


@handler("cancel-forge")
def _cancel_forge(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # "they do not forge that key (no æmber is spent)": only inside a "would-forge" ability (Llave Falsificada).
    with ctx.game.res.step("cancel-forge", "replacement-effects", "No se forja esa llave (no se gasta Æmbar)",
                           "That key is not forged (no Æmber is spent)"):
        ctx.game.forge_cancelled = True
    return 1


@handler("use")
def _use(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # USAR CARTAS MEDIANTE LAS HABILIDADES DE OTRAS CARTAS: the card is used as if by its controller, any house.
    from judge.core.decisions import Option, Question
    from judge.games.keyforge import using

    chosen = targets(ctx, e, rule="using-cards-through-other-cards")
    if e.get("as-if-yours"):
        ctx.game.res.note("as-if-yours", "as-if-yours", "Se usa como si fuera tuya: el control no cambia",
                          "It is used as if it were yours: control does not change")
    for c in chosen:
        if e.get("ready"):
            HANDLERS["ready"](ctx, {"do": "ready", "target": "it"})
        if not e.get("as-if-yours") and c.controller != ctx.controller:
            _usable_through_effect(ctx, c)  # notes why: only cards the player controls are used
            continue
        if c.get("exhausted"):
            ctx.game.res.note("cannot-use", "ready-and-exhausted", f"{ctx.game.label(c)} está agotada: no se puede usar",
                              f"{ctx.game.label(c, 'en')} is exhausted: it cannot be used", card=c.uid)
            continue
        ways = [w for w in using.ways_to_use(ctx.game, c, user=ctx.game.active if e.get("as-if-yours") else None)]
        if not ways:
            continue
        how = ways[0] if len(ways) == 1 else ctx.game.res.ask(Question(
            key="use-how", player=decider(ctx, e), rule="using-cards-through-other-cards",
            prompt_es=f"¿Cómo usas {ctx.game.label(c)}?", prompt_en=f"How do you use {ctx.game.label(c, 'en')}?",
            options=tuple(Option(w, *{"reap": ("Cosechar", "Reap"), "fight": ("Luchar", "Fight"),
                                      "action": ("Acción", "Action"), "omni": ("Omni", "Omni"),
                                      "unstun": ("Retirar aturdimiento", "Remove the stun")}[w]) for w in ways)))
        using.use_as(ctx.game, c, how, as_if_yours=ctx.game.active if e.get("as-if-yours") else None)
    return len(chosen)


@handler("archive-from-hand")
def _archive_from_hand(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.core.decisions import Option, Question

    pid = player_of(ctx, e.get("player"))
    hand = ctx.game.position.player(pid).zone("hand")
    n = min(amount(ctx, e), len(hand))
    if not n:
        if not hand:
            ctx.game.res.note("no-target", "resolve-as-much-as-you-can", f"La mano de {pid} está vacía: no se archiva nada",
                              f"{pid}'s hand is empty: nothing is archived")
        return 0
    # Nothing to choose when the whole hand must be archived (a single possible target asks nothing, docs/abilities.md).
    chosen = tuple(c.uid for c in hand) if n == len(hand) else ctx.game.res.ask(Question(
        key="archive", player=pid, rule="archives", prompt_es=f"Elige {counted(n, 'carta', 'cartas')} de tu mano para archivar",
        prompt_en=f"Choose {counted(n, 'card', 'cards')} from your hand to archive",
        options=tuple(Option(c.uid, ctx.game.label(c), ctx.game.label(c, "en"), ctx.game.board.define(c).names()) for c in hand),
        min_choices=n, max_choices=n))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    for c in [c for c in hand if c.uid in values]:
        with ctx.game.res.step("archive", "archives", f"Se archiva {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is archived"):
            ctx.game.res.move(c, pid, "archives")
    return n


@handler("exalt")
def _exalt(ctx: AbilityContext, e: dict[str, Any]) -> int:
    n = 0
    for c in targets(ctx, e, rule="exalt"):
        with ctx.game.res.step("exalt", "exalt", f"Se exalta a {ctx.game.label(c)}: 1 Æmbar de la reserva común sobre ella",
                               f"{ctx.game.label(c, 'en')} is exalted: 1 Æmber from the common supply on it", card=c.uid):
            ctx.game.res.set_card(c, "amber", int(c.get("amber", 0)) + 1)
        n += 1
    return n


@handler("pay")
def _pay(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    other = ctx.game.position.opponent(pid)
    wanted = amount(ctx, e)
    if e.get("then") and ctx.game.amber(pid) < wanted:
        # PAGAR: paying an opponent "to" do something (a `pay` with `then`) must be paid in full. A player who cannot
        # pay all of it pays nothing, and what the payment was for does not happen. (Decision: a `pay` without `then`
        # is a plain payment, and pays what there is.)
        ctx.game.res.note("cannot-pay", "pay", f"{pid} no puede pagar {wanted} Æmbar en su totalidad: no paga",
                          f"{pid} cannot pay {wanted} Æmber in full: nothing is paid")
        return 0
    n = min(wanted, ctx.game.amber(pid))
    with ctx.game.res.step("pay", "pay", f"{pid} paga {n} Æmbar a {other}", f"{pid} pays {n} Æmber to {other}"):
        ctx.game.res.set_player(pid, "amber", ctx.game.amber(pid) - n)
        ctx.game.res.set_player(other, "amber", ctx.game.amber(other) + n)
    return n


@handler("move-aember")
def _move_aember(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # MOVER: moving Æmber is not capturing, stealing or losing it; nothing that waits for those happens.
    sources = targets(ctx, e, "from", rule="move")
    if not sources:
        return 0
    source = sources[0]
    n = min(amount(ctx, e), int(source.get("amber", 0)))
    dest = e.get("to", "supply")
    receivers: list[CardState] = []
    if dest not in ("supply", "you", "opponent"):
        receivers = resolve_target(ctx.game, dest, ctx, rule="move", verb="move-aember")[:1]
        if not receivers:
            return 0  # nowhere to move it: the æmber stays where it is
    with ctx.game.res.step("move-aember", "move", f"Se mueven {n} Æmbar de {ctx.game.label(source)}",
                           f"{n} Æmber is moved from {ctx.game.label(source, 'en')}", card=source.uid):
        ctx.game.res.set_card(source, "amber", int(source.get("amber", 0)) - n)
        if dest in ("you", "opponent"):
            pid = player_of(ctx, dest)
            ctx.game.res.set_player(pid, "amber", ctx.game.amber(pid) + n)
        for card in receivers:
            ctx.game.res.set_card(card, "amber", int(card.get("amber", 0)) + n)
    return n


@handler("unforge")
def _unforge(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player", "opponent"))
    keys = ctx.game.position.player(pid).values.get("keys", 0)
    if not ctx.game.board.forged_keys(pid):
        ctx.game.res.note("no-target", "resolve-as-much-as-you-can", f"{pid} no tiene llaves forjadas: no se desforja ninguna",
                          f"{pid} has no forged key: none is unforged")
        return 0
    with ctx.game.res.step("unforge", "unforge", f"Se desforja una llave de {pid}", f"One of {pid}'s keys is unforged"):
        if isinstance(keys, list):
            from judge.core.decisions import Option, Question

            color = keys[0] if len(keys) == 1 else ctx.game.res.ask(Question(
                key="key-color", player=decider(ctx, e), rule="unforge", prompt_es="¿Qué llave se desforja?",
                prompt_en="Which key is unforged?", options=tuple(Option(k, key_color(k), key_color(k, "en")) for k in keys)))
            ctx.game.res.set_player(pid, "keys", [k for k in keys if k != color])
        else:
            ctx.game.res.set_player(pid, "keys", int(keys) - 1)
    return 1


def _ask_cards(ctx: AbilityContext, cards: list[CardState], *, key: str, rule: str, es: str, en: str,
               low: int, high: int) -> list[CardState]:
    from judge.core.decisions import Option, Question

    if not cards or high == 0:
        return []
    chosen = ctx.game.res.ask(Question(
        key=key, player=ctx.game.active, rule=rule, prompt_es=es, prompt_en=en,
        options=tuple(Option(c.uid, ctx.game.label(c), ctx.game.label(c, "en"), ctx.game.board.define(c).names())
                      for c in cards), min_choices=low, max_choices=high))
    values = chosen if isinstance(chosen, tuple) else (chosen,)
    by_uid = {c.uid: c for c in cards}
    return [by_uid[v] for v in values]  # in the order answered (an order of entry, of cards on the deck…)


@handler("search")
def _search(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # BUSCAR: the player looks at the zone, may choose not to find, reveals what is found; a whole deck searched is
    # shuffled afterwards (the new order is the table's, reported as an answer).
    from judge.games.keyforge.targets import matches

    game = ctx.game
    pid = player_of(ctx, e.get("player"))
    zones = {"deck-and-discard": ("deck", "discard")}.get(e.get("zone", "deck"), (e.get("zone", "deck"),))
    pool = [c for z in zones for c in game.position.player(pid).zone(z)
            if matches(game.board, {"kind": "card", "filter": e.get("filter", {})}, c, controller=pid, source=None)]
    n = amount(ctx, e)
    with game.res.step("search", "search", f"{pid} busca en {' y '.join(zone_name(z) for z in zones)}",
                       f"{pid} searches their {' and '.join(zone_name(z, 'en') for z in zones)}"):
        found = _ask_cards(ctx, pool, key="search", rule="search", es=f"¿Qué carta encuentras? (puedes no encontrar ninguna)" if n == 1
                           else f"¿Qué cartas encuentras? (hasta {n}; puedes no encontrar ninguna)",
                           en="Which card do you find? (you may find none)" if n == 1
                           else f"Which cards do you find? (up to {n}; you may find none)", low=0, high=min(n, len(pool)))
        to = e.get("to", "hand")
        for c in found:
            game.res.note("reveal", "search", f"Se revela {game.label(c)}", f"{game.label(c, 'en')} is revealed", card=c.uid)
            if to == "play":
                from judge.games.keyforge import playing

                playing.put_into_play(game, c, pid)
            else:
                game.res.move(c, c.owner, to)
        if "deck" in zones:
            game.shuffle_deck(pid)
    ctx.remembered = found
    return len(found)


@handler("put-into-play")
def _put_into_play(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import playing

    cards = targets(ctx, e, rule="put-into-zone")
    if len(cards) > 1:
        # Several cards entering play at once: the active player chooses the order, the opponent's included
        # (KF172-CARD-03, Æmberlución).
        cards = _ask_cards(ctx, cards, key="entry-order", rule="active-player",
                           es="¿En qué orden entran en juego?", en="In which order do they enter play?",
                           low=len(cards), high=len(cards))
    at = None
    if e.get("at") == "event-position" and ctx.event.get("position") is not None:
        # "in Gebuk's position in the battleline": where the card the event is about stood before it left play.
        at = int(ctx.event["position"])
    for c in cards:
        playing.put_into_play(ctx.game, c, player_of(ctx, e.get("player")), index=at)
        if e.get("ready") and ctx.game.board.in_play(c) and c.get("exhausted"):
            # "put it into play ready" (Huevo de Saurio, KF172-GEN-30)
            with ctx.game.res.step("ready", "ready-and-exhausted", f"{ctx.game.label(c)} entra preparada",
                                   f"{ctx.game.label(c, 'en')} enters ready", card=c.uid):
                ctx.game.res.set_card(c, "exhausted", False)
    return len(cards)


@handler("return-purged")
def _return_purged(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import playing

    purged = [c for p in ctx.game.position.players.values() for c in p.zone("purged") if c.get("purged-by") == ctx.source]
    kind = e.get("kind")
    returned = 0
    for c in purged:
        if kind == "creature" and not ctx.game.board.define(c).is_creature:
            # A token creature purged reverted to its printed type: a card that is no longer a creature cannot return
            # as one and stays purged (KF172-CARD-61, General Sherman).
            ctx.game.res.note("stays-purged", "token-creatures",
                              f"{ctx.game.label(c)} ya no es una criatura: no vuelve al juego y sigue purgada",
                              f"{ctx.game.label(c, 'en')} is no longer a creature: it does not return and stays purged",
                              card=c.uid)
            continue
        ctx.game.res.set_card(c, "purged-by", 0)
        playing.put_into_play(ctx.game, c, c.owner, exhausted=bool(e.get("exhausted")),
                              keep_controller=bool(e.get("under-owner")))
        returned += 1
    return returned


@handler("exchange-control")
def _exchange_control(ctx: AbilityContext, e: dict[str, Any]) -> int:
    mine = targets(ctx, e, "target", rule="exchange-control")
    theirs = targets(ctx, e, "with", rule="exchange-control")
    if not mine or not theirs:
        return 0
    return int(ctx.game.exchange_control(mine[0], theirs[0]))


@handler("move-creature")
def _move_creature(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import playing

    moved = targets(ctx, e, rule="move")
    for c in moved:
        playing.put_creature_into_play(ctx.game, c, c.controller, rule="move", entering=False)
    return len(moved)


@handler("discard-top-of-deck")
def _discard_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    if e.get("player") == "each":
        return _discard_top_each(ctx, e)
    pid = player_of(ctx, e.get("player"))
    deck = ctx.game.position.player(pid).zone("deck")
    top = list(deck[: amount(ctx, e)])
    for c in top:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)} del mazo",
                               f"{ctx.game.label(c, 'en')} is discarded from the deck", card=c.uid):
            ctx.game.res.move(c, c.owner, "discard")
    ctx.remembered = top
    return len(top)


def _discard_top_each(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """DESCARTAR CARTAS: "if an ability tells both players to discard cards, the active player decides which player
    discards first"; that player reveals every card to discard, the active player puts them on the owner's discard
    pile in the order they choose; then the other player does the same. A player with no card to discard is skipped
    (nothing to decide about them)."""
    from judge.core.decisions import Option, Question

    game = ctx.game
    n = amount(ctx, e)
    players = [p for p in game.position.players if game.position.player(p).zone("deck")]
    if len(players) > 1:
        first = game.res.ask(Question(
            key="discard-first", player=game.active, rule="discard-cards",
            prompt_es="¿Qué jugador descarta primero?", prompt_en="Which player discards first?",
            options=tuple(Option(p, p, p) for p in players)))
        players = [first] + [p for p in players if p != first]
    done: list[CardState] = []
    for pid in players:
        top = list(game.position.player(pid).zone("deck")[:n])
        game.res.note("reveal", "discard-cards",
                      f"{pid} revela las cartas que descarta: {', '.join(game.label(c) for c in top)}",
                      f"{pid} reveals the cards to discard: {', '.join(game.label(c, 'en') for c in top)}")
        if len(top) > 1:
            # The first card answered goes on the pile first (it ends up under the others).
            top = _ask_cards(ctx, top, key="discard-order", rule="discard-cards",
                             es=f"¿En qué orden van a la pila de descartes las cartas de {pid}?",
                             en=f"In which order do {pid}'s cards go to the discard pile?", low=len(top), high=len(top))
        for c in top:
            with game.res.step("discard", "discard-cards", f"Se descarta {game.label(c)} del mazo",
                               f"{game.label(c, 'en')} is discarded from the deck", card=c.uid):
                game.res.move(c, c.owner, "discard")
        done += top
    ctx.remembered = done
    return len(done)


@handler("shuffle-into-deck")
def _shuffle_into_deck(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = targets(ctx, e, rule="shuffle")
    owners = []
    for c in cards:
        if ctx.game.board.in_play(c):
            if not ctx.game.leave_play_by_effect(c, "deck", rule="shuffle"):
                continue
        else:
            ctx.game.res.move(c, c.owner, "deck")
        owners.append(c.owner)
    for pid in dict.fromkeys(owners):
        ctx.game.shuffle_deck(pid)
    return len(owners)


@handler("lose-chains")
def _lose_chains(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    chains = int(ctx.game.position.player(pid).values.get("chains", 0))
    new = max(0, chains - amount(ctx, e))
    with ctx.game.res.step("chains", "chains", f"{pid} se libra de cadenas ({chains} → {new})", f"{pid} sheds chains ({chains} → {new})"):
        ctx.game.res.set_player(pid, "chains", new)
    return chains - new


@handler("graft")
def _graft(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # INJERTAR: the grafted card goes face up under the other card; it is not in play, and goes to its owner's discard
    # pile when the card it is grafted onto leaves play.
    cards = targets(ctx, e, rule="graft")
    onto = targets(ctx, e, "onto", rule="graft")
    if not cards or not onto:
        return 0
    host = onto[0]
    for c in cards:
        with ctx.game.res.step("graft", "graft", f"{ctx.game.label(c)} se injerta en {ctx.game.label(host)}",
                               f"{ctx.game.label(c, 'en')} is grafted onto {ctx.game.label(host, 'en')}", card=c.uid):
            ctx.game.res.attach(c, host)
            ctx.game.res.set_card(c, "grafted", True)
    return len(cards)


@handler("discard-from-hand")
def _discard_from_hand(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """A chosen discard: the active player (or the named chooser) picks the cards."""
    from judge.games.keyforge.targets import matches

    pid = player_of(ctx, e.get("player"))
    hand = [c for c in ctx.game.position.player(pid).zone("hand")
            if matches(ctx.game.board, {"kind": "card", "filter": e.get("filter", {})}, c, controller=pid, source=None)]
    from judge.games.keyforge import playing

    n = min(amount(ctx, e), len(hand))
    if n == len(hand):
        chosen = list(hand)  # no choice: every card that can be discarded is
    else:
        chosen = _ask_cards(ctx, hand, key="discard", rule="discard-cards",
                            es=f"Elige {counted(n, 'carta', 'cartas')} de la mano de {pid} para descartar",
                            en=f"Choose {counted(n, 'card', 'cards')} from {pid}'s hand to discard", low=n, high=n)
    for c in chosen:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is discarded",
                               card=c.uid):
            playing.discarded_from_hand(ctx.game, c, pid, together=len(chosen) > 1)
    if len(chosen) > 1:
        # Discarded at once: their "Desguazar:" abilities resolve afterwards, in the active player's order (DESGUAZAR).
        playing.after_discarded_together(ctx.game, chosen, pid)
    ctx.remembered = chosen
    return len(chosen)


@handler("archive-top-of-deck")
def _archive_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    top = list(ctx.game.position.player(pid).zone("deck")[: amount(ctx, e)])
    for c in top:
        with ctx.game.res.step("archive", "archives", f"Se archiva {ctx.game.label(c)} desde el mazo",
                               f"{ctx.game.label(c, 'en')} is archived from the deck", card=c.uid):
            ctx.game.res.move(c, pid, "archives")  # "they archive the top card of their deck" (Hidrocatalogador)
    ctx.remembered = top
    return len(top)


@handler("put-on-top-of-deck")
def _put_on_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    cards = targets(ctx, e, rule="deck")
    for c in cards:
        if ctx.game.board.in_play(c):
            if not ctx.game.leave_play_by_effect(c, "deck", rule="deck"):
                continue
        ctx.game.res.move(c, c.owner, "deck", 0)
    return len(cards)


@handler("choose-one")
def _choose_one(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Choose one": the active player picks one of the listed effect lists, which then resolves."""
    from judge.core.decisions import Option, Question

    options = e.get("options", [])

    def described(i: int, lang: str) -> str:
        # Without labels an option says what it does, so a judge can tell the options apart.
        verbs = [effect_label(x["do"], lang) for x in options[i] if isinstance(x, dict) and isinstance(x.get("do"), str)]
        head = f"{'Option' if lang == 'en' else 'Opción'} {i + 1}"
        return f"{head}: {', '.join(verbs)}" if verbs else f"{head}: {'nothing' if lang == 'en' else 'nada'}"

    labels = e.get("labels") or [described(i, "es") for i in range(len(options))]
    # `labels-en` gives the English labels; without it English readers see the Spanish ones.
    labels_en = e.get("labels-en") or (labels if "labels" in e else [described(i, "en") for i in range(len(options))])
    src = ctx.source_card
    chosen = ctx.game.res.ask(Question(
        key="choose-one", player=decider(ctx, e), rule="ability",
        prompt_es=f"Elige una opción de {ctx.game.label(src)}" if src is not None else "Elige una de las opciones",
        prompt_en=f"Choose one option of {ctx.game.label(src, 'en')}" if src is not None else "Choose one of the options",
        options=tuple(Option(str(i), labels[i], labels_en[i] if i < len(labels_en) else labels[i])
                      for i in range(len(options)))))
    run_effects(ctx, options[int(chosen)])
    return 1


@handler("resolve-bonus-icons")
def _resolve_bonus_icons(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Reveal a card and resolve its bonus icons as if it had been played (Alférez El-Samra): the card stays where it
    is, and whatever stops bonus icons of played cards stops these too (KF172-GEN-59)."""
    from judge.games.keyforge import playing

    n = 0
    for c in targets(ctx, e, rule="play-cards"):
        icons = ctx.game.board.define(c).bonus
        with ctx.game.res.step("reveal", "play-cards", f"Se revela {ctx.game.label(c)}: sus iconos se resuelven como si se jugara",
                               f"{ctx.game.label(c, 'en')} is revealed: its icons resolve as if it were played", card=c.uid):
            # As a played card's icons: the next card played after Flor de Fisión includes this one (Ultragravitrón,
            # KF172-GEN-58).
            playing.resolve_bonus_icons(ctx.game, c, icons, rule="play-cards")
        n += len(icons)
    return n


@handler("play-card")
def _play_card(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Play a card from wherever the target finds it (the discard pile, under another card): the play procedure
    applies, the house does not matter, and a card that cannot be played stays where it was."""
    from judge.games.keyforge import playing

    cards = targets(ctx, e, rule="play-cards")
    if len(cards) > 1:
        # HABILIDADES "JUGAR:": several cards an ability plays from a zone are played one by one, in the order the
        # active player chooses (each one fully, its "Jugar:" included, before the next).
        cards = _ask_cards(ctx, cards, key="play-order", rule="play-abilities",
                           es="¿En qué orden se juegan las cartas?", en="In which order are the cards played?",
                           low=len(cards), high=len(cards))
    played = 0
    for c in cards:
        if c.get("under"):
            ctx.game.res.set_card(c, "under", False)
            ctx.game.res.set_card(c, "face-down", False)
        played += int(playing.play_from_effect(ctx.game, c, origin=ctx.game.board.zone_of(c)[1]))
    return played


@handler("put-under")
def _put_under(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Put cards under a card (face down unless said otherwise): they are not in play and leave with it."""
    cards = targets(ctx, e, rule="put-into-zone")
    hosts = ctx.named("self") if "onto" not in e else targets(ctx, e, "onto", rule="put-into-zone")
    if not cards or not hosts:
        return 0
    for c in cards:
        with ctx.game.res.step("put-under", "put-into-zone", f"{ctx.game.label(c)} se pone debajo de {ctx.game.label(hosts[0])}",
                               f"{ctx.game.label(c, 'en')} is put under {ctx.game.label(hosts[0], 'en')}", card=c.uid):
            ctx.game.res.attach(c, hosts[0])
            ctx.game.res.set_card(c, "under", True)
            if e.get("face-down", True):
                ctx.game.res.set_card(c, "face-down", True)
    return len(cards)


@handler("attach")
def _attach(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Move an upgrade in play onto another creature (default: this card, when it is the upgrade). An upgrade
    attached "to" the creature it is already on does not move: nothing happens, and nothing waits for it
    (KF172-GEN-91)."""
    game = ctx.game
    upgrades = targets(ctx, e, rule="upgrades") if "target" in e else ctx.named("self")
    onto = targets(ctx, e, "onto", rule="upgrades")
    if not upgrades or not onto:
        return 0
    upgrade, host = upgrades[0], onto[0]
    if not game.board.in_play(host) or game.position.find(upgrade.uid) is None:
        game.res.note("no-target", "resolve-as-much-as-you-can",
                      f"{game.label(host)} ya no está en juego o {game.label(upgrade)} ya no está: no se vincula",
                      f"{game.label(host, 'en')} is no longer in play or {game.label(upgrade, 'en')} is gone: it is not attached",
                      card=upgrade.uid)
        return 0
    if game.board.host_of(upgrade) is not None and game.board.host_of(upgrade).uid == host.uid:
        game.res.note("already-attached", "upgrades", f"{game.label(upgrade)} ya está vinculada a {game.label(host)}: no pasa nada",
                      f"{game.label(upgrade, 'en')} is already attached to {game.label(host, 'en')}: nothing happens",
                      card=upgrade.uid)
        return 0
    with game.res.step("attach", "upgrades", f"{game.label(upgrade)} se vincula a {game.label(host)}",
                       f"{game.label(upgrade, 'en')} is attached to {game.label(host, 'en')}", card=upgrade.uid):
        game.res.attach(upgrade, host)
    game.fire("attach", card=upgrade, host=host, player=ctx.controller)
    return 1


@handler("select")
def _select(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Only choose: the cards are named, for a later effect of the ability to act on all of them at once
    ("target = chosen"): the creatures Exterminar, Exterminar chooses are destroyed together (KF172-CARD-48)."""
    return len(targets(ctx, e, rule="for-each"))


@handler("discard")
def _discard(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Discard chosen cards from where they are (DESCARTAR CARTAS). A card only looked at and not discarded stays
    where it was: Reconocimiento's other card stays on top of the deck (KF172-CARD-98)."""
    from judge.games.keyforge import playing

    cards = targets(ctx, e, rule="discard-cards")
    n = 0
    done = []
    from_hand: dict[str, list[CardState]] = {}
    several = sum(1 for c in cards if ctx.game.board.zone_of(c)[1] == "hand") > 1
    for c in cards:
        holder, zone = ctx.game.position.locate(c.uid)[0].id, ctx.game.board.zone_of(c)[1]
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)}",
                               f"{ctx.game.label(c, 'en')} is discarded", card=c.uid):
            if zone == "hand":
                playing.discarded_from_hand(ctx.game, c, holder, together=several)
                from_hand.setdefault(holder, []).append(c)
            elif ctx.game.board.in_play(c):
                if not ctx.game.leave_play_by_effect(c, "discard", rule="discard-cards"):
                    continue
            elif not move_out_of_zone(ctx.game, c, c.owner, "discard", rule="discard-cards"):
                continue  # a replacement sent it elsewhere: it was not discarded (KF172-GEN-07)
        n += 1
        done.append(c)
    if several:
        # Discarded at once: their "Desguazar:" abilities resolve afterwards, in the active player's order (DESGUAZAR).
        for holder, discarded in from_hand.items():
            playing.after_discarded_together(ctx.game, discarded, holder)
    ctx.remembered = done  # "each card discarded this way" (Dysania): only the cards that were (KF172-GEN-07)
    return n


@handler("random-from-zone")
def _random_from_zone(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Move cards chosen at random from a zone (archive a random card, purge a random archived card): the judge
    reports which card the table's random draw gave."""
    pid = player_of(ctx, e.get("player", "opponent"))
    zone = e.get("zone", "archives")
    if zone == "under":
        # A random card from under this card goes to its owner's zone (Jargogle on the opponent's turn, KF172-CARD-79).
        source = ctx.source_card
        pool = [c for c in (source.attached if source is not None else []) if c.get("under")]
        n = min(amount(ctx, e), len(pool))
        chosen = _ask_cards(ctx, pool, key="random-card", rule="archives", low=n, high=n,
                            es=f"¿Qué {'carta sale' if n == 1 else f'{n} cartas salen'} al azar de debajo de {ctx.game.label(source) if source is not None else 'la carta'}?",
                            en=f"Which {'card comes' if n == 1 else f'{n} cards come'} out at random from under {ctx.game.label(source, 'en') if source is not None else 'the card'}?")
        to = e.get("to", "discard")
        for c in chosen:
            with ctx.game.res.step("random-move", "archives", f"{ctx.game.label(c)} (al azar) va {to_zone_es(to)} de su propietario",
                                   f"{ctx.game.label(c, 'en')} (at random) goes to its owner's {zone_name(to, 'en')}", card=c.uid):
                ctx.game.res.set_card(c, "under", False)
                ctx.game.res.set_card(c, "face-down", False)
                ctx.game.res.move(c, c.owner, to)
        ctx.remembered = chosen
        return len(chosen)
    pool = list(ctx.game.position.player(pid).zone(zone))
    n = min(amount(ctx, e), len(pool))
    chosen = _ask_cards(ctx, pool, key="random-card", rule="archives" if zone == "archives" else "discard-cards",
                        es=f"¿Qué carta sale al azar de {zone_name(zone)} de {pid}?" if n == 1
                        else f"¿Qué {n} cartas salen al azar de {zone_name(zone)} de {pid}?",
                        en=f"Which card comes out at random from {pid}'s {zone_name(zone, 'en')}?" if n == 1
                        else f"Which {n} cards come out at random from {pid}'s {zone_name(zone, 'en')}?",
                        low=n, high=n)
    to = e.get("to", "discard")
    whose_es, whose_en = (ctx.controller, f"{ctx.controller}'s") if to == "archives" else ("su propietario", "its owner's")
    for c in chosen:
        if to == "purged":
            es, en = f"{ctx.game.label(c)} (al azar) queda purgada", f"{ctx.game.label(c, 'en')} (at random) is purged"
        else:
            es = f"{ctx.game.label(c)} (al azar) va {to_zone_es(to)} de {whose_es}"
            en = f"{ctx.game.label(c, 'en')} (at random) goes to {whose_en} {zone_name(to, 'en')}"
        with ctx.game.res.step("random-move", "archives", es, en, card=c.uid):
            ctx.game.res.move(c, ctx.controller if to == "archives" else c.owner, to)
    ctx.remembered = chosen
    return len(chosen)


@handler("choose")
def _choose(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Choose 2 creatures": the cards are named, nothing happens to them yet; later effects of the ability refer to
    them (filter `chosen`, Tragar Entero, KF172-CARD-114)."""
    return len(targets(ctx, e, rule="resolve-as-much-as-you-can"))


@handler("flip-to-token")
def _flip_to_token(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """The creature is turned face down and becomes a copy of its owner's token creature reference card. It neither
    leaves nor enters play: damage, counters, states and upgrades stay on it (CRIATURAS FICHA; KF172-CARD-62/63/64)."""
    game = ctx.game
    n = 0
    for c in targets(ctx, e, rule="token-creatures"):
        if not game.board.in_play(c) or not game.board.is_creature(c):
            continue
        token = game.position.player(c.owner).values.get("token")
        if not token:
            game.res.note("no-token", "token-creatures", f"{c.owner} no tiene carta de referencia de criatura ficha",
                          f"{c.owner} has no token creature reference card", card=c.uid)
            continue
        with game.res.step("flip-to-token", "token-creatures",
                           f"{game.label(c)} se pone boca abajo: es una criatura ficha de su propietario ({c.owner})",
                           f"{game.label(c, 'en')} is flipped face down: it is its owner's ({c.owner}) token creature",
                           card=c.uid):
            game.res.set_card(c, "token", token)
            game.res.set_card(c, "face-down", True)
        n += 1
    game.check_state()
    return n


# Copies and abilities of other cards.

@handler("copy-characteristics")
def _copy_characteristics(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Ciberclón: until this card leaves play it has the power of the card the target names (one an earlier effect of
    the ability purged) and gains its armor, keywords and traits — as printed, without counters or what other cards
    give it, so a Gel Mímico counts as the Gel Mímico, power 0 (KF172-CARD-26) — and as it last was in play, so an
    Autolegionario that was a creature counts with power 5 (ABANDONA EL JUEGO, KF172-CARD-27). Gained after the card
    entered play, an Omega keyword does not end the step (KF172-GEN-65)."""
    game = ctx.game
    found = targets(ctx, e, rule="leaves-play")
    me = ctx.source_card
    if not found or me is None or not game.board.in_play(me):
        if found and me is not None:
            game.res.note("out-of-play", "leaves-play", f"{game.label(me)} ya no está en juego: no copia nada",
                          f"{game.label(me, 'en')} is no longer in play: it copies nothing", card=me.uid)
        return 0
    other = found[0]
    known = game.last_known.get(other.uid)
    if game.board.in_play(other) or not known:
        game.res.note("not-purged", "if-you-do", f"{game.label(other)} no abandonó el juego: no hay nada que copiar",
                      f"{game.label(other, 'en')} did not leave play: there is nothing to copy", card=other.uid)
        return 0
    base = game.board.catalog.lookup(str(known["base"]))
    uids = {"uids": [me.uid]}
    effects: list[dict[str, Any]] = [{"modify": "set-power", "value": int(known["base-power"]), "target": uids}]
    if base.armor:
        effects.append({"modify": "armor", "amount": base.armor, "target": uids})
    effects += [{"modify": "keyword", "keyword": k, "amount": v, "target": uids} for k, v in base.keywords]
    effects += [{"modify": "trait", "trait": t, "target": uids} for t in base.traits]
    lasting = list(game.position.values.get("lasting", []))
    lasting += [{"source": me.uid, "controller": ctx.controller, "duration": "while-in-play", "card": me.card,
                 "effect": effect} for effect in effects]
    with game.res.step("copy-characteristics", "leaves-play",
                       f"{game.label(me)} toma el Poder ({known['base-power']}), la Armadura, las palabras clave y los "
                       f"rasgos impresos de {base.name_es}, tal como estaba al abandonar el juego",
                       f"{game.label(me, 'en')} takes the printed power ({known['base-power']}), armor, keywords and "
                       f"traits of {base.name_en}, as it was when it left play", card=me.uid):
        game.res.set_value("lasting", lasting)
    game.check_state()
    return 1


@handler("trigger-ability")
def _trigger_ability(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Replicador: one ability of that trigger (default "after-reap") of the target resolves, without using or
    exhausting the card; with several, the active player chooses which (KF172-CARD-99). ``as-if-yours``: it resolves
    as if this ability's controller controlled that card (COMO SI FUERA TUYO, KF172-GEN-20, KF172-GEN-63)."""
    from judge.core.decisions import Option, Question

    game = ctx.game
    trigger = str(e.get("trigger", "after-reap"))
    n = 0
    for c in targets(ctx, e, rule="using-cards-through-other-cards"):
        abilities = game.abilities_of(c, trigger)
        if not abilities:
            game.res.note("no-ability", "resolve-as-much-as-you-can", f"{game.label(c)} no tiene esa habilidad",
                          f"{game.label(c, 'en')} has no such ability", card=c.uid)
            continue
        ability = abilities[0]
        if len(abilities) > 1:
            chosen = game.res.ask(Question(
                key="ability", player=decider(ctx, e), rule="active-player",
                prompt_es=f"¿Qué habilidad de {game.label(c)} se resuelve?",
                prompt_en=f"Which ability of {game.label(c, 'en')} resolves?",
                options=tuple(Option(str(i), ability_label(a, i), ability_label(a, i, "en"))
                              for i, a in enumerate(abilities))))
            ability = abilities[int(chosen)]
        as_if = ctx.controller if e.get("as-if-yours") and c.controller != ctx.controller else None
        before = game.as_if_yours.get(c.uid)
        if as_if:
            game.as_if_yours[c.uid] = as_if
            game.res.note("as-if-yours", "as-if-yours", "Se resuelve como si la controlases: el control no cambia",
                          "It resolves as if you controlled it: control does not change", card=c.uid)
        try:
            game.run_ability(c, ability, label_es=f"Habilidad de {game.label(c)}", label_en=f"Ability of {game.label(c, 'en')}")
        finally:
            if as_if:
                if before is None:
                    game.as_if_yours.pop(c.uid, None)
                else:
                    game.as_if_yours[c.uid] = before
        n += 1
    return n


@handler("move-to-battleline")
def _move_to_battleline(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Autolegionario: the card goes to a flank of the battleline of the player whose ability this is ("your
    battleline"). A card is only in its controller's battleline: used "as if it were yours", nothing gives you
    control of it, so it does not move (CONTROL, KF172-CARD-12)."""
    from judge.games.keyforge import playing

    game = ctx.game
    n = 0
    for c in targets(ctx, e, rule="move"):
        if not game.board.in_play(c):
            continue
        if c.controller != ctx.controller:
            game.res.note("not-controlled", "control",
                          f"{game.label(c)} no es tuya: no puede entrar en tu línea de batalla sin un cambio de control",
                          f"{game.label(c, 'en')} is not yours: it cannot enter your battleline without a change of control",
                          card=c.uid)
            continue
        with game.res.step("to-battleline", "flank", f"{game.label(c)} se pone en un flanco de la línea de batalla",
                           f"{game.label(c, 'en')} is put on a flank of the battleline", card=c.uid):
            playing.put_creature_into_play(game, c, c.controller, rule="flank", entering=False)
        n += 1
    return n


@handler("give-text-box")
def _give_text_box(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Credo de la Crianza: for the remainder of the turn the ``to`` creature gains the text box (abilities and
    keywords) of the ``from`` card, revealed; its self-references name the creature that gains it (TEXTO
    AUTORREFERENCIAL, KF172-GEN-92), and its restrictions join the creature's own (KF172-GEN-90)."""
    game = ctx.game
    revealed = targets(ctx, e, "from", rule="self-referential-text")
    if not revealed:
        return 0
    game.res.note("reveal", "self-referential-text", f"Se revela {game.label(revealed[0])}",
                  f"{game.label(revealed[0], 'en')} is revealed", card=revealed[0].uid)
    receivers = targets(ctx, e, "to", rule="self-referential-text")
    if not receivers:
        return 0
    entry: dict[str, Any] = {"source": ctx.source, "controller": ctx.controller, "duration": "turn",
                             "effect": {"modify": "gain-text-box", "of": game.board.define(revealed[0]).id,
                                        "target": {"uids": [c.uid for c in receivers]}}}
    source = ctx.source_card
    if source is not None:
        entry["card"] = source.card
    with game.res.step("lasting", "lasting-effects",
                       f"{', '.join(game.label(c) for c in receivers)} obtiene el cuadro de texto de {game.label(revealed[0])} este turno",
                       f"{', '.join(game.label(c, 'en') for c in receivers)} gains the text box of {game.label(revealed[0], 'en')} this turn"):
        game.res.set_value("lasting", [*game.position.values.get("lasting", []), entry])
    return len(receivers)
