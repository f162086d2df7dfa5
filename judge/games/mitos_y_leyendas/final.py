"""The Fase Final (FAQ L358-L368) and the passage to the opponent's turn."""

from __future__ import annotations

from judge.games.mitos_y_leyendas import steps
from judge.games.mitos_y_leyendas.game import Game

HAND_LIMIT = 8
ENDS_IN_FASE_FINAL = ("fase-final", "turno")


def release(game: Game) -> None:
    game.triggers.release(game.res, lambda p: game.resolve_trigger(game, p) if game.resolve_trigger else None)


def trigger_bucket(game: Game, event: str, rule: str, es: str, en: str, *, also: tuple[str, ...] = ()) -> None:
    """Abilities of one moment of the turn ("Al comienzo de…"), resolved together in the alternating order; ``also``
    names Aliados whose "no es declarado atacante" happens at this moment (Moiras, FAQ L1014)."""
    with game.res.step("bucket", rule, es, en):
        with game.triggers.resolving():
            game.raise_event(event, controller=game.active)
            for uid in also:
                game.raise_event("no-ataca", card=uid, controller=game.active)
        release(game)
    game.check_end()


def end_effects(game: Game, ending: tuple[str, ...], rule: str, *, earlier_turns_only: bool = False,
                whose: str | None = None) -> None:
    lasting = list(game.position.values.get("efectos", []))
    kept = []
    for effect in lasting:
        ends = effect.get("until") in ending
        if earlier_turns_only and effect.get("turn", 0) >= game.position.turn:
            ends = False
        if whose is not None and effect.get("controller") != whose:
            ends = False
        if ends:
            game.finish_effect(effect, rule)
        else:
            kept.append(effect)
    if len(kept) != len(lasting):
        game.res.set_value("efectos", kept or None)
        check_armas(game)


def check_armas(game: Game) -> None:
    """An Aliado that bears more Armas than it may now (Gilgamesh got its ability back, Galvarino lost its own, the
    Tótem del Mono left play) keeps those its controller chooses and the others go to their owners' Cementerios
    (FAQ L810, L814; decision weapon-limit-sentence)."""
    for card in game.board.aliados():
        limit = game.board.weapon_limit(card)
        if len(card.attached) <= limit:
            continue
        excess = len(card.attached) - limit
        chosen = game.choose_cards(card.controller, "portar-armas", f"{game.label(card)} porta demasiadas Armas: ¿cuáles van al Cementerio?",
                                   f"{game.label(card, 'en')} bears too many Armas: which go to the Cementerio?",
                                   list(card.attached), count=excess, key="arma")
        with game.res.step("armas", "myl.decision.weapon-limit-sentence", f"{game.label(card)} no puede portar tantas Armas",
                           f"{game.label(card, 'en')} cannot bear so many Armas", card=card.uid):
            for arma in chosen:
                game.res.move(arma, arma.owner, "cementerio")
                if arma.controller != arma.owner:
                    game.res.set_controller(arma, arma.owner)
                game.raise_event("sale-del-juego", card=arma.uid, controller=card.controller, zone="cementerio")


def final_phase(game: Game) -> None:
    res = game.res
    pid = game.active
    res.set_turn(step=steps.FINAL)
    with res.step("final", "fase-final", "Fase Final", "Fase Final"):
        trigger_bucket(game, "comienzo-fase-final", "fase-final.a", "Al comienzo de la Fase Final", "At the start of the Fase Final")
        # Moiras: "si no hay declaración de ataque, el descarte se realiza en la fase final (antes de finalizar)" (FAQ L1014).
        idle = () if game.position.values.get("turno", {}).get("ataque") else tuple(c.uid for c in game.board.aliados(pid))
        trigger_bucket(game, "fase-final", "fase-final.b", "En la Fase Final", "In the Fase Final", also=idle)
        end_effects(game, ENDS_IN_FASE_FINAL, "fase-final.c")
        res.set_value("prevenciones", None)
        with res.step("draw-effects", "fase-final.d", "Efectos que interactúan con robar", "Effects that interact with drawing"):
            delayed_effects(game)
            with game.triggers.resolving():
                game.raise_event("robo-fase-final", controller=pid)
            release(game)
        game.draw(pid, 1, rule="fase-final.e")
        game.check_end()
        hand = game.position.player(pid).zone("mano")
        if len(hand) > HAND_LIMIT:
            excess = len(hand) - HAND_LIMIT
            chosen = game.choose_cards(pid, "fase-final.f", f"Tienes más de {HAND_LIMIT} cartas: descarta {excess}",
                                       f"You have more than {HAND_LIMIT} cards: discard {excess}", list(hand),
                                       count=excess, key="discard")
            for card in chosen:
                res.move(card, pid, "cementerio")
        next_turn(game)


def next_turn(game: Game) -> None:
    res = game.res
    nxt = game.opponent(game.active)
    res.note("turn-ends", "fase-final.g", "Termina el turno y comienza el del oponente", "The turn ends and the opponent's begins")
    res.set_value("turno", None)
    res.set_value("diferidos", None)
    res.set_turn(active=nxt, turn=game.position.turn + 1, step=steps.AGRUPACION)


def delayed_effects(game: Game) -> None:
    """Effects waiting for the end of the turn happen now, even if their source left play (FAQ L91-L95)."""
    if game.run_effects is None:
        return
    for waiting in game.position.values.get("diferidos", []):
        who = str(waiting["controller"])
        if waiting.get("may") and not game.ask_yes_no(who, "habilidad-disparada.resolucion-diferida",
                                                      "¿Usas el efecto diferido?", "Do you use the delayed effect?"):
            continue
        with game.res.step("delayed", "habilidad-disparada.resolucion-diferida", "Se cumple un efecto diferido",
                           "A delayed effect happens", card=str(waiting["source"])):
            game.run_effects(game, str(waiting["source"]), who, list(waiting["effects"]))
