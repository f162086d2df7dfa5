"""Who can answer what: the cards in a hand and the abilities in play that a player could use now, as an answer to
what waits on the stack or in the Guerra de Talismanes.

The four mechanics stay apart (decision ``anulacion-cancel-prevention-wording``): an anulación answers a card being
played (step 5); a cancellation answers a triggered or activated ability as it is used (FAQ L510), never a Talismán
(L520) nor a continuous ability (L512); a prevention answers what would affect a card (L155); an "en respuesta"
card answers the event its text names (a declaration, damage taken).
"""

from __future__ import annotations

from typing import Any

from judge.core.position import CardState, StackItem
from judge.games.mitos_y_leyendas import steps
from judge.games.mitos_y_leyendas import conditions
from judge.games.mitos_y_leyendas.costs import cheapest, cost_payable, has_targets
from judge.games.mitos_y_leyendas.board import characteristics_fit
from judge.games.mitos_y_leyendas.game import Game
from judge.games.mitos_y_leyendas.timing import RESPONSES

DAMAGE = ("dano", "dano-aplicado", "dano-directo")
"""Windows on damage: only the player who takes it answers them with a card keyed to damage (FAQ L175-L177)."""


def fits(game: Game, card: CardState, target: dict[str, Any], player: str) -> bool:
    """Whether the card being played is one ``player``'s anulación (or answer to a card played) can reach: whose it
    is, and every characteristic the text names, the printed cost whatever was paid (Reducción de costes, FAQ L71;
    Tradición Viva, L942)."""
    side = target.get("side", "any")
    if side == "own" and card.controller != player or side == "opponent" and card.controller == player:
        return False
    return characteristics_fit(game.board.define(card), target)


def may_cancel(game: Game, player: str, item: StackItem) -> bool:
    """One ability of an opponent's card with several can be cancelled, not a second one of the same card (FAQ
    L518); each use of the same ability is an ability of its own (Machi, L564)."""
    if item.kind not in ("habilidad", "disparada") or item.controller == player:
        return False
    card = game.card(item.source)
    if card is not None and game.board.granted(card, "no-puede-ser-cancelada"):
        return False
    done = game.position.values.get("turno", {}).get("cancelaciones", [])
    return not any(c["player"] == player and c["card"] == item.source and c["ability"] != item.data.get("ability")
                   for c in done)


def answers_effects(game: Game, player: str, effects: list[dict[str, Any]], item: StackItem,
                    responds: list[str]) -> bool:
    """Whether effects of a card or an ability answer ``item``."""
    if item.kind in responds and (item.kind not in DAMAGE or item.data.get("first") == player):
        return True
    if "dano-directo-jugado" in responds and item.controller != player and deals_direct_damage(game, item):
        return True
    for effect in effects:
        word = effect.get("do")
        target = effect.get("target", {})
        if word == "anular" and item.kind == "carta":
            played = game.card(item.source)
            if played is not None and fits(game, played, target, player) and not cannot_be_annulled(game, played):
                return True
        if isinstance(target, dict) and target.get("responded") and item.kind == "carta" and item.controller != player:
            # Posesión Mayor: "cuando tu oponente juegue un Aliado, en respuesta…" (FAQ L736).
            played = game.card(item.source)
            if played is not None and fits(game, played, target, player):
                return True
        if word == "cancelar" and may_cancel(game, player, item):
            # "Cancela la habilidad de un Aliado": the card whose ability it is fits what the text names.
            source = game.card(item.source)
            if not target or source is not None and source.known and fits(game, source, target, player):
                return True
        if word == "prevenir" and item.kind in ("carta", "habilidad", "disparada") and item.controller != player:
            return True
    return False


def cannot_be_annulled(game: Game, card: CardState) -> bool:
    """"No podrás anular el Talismán … si este en su habilidad no puede ser anulado" (FAQ L944)."""
    return any(a.get("grant") == "no-puede-ser-anulada" for a in game.board.define(card).abilities_of("continua"))


def item_effects(game: Game, item: StackItem) -> list[dict[str, Any]]:
    """What a waiting card or ability will do when it resolves."""
    card = game.card(item.source)
    if card is None or not card.known:
        return []
    definition = game.board.define(card)
    if item.kind == "carta":
        return [e for a in definition.abilities_of("jugar") for e in a.get("effects", [])]
    if item.kind in ("habilidad", "disparada"):
        ability = item.data.get("event", {}).get("texto") or definition.abilities[int(item.data.get("ability", 0))]
        return list(ability.get("effects", []))
    return []


def deals_direct_damage(game: Game, item: StackItem) -> bool:
    """Whether a card or an ability makes its controller's opponent bota (Machitun answers it, FAQ L177)."""
    return any(e.get("do") == "botar" and e.get("player", "opponent") == "opponent" for e in item_effects(game, item))


def card_answers(game: Game, player: str, card: CardState, item: StackItem) -> bool:
    for ability in game.board.define(card).abilities_of("jugar"):
        if answers_effects(game, player, ability.get("effects", []), item, list(ability.get("en-respuesta", []))):
            return True
    return False


def usable_now(game: Game, card: CardState, index: int, ability: dict[str, Any], item: StackItem | None) -> bool:
    """Whether an activated ability can be used now: in a window only if it answers what waits; in the Guerra de
    Talismanes if it says so or is "una vez por turno" (FAQ L318); never twice in a turn if once per turn; never
    while Lilith keeps its controller's abilities off (FAQ L868)."""
    if ability.get("once-per-turn") and used_this_turn(game, card, index) or game.board.locked():
        return False
    waiting = item.id if item is not None else None
    if not cost_payable(game, card, ability, waiting) or not has_targets(game, card, ability, waiting) \
            or not conditions.holds(game.board, card.controller, ability.get("condition")):
        return False
    if not game.board.has_abilities(card) or card.controller in game.position.values.get("batalla", {}).get("sin-habilidades", []):
        return False
    if item is not None:
        return answers_effects(game, card.controller, ability.get("effects", []), item, list(ability.get("en-respuesta", [])))
    when = ability.get("when", ["vigilia"])
    if game.position.step == steps.GUERRA:
        return "guerra" in when or bool(ability.get("once-per-turn"))
    return game.position.step in steps.VIGILIA_STEPS and "vigilia" in when and card.controller == game.active


def used_this_turn(game: Game, card: CardState, index: int) -> bool:
    """"Una vez por turno" is counted per card, whoever controls it now (FAQ L476)."""
    return f"{card.uid}:{index}" in game.position.values.get("turno", {}).get("una-vez", [])


def window_answers(game: Game, player: str, item: StackItem | None) -> list[Any]:
    """The cards in ``player``'s hand that answer ``item``, or those playable in the Guerra de Talismanes."""
    hand = game.position.player(player).zone("mano")
    oro = len(game.position.player(player).zone("reserva-de-oro"))
    out: list[Any] = []
    for card in hand:
        kind = game.board.define(card).type if card.known else ""
        # Evocación: a card in play may let its controller play Aliados in the Guerra de Talismanes (FAQ L822).
        allowed = kind == "talisman" or kind == "aliado" and item is None and any(
            a.get("grant") == "aliados-en-guerra" and source.controller == player for source, a in game.board.continuous())
        if not allowed or cheapest(game, card, player) > oro:
            continue
        if item is None or card_answers(game, player, card, item):
            out.append(("play", card.uid))
    for _, zone, card in game.position.all_cards():
        if card.controller != player or not game.board.in_play(card) or not card.known:
            continue
        for index, ability in enumerate(game.board.define(card).abilities):
            if ability.get("kind") == "activada" and usable_now(game, card, index, ability, item):
                out.append(("activate", card.uid))
                break
    return out


RESPONSES.append(window_answers)
