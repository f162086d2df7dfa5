"""Effects on the zones out of play: direct damage to the castle, drawing, discarding from a hand, shuffling from
the Cementerio, searching, showing, ordering the castle, and playing a card from a zone by an effect."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.games.mitos_y_leyendas import targets as tg
from judge.games.mitos_y_leyendas.effects import handler, player_of
from judge.games.mitos_y_leyendas.targets import AbilityContext


@handler("botar")
def _botar(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    done = 0
    amount = effect.get("amount", 1)
    amount = int(ctx.event.get("amount", 0)) if amount == "dano" else int(amount)
    for pid in player_of(ctx, effect.get("player", "opponent")):
        if [ctx.source, pid] in ctx.game.position.values.get("turno", {}).get("dano-directo-a-0", []):
            # Machitun answered the card or ability that deals it: the direct damage is reduced to 0 (FAQ L177).
            ctx.game.res.note("damage-reduced", "dano-directo", f"El daño directo a {pid} se reduce a 0",
                              f"The direct damage to {pid} is reduced to 0")
            continue
        done += ctx.game.botar(pid, amount, rule="dano-directo", by=ctx.controller)
    return done


@handler("robar")
def _draw(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    players = player_of(ctx, effect.get("player"))
    amount = int(effect.get("amount", 1))
    if effect.get("simultaneous"):
        return ctx.game.draw_together(players, amount, rule=ctx.rule)
    return sum(ctx.game.draw(pid, amount, rule=ctx.rule) for pid in players)


@handler("descartar")
def _discard(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A player discards from the hand ``player`` names: their own by default ("tu oponente se descarta", the
    opponent choosing, FAQ L778), or, with ``by``, another player's ("descarta una carta al azar de la Mano de tu
    oponente": the one who discards is that player, FAQ L970). "Al azar" asks the table which card it was."""
    game = ctx.game
    done = 0
    for pid in player_of(ctx, effect.get("player")):
        by = player_of(ctx, effect["by"])[0] if effect.get("by") else pid
        hand = [c for c in game.position.player(pid).zone("mano") if c.uid != ctx.source]
        amount = len(hand) if effect.get("amount") == "mano" else int(effect.get("amount", 1))
        if effect.get("random"):
            chosen = game.choose_cards(by, "myl.decision.discard-choice", f"¿Qué {amount} carta(s) salieron al azar?",
                                       f"Which {amount} card(s) came out at random?", hand, count=amount, key="random-card")
        else:
            chosen = game.choose_cards(by, ctx.rule, f"¿Qué {amount} carta(s) descartas?",
                                       f"Which {amount} card(s) do you discard?", hand, count=amount, key="discard")
        game.discard(chosen, pid, by=by, source=ctx.source, source_controller=ctx.controller)
        done += len(chosen)
    ctx.memory["previous"] = []
    return done


@handler("barajar-del-cementerio")
def _shuffle_from_graveyard(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Shuffle exactly N: fewer cards resolve nothing; the card being played or whose ability it is does not count
    (Barajar cartas del cementerio, FAQ L430). "Hasta N" shuffles as many as the player chooses (Yama Bushi)."""
    game = ctx.game
    amount = graveyard_amount(ctx, effect)
    missing = shortfall(ctx, effect)
    if missing:
        game.res.note("not-enough", missing[0], missing[4], missing[3])
        return 0
    chosen = game.choose_cards(ctx.controller, "barajar-cartas-del-cementerio", f"¿Qué {amount} cartas barajas?",
                               f"Which {amount} cards do you shuffle?", graveyard_pool(ctx, effect), count=amount,
                               key="shuffle", up_to=bool(effect.get("up-to")))
    for card in chosen:
        game.res.move(card, card.owner, "castillo")
    return len(chosen)


def graveyard_pool(ctx: AbilityContext, effect: dict[str, Any]) -> list[CardState]:
    filt = {**effect.get("filter", {}), "side": "any"}
    return [c for c in ctx.game.in_graveyard(ctx.controller)
            if c.uid != ctx.source and tg.matches_outside(ctx.game, c, filt, ctx.controller)]


def graveyard_amount(ctx: AbilityContext, effect: dict[str, Any]) -> int:
    amount = effect.get("amount", 1)
    game = ctx.game
    if amount == "oros-del-oponente":
        # Acupuntura: as many as the Oros the opponent has in play (FAQ L686).
        opponent = game.position.player(game.opponent(ctx.controller))
        return len(opponent.zone("reserva-de-oro")) + len(opponent.zone("oro-pagado"))
    if amount == "fuerza-portador":
        # Escudo Real: as many as its bearer's strength now, the Arma's own bonus included (FAQ L438).
        source = ctx.source_card
        bearer = game.board.bearer(source) if source is not None else None
        return game.board.strength(bearer) if bearer is not None else 0
    if amount == "dano":
        # Carmilla: as many as the combat damage it dealt (FAQ L434).
        return int(ctx.event.get("amount", 0))
    if amount == "fuerza-destruida":
        # Concilio de los Dioses: as many as the strength the destroyed Aliado had (FAQ L596).
        return int(ctx.memory.get("strength", 0))
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
    have = len(graveyard_pool(ctx, effect))
    if have >= amount or effect.get("up-to"):
        return None
    return ("barajar-cartas-del-cementerio", f"exactly {amount} cards of the Cementerio must be shuffled and there are {have}",
            f"hay que barajar exactamente {amount} cartas del Cementerio y hay {have}",
            f"There are {have} cards in the Cementerio and exactly {amount} must be shuffled: none is",
            f"Hay {have} cartas en el Cementerio y hay que barajar exactamente {amount}: no se baraja ninguna")


@handler("buscar")
def _search(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Búsqueda de cartas (FAQ L406-L416): the zone, and the kind of card when the text offers several, are chosen
    before looking and cannot be changed; a card of a given type that is found is shown to the opponent; a failed
    search is announced."""
    game = ctx.game
    zones = effect.get("zones", [effect.get("zone", "castillo")])
    zone = zones[0]
    if len(zones) > 1:
        zone = game.res.ask(Question(key="zone", player=ctx.controller, rule="busqueda-de-cartas",
                                     prompt_es="¿Dónde buscas? (no se puede cambiar después)",
                                     prompt_en="Where do you search? (it cannot be changed afterwards)",
                                     options=tuple(Option(z, z) for z in zones)))
    filt = dict(effect.get("filter", {}))
    types = effect.get("types", [])
    if types:
        # Cernuno: "debes indicar qué tipo de carta buscarás antes de intervenir el Mazo Castillo" (FAQ L410).
        filt["type"] = game.res.ask(Question(key="search-type", player=ctx.controller, rule="busqueda-de-cartas",
                                             prompt_es="¿Qué tipo de carta buscas?", prompt_en="Which type of card do you search for?",
                                             options=tuple(Option(t, t) for t in types)))
    pid = ctx.controller if effect.get("side", "own") == "own" else game.opponent(ctx.controller)
    looked = game.in_graveyard(pid) if zone == "cementerio" else list(game.position.player(pid).zone(zone))
    found = [c for c in looked if c.uid != ctx.source and tg.matches_outside(game, c, {**filt, "side": "any"}, ctx.controller)]
    if zone == "castillo":
        game.res.note("shuffled", "myl.decision.search-shuffle", "Quien busca vio el Mazo Castillo: se baraja después",
                      "The searcher saw the Mazo Castillo: it is shuffled afterwards")
    ctx.memory["previous"] = []
    if not found:
        game.res.note("search-failed", "busqueda-de-cartas.busqueda-fallida", f"Búsqueda fallida en {zone}: se anuncia",
                      f"Failed search in {zone}: it is announced")
        return 0
    amount = int(effect.get("amount", 1))
    chosen = game.choose_cards(ctx.controller, "busqueda-de-cartas", "¿Qué carta tomas?", "Which card do you take?",
                               found, count=amount, key="search")
    for card in chosen:
        if "type" in filt or "name" in filt or "race" in filt:
            game.res.note("revealed", "busqueda-de-cartas", f"{game.label(card)} se muestra al oponente",
                          f"{game.label(card, 'en')} is shown to the opponent", card=card.uid)
        destination = effect.get("to", "mano")
        if destination == "juego":
            if game.enter is not None:
                game.enter(game, card, ctx.controller)
        else:
            game.res.move(card, card.owner, destination)
    ctx.memory["previous"] = [c.uid for c in chosen]
    return len(chosen)


@handler("jugar-carta")
def _play_card(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A card played by another card's effect follows the same steps and can be annulled (FAQ L938)."""
    game = ctx.game
    zone = effect.get("zone", "mano")
    source = ctx.source_card
    looked = game.in_graveyard(ctx.controller) if zone == "cementerio" else game.position.player(ctx.controller).zone(zone)
    pool = [c for c in looked
            if tg.matches_outside(game, c, {**effect.get("filter", {}), "side": "any"}, ctx.controller)
            and not (effect.get("filter", {}).get("other") and source is not None
                     and game.board.define(c).id == game.board.define(source).id)]
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
