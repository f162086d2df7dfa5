"""Playing a card as an order, activating abilities, copying a mandato and moving an Inesperada order (115, 116,
120.2), by the steps of decision play-procedure: announce, move to the stack (115.1), mode (118.5), X (109.2.a),
alternative and additional costs (121.9.a, 121.8.a), targets (118.1), total cost (121.7), payment (121.3), the use
(114.3.a). An illegal step refuses the whole play and nothing of it stays (121.6, decision play-procedure).
"""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option
from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, StackItem
from judge.games.gobierno_y_prestigio import costs, resources, targets, uses
from judge.games.gobierno_y_prestigio.board import CAMPO, GOBIERNO, PG, PILA
from judge.games.gobierno_y_prestigio.game import Game

PLAY_ZONES = ("mano", "descarte")
"""Where any card may be played from; out of the game and the recambio only when an ability allows it, a card in
rebeldía from out of the game (decision play-zones)."""


def illegal(game: Game, rule: str, en: str, es: str) -> IllegalPlayError:
    return IllegalPlayError(en, rule=game.cite(rule), es=es)


def shylock_lock(game: Game) -> bool:
    """103.1.a: while Adelanto de Shylock is on the stack nobody plays orders or activates abilities."""
    return any(item.data.get("shylock") for item in game.position.stack)


def check_timing(game: Game, card: CardState, pid: str) -> None:
    definition = game.board.define(card)
    position = game.position
    if shylock_lock(game):
        raise illegal(game, "103.1.a", "Adelanto de Shylock is on the stack: no orders can be played until it resolves",
                      "Adelanto de Shylock está en la pila: no se juegan órdenes hasta que se resuelva")
    if definition.type == "mandato":
        game.res.note("mandato-timing", "120.2.a", "Un mandato se juega siempre que se tenga la prioridad", "A mandato is played whenever its player has priority")
        return
    if "inesperada" in game.board.keywords(card):
        game.res.note("inesperada", "gyp.decision.inesperada", "Inesperada: se juega como un mandato", "Inesperada: played like a mandato")
        return
    if position.active != pid or position.step != "paso-de-mando":
        raise illegal(game, "120.2.b", "a non-mandato order is played only in your own Paso de Mando",
                      "una orden que no es mandato solo se juega en tu propio paso de mando")
    if position.stack:
        raise illegal(game, "120.2.b", "a non-mandato order needs an empty stack", "una orden que no es mandato necesita la pila vacía")


def check_zone_and_uses(game: Game, card: CardState, pid: str, *, from_effect: bool) -> str:
    zone = game.board.zone_of(card) or ""
    rebel = bool(card.get("rebeldia", False))
    keywords = game.board.define(card).keywords
    allowed = zone in PLAY_ZONES or (zone == "fuera-del-juego" and (rebel or "desde-fuera-del-juego" in keywords)) or from_effect
    if not allowed:
        rule = "116.6.e" if zone == "fuera-del-juego" else "gyp.decision.play-zones"
        raise illegal(game, rule, f"{game.label(card, 'en')} cannot be played from {zone}",
                      f"{game.label(card)} no puede jugarse desde {zone}")
    opponents_discard = zone == "descarte" and any(e.get("kind") == "descarte-ajeno" and e.get("target") == pid
                                                  for e in game.board.effects())
    if zone in PLAY_ZONES and card.owner != pid and not from_effect and not opponents_discard:
        raise illegal(game, "gyp.decision.play-zones", "you play cards from your own hand and discard",
                      "juegas cartas de tu propia mano y descarte")
    if rebel:
        game.res.note("rebeldia", "114.11.a", f"{game.label(card)} está en rebeldía: se juega sin gastar uso",
                      f"{game.label(card, 'en')} is in rebeldía: played without spending a use")
    elif game.board.uses(pid, card) <= 0:
        raise illegal(game, "114.1" if card.owner == pid else "114.2", f"{pid} has no use left of {game.label(card, 'en')}", f"{pid} no tiene usos de {game.label(card)}")
    return zone


def play_card(game: Game, card: CardState, pid: str, *, free: bool = False, from_effect: bool = False) -> StackItem:
    """Play ``card``: it becomes an order on top of the stack, paid for and with a use spent."""
    definition = game.board.define(card)
    if definition.type in ("legado", "punto-de-gobierno"):
        raise illegal(game, "117.4", f"{definition.name} is not a card that can be played", f"{definition.name} no es una carta que se pueda jugar")
    check_timing(game, card, pid)
    zone = check_zone_and_uses(game, card, pid, from_effect=from_effect)
    rebel = bool(card.get("rebeldia", False))
    with game.res.step("play", "115.1", f"{pid} juega {game.label(card)} desde {zone}: pasa a ser una orden en el tope de la pila",
                       f"{pid} plays {game.label(card, 'en')} from {zone}: it becomes an order on top of the stack", card=card.uid):
        game.res.note("procedure", "gyp.decision.play-procedure", "Se juega paso a paso: si un paso es ilegal, se deshace todo",
                      "Played step by step: an illegal step undoes it all")
        game.res.move(card, pid, PILA)
        game.res.set_card(card, "rebeldia", False)
        item = game.res.push(StackItem(game.position.next_stack_id(), pid, card.uid, "orden", {"from": zone}))
        in_response(game, item)
        announce(game, item, card, pid, free=free)
        if rebel:
            pass
        else:
            uses.spend(game, pid, card, rule="114.3.a")
    return item


def in_response(game: Game, item: StackItem) -> None:
    """120.7: what goes on the stack over something else is in response to it and resolves first."""
    if len(game.position.stack) > 1:
        game.res.note("in-response", "120.7", "Se pone en respuesta: se resolverá antes que lo que hay debajo",
                      "It is put in response: it resolves before what is below it")


def announce(game: Game, item: StackItem, card: CardState, pid: str, *, free: bool) -> None:
    """Steps 3–10: mode, X, alternative and additional costs, targets, the total cost and its payment."""
    definition = game.board.define(card)
    order = next((a for a in definition.abilities if a.get("kind") == "orden"), {})
    if "modes" in order:
        mode = game.choose("mode", pid, "118.5", "Elige uno", "Choose one",
                           [Option(str(i), f"Modo {i + 1}", f"Mode {i + 1}") for i in range(len(order["modes"]))])
        game.res.set_item(item, "mode", int(mode))
    x = choose_x(game, card, pid, free=free)
    if x:
        game.res.set_item(item, "x", x)
    alternative = None
    options = costs.alternatives(game, card, pid)
    if free:
        game.res.note("free", "121.9", "Se juega sin pagar su coste: un coste alternativo", "Played without paying its cost: an alternative cost")
    elif options:
        labels = [Option("normal", "Coste normal", "Normal cost")] + [Option(str(i), f"Alternativo: {a}", f"Alternative: {a}") for i, a in enumerate(options)]
        chosen = game.choose("alt-cost", pid, "121.9.a", "¿Qué coste pagas? Solo uno alternativo, anunciado ahora",
                             "Which cost do you pay? One alternative at most, announced now", labels)
        if chosen != "normal":
            alternative = options[int(chosen)]
            game.res.set_item(item, "alternative", int(chosen))
    extra = []
    for i, additional in enumerate(costs.additionals(game, card)):
        if not additional.get("optional") or game.yes_no("additional-costs", pid, "121.8.a", f"¿Pagas el coste adicional {additional}?",
                                                          f"Do you pay the additional cost {additional}?"):
            extra.append(additional)
    declare_targets(game, item, targets.item_effects(game, item), pid)
    if definition.type == "mejora":
        game.res.note("mejora", "118.1.c", "La mejora hará objetivo a su anfitrión al aplicarse", "The mejora targets its host when applied")
    total = costs.total_resources(game, card, pid, x=x, alternative=alternative, extra=extra, free=free)
    with game.res.step("pay", "121.3", f"{pid} paga {total} recurso(s)", f"{pid} pays {total} resource(s)"):
        costs.pay_resources(game, pid, total, for_type=definition.type)
        for part in [p for p in [alternative, *extra] if p]:
            costs.pay_parts(game, pid, card, part)
        if extra:
            game.res.note("additional-paid", "121.8.c", "Los costes adicionales no cambian el coste original", "Additional costs do not change the original cost")


def choose_x(game: Game, card: CardState, pid: str, *, free: bool) -> int:
    """109.2.a: an undefined X in the cost is announced now, at least 1 (109.2.a.1); 0 only when the card is played
    without paying its cost (109.2.a.2, decision x-value)."""
    definition = game.board.define(card)
    if definition.cost != "X":
        return 0
    game.res.note("x", "gyp.decision.x-value", "X no está definida por el texto", "X is not defined by the text")
    game.res.note("x-announced", "109.2.a", "X se anuncia al poner la carta en la pila", "X is announced as the card goes on the stack")
    if free:
        game.res.note("x-zero", "109.2.a.2", "Sin pagar su coste, la única X legal es 0", "Without paying its cost, the only legal X is 0")
        return 0
    # X can be no more than what the player could pay, counting the reductions that apply.
    reductions = -sum(a for a, _, _ in costs.modifiers(game, card, pid) if a < 0)
    high = len(resources.pool(game, pid)) + len(resources.resource_sources(game, pid)) + reductions
    return game.res.ask_number(key="x", player=pid, rule="109.2.a.1", prompt_es="Anuncia X (mayor que 0)",
                               prompt_en="Announce X (greater than 0)", low=1, high=max(1, high))


def declare_targets(game: Game, item: StackItem, effects: list[dict[str, Any]], pid: str) -> None:
    """118.1: targets are declared now; a required target with no legal choice makes the play impossible."""
    declared: dict[str, list[str]] = {}
    if targets.targeted_specs(effects):
        game.res.note("targets-words", "118.7.a", "«Un», «una», «ganas», «tú»…: lo que el texto identifica así es objetivo",
                      "'Un', 'una', 'ganas', 'tú'…: what the text names so is a target")
    specs_by_index = dict(targets.targeted_specs(effects))
    for index, spec in targets.targeted_specs(effects):
        if spec.get("kind") == "jugador":
            game.res.note("player-target", "gyp.decision.player-target-words", "«Ganas», «tú», «pierdes», «recuperas»: un jugador objetivo",
                          "'Ganas', 'tú', 'pierdes', 'recuperas': a player target")
            declared[index] = [targets.player_target(game, pid)]
            continue
        if spec.get("kind") == "cualquier-objetivo":
            game.res.note("any-target", "gyp.decision.any-target", "Cualquier objetivo: líderes, súbditos y posesiones con fuerza y resistencia, nunca jugadores",
                          "Any target: leaders, súbditos and possessions with strength and toughness, never players")
        if spec.get("filter", {}).get("un-objetivo"):
            game.res.note("one-target", "118.6.a", "Cuenta las declaraciones hechas al ponerla en la pila", "It counts the declarations made as it went on the stack")
        if spec.get("filter", {}).get("targets-kind"):
            game.res.note("targets-now", "118.6.b", "Mira el estado actual de los objetivos que siguen en su zona", "It looks at the current state of targets still in their zone")
        if spec.get("zone") not in (None, "campo") and "cost-max" in spec.get("filter", {}):
            game.res.note("characteristic-anywhere", "116.6.a", "El coste se lee en cualquier zona", "The cost is read in any zone")
        if spec.get("kind") == "cualquier-objetivo":
            game.res.note("any-target-rule", "118.1.d", "Daño a «cualquier objetivo»", "Damage to 'any target'")
        if spec.get("kind") == "pg":
            game.res.note("testimonio-rule", "112.4.b", "Los testimonios solo los afecta lo que hace objetivo a PG", "Only what targets GPs affects testimonios")
            game.res.note("testimonios", "gyp.decision.testimonios", "Lo que hace objetivo a puntos de gobierno alcanza también a los testimonios",
                          "What targets government points reaches testimonios too")
        # "Otro súbdito" (``different``): not an object another part that must differ has targeted (118.1.d).
        taken = tuple(ref for other, refs in declared.items() if specs_by_index[other].get("different") for ref in refs) \
            if spec.get("different") else ()
        chosen = targets.choose(game, spec, pid, targeting=True, self_ref=item.id, rule="118.1",
                                es="Declara el objetivo", en="Declare the target", taken=taken)
        if not chosen and "hasta" not in spec:
            if targets.fits(game, item, spec, pid, targeting=True):
                raise illegal(game, "118.2", "its only possible target is itself, and an item cannot target itself",
                              "su único objetivo posible es ella misma, y nada puede hacerse objetivo a sí mismo")
            raise illegal(game, "118.1.a", "it needs a target and there is no legal one: it cannot be played",
                          "necesita un objetivo y no hay ninguno legal: no puede jugarse")
        declared[index] = chosen
    if declared:
        game.res.set_item(item, "targets", declared)
        game.res.set_item(item, "declared", sum(len(v) for v in declared.values()))


# Activated abilities (116.4.b).

def activate(game: Game, card: CardState, pid: str, index: int | None) -> StackItem | None:
    abilities = [(i, a) for i, a in game.board.abilities(card) if a.get("kind") == "activada"]
    if game.board.zone_of(card) == GOBIERNO:
        abilities = [(i, a) for i, a in enumerate(game.board.define(card).abilities) if a.get("kind") == "activada"]
    if index is not None:
        abilities = [(i, a) for i, a in abilities if i == index]
    if not abilities:
        raise illegal(game, "116.4.b", f"{game.label(card, 'en')} has no activated ability", f"{game.label(card)} no tiene habilidad activada")
    if len(abilities) > 1:
        picked = game.choose("ability", pid, "116.4.b", "¿Qué habilidad activas?", "Which ability do you activate?",
                             [Option(str(i), f"Habilidad {i + 1}", f"Ability {i + 1}") for i, _ in abilities])
        abilities = [(i, a) for i, a in abilities if str(i) == picked]
    i, ability = abilities[0]
    zone = game.board.zone_of(card)
    if game.board.define(card).type == "legado" and zone != GOBIERNO:
        raise illegal(game, "116.6.k", "a legacy's abilities work only in the zona de gobierno",
                      "las habilidades de un legado solo funcionan en la zona de gobierno")
    if zone not in (CAMPO, PG, GOBIERNO) or card.controller != pid:
        raise illegal(game, "116.6", "you activate abilities of objects you control in play", "activas habilidades de objetos que controlas en juego")
    if shylock_lock(game):
        raise illegal(game, "103.1.a", "Adelanto de Shylock is on the stack: no ability can be activated until it resolves",
                      "Adelanto de Shylock está en la pila: no se activan habilidades hasta que se resuelva")
    if game.board.define(card).id == "adelanto-de-shylock" and _opponents_first_turn(game, pid):
        raise illegal(game, "103.1.a", "Adelanto de Shylock cannot be activated during an opponent's first turn",
                      "Adelanto de Shylock no puede activarse durante el primer turno de tu oponente")
    if resources.is_resource_ability(game, card, ability):
        game.res.note("resource-ability", "106.1.e.1", "Sin objetivo, agrega recursos y no es de un líder: una habilidad de recurso",
                      "No target, adds resources and not a leader's: a resource ability")
        resources.activate_resource(game, pid, card, i, ability, costs.pay_cost)
        return None
    problem = costs.can_pay_parts(game, pid, card, ability.get("cost", {}))
    if problem is not None:
        raise illegal(game, problem, "the cost of this ability cannot be paid", "el coste de esta habilidad no puede pagarse")
    with game.res.step("activate", "116.4.b", f"{pid} activa una habilidad de {game.label(card)}: va a la pila",
                       f"{pid} activates an ability of {game.label(card, 'en')}: it goes on the stack", card=card.uid):
        data: dict[str, Any] = {"ability": i}
        if game.board.define(card).id == "adelanto-de-shylock":
            data["shylock"] = True
        item = game.res.push(StackItem(game.position.next_stack_id(), pid, card.uid, "activada", data))
        in_response(game, item)
        if any(e.get("do") == "agregar-recursos" for e in ability.get("effects", [])):
            game.res.note("not-resource", "106.1.i.1", "Agrega recursos pero tiene objetivo o es de un líder: usa la pila",
                          "It adds resources but has a target or is a leader's: it uses the stack")
        if game.board.type(card) == "lider":
            game.res.note("leadership", "gyp.decision.leadership-abilities", "Habilidad de liderazgo: nunca es de recurso",
                          "A leadership ability: never a resource ability")
        x = _activation_x(game, pid, ability.get("cost", {}))
        if x:
            game.res.set_item(item, "x", x)
        declare_targets(game, item, ability.get("effects", []), pid)
        costs.pay_cost(game, pid, card, ability.get("cost", {}), x=x)
        if game.board.card(card.uid) is None:
            # The cost took the source away; the ability stays on the stack all the same (116.7.a) and keeps its text.
            game.res.set_item(item, "effects", list(ability.get("effects", [])))
            game.res.set_item(item, "name", game.board.define(card).name)
    return item


def _activation_x(game: Game, pid: str, cost: dict[str, Any]) -> int:
    """109.2.a: an X in an activation cost that the text does not define is announced as the ability is activated,
    greater than 0 (109.2.a.1) and no more than the player could pay; it is the X of its effects too."""
    if cost.get("recursos") != "X":
        return 0
    game.res.note("x-announced", "109.2.a", "X se anuncia al activar la habilidad", "X is announced as the ability is activated")
    high = len(resources.pool(game, pid)) + len(resources.resource_sources(game, pid))
    return game.res.ask_number(key="x", player=pid, rule="109.2.a.1", prompt_es="Anuncia X (mayor que 0)",
                               prompt_en="Announce X (greater than 0)", low=1, high=max(1, high))


def _opponents_first_turn(game: Game, pid: str) -> bool:
    active = game.position.active
    if active == pid:
        return False
    order = list(game.position.players)
    return game.position.turn <= len(order) and order.index(active) == game.position.turn - 1


# Copying a mandato (115.3.b) and moving an Inesperada order (115.3.c).

def copy_mandato(game: Game, item: StackItem, pid: str) -> StackItem:
    card = game.board.card(item.source)
    if item.kind != "orden" or card is None or game.board.type(card) != "mandato" or item.controller != pid:
        raise illegal(game, "115.3.b", "only the controller of a mandato on the stack may copy it", "solo el controlador de un mandato en la pila puede copiarlo")
    if shylock_lock(game):
        raise illegal(game, "103.1.a", "Adelanto de Shylock is on the stack: no copies", "Adelanto de Shylock está en la pila: no hay copias")
    if game.board.uses(pid, card) <= 0:
        raise illegal(game, "115.3.b", "no use left of this mandato to copy it", "no queda ningún uso de este mandato para copiarlo")
    with game.res.step("copy", "115.3.b", f"{pid} gasta el uso que le queda de {game.label(card)} para poner una copia en la pila",
                       f"{pid} spends their remaining use of {game.label(card, 'en')} to put a copy on the stack"):
        copy = game.res.push(StackItem(game.position.next_stack_id(), pid, card.uid, "copia", {}))
        game.res.note("copy-cost", "gyp.decision.mandato-copy", "Se paga de nuevo su coste y la copia elige sus objetivos",
                      "Its cost is paid again and the copy chooses its targets")
        game.res.note("copy-controller", "115.4", f"El controlador de la copia es {pid}", f"The copy's controller is {pid}")
        announce(game, copy, card, pid, free=False)
        uses.spend(game, pid, card, rule="115.3.b")
    return copy


def move_inesperada(game: Game, item: StackItem, pid: str) -> None:
    card = game.board.card(item.source)
    if item.kind != "orden" or card is None or item.controller != pid or game.board.type(card) == "mandato" \
            or "inesperada" not in game.board.keywords(card):
        raise illegal(game, "115.3.c", "only a non-mandato order with Inesperada of yours can be moved",
                      "solo puede moverse una orden tuya con Inesperada que no sea mandato")
    if game.board.uses(pid, card) <= 0:
        raise illegal(game, "115.3.c", "no use left to move this order", "no queda ningún uso para mover esta orden")
    stack = game.position.stack
    options = [Option(str(i), f"Posición {i + 1} desde abajo", f"Position {i + 1} from the bottom") for i in range(len(stack))]
    where = int(game.choose("stack-position", pid, "115.3.c", "¿A qué posición de la pila la mueves?",
                            "Where in the stack do you move it?", options))
    with game.res.step("move-order", "115.3.c", f"{pid} gasta el uso que le queda de {game.label(card)} y mueve la orden",
                       f"{pid} spends their remaining use of {game.label(card, 'en')} and moves the order"):
        game.res.remove_from_stack(item)
        stack.insert(where, item)
        uses.spend(game, pid, card, rule="115.3.c")
