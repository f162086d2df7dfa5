"""Targets: which cards (or players) an effect can reach, and the choice of them.

Objetivo válido (FAQ L684-L706) has no general rule in the FAQ, only examples, which this module follows:
- a card played or an ability activated needs a valid target to be played at all (the requirement of step 2);
- a chosen target that is no longer valid when the effect resolves is not reached, and a Talismán resolves all of
  its effect or none of it (step 7: "0 o un 100%");
- "destruye 2" needs 2 valid targets, otherwise nothing happens (Dragón Medieval, Thor).

A card that cannot be affected by what an effect does (a Talismán, an Aliado's ability, leaving play other than by
combat damage) is never a valid target of that effect (FAQ L690, L702-L704, L768-L772), unless the effect makes its
controller act on it (L630-L638).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState, StackItem
from judge.games.mitos_y_leyendas.board import GRAVEYARD, IN_PLAY, characteristics_fit
from judge.games.mitos_y_leyendas.game import Game

LEAVING = ("destruir", "desterrar", "a-la-mano", "barajar", "al-tope")
"""Effects that take a card out of play."""


@dataclass
class AbilityContext:
    """One ability (or Talismán) resolving: its source, its controller, what set it off, the targets fixed when it
    was played, and what its earlier instructions did ("luego", FAQ L552; "ese Aliado")."""

    game: Game
    source: str
    controller: str
    event: dict[str, Any] = field(default_factory=dict)
    fixed: dict[str, list[str]] = field(default_factory=dict)
    """Targets chosen before resolution (a Talismán's at step 2), by effect path."""
    rule: str = "habilidad-disparada"
    memory: dict[str, Any] = field(default_factory=dict)
    """What the instructions resolved so far acted on (``previous``), shared by the copies of this context made for
    another player acting (``chooser``)."""
    own_cards: bool = False
    """The player acting is made to act on their own cards: those are affected by their controller (FAQ L630)."""

    @property
    def source_card(self) -> CardState | None:
        return self.game.card(self.source)


def candidates(ctx: AbilityContext, target: dict[str, Any], word: str = "", *, shield: bool = True) -> list[CardState]:
    """Every card the description can reach now, in position order, for an effect doing ``word``; ``shield=False``:
    the cards in play a protection keeps out are counted too (what :func:`shielded` names)."""
    game = ctx.game
    source = ctx.source_card
    if target.get("self"):
        # A card's own text reaches it in play, while it is being played, and from the Cementerio its ability works
        # from (Dalai Lama, FAQ L920; Bendición copied by Galdar, L670).
        where = game.board.zone_of(source) if source is not None else None
        return [source] if source is not None and (where in IN_PLAY or where in ("jugando", *GRAVEYARD)) else []
    if target.get("bearer"):
        # "Si su portador es un Campeón" (as Katana's, FAQ L546): the bearer, if it is what the text names.
        bearer = game.board.bearer(source) if source is not None else None
        rest = {k: v for k, v in target.items() if k != "bearer"}
        return [bearer] if bearer is not None and game.board.matches(bearer, rest, ctx.controller) else []
    if target.get("previous"):
        found = [game.card(uid) for uid in ctx.memory.get("previous", [])]
        # "Si el Aliado buscado es una Criatura" (Niú Kánzhe Cáodi, FAQ L824): what else the text asks of that card,
        # every characteristic it names, wherever the card went.
        fitting = [c for c in found if c is not None and _fits_extra(ctx, c, target)
                   and (game.board.matches(c, target, ctx.controller) if game.board.in_play(c)
                        else matches_outside(game, c, target, ctx.controller))]
        return [c for c in fitting if not (game.board.in_play(c) and _kept_out(ctx, c, word))]
    if target.get("responded"):
        item = responded_item(ctx)
        card = game.card(item.source) if item is not None and item.kind == "carta" else None
        return [card] if card is not None and game.board.matches(card, {**target, "side": "any"}, ctx.controller) else []
    zones = target.get("zone", "juego")
    out = []
    for _, zone, card in game.position.all_cards():
        if zones == "juego" and zone not in IN_PLAY:
            continue
        if zones == "cementerio" and zone not in GRAVEYARD:
            continue
        if zones not in ("juego", "cementerio") and zone != zones:
            continue
        if zones == "juego" and not game.board.matches(card, target, ctx.controller):
            continue
        if zones != "juego" and not matches_outside(game, card, target, ctx.controller):
            continue
        if target.get("other") and card.uid == ctx.source:
            continue
        if zones == "juego" and (shield and protected(ctx, card, word) or not _fits_extra(ctx, card, target)):
            continue
        out.append(card)
    if target.get("weakest") and out:
        # "El Aliado de menor fuerza" (Duelo en el Tejado, FAQ L636): ties are the chooser's choice.
        low = min(game.board.strength(c) for c in out)
        out = [c for c in out if game.board.strength(c) == low]
    return out


def _fits_extra(ctx: AbilityContext, card: CardState, target: dict[str, Any]) -> bool:
    game = ctx.game
    if "cost-named" in target and game.board.define(card).cost != named_cost(ctx):
        return False
    if target.get("unblocked") and card.uid in game.position.values.get("batalla", {}).get("bloqueos", {}):
        return False
    if target.get("unaffected") and card.uid in affected_by(ctx):
        return False
    return True


def _kept_out(ctx: AbilityContext, card: CardState, word: str) -> bool:
    """Whether a protection keeps ``card``, reached by what an earlier instruction acted on ("destrúyelo"), out of this
    one: a protection says what cannot affect the card, however the text names it (FAQ L690, L700-L702); the trace
    names the rule."""
    rule = protection(ctx, card, word)
    if rule is not None:
        ctx.game.res.note("protected", rule, f"{ctx.game.label(card)} no puede ser afectado por este efecto: no le sucede",
                          f"{ctx.game.label(card, 'en')} cannot be affected by this effect: it does not happen to it", card=card.uid)
    return rule is not None


def protected(ctx: AbilityContext, card: CardState, word: str) -> bool:
    """Whether ``card`` cannot be affected by this effect (:func:`protection`)."""
    return protection(ctx, card, word) is not None


def protection(ctx: AbilityContext, card: CardState, word: str) -> str | None:
    """The rule that keeps ``card`` from being affected by this effect, or None: "no puede ser afectado por Talismanes
    (oponentes)", "no puede ser destruido por Talismanes / por habilidades de Aliados", "solo puede salir del juego por
    daño de combate" (Gilgamesh, FAQ L638, L690). An effect that makes its controller act on it is not the card's
    protection's business, except Gilgamesh's, which no effect overcomes (L638)."""
    game = ctx.game
    board = game.board
    if word in LEAVING and board.granted(card, "solo-sale-por-dano-de-combate"):
        return "MYL-CARD-72"
    if word == "destruir" and board.granted(card, "indestructible"):
        # A card no effect can destroy is not a valid target of a destruction, as one that Aliados' abilities cannot
        # destroy is not (FAQ L702; decision indestructible).
        return "myl.decision.indestructible"
    if ctx.own_cards and card.controller == ctx.controller:
        return None
    source = ctx.source_card
    kind = board.define(source).type if source is not None and source.known else ""
    if kind == "talisman" and (
            board.granted(card, "inafectable-talismanes")
            or ctx.controller != card.controller and board.granted(card, "inafectable-talismanes-oponentes")
            or word == "destruir" and board.granted(card, "indestructible-por-talismanes")):
        return "MYL-CARD-73"
    if kind == "aliado" and word == "destruir" and board.granted(card, "indestructible-por-aliados"):
        return "MYL-CARD-73"
    return None


def shielded(ctx: AbilityContext, effects: list[dict[str, Any]]) -> list[tuple[CardState, str]]:
    """The cards in play an instruction would reach but for a protection, each with the rule of its protection: what
    a judge reads when an ability finds no valid target (FAQ L700-L702)."""
    out: list[tuple[CardState, str]] = []
    for effect in effects:
        target, word = effect.get("target"), str(effect.get("do", ""))
        if not isinstance(target, dict) or target.get("zone", "juego") != "juego" \
                or any(target.get(k) for k in ("self", "bearer", "previous", "responded")):
            continue
        for card in candidates(ctx, {k: v for k, v in target.items() if k != "weakest"}, word, shield=False):
            rule = protection(ctx, card, word)
            if rule is not None and all(card.uid != seen.uid for seen, _ in out):
                out.append((card, rule))
    return out


def has_valid_targets(ctx: AbilityContext, effects: list[dict[str, Any]]) -> bool:
    """Whether every instruction that must choose cards in play has enough valid ones (FAQ L684-L706)."""
    for effect in effects:
        target = effect.get("target")
        if not isinstance(target, dict) or effect.get("chooser") or effect.get("do") in ("anular", "cancelar") \
                or any(target.get(k) for k in ("self", "bearer", "previous", "player", "up-to", "responded")) \
                or target.get("choose") == "all" or target.get("zone", "juego") != "juego":
            continue
        if len(candidates(ctx, target, str(effect.get("do", "")))) < int(target.get("choose", 1)):
            return False
    return True


def responded_item(ctx: AbilityContext) -> StackItem | None:
    wanted = ctx.event.get("responds-to")
    return next((item for item in ctx.game.position.stack if item.id == wanted), None)


def affected_by(ctx: AbilityContext) -> set[str]:
    """The cards the card this answers would affect as it resolves: its chosen targets and everything its "all"
    instructions reach (Lechuza Lunar cannot pay with a card that Stribog is destroying too, FAQ L794)."""
    item = responded_item(ctx)
    game = ctx.game
    if item is None or item.kind != "carta":
        return set()
    played = game.card(item.source)
    if played is None:
        return set()
    out = {uid for uids in item.data.get("targets", {}).values() for uid in uids}
    probe = AbilityContext(game, played.uid, item.controller, rule=ctx.rule)
    for ability in game.board.define(played).abilities_of("jugar"):
        for effect in ability.get("effects", []):
            target = effect.get("target")
            if isinstance(target, dict) and target.get("choose") == "all":
                out.update(c.uid for c in candidates(probe, target, str(effect.get("do", ""))))
    return out


def named_cost(ctx: AbilityContext) -> int:
    """"Las cartas del coste escogido" (Forma Voladora, FAQ L772): the controller names a cost once; every
    instruction of the effect uses it."""
    if "cost-named" not in ctx.memory:
        costs = sorted({ctx.game.board.define(c).cost or 0 for c in ctx.game.board.cards_in_play() if c.known})
        chosen = ctx.game.res.ask(Question(key="cost", player=ctx.controller, rule=ctx.rule,
                                           prompt_es="¿Qué coste escoges?", prompt_en="Which cost do you choose?",
                                           options=tuple(Option(str(c), str(c)) for c in costs or [0])))
        ctx.memory["cost-named"] = int(chosen)
    return int(ctx.memory["cost-named"])


def matches_outside(game: Game, card: CardState, target: dict[str, Any], controller: str) -> bool:
    """Whether a card out of play (a hand, a Mazo Castillo, a Cementerio) fits a description: its side is its
    owner's, and every characteristic the description names is read as printed (:func:`characteristics_fit`)."""
    if not card.known:
        return False
    side = target.get("side", "any")
    if side == "own" and card.owner != controller:
        return False
    if side == "opponent" and card.owner == controller:
        return False
    return characteristics_fit(game.board.define(card), target)


def count_of(target: dict[str, Any]) -> int | str:
    return target.get("choose", 1)


def choose(ctx: AbilityContext, target: dict[str, Any], path: str, *, rule: str, es: str, en: str,
           word: str = "") -> list[CardState]:
    """The targets of one instruction: fixed earlier, all that match, or chosen now by the controller."""
    game = ctx.game
    if path in ctx.fixed:
        found = [game.card(uid) for uid in ctx.fixed[path]]
        return [c for c in found if c is not None]
    pool = candidates(ctx, target, word)
    count = count_of(target)
    if count == "all" or target.get("self") or target.get("bearer") or target.get("previous") or target.get("responded"):
        return pool
    return game.choose_cards(ctx.controller, rule, es, en, pool, count=int(count), up_to=bool(target.get("up-to")))


def still_valid(ctx: AbilityContext, target: dict[str, Any], card: CardState, stamp: int | None = None,
                word: str = "") -> bool:
    """Whether a target chosen earlier can still be reached: the same object, still fitting the description."""
    if stamp is not None and card.stamp != stamp:
        return False
    return card in candidates(ctx, {**target, "choose": "all"}, word)
