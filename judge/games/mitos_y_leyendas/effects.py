"""The interpreter of the ability vocabulary: what each effect word does, and how an ability resolves.

An effect handler returns how many things it actually did; "luego" (``then``) instructions run only when the one
before them did something (Cartas con habilidades luego, FAQ L552).
"""

from __future__ import annotations

from dataclasses import replace
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


def targets_of(ctx: AbilityContext, effect: dict[str, Any], path: str, es: str, en: str) -> list[CardState]:
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
    if effect.get("chooser"):
        # "Tu oponente destruye…": the opponent acts on its own cards; they are affected by their controller, not by
        # this card (Afectar a un jugador, FAQ L630-L638).
        chooser = player_of(ctx, effect["chooser"])[0]
        ctx = replace(ctx, controller=chooser)
    cards = targets_of(ctx, effect, path, "¿Qué carta destruyes?", "Which card do you destroy?")
    if not _exact(ctx, effect, cards):
        return 0
    return len(ctx.game.destroy(cards, rule=ctx.rule))


def _leave(zone: str, es: str, en: str) -> Handler:
    def move(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        cards = targets_of(ctx, effect, path, es, en)
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
    amount = effect.get("amount", 1)
    amount = int(ctx.event.get("amount", 0)) if amount == "dano" else int(amount)
    for pid in player_of(ctx, effect.get("player", "opponent")):
        done += ctx.game.botar(pid, amount, rule="dano-directo", by=ctx.controller)
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
    amount = graveyard_amount(ctx, effect)
    pool = [c for c in game.in_graveyard(ctx.controller) if c.uid != ctx.source]
    missing = shortfall(ctx, effect)
    if missing:
        game.res.note("not-enough", missing[0], missing[4], missing[3])
        return 0
    chosen = game.choose_cards(ctx.controller, "barajar-cartas-del-cementerio", f"¿Qué {amount} cartas barajas?",
                               f"Which {amount} cards do you shuffle?", pool, count=amount, key="shuffle")
    for card in chosen:
        game.res.move(card, card.owner, "castillo")
    return len(chosen)


def graveyard_amount(ctx: AbilityContext, effect: dict[str, Any]) -> int:
    amount = effect.get("amount", 1)
    if amount == "oros-del-oponente":
        # Acupuntura: as many as the Oros the opponent has in play (FAQ L686).
        opponent = ctx.game.position.player(ctx.game.opponent(ctx.controller))
        return len(opponent.zone("reserva-de-oro")) + len(opponent.zone("oro-pagado"))
    return int(amount)


def shortfall(ctx: AbilityContext, effect: dict[str, Any]) -> tuple[str, str, str, str, str] | None:
    """Why an instruction cannot be carried out in full (rule, then the reason in English and Spanish, twice: as a
    refusal and as a note), or None. Shuffling from the Cementerio needs exactly the number asked, the card being
    played not counting (FAQ L430); an effect that locks the Cementerio for the rest of the game stops it (L394)."""
    if effect.get("do") != "barajar-del-cementerio":
        return None
    game = ctx.game
    if game.board.graveyard_locked(ctx.controller):
        return ("efectos-permanentes", "an effect for the rest of the game forbids interacting with the Cementerio",
                "un efecto por el resto del juego impide interactuar con el Cementerio",
                "An effect for the rest of the game forbids interacting with the Cementerio: nothing is shuffled",
                "Un efecto por el resto del juego impide interactuar con el Cementerio: no se baraja nada")
    amount = graveyard_amount(ctx, effect)
    have = len([c for c in game.in_graveyard(ctx.controller) if c.uid != ctx.source])
    if have >= amount:
        return None
    return ("barajar-cartas-del-cementerio", f"exactly {amount} cards of the Cementerio must be shuffled and there are {have}",
            f"hay que barajar exactamente {amount} cartas del Cementerio y hay {have}",
            f"There are {have} cards in the Cementerio and exactly {amount} must be shuffled: none is",
            f"Hay {have} cartas en el Cementerio y hay que barajar exactamente {amount}: no se baraja ninguna")


@handler("buscar")
def _search(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Búsqueda de cartas (FAQ L406-L416): the zone is chosen before looking and cannot be changed; a card of a
    given type that is found is shown to the opponent; a failed search is announced."""
    game = ctx.game
    zones = effect.get("zones", [effect.get("zone", "castillo")])
    zone = zones[0]
    if len(zones) > 1:
        zone = game.res.ask(Question(key="zone", player=ctx.controller, rule="busqueda-de-cartas",
                                     prompt_es="¿Dónde buscas? (no se puede cambiar después)",
                                     prompt_en="Where do you search? (it cannot be changed afterwards)",
                                     options=tuple(Option(z, z) for z in zones)))
    filt = dict(effect.get("filter", {}))
    pid = ctx.controller if effect.get("side", "own") == "own" else game.opponent(ctx.controller)
    looked = game.in_graveyard(pid) if zone == "cementerio" else list(game.position.player(pid).zone(zone))
    found = [c for c in looked if tg.matches_outside(game, c, {**filt, "side": "any"}, ctx.controller)]
    if zone == "castillo":
        game.res.note("shuffled", "myl.decision.search-shuffle", "Quien busca vio el Mazo Castillo: se baraja después",
                      "The searcher saw the Mazo Castillo: it is shuffled afterwards")
    if not found:
        game.res.note("search-failed", "busqueda-de-cartas.busqueda-fallida", f"Búsqueda fallida en {zone}: se anuncia",
                      f"Failed search in {zone}: it is announced")
        return 0
    amount = int(effect.get("amount", 1))
    chosen = game.choose_cards(ctx.controller, "busqueda-de-cartas", "¿Qué carta tomas?", "Which card do you take?",
                               found, count=amount, key="search")
    for card in chosen:
        if "type" in filt or "name" in filt:
            game.res.note("revealed", "busqueda-de-cartas", f"{game.label(card)} se muestra al oponente",
                          f"{game.label(card, 'en')} is shown to the opponent", card=card.uid)
        destination = effect.get("to", "mano")
        if destination == "juego":
            if game.enter is not None:
                game.enter(game, card, ctx.controller)
        else:
            game.res.move(card, card.owner, destination)
    return len(chosen)


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
        turn = dict(game.position.values.get("turno", {}))
        turn["cancelaciones"] = [*turn.get("cancelaciones", []), {"player": ctx.controller, "card": item.source,
                                                                  "ability": item.data.get("ability")}]
        game.res.set_value("turno", turn)
        # Costs stay paid, and what paying them triggered still happens (FAQ L510, L514).
        for raw in item.data.get("disparos", []):
            game.triggers.waiting.append(game.pending(raw["controller"], raw["card"], int(raw["index"]), dict(raw["event"])))
    return 1


@handler("prevenir")
def _prevent(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = targets_of(ctx, effect, path, "¿Qué carta proteges?", "Which card do you protect?")
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
        ctx.game.res.move(oro, ctx.controller, "reserva-de-oro", same_object=True)
    return len(paid)


def _battle(word: str) -> Handler:
    def change(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        battle = dict(ctx.game.position.values.get("batalla", {}))
        battle[word] = True
        ctx.game.res.set_value("batalla", battle)
        return 1
    return change


HANDLERS["cancelar-ataque"] = _battle("ataque-cancelado")
HANDLERS["reducir-dano"] = _battle("dano-reducido")


@handler("cancelar-bloqueo")
def _cancel_block(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A cancelled block is removed: its attacker counts as not blocked (decision cancelled-block)."""
    battle = dict(ctx.game.position.values.get("batalla", {}))
    blocks = dict(battle.get("bloqueos", {}))
    attackers = [c for uid in blocks if (c := ctx.game.card(uid)) is not None]
    chosen = ctx.game.choose_cards(ctx.controller, "batalla-mitologica.declaracion-de-bloqueo.b", "¿Qué bloqueo cancelas?",
                                   "Which block do you cancel?", attackers)
    for card in chosen:
        blocks.pop(card.uid)
        ctx.game.res.note("block-cancelled", "myl.decision.cancelled-block",
                          f"Se cancela el bloqueo de {ctx.game.label(card)}: no está bloqueado",
                          f"The block on {ctx.game.label(card, 'en')} is cancelled: it is not blocked", card=card.uid)
    battle["bloqueos"] = blocks
    ctx.game.res.set_value("batalla", battle)
    return len(chosen)


@handler("sin-habilidades-en-batalla")
def _silence(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Lilith: in this battle the opponent cannot use triggered or activated abilities (FAQ L868-L876)."""
    battle = dict(ctx.game.position.values.get("batalla", {}))
    battle["sin-habilidades"] = sorted({*battle.get("sin-habilidades", []), *player_of(ctx, effect.get("player", "opponent"))})
    ctx.game.res.set_value("batalla", battle)
    return 1


@handler("jugar-carta")
def _play_card(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A card played by another card's effect follows the same steps and can be annulled (FAQ L938)."""
    game = ctx.game
    zone = effect.get("zone", "mano")
    pool = [c for c in game.position.player(ctx.controller).zone(zone)
            if tg.matches_outside(game, c, {**effect.get("filter", {}), "side": "any"}, ctx.controller)
            and not (effect.get("filter", {}).get("other") and game.board.define(c).id == game.board.define(ctx.source_card).id)]
    if not pool:
        game.res.note("search-failed", "busqueda-de-cartas.busqueda-fallida", f"Búsqueda fallida en {zone}: se anuncia",
                      f"Failed search in {zone}: it is announced")
        return 0
    chosen = game.choose_cards(ctx.controller, "anular-carta-jugada-por-otra-carta", "¿Qué carta juegas?",
                               "Which card do you play?", pool)
    if not chosen or game.play_by_effect is None:
        return 0
    game.play_by_effect(game, chosen[0], ctx.controller, bool(effect.get("free", True)))
    return 1


@handler("mostrar")
def _show(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Show a card of your hand that fits ``filter``; cards that watch being shown trigger (Araña Troll, FAQ L1152)."""
    game = ctx.game
    pool = [c for c in game.position.player(ctx.controller).zone("mano")
            if tg.matches_outside(game, c, {**effect.get("filter", {}), "side": "any"}, ctx.controller)]
    chosen = game.choose_cards(ctx.controller, ctx.rule, "¿Qué carta muestras?", "Which card do you show?", pool, key="show")
    for card in chosen:
        game.res.note("shown", ctx.rule, f"{ctx.controller} muestra {game.label(card)}",
                      f"{ctx.controller} shows {game.label(card, 'en')}", card=card.uid)
        game.raise_event("mostrada", card=card.uid, controller=ctx.controller, by=ctx.source)
    return len(chosen)


@handler("ordenar-tope")
def _order_top(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Look at the top ``amount`` cards of your Mazo Castillo and put them back in the order you choose."""
    game = ctx.game
    castle = game.position.player(ctx.controller).zone("castillo")
    top = list(castle[:int(effect.get("amount", 1))])
    if len(top) > 1 and len({c.card for c in top}) > 1:
        order = [game.card(str(uid)) for uid in game.res.ask(Question(
            key="deck-order", player=ctx.controller, rule=ctx.rule,
            prompt_es="¿En qué orden dejas esas cartas (la primera arriba)?",
            prompt_en="In which order do you put them back (the first on top)?", options=game.options(top),
            min_choices=len(top), max_choices=len(top)))]
        game.res.reorder(ctx.controller, "castillo", [c for c in order if c is not None] + castle[len(top):])
    else:
        game.res.note("ordered", ctx.rule, f"{ctx.controller} ordena las {len(top)} primeras cartas de su Mazo Castillo",
                      f"{ctx.controller} orders the top {len(top)} cards of their Mazo Castillo")
    return len(top)


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
