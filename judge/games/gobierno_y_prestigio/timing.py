"""Priority, the stack, state-based actions and triggered abilities (120, 116.4.c, 116.9).

:class:`GPPriority` fills in the core's priority loop with the rules of 120: the active player receives priority
first and after each resolution (120.4.a–b), a player who acts keeps it (120.4.c), a pass goes to the next player
(120.4.d), and all players passing in succession resolves the top item or, with the stack empty, ends the step
(120.5). Before any player receives priority the state-based actions and waiting triggers are settled (120.6).
"""

from __future__ import annotations

import json
from typing import Any

from judge.core.errors import IllegalPlayError
from judge.core.position import CardState, Position, StackItem
from judge.core.resolution import Resolution
from judge.core.timing import Pending, Priority, StateCheck, settle
from judge.core.wording import listed
from judge.games.gobierno_y_prestigio import effects, endgame, resources, targets
from judge.games.gobierno_y_prestigio.board import CAMPO, GOBIERNO
from judge.games.gobierno_y_prestigio.effects import Ctx
from judge.games.gobierno_y_prestigio.effects.on_objects import enter
from judge.games.gobierno_y_prestigio.effects.on_stack import discard_item
from judge.games.gobierno_y_prestigio.game import Game
from judge.games.gobierno_y_prestigio.playing import declare_targets

END_EVENTS = ("final-del-combate", "final-del-turno")


class GPPriority(Priority):
    rule = "120.4"
    resolve_rule = "120.5"
    ended_es = "Todos pasan con la pila vacía: termina el paso"
    ended_en = "All players pass with an empty stack: the step ends"

    def __init__(self, game: Game, end_step: Any) -> None:
        self.game = game
        self.end_step = end_step

    def players(self, position: Position) -> list[str]:
        return endgame.remaining(self.game)

    def before_priority(self, res: Resolution) -> None:
        settle_state(self.game)

    def acted(self, res: Resolution, actor: str) -> None:
        if res.position.passed:
            res.note("passes-restart", "gyp.decision.pass-chain", "Una acción: los pases anteriores dejan de contar",
                     "An action: the earlier passes no longer count")
        super().acted(res, actor)

    def passed_by(self, res: Resolution, pid: str) -> None:
        resources.announce(self.game, pid, "106.1.b.1")
        super().passed_by(res, pid)

    def resolved(self, res: Resolution, item: StackItem) -> None:
        super().resolved(res, item)
        endgame.check_loop(self.game, only_passes(self.game))
        res.note("priority-after-resolution", "120.4.b", f"El jugador activo ({res.position.active}) recibirá la prioridad",
                 f"The active player ({res.position.active}) will receive priority")

    def resolve(self, res: Resolution, item: StackItem) -> None:
        res.note("all-passed", "120.2", "Todos pasaron sin añadir nada a la pila: se resuelve lo que está en el tope",
                 "Everyone passed without adding to the stack: the top item resolves")
        resolve_item(self.game, item)

    def all_passed(self, res: Resolution) -> bool:
        return bool(self.end_step(self.game))

    def label(self, position: Position, item: StackItem, lang: str) -> str:
        return targets.item_label(self.game, item, lang)


def only_passes(game: Game) -> bool:
    """Whether no player has anything to do but pass: no card to play, no available resource, no activated ability."""
    board = game.board
    for pid, player in game.position.players.items():
        if any(board.uses(pid, c) > 0 or c.get("rebeldia", False) for z in ("mano", "descarte", "fuera-del-juego") for c in player.zone(z) if c.known):
            return False
        if resources.resource_sources(game, pid) or resources.pool(game, pid):
            return False
        if any(a.get("kind") == "activada" for c in board.on_battlefield() + board.cards(GOBIERNO) if c.controller == pid
               for _, a in board.abilities(c)):
            return False
    return True


# Resolving an item (decision resolution-procedure).

def resolve_item(game: Game, item: StackItem) -> None:
    card = game.board.card(item.source)
    declared: dict[str, list[str]] = item.data.get("targets", {})
    if declared and sum(len(v) for v in declared.values()) > 0:
        specs = dict(targets.targeted_specs(targets.item_effects(game, item)))
        legal = [ref for index, refs in declared.items() for ref in refs
                 if (found := targets.find(game, ref)) is not None and index in specs
                 and targets.fits(game, found, specs[index], item.controller, targeting=True, self_ref=item.id)]
        if not legal:
            with game.res.step("all-targets-illegal", "116.9", "Todos sus objetivos son ilegales: las reglas la descartan",
                               "All its targets are illegal: the rules discard it"):
                game.res.note("illegal", "gyp.decision.illegal-target", "Cada objetivo dejó su zona, ya no cumple el texto o no puede ser objetivo",
                              "Each target left its zone, no longer fits the text or cannot be targeted")
                game.res.note("rechecked", "118.3", "Declaró objetivos: se comprueban al resolverse", "It declared targets: they are checked on resolution")
                game.res.push(item)
                discard_item(game, item, rule="gyp.decision.orders-illegal-targets")
            return
    ctx = Ctx(item.controller, card, item, int(item.data.get("x", 0)), declared, is_order=item.kind in ("orden", "copia"))
    game.res.note("procedure", "gyp.decision.resolution-procedure", "Objetivos comprobados: se sigue su texto", "Targets checked: its text is followed")
    if item.kind in ("activada", "disparada") and card is not None and not game.board.in_play(card):
        game.res.note("source-gone", "116.7.a", "La habilidad se resuelve aunque su fuente ya no esté", "The ability resolves even though its source is gone")
    with game.res.step("instructions", "116.4.a", "Se siguen sus instrucciones en orden", "Its instructions are followed in order"):
        game.res.note("no-priority", "120.3.e", "Mientras se resuelve, nadie tiene prioridad", "While it resolves, nobody has priority")
        effects.run(game, ctx, targets.item_effects(game, item))
    if item.kind == "orden" and card is not None and game.board.zone_of(card) == "pila":
        _card_after(game, item, card)
    elif item.kind == "copia":
        game.res.note("copy-ceases", "gyp.decision.card-destinations", "La copia deja de existir al salir de la pila",
                      "The copy ceases to exist as it leaves the stack")


def _card_after(game: Game, item: StackItem, card: CardState) -> None:
    kind = game.board.type(card)
    if kind == "mandato":
        with game.res.step("to-discard", "gyp.decision.card-destinations", f"{game.label(card)} va al descarte de su dueño",
                           f"{game.label(card, 'en')} goes to its owner's discard"):
            game.move(card, card.owner, "descarte", rule="gyp.decision.card-destinations")
            left = game.board.uses(card.owner, card)
            rule = "114.4" if left > 0 else "114.6"
            game.res.note("display", "gyp.decision.uses-display", "Cómo se ve depende de los usos que le quedan a su dueño",
                          "How it lies depends on its owner's uses left")
            game.res.note("discard-state", rule, f"Queda {'enderezada' if left > 0 else 'girada'} ({left} uso(s))",
                          f"It lies {'untapped' if left > 0 else 'tapped'} ({left} use(s))")
        return
    if kind == "mejora":
        _apply_mejora(game, item, card)
        return
    enter(game, card, item.controller, rule="112.2")


def _apply_mejora(game: Game, item: StackItem, card: CardState) -> None:
    """118.1.c: applying a mejora attaches it to a legal host its player controls ("Sólo súbditos": a barco or
    ciudadano)."""
    only = "solo-subditos" in game.board.keywords(card)
    hosts = [c for c in game.board.on_battlefield() if c.controller == item.controller
             and (game.board.is_subdito(c) if only else game.board.type(c) != "testimonio")]
    if not hosts:
        game.res.note("no-host", "118.1.c", "No hay anfitrión legal: la mejora va al descarte", "No legal host: the mejora goes to the discard")
        game.move(card, card.owner, "descarte", rule="gyp.decision.mejoras")
        return
    host = game.board.card(game.choose("host", item.controller, "118.1.c", "¿A qué posesión aplicas la mejora?",
                                       "Which possession do you apply the mejora to?", [game.card_option(c) for c in hosts]))
    assert host is not None
    with game.res.step("apply-mejora", "118.1.c", f"La mejora se aplica a {game.label(host)}", f"The mejora is applied to {game.label(host, 'en')}"):
        game.res.attach(card, host)
        game.res.set_controller(card, item.controller)


# State-based actions (120.6, decision sba-list).

def checks(game: Game) -> list[StateCheck]:
    out: list[StateCheck] = []
    board = game.board
    position = game.position
    # The order of the list is decision sba-list's; StateCheck rules cite the rule each check applies.
    wins = {p: "122.7" for p in endgame.remaining(game) if int(position.player(p).values.get("prestigio", 0)) >= 40
            and not board.player_has("no-puede-ganar", p)}
    losses = {p: "104.3.b" for p in endgame.remaining(game) if _locked_out(game, p)}
    if wins or losses:
        es = listed([f"{p} tiene 40 o más de prestigio" for p in wins] + [f"{p} no puede jugar nada más" for p in losses])
        en = listed([f"{p} has 40 or more prestige" for p in wins] + [f"{p} cannot play anything more" for p in losses], "en")
        out.append(StateCheck("122.7" if wins else "104.3.b", es, en, lambda: _results(game, dict(wins), dict(losses))))
    for card in board.on_battlefield():
        if not card.known:
            continue
        if board.can_be_damaged(card) and board.type(card) != "lider":
            toughness = board.toughness(card)
            if toughness is not None and (int(card.get("dano", 0)) >= toughness and (card.get("dano", 0) or toughness <= 0)):
                rule = "123.9" if toughness > 0 else "gyp.decision.toughness-zero"
                out.append(StateCheck(rule, f"{game.label(card)} tiene daño letal: es destruida", f"{game.label(card, 'en')} has lethal damage: destroyed",
                                      lambda c=card: game.destroy(c, rule="123.8"), card=card.uid))
        if board.type(card) == "lider" and int(card.get("liderazgo", 0)) <= 0:
            out.append(StateCheck("124.1.b", f"{game.label(card)} no tiene contadores de liderazgo: va al descarte",
                                  f"{game.label(card, 'en')} has no leadership counters: it goes to the discard",
                                  lambda c=card: _leader_out(game, c), card=card.uid))
        out.extend(_counter_checks(game, card))
        if card.get("atacando", False) and not board.is_subdito(card):
            out.append(StateCheck("gyp.decision.removed-from-combat", f"{game.label(card)} deja de ser súbdito: sale del combate",
                                  f"{game.label(card, 'en')} is no longer a súbdito: it leaves combat",
                                  lambda c=card: game.res.set_card(c, "atacando", False), card=card.uid))
    for _, zone, card in list(position.all_cards()):
        if card.get("tarjeta", False) and zone != CAMPO:
            out.append(StateCheck("110.2.a", f"La tarjeta {card.uid} está fuera del juego: deja de existir (113.2.d)",
                                  f"Token {card.uid} is out of play: it ceases to exist",
                                  lambda c=card: game.cease(c, rule="113.2.d"), card=card.uid))
    if out:
        first = out[0]

        def listed_first(check: StateCheck = first) -> None:
            game.res.note("sba-order", "gyp.decision.sba-list", "Las acciones basadas en estado, en el orden de la lista, todas a la vez",
                          "State-based actions, in the order of the list, all at once")
            check.apply()
        out[0] = StateCheck(first.rule, first.text_es, first.text_en, listed_first, first.card)
    return out


def _results(game: Game, wins: dict[str, str], losses: dict[str, str]) -> None:
    if losses:
        for rule, es, en in (("104.3.b.1", "No puede jugar ni poner en juego más cartas de su descarte", "Cannot play or put into play more cards from the discard"),
                             ("104.3.b.2", "No tiene cartas en la mano", "No cards in hand"), ("104.3.b.3", "No tiene cartas en rebeldía", "No cards in rebeldía"),
                             ("104.3.b.4", "No controla posesiones", "Controls no possessions"), ("104.3.b.5", "No controla testimonios", "Controls no testimonios")):
            game.res.note("condition", rule, es, en)
        game.res.note("lock-out", "gyp.decision.lock-out-loss", "Las cinco condiciones se cumplen a la vez: ninguna carta del descarte tiene usos",
                      "The five conditions hold at once: no card of the discard has a use left")
        game.res.note("complete-sets", "gyp.decision.complete-sets", "La posición lista los sets completos, así que la derrota puede comprobarse",
                      "The position lists the whole sets, so the loss can be checked")
    endgame.conclude(game, wins, losses)


def _leader_out(game: Game, card: CardState) -> None:
    game.res.note("leader-destroyed", "gyp.decision.leader-zero-counters", "Puesto en el descarte así, el líder cuenta como destruido",
                  "Put into the discard this way, the leader counts as destroyed")
    game.destroy(card, rule="gyp.decision.leader-zero-counters")


def _counter_checks(game: Game, card: CardState) -> list[StateCheck]:
    out: list[StateCheck] = []
    counters = game.board.counters(card)
    for name, n in counters.items():
        s, t = (int(v) for v in name.split("/"))
        opposite = f"{-s:+d}/{-t:+d}"
        if s > 0 and opposite in counters:
            m = min(n, counters[opposite])
            out.append(StateCheck("124.1.a.2", f"{game.label(card)} pierde {m} contador(es) {name} y {m} {opposite}",
                                  f"{game.label(card, 'en')} loses {m} {name} and {m} {opposite} counter(s)",
                                  lambda c=card, a=name, b=opposite, k=m: (game.res.set_card(c, a, int(c.get(a)) - k),
                                                                          game.res.set_card(c, b, int(c.get(b)) - k)), card=card.uid))
    # Its own abilities as they are now: one that lost all its abilities has no limit left (116.11).
    for _, ability in game.board.abilities(card):
        effect = ability.get("effect", {})
        if ability.get("kind") == "constante" and isinstance(effect, dict) and effect.get("modify") == "max-contadores":
            name, limit = str(effect.get("counter", "+1/+1")), int(effect.get("amount", 0))
            if int(card.get(name, 0)) > limit:
                out.append(StateCheck("124.3", f"{game.label(card)} pierde los contadores {name} que pasan de {limit}",
                                      f"{game.label(card, 'en')} loses the {name} counters above {limit}",
                                      lambda c=card, a=name, k=limit: game.res.set_card(c, a, k), card=card.uid))
    return out


def _locked_out(game: Game, pid: str) -> bool:
    """104.3.b: nothing left to play or control. Only a position that lists each player's whole set can show it
    (decision complete-sets)."""
    position = game.position
    if not position.values.get("sets-completos"):
        return False
    player = position.player(pid)
    if player.zone("mano"):
        return False
    if any(c.get("rebeldia", False) for c in player.zone("fuera-del-juego")):
        return False
    if any(c.controller == pid for c in game.board.on_battlefield()):
        return False
    return all(game.board.uses(pid, c) <= 0 for c in player.zone("descarte"))


def settle_state(game: Game) -> None:
    """The checks in the order of decision sba-list, all that apply at once, then the triggers."""
    settle(game.res, rule="120.6", checks=lambda: checks(game), triggers=game.triggers, put=lambda p: put_trigger(game, p))


# Triggered abilities (116.4.c, 120.3.a).

def scan(game: Game, event: str, data: dict[str, Any]) -> None:
    """An event happened: every triggered ability waiting for it triggers now and waits for the next priority."""
    raised: list[Pending[StackItem]] = []
    if event == "recurso-gastado":
        # A delayed trigger created with the resource; its controller is the player the effect was for (decision
        # delayed-trigger-controller).
        pid = data["player"]
        game.res.note("delayed-controller", "gyp.decision.delayed-trigger-controller", f"La controla {pid}, para quien era el efecto que la creó",
                      f"{pid} controls it: the effect that made it was theirs")
        item = StackItem("", pid, data["tag"].split("#")[1], "disparada", {"effects": list(data["effects"]), "name": "recurso gastado"})
        n = len(game.triggers.waiting)
        game.triggers.raised(game.res, [Pending(pid, f"gastado:{n}", "habilidad retrasada del recurso gastado", "delayed ability of the spent resource",
                                                item, same_as=json.dumps(data["effects"], sort_keys=True))], lambda p: put_trigger(game, p))
        return
    sources = game.board.on_battlefield() + game.board.cards(GOBIERNO)
    for card in sources:
        for index, ability in game.board.abilities(card):
            if ability.get("kind") != "disparada" or not _matches(game, card, ability, event, data):
                continue
            if event == "usa-pg" and _is_resource_trigger(ability):
                with game.res.step("resource-trigger", "106.1.h.1", f"Habilidad disparada de recurso de {game.label(card)}: se resuelve ya, sin la pila",
                                   f"Triggered resource ability of {game.label(card, 'en')}: resolves at once, without the stack"):
                    effects.run(game, Ctx(card.controller, card), ability.get("effects", []))
                continue
            item = StackItem("", card.controller, card.uid, "disparada", {"ability": index})
            if isinstance(data.get("card"), CardState):
                item.data["subject"] = data["card"].uid  # what its event was about: "el súbdito atacante" of "ataca"
            game.res.note("trigger-waits", "120.3.a", "Se dispara ahora; irá a la pila la próxima vez que alguien fuera a recibir la prioridad",
                          "It triggers now; it goes on the stack the next time someone would receive priority")
            game.res.note("triggers", "116.4.c", f"Se dispara una habilidad de {game.label(card)}: espera a la próxima prioridad",
                          f"An ability of {game.label(card, 'en')} triggers: it waits for the next priority", card=card.uid)
            # Instances of one ability with nothing to tell them apart may go on the stack in any order (116.3.c).
            same = f"{card.uid}:{json.dumps(ability, sort_keys=True)}"
            if sum(1 for _, other in game.board.abilities(card) if other == ability) > 1:
                game.res.note("instance", "116.3.c", "Cada instancia de la habilidad funciona por separado",
                              "Each instance of the ability works separately")
            raised.append(Pending(card.controller, f"{card.uid}:{index}:{len(game.triggers.waiting) + len(raised)}",
                                  f"habilidad de {game.label(card)}", f"ability of {game.label(card, 'en')}", item, (card.uid,), same_as=same))
    if raised:
        game.triggers.raised(game.res, raised, lambda p: put_trigger(game, p))


def _is_resource_trigger(ability: dict[str, Any]) -> bool:
    """106.1.e.2: no target, triggered by a resource ability, could add resources."""
    effects_ = ability.get("effects", [])
    return any(e.get("do") == "agregar-recursos" for e in effects_) and not targets.targeted_specs(effects_)


def _matches(game: Game, card: CardState, ability: dict[str, Any], event: str, data: dict[str, Any]) -> bool:
    wanted = ability.get("event")
    filters = ability.get("filter", {})
    subject = data.get("card")
    if wanted == "orden-te-hace-ganar-prestigio":
        return event == "gana-prestigio" and data.get("by_order") and data.get("player") == card.controller
    if wanted != event:
        return False
    if event in DAMAGE_EVENTS and not _subdito_in_damage(game, event, subject):
        return False
    if filters.get("self") and (subject is None or subject.uid != card.uid):
        return False
    if filters.get("subdito") and (subject is None or not game.board.is_subdito(subject)):
        return False
    if "side" in filters and not _side_fits(game, card, subject, filters["side"]):
        return False
    characteristics = {k: v for k, v in filters.items() if k not in ("self", "subdito", "side")}
    if characteristics and (subject is None or not game.board.matches(subject, characteristics)):
        return False
    if event in ("gana-prestigio", "pierde-prestigio", "usa-pg") and data.get("player") != card.controller:
        return False
    return True


def _side_fits(game: Game, card: CardState, subject: Any, side: str) -> bool:
    """«Que controlas», «que controla un oponente»: whose the event's object is, said from the side of the ability's
    controller (the controller of its source as it triggers, 116.8; «tu», 111.5). The object is on the battlefield as
    its event happens, and has a controller there (110.4)."""
    if not isinstance(subject, CardState):
        return False
    if side == "own":
        return subject.controller == card.controller
    if side == "opponent":
        return subject.controller in game.position.opponents(card.controller)
    return True


DAMAGE_EVENTS = ("recibe-dano", "hace-dano")


def _subdito_in_damage(game: Game, event: str, subject: Any) -> bool:
    """The damage events are a súbdito's: one that is dealt damage (or an object that counts as a súbdito, 123.1.a),
    one that deals it. A leader dealt damage, or an order, a strategy or a leader dealing it (123.1), is no such
    event."""
    if not isinstance(subject, CardState):
        return False
    if event == "recibe-dano" and "cuenta-como-subdito" in game.board.keywords(subject):
        return True
    return game.board.is_subdito(subject)


def put_trigger(game: Game, pending: Pending[StackItem]) -> None:
    item = pending.item
    item.id = game.position.next_stack_id()
    card = game.board.card(item.source)
    if "ability" in item.data:
        ability_effects = game.board.define(card).abilities[item.data["ability"]].get("effects", []) if card else []
    else:
        ability_effects = list(item.data.get("effects", []))
    with game.res.step("trigger-on-stack", "120.6", f"La {pending.label_es} va a la pila", f"The {pending.label_en} goes on the stack"):
        game.res.push(item)
        game.res.note("trigger-controller", "116.8", f"Su controlador es {item.controller}, quien controlaba su fuente al dispararse",
                      f"Its controller is {item.controller}, who controlled its source when it triggered")
        try:
            declare_targets(game, item, ability_effects, item.controller)
        except IllegalPlayError:
            game.res.remove_from_stack(item)
            game.res.note("no-target", "gyp.decision.trigger-without-target", "No tiene ningún objetivo legal: no va a la pila",
                          "It has no legal target: it does not go on the stack")

