"""Damage (123), in the three parts of 123.7: the damage event (amounts, with prevention and replacement applied;
abilities that trigger on damage trigger now and wait), its results (marked damage, leadership counters removed,
prestige), and the event itself. Damage never destroys: a state-based action does (123.8).
"""

from __future__ import annotations

from typing import Union

from judge.core.decisions import Option
from judge.core.position import CardState
from judge.games.gobierno_y_prestigio import prestige
from judge.games.gobierno_y_prestigio.game import Game

Recipient = Union[CardState, str]


def _name(game: Game, who: Recipient, lang: str = "es") -> str:
    return who if isinstance(who, str) else game.label(who, lang)


def _prevented(game: Game, source: CardState | None, who: Recipient, amount: int) -> int:
    """Prevention shields on the recipient and on the source (123.10) take their part of the damage."""
    effects = list(game.board.effects())
    changed = False
    for effect in effects:
        if amount <= 0:
            break
        if effect.get("kind") == "prevenir-fuente" and source is not None and effect.get("target") == source.uid:
            game.res.note("prevented", "123.10", f"Se previene todo el daño de {game.label(source)}",
                          f"All damage from {game.label(source, 'en')} is prevented")
            return 0
        target = who if isinstance(who, str) else who.uid
        if effect.get("kind") == "prevenir" and effect.get("target") == target and effect.get("amount", 0) > 0:
            taken = min(amount, effect["amount"])
            effect["amount"] -= taken
            amount -= taken
            changed = True
            game.res.note("prevented", "123.7", f"Se previenen {taken} de daño a {_name(game, who)}",
                          f"{taken} damage to {_name(game, who, 'en')} is prevented")
    if changed:
        game.res.set_value("efectos", [e for e in effects if not (e.get("kind") == "prevenir" and e.get("amount", 0) <= 0)])
    return amount


def deal(game: Game, source: CardState | None, controller: str, assignments: list[tuple[Recipient, int]], *,
         rule: str, combat: bool = False) -> list[tuple[Recipient, int]]:
    """Deal damage from ``source`` (controlled by ``controller``): every assignment at once, through the three parts."""
    dealt: list[tuple[Recipient, int]] = []
    game.res.note("three-parts", "gyp.decision.damage-pipeline", "El daño se procesa en tres partes", "Damage is processed in three parts")
    with game.res.step("damage-event", "123.7", "Evento de daño: cuánto recibe cada uno", "Damage event: how much each takes"):
        for who, amount in assignments:
            amount = max(0, amount)
            if amount == 0:
                game.res.note("no-damage", "123.11", f"{_name(game, source) if source else 'La fuente'} haría 0 de daño: no hace daño",
                              f"{_name(game, source, 'en') if source else 'The source'} would deal 0 damage: it deals none")
                continue
            if not isinstance(who, str) and not game.board.can_be_damaged(who):
                game.res.note("cant-be-damaged", "123.1.a", f"{game.label(who)} no es súbdito ni líder: no recibe daño",
                              f"{game.label(who, 'en')} is neither a súbdito nor a leader: it takes no damage")
                continue
            if any(True for _ in _doubling(game, source)):
                amount *= 2
                game.res.note("replacement", "gyp.decision.replacement-prevention", f"El daño se duplica: {amount}",
                              f"The damage is doubled: {amount}")
            amount = _prevented(game, source, who, amount)
            if amount > 0:
                dealt.append((who, amount))
                if not isinstance(who, str):
                    game.emit("recibe-dano", card=who, amount=amount, source=source)
        if source is not None and dealt:
            game.emit("hace-dano", card=source, amount=sum(a for _, a in dealt))
    if not dealt:
        return dealt
    with game.res.step("damage-results", "123.7.a", "Resultados del daño", "Results of the damage"):
        for who, amount in dealt:
            _result(game, source, controller, who, amount, combat=combat)
        if source is not None and "drenar" in game.board.keywords(source):
            _drain(game, source, controller, sum(a for _, a in dealt))
    game.res.note("damage-happens", "123.7.b", "El evento de daño sucede", "The damage event happens")
    return dealt


def _doubling(game: Game, source: CardState | None):
    """The static abilities that double this damage: one that names its sources (``target``) doubles only theirs."""
    for card, effect, controller in game.board.statics("dano-doble"):
        if "target" not in effect or (source is not None and game.board.static_applies_to(card, effect, controller, source)):
            yield card


def _result(game: Game, source: CardState | None, controller: str, who: Recipient, amount: int, *, combat: bool) -> None:
    if isinstance(who, str):
        rule = "123.2" if combat else "gyp.decision.damage-to-players"
        game.res.note("damage-is-prestige", "122.4", "El daño a un jugador es, en general, ganar prestigio", "Damage to a player generally means gaining prestige")
        with game.res.step("damage-to-player", rule, f"{amount} de daño a {who}: {controller} gana ese prestigio",
                           f"{amount} damage to {who}: {controller} gains that much prestige"):
            prestige.gain(game, controller, amount, rule=rule)
        return
    if game.board.type(who) == "lider":
        left = max(0, int(who.get("liderazgo", 0)) - amount)
        with game.res.step("damage-to-leader", "123.4", f"{game.label(who)} pierde {amount} contadores de liderazgo",
                           f"{game.label(who, 'en')} loses {amount} leadership counters", card=who.uid):
            game.res.set_card(who, "liderazgo", left)
        return
    with game.res.step("damage-marked", "123.5", f"{game.label(who)} queda con {int(who.get('dano', 0)) + amount} de daño marcado",
                       f"{game.label(who, 'en')} has {int(who.get('dano', 0)) + amount} damage marked", card=who.uid):
        game.res.set_card(who, "dano", int(who.get("dano", 0)) + amount)


def _drain(game: Game, source: CardState, controller: str, amount: int) -> None:
    opponents = game.position.opponents(controller)
    if not opponents:
        return
    chosen = game.choose("drenar", controller, "123.6", "¿Qué oponente pierde el prestigio de Drenar?",
                         "Which opponent loses the prestige of Drain?", [Option(p, p, p) for p in opponents])
    with game.res.step("drain", "123.6", f"Drenar: {chosen} pierde {amount} de prestigio", f"Drain: {chosen} loses {amount} prestige"):
        prestige.lose(game, chosen, amount, rule="123.6")
