"""The interpreter of the ability vocabulary: what each effect word does, and how an ability resolves.

An effect handler returns how many things it actually did; "luego" (``then``) instructions run only when the one
before them did something (Cartas con habilidades luego, FAQ L552).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.timing import Pending
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.game import Game, Triggered
from judge.games.mitos_y_leyendas.targets import AbilityContext

Handler = Callable[[AbilityContext, dict[str, Any], str], int]
HANDLERS: dict[str, Handler] = {}

DEFAULT_UNTIL = "fase-final"
"""An effect that does not say how long it lasts lasts until the Fase Final (Duración de un efecto, FAQ L398);
strength modifiers until the end of the turn (L400), which ends right after."""


def handler(word: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[word] = fn
        return fn
    return register


def run_effects(ctx: AbilityContext, effects: list[dict[str, Any]], path: str = "e") -> int:
    """Resolve instructions in printed order; returns what the last one did."""
    done = 0
    for i, effect in enumerate(effects):
        done = run_effect(ctx, effect, f"{path}{i}")
        then = effect.get("then")
        if then:
            if done:
                done = run_effects(ctx, then, f"{path}{i}t")
            else:
                ctx.game.res.note("then-skipped", "cartas-con-habilidades-luego",
                                  "No se cumplió lo anterior: lo que sigue a «luego» no se hace",
                                  "What came before did not happen: what follows 'then' is not done")
    return done


def run_effect(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    return HANDLERS[effect["do"]](ctx, effect, path)


def player_of(ctx: AbilityContext, who: str | None) -> list[str]:
    if who in (None, "you"):
        return [ctx.controller]
    if who == "opponent":
        return [ctx.game.opponent(ctx.controller)]
    if who == "each":
        return ctx.game.position.turn_order()
    return [who]


def _targets(ctx: AbilityContext, effect: dict[str, Any], path: str, es: str, en: str) -> list[CardState]:
    target = effect.get("target", {"self": True})
    return tg.choose(ctx, target, path, rule=ctx.rule, es=es, en=en)


def _exact(ctx: AbilityContext, effect: dict[str, Any], cards: list[CardState]) -> bool:
    """"Destruye 2" needs exactly 2 valid targets, otherwise nothing happens (Objetivo válido, FAQ L700-L706)."""
    count = effect.get("target", {}).get("choose", 1)
    if isinstance(count, int) and count > 1 and len(cards) < count and not effect.get("target", {}).get("up-to"):
        ctx.game.res.note("not-enough-targets", "objetivo-valido", f"Hacen falta {count} objetivos válidos: no ocurre nada",
                          f"{count} valid targets are needed: nothing happens")
        return False
    return True


# Cards leaving play.

@handler("destruir")
def _destroy(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = _targets(ctx, effect, path, "¿Qué carta destruyes?", "Which card do you destroy?")
    if not _exact(ctx, effect, cards):
        return 0
    return len(ctx.game.destroy(cards, rule=ctx.rule))


def _leave(zone: str, es: str, en: str) -> Handler:
    def move(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        cards = _targets(ctx, effect, path, es, en)
        if not _exact(ctx, effect, cards):
            return 0
        done = 0
        for card in cards:
            if ctx.game.board.in_play(card):
                ctx.game.leave_play(card, zone, rule=ctx.rule)
            else:
                ctx.game.res.move(card, card.owner, zone)
            done += 1
        return done
    return move


HANDLERS["desterrar"] = _leave("destierro", "¿Qué carta destierras?", "Which card do you banish?")
HANDLERS["a-la-mano"] = _leave("mano", "¿Qué carta vuelve a la mano?", "Which card returns to hand?")
HANDLERS["barajar"] = _leave("castillo", "¿Qué carta barajas en el Mazo Castillo?", "Which card is shuffled into the castle?")


# Cards from the castle, the hand and the Cementerio.

@handler("botar")
def _botar(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    done = 0
    for pid in player_of(ctx, effect.get("player", "opponent")):
        done += ctx.game.botar(pid, int(effect.get("amount", 1)), rule="dano-directo")
    return done


@handler("robar")
def _draw(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    done = 0
    for pid in player_of(ctx, effect.get("player")):
        done += ctx.game.draw(pid, int(effect.get("amount", 1)), rule=ctx.rule)
    return done


@handler("descartar")
def _discard(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    done = 0
    for pid in player_of(ctx, effect.get("player")):
        hand = ctx.game.position.player(pid).zone("mano")
        amount = int(effect.get("amount", 1))
        chosen = ctx.game.choose_cards(pid, ctx.rule, f"¿Qué {amount} carta(s) descartas?",
                                       f"Which {amount} card(s) do you discard?", list(hand), count=amount, key="discard")
        for card in chosen:
            ctx.game.res.move(card, pid, "cementerio")
            done += 1
    return done


@handler("barajar-del-cementerio")
def _shuffle_from_graveyard(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Shuffle exactly N: fewer cards resolve nothing; the card being played or whose ability it is does not count
    (Barajar cartas del cementerio, FAQ L430)."""
    game = ctx.game
    amount = int(effect.get("amount", 1))
    pool = [c for c in game.in_graveyard(ctx.controller) if c.uid != ctx.source]
    if len(pool) < amount:
        game.res.note("not-enough", "barajar-cartas-del-cementerio",
                      f"Hay {len(pool)} cartas en el Cementerio y hay que barajar exactamente {amount}: no se baraja ninguna",
                      f"There are {len(pool)} cards in the Cementerio and exactly {amount} must be shuffled: none is")
        return 0
    chosen = game.choose_cards(ctx.controller, "barajar-cartas-del-cementerio", f"¿Qué {amount} cartas barajas?",
                               f"Which {amount} cards do you shuffle?", pool, count=amount, key="shuffle")
    for card in chosen:
        game.res.move(card, card.owner, "castillo")
    return len(chosen)


@handler("buscar")
def _search(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Búsqueda de cartas (FAQ L406-L416): the zone is chosen before looking and cannot be changed; a card of a
    given type that is found is shown to the opponent; a failed search is announced."""
    game = ctx.game
    zones = effect.get("zones", [effect.get("zone", "castillo")])
    zone = zones[0]
    if len(zones) > 1:
        zone = game.res.ask(Question(key="search-zone", player=ctx.controller, rule="busqueda-de-cartas",
                                     prompt_es="¿Dónde buscas? (no se puede cambiar después)",
                                     prompt_en="Where do you search? (it cannot be changed afterwards)",
                                     options=tuple(Option(z, z) for z in zones)))
    filt = dict(effect.get("filter", {}))
    pid = ctx.controller if effect.get("side", "own") == "own" else game.opponent(ctx.controller)
    looked = game.in_graveyard(pid) if zone == "cementerio" else list(game.position.player(pid).zone(zone))
    found = [c for c in looked if tg._matches_outside(game, c, {**filt, "side": "any"}, ctx.controller)]
    if not found:
        game.res.note("search-failed", "busqueda-de-cartas.busqueda-fallida", f"Búsqueda fallida en {zone}: se anuncia",
                      f"Failed search in {zone}: it is announced")
        return 0
    amount = int(effect.get("amount", 1))
    chosen = game.choose_cards(ctx.controller, "busqueda-de-cartas", "¿Qué carta tomas?", "Which card do you take?",
                               found, count=amount, key="search")
    for card in chosen:
        if "type" in filt:
            game.res.note("revealed", "busqueda-de-cartas", f"{game.label(card)} se muestra al oponente",
                          f"{game.label(card, 'en')} is shown to the opponent", card=card.uid)
        game.res.move(card, card.owner, effect.get("to", "mano"))
    return len(chosen)


# Lasting effects.

def _lasting(ctx: AbilityContext, card: CardState, effect: dict[str, Any], **extra: Any) -> None:
    game = ctx.game
    lasting = list(game.position.values.get("efectos", []))
    entry = {"do": effect["do"], "target": card.uid, "stamp": card.stamp, "source": ctx.source,
             "controller": ctx.controller, "until": effect.get("until", DEFAULT_UNTIL), "at": game.position.tick(),
             "turn": game.position.turn, **extra}
    lasting.append(entry)
    game.res.set_value("efectos", lasting)


@handler("fuerza")
def _strength(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = _targets(ctx, effect, path, "¿Qué Aliado cambia de fuerza?", "Which Aliado's strength changes?")
    for card in cards:
        before = ctx.game.board.strength(card)
        _lasting(ctx, card, effect, mode=effect.get("mode", "bonus"), amount=int(effect.get("amount", 0)))
        after = ctx.game.board.strength(card)
        ctx.game.res.note("strength", "modificadores-y-establecedores-de-fuerza",
                          f"{ctx.game.label(card)}: fuerza {before} → {after}",
                          f"{ctx.game.label(card, 'en')}: strength {before} → {after}", card=card.uid)
    return len(cards)


def _restriction(word: str, es: str, en: str) -> Handler:
    def restrict(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        cards = _targets(ctx, effect, path, es, en)
        for card in cards:
            _lasting(ctx, card, effect)
        return len(cards)
    return restrict


HANDLERS["no-puede-atacar"] = _restriction("no-puede-atacar", "¿Qué Aliado no podrá atacar?", "Which Aliado cannot attack?")
HANDLERS["no-puede-bloquear"] = _restriction("no-puede-bloquear", "¿Qué Aliado no podrá bloquear?", "Which Aliado cannot block?")


@handler("ganar-control")
def _gain_control(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Cambio de controlador (FAQ L470): not leaving play; the Aliado must go through its new controller's
    Agrupación before it can attack."""
    game = ctx.game
    cards = _targets(ctx, effect, path, "¿De qué carta ganas el control?", "Which card do you gain control of?")
    for card in cards:
        zone = game.board.zone_of(card) or "linea-de-defensa"
        if zone == "linea-de-ataque":
            zone = "linea-de-defensa"
        game.res.move(card, ctx.controller, zone)
        game.res.set_controller(card, ctx.controller)
        game.res.set_card(card, "recien-llegado", True)
        game.res.set_card(card, "ataca-al-entrar", False)
        _lasting(ctx, card, effect, previous=card.owner)
    return len(cards)


# Responses.

def _responded(ctx: AbilityContext) -> Any:
    wanted = ctx.event.get("responds-to")
    return next((item for item in ctx.game.position.stack if item.id == wanted), None)


@handler("anular")
def _annul(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Anular (Pasos para jugar una carta, step 5): the card being played never resolves and goes to its owner's
    Cementerio — a Talismán too, even annulled (FAQ L33)."""
    game = ctx.game
    item = _responded(ctx)
    if item is None or item.kind != "carta":
        game.res.note("nothing-to-annul", "pasos-para-jugar-una-carta.5", "La carta ya no se está jugando: no hay nada que anular",
                      "The card is no longer being played: there is nothing to annul")
        return 0
    card = game.card(item.source)
    assert card is not None
    with game.res.step("annulled", "pasos-para-jugar-una-carta.5", f"{game.label(card)} es anulada",
                       f"{game.label(card, 'en')} is annulled", card=card.uid):
        game.res.remove_from_stack(item)
        game.res.move(card, card.owner, "cementerio")
        if card.controller != card.owner:
            game.res.set_controller(card, card.owner)
    return 1


@handler("cancelar")
def _cancel(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Cancelar (FAQ L510): the ability does nothing; the costs paid to activate it are not recovered."""
    game = ctx.game
    item = _responded(ctx)
    if item is None or item.kind not in ("habilidad", "disparada"):
        game.res.note("nothing-to-cancel", "cancelacion-de-habilidades", "No hay habilidad que cancelar",
                      "There is no ability to cancel")
        return 0
    with game.res.step("cancelled", "cancelacion-de-habilidades", f"Se cancela la habilidad de {item.source}",
                       f"The ability of {item.source} is cancelled", card=item.source):
        game.res.remove_from_stack(item)
    return 1


@handler("prevenir")
def _prevent(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = _targets(ctx, effect, path, "¿Qué carta proteges?", "Which card do you protect?")
    waiting = list(ctx.game.position.values.get("prevenciones", []))
    for card in cards:
        waiting.append({"target": card.uid, "event": effect.get("event", "destruir")})
    if cards:
        ctx.game.res.set_value("prevenciones", waiting)
    return len(cards)


@handler("agrupar-oro")
def _regroup_oro(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    player = ctx.game.position.player(ctx.controller)
    paid = list(player.zone("oro-pagado"))
    for oro in paid:
        ctx.game.res.move(oro, ctx.controller, "reserva-de-oro")
    return len(paid)


def _battle(word: str) -> Handler:
    def change(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        battle = dict(ctx.game.position.values.get("batalla", {}))
        battle[word] = True
        ctx.game.res.set_value("batalla", battle)
        return 1
    return change


HANDLERS["cancelar-ataque"] = _battle("ataque-cancelado")
HANDLERS["cancelar-bloqueo"] = _battle("bloqueo-cancelado")
HANDLERS["reducir-dano"] = _battle("dano-reducido")


@handler("jugar-carta")
def _play_card(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A card played by another card's effect follows the same steps and can be annulled (FAQ L938)."""
    game = ctx.game
    zone = effect.get("zone", "mano")
    pool = [c for c in game.position.player(ctx.controller).zone(zone)
            if tg._matches_outside(game, c, {**effect.get("filter", {}), "side": "any"}, ctx.controller)]
    chosen = game.choose_cards(ctx.controller, "anular-carta-jugada-por-otra-carta", "¿Qué carta juegas?",
                               "Which card do you play?", pool)
    if not chosen or game.play_by_effect is None:
        return 0
    game.play_by_effect(game, chosen[0], ctx.controller, bool(effect.get("free", True)))
    return 1


# How a triggered ability resolves.

def resolve_triggered(game: Game, pending: Pending[Triggered]) -> None:
    trig = pending.item
    card = game.card(trig.card)
    if card is None:
        return
    ability = game.board.define(card).abilities[trig.index]
    ctx = AbilityContext(game, trig.card, pending.controller, trig.event, rule="habilidad-disparada")
    with game.res.step("ability", "habilidad-disparada", f"Habilidad disparada de {game.label(card)}",
                       f"Triggered ability of {game.label(card, 'en')}", card=card.uid):
        if ability.get("may") and not game.ask_yes_no(pending.controller, "habilidad-disparada",
                                                      f"¿Usas la habilidad de {game.label(card)}?",
                                                      f"Do you use the ability of {game.label(card, 'en')}?"):
            return
        run_effects(ctx, ability.get("effects", []))
    game.check_end()
