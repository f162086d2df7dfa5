"""What playing a card costs (Pasos para jugar una carta, step 3, FAQ L27): its Oro, with every increase and
reduction, and the additional costs its text asks ("Para jugar esta carta debes destruir un Aliado que controles",
Rapto de Idunn, Gnomos Burlones, FAQ L896, L906; "debes descartar tu mano", Chacs, L730; "desterrando un Aliado Kami
de tu Mano … reduciendo su Coste en 2", L71).

Additional costs are paid even when the card is played without paying its cost (L27) and under Vigilia de Armas
(L720); what paying them triggers resolves before the card's own effect (L900, L910; decision cost-triggers).
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.games.mitos_y_leyendas import conditions
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.effects import run_effects
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.targets import AbilityContext


def cost_to_pay(game: Game, card: CardState, *, free: bool) -> int:
    """Printed cost, plus every increase, minus every reduction, never below 0 (step 3). A card played without
    paying its cost still pays the increases, which the FAQ calls additional costs (decision free-play-increases).
    A card's own reduction works as it is played (Yu Huang: 1 less for each Xian in play, anyone's, FAQ L1116-L1120),
    and so does a reduction an effect gave that card (Niú Kánzhe Cáodi)."""
    board = game.board
    definition = board.define(card)
    cost = 0 if free else definition.cost or 0
    changes = [(source, ability) for source, ability in board.continuous()
               if ability.get("cost") and changes_cost_of(game, source, ability, card)]
    changes += [(card, a) for a in definition.abilities_of("continua") if a.get("cost") and a.get("target", {}).get("self")]
    for source, ability in changes:
        change = ability["cost"]
        amount = int(change.get("amount", 0))
        if isinstance(change.get("per"), dict):
            amount *= board.count(change["per"], source.controller)
        if amount > 0 or not free:
            cost += amount
    if not free:
        cost -= sum(int(e.get("amount", 0)) for e in board.effects()
                    if e.get("do") == "reducir-coste" and board.applies_to(e, card))
    return max(0, cost)


def changes_cost_of(game: Game, source: CardState, ability: dict[str, Any], card: CardState) -> bool:
    """Whether a continuous cost change of ``source`` in play reaches ``card`` as it is played: the cards its target
    describes, of the players its target and its change name ("side": whose cards, from the source's controller's
    side). A change of the card's own cost (Yu Huang) is that card's alone, and works as it is played (below)."""
    target = ability.get("target", {})
    if target.get("self") or target.get("other") and card.uid == source.uid:
        return False
    side = ability["cost"].get("side", "any")
    if side == "own" and card.controller != source.controller or side == "opponent" and card.controller == source.controller:
        return False
    return game.board.matches(card, target, source.controller)


def play_cost(game: Game, card: CardState) -> dict[str, Any]:
    return dict(game.board.define(card).meta.get("raw", {}).get("play-cost", {}))


def payable(ctx: AbilityContext, effects: list[dict[str, Any]]) -> bool:
    """Whether costs written as instructions can be paid now: enough cards that fit each one (a card may pay its own
    cost unless the text says "otro", Autoreferencia, FAQ L137-L141), enough cards in the hand to discard."""
    game = ctx.game
    for effect in effects:
        target = effect.get("target")
        if effect.get("do") == "descartar":
            hand = [c for c in game.position.player(ctx.controller).zone("mano") if c.uid != ctx.source]
            need = 1 if effect.get("amount") == "mano" else int(effect.get("amount", 1))
            if len(hand) < need:
                return False
        elif isinstance(target, dict) and not target.get("player"):
            count = target.get("choose", 1)
            if isinstance(count, int) and len(tg.candidates(ctx, target, str(effect.get("do", "")))) < count:
                return False
    return True


def cheapest(game: Game, card: CardState, player: str) -> int:
    """The least Oro the card can be played for now: with its optional additional cost paid, if it can be."""
    cost = cost_to_pay(game, card, free=False)
    extra = play_cost(game, card)
    if extra.get("may") and extra.get("reduce") and payable(AbilityContext(game, card.uid, player), extra.get("effects", [])):
        cost = max(0, cost - int(extra["reduce"]))
    return cost


def pay_play_cost(game: Game, card: CardState, player: str) -> int:
    """Pay the card's additional cost, if it has one; returns the Oro it takes off the cost."""
    extra = play_cost(game, card)
    if not extra:
        return 0
    ctx = AbilityContext(game, card.uid, player, rule="pasos-para-jugar-una-carta.3")
    if not conditions.holds(game.board, player, extra.get("condition")) or not payable(ctx, extra.get("effects", [])):
        if extra.get("may"):
            return 0
        raise IllegalPlayError(f"the additional cost of {game.label(card, 'en')} cannot be paid",
                               rule=game.res.cite("pasos-para-jugar-una-carta.3"),
                               es=f"el coste adicional de {game.label(card)} no puede pagarse")
    if extra.get("may") and not game.ask_yes_no(player, "pasos-para-jugar-una-carta.3",
                                                 f"¿Pagas el coste adicional de {game.label(card)}?",
                                                 f"Do you pay the additional cost of {game.label(card, 'en')}?"):
        return 0
    with game.res.step("additional-cost", "pasos-para-jugar-una-carta.3", "Se paga el coste adicional",
                       "The additional cost is paid"):
        game.res.note("cost-triggers", "myl.decision.cost-triggers",
                      "Lo que dispare pagarlo se resuelve antes del efecto de la carta",
                      "What paying it triggers resolves before the card's effect")
        run_effects(ctx, extra.get("effects", []), "c")
    return int(extra.get("reduce", 0))


def cost_payable(game: Game, card: CardState, ability: dict[str, Any], responds_to: str | None = None) -> bool:
    """Whether the costs in the text can be paid now: the Oro, and the cards the text asks for."""
    if int(ability.get("oro", 0)) > len(game.position.player(card.controller).zone("reserva-de-oro")):
        return False
    ctx = AbilityContext(game, card.uid, card.controller, {"responds-to": responds_to}, rule="habilidad-activada")
    return payable(ctx, ability.get("cost", []))


def has_targets(game: Game, card: CardState, ability: dict[str, Any], responds_to: str | None = None) -> bool:
    """An activated ability needs a valid target to be activated at all; with none the play is undone (Teatro
    Kabuki with only Gilgamesh to return, FAQ L690; decision target-outcome-by-kind)."""
    ctx = AbilityContext(game, card.uid, card.controller, {"responds-to": responds_to}, rule="habilidad-activada")
    return tg.has_valid_targets(ctx, ability.get("effects", []))
