"""Costs (121): the total a player pays to play an order or activate an ability, and paying it.

The total is the original cost or the one alternative cost (121.9.a), plus additional costs (121.8) and increases,
minus reductions, never below 0 resources (121.7); an object with no cost cannot be paid for unless an alternative
cost applies (121.6). A cost that cannot be paid in full cannot be paid (121.3). Resource abilities may be activated
while paying (106.1.g.1); government points alone are used without asking which, since any of them pays the same.
"""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState
from judge.games.gobierno_y_prestigio import prestige, resources
from judge.games.gobierno_y_prestigio.board import CAMPO
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.vocabulary import same_type


def modifiers(game: Game, card: CardState, pid: str) -> list[tuple[int, str, str]]:
    """Cost increases and reductions that apply to ``card`` played by ``pid``: (amount, rule, why)."""
    out: list[tuple[int, str, str]] = []
    definition = game.board.define(card)
    for source, effect, controller in game.board.statics("coste"):
        kind = effect.get("kind")
        if kind == "cualquiera":
            kind = None
        # The players whose cards it changes: its controller's by default, each player's, each opponent's (121.7).
        if pid not in game.board.static_player(effect, controller):
            continue
        if kind and not same_type(definition.type, kind) and not (kind == "orden" and definition.type != "mandato"):
            continue
        out.append((int(effect.get("amount", 0)), "121.7", game.label(source) if source else "efecto"))
    for ability in definition.abilities:
        if ability.get("kind") == "coste" and "reduce" in ability and _condition(game, pid, ability.get("if")):
            out.append((-int(ability["reduce"]), "116.6.c", definition.name))
    return out


def _condition(game: Game, pid: str, condition: Any) -> bool:
    if condition is None:
        return True
    if condition == "controlas-lider":
        return any(game.board.type(c) == "lider" and c.controller == pid for c in game.board.cards(CAMPO))
    return False


def alternatives(game: Game, card: CardState, pid: str | None = None) -> list[dict[str, Any]]:
    """The card's own alternative costs, and "play … without paying its cost" permissions its player has."""
    own = [a["alternative"] for a in game.board.define(card).abilities if a.get("kind") == "coste" and "alternative" in a]
    kind = game.board.define(card).type
    granted = [{"sin-pagar": True} for e in game.board.effects() if e.get("kind") == "sin-pagar" and e.get("target") == pid
               and e.get("card-type", kind) == kind]
    return own + granted


def additionals(game: Game, card: CardState) -> list[dict[str, Any]]:
    return [a["additional"] for a in game.board.define(card).abilities if a.get("kind") == "coste" and "additional" in a]


def total_resources(game: Game, card: CardState, pid: str, *, x: int, alternative: dict[str, Any] | None,
                    extra: list[dict[str, Any]], free: bool) -> int:
    """The resources to pay (121.7, 121.8, 121.9.d, 109.2.a.2.1)."""
    definition = game.board.define(card)
    if free or (alternative or {}).get("sin-pagar"):
        base = 0
    elif alternative is not None:
        base = _resources_of(alternative, x)
    elif definition.cost is None:
        raise IllegalPlayError(f"{definition.name} has no cost: its cost cannot be paid", rule=game.cite("121.6"),
                               es=f"{definition.name} no tiene coste: su coste es impagable")
    else:
        base = x if definition.cost == "X" else int(definition.cost)
    total = base + sum(_resources_of(e, x) for e in extra)
    if extra:
        game.res.note("additional", "121.8", "Los costes adicionales se pagan junto con el coste", "Additional costs are paid with the cost")
    if alternative is not None:
        game.res.note("alternative", "121.9.d", "Aumentos, reducciones y costes adicionales se aplican al coste alternativo",
                      "Increases, reductions and additional costs apply to the alternative cost")
    if definition.cost == "X" and modifiers(game, card, pid):
        game.res.note("x-modified", "109.2.a.2.1", "El cambio de coste se aplica al coste con X", "The cost change applies to the cost with X")
    for amount, rule, why in modifiers(game, card, pid):
        game.res.note("cost-modified", rule, f"{why}: el coste cambia en {amount:+d}", f"{why}: the cost changes by {amount:+d}")
        total += amount
    if total < 0:
        game.res.note("cost-floor", "121.7", "Una reducción deja el coste en 0 recursos, no menos", "A reduction leaves the cost at 0 resources, no less")
        total = 0
    return total


def _resources_of(cost: dict[str, Any], x: int) -> int:
    value = cost.get("recursos", 0)
    return x if value == "X" else int(value)


def pay_resources(game: Game, pid: str, amount: int, *, rule: str = "121.3", quiet: bool = False, for_type: str | None = None) -> None:
    """Pay ``amount`` resources from the pool, activating resource abilities as needed (106.1.g.1). ``for_type`` is
    the card type paid for: a resource restricted to another kind cannot pay (106.1.d)."""
    if amount == 0:
        if not quiet:
            game.res.note("zero-cost-played", "121.5.a", "Una orden de coste 0 se juega como cualquier otra", "A 0-cost order is played like any other")
            game.res.note("zero-cost", "121.3.a", "Coste de 0 recursos: se paga sin más", "A cost of 0 resources: paid as it is")
        return
    while len(resources.usable(game, pid, for_type)) < amount:
        missing = amount - len(resources.usable(game, pid, for_type))
        sources = resources.resource_sources(game, pid)
        if len(sources) < missing:
            if any(c.get("activando", False) for c in game.board.cards(CAMPO) if c.controller == pid):
                raise IllegalPlayError("a resource ability cannot be activated again before its activation resolves",
                                       rule=game.cite("106.1.g.3"), es="una habilidad de recurso no puede activarse de nuevo antes de resolverse")
            raise IllegalPlayError(f"{pid} cannot pay {amount} resources", rule=game.cite("121.3"),
                                   es=f"{pid} no puede pagar {amount} recursos")
        if all(kind == "pg" for kind, _, _ in sources):
            game.res.note("resources-while-paying", "106.1.g.1", f"{pid} usa {missing} punto(s) de gobierno para pagar: cualquiera paga lo mismo",
                          f"{pid} uses {missing} government point(s) to pay: any of them pays the same")
            for _, gp, _ in sources[:missing]:
                resources.use_gp(game, pid, gp)  # type: ignore[arg-type]
            continue
        options = [Option(f"{kind}:{card.uid if card else n}:{i}", _source_label(game, kind, card), _source_label(game, kind, card, "en"))
                   for n, (kind, card, i) in enumerate(sources)]
        chosen = game.choose("pagar", pid, "106.1.g.1", f"¿Qué fuentes de recursos usas para pagar {missing}?",
                             f"Which resource sources do you use to pay {missing}?", options, low=missing, high=missing)
        for value in chosen if isinstance(chosen, tuple) else (chosen,):
            kind, ref, index = value.split(":")
            if kind == "pg":
                resources.use_gp(game, pid, game.board.card(ref))  # type: ignore[arg-type]
            elif kind == "riqueza":
                resources.use_wealth(game, pid)
            else:
                card = game.board.card(ref)
                ability = game.board.define(card).abilities[int(index)]  # type: ignore[arg-type]
                resources.activate_resource(game, pid, card, int(index), ability, pay_cost)  # type: ignore[arg-type]
    resources.spend(game, pid, amount, for_type)
    game.res.note("paid", "121.3.a", f"{pid} paga {amount} recurso(s)", f"{pid} pays {amount} resource(s)")
    resources.announce(game, pid, "121.3.a")


def pay_cost(game: Game, pid: str, card: CardState | None, cost: dict[str, Any], x: int = 0) -> None:
    """Pay a whole cost: its resources (X as announced, 109.2.a), then its other parts."""
    pay_resources(game, pid, _resources_of(cost, x), quiet=True)
    pay_parts(game, pid, card, cost)


def _source_label(game: Game, kind: str, card: CardState | None, lang: str = "es") -> str:
    if kind == "pg":
        return f"PG {card.uid}" if card else "PG"
    if kind == "riqueza":
        return "punto de riqueza" if lang == "es" else "wealth point"
    return game.label(card, lang)


def can_pay_parts(game: Game, pid: str, card: CardState | None, cost: dict[str, Any], used: set[str] | None = None) -> str | None:
    """The rule that makes a non-resource part of a cost unpayable, or ``None``."""
    if cost.get("girar") and card is not None and card.get("girada", False):
        return "121.3"
    if cost.get("retira"):
        kind = cost["retira"]
        if not [c for c in game.board.cards(CAMPO) if c.controller == pid and game.board.is_type(c, kind) and c.uid not in (used or set())]:
            return "121.10"
    if cost.get("prestigio") and not prestige.can_pay(game, pid, int(cost["prestigio"])):
        return "122.5"
    if cost.get("ganar-prestigio") and game.board.player_has("no-puede-ganar-prestigio", pid):
        return "122.8"
    return None


def pay_parts(game: Game, pid: str, card: CardState | None, cost: dict[str, Any]) -> None:
    """Pay the parts of a cost that are not resources, in the order they are written (121.1)."""
    problem = can_pay_parts(game, pid, card, cost)
    if problem is not None:
        raise IllegalPlayError(f"{pid} cannot pay the cost {cost}", rule=game.cite(problem), es=f"{pid} no puede pagar el coste {cost}")
    if cost.get("girar") and card is not None:
        game.res.set_card(card, "girada", True)
        game.res.note("tap-cost", "121.1", f"{pid} gira {game.label(card)} para pagar", f"{pid} taps {game.label(card, 'en')} to pay")
    if cost.get("retirar-del-juego") and card is not None:
        with game.res.step("remove-cost", "121.1", f"{pid} retira del juego {game.label(card)} para pagar",
                           f"{pid} removes {game.label(card, 'en')} from the game to pay"):
            if game.board.type(card) == "legado":
                game.cease(card, rule="gyp.decision.legacy-leaves")
            elif game.board.is_possession(card):
                _remove_possession(game, card)
            else:
                game.move(card, card.owner, "fuera-del-juego", rule="121.1")
    if cost.get("retira"):
        options = [c for c in game.board.cards(CAMPO) if c.controller == pid and game.board.is_type(c, cost["retira"])]
        chosen = game.board.card(game.choose("retira", pid, "121.10", f"¿Qué {cost['retira']} retiras para pagar?",
                                             f"Which {cost['retira']} do you remove to pay?", [game.card_option(c) for c in options]))
        assert chosen is not None
        with game.res.step("remove-cost", "121.10", f"{pid} retira {game.label(chosen)}: este pago solo paga este coste",
                           f"{pid} removes {game.label(chosen, 'en')}: this payment pays this cost only"):
            _remove_possession(game, chosen)
    if cost.get("prestigio"):
        prestige.pay(game, pid, int(cost["prestigio"]))
    if cost.get("ganar-prestigio"):
        prestige.gain(game, pid, int(cost["ganar-prestigio"]), rule="122.8")


def _remove_possession(game: Game, card: CardState) -> None:
    """"Retirar" a possession: out of the game, unless a replacement sends it elsewhere; paid either way (121.11)."""
    if any(True for _ in game.board.statics("retirar-a-la-mano")):
        game.res.note("replacement", "121.11", f"{game.label(card)} vuelve a la mano en vez de retirarse: el coste igual está pagado",
                      f"{game.label(card, 'en')} returns to hand instead: the cost is paid all the same")
        game.move(card, card.owner, "mano", rule="121.11")
        return
    game.res.note("retirar", "gyp.decision.retirar", "Retirar es sacar del juego", "To retirar is to remove from the game")
    game.move(card, card.owner, "fuera-del-juego", rule="121.1")
