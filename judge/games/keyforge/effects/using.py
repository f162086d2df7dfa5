"""Effects that use other cards (USAR CARTAS MEDIANTE LAS HABILIDADES DE OTRAS CARTAS): fight with, reap with, use,
resolve another card's ability, and the fight choices an ability makes."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.games.keyforge import using
from judge.games.keyforge.conditions import decider, value
from judge.games.keyforge.effects import HANDLERS, ask_cards, handler, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.targets import resolve_target
from judge.games.keyforge.wording import ability_label


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
    if "against" in e:
        return _fight_each_against(ctx, e)

    chosen = targets(ctx, {**e, "target": e.get("target", {"choose": 1, "kind": "creature", "side": "friendly"})},
                     rule="fight-with")
    fought = []
    times = value(ctx, e.get("times", 1))
    for c in chosen:
        # "Fight with a creature 3 times, each time against a different enemy creature" (Uno contra Muchos): one fight
        # at a time, each resolved fully; the creature it fights is chosen among those it has not fought in this effect.
        this_one: list[CardState] = []
        for n in range(times):
            if n:
                if not ctx.game.board.in_play(c):
                    break
                ctx.game.res.note("fight-again", "fight-with", f"{ctx.game.label(c)} lucha otra vez ({n + 1} de {times})",
                                  f"{ctx.game.label(c, 'en')} fights again ({n + 1} of {times})", card=c.uid)
            if e.get("ready"):
                HANDLERS["ready"](ctx, {"do": "ready", "target": {"uids": [c.uid]}})
            if not _usable_through_effect(ctx, c):
                break
            exclude = {d.uid for d in this_one} if e.get("different") else set()
            defender = using.fight(ctx.game, c, through_effect=True, exclude=exclude)
            if defender is None:
                break
            this_one.append(defender)
        fought.extend(this_one)
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
    game = ctx.game
    attackers = targets(ctx, e, rule="fight-with")
    defenders = resolve_target(game, e["against"], ctx, rule="fight", verb="fight-with")
    pairs = list(zip(attackers, defenders))
    if len(pairs) > 1:
        order = ask_cards(ctx, [d for _, d in pairs], key="fight-order", rule="active-player",
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
    chosen = targets(ctx, e, rule="using-cards-through-other-cards")
    for c in chosen:
        if e.get("ready"):
            HANDLERS["ready"](ctx, {"do": "ready", "target": "it"})
        if not _usable_through_effect(ctx, c):
            continue
        using.reap(ctx.game, c, through_effect=True)
    return len(chosen)


@handler("use")
def _use(ctx: AbilityContext, e: dict[str, Any]) -> int:
    # USAR CARTAS MEDIANTE LAS HABILIDADES DE OTRAS CARTAS: the card is used as if by its controller, any house.
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


@handler("trigger-ability")
def _trigger_ability(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Replicador: one ability of that trigger (default "after-reap") of the target resolves, without using or
    exhausting the card; with several, the active player chooses which (KF172-CARD-99). ``as-if-yours``: it resolves
    as if this ability's controller controlled that card (COMO SI FUERA TUYO, KF172-GEN-20, KF172-GEN-63)."""
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
