"""Effects on objects: damage, destruction, zone changes, tokens, counters, characteristics, control."""

from __future__ import annotations

from typing import Any

from judge.core.position import CardState, StackItem
from judge.games.gobierno_y_prestigio import damage, uses
from judge.games.gobierno_y_prestigio.board import CAMPO
from judge.games.gobierno_y_prestigio.effects import Ctx, amount, object_effect, objects, players
from judge.games.gobierno_y_prestigio.effects import handler
from judge.games.gobierno_y_prestigio.game import Game


def _source(ctx: Ctx) -> str:
    """The object a lasting effect comes from: one "mientras" lasts while it stays on the battlefield."""
    return ctx.source.uid if ctx.source is not None else ""


def _cards(objs: list[Any]) -> list[CardState]:
    return [o for o in objs if isinstance(o, CardState)]


@object_effect("dano")
def deal_damage(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    n = amount(ctx, effect, game)
    recipients = [(o, n) for o in objs if isinstance(o, (CardState, str))]
    if recipients:
        damage.deal(game, ctx.source, ctx.controller, recipients, rule="123.3")


@object_effect("destruir")
def destroy(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        with game.res.step("destroy", "gyp.decision.destroy", f"{game.label(card)} es destruida", f"{game.label(card, 'en')} is destroyed", card=card.uid):
            was_subdito = game.board.is_subdito(card)
            game.destroy(card, rule="gyp.decision.destroy")
            if was_subdito and ctx.is_order:
                game.emit("orden-destruye-subdito", card=card)


@object_effect("retirar")
def remove(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        if game.board.type(card) == "legado":
            with game.res.step("remove", "117.4", f"{game.label(card)} sale de la zona de gobierno", f"{game.label(card, 'en')} leaves the zona de gobierno"):
                game.cease(card, rule="gyp.decision.legacy-leaves")
            continue
        game.res.note("retirar", "gyp.decision.retirar", "Retirar es sacar del juego", "To retirar is to remove from the game")
        with game.res.step("remove", "111.1", f"{game.label(card)} se retira del juego", f"{game.label(card, 'en')} is removed from the game"):
            game.move(card, card.owner, "fuera-del-juego", rule="111.1")


@object_effect("a-la-mano")
def to_hand(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        with game.res.step("to-hand", "114.10", f"{game.label(card)} vuelve a la mano de su dueño", f"{game.label(card, 'en')} returns to its owner's hand"):
            game.move(card, card.owner, "mano", rule="114.10")


def _stopped_entering(game: Game, card: CardState, definition: Any, filters: dict[str, Any]) -> bool:
    """Whether what is about to enter fits the filter of an effect that stops possessions entering (113.2.b): every
    characteristic it names. Its strength is the printed one: the object is not on the battlefield yet, so nothing
    there changes it (a card with no strength has none to compare)."""
    strength_max = filters.get("strength-max")
    if strength_max is not None and (definition.strength is None or definition.strength > strength_max):
        return False
    return game.board.matches(card, {k: v for k, v in filters.items() if k != "strength-max"})


def enter(game: Game, card: CardState, pid: str, *, rule: str, tapped: bool | None = None) -> bool:
    """Put ``card`` onto the battlefield under ``pid``: refused by an earlier effect that stops it entering
    (113.2.b); enters with its counters (124.5, placed by its controller, 124.5.a); marked if no use is left (114.7)."""
    definition = game.board.define(card)
    if definition.type == "mandato":
        game.res.note("mandato-never-enters", "112.4", f"{game.label(card)} es un mandato: nunca puede entrar al campo de juego",
                      f"{game.label(card, 'en')} is a mandato: it can never enter the battlefield")
        return False
    for _, static, _ in game.board.statics("no-pueden-entrar"):
        if _stopped_entering(game, card, definition, static.get("filter", {})):
            game.res.note("cant-enter", "113.2.b", f"Un efecto previo impide que {definition.name} entre en juego",
                          f"An earlier effect stops {definition.name} from entering play")
            return False
    game.res.note("battlefield", "gyp.decision.battlefield-synonyms", "Campo de juego, de batalla, en juego: una sola zona",
                  "Battlefield, play, the table: one zone")
    with game.res.step("enters", rule, f"{game.label(card)} entra en el campo de juego bajo el control de {pid}",
                       f"{game.label(card, 'en')} enters the battlefield under {pid}'s control", card=card.uid):
        if game.board.zone_of(card) is None:
            # A token comes into being as it enters (113.1): what refers to it from now on is the object made here.
            card = game.res.create(card.card, pid, CAMPO, uid=card.uid, owner=card.owner, state=card.state)
        else:
            game.move(card, pid, CAMPO, rule=rule, tapped=tapped)
        if not card.get("girada", False):
            game.res.note("enters-untapped", "113.3.a", "Entra enderezada y boca arriba", "It enters untapped and face up")
        for counter, n in definition.enters_with:
            game.res.note("enters-with-counters", "124.5", f"Entra en juego con {n} contador(es) {counter}", f"It enters with {n} {counter} counter(s)")
            game.res.note("enters-with", "124.5.a", f"{pid} le pone {n} contador(es) {counter}", f"{pid} puts {n} {counter} counter(s) on it")
            game.res.set_card(card, counter, int(card.get(counter, 0)) + n)
        if definition.leadership is not None and not card.get("liderazgo", 0):
            game.res.set_card(card, "liderazgo", definition.leadership)
        if not card.get("tarjeta", False) and game.board.uses(card.owner, card) <= 0:
            game.res.note("no-uses-mark", "114.7", f"{game.label(card)} queda marcada «sin usos»", f"{game.label(card, 'en')} is marked 'no uses'")
    game.emit("entra-en-juego", card=card)
    return True


@object_effect("poner-en-juego")
def put_into_play(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        if game.board.define(card).type == "mandato":
            enter(game, card, ctx.player, rule="112.4")
            continue
        if _is_token(game, card):
            continue
        enter(game, card, ctx.player, rule="112.2")


def _is_token(game: Game, card: CardState) -> bool:
    if card.get("tarjeta", False):
        game.res.note("token-stays", "113.2.d", "Una tarjeta no puede volver al juego: se queda donde está",
                      "A token cannot return to play: it stays where it is")
        return True
    return False


@object_effect("enderezar")
def untap(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        was = bool(card.get("girada", False))
        game.res.set_card(card, "girada", False)
        if was:
            game.emit("se-endereza", card=card)
        if card.get("no-disponible", False):
            game.res.note("still-unavailable", "107.2", f"{card.uid} se endereza pero sigue sin estar disponible",
                          f"{card.uid} untaps but stays unavailable")


@object_effect("girar")
def tap(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        was = bool(card.get("girada", False))
        game.res.set_card(card, "girada", True)
        if not was:
            game.emit("se-gira", card=card)


@handler("crear-tarjeta")
def create_token(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    """113: the creator owns and controls the token; its characteristics are what the effect defines (113.2), named
    after its subtypes when the effect gives no name (113.2.a), with the colours of the card that made it (105.3)."""
    if "copy" in effect:
        originals = [o for o in objects(game, ctx, effect, key="copy") if isinstance(o, CardState)]
        if not originals:
            ctx.last = []
            return
        base = game.board.define(originals[0])
        spec = {"name": base.name, "type": base.type, "cost": base.cost, "colors": list(base.colors),
                "subtypes": list(base.subtypes), "strength": base.strength, "toughness": base.toughness,
                "keywords": list(base.keywords), "abilities": list(base.abilities)}
        spec = {k: v for k, v in spec.items() if v is not None}
        game.res.note("copy-effects", "gyp.decision.copy-effects", "Se copian exactamente las características de 111.3", "Exactly the 111.3 characteristics are copied")
        game.res.note("copy", "111.3", "La copia toma solo las características del original, no su estado",
                      "The copy takes only the original's characteristics, not its state")
    else:
        spec = dict(effect.get("token", {}))
        if "name" not in spec:
            spec["name"] = " ".join(w.capitalize() for w in spec.get("subtypes", []) or [spec.get("type", "")])
            game.res.note("token-name", "113.2.a", f"La tarjeta se llama como sus subtipos: {spec['name']}",
                          f"The token is named after its subtypes: {spec['name']}")
        if ctx.source is not None and game.board.colors(ctx.source) and "colors" not in spec:
            spec["colors"] = list(game.board.colors(ctx.source))
            game.res.note("token-colors", "105.3", f"La tarjeta es de los colores de la carta que la creó: {', '.join(spec['colors'])}",
                          f"The token has the colours of the card that made it: {', '.join(spec['colors'])}")
    creator = players(game, ctx, effect)[0] if "player" in effect else ctx.player
    token_id = f"tarjeta-{len(game.position.cards) + 1}"
    before = game.res.checkpoint()
    game.define_card(token_id, spec)
    card = CardState(uid=token_id, card=token_id, owner=creator, controller=creator, state={"tarjeta": True})
    game.res.note("token", "113.1", f"{creator} crea la tarjeta {spec['name']}: es su dueño y controlador",
                  f"{creator} creates the token {spec['name']}: its owner and controller")
    if not enter(game, card, creator, rule="113.1"):
        # A token that never enters never comes into being (113.2.b): its definition goes, what was said of it stays.
        game.res.rollback(before, keep=before.step.children[before.children:])
        ctx.last = []
        return
    # "Ponle…", "lo": what follows acts on the token just made.
    ctx.last = [c for c in (game.board.card(token_id),) if c is not None]


@object_effect("modificar")
def modify(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    strength, toughness = int(effect.get("strength", 0)), int(effect.get("toughness", 0))
    for card in _cards(objs):
        if effect.get("until"):
            game.res.note("modification", "124.1.a.1", f"{game.label(card)} gana {strength:+d}/{toughness:+d} {effect['until']}: sin contadores",
                          f"{game.label(card, 'en')} gets {strength:+d}/{toughness:+d} until {effect['until']}: no counters")
            game.add_effect("modificar", card, source=_source(ctx), controller=ctx.controller,
                            strength=strength, toughness=toughness, until=effect["until"])
            continue
        counter = f"{strength:+d}/{toughness:+d}"
        game.res.note("no-duration", "gyp.decision.gains-counters", "Sin duración: son contadores", "No duration: counters")
        game.res.note("counters", "124.1.a", f"{game.label(card)} gana {counter}: un contador {counter}",
                      f"{game.label(card, 'en')} gets {counter}: a {counter} counter")
        game.res.set_card(card, counter, int(card.get(counter, 0)) + 1)


@object_effect("contadores")
def put_counters(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    counter = str(effect.get("counter", "+1/+1"))
    for card in _cards(objs):
        game.res.set_card(card, counter, int(card.get(counter, 0)) + amount(ctx, effect, game))


@handler("mover-contador")
def move_counter(game: Game, ctx: Ctx, effect: dict[str, Any]) -> None:
    """124.4: take a counter from the first object and put it on the second."""
    counter = str(effect.get("counter", "+1/+1"))
    ctx_index = ctx.index
    source = _cards(objects(game, ctx, effect, key="source"))
    ctx.index = ctx_index
    target = _cards(objects(game, ctx, effect))
    if not source or not target:
        game.res.note("no-move", "124.4", "Falta un objeto válido: no se mueve ningún contador", "An object is missing: no counter moves")
        return
    a, b = source[0], target[0]
    if a.uid == b.uid:
        game.res.note("no-move", "124.4", "Mover un contador al mismo objeto no hace nada", "Moving a counter to the same object does nothing")
    elif not a.get(counter, 0):
        game.res.note("no-move", "124.4", f"{game.label(a)} no tiene contadores {counter}: no se pone ninguno",
                      f"{game.label(a, 'en')} has no {counter} counter: none is put")
    elif game.board.zone_of(b) != CAMPO:
        game.res.note("no-move", "124.4", f"{game.label(b)} no está en juego: no se quita ningún contador",
                      f"{game.label(b, 'en')} is not in play: no counter is taken")
    else:
        with game.res.step("move-counter", "124.4", f"Se mueve un contador {counter} de {game.label(a)} a {game.label(b)}",
                           f"A {counter} counter moves from {game.label(a, 'en')} to {game.label(b, 'en')}"):
            game.res.set_card(a, counter, int(a.get(counter)) - 1)
            game.res.set_card(b, counter, int(b.get(counter, 0)) + 1)


@object_effect("ganar-habilidad")
def gain_ability(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        game.res.note("newest-wins", "116.12", "Entre ganar y perder una habilidad prevalece el efecto más nuevo (101.2 no se aplica)",
                      "Between gaining and losing an ability the newest effect wins (101.2 does not apply)")
        game.res.note("not-a-prohibition", "101.2.a", "Agregar y quitar habilidades no es «prohibir»", "Adding and removing abilities is not 'forbidding'")
        game.res.note("gains", "116.10", f"{game.label(card)} gana {effect['keyword']}", f"{game.label(card, 'en')} gains {effect['keyword']}")
        game.add_effect("gana", card, source=_source(ctx), controller=ctx.controller, keyword=effect["keyword"], until=effect.get("until"))
        if any(game.board.static_applies_to(s, e, c, card) and e.get("keyword") == effect["keyword"]
               for s, e, c in game.board.statics("no-puede-tener")):
            game.res.note("cant-have", "116.13", f"{game.label(card)} no puede tener {effect['keyword']}",
                          f"{game.label(card, 'en')} cannot have {effect['keyword']}")


@object_effect("perder-habilidad")
def lose_ability(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        game.res.note("loses", "116.11", f"{game.label(card)} pierde todas las instancias de {effect['keyword']}",
                      f"{game.label(card, 'en')} loses every instance of {effect['keyword']}")
        game.add_effect("pierde", card, source=_source(ctx), controller=ctx.controller, keyword=effect["keyword"], until=effect.get("until"))


@object_effect("cambiar-subtipo")
def change_subtype(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for obj in objs:
        card = game.board.card(obj.source) if isinstance(obj, StackItem) else obj
        if not isinstance(card, CardState):
            continue
        # An effect on an order keeps applying to the possession it becomes (115.6): it follows the card, not the object.
        game.add_effect("subtipo", card.uid, source=_source(ctx), controller=ctx.controller, subtype=effect["subtype"], until=effect.get("until"))
        game.res.note("subtype", "115.6", f"{game.label(card)} pasa a ser {effect['subtype']}", f"{game.label(card, 'en')} becomes {effect['subtype']}")


@object_effect("quitar-uso")
def remove_use(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        if card.get("boca-abajo", False) and game.board.zone_of(card) == "descarte":
            game.res.note("face-up", "110.6.a", f"{card.uid} estaba boca abajo en un descarte: se pone boca arriba",
                          f"{card.uid} was face down in a discard: it is turned face up")
            game.res.set_card(card, "boca-abajo", False)
        uses.remove(game, card)


@object_effect("prevenir-dano")
def prevent(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for obj in objs:
        ref = obj.uid if isinstance(obj, CardState) else obj
        game.add_effect("prevenir", ref, controller=ctx.controller, amount=amount(ctx, effect, game), until="fin-del-turno")


@object_effect("prevenir-fuente")
def prevent_source(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for obj in objs:
        ref = obj.uid if isinstance(obj, CardState) else obj.source if isinstance(obj, StackItem) else obj
        game.res.note("damage-source", "123.10", f"Fuente de daño elegida: {ref}", f"Damage source chosen: {ref}")
        game.add_effect("prevenir-fuente", ref, controller=ctx.controller, until="este-turno")


@object_effect("ganar-control")
def gain_control(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    for card in _cards(objs):
        game.res.note("your", "111.5", "«Tu» en sus habilidades pasa a ser su nuevo controlador", "'Your' in its abilities becomes its new controller")
        with game.res.step("control", "gyp.decision.control-change", f"{ctx.player} gana el control de {game.label(card)}",
                           f"{ctx.player} gains control of {game.label(card, 'en')}"):
            game.res.set_controller(card, ctx.player)
            if card.get("atacando", False) or card.get("bloqueando", ""):
                game.res.set_card(card, "atacando", False)
                game.res.set_card(card, "bloqueando", "")
                game.res.note("removed-from-combat", "gyp.decision.removed-from-combat", "Sale del combate", "It leaves combat")


@object_effect("colorear")
def recolor(game: Game, ctx: Ctx, effect: dict[str, Any], objs: list[Any]) -> None:
    color = effect.get("color") or ctx.color
    for card in _cards(objs):
        game.add_effect("color", card, source=_source(ctx), controller=ctx.controller, color=color, until=effect.get("until"))
        game.res.note("recolor", "105.2", f"{game.label(card)} es {color}", f"{game.label(card, 'en')} is {color}")
