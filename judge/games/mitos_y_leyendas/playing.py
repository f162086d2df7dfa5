"""Playing a card (Pasos para jugar una carta, FAQ L23-L41) and dropping the turn's Oro.

Steps 1-4 happen at once when the card is played; step 5 is a response window that stays open in the position
(the card waits on the stack) until each player has given their one answer; steps 6-7 happen when it resolves,
and for a card that is not a Talismán the window of steps 8-9 follows.

Decisions of this ruleset where the FAQ is silent (``docs/mitos-y-leyendas-decisions.md``):
- ``myl.decision.card-type-timing``: Aliados, Tótems and Armas are played by the active player in their Vigilia with
  nothing waiting; Talismanes also in the Guerra de Talismanes by either player, and as answers in a window when
  their effect answers what waits.
- ``myl.decision.annulled-oro-not-refunded``: the Oro paid for a card that is annulled stays paid.
- ``myl.decision.oro-drop``: putting the turn's Oro in the Reserva is playing a card (cost 0): it goes through the
  pasos and can be annulled by an anulación that reaches Oros.
- ``myl.decision.target-outcome-by-kind`` and ``myl.decision.rollback-scope``: a Talismán that cannot resolve all
  of its effect is undone: the position goes back to before it was played (FAQ L686).
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.core.timing import act
from judge.core.trace import Step
from judge.games.mitos_y_leyendas import conditions, steps
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.costs import cost_to_pay, pay_play_cost
from judge.games.mitos_y_leyendas.effects import copying, refuse_incomplete, run_effects
from judge.games.mitos_y_leyendas.board import GRAVEYARD
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.effects.library import shortfall
from judge.games.mitos_y_leyendas.targets import AbilityContext
from judge.games.mitos_y_leyendas.timing import RESOLVERS, Windows

ANSWER_WORDS = ("anular", "cancelar", "prevenir")


def refuse(game: Game, rule: str, en: str, es: str) -> IllegalPlayError:
    return IllegalPlayError(en, rule=game.res.cite(rule), es=es)


def pay(game: Game, player: str, amount: int) -> list[str]:
    """Move ``amount`` Oros from the Reserva to the Oro Pagado; the payer chooses which only when they differ
    (decision oro-payment-choice)."""
    reserve = game.position.player(player).zone("reserva-de-oro")
    if amount > len(reserve):
        raise refuse(game, "pasos-para-jugar-una-carta.3", f"{player} cannot pay {amount} Oro ({len(reserve)} in the Reserva)",
                     f"{player} no puede pagar {amount} Oro ({len(reserve)} en la Reserva)")
    if amount == 0:
        return []
    if len({c.card for c in reserve}) > 1 and amount < len(reserve):
        paid = game.choose_cards(player, "pasos-para-jugar-una-carta.3", f"¿Con qué {amount} Oros pagas?",
                                 f"Which {amount} Oros do you pay with?", list(reserve), count=amount, key="pay")
    else:
        paid = list(reserve[:amount])
    for oro in paid:
        game.res.move(oro, player, "oro-pagado", same_object=True)
    return [o.uid for o in paid]


def requirements(game: Game, card: CardState, player: str, responds_to: str | None = None) -> dict[str, list[str]]:
    """Step 2: what the card needs to be played. A Talismán that targets a card in play chooses it now; an exact
    number of cards it must take from a zone must be there (Barajar cartas del cementerio, FAQ L430)."""
    definition = game.board.define(card)
    fixed: dict[str, list[str]] = {}
    ctx = AbilityContext(game, card.uid, player, {"responds-to": responds_to}, rule="pasos-para-jugar-una-carta.2")
    for ability in definition.abilities_of("jugar"):
        if not conditions.holds(game.board, player, ability.get("condition")):
            # Banquete Japonés, Fimbultyr: the state of the game is checked as the card is played (FAQ L746, L832).
            raise refuse(game, "MYL-CARD-93", f"{definition.name} cannot be played: what its text requires does not hold",
                         f"{definition.name} no puede jugarse: no se cumple lo que su texto exige")
        for i, effect in enumerate(ability.get("effects", [])):
            if effect.get("do") == "copiar-talisman" and not copying.copyable(ctx):
                raise refuse(game, "MYL-CARD-62", f"{definition.name} has no Talismán in the Cementerio to copy",
                             f"{definition.name} no tiene en el Cementerio un Talismán que copiar")
            # A number known only as the card resolves (Acupuntura: the opponent's Oros then) is checked then.
            missing = shortfall(ctx, effect) if isinstance(effect.get("amount", 1), int) else None
            if missing:
                raise refuse(game, missing[0], missing[1], missing[2])
            target = effect.get("target")
            if not isinstance(target, dict) or target.get("choose", 1) == "all" or effect.get("do") in ANSWER_WORDS \
                    or effect.get("chooser") or target.get("zone", "juego") != "juego" or target.get("player") \
                    or any(target.get(k) for k in ("self", "bearer", "previous")):
                continue
            pool = tg.candidates(ctx, target, str(effect.get("do", "")))
            count = int(target.get("choose", 1))
            if len(pool) < count and not target.get("up-to"):
                raise refuse(game, "pasos-para-jugar-una-carta.2",
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
        raise refuse(game, "portar-armas", "no Aliado in play can carry this Arma", "ningún Aliado en juego puede portar esta Arma")
    chosen = game.choose_cards(player, "portar-armas", "¿Qué Aliado porta el Arma?", "Which Aliado carries the Arma?",
                               bearers, key="bearer")
    return chosen[0].uid


def play_card(game: Game, card: CardState, player: str, *, free: bool = False, responds_to: str | None = None,
              rules: Windows | None = None, by_effect: bool = False) -> None:
    """Steps 1-5 of playing a card; the card then waits on the stack for the answers of step 5. A card played by
    another card's effect waits there too, and its window opens once that effect has resolved (FAQ L938)."""
    res = game.res
    definition = game.board.define(card)
    refuse_incomplete(game, card, playing=True)
    if game.board.named(card, player):
        raise refuse(game, "efectos-permanentes", f"{definition.name} cannot be played: an effect named it",
                     f"{definition.name} no puede jugarse: un efecto la nombró")
    if definition.type == "talisman" and game.board.locked():
        raise refuse(game, "MYL-CARD-76", "Vigilia de Armas: no Talismán can be played until the Fase Final",
                     "Vigilia de Armas: no se pueden jugar Talismanes hasta la Fase Final")
    before = res.checkpoint()
    origin = game.board.zone_of(card) or "mano"
    with res.step("play", "pasos-para-jugar-una-carta.1", f"{player} juega {game.label(card)}",
                  f"{player} plays {game.label(card, 'en')}", card=card.uid):
        res.move(card, player, "jugando")
        res.set_controller(card, player)
        data: dict[str, Any] = {"from": origin}
        if responds_to:
            data["responds-to"] = responds_to
        with res.step("requirements", "pasos-para-jugar-una-carta.2", "Requisitos y objetivo", "Requirements and target"):
            if definition.type == "talisman":
                data["targets"] = requirements(game, card, player, responds_to)
            elif definition.type == "arma":
                data["bearer"] = _bearer(game, card, player)
        reduced = pay_play_cost(game, card, player)
        cost = max(0, cost_to_pay(game, card, free=free) - reduced)
        with res.step("pay", "pasos-para-jugar-una-carta.3", f"{player} paga {cost} Oro", f"{player} pays {cost} Oro"):
            data["paid"] = pay(game, player, cost)
        with res.step("played", "pasos-para-jugar-una-carta.4", "La carta se considera jugada", "The card counts as played"):
            game.raise_event("carta-jugada", card=card.uid, controller=player, type=definition.type)
        item = res.push(StackItem(game.position.next_stack_id(), player, card.uid, "carta", data))
    game.checkpoints[item.id] = before
    if not by_effect:
        act(res, rules or Windows(game), player)


def resolve_card(game: Game, item: StackItem) -> None:
    """Steps 6-7: the card is not annulled. A Talismán resolves all of its effect or none and goes to its owner's
    Cementerio (or, when its effect lasts the rest of the game, to the Zona de efectos Permanentes); any other card
    enters play, and the window of steps 8-9 opens."""
    res = game.res
    card = game.card(item.source)
    if card is None:
        return
    definition = game.board.define(card)
    if definition.type == "talisman":
        ctx = AbilityContext(game, card.uid, item.controller, responded_event(game, item),
                             fixed=dict(item.data.get("targets", {})), rule="pasos-para-jugar-una-carta.7")
        with res.step("talisman", "pasos-para-jugar-una-carta.6", f"{game.label(card)} se resuelve (0 o 100%)",
                      f"{game.label(card, 'en')} resolves (0 or 100%)", card=card.uid):
            effects = [e for a in definition.abilities_of("jugar") for e in a.get("effects", [])]
            if not _retarget(game, ctx, effects) or any(shortfall(ctx, e) for e in effects):
                undo(game, item)
                return
            with res.step("effect", "pasos-para-jugar-una-carta.7", "Se cumple su efecto", "Its effect happens"):
                for ability in definition.abilities_of("jugar"):
                    run_effects(ctx, ability.get("effects", []))
            zone = "permanentes" if any(a.get("permanente") for a in definition.abilities_of("jugar")) else "cementerio"
            # A Talismán whose effect already moved it (Bendición shuffles itself, FAQ L670) stays where it went.
            if game.board.zone_of(card) == "jugando":
                res.move(card, card.owner, zone)
            if card.controller != card.owner:
                res.set_controller(card, card.owner)
        return
    with res.step("enters-play", "pasos-para-jugar-una-carta.6", f"{game.label(card)} entra en juego",
                  f"{game.label(card, 'en')} enters play", card=card.uid):
        enter_play(game, card, item.controller, bearer=item.data.get("bearer"))
    if game.board.in_play(card):
        res.push(StackItem(game.position.next_stack_id(), item.controller, card.uid, "entrada"))


def responded_event(game: Game, item: StackItem) -> dict[str, Any]:
    """What an answer answers: the item it responds to, and how much damage that was (Arlequín, FAQ L175)."""
    wanted = item.data.get("responds-to")
    answered = next((i for i in game.position.stack if i.id == wanted), None)
    event: dict[str, Any] = {"responds-to": wanted}
    if answered is not None and "amount" in answered.data:
        event["amount"] = answered.data["amount"]
    return event


def _retarget(game: Game, ctx: AbilityContext, effects: list[dict[str, Any]]) -> bool:
    """A target chosen at step 2 that is no longer valid is changed to a valid one if there is one (FAQ L688,
    L704); with none, the Talismán cannot resolve its 100%."""
    for path, uids in list(ctx.fixed.items()):
        effect = effects[int(path[1:])]
        target = effect.get("target", {})
        word = str(effect.get("do", ""))
        valid = [u for u in uids if (c := game.card(u)) is not None and tg.still_valid(ctx, target, c, word=word)]
        if len(valid) == len(uids):
            continue
        pool = [c for c in tg.candidates(ctx, target, word) if c.uid not in valid]
        need = len(uids) - len(valid)
        if len(pool) < need:
            game.res.note("target-gone", "objetivo-valido", "Su objetivo ya no es válido y no hay otro",
                          "Its target is no longer valid and there is no other")
            return False
        chosen = game.choose_cards(ctx.controller, "objetivo-valido", "El objetivo ya no es válido: elige otro",
                                   "The target is no longer valid: choose another", pool, count=need)
        ctx.fixed[path] = valid + [c.uid for c in chosen]
    return True


def undo(game: Game, item: StackItem) -> None:
    """Se retrotrae la jugada (FAQ L686): the card goes back where it was played from and its Oro to the Reserva.
    Within the play that played it the whole position goes back (decision rollback-scope)."""
    res = game.res
    card = game.card(item.source)
    note = Step(kind="undone", rule=res.cite("objetivo-valido"),
                text_es="No puede cumplirse en un 100%: se retrotrae la jugada (la carta vuelve y el Oro pagado también)",
                text_en="It cannot resolve 100%: the play is undone (the card and the Oro paid go back)",
                card=item.source)
    saved = game.checkpoints.get(item.id)
    if saved is not None:
        attempt = saved.step.children[saved.children:]
        note.children.extend(attempt)
        res.rollback(saved, keep=[note])
        return
    res.current.children.append(note)
    if card is not None:
        res.move(card, card.owner, str(item.data.get("from", "mano")))
    for uid in item.data.get("paid", []):
        oro = game.card(uid)
        if oro is not None:
            res.move(oro, oro.controller, "reserva-de-oro")


def enter_play(game: Game, card: CardState, controller: str, *, bearer: str | None = None) -> None:
    res = game.res
    kind = game.board.define(card).type
    if kind == "arma":
        host = game.card(bearer) if bearer else None
        if host is None or not game.board.in_play(host) or len(host.attached) >= game.board.weapon_limit(host):
            res.note("no-bearer", "portar-armas", "El Aliado que iba a portarla ya no puede: va al Cementerio",
                     "The Aliado that was to carry it no longer can: it goes to the Cementerio")
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
    """The window of steps 8-9 closed: the card is in play and the play is over."""
    game.res.note("entered", "pasos-para-jugar-una-carta.9", "Termina la jugada: no queda prevención por jugar",
                  "The play is over: no prevention is left to play", card=item.source)


def playable_from_graveyard(game: Game, card: CardState, player: str) -> bool:
    """Gente Lunar: "si se encuentra en tu Cementerio, puedes jugarlo durante tu Fase de Vigilia" (FAQ L918): its
    own text works from the Cementerio."""
    return game.board.zone_of(card) in GRAVEYARD and card.owner == player and any(
        a.get("grant") == "jugable-desde-cementerio" for a in game.board.define(card).abilities_of("continua"))


def drop_oro(game: Game, card: CardState, player: str, rules: Windows) -> None:
    """Vigilia step b: one Oro from hand, played through the pasos at cost 0 (decision oro-drop)."""
    res = game.res
    turn = dict(game.position.values.get("turno", {}))
    turn["oro"] = True
    res.set_value("turno", turn)
    res.set_turn(step=steps.VIGILIA)
    with res.step("oro", "fase-de-vigilia.b", f"{player} pone {game.label(card)} en su Reserva de Oro",
                  f"{player} puts {game.label(card, 'en')} in their Reserva de Oro", card=card.uid):
        play_card(game, card, player, free=True, rules=rules)


RESOLVERS["carta"] = resolve_card
RESOLVERS["entrada"] = resolve_entry
