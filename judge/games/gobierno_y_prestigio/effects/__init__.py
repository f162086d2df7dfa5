"""The interpreter of the ability vocabulary: each effect word (``do = ...``) has a handler, registered by the
modules of this package when it is imported (one module per domain).

A handler gets the game, the context of the item resolving (its controller, source, declared targets, X) and the
effect table. Instructions are followed in printed order (116.4.a); a part that is impossible is skipped and the
rest still happens (101.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.core.vocabulary import Handlers
from judge.games.gobierno_y_prestigio import targets
from judge.games.gobierno_y_prestigio.game import Game

Handler = Callable[[Game, "Ctx", dict[str, Any]], None]
HANDLERS: Handlers[Handler] = Handlers()
handler = HANDLERS.word


@dataclass
class Ctx:
    """What an effect needs to know of the item it belongs to."""

    controller: str
    source: CardState | None = None
    item: StackItem | None = None
    x: int = 0
    declared: dict[str, list[str]] = field(default_factory=dict)
    """Targets declared when the item was put on the stack, by effect index."""
    index: str = ""
    you: str | None = None
    """The player "you" means in this effect (each player in turn for "cada jugador")."""
    is_order: bool = False
    last: list[Any] = field(default_factory=list)
    effect: dict[str, Any] = field(default_factory=dict)
    """The effect being followed now."""
    """The objects the previous effect acted on ("ponla", "lo"): the named target ``previous``."""
    color: str | None = None
    """A colour chosen earlier in the same resolution (101.4.b: choices in the order of the text)."""

    @property
    def player(self) -> str:
        return self.you or self.controller

    @property
    def self_ref(self) -> str:
        return self.item.id if self.item else ""


ObjectHandler = Callable[[Game, "Ctx", dict[str, Any], list[Any]], None]
APPLY: dict[str, ObjectHandler] = {}
"""Effects on objects, applicable to objects already chosen (the simultaneous actions of 101.4)."""


def object_effect(word: str) -> Callable[[ObjectHandler], ObjectHandler]:
    """Register an effect that acts on the objects its ``target`` names."""
    def register(fn: ObjectHandler) -> ObjectHandler:
        APPLY[word] = fn

        def run_on_objects(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
            objs = objects(game, ctx, effect)
            fn(game, ctx, effect, objs)
            ctx.last = objs
        HANDLERS[word] = run_on_objects
        return fn
    return register


def amount(ctx: Ctx, effect: dict[str, Any], game: Game, key: str = "amount") -> int:
    value = effect.get(key, 1)
    if value == "X":
        if not ctx.x and ctx.source is not None and game.board.define(ctx.source).cost != "X":
            # X only in the text and undefined: chosen now, on resolution (109.2.c), and never 0 (109.2.a.1).
            game.res.note("x-all-equal", "109.2.e", "Todas las X de un objeto valen lo mismo", "All X's of one object are equal")
            ctx.x = game.res.ask_number(key="x", player=ctx.controller, rule="109.2.c", prompt_es="Elige X (mayor que 0)",
                                        prompt_en="Choose X (greater than 0)", low=1, high=20)
        return ctx.x
    if isinstance(value, dict):
        return _computed(game, ctx, value)
    return int(value)


def _computed(game: Game, ctx: Ctx, spec: dict[str, Any]) -> int:
    """An amount the text defines (109.2.b): counted when the effect happens."""
    count = spec.get("count")
    if count == "subditos":
        n = sum(1 for c in game.board.on_battlefield() if c.controller == ctx.player and game.board.is_subdito(c))
        value = n + int(spec.get("plus", 0))
        game.res.note("x-defined", "109.2.b", f"X se calcula ahora: {value}", f"X is computed now: {value}")
        return value
    if count == "coste":
        # The original cost of the object, whatever was paid for it (121.8.c, 121.9.c).
        found = objects(game, ctx, ctx.effect if spec.get("of") == "target" else {"target": spec.get("of")})
        card = found[0] if found else None
        if isinstance(card, StackItem):
            card = game.board.card(card.source)
        cost = game.board.cost(card) if isinstance(card, CardState) else None
        game.res.note("original-cost", "121.8.c", f"El coste de la orden es {cost or 0}: los costes adicionales no lo cambian",
                      f"The order's cost is {cost or 0}: additional costs do not change it")
        return cost or 0
    if count == "fuerza":
        chosen = objects(game, ctx, ctx.effect if spec.get("of") == "target" else {"target": spec.get("of")})
        strength = game.board.strength(chosen[0]) if chosen and isinstance(chosen[0], CardState) else None
        if strength is None:
            game.res.note("undetermined", "109.1.c", "No puede determinarse el número: se usa 0",
                          "The number cannot be determined: 0 is used")
            return 0
        return strength
    return 0


def players(game: Game, ctx: Ctx, effect: dict[str, Any]) -> list[str]:
    who = effect.get("player", "controller")
    if who == "ganas":
        declared = ctx.declared.get(f"{ctx.index}.player", [])
        return [p for p in declared if p in game.position.players] or [ctx.player]
    if who == "each":
        return game.position.turn_order()
    if who == "each-opponent":
        rule = "102.3" if len(game.position.players) > 2 else "102.2"
        game.res.note("opponents", rule, "Oponentes: los jugadores de los otros equipos" if rule == "102.3" else "El oponente es el otro jugador",
                      "Opponents: the players of the other teams" if rule == "102.3" else "The opponent is the other player")
        return game.position.opponents(ctx.player)
    if who == "opponent":
        return one_opponent(game, ctx.player)
    if who == "target-controller":
        found = objects(game, ctx, effect)
        if found and isinstance(found[0], StackItem):
            # An order or ability on the stack: whoever controls it (115.4, 116.8).
            return [found[0].controller]
        if not found or not isinstance(found[0], CardState):
            return []
        if not game.board.in_play(found[0]) and game.board.zone_of(found[0]) != "pila":
            game.res.note("owner-as-controller", "110.4.a", f"{game.label(found[0])} no tiene controlador: se usa su dueño, {found[0].owner}",
                          f"{game.label(found[0], 'en')} has no controller: its owner, {found[0].owner}, is used")
            return [found[0].owner]
        return [found[0].controller]
    return [ctx.player]


def one_opponent(game: Game, pid: str) -> list[str]:
    """«Tu oponente»: the one opponent of a two-player game. With several, the text does not say which one, and part 1
    leaves multiplayer to its missing Section 8: the engine refuses to pick one (decision multiplayer-scope)."""
    opponents = game.position.opponents(pid)
    if len(opponents) > 1:
        raise IllegalPlayError(f"'the opponent' names one player, and {pid} has {len(opponents)} opponents: the text does not say which",
                               rule=game.cite("gyp.decision.multiplayer-scope"),
                               es=f"«el oponente» nombra a un jugador, y {pid} tiene {len(opponents)} oponentes: el texto no dice cuál")
    return opponents


def the_attacker(game: Game, ctx: Ctx) -> list[CardState]:
    """«El súbdito atacante» (118.1.a: no target): the one whose attack triggered the ability, or the one súbdito
    attacking. With several attacking and none of them the event's, the text does not say which: the engine refuses to
    pick one."""
    attacking = [c for c in game.board.on_battlefield() if c.get("atacando", False)]
    subject = ctx.item.data.get("subject") if ctx.item is not None else None
    if any(c.uid == subject for c in attacking):
        return [c for c in attacking if c.uid == subject]
    if len(attacking) > 1:
        raise IllegalPlayError(f"'the attacking súbdito' names one, and {len(attacking)} are attacking: the text does not say which",
                               rule=game.cite("118.1.a"),
                               es=f"«el súbdito atacante» nombra a uno, y atacan {len(attacking)}: el texto no dice cuál")
    return attacking


def objects(game: Game, ctx: Ctx, effect: dict[str, Any], key: str = "target") -> list[targets.Ref]:
    """The objects an effect acts on now: declared targets still legal, or what it chooses or takes now."""
    spec = effect.get(key)
    if spec == "self":
        return [ctx.source] if ctx.source is not None else []
    if spec == "host":
        found = game.position.locate(ctx.source.uid) if ctx.source is not None else None
        return [found[4]] if found and found[4] is not None else []
    if spec == "previous":
        return [o for o in ctx.last if not isinstance(o, CardState) or game.board.card(o.uid) is not None]
    if spec == "atacante":
        return the_attacker(game, ctx)
    if not isinstance(spec, dict):
        return []
    if targets.is_targeted(spec):
        out = []
        for ref in ctx.declared.get(ctx.index + (f".{key}" if key != "target" else ""), []):
            found = targets.find(game, ref)
            if found is not None and targets.fits(game, found, spec, ctx.controller, targeting=True, self_ref=ctx.self_ref):
                out.append(found)
            else:
                game.res.note("target-gone", "gyp.decision.illegal-target", f"{ref} dejó su zona, ya no cumple el texto o no puede ser objetivo",
                              f"{ref} left its zone, no longer fits the text or cannot be targeted")
                game.res.note("illegal-target", "gyp.decision.partial-targets", f"El objetivo {ref} ya no es legal: se ignora",
                              f"Target {ref} is no longer legal: it is skipped")
        return out
    if spec.get("all"):
        return targets.candidates(game, spec, ctx.player, targeting=False, self_ref=ctx.self_ref)
    chosen = targets.choose(game, spec, ctx.player, targeting=False, self_ref=ctx.self_ref, key="elige", rule="118.1.a",
                            es="¿Qué eliges (sin hacer objetivo)?", en="What do you choose (not targeting)?")
    return [r for r in (targets.find(game, c) for c in chosen) if r is not None]


def run(game: Game, ctx: Ctx, effects: list[dict[str, Any]], *, prefix: str = "") -> None:
    for i, effect in enumerate(effects):
        ctx.index = f"{prefix}{i}"
        ctx.effect = effect
        HANDLERS[effect["do"]](game, ctx, effect)


from judge.games.gobierno_y_prestigio.effects import on_objects, on_players, on_stack  # noqa: E402,F401  (fills HANDLERS)
