"""Playing a card (Pasos para jugar una carta, FAQ L23-L41), activating an ability, and dropping an Oro.

Steps 1-4 happen at once when the card is played; step 5 is a response window that stays open in the position
(the card waits on the stack) until each player has given their one answer; steps 6-7 happen when it resolves,
and for a card that is not a Talismán the window of step 8 (with the prevention of step 9) follows.

Decisions of this ruleset where the FAQ is silent (``docs/mitos-y-leyendas-decisions.md``):
- ``myl.decision.when-cards-are-played``: Aliados, Tótems, Armas and Oros are played only by the active player in
  their Vigilia (step c) with nothing waiting; Talismanes also in the Guerra de Talismanes by either player, and as
  answers in a window when their effect answers something (anular, cancelar, prevenir, "en respuesta").
- ``myl.decision.annulled-oro-stays-paid``: the Oro paid for a card that is annulled stays paid (the FAQ refunds
  Oro only when a play is undone, and keeps the costs of a cancelled ability paid).
- ``myl.decision.oro-drop-is-not-played``: putting the turn's Oro in the Reserva (Vigilia step b) is not playing a
  card through the nine steps: it cannot be annulled; it still counts for abilities that watch Oros being put into
  play (Wyrm de la Plaga, FAQ L578).
"""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.core.timing import act
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.effects import run_effects
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.targets import AbilityContext
from judge.games.mitos_y_leyendas.timing import RESOLVERS, RESPONSES, Windows

ANSWER_WORDS = ("anular", "cancelar", "prevenir")


def refuse(rule: str, en: str, es: str) -> IllegalPlayError:
    return IllegalPlayError(en, rule=rule, es=es)


# What a card needs to be played.

def is_answer(game: Game, card: CardState) -> bool:
    definition = game.board.define(card)
    return any(e.get("do") in ANSWER_WORDS for a in definition.abilities_of("jugar") for e in a.get("effects", [])) \
        or bool(definition.meta.get("printed", {}).get("en-respuesta"))


def answers_item(game: Game, card: CardState, item: StackItem) -> bool:
    """Whether this card can be played as the answer to ``item`` (what its anular/cancelar can reach)."""
    definition = game.board.define(card)
    for ability in definition.abilities_of("jugar"):
        for effect in ability.get("effects", []):
            word = effect.get("do")
            target = effect.get("target", {})
            if word == "anular" and item.kind == "carta":
                played = game.card(item.source)
                if played is not None and _fits(game, played, target):
                    return True
            if word == "cancelar" and item.kind in ("habilidad", "disparada"):
                return True
            if word == "prevenir" and item.kind == "entrada":
                return True
    return False


def _fits(game: Game, card: CardState, target: dict[str, Any]) -> bool:
    # The printed cost decides (Reducción de costes, FAQ L67-L71: Xing Yi Quan cannot annul a Talismán whose cost
    # was reduced to 1 from a printed 3 or more... it reads the printed one).
    definition = game.board.define(card)
    if "type" in target and definition.type != target["type"]:
        return False
    if "cost-max" in target and (definition.cost or 0) > target["cost-max"]:
        return False
    return "cost-min" not in target or (definition.cost or 0) >= target["cost-min"]


def cost_to_pay(game: Game, card: CardState, *, free: bool) -> int:
    """Printed cost, plus every increase, minus every reduction, never below 0 (step 3)."""
    if free:
        return 0
    definition = game.board.define(card)
    cost = definition.cost or 0
    for source, ability in game.board.continuous():
        change = ability.get("cost")
        if change and game.board.matches(card, {**ability.get("target", {}), "side": "any"}, source.controller) \
                and (change.get("side") != "own" or card.controller == source.controller):
            cost += int(change.get("amount", 0))
    return max(0, cost)


def _pay(game: Game, player: str, amount: int) -> None:
    reserve = game.position.player(player).zone("reserva-de-oro")
    if amount > len(reserve):
        raise refuse("pasos-para-jugar-una-carta.3", f"{player} cannot pay {amount} Oro ({len(reserve)} in the Reserva)",
                     f"{player} no puede pagar {amount} Oro ({len(reserve)} en la Reserva)")
    if amount == 0:
        return
    if len({c.card for c in reserve}) > 1 and amount < len(reserve):
        paid = game.choose_cards(player, "pasos-para-jugar-una-carta.3", f"¿Con qué {amount} Oros pagas?",
                                 f"Which {amount} Oros do you pay with?", list(reserve), count=amount, key="pay")
    else:
        paid = list(reserve[:amount])
    for oro in paid:
        game.res.move(oro, player, "oro-pagado")


def _fix_targets(game: Game, card: CardState, player: str) -> dict[str, list[str]]:
    """Step 2: a Talismán that targets a card in play defines its target now, to check it can be played."""
    definition = game.board.define(card)
    fixed: dict[str, list[str]] = {}
    ctx = AbilityContext(game, card.uid, player, rule="pasos-para-jugar-una-carta.2")
    for ability in definition.abilities_of("jugar"):
        for i, effect in enumerate(ability.get("effects", [])):
            target = effect.get("target")
            if not isinstance(target, dict) or target.get("choose", 1) == "all" or effect.get("do") in ANSWER_WORDS:
                continue
            if target.get("zone", "juego") != "juego" or target.get("player"):
                continue
            pool = tg.candidates(ctx, target)
            count = int(target.get("choose", 1))
            if len(pool) < count and not target.get("up-to"):
                raise refuse("pasos-para-jugar-una-carta.2",
                             f"{definition.name} needs {count} valid target(s) in play and there are {len(pool)}",
                             f"{definition.name} necesita {count} objetivo(s) válido(s) en juego y hay {len(pool)}")
            chosen = game.choose_cards(player, "pasos-para-jugar-una-carta.2", f"Objetivo de {definition.name}",
                                       f"Target of {definition.name}", pool, count=count, up_to=bool(target.get("up-to")))
            fixed[f"e{i}"] = [c.uid for c in chosen]
    return fixed


def _bearer(game: Game, card: CardState, player: str) -> str:
    """An Arma is played on an Aliado in play (either player's: its controller is the bearer's controller, FAQ
    L452-L456) that can still carry one (one Arma per Aliado, L808)."""
    bearers = [a for a in game.board.aliados() if len(a.attached) < game.board.weapon_limit(a)]
    if not bearers:
        raise refuse("portar-armas", "no Aliado in play can carry this Arma", "ningún Aliado en juego puede portar esta Arma")
    chosen = game.choose_cards(player, "portar-armas", "¿Qué Aliado porta el Arma?", "Which Aliado carries the Arma?",
                               bearers, key="bearer")
    return chosen[0].uid


def play_card(game: Game, card: CardState, player: str, *, free: bool = False, responds_to: str | None = None,
              rules: Windows | None = None) -> None:
    """Steps 1-5 of playing a card; the card then waits on the stack for the answers of step 5."""
    res = game.res
    definition = game.board.define(card)
    if definition.incomplete:
        raise refuse("introduccion.regla-de-oro", f"{definition.name}'s text is not fully known ({definition.incomplete}); "
                     "define the card in the position to rule on it",
                     f"el texto de {definition.name} no se conoce del todo ({definition.incomplete}); "
                     "define la carta en la posición para resolverla")
    with res.step("play", "pasos-para-jugar-una-carta.1", f"{player} juega {game.label(card)}",
                  f"{player} plays {game.label(card, 'en')}", card=card.uid):
        res.move(card, player, "jugando")
        res.set_controller(card, player)
        data: dict[str, Any] = {}
        if responds_to:
            data["responds-to"] = responds_to
        with res.step("requirements", "pasos-para-jugar-una-carta.2", "Requisitos y objetivo", "Requirements and target"):
            if definition.type == "talisman":
                data["targets"] = _fix_targets(game, card, player)
            elif definition.type == "arma":
                data["bearer"] = _bearer(game, card, player)
        cost = cost_to_pay(game, card, free=free)
        with res.step("pay", "pasos-para-jugar-una-carta.3", f"{player} paga {cost} Oro", f"{player} pays {cost} Oro"):
            _pay(game, player, cost)
        with res.step("played", "pasos-para-jugar-una-carta.4", "La carta se considera jugada", "The card counts as played"):
            game.raise_event("carta-jugada", card=card.uid, controller=player, type=definition.type)
        res.push(StackItem(game.position.next_stack_id(), player, card.uid, "carta", data))
    act(res, rules or Windows(game), player)


def resolve_card(game: Game, item: StackItem) -> None:
    """Steps 6-7: the card is not annulled. A Talismán resolves all of its effect or none and goes to its owner's
    Cementerio; any other card enters play, and the window of step 8 opens."""
    res = game.res
    card = game.card(item.source)
    if card is None:
        return
    definition = game.board.define(card)
    if definition.type == "talisman":
        ctx = AbilityContext(game, card.uid, item.controller, {"responds-to": item.data.get("responds-to")},
                             fixed=item.data.get("targets", {}), rule="pasos-para-jugar-una-carta.7")
        with res.step("talisman", "pasos-para-jugar-una-carta.7", f"{game.label(card)} se resuelve (0 o 100%)",
                      f"{game.label(card, 'en')} resolves (0 or 100%)", card=card.uid):
            if _all_targets_valid(game, ctx):
                for ability in definition.abilities_of("jugar"):
                    run_effects(ctx, ability.get("effects", []))
            res.move(card, card.owner, "cementerio")
            if card.controller != card.owner:
                res.set_controller(card, card.owner)
        return
    with res.step("enters-play", "pasos-para-jugar-una-carta.6", f"{game.label(card)} entra en juego",
                  f"{game.label(card, 'en')} enters play", card=card.uid):
        enter_play(game, card, item.controller, bearer=item.data.get("bearer"))
    res.push(StackItem(game.position.next_stack_id(), item.controller, card.uid, "entrada"))


def _all_targets_valid(game: Game, ctx: AbilityContext) -> bool:
    for uids in ctx.fixed.values():
        for uid in uids:
            card = game.card(uid)
            if card is None or not game.board.in_play(card):
                game.res.note("target-gone", "objetivo-valido", "Su objetivo ya no es válido: se cumple un 0%",
                              "Its target is no longer valid: it resolves 0%")
                return False
    return True


def enter_play(game: Game, card: CardState, controller: str, *, bearer: str | None = None) -> None:
    res = game.res
    kind = game.board.define(card).type
    if kind == "arma":
        host = game.card(bearer) if bearer else None
        if host is None or not game.board.in_play(host):
            res.note("no-bearer", "portar-armas", "El Aliado que iba a portarla ya no está: va al Cementerio",
                     "The Aliado that was to carry it is gone: it goes to the Cementerio")
            res.move(card, card.owner, "cementerio")
            return
        res.attach(card, host)
        res.set_controller(card, host.controller)
    else:
        zone = {"aliado": "linea-de-defensa", "totem": "linea-de-apoyo", "oro": "reserva-de-oro"}[kind]
        res.move(card, controller, zone)
        res.set_controller(card, controller)
    if kind == "aliado":
        res.set_card(card, "recien-llegado", True)
        # "Puede atacar cuando entra en juego" and what grants it to Aliados entering after its source are checked
        # as the Aliado enters (FAQ L530-L536).
        if game.board.granted(card, "ataca-al-entrar"):
            res.set_card(card, "ataca-al-entrar", True)
    game.raise_event("entra-en-juego", card=card.uid, controller=controller)


def resolve_entry(game: Game, item: StackItem) -> None:
    """The window of step 8 closed: nothing more happens to the card itself."""


def drop_oro(game: Game, card: CardState, player: str) -> None:
    res = game.res
    with res.step("oro", "fase-de-vigilia.b", f"{player} pone {game.label(card)} en su Reserva de Oro",
                  f"{player} puts {game.label(card, 'en')} in their Reserva de Oro", card=card.uid):
        turn = dict(game.position.values.get("turno", {}))
        turn["oro"] = True
        res.set_value("turno", turn)
        with game.triggers.resolving():
            enter_play(game, card, player)
            game.raise_event("carta-jugada", card=card.uid, controller=player, type="oro")
        game.triggers.release(res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)


# Activated abilities.

def activate(game: Game, card: CardState, player: str, rules: Windows | None = None) -> None:
    res = game.res
    definition = game.board.define(card)
    abilities = [(i, a) for i, a in enumerate(definition.abilities) if a.get("kind") == "activada"]
    if len(abilities) > 1:
        chosen = res.ask(Question(key="ability", player=player, rule="habilidad-activada",
                                  prompt_es="¿Qué habilidad activas?", prompt_en="Which ability do you activate?",
                                  options=tuple(Option(str(i), a.get("label", f"#{i}")) for i, a in abilities)))
        abilities = [(i, a) for i, a in abilities if str(i) == chosen]
    index, ability = abilities[0]
    with res.step("activate", "habilidad-activada", f"{player} activa la habilidad de {game.label(card)}",
                  f"{player} activates the ability of {game.label(card, 'en')}", card=card.uid):
        if ability.get("once-per-turn"):
            turn = dict(game.position.values.get("turno", {}))
            used = list(turn.get("una-vez", []))
            used.append(f"{card.uid}:{index}")
            turn["una-vez"] = used
            res.set_value("turno", turn)
        cost_ctx = AbilityContext(game, card.uid, player, rule="habilidad-activada")
        _pay(game, player, int(ability.get("oro", 0)))
        # A card may pay its own cost (Autoreferencia, FAQ L137): the costs are paid first, and stay paid even if
        # the ability is cancelled (L510).
        run_effects(cost_ctx, ability.get("cost", []), "c")
        res.push(StackItem(game.position.next_stack_id(), player, card.uid, "habilidad", {"ability": index}))
    act(res, rules or Windows(game), player)


def resolve_ability(game: Game, item: StackItem) -> None:
    card = game.card(item.source)
    if card is None:
        return
    ability = game.board.define(card).abilities[int(item.data.get("ability", 0))]
    ctx = AbilityContext(game, card.uid, item.controller, {"responds-to": item.data.get("responds-to")},
                         rule="habilidad-activada")
    with game.res.step("ability", "habilidad-activada", f"Se resuelve la habilidad de {game.label(card)}",
                       f"The ability of {game.label(card, 'en')} resolves", card=card.uid):
        run_effects(ctx, ability.get("effects", []))


def _window_answers(game: Game, player: str, item: StackItem | None) -> list[Any]:
    """The cards in ``player``'s hand that answer ``item``, or those playable in the Guerra de Talismanes."""
    hand = game.position.player(player).zone("mano")
    oro = len(game.position.player(player).zone("reserva-de-oro"))
    out: list[Any] = []
    for card in hand:
        if not card.known or game.board.define(card).type != "talisman" or cost_to_pay(game, card, free=False) > oro:
            continue
        if item is None or answers_item(game, card, item):
            out.append(("play", card.uid))
    for _, zone, card in game.position.all_cards():
        if card.controller != player or not game.board.in_play(card) or not card.known:
            continue
        for index, ability in enumerate(game.board.define(card).abilities):
            if ability.get("kind") == "activada" and usable_now(game, card, index, ability, item):
                out.append(("activate", card.uid))
                break
    return out


def usable_now(game: Game, card: CardState, index: int, ability: dict[str, Any], item: StackItem | None) -> bool:
    """Whether an activated ability can be activated now: in a window only if it answers the item; in the Guerra
    de Talismanes if it says so or is "una vez por turno" (FAQ L318); never twice in a turn if once per turn."""
    if ability.get("once-per-turn") and f"{card.uid}:{index}" in game.position.values.get("turno", {}).get("una-vez", []):
        return False
    if int(ability.get("oro", 0)) > len(game.position.player(card.controller).zone("reserva-de-oro")):
        return False
    if not game.board.has_abilities(card):
        return False
    words = {e.get("do") for e in ability.get("effects", [])}
    if item is not None:
        return ("anular" in words and item.kind == "carta") or ("cancelar" in words and item.kind in ("habilidad", "disparada"))
    when = ability.get("when", ["vigilia"])
    if game.position.step == "guerra":
        return "guerra" in when or bool(ability.get("once-per-turn"))
    return game.position.step in when


RESOLVERS["carta"] = resolve_card
RESOLVERS["entrada"] = resolve_entry
RESOLVERS["habilidad"] = resolve_ability
RESPONSES.append(_window_answers)
