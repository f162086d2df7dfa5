"""Targets: which cards (or players) an effect can reach, and the choice of them.

Objetivo válido (FAQ L684-L706) has no general rule in the FAQ, only examples, which this module follows:
- a card played or an ability activated needs a valid target to be played at all (the requirement of step 2);
- a chosen target that is no longer valid when the effect resolves is not reached, and a Talismán resolves all of
  its effect or none of it (step 7: "0 o un 100%");
- "destruye 2" needs 2 valid targets, otherwise nothing happens (Dragón Medieval, Thor).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from judge.core.position import CardState
from judge.games.mitos_y_leyendas.board import GRAVEYARD, IN_PLAY
from judge.games.mitos_y_leyendas.game import Game


@dataclass
class AbilityContext:
    """One ability (or Talismán) resolving: its source, its controller, what set it off, the targets fixed when it
    was played, and whether its last instruction happened ("luego", FAQ L552)."""

    game: Game
    source: str
    controller: str
    event: dict[str, Any] = field(default_factory=dict)
    fixed: dict[str, list[str]] = field(default_factory=dict)
    """Targets chosen before resolution (a Talismán's at step 2), by effect path."""
    rule: str = "habilidad-disparada"

    @property
    def source_card(self) -> CardState | None:
        return self.game.card(self.source)


def candidates(ctx: AbilityContext, target: dict[str, Any]) -> list[CardState]:
    """Every card the description can reach now, in position order."""
    game = ctx.game
    source = ctx.source_card
    if target.get("self"):
        return [source] if source is not None and game.board.in_play(source) else []
    if target.get("bearer"):
        bearer = game.board.bearer(source) if source is not None else None
        return [bearer] if bearer is not None else []
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
        if zones == "juego" and _protected(game, card, ctx):
            continue
        out.append(card)
    return out


def _protected(game: Game, card: CardState, ctx: AbilityContext) -> bool:
    """"No puede ser afectado por Talismanes oponentes": not a valid target of an opponent's Talismán. An effect that
    makes its controller act on it is not the opponent affecting it (FAQ L638)."""
    source = ctx.source_card
    if source is None or not source.known or game.board.define(source).type != "talisman":
        return False
    return ctx.controller != card.controller and game.board.granted(card, "inafectable-talismanes-oponentes")


def matches_outside(game: Game, card: CardState, target: dict[str, Any], controller: str) -> bool:
    if not card.known:
        return False
    side = target.get("side", "any")
    if side == "own" and card.owner != controller:
        return False
    if side == "opponent" and card.owner == controller:
        return False
    definition = game.board.define(card)
    if "type" in target and definition.type != target["type"]:
        return False
    if "race" in target and definition.race != target["race"]:
        return False
    return "name" not in target or target["name"] in (definition.name, definition.id)


def count_of(target: dict[str, Any]) -> int | str:
    return target.get("choose", 1)


def choose(ctx: AbilityContext, target: dict[str, Any], path: str, *, rule: str, es: str, en: str) -> list[CardState]:
    """The targets of one instruction: fixed earlier, all that match, or chosen now by the controller."""
    game = ctx.game
    if path in ctx.fixed:
        found = [game.card(uid) for uid in ctx.fixed[path]]
        return [c for c in found if c is not None]
    pool = candidates(ctx, target)
    count = count_of(target)
    if count == "all" or target.get("self") or target.get("bearer"):
        return pool
    return game.choose_cards(ctx.controller, rule, es, en, pool, count=int(count), up_to=bool(target.get("up-to")))


def still_valid(ctx: AbilityContext, target: dict[str, Any], card: CardState, stamp: int | None = None) -> bool:
    """Whether a target chosen earlier can still be reached: the same object, still fitting the description."""
    if stamp is not None and card.stamp != stamp:
        return False
    return card in candidates(ctx, {**target, "choose": "all"})
