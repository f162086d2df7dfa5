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
        if effect["do"] != "deal-damage":
            flush_damage(ctx)
        if effect["do"] == "repeat":
            _repeat(ctx, effect, effects[i - 1] if i else None)
        else:
            run_effect(ctx, effect)
    flush_damage(ctx)


def flush_damage(ctx: AbilityContext) -> dict[str, int]:
    if not ctx.pending_damage:
        return {}
    hits, ctx.pending_damage = ctx.pending_damage, []
    merged: dict[str, tuple[CardState, int]] = {}
    for card, n in hits:
        prev = merged.get(card.uid, (card, 0))[1]
        merged[card.uid] = (card, prev + n)
    return ctx.game.deal_damage(list(merged.values()), source=ctx.source)


def _repeat(ctx: AbilityContext, effect: dict[str, Any], previous: dict[str, Any] | None) -> None:
    # ANTERIOR: "repeat the preceding effect" resolves that effect once more (what = "previous").
    # REPETIR: repeating "this card's effect" repeats all of it, the repeat instruction included, so it goes on
    # while its condition holds (what = "ability"; Gato por Liebre as printed and read by the 1.1 FAQ).
    game = ctx.game
    if previous is None:
        return
    times = value(ctx, effect.get("times", 1))
    loops = 0
    whole = effect.get("what", "previous") == "ability"
    step = game.res.current
    snapshots: list[tuple[Any, int, str]] = []  # before each repetition: position, child steps, state fingerprint
    while True:
        if "if" in effect and not condition(ctx, effect["if"]):
            game.res.note("repeat-stops", "repeat", "La condición de repetición no se cumple",
                          "The repeat condition does not hold")
            return
        if whole:
            fingerprint = game.rules.dumps(game.position)
            if any(f == fingerprint for _, _, f in snapshots):
                game.res.note("loop-no-progress", "infinite-loops", "El bucle ya no cambia nada: termina",
                              "The loop no longer changes anything: it ends")
                return
            if loops == LOOP_LIMIT:
                _choose_loop_count(ctx, step, snapshots)
                return
            snapshots.append((game.position.copy(), len(step.children), fingerprint))
        with game.res.step("repeat", "previous", "Se repite el efecto anterior", "The preceding effect is repeated"):
            run_effect(ctx, previous)
        loops += 1
        if not whole and loops >= times:
            return


LOOP_LIMIT = 24
"""After this many repetitions a loop whose condition still holds is treated as unbounded (BUCLES INFINITOS)."""


def _choose_loop_count(ctx: AbilityContext, step: Any, snapshots: list[tuple[Any, int, str]]) -> None:
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
    position, children, _ = snapshots[chosen]
    # Keep the decision step just recorded, drop the repetitions after the chosen count.
    decision = step.children[-1]
    game.position.__dict__.update(position.__dict__)
    del step.children[children:]
    step.changes[:] = [c for c in step.changes if c.at <= children]
    step.children.append(decision)


def run_effect(ctx: AbilityContext, effect: dict[str, Any]) -> int:
    game = ctx.game
    if "if" in effect and not condition(ctx, effect["if"]):
        game.res.note("condition-false", "if-you-do", "La condición no se cumple: no tiene efecto",
                      "The condition does not hold: no effect")
        return 0
    if effect.get("may"):
        verb = effect["do"]
        # JUGADOR ACTIVO: unless the ability says otherwise, the active player makes every decision, even for an
        # opponent's card (the 1.1 FAQ on Backup de Biomatriz, KF11-FAQ-06, applies it to a "may").
        if not game.ask_yes_no(decider(ctx, effect), "may", f"¿Se resuelve «{verb}»?", f"Is '{verb}' resolved?"):
            return 0
    if "for-each" in effect:
        # "For each": the effect happens once per counted thing, each time with its own choices (POR CADA;
        # Fragmento de Dolor can spread its damage).
        times = value(ctx, effect["for-each"])
        single = {k: v for k, v in effect.items() if k != "for-each"}
        game.res.note("for-each", "for-each", f"«Por cada»: se resuelve {times} vez/veces", f"'For each': resolves {times} time(s)")
        return sum(run_effect(ctx, single) for _ in range(times))
    instead = effect.get("instead")
    if instead and condition(ctx, instead.get("if", {"always": True})):
        # Text later in the ability replaces what precedes it (RESUELVE LAS HABILIDADES EN EL ORDEN EN QUE
        # APARECEN, EFECTOS DE SUSTITUCIÓN): Ronnie el Relojes, Hyde.
        game.res.note("replaced", "replacement-effects", "Se cumple la condición de «en vez de eso»: se sustituye el efecto",
                      "The 'instead' condition holds: the effect is replaced")
        effect = {**effect, **instead.get("with", {}), "instead": None}
    done = HANDLERS[effect["do"]](ctx, effect)
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
        if "count" in expr:
            return times * len(candidates(ctx.game, {**expr["count"], "all": True}, ctx))
        if "value" in expr:
            return times * value(ctx, expr["value"])
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
            if what == "chains":
                return int(ctx.game.position.player(pid).values.get("chains", 0))
            if what in ("fights", "friendly-destroyed", "discards", "plays"):
                # What happened this turn (the position keeps these counts for the turn in progress).
                return int(ctx.game.position.values.get("this-turn", {}).get(f"{pid}.{what}", 0))
            if what == "forged-last-turn":
                return int(ctx.game.position.values.get("last-turn", {}).get(f"{pid}.forged", 0))
        if who in ("self", "it", "event-card"):
            cards = ctx.named(who)
            card = cards[0] if cards else None
            if card is not None and what == "power":
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
    return ctx.game.steal(ctx.controller, amount(ctx, e))


@handler("capture")
def _capture(ctx: AbilityContext, e: dict[str, Any]) -> int:
    onto = targets(ctx, e, "onto", rule="capture") if "onto" in e else ctx.named("self")
    if not onto:
        return 0
    n = amount(ctx, e)
    if e.get("from-event"):
        # "Captures it": only the æmber the event is about, and only once — a second capturer finds none left
        # (KF172-CARD-106, two Ser Marrows).
        left = int(ctx.event.get("amount", 0))
        n = min(n, left)
        ctx.event["amount"] = left - n
        if not n:
            ctx.game.res.note("nothing-left", "capture", "Ese Æmbar ya no está: no hay nada que capturar",
                              "That Æmber is gone: there is nothing to capture")
            return 0
    return ctx.game.capture(onto[0], n)


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
        # "If this damage destroys that creature, …": the damage is dealt now, and what follows acts on the creatures
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
    return len(ctx.game.destroy(targets(ctx, e, rule="destroyed")))


@handler("sacrifice")
def _sacrifice(ctx: AbilityContext, e: dict[str, Any]) -> int:
    own = [c for c in targets(ctx, e, rule="sacrifice") if c.controller == ctx.controller]
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
        with ctx.game.res.step("power", "power-counters", f"{ctx.game.label(c)} obtiene {n} contador(es) de poder +1",
                               f"{ctx.game.label(c, 'en')} gets {n} +1 power counter(s)", card=c.uid):
            ctx.game.res.set_card(c, "power", int(c.get("power", 0)) + n)
    return n


@handler("fight-with")
def _fight_with(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import using

    chosen = targets(ctx, {**e, "target": e.get("target", {"choose": 1, "kind": "creature", "side": "friendly"})},
                     rule="fight-with")
    for c in chosen:
        if e.get("ready"):
            HANDLERS["ready"](ctx, {"do": "ready", "target": "it"})
        using.fight(ctx.game, c, through_effect=True)
    return len(chosen)


@handler("reap-with")
def _reap_with(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import using

    chosen = targets(ctx, e, rule="using-cards-through-other-cards")
    for c in chosen:
        if e.get("ready"):
            HANDLERS["ready"](ctx, {"do": "ready", "target": "it"})
        using.reap(ctx.game, c, through_effect=True)
    return len(chosen)


# Zones.

def _move_out(zone: str, rule: str) -> Handler:
    def run(ctx: AbilityContext, e: dict[str, Any]) -> int:
        moved = 0
        for c in targets(ctx, e, rule=rule):
            if ctx.game.board.in_play(c):
                moved += int(ctx.game.leave_play_by_effect(c, zone, rule=rule))
            else:
                ctx.game.res.move(c, c.owner, zone)
                moved += 1
        return moved
    return run


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
        return 0
    # A random card is not the engine's to pick: the judge reports which card the table's random draw gave.
    chosen = ctx.game.res.ask(Question(
        key="random-card", player=pid, rule="discard-cards",
        prompt_es=f"Carta(s) descartada(s) al azar de la mano de {pid}",
        prompt_en=f"Card(s) discarded at random from {pid}'s hand",
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
    if isinstance(target, str) and target != "self":
        effect["target"] = {"uids": [c.uid for c in ctx.named(target)]}
    elif target == "self":
        effect["target"] = {"uids": [ctx.source]}
    if effect.get("house") == "chosen":
        effect["house"] = ctx.chosen_house
    entry: dict[str, Any] = {"source": ctx.source, "controller": ctx.controller, "duration": e.get("duration", "turn"),
                             "effect": effect}
    source = ctx.source_card
    if source is not None:
        entry["card"] = source.card
    if "trigger" in e:
        entry["ability"] = {"trigger": "after", **e["trigger"]}
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
    for _ in range(amount(ctx, e)):
        if not ctx.game.make_token(pid):
            break
        made += 1
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
    return int(ctx.game.swap(first[0], other[0]))


@handler("choose-house")
def _choose_house(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.core.decisions import Option, Question
    from judge.games.keyforge.catalog import HOUSES

    houses = [h for h in HOUSES if h not in ("none", "prophecy", "tide")]
    ctx.chosen_house = ctx.game.res.ask(Question(key="name-house", player=decider(ctx, e), rule="house-choice",
                                                 prompt_es="Elige una Casa", prompt_en="Choose a house",
                                                 options=tuple(Option(h, h, h) for h in houses)))
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
        if c.get("exhausted"):
            ctx.game.res.note("cannot-use", "ready-and-exhausted", f"{ctx.game.label(c)} está agotada: no se puede usar",
                              f"{ctx.game.label(c, 'en')} is exhausted: it cannot be used", card=c.uid)
            continue
        ways = [w for w in using.ways_to_use(ctx.game, c)]
        if not ways:
            continue
        how = ways[0] if len(ways) == 1 else ctx.game.res.ask(Question(
            key="use-how", player=decider(ctx, e), rule="using-cards-through-other-cards",
            prompt_es=f"¿Cómo usas {ctx.game.label(c)}?", prompt_en=f"How do you use {ctx.game.label(c, 'en')}?",
            options=tuple(Option(w, {"reap": "Cosechar", "fight": "Luchar", "action": "Acción", "omni": "Omni",
                                     "unstun": "Retirar aturdimiento"}[w], w) for w in ways)))
        using.use_as(ctx.game, c, how, as_if_yours=ctx.game.active if e.get("as-if-yours") else None)
    return len(chosen)


@handler("archive-from-hand")
def _archive_from_hand(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.core.decisions import Option, Question

    pid = player_of(ctx, e.get("player"))
    hand = ctx.game.position.player(pid).zone("hand")
    n = min(amount(ctx, e), len(hand))
    if not n:
        return 0
    chosen = ctx.game.res.ask(Question(
        key="archive", player=pid, rule="archives", prompt_es=f"Elige {n} carta(s) de tu mano para archivar",
        prompt_en=f"Choose {n} card(s) from your hand to archive",
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
    n = min(amount(ctx, e), ctx.game.amber(pid))
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
        return 0
    with ctx.game.res.step("unforge", "unforge", f"Se desforja una llave de {pid}", f"One of {pid}'s keys is unforged"):
        if isinstance(keys, list):
            from judge.core.decisions import Option, Question

            color = keys[0] if len(keys) == 1 else ctx.game.res.ask(Question(
                key="key-color", player=decider(ctx, e), rule="unforge", prompt_es="¿Qué llave se desforja?",
                prompt_en="Which key is unforged?", options=tuple(Option(k, k, k) for k in keys)))
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
    with game.res.step("search", "search", f"{pid} busca en {' y '.join(zones)}", f"{pid} searches {' and '.join(zones)}"):
        found = _ask_cards(ctx, pool, key="search", rule="search", es=f"¿Qué carta(s) encuentras? (hasta {n}; puedes no encontrar)",
                           en=f"Which card(s) do you find? (up to {n}; you may find none)", low=0, high=min(n, len(pool)))
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
    for c in cards:
        playing.put_into_play(ctx.game, c, player_of(ctx, e.get("player")))
    return len(cards)


@handler("return-purged")
def _return_purged(ctx: AbilityContext, e: dict[str, Any]) -> int:
    from judge.games.keyforge import playing

    purged = [c for p in ctx.game.position.players.values() for c in p.zone("purged") if c.get("purged-by") == ctx.source]
    for c in purged:
        ctx.game.res.set_card(c, "purged-by", 0)
        playing.put_into_play(ctx.game, c, c.owner)
    return len(purged)


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
    pid = player_of(ctx, e.get("player"))
    deck = ctx.game.position.player(pid).zone("deck")
    top = list(deck[: amount(ctx, e)])
    for c in top:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)} del mazo",
                               f"{ctx.game.label(c, 'en')} is discarded from the deck", card=c.uid):
            ctx.game.res.move(c, c.owner, "discard")
    ctx.remembered = top
    return len(top)


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
                            es=f"Elige {n} carta(s) de la mano de {pid} para descartar",
                            en=f"Choose {n} card(s) from {pid}'s hand to discard", low=n, high=n)
    for c in chosen:
        with ctx.game.res.step("discard", "discard-cards", f"Se descarta {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is discarded",
                               card=c.uid):
            playing.discarded_from_hand(ctx.game, c, pid)
    ctx.remembered = chosen
    return len(chosen)


@handler("archive-top-of-deck")
def _archive_top(ctx: AbilityContext, e: dict[str, Any]) -> int:
    pid = player_of(ctx, e.get("player"))
    top = list(ctx.game.position.player(pid).zone("deck")[: amount(ctx, e)])
    for c in top:
        with ctx.game.res.step("archive", "archives", f"Se archiva {ctx.game.label(c)} desde el mazo",
                               f"{ctx.game.label(c, 'en')} is archived from the deck", card=c.uid):
            ctx.game.res.move(c, ctx.controller, "archives")
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
    labels = e.get("labels", [f"Opción {i + 1}" for i in range(len(options))])
    chosen = ctx.game.res.ask(Question(
        key="choose-one", player=decider(ctx, e), rule="ability", prompt_es="Elige uno de los efectos",
        prompt_en="Choose one of the effects",
        options=tuple(Option(str(i), labels[i], labels[i]) for i in range(len(options)))))
    run_effects(ctx, options[int(chosen)])
    return 1


@handler("play-card")
def _play_card(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Play a card from wherever the target finds it (the discard pile, under another card): the play procedure
    applies, the house does not matter, and a card that cannot be played stays where it was."""
    from judge.games.keyforge import playing

    cards = targets(ctx, e, rule="play-cards")
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


@handler("random-from-zone")
def _random_from_zone(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Move cards chosen at random from a zone (archive a random card, purge a random archived card): the judge
    reports which card the table's random draw gave."""
    pid = player_of(ctx, e.get("player", "opponent"))
    zone = e.get("zone", "archives")
    pool = list(ctx.game.position.player(pid).zone(zone))
    n = min(amount(ctx, e), len(pool))
    chosen = _ask_cards(ctx, pool, key="random-card", rule="archives" if zone == "archives" else "discard-cards",
                        es=f"Carta(s) elegida(s) al azar de {zone} de {pid}", en=f"Card(s) chosen at random from {pid}'s {zone}",
                        low=n, high=n)
    to = e.get("to", "discard")
    for c in chosen:
        with ctx.game.res.step("random-move", "archives", f"{ctx.game.label(c)} (al azar) va a {to}",
                               f"{ctx.game.label(c, 'en')} (at random) goes to {to}", card=c.uid):
            ctx.game.res.move(c, ctx.controller if to == "archives" else c.owner, to)
    ctx.remembered = chosen
    return len(chosen)
