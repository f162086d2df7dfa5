"""Resources, the reserve pool, government points and wealth points (106–108).

A pool is a list of resources, each tagged ``incoloro``, a colour, or ``a-elegir`` (a source with no colour at all,
a GP or a wealth point: its controller may name any of the five colours when a colour matters, decision
resource-color; no cost in part 1 is coloured, so it never does). A judge may write a pool as a number.
Resource abilities never use the stack: they resolve at once and their controller keeps priority (106.1.g.2).
"""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.games.gobierno_y_prestigio.board import CAMPO, PG
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.vocabulary import COLORS, same_type

ANY_COLOR = "a-elegir"


def pool(game: Game, pid: str) -> list[str]:
    raw: Any = game.position.player(pid).values.get("reserva", [])
    if isinstance(raw, int):
        return [ANY_COLOR] * raw
    return list(raw) if isinstance(raw, list) else []


def _set_pool(game: Game, pid: str, resources: list[str]) -> None:
    game.res.set_player(pid, "reserva", resources)


def add(game: Game, pid: str, resources: list[str], *, rule: str, resource_ability: bool = True) -> None:
    """Add resources to ``pid``'s pool; ``resource_ability`` says whether a resource ability made them (106.1.e): an
    order's, or an ability that used the stack, is not doubled by "recursos-dobles" (106.1.i)."""
    if game.board.player_has("sin-recursos", pid):
        game.res.note("no-resources", "106.1.f", f"{pid} no puede agregar recursos: la habilidad no produce nada",
                      f"{pid} cannot add resources: the ability produces nothing")
        return
    if resource_ability and any(controller == pid for _, _, controller in game.board.statics("recursos-dobles")):
        game.res.note("replacement", "106.1.d", f"Se producen el doble de recursos: {2 * len(resources)}",
                      f"Twice as many resources are produced: {2 * len(resources)}")
        resources = resources * 2
    with game.res.step("add-resources", rule, f"{pid} agrega {len(resources)} recurso(s) a su depósito de reserva",
                       f"{pid} adds {len(resources)} resource(s) to their reserve pool"):
        _set_pool(game, pid, pool(game, pid) + resources)


RESTRICTED = "#"
"""A resource produced with a restriction or a "when it is spent" clause is written ``color#source#ability``."""


def _ability_effect(game: Game, tag: str) -> dict[str, Any]:
    _, uid, index = tag.split(RESTRICTED)
    card = game.board.card(uid)
    if card is None:
        return {}
    ability = game.board.define(card).abilities[int(index)]
    return next((e for e in ability.get("effects", []) if e.get("do") == "agregar-recursos"), {})


def allowed(game: Game, tag: str, for_type: str | None) -> bool:
    if RESTRICTED not in tag:
        return True
    only = _ability_effect(game, tag).get("solo")
    return only is None or (for_type is not None and same_type(for_type, only))


def usable(game: Game, pid: str, for_type: str | None) -> list[str]:
    return [t for t in pool(game, pid) if allowed(game, t, for_type)]


def spend(game: Game, pid: str, amount: int, for_type: str | None = None) -> None:
    """Take ``amount`` resources that may pay for ``for_type`` from the pool, restricted ones first; each resource
    with a "when it is spent" clause creates its own delayed trigger (106.1.d)."""
    left = pool(game, pid)
    taken = sorted([t for t in left if allowed(game, t, for_type)], key=lambda t: RESTRICTED not in t)[:amount]
    for tag in taken:
        left.remove(tag)
    _set_pool(game, pid, left)
    for tag in taken:
        if RESTRICTED in tag and _ability_effect(game, tag).get("when-spent"):
            game.res.note("delayed-trigger", "106.1.d", "Se gasta un recurso con «cuando se gaste»: dispara su propia habilidad retrasada",
                          "A resource with 'when it is spent' is spent: it triggers its own delayed ability")
            game.emit("recurso-gastado", player=pid, tag=tag, effects=_ability_effect(game, tag)["when-spent"])


def announce(game: Game, pid: str, rule: str) -> None:
    """106.1.b.1: a player who passes, or pays and has resources left, says how many."""
    left = len(pool(game, pid))
    if left:
        game.res.note("pool-announced", rule, f"{pid} anuncia {left} recurso(s) en su depósito de reserva",
                      f"{pid} announces {left} resource(s) in their reserve pool")


def empty_pools(game: Game) -> None:
    for pid in game.position.players:
        if pool(game, pid):
            game.res.note("pool-emptying", "gyp.decision.pool-emptying", "El paso termina", "The step ends")
            game.res.note("pool-empties", "106.1.b", f"El depósito de reserva de {pid} se vacía",
                          f"{pid}'s reserve pool empties")
            _set_pool(game, pid, [])


# Government points (107) and wealth points (108).

def government_points(game: Game, pid: str) -> list[CardState]:
    return [c for c in game.position.player(pid).zone(PG)]


def available(card: CardState) -> bool:
    return not card.get("girada", False) and not card.get("no-disponible", False)


def use_gp(game: Game, pid: str, gp: CardState) -> None:
    """107.1: "Usar este punto de gobierno, girar: Agrega 1 recurso… Este punto deja de estar disponible.\""""
    if not available(gp):
        rule = "107.2" if not gp.get("girada", False) else "107.2.b"
        raise IllegalPlayError(f"{gp.uid} is not available: it cannot be used", rule=game.cite(rule),
                               es=f"{gp.uid} no está disponible: no puede usarse")
    with game.res.step("use-gp", "107.1", f"{pid} usa el punto de gobierno {gp.uid}", f"{pid} uses government point {gp.uid}"):
        game.res.note("tap", "gyp.decision.tap-icon", "Su coste es girarlo", "Its cost is tapping it")
        game.res.note("no-color", "106.1.c.1.1", "Una fuente sin color: su controlador elige el color del recurso", "A source with no colour: its controller chooses the resource's colour")
        game.res.note("color", "gyp.decision.resource-color", "Un PG no tiene color: su recurso será del color que se nombre si importa",
                      "A GP has no colour: its resource is of the colour named when it matters")
        game.res.set_card(gp, "girada", True)
        game.res.set_card(gp, "no-disponible", True)
        add(game, pid, [ANY_COLOR], rule="106.1.b")
        game.emit("usa-pg", player=pid, card=gp)


def recover(game: Game, gp: CardState, rule: str = "107.5") -> None:
    game.res.set_card(gp, "girada", False)
    game.res.set_card(gp, "no-disponible", False)
    game.res.note("gp-recovered", rule, f"{gp.uid} se endereza y vuelve a estar disponible", f"{gp.uid} untaps and is available again")


def new_gp(game: Game, pid: str, rule: str) -> CardState:
    gp = game.res.create("punto-de-gobierno", pid, PG)
    uid = gp.uid
    game.res.note("gp-owner", "107.4", f"{pid} es su dueño y controlador", f"{pid} is its owner and controller")
    game.res.note("gp-no-limit", "107.7", "Los puntos de gobierno no tienen límite", "Government points have no limit")
    game.res.note("gp-received", rule, f"{pid} recibe un nuevo punto de gobierno ({uid}), enderezado y disponible",
                  f"{pid} receives a new government point ({uid}), untapped and available")
    return gp


def use_wealth(game: Game, pid: str) -> None:
    """108.2: "girar, matarlo: Agrega 1 recurso"; the marker is gone."""
    left = int(game.position.player(pid).values.get("riqueza", 0))
    if left <= 0:
        raise IllegalPlayError(f"{pid} has no wealth point", rule=game.cite("108.2"), es=f"{pid} no tiene puntos de riqueza")
    with game.res.step("use-wealth", "108.2", f"{pid} usa (mata) un punto de riqueza", f"{pid} uses (kills) a wealth point"):
        game.res.set_player(pid, "riqueza", left - 1)
        add(game, pid, [ANY_COLOR], rule="106.1.b")


# Resource abilities of possessions (106.1.e).

def is_resource_ability(game: Game, card: CardState, ability: dict[str, Any]) -> bool:
    """106.1.e.1: no target, could add resources, and not a leader's (leadership) ability."""
    if ability.get("kind") != "activada" or game.board.type(card) == "lider":
        return False
    effects = ability.get("effects", [])
    adds = any(e.get("do") == "agregar-recursos" for e in effects)
    # A target is an object ("choose", "hasta") or a player ("ganas", 118.1.b) declared for the ability (106.1.i.1).
    targets = any(isinstance(e.get(k), dict) and ("choose" in e[k] or "hasta" in e[k]) for e in effects for k in ("target", "source", "copy")) \
        or any(e.get("player") == "ganas" for e in effects)
    return adds and not targets


def source_color(game: Game, card: CardState, effect: dict[str, Any], amount: int | None = None) -> list[str]:
    """106.1.c.1: the source's colour; colourless gives incoloro; a multicolour source gives one chosen (106.1.c.1.2);
    an undefined type gives nothing (106.1.c.1.3). ``amount``: how many, worked out by the effect's player (an X, a
    number its text defines); a plain number of the effect otherwise."""
    if amount is None:
        amount = int(effect.get("amount", 1))
    if effect.get("color") == "indefinido":
        game.res.note("undefined-resource", "106.1.c.1.3", "Recursos de un tipo indefinido: no se produce ninguno",
                      "Resources of an undefined type: none is produced")
        return []
    colors = game.board.colors(card)
    if not colors:
        return ["incoloro"] * amount
    if len(colors) == 1:
        return [colors[0]] * amount
    chosen = game.choose("color", card.controller, "106.1.c.1.2", "¿De qué color de la fuente es el recurso?",
                         "Which of the source's colours is the resource?", [Option(c, c, c) for c in colors])
    return [chosen] * amount


def with_terms(game: Game, card: CardState, effect: dict[str, Any], produced: list[str]) -> list[str]:
    """Resources made by an order or ability whose text restricts them (``solo``) or gives them a "when it is spent"
    clause carry it, each of them, whatever replaced the amount (106.1.d): they name the ability that made them."""
    if not (effect.get("solo") or effect.get("when-spent")):
        return produced
    abilities = game.board.define(card).abilities
    index = next((i for i, a in enumerate(abilities) if any(e is effect for e in a.get("effects", []))),
                 next((i for i, a in enumerate(abilities) if effect in a.get("effects", [])), None))
    if index is None:
        return produced
    game.res.note("restricted", "106.1.d", "Estos recursos llevan la restricción y el efecto de la habilidad que los produjo",
                  "These resources carry the restriction and the effect of the ability that made them")
    return [f"{c}{RESTRICTED}{card.uid}{RESTRICTED}{index}" for c in produced]


def activate_resource(game: Game, pid: str, card: CardState, index: int, ability: dict[str, Any],
                      pay_cost: Any) -> None:
    """Activate a resource ability: pay its cost, then add its resources at once, without the stack (106.1.g.2)."""
    if card.get("activando", False):
        raise IllegalPlayError("this resource ability is still being activated", rule=game.cite("106.1.g.3"),
                               es="esta habilidad de recurso todavía se está activando")
    with game.res.step("resource-ability", "106.1.g.2", f"{pid} activa la habilidad de recurso de {game.label(card)}: no usa la pila",
                       f"{pid} activates the resource ability of {game.label(card, 'en')}: it does not use the stack"):
        game.res.set_card(card, "activando", True)
        pay_cost(game, pid, card, ability.get("cost", {}))
        # The interpreter imports this module: it is reached only once a play is being resolved.
        from judge.games.gobierno_y_prestigio.effects import Ctx, amount, run
        ctx = Ctx(pid, card)
        for i, effect in enumerate(ability.get("effects", [])):
            if effect.get("do") != "agregar-recursos":
                # The rest of its text happens too, at once, in the order written (116.4.a).
                run(game, ctx, [effect], prefix=f"{i}.")
                continue
            produced = with_terms(game, card, effect, source_color(game, card, effect, amount(ctx, effect, game)))
            if produced:
                add(game, pid, produced, rule="106.1.c.1")
        game.res.set_card(card, "activando", False)


def resource_sources(game: Game, pid: str) -> list[tuple[str, CardState | None, int]]:
    """What ``pid`` can activate now for resources: ("pg", gp, 0), ("riqueza", None, 0), ("habilidad", card, i)."""
    out: list[tuple[str, CardState | None, int]] = [("pg", gp, 0) for gp in government_points(game, pid) if available(gp)]
    out += [("riqueza", None, 0)] * int(game.position.player(pid).values.get("riqueza", 0))
    for card in game.board.cards(CAMPO):
        if card.controller != pid:
            continue
        for index, ability in game.board.abilities(card):
            cost = ability.get("cost", {})
            if is_resource_ability(game, card, ability) and not (cost.get("girar") and card.get("girada", False)) \
                    and not card.get("activando", False):
                out.append(("habilidad", card, index))
    return out


def colors_offered() -> list[Option]:
    return [Option(c, c, c) for c in COLORS]
