"""Effects that last: strength changes, restrictions, control, named cards and locked zones, and delayed effects.

Each one is kept in the position (``values.efectos``) with when it was applied and when it ends (Duración de un
efecto o habilidad, FAQ L398-L400): an effect that does not say how long it lasts ends in the Fase Final (step c),
one that says "permanentemente" or "por el resto del juego" lasts the whole game (FAQ L386) — on a card only while
that card stays in play (L388-L390), a named card or a zone to the end of the game (L392-L394).
"""

from __future__ import annotations

from typing import Any

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.games.mitos_y_leyendas.effects import HANDLERS, Handler, handler, player_of
from judge.games.mitos_y_leyendas.effects import targets_of
from judge.games.mitos_y_leyendas.targets import AbilityContext

DEFAULT_UNTIL = "fase-final"
"""An effect that does not say how long it lasts lasts until the Fase Final (Duración de un efecto, FAQ L398);
strength modifiers until the end of the turn (L400), which ends at the same step (decision durations)."""


def keep(ctx: AbilityContext, card: CardState | None, effect: dict[str, Any], **extra: Any) -> None:
    game = ctx.game
    kept = list(game.position.values.get("efectos", []))
    entry = {"do": effect["do"], "source": ctx.source, "controller": ctx.controller,
             "until": effect.get("until", DEFAULT_UNTIL), "at": game.position.tick(), "turn": game.position.turn, **extra}
    if card is not None:
        entry["target"] = card.uid
        # An effect on a card in play holds for that object only; one on a card being played or in a hand follows it
        # into play (Posesión Mayor, FAQ L736; Niú Kánzhe Cáodi, L824).
        if game.board.in_play(card):
            entry["stamp"] = card.stamp
    kept.append(entry)
    game.res.set_value("efectos", kept)


@handler("fuerza")
def _strength(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = targets_of(ctx, effect, path, "¿Qué Aliado cambia de fuerza?", "Which Aliado's strength changes?")
    amount = effect.get("amount", 0)
    if isinstance(effect.get("amount-of"), dict):
        # Konjin: as much as the strength of another Aliado chosen (FAQ L1126).
        chosen = targets_of(ctx, {"target": effect["amount-of"]}, f"{path}a", "¿De qué Aliado copia la fuerza?",
                            "Whose strength does it take?")
        amount = ctx.game.board.strength(chosen[0]) if chosen else 0
    for card in cards:
        before = ctx.game.board.strength(card)
        keep(ctx, card, effect, mode=effect.get("mode", "bonus"), amount=int(amount), locked=bool(effect.get("locked")))
        after = ctx.game.board.strength(card)
        ctx.game.res.note("strength", "modificadores-y-establecedores-de-fuerza",
                          f"{ctx.game.label(card)}: fuerza {before} → {after}",
                          f"{ctx.game.label(card, 'en')}: strength {before} → {after}", card=card.uid)
    return len(cards)


def _restriction(es: str, en: str) -> Handler:
    def restrict(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
        cards = targets_of(ctx, effect, path, es, en)
        for card in cards:
            keep(ctx, card, effect)
        return len(cards)
    return restrict


HANDLERS["no-puede-atacar"] = _restriction("¿Qué Aliado no podrá atacar?", "Which Aliado cannot attack?")
HANDLERS["no-puede-bloquear"] = _restriction("¿Qué Aliado no podrá bloquear?", "Which Aliado cannot block?")
HANDLERS["sin-habilidades"] = _restriction("¿Qué carta pierde sus habilidades?", "Which card loses its abilities?")


def take_control(ctx: AbilityContext, card: CardState, controller: str) -> None:
    """Cambio de controlador (FAQ L470): not leaving play; the Aliado goes to its new controller's Línea de Defensa
    (L474) and must go through their Agrupación before it can attack, even if it could attack as it entered."""
    game = ctx.game
    zone = game.board.zone_of(card) or "linea-de-defensa"
    if zone == "linea-de-ataque":
        zone = "linea-de-defensa"
    game.res.move(card, controller, zone, same_object=True)
    game.res.set_controller(card, controller)
    game.res.set_card(card, "recien-llegado", True)
    game.res.set_card(card, "ataca-al-entrar", False)


@handler("ganar-control")
def _gain_control(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    cards = targets_of(ctx, effect, path, "¿De qué carta ganas el control?", "Which card do you gain control of?")
    for card in cards:
        previous = card.controller
        take_control(ctx, card, ctx.controller)
        keep(ctx, card, effect, previous=previous)
    return len(cards)


@handler("intercambiar")
def _exchange(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Hades: each player takes control of the other's chosen Aliado (FAQ L472-L474)."""
    mine = targets_of(ctx, {"target": {"type": "aliado", "side": "own"}}, f"{path}a", "¿Qué Aliado tuyo das?",
                      "Which of your Aliados do you give?")
    theirs = targets_of(ctx, effect, path, "¿Qué Aliado oponente tomas?", "Which opposing Aliado do you take?")
    if not mine or not theirs:
        return 0
    opponent = theirs[0].controller
    take_control(ctx, theirs[0], ctx.controller)
    take_control(ctx, mine[0], opponent)
    return 1


@handler("prohibir-nombre")
def _name_card(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Name a card: cards of that name cannot be played while the effect lasts (Ermitaño, Shuar, FAQ L392); or the
    card the previous instruction acted on, by the players ``player`` names (Hodur, FAQ L1084)."""
    named = _named(ctx, effect)
    if named is None:
        return 0
    if not effect.get("player"):
        keep(ctx, None, effect, name=named)
        return 1
    for pid in player_of(ctx, effect["player"]):
        keep(ctx, None, effect, name=named, player=pid)
    return 1


@handler("sin-habilidades-nombre")
def _blank_name(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Miroku: the card named and all its copies lose their abilities in every zone, for both players, while the
    source is in play (FAQ L1060-L1062)."""
    named = _named(ctx, effect, in_play=True)
    if named is None:
        return 0
    keep(ctx, None, effect, name=named)
    return 1


def _named(ctx: AbilityContext, effect: dict[str, Any], *, in_play: bool = False) -> str | None:
    game = ctx.game
    if effect.get("target", {}).get("previous"):
        cards = targets_of(ctx, effect, "", "", "")
        return game.board.define(cards[0]).name if cards else None
    own = game.board.define(ctx.source_card).name if ctx.source_card is not None else ""
    pool = game.board.cards_in_play() if in_play else (c for _, _, c in game.position.all_cards())
    names = sorted({game.board.define(c).name for c in pool if c.known} - ({own} if in_play else set()))
    if not names:
        return None
    return str(game.res.ask(Question(key="name", player=ctx.controller, rule=ctx.rule, prompt_es="¿Qué carta nombras?",
                                     prompt_en="Which card do you name?", options=tuple(Option(n, n) for n in names))))


@handler("bloquear-cementerio")
def _lock_graveyard(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Lucha de Golems, Eclipse de Dragón: a player cannot play with their Cementerio (FAQ L394, L442, L656)."""
    for pid in player_of(ctx, effect.get("player", "opponent")):
        keep(ctx, None, effect, player=pid)
    return 1


@handler("invertir-bonos")
def _invert_bonuses(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Metamorfosis de Loki: the strength bonuses of a player's Aliados apply negatively; doublers and setters are
    not bonuses (FAQ L492-L494)."""
    for pid in player_of(ctx, effect.get("player", "opponent")):
        keep(ctx, None, effect, player=pid)
    return 1


@handler("bloqueo-global")
def _lock_everything(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """Vigilia de Armas: until the Fase Final nobody plays a Talismán or activates or triggers an ability; what
    happened before stays, and additional costs are still paid (FAQ L718-L720)."""
    keep(ctx, None, effect)
    return 1


@handler("reducir-coste")
def _reduce_cost(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A card may be played paying ``amount`` less this turn (Niú Kánzhe Cáodi: "puedes jugarlo reduciendo su
    Coste en 2 Oros", FAQ L824): it is played when the rules allow it, from the hand (FAQ L822)."""
    cards = targets_of(ctx, effect, path, "¿Qué carta cuesta menos?", "Which card costs less?")
    for card in cards:
        keep(ctx, card, effect, amount=int(effect.get("amount", 0)))
    return len(cards)


@handler("al-final-del-turno")
def _delayed(ctx: AbilityContext, effect: dict[str, Any], path: str) -> int:
    """A delayed effect: it happens at the end of the turn (Fase Final step d) even if its source has left play
    (Resolución diferida, FAQ L91-L95)."""
    game = ctx.game
    waiting = list(game.position.values.get("diferidos", []))
    waiting.append({"source": ctx.source, "controller": ctx.controller, "effects": effect.get("effects", []),
                    "may": bool(effect.get("may"))})
    game.res.set_value("diferidos", waiting)
    return 1
