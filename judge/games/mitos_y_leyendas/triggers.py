"""Which triggered abilities an event sets off (Habilidad Disparada, FAQ L45-L51), and who controls each.

An ability about its own card ("cuando entra en juego", "cuando es destruido") triggers only for that card; an
ability that watches others ("cada vez que otro Aliado Vampiro salga del juego") needs its source in play when the
other card leaves, so the cards that leave together never see each other leave (Moroi, Neuri, Lechuza Lunar, FAQ
L788-L794). Leave-play and hand abilities work from where the card went; every other one needs its source in play
with its text box (FAQ L125-L129), and a card that left play without its text box left without them (Pagoda Daqin,
FAQ L922-L924). Vigilia de Armas keeps every ability from triggering (FAQ L718).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.core.position import CardState, Position
from judge.games.mitos_y_leyendas.board import IN_PLAY, Board, characteristics_fit

SELF = ("entra-en-juego", "destruido", "sale-del-juego", "ataca", "bloquea", "bloqueado", "hace-dano",
        "destruido-en-combate", "mostrada", "descartada", "no-ataca")
"""Triggers about the card that has the ability."""
OUT_OF_PLAY = ("destruido", "sale-del-juego", "destruido-en-combate", "mostrada", "descartada")
"""Triggers that work wherever the card is (it has just left play, or it is in the hand)."""
LEAVING = ("destruido", "sale-del-juego", "destruido-en-combate")
WATCHING = {"otro-sale-del-juego": "sale-del-juego", "otro-destruido": "destruido", "otro-entra-en-juego": "entra-en-juego",
            "oponente-descarta": "descarte", "portador-ataca": "ataca", "portador-hace-dano": "hace-dano"}
"""Triggers about another card, and the event each one watches."""


@dataclass(frozen=True)
class Found:
    controller: str
    index: int
    event: dict[str, Any]


def found(board: Board, position: Position, card: CardState, zone: str, event: str, info: dict[str, Any]) -> list[Found]:
    """The abilities of ``card`` (in ``zone``) that ``event`` triggers."""
    if not card.known or board.locked():
        return []
    is_self = info.get("card") == card.uid
    out = []
    definition = board.define(card)
    for index, ability in enumerate(definition.abilities):
        if ability.get("kind") != "disparada":
            continue
        on = ability.get("on")
        if on != event and WATCHING.get(str(on)) != event:
            continue
        if on in SELF and not is_self or on in WATCHING and is_self:
            continue
        if on not in OUT_OF_PLAY and zone not in IN_PLAY:
            continue
        if not board.has_abilities(card) or on in LEAVING and info.get("blank"):
            continue
        if ability.get("once-per-turn") and used_once(position, card.uid, index):
            continue
        controller = str(info.get("controller", card.controller)) if is_self else card.controller
        if not _fits(board, position, card, ability, controller, info):
            continue
        # A copy's abilities are kept with what triggered them: the card may stop being a copy before they resolve
        # (Loke's copied leave-play ability, FAQ L1146).
        extra = {"texto": ability} if board.is_copy(card) else {}
        out.append(Found(controller, index, {**info, **extra}))
    return out


def used_once(position: Position, uid: str, index: int) -> bool:
    """"Una vez por turno" is counted per card, whoever controls it now (FAQ L476)."""
    return f"{uid}:{index}" in position.values.get("turno", {}).get("una-vez", [])


def _fits(board: Board, position: Position, card: CardState, ability: dict[str, Any], controller: str,
          info: dict[str, Any]) -> bool:
    """What the ability's text asks of its event: whose turn ("al comienzo de tu / de la Fase de Vigilia de tu
    oponente"), which card, who discarded; and a battle in which Lilith keeps its controller's abilities off."""
    whose = ability.get("turn")
    if whose == "own" and position.active != controller or whose == "opponent" and position.active == controller:
        return False
    if controller in position.values.get("batalla", {}).get("sin-habilidades", []):
        return False
    on = ability.get("on")
    filt = ability.get("filter", {})
    if on in ("portador-ataca", "portador-hace-dano"):
        # An Arma's "cada vez que su portador ataque" (Espada de Frey, FAQ L93), "si el Aliado portador hace daño de
        # combate" (Espada Celestial, Maza, FAQ L337, L1018).
        bearer = board.bearer(card)
        return bearer is not None and bearer.uid == info.get("card")
    if on in ("otro-sale-del-juego", "otro-destruido", "otro-entra-en-juego", "carta-jugada") and filt:
        # "Cada vez que otro Aliado Vampiro salga del juego" (Moroi, FAQ L778), "cuando tu oponente juegue un
        # Talismán": the other card, or the card played, fits every characteristic the text names.
        found_at = position.find(str(info.get("card", "")))
        other = found_at[2] if found_at else None
        return other is not None and _other_fits(board, other, filt, controller, str(info.get("controller", "")))
    if on == "oponente-descarta":
        # "Cada vez que tu oponente se descarte": the opponent discarding from their own hand by an effect, not this
        # card's own extra discard (FAQ L966-L970; decision discard-trigger-self).
        opponent = position.opponent(controller)
        return info.get("player") == opponent and info.get("by") == opponent and info.get("source") != card.uid
    if on == "descartada" and filt.get("by") == "own":
        # Araña Troll: discarded by an ability its owner controls or a Talismán its owner played (FAQ L1152).
        return info.get("source-controller") == card.owner
    if on == "mostrada":
        return info.get("controller") == card.owner
    return True


def _other_fits(board: Board, other: CardState, filt: dict[str, Any], controller: str, its_controller: str) -> bool:
    """Whether the card an event is about fits the text's filter: its side by who controlled it when it happened,
    its characteristics as it is now (its current strength while in play, its printed one elsewhere)."""
    if not other.known:
        return False
    side = filt.get("side", "any")
    if side == "own" and its_controller != controller or side == "opponent" and its_controller == controller:
        return False
    strength = (lambda: board.strength(other)) if board.in_play(other) else None
    return characteristics_fit(board.define(other), filt, strength)
