"""Using cards: reaping, fighting, "Acción:"/"Omni:" abilities and removing a stun (USAR CRIATURAS, LUCHAR,
COSECHAR, USAR ARTEFACTOS, ATURDIR)."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.timing import Pending
from judge.games.keyforge.board import matches
from judge.games.keyforge.game import Game


def record_use(game: Game, card: CardState) -> None:
    """Count a use for the rule of six and for Alpha (what was done this step); a card of another house used
    through a "you may use one … card" permission uses it up."""
    house = game.position.player(game.active).values.get("house")
    if house not in game.board.houses(card) and not game.board.keyword(card, "versatile"):
        index = game.rules.play_permission(game.position, game.board, card, "may-use")
        if index is not None and index >= 0 \
                and game.position.values["lasting"][index].get("effect", {}).get("count") != "all" \
                and card.uid not in game.position.values["lasting"][index].get("effect", {}).get("used", ()):
            # The permission is spent on this card, which may then be used again under it this turn (KF172-GEN-95).
            lasting = [dict(e) for e in game.position.values.get("lasting", [])]
            effect = dict(lasting[index]["effect"])
            effect["count"] = int(effect.get("count", 1)) - 1
            effect["used"] = [*effect.get("used", ()), card.uid]
            lasting[index] = {**lasting[index], "effect": effect}
            game.res.set_value("lasting", lasting)
    used = dict(game.position.values.get("uses", {}))
    name = game.board.define(card).id  # by name: a copy counts as the card it copies (KF172-GEN-84)
    used[name] = used.get(name, 0) + 1
    game.res.set_value("uses", used)
    game.res.set_value("actions-this-step", int(game.position.values.get("actions-this-step", 0)) + 1)


def remove_stun(game: Game, card: CardState, *, rule: str = "stun") -> None:
    with game.res.step("unstun", rule, f"{game.label(card)} está aturdida: se agota y se retira el aturdimiento",
                       f"{game.label(card, 'en')} is stunned: it is exhausted and the stun is removed", card=card.uid):
        game.res.set_card(card, "exhausted", True)
        game.res.set_card(card, "stun", False)
    game.fire("used", card=card, player=card.controller)


def pay_use_cost(game: Game, card: CardState) -> bool:
    """"In order to use this card, you must …" (Brutodonte Desbocado): the cost is paid before the card is exhausted,
    whatever the use; if paying it takes the card out of play, nothing else of the use happens (KF172-CARD-18).
    Returns whether the use goes on. Removing a stun is a use as well ("esto se considera usar a dicha criatura",
    ATURDIR), and the entry's "por el motivo que sea" covers it: the cost is paid before that exhaustion too."""
    costs = [e for s, e in game.board.constant_effects()
             if e.get("modify") == "use-cost" and game.board.affects(s, e, card)]
    for effect in costs:
        game.run_ability(card, {"trigger": "constant", "effects": effect.get("effects", [])},
                         label_es=f"Coste para usar {game.label(card)}", label_en=f"Cost to use {game.label(card, 'en')}",
                         rule="restrictions")
    if costs and not game.board.in_play(card):
        game.res.note("use-cost-gone", "restrictions",
                      f"{game.label(card)} abandonó el juego al pagar el coste: no se agota ni se resuelve nada más",
                      f"{game.label(card, 'en')} left play paying the cost: it is not exhausted and nothing else resolves",
                      card=card.uid)
        return False
    return True


def _forbidden(game: Game, card: CardState, how: str) -> bool:
    """A card effect that makes a creature fight or reap cannot override a "cannot" (RESTRICCIONES: "cannot" beats
    "may" and "must"): the creature is not used at all — readied first, it just stays ready (KF172-GEN-94)."""
    if game.position.values.get("step-ended") and not game.rules.omega_allows_pending_uses():
        # Older Omega (1.3): once the step has ended no card is used, not even by an effect still resolving.
        what_es, what_en = ("luchar", "fight") if how == "fight" else ("cosechar", "reap")
        game.res.note("omega-no-use", "omega", f"{game.label(card)} no puede {what_es}: Omega terminó este paso",
                      f"{game.label(card, 'en')} cannot {what_en}: Omega ended this step", card=card.uid)
        return True
    if not game.rules.cannot_use(game, card, how):
        return False
    what_es, what_en = ("luchar", "fight") if how == "fight" else ("cosechar", "reap")
    game.res.note("cannot-use", "restrictions", f"{game.label(card)} no puede {what_es}: no se usa",
                  f"{game.label(card, 'en')} cannot {what_en}: it is not used", card=card.uid)
    return True


def reap(game: Game, card: CardState, *, through_effect: bool = False) -> None:
    if through_effect and _forbidden(game, card, "reap"):
        return
    if not pay_use_cost(game, card):
        return
    if card.get("stun"):
        remove_stun(game, card)
        return
    with game.res.step("reap", "reap", f"{game.label(card)} cosecha", f"{game.label(card, 'en')} reaps", card=card.uid):
        with game.res.step("exhaust", "order.reap.1", "Se agota la criatura", "The creature is exhausted", card=card.uid):
            game.res.set_card(card, "exhausted", True)
        gained = _reap_gain(game, card)
        with game.res.step("after-reap", "order.reap.3", "Efectos «Después de cosechar:» y «después de que una criatura coseche»",
                           "'After Reap:' and 'after a creature reaps' effects", card=card.uid):
            info = {"card": card, "player": card.controller, "reaper": card.uid}
            pending = game.own_abilities(card, "after-reap", info) if game.board.in_play(card) else []
            pending += game.collect("reap", **info)
            if gained:
                pending += game.collect("gain-aember-by-reaping", **info, amount=gained)
            pending += game.collect("used", **info)
            game.resolve_pending(pending)
            # An "After Reap:" ability the creature gains while these resolve (Nexus using Tunelador Espectral)
            # resolves too: the window of this reap is still open (KF172-GEN-70).
            seen = {p.value for p in pending}
            while game.board.in_play(card):
                late = [p for p in game.own_abilities(card, "after-reap", info) if p.value not in seen]
                if not late:
                    break
                seen |= {p.value for p in late}
                game.resolve_pending(late)


def _reap_gain(game: Game, card: CardState) -> int:
    """order.reap.2: gain 1 æmber; return how much was *gained by reaping* (0 when a replacement stole it)."""
    # COMO SI FUERA TUYO: a creature used "as if it were yours" reaps for the player using it, who never takes control.
    pid = game.as_if_yours.get(card.uid, card.controller)
    # A lasting "instead" effect (Puerta Dimensional) replaces gaining æmber by reaping (EFECTOS DE SUSTITUCIÓN).
    replacements = [e for e in game.position.values.get("lasting", [])
                    if e.get("effect", {}).get("replace") == "reap-gain" and e.get("controller") == pid]
    with game.res.step("reap-gain", "order.reap.2", "Obtén 1 Æmbar por cosechar", "Gain 1 Æmber for reaping", card=card.uid):
        if replacements:
            game.res.note("replaced", "replacement-effects",
                          "Efecto de sustitución: en vez de obtenerlo, se roba al oponente",
                          "Replacement effect: it is stolen from the opponent instead", card=card.uid)
            game.steal(pid, 1)
            return 0
        return game.gain(pid, 1, rule="aember", card=card.uid)


def valid_defenders(game: Game, attacker: CardState) -> tuple[list[CardState], str]:
    """Enemy creatures the attacker may choose to fight, and the rule that narrowed the choice: Taunt (PROVOCAR)
    and the attacker's own restrictions (Groggins: only flank creatures)."""
    # COMO SI FUERA TUYO: a creature used "as if it were yours" fights as if its user controlled it — one of the
    # user's enemies ("LUCHAR CON": against a creature controlled by the opponent), even its own controller's.
    user = game.as_if_yours.get(attacker.uid, attacker.controller)
    enemies = [c for c in game.board.battleline(game.position.opponent(user)) if c.uid != attacker.uid]
    rule = "fight"
    shielded = set()
    for c in enemies:
        if game.board.keyword(c, "taunt") and not attacking_ignores(game, attacker, "taunt"):
            shielded.update(n.uid for n in game.board.neighbors(c) if not game.board.keyword(n, "taunt"))
    if shielded:
        rule = "taunt"
    valid = [c for c in enemies if c.uid not in shielded]
    for source, effect in game.board.constant_effects():
        if effect.get("modify") == "fight-restriction" and game.board.affects(source, effect, attacker):
            valid = [c for c in valid if matches(game.board, {**effect["only"], "all": True}, c,
                                                 controller=user, source=attacker)]
    return valid, rule


def attacking_ignores(game: Game, attacker: CardState, keyword: str) -> bool:
    """Whether the attacker ignores the defender's ``keyword`` while attacking (constant ``attacking-ignores``)."""
    return any(e.get("modify") == "attacking-ignores" and e.get("keyword") == keyword and game.board.affects(s, e, attacker)
               for s, e in game.board.constant_effects())


def ways_to_use(game: Game, card: CardState, *, user: str | None = None) -> list[str]:
    """How a card can be used now, ignoring house (an effect that uses it allows any house); ``user``: the player who
    uses it "as if it were theirs" (COMO SI FUERA TUYO), whose enemies it would fight."""
    if card.get("exhausted"):
        return []
    if card.get("stun") and game.board.is_creature(card):
        return ["unstun"]
    ways = []
    if game.board.is_creature(card):
        if not game.rules.cannot_use(game, card, "reap"):
            ways.append("reap")
        if [c for c in game.board.battleline(game.position.opponent(user or card.controller)) if c.uid != card.uid] \
                and not game.rules.cannot_use(game, card, "fight"):
            ways.append("fight")
    for trigger in ("action", "omni"):
        if game.abilities_of(card, trigger) and not game.rules.cannot_use(game, card, trigger):
            ways.append(trigger)
    return ways


def use_as(game: Game, card: CardState, how: str, *, as_if_yours: str | None = None) -> None:
    if as_if_yours and card.controller != as_if_yours:
        # COMO SI FUERA TUYO: used without taking control, its abilities resolve as if the user controlled it.
        game.as_if_yours[card.uid] = as_if_yours
        try:
            use_as(game, card, how)
        finally:
            game.as_if_yours.pop(card.uid, None)
        return
    record_use(game, card)
    if how == "reap":
        reap(game, card, through_effect=True)
    elif how == "fight":
        fight(game, card, through_effect=True)
    elif how == "unstun":
        if pay_use_cost(game, card):  # removing a stun is a use too (ATURDIR, KF172-CARD-18)
            remove_stun(game, card)
    else:
        use_ability(game, card, how)


def fight(game: Game, attacker: CardState, *, through_effect: bool = False,
          defender: CardState | None = None, exclude: set[str] | frozenset[str] = frozenset()) -> CardState | None:
    """Use a creature to fight; return the creature it attacked (None if it did not fight). ``exclude``: enemy
    creatures the effect does not let it fight ("each time against a different enemy creature")."""
    if through_effect and _forbidden(game, attacker, "fight"):
        return None
    if not pay_use_cost(game, attacker):
        return None
    if attacker.get("stun"):
        remove_stun(game, attacker)
        return None
    fought = _fight(game, attacker, defender, exclude)
    if fought is not None and attacker.get("enrage") and game.board.in_play(attacker):
        with game.res.step("enrage-ends", "enrage", f"{game.label(attacker)} se usó para luchar: pierde Enfurecer",
                           f"{game.label(attacker, 'en')} was used to fight: its enrage is removed", card=attacker.uid):
            game.res.set_card(attacker, "enrage", False)
    return fought


def _fight(game: Game, attacker: CardState, forced: CardState | None = None,
           exclude: set[str] | frozenset[str] = frozenset()) -> CardState | None:
    defenders, choice_rule = valid_defenders(game, attacker)
    defenders = [d for d in defenders if d.uid not in exclude]
    if forced is not None:
        # The effect names the creature to fight ("fight that enemy creature, ignoring taunt", KF172-CARD-70).
        defenders = [forced] if game.board.in_play(forced) else []
    if not defenders:
        # LUCHAR: "Una criatura no se puede usar para luchar si no hay criaturas enemigas": it is not used at all.
        game.res.note("no-fight", "fight", f"{game.label(attacker)} no puede luchar: no hay criaturas enemigas contra las que pueda luchar",
                      f"{game.label(attacker, 'en')} cannot fight: there is no enemy creature it may fight", card=attacker.uid)
        return None
    with game.res.step("fight", "fight", f"{game.label(attacker)} lucha", f"{game.label(attacker, 'en')} fights",
                       card=attacker.uid):
        with game.res.step("exhaust", "order.fight.1", "Se agota la criatura atacante y se elige contra quién lucha",
                           "The attacker is exhausted and the creature it fights is chosen", card=attacker.uid):
            game.res.set_card(attacker, "exhausted", True)
            user = game.as_if_yours.get(attacker.uid, attacker.controller)  # COMO SI FUERA TUYO: the user decides
            game.count_this_turn(user, "fights")
            if len(defenders) == 1:
                defender = defenders[0]
                game.res.note("forced-target", "fight", f"Única criatura que puede ser atacada: {game.label(defender)}",
                              f"Only creature that can be attacked: {game.label(defender, 'en')}", card=defender.uid)
                game.forced_choice("fight-target", choice_rule, defenders, user)
            else:
                chosen = game.res.ask(Question(
                    key="fight-target", player=user, rule=choice_rule,
                    prompt_es=f"¿Contra qué criatura lucha {game.label(attacker)}?",
                    prompt_en=f"Which creature does {game.label(attacker, 'en')} fight?",
                    options=tuple(Option(c.uid, game.label(c), game.label(c, "en"), game.board.define(c).names())
                                  for c in defenders)))
                defender = next(c for c in defenders if c.uid == chosen)
        # ELUSIVO (17.2): what counts is the first time this turn the creature is *chosen* to be fought — whether it
        # has Elusive then or gains it before the damage (KF172-GEN-46), and even if the fight never happens
        # (KF172-GEN-44). The 1.3/1.1 text counts the first time it is *attacked* instead.
        first_time = not defender.get("elusive-used")
        if game.rules.elusive_spent_on_choice():
            game.res.set_card(defender, "elusive-used", True)
        # A creature that leaves play and comes back is a new creature: it is no longer the one in this fight
        # (ABANDONA EL JUEGO), so the fight is followed by its timestamp, not its uid.
        fight_info = {"attacker": attacker.uid, "defender": defender.uid,
                      "attacker-stamp": attacker.stamp, "defender-stamp": defender.stamp}

        def still(card: CardState, role: str) -> bool:
            return game.board.in_play(card) and card.stamp == fight_info[f"{role}-stamp"]

        _before_fight(game, attacker, defender)
        survivors = still(attacker, "attacker") and still(defender, "defender") \
            and not attacker.get("marked") and not defender.get("marked")
        if not survivors:
            game.res.note("fight-cancelled", "fight", "Una criatura fue destruida antes de luchar: no hay lucha",
                          "A creature was destroyed before the fight: no fight happens")
            game.fight_redirect.pop(attacker.uid, None)
            game.fire("used", card=attacker, player=attacker.controller, how="fight")
            return defender
        elusive = first_time and bool(game.board.keyword(defender, "elusive"))
        if elusive and attacking_ignores(game, attacker, "elusive"):
            # "While attacking, ignore elusive" (Simio Vilordo): the damage is dealt, and the Elusive of this turn is
            # still spent (KF172-GEN-45).
            game.res.note("ignores-elusive", "elusive", f"{game.label(attacker)} ignora Elusivo al atacar",
                          f"{game.label(attacker, 'en')} ignores Elusive while attacking", card=attacker.uid)
            elusive = False
        _fight_damage(game, attacker, defender, elusive, fight_info)
        if still(attacker, "attacker"):
            with game.res.step("after-fight", "order.fight.5", "La atacante sobrevivió: efectos «Después de luchar:»",
                               "The attacker survived: 'After Fight:' effects", card=attacker.uid):
                info = {"card": attacker, "player": attacker.controller, **fight_info}
                pending = game.own_abilities(attacker, "after-fight", info)
                pending += game.collect("fight", **info)
                pending += game.collect("used", **info, how="fight")
                game.resolve_pending(pending)
            return defender
        else:
            game.res.note("attacker-died", "order.fight.5", "La atacante no sobrevivió: no hay efectos «Después de luchar:»",
                          "The attacker did not survive: no 'After Fight:' effects", card=attacker.uid)
        # "After a creature is used" still resolves: the creature was used to fight (LUCHAR), also "after a neighbor
        # is used to fight", whose neighbor need not survive (KF172-CARD-93).
        game.fire("used", card=attacker, player=attacker.controller, how="fight")
        return defender


def _before_fight(game: Game, attacker: CardState, defender: CardState) -> None:
    pending: list[Pending[Any]] = []
    for i, ability in enumerate(game.abilities_of(attacker, "before-fight")):
        pending.append(game.pending(attacker, f"{attacker.uid}:before-fight:{i}",
                               # names the card that grants it, as the other triggers do (Cuerno de Sirena)
                               *game.ability_label(attacker, ability, "«Antes de luchar:»", "'Before Fight:'"),
                               ("ability", attacker, ability)))
    assault = game.board.keyword(attacker, "assault")
    if assault:
        pending.append(game.pending(attacker, f"{attacker.uid}:assault", f"Asalto ({assault}) de {game.label(attacker)}",
                               f"Assault ({assault}) of {game.label(attacker, 'en')}", ("assault", attacker, assault)))
    hazardous = game.board.keyword(defender, "hazardous")
    if hazardous:
        pending.append(game.pending(defender, f"{defender.uid}:hazardous",
                               f"Dañino ({hazardous}) de {game.label(defender)}",
                               f"Hazardous ({hazardous}) of {game.label(defender, 'en')}", ("hazardous", defender, hazardous)))
    if not pending:
        game.res.note("before-fight", "order.fight.2", "No hay efectos «Antes de luchar», Asalto ni Dañino",
                      "No 'Before Fight', Assault or Hazardous effects")
        return

    def run(p: Pending[Any]) -> None:
        kind, card, payload = p.item
        if kind == "ability":
            game.run_ability(card, payload, label_es=p.label_es, label_en=p.label_en,
                             event={"attacker": attacker.uid, "defender": defender.uid})
        elif kind == "assault":
            with game.res.step("assault", "assault", p.label_es, p.label_en, card=card.uid):
                game.deal_damage([(defender, payload)], source=card.uid, by="assault")
        else:
            with game.res.step("hazardous", "hazardous", p.label_es, p.label_en, card=card.uid):
                game.deal_damage([(attacker, payload)], source=card.uid, by="hazardous")

    # All of them resolve even if a creature is destroyed by one of them (FAQ "Antes de luchar").
    with game.res.step("before-fight", "order.fight.2", "Efectos «Antes de luchar», Asalto y Dañino",
                       "'Before Fight', Assault and Hazardous effects"):
        game.each_in_order(pending, run)


def _fight_damage(game: Game, attacker: CardState, defender: CardState, elusive: bool, fight_info: dict[str, Any]) -> None:
    with game.res.step("fight-damage", "order.fight.3", "Las criaturas se infligen daño igual a su Poder",
                       "The creatures deal damage equal to their power to each other"):
        game.res.set_card(defender, "elusive-used", True)
        # Gabos Brazoslargos sends its fight damage to another chosen creature, not to the one it fights: the attacker's
        # damage goes to the chosen creature, which is not attacked, so its Elusive does not stop it; the defender's
        # Elusive stops only the damage to and from the defender (KF172-GEN-42, KF172-GEN-43).
        instead = game.fight_redirect.pop(attacker.uid, None)
        instead_card = game.card_at(instead) if instead else None
        if instead_card is not None and not game.board.in_play(instead_card):
            instead_card = None
        if elusive:
            game.res.note("elusive", "elusive", f"Elusivo: {game.label(defender)} no recibe ni inflige daño",
                          f"Elusive: {game.label(defender, 'en')} neither takes nor deals damage", card=defender.uid)
            redirected: list[tuple[Any, ...]] = []
            if instead_card is not None and instead_card.uid != defender.uid \
                    and _deals_fight_damage(game, attacker, "attacking"):
                redirected.append((instead_card, game.board.power(attacker), attacker.uid))
            # ELUSIVO stops only the damage of the two creatures' power: a keyword's damage is still dealt, so
            # Ataque con dispersión still hits the defender's neighbours.
            redirected.extend(_splash_hits(game, attacker, defender))
            game.deal_damage(redirected, fight=fight_info, rule="order.fight.4")
            return
        # Each hit carries the creature whose power deals it, so Poison and replacements know its source.
        hits: list[tuple[Any, ...]] = []
        if _deals_fight_damage(game, attacker, "attacking"):
            hits.append((instead_card or defender, _fight_damage_limit(
                game, attacker, game.board.power(attacker) + _extra_fight_damage(game, attacker, defender)), attacker.uid))
        if game.board.keyword(attacker, "skirmish"):
            game.res.note("skirmish", "skirmish", f"Escaramuza: {game.label(attacker)} no recibe daño de la lucha",
                          f"Skirmish: {game.label(attacker, 'en')} takes no fight damage", card=attacker.uid)
        elif _deals_fight_damage(game, defender, "attacked"):
            hits.append((attacker, _fight_damage_limit(game, defender, game.board.power(defender)), defender.uid))
        hits.extend(_splash_hits(game, attacker, defender))
        game.deal_damage(hits, fight=fight_info, rule="order.fight.4")


def _splash_hits(game: Game, attacker: CardState, defender: CardState) -> list[tuple[Any, ...]]:
    """ATAQUE CON DISPERSIÓN (X): X damage to each of the defender's neighbours, at the same time as the power damage;
    not the attacker's power (so not Poison's)."""
    splash = game.board.keyword(attacker, "splash-attack")
    if not splash:
        return []
    game.res.note("splash", "splash-attack", f"Ataque con dispersión ({splash})", f"Splash attack ({splash})",
                  card=attacker.uid)
    return [(n, splash, attacker.uid, False, "splash-attack") for n in game.board.neighbors(defender)]


def _extra_fight_damage(game: Game, attacker: CardState, defender: CardState) -> int:
    """Damage an attacker deals beyond its power while attacking (Valdr: "+2 while attacking an enemy creature on
    the flank"): constant ``fight-damage`` effects on the attacker whose ``against`` the defender matches."""
    extra = 0
    for source, effect in game.board.constant_effects():
        if effect.get("modify") == "fight-damage" and game.board.affects(source, effect, attacker) \
                and matches(game.board, {**effect.get("against", {"kind": "creature"}), "all": True}, defender,
                            controller=attacker.controller, source=attacker):
            extra += int(effect.get("amount", 0))
    if extra:
        game.res.note("extra-fight-damage", "fight", f"{game.label(attacker)} inflige {extra} de daño adicional al atacar",
                      f"{game.label(attacker, 'en')} deals {extra} extra damage while attacking", card=attacker.uid)
    return extra


def _fight_damage_limit(game: Game, creature: CardState, amount: int) -> int:
    """"Only deals N damage when fighting" (Tantadlin, Terrordáctilo: constant ``fight-damage-limit``): the damage
    the creature deals in a fight is at most N; with two such limits the most restrictive applies, they do not add
    up (RESTRICCIONES, KF172-GEN-90)."""
    limits = [int(e.get("amount", 0)) for s_, e in game.board.constant_effects()
              if e.get("modify") == "fight-damage-limit" and game.board.affects(s_, e, creature)]
    if not limits or min(limits) >= amount:
        return amount
    game.res.note("fight-damage-limit", "restrictions", f"{game.label(creature)} solo inflige {min(limits)} de daño al luchar",
                  f"{game.label(creature, 'en')} only deals {min(limits)} damage when fighting", card=creature.uid)
    return min(limits)


def _deals_fight_damage(game: Game, creature: CardState, role: str) -> bool:
    """Whether the creature deals its power in damage in this fight (a constant "deals no damage when fighting /
    when attacked" says no)."""
    for source, effect in game.board.constant_effects():
        if effect.get("modify") == "no-fight-damage" and effect.get("when", "always") in (role, "always") \
                and game.board.affects(source, effect, creature):
            game.res.note("no-fight-damage", "fight", f"{game.label(creature)} no inflige daño en esta lucha",
                          f"{game.label(creature, 'en')} deals no damage in this fight", card=creature.uid)
            return False
    return True


def use_ability(game: Game, card: CardState, trigger: str) -> None:
    """Use an "Acción:" or "Omni:" ability: exhaust, then one ability resolves (17.2: one per use)."""
    if not pay_use_cost(game, card):
        return
    if card.get("stun") and game.board.is_creature(card):
        remove_stun(game, card)
        return
    abilities = game.abilities_of(card, trigger)
    with game.res.step(trigger, "action-abilities" if trigger == "action" else "omni",
                       f"Se usa la habilidad «{'Acción' if trigger == 'action' else 'Omni'}:» de {game.label(card)}",
                       f"{game.label(card, 'en')}'s '{trigger.capitalize()}:' ability is used", card=card.uid):
        with game.res.step("exhaust", "order.action-omni.1", "Se agota la carta", "The card is exhausted", card=card.uid):
            game.res.set_card(card, "exhausted", True)
        chosen = game.rules.abilities_per_use(game, card, abilities, trigger)
        with game.res.step("resolve", "order.action-omni.2", "Se resuelven los efectos de la habilidad",
                           "The ability's effects resolve", card=card.uid):
            for ability in chosen:
                game.run_ability(card, ability, label_es=f"Habilidad de {game.label(card)}",
                                 label_en=f"Ability of {game.label(card, 'en')}")
        game.fire("used", card=card, player=card.controller)
