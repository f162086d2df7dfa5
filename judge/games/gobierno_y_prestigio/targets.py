"""Targets (118): what an order or ability may target, declared when it is put on the stack and checked again when
it resolves.

Wording decides targeting (118.1.a): a target table with ``choose``/``hasta`` targets; ``elige`` and ``all`` (elige,
nombra, todos/todas, hasta…, el/la) do not. A player target comes from "ganas", "tú", "recuperas" (118.1.b). A
legacy is never a target (117.4), an item never targets itself (118.2), and a testimonio is only reached by what
targets government points (112.4.b).
"""

from __future__ import annotations

from typing import Any, Union

from judge.core.decisions import Option
from judge.core.position import CardState, StackItem
from judge.games.gobierno_y_prestigio.board import CAMPO, PG
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.vocabulary import ITEM_FILTERS

Ref = Union[CardState, StackItem, str]
STACK_KINDS = ("orden", "mandato", "habilidad", "objeto-en-pila")


def is_targeted(spec: Any) -> bool:
    return isinstance(spec, dict) and ("choose" in spec or "hasta" in spec)


def ref_id(ref: Ref) -> str:
    return ref.uid if isinstance(ref, CardState) else ref.id if isinstance(ref, StackItem) else ref


def label(game: Game, ref: Ref, lang: str = "es") -> str:
    if isinstance(ref, CardState):
        return game.label(ref, lang)
    if isinstance(ref, StackItem):
        return item_label(game, ref, lang)
    return ref


def item_label(game: Game, item: StackItem, lang: str = "es") -> str:
    card = game.board.card(item.source)
    name = game.board.define(card).name if card is not None and card.known else item.data.get("name", item.source)
    words = {"orden": ("orden", "order"), "copia": ("copia de", "copy of"), "activada": ("habilidad de", "ability of"),
             "disparada": ("habilidad disparada de", "triggered ability of")}.get(item.kind, (item.kind, item.kind))
    return f"{words[0 if lang == 'es' else 1]} {name} ({item.id})"


def fits(game: Game, ref: Ref, spec: dict[str, Any], controller: str, *, targeting: bool, self_ref: str = "") -> bool:
    """Whether ``ref`` matches the description now (kind, side, zone, characteristics)."""
    kind = spec.get("kind", "subdito")
    side = spec.get("side", "any")
    if ref_id(ref) == self_ref:
        return False
    if kind == "jugador":
        return isinstance(ref, str) and _side_ok(game, ref, side, controller)
    if isinstance(ref, StackItem):
        if kind == "fuente-de-dano":
            return True  # 123.10: an order on the stack may be chosen as a source of damage
        if kind not in STACK_KINDS or not _side_ok(game, ref.controller, side, controller):
            return False
        filters = spec.get("filter", {})
        if not _item_filters(game, ref, filters):
            return False
        is_order = ref.kind in ("orden", "copia")
        card = game.board.card(ref.source)
        characteristics = {k: v for k, v in filters.items() if k not in ITEM_FILTERS}
        if characteristics and not (is_order and card is not None and game.board.matches(card, characteristics)):
            # An order's characteristics are its card's (111.3: colour, type, subtype, cost…); an ability on the stack
            # has none of them, so a text that asks for one never finds it (decision stack-characteristics).
            return False
        if kind == "objeto-en-pila":
            return True
        if kind == "habilidad":
            return ref.kind in ("activada", "disparada")
        if kind == "orden":
            return is_order
        return is_order and card is not None and game.board.type(card) == "mandato"
    if not isinstance(ref, CardState) or kind in STACK_KINDS:
        return False
    zone = game.board.zone_of(ref)
    if zone is None:
        return False
    definition = game.board.define(ref)
    if definition.type == "legado":
        # 117.4: a legacy is never a target; only a text that names all legacies reaches it.
        return not targeting and kind == "legado"
    if targeting and "no-objetivo" in game.board.keywords(ref):
        return False
    if not _side_ok(game, ref.controller if zone in (CAMPO, PG) else ref.owner, side, controller):
        return False
    wanted_zone = spec.get("zone", CAMPO)
    if kind == "pg":
        return zone == PG or (zone == CAMPO and definition.type == "testimonio")
    if kind == "carta":
        return zone == wanted_zone and not ref.get("tarjeta", False) and game.board.matches(ref, spec.get("filter", {}))
    if zone != wanted_zone:
        return False
    if definition.type == "testimonio" and kind != "testimonio":
        return False
    ok = game.board.of_kind(ref, kind) and (kind != "posesion" or zone == CAMPO) and kind != "legado"
    return ok and game.board.matches(ref, spec.get("filter", {}))


def _item_filters(game: Game, item: StackItem, filters: dict[str, Any]) -> bool:
    """What a text can ask of an item on the stack (118.6)."""
    if filters.get("un-objetivo") and int(item.data.get("declared", 0)) != 1:
        return False
    wanted = filters.get("targets-kind")
    if wanted:
        # 118.6.b: the current state of targets still in their zone; nothing is remembered of one that left.
        current = [find(game, ref) for refs in item.data.get("targets", {}).values() for ref in refs]
        if not any(isinstance(c, CardState) and game.board.zone_of(c) == CAMPO and fits(game, c, {"kind": wanted}, item.controller, targeting=False)
                   for c in current):
            return False
    return True


def _side_ok(game: Game, owner: str, side: str, controller: str) -> bool:
    if side == "own":
        return owner == controller
    if side == "opponent":
        return owner in game.position.opponents(controller)
    return True


def candidates(game: Game, spec: dict[str, Any], controller: str, *, targeting: bool, self_ref: str = "") -> list[Ref]:
    kind = spec.get("kind", "subdito")
    pool: list[Ref]
    if kind == "jugador":
        pool = list(game.position.players)
    elif kind in STACK_KINDS:
        pool = list(reversed(game.position.stack))
    elif kind == "fuente-de-dano":
        pool = [*reversed(game.position.stack), *(c for _, _, c in game.position.all_cards() if c.known)]
    else:
        pool = [c for _, _, c in game.position.all_cards() if c.known]
    return [r for r in pool if fits(game, r, spec, controller, targeting=targeting, self_ref=self_ref)]


def find(game: Game, ref: str) -> Ref | None:
    if ref in game.position.players:
        return ref
    for item in game.position.stack:
        if item.id == ref:
            return item
    return game.board.card(ref)


def option(game: Game, ref: Ref) -> Option:
    if isinstance(ref, CardState):
        return game.card_option(ref)
    return Option(ref_id(ref), label(game, ref), label(game, ref, "en"))


def choose(game: Game, spec: dict[str, Any], controller: str, *, targeting: bool, self_ref: str = "", key: str = "target",
           rule: str = "118.1", es: str = "¿Objetivo?", en: str = "Target?", taken: tuple[str, ...] = ()) -> list[str]:
    """Ask for the objects of ``spec``, none of ``taken`` (chosen already for another part that must differ); an empty
    list when none can be chosen."""
    found = [r for r in candidates(game, spec, controller, targeting=targeting, self_ref=self_ref) if ref_id(r) not in taken]
    count = int(spec.get("choose", spec.get("elige", spec.get("hasta", 1))))
    low = 0 if "hasta" in spec else min(count, len(found))
    high = min(count, len(found))
    if high == 0:
        return []
    picked = game.choose(key, controller, rule, es, en, [option(game, r) for r in found], low=low, high=high)
    return list(picked) if isinstance(picked, tuple) else [picked]


def player_target(game: Game, controller: str, rule: str = "118.1.b") -> str:
    """118.1.b: "ganas", "tú", "recuperas": a player target, the controller or any other player."""
    return game.choose("target-player", controller, rule, "¿A qué jugador hace objetivo («ganas», «tú»)?",
                       "Which player does it target (\"you gain\", \"you\")?",
                       [Option(p, p, p) for p in game.position.turn_order(controller)])


def item_effects(game: Game, item: StackItem) -> list[dict[str, Any]]:
    """The instructions an item on the stack will follow: its card's order text (the chosen mode of a modal one), or
    the activated or triggered ability it is."""
    card = game.board.card(item.source)
    if card is None:
        return list(item.data.get("effects", []))
    definition = game.board.define(card)
    if item.kind in ("orden", "copia"):
        ability = next((a for a in definition.abilities if a.get("kind") == "orden"), {})
        if "modes" in ability:
            return list(ability["modes"][int(item.data.get("mode", 0))])
        return list(ability.get("effects", []))
    index = item.data.get("ability")
    if index is None:
        return list(item.data.get("effects", []))
    return list(definition.abilities[int(index)].get("effects", []))


def targeted_specs(effects: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """(index, target table) of every targeted part of the effects, in printed order."""
    out = []
    for i, effect in enumerate(effects):
        for key in ("target", "source", "copy"):
            spec = effect.get(key)
            if is_targeted(spec):
                out.append((str(i) if key == "target" else f"{i}.{key}", spec))
        if effect.get("player") == "ganas":
            out.append((f"{i}.player", {"kind": "jugador", "choose": 1}))
    return out
