"""Choices an ability makes without acting yet: name a house, choose one option, choose or select cards for later
effects, reveal cards at random."""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.games.keyforge.catalog import HOUSES
from judge.games.keyforge.conditions import amount, decider, player_of
from judge.games.keyforge.effects import ask_cards, handler, run_effects, targets
from judge.games.keyforge.game import AbilityContext
from judge.games.keyforge.wording import effect_label, house_name, zone_name


# The same for every "name a house" asked: an explorer asks it at each branch that reaches it.
_HOUSE_OPTIONS = tuple(Option(h, house_name(h), house_name(h, "en")) for h in HOUSES
                       if h not in ("none", "prophecy", "tide"))


@handler("choose-house")
def _choose_house(ctx: AbilityContext, e: dict[str, Any]) -> int:
    ctx.chosen_house = ctx.game.res.ask(Question(key="name-house", player=decider(ctx, e), rule="house-choice",
                                                 prompt_es="Elige una Casa", prompt_en="Choose a house",
                                                 options=_HOUSE_OPTIONS))
    return 1


@handler("choose-player")
def _choose_player(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Choose a player": the active player names one; the ability's effects with ``player = "chosen"`` act on them."""
    players = list(ctx.game.position.players)
    ctx.chosen_player = ctx.game.res.ask(Question(
        key="player", player=decider(ctx, e), rule="active-player", prompt_es="¿Qué jugador?", prompt_en="Which player?",
        options=tuple(Option(p, p, p) for p in players)))
    return 1


@handler("choose-one")
def _choose_one(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Choose one": the active player picks one of the listed effect lists, which then resolves."""
    options = e.get("options", [])

    def described(i: int, lang: str) -> str:
        # Without labels an option says what it does, so a judge can tell the options apart.
        verbs = [effect_label(x["do"], lang) for x in options[i] if isinstance(x, dict) and isinstance(x.get("do"), str)]
        head = f"{'Option' if lang == 'en' else 'Opción'} {i + 1}"
        return f"{head}: {', '.join(verbs)}" if verbs else f"{head}: {'nothing' if lang == 'en' else 'nada'}"

    labels = e.get("labels") or [described(i, "es") for i in range(len(options))]
    # `labels-en` gives the English labels; without it English readers see the Spanish ones.
    labels_en = e.get("labels-en") or (labels if "labels" in e else [described(i, "en") for i in range(len(options))])
    src = ctx.source_card
    chosen = ctx.game.res.ask(Question(
        key="choose-one", player=decider(ctx, e), rule="ability",
        prompt_es=f"Elige una opción de {ctx.game.label(src)}" if src is not None else "Elige una de las opciones",
        prompt_en=f"Choose one option of {ctx.game.label(src, 'en')}" if src is not None else "Choose one of the options",
        options=tuple(Option(str(i), labels[i], labels_en[i] if i < len(labels_en) else labels[i])
                      for i in range(len(options)))))
    run_effects(ctx, options[int(chosen)])
    return 1


@handler("choose")
def _choose(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """"Choose 2 creatures": the cards are named, nothing happens to them yet; later effects of the ability refer to
    them (filter `chosen`, Tragar Entero, KF172-CARD-114)."""
    return len(targets(ctx, e, rule="resolve-as-much-as-you-can"))


@handler("select")
def _select(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Only choose: the cards are named, for a later effect of the ability to act on all of them at once
    ("target = chosen"): the creatures Exterminar, Exterminar chooses are destroyed together (KF172-CARD-48)."""
    return len(targets(ctx, e, rule="for-each"))


@handler("reveal-random")
def _reveal_random(ctx: AbilityContext, e: dict[str, Any]) -> int:
    """Reveal cards at random from a zone (a hand): they stay there; the judge reports which card the table's random
    pick gave; what follows names them as "it"."""
    pid = player_of(ctx, e.get("player"))
    zone = e.get("zone", "hand")
    pool = list(ctx.game.position.player(pid).zone(zone))
    n = min(amount(ctx, e), len(pool))
    chosen = ask_cards(ctx, pool, key="random-card", rule="ability",
                        es=f"¿Qué carta se revela al azar de {zone_name(zone)} de {pid}?" if n == 1
                        else f"¿Qué {n} cartas se revelan al azar de {zone_name(zone)} de {pid}?",
                        en=f"Which card is revealed at random from {pid}'s {zone_name(zone, 'en')}?" if n == 1
                        else f"Which {n} cards are revealed at random from {pid}'s {zone_name(zone, 'en')}?",
                        low=n, high=n)
    for c in chosen:
        ctx.game.res.note("reveal", "ability", f"Se revela {ctx.game.label(c)}", f"{ctx.game.label(c, 'en')} is revealed", card=c.uid)
    ctx.remembered = chosen
    return len(chosen)
