"""The context of one Mitos y Leyendas resolution: the resolution, the board, the trigger queue, and the game's
basic actions (moving cards by the owner rule, destroying, botar, drawing, the end of the game).

The rules modules (:mod:`playing`, :mod:`turn`, :mod:`combat`, :mod:`effects`) act through this object; it never
decides anything a player chooses: every choice is asked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from judge.core.decisions import Option, Question
from judge.core.position import CardState, Position, Result
from judge.core.resolution import Checkpoint, Resolution
from judge.core.timing import AFTER_RESOLVING, Pending, TriggerQueue
from judge.games.mitos_y_leyendas.board import GRAVEYARD, IN_PLAY, Board
from judge.games.mitos_y_leyendas.catalog import Catalog


@dataclass(frozen=True)
class Triggered:
    """A triggered ability waiting to resolve: whose card, which ability, and what set it off."""

    card: str
    index: int
    event: dict[str, Any] = field(default_factory=dict)


@dataclass
class Game:
    res: Resolution
    catalog: Catalog
    resolve_trigger: Callable[[Game, Pending[Triggered]], None] | None = None
    """How a triggered ability resolves (the effects interpreter's, handed in by the ruleset: this module does not
    import the interpreter, which imports it)."""
    play_by_effect: Callable[[Game, CardState, str, bool], None] | None = None
    """How a card played by another card's effect is played (the play procedure's, handed in the same way)."""
    run_effects: Callable[[Game, str, str, list[dict[str, Any]]], None] | None = None
    """How instructions of a card resolve outside its ability (a delayed effect), handed in the same way."""
    enter: Callable[[Game, CardState, str], None] | None = None
    """How a card is put into play by an effect (an Oro a search puts into play)."""

    def __post_init__(self) -> None:
        self.board = Board(self.res.position, self.catalog)
        self.triggers: TriggerQueue[Triggered] = TriggerQueue(AFTER_RESOLVING, rule="resolucion-multiples-habilidades-disparadas")
        self.castles_emptied: list[str] = []
        self.checkpoints: dict[str, Checkpoint] = {}
        """The position before each card played in this resolution, by its stack item: a Talismán undone while
        the same play resolves goes back to it exactly."""

    @property
    def position(self) -> Position:
        return self.res.position

    @property
    def active(self) -> str:
        return self.position.active

    def opponent(self, pid: str) -> str:
        return self.position.opponent(pid)

    def label(self, card: CardState, lang: str = "es") -> str:
        return self.board.label(card, lang)

    def card(self, uid: str) -> CardState | None:
        found = self.position.find(uid)
        return found[2] if found else None

    def options(self, cards: Sequence[CardState]) -> tuple[Option, ...]:
        return tuple(Option(c.uid, self.label(c), self.label(c, "en"),
                            self.board.define(c).names() if c.known else ()) for c in cards)

    def choose_cards(self, player: str, rule: str, es: str, en: str, cards: Sequence[CardState], *,
                     count: int = 1, key: str = "target", up_to: bool = False) -> list[CardState]:
        """``player`` chooses ``count`` of ``cards`` (exactly, or up to with ``up_to``); with no choice left
        nothing is asked."""
        if not cards or count <= 0:
            return []
        if len(cards) <= count and not up_to:
            if len(cards) == 1:
                self.res.note("only-option", rule, f"Única opción: {self.label(cards[0])}",
                              f"Only option: {self.label(cards[0], 'en')}", card=cards[0].uid)
            return list(cards)
        q = Question(key=key, player=player, rule=rule, prompt_es=es, prompt_en=en, options=self.options(cards),
                     min_choices=0 if up_to else count, max_choices=count)
        chosen = self.res.ask(q)
        values = chosen if isinstance(chosen, tuple) else (chosen,)
        return [c for c in cards if c.uid in values]

    def ask_yes_no(self, player: str, rule: str, es: str, en: str, key: str = "may") -> bool:
        return self.res.ask(Question(key=key, player=player, rule=rule, prompt_es=es, prompt_en=en,
                                     options=(Option("yes", "Sí", "Yes"), Option("no", "No", "No")))) == "yes"

    # Moving cards.

    def leave_play(self, card: CardState, zone: str, *, rule: str = "controlador-y-dueno", quiet: bool = False) -> None:
        """A card leaving play goes to its owner's zone (Controlador y Dueño, FAQ L448-L450), and the Armas it
        carries go to their owners' Cementerios with it."""
        for arma in list(card.attached):
            self.res.move(arma, arma.owner, "cementerio")
        controller = card.controller
        self.res.move(card, card.owner, zone)
        if card.controller != card.owner:
            self.res.set_controller(card, card.owner)
        for key in ("recien-llegado", "ataca-al-entrar"):
            self.res.set_card(card, key, False)
        if not quiet:
            self.raise_event("sale-del-juego", card=card.uid, controller=controller, zone=zone)

    def destroy(self, cards: Sequence[CardState], *, rule: str, quiet: bool = False) -> list[CardState]:
        """Destroy cards together; a prevention waiting for them stops it (Cartas de prevención, FAQ L155). With
        ``quiet`` the cards' leave-play abilities are not raised here: the caller raises them later (the Aliados
        destroyed by comparison of strength, whose abilities wait for step e, FAQ L338)."""
        destroyed = []
        for card in cards:
            if not self.board.in_play(card):
                continue
            if self._prevented(card, "destruir"):
                continue
            if self.board.granted(card, "indestructible"):
                self.res.note("cannot", rule, f"{self.label(card)} no puede ser destruida",
                              f"{self.label(card, 'en')} cannot be destroyed", card=card.uid)
                continue
            destroyed.append(card)
        if not destroyed:
            return []
        with self.res.step("destroyed", rule, "Se destruye " + ", ".join(self.label(c) for c in destroyed),
                           "Destroyed: " + ", ".join(self.label(c, "en") for c in destroyed)):
            controllers = {c.uid: c.controller for c in destroyed}
            for card in destroyed:
                self.leave_play(card, "cementerio", rule=rule, quiet=quiet)
            if not quiet:
                for card in destroyed:
                    self.raise_event("destruido", card=card.uid, controller=controllers[card.uid])
        return destroyed

    def _prevented(self, card: CardState, event: str) -> bool:
        waiting = self.position.values.get("prevenciones", [])
        for i, prevention in enumerate(waiting):
            if prevention.get("target") == card.uid and prevention.get("event") == event:
                self.res.set_value("prevenciones", [p for j, p in enumerate(waiting) if j != i] or None)
                self.res.note("prevented", "cartas-de-prevencion", f"Se previene: {self.label(card)} no es afectada",
                              f"Prevented: {self.label(card, 'en')} is not affected", card=card.uid)
                return True
        return False

    # The castle: library and life.

    def botar(self, pid: str, amount: int, *, rule: str = "dano-directo", by: str | None = None) -> int:
        """``pid`` puts ``amount`` cards from the top of their castle into their Cementerio. Made to bota by an
        opponent's effect (``by``) it is direct damage, which the damaged player may answer once the effect has
        resolved; what a player's own cards make them bota is not (Daño Directo, FAQ L169)."""
        castle = self.position.player(pid).zone("castillo")
        n = min(amount, len(castle))
        with self.res.step("botar", rule, f"{pid} bota {amount}", f"{pid} mills {amount}"):
            for card in list(castle[:n]):
                self.res.move(card, pid, "cementerio")
            if n < amount or not castle:
                self.castle_empty(pid)
        if by == pid:
            self.res.note("own-botar", "dano-directo", "Lo bota por una carta que controla: no es daño directo",
                          "Made to bota by a card they control: it is not direct damage")
        elif by is not None and n:
            taken = dict(self.position.values.get("dano-directo", {}))
            taken[pid] = taken.get(pid, 0) + n
            self.res.set_value("dano-directo", taken)
        return n

    def draw(self, pid: str, amount: int, *, rule: str) -> int:
        castle = self.position.player(pid).zone("castillo")
        drawn = 0
        with self.res.step("draw", rule, f"{pid} roba {amount}", f"{pid} draws {amount}"):
            for _ in range(amount):
                if not castle:
                    self.castle_empty(pid)
                    break
                self.res.move(castle[0], pid, "mano")
                drawn += 1
            if not castle:
                self.castle_empty(pid)
        return drawn

    def castle_empty(self, pid: str) -> None:
        """A player whose Mazo Castillo runs out loses; both at once is a draw (FAQ L752-L754). The game ends when
        the event that emptied it has happened (simultaneous draws are one event)."""
        if pid not in self.castles_emptied:
            self.castles_emptied.append(pid)

    def check_end(self) -> None:
        if not self.castles_emptied:
            return
        losers = set(self.castles_emptied)
        if losers >= set(self.position.players):
            self.res.note("game-end", "MYL-CARD-81", "Ambos castillos se vacían a la vez: empate",
                          "Both castles run out at once: a draw")
            self.res.end_game(Result(draw=True, rule="MYL-CARD-81"))
        winners = tuple(p for p in self.position.players if p not in losers)
        self.res.note("game-end", "MYL-CARD-81", f"El castillo de {', '.join(sorted(losers))} se vacía: pierde",
                      f"{', '.join(sorted(losers))}'s castle runs out: they lose")
        self.res.end_game(Result(winners=winners, rule="MYL-CARD-81"))

    # Triggered abilities.

    def raise_event(self, event: str, **info: Any) -> None:
        """Collect the triggered abilities ``event`` sets off; they wait until what is resolving has fully resolved,
        then resolve alternating between the players, the active player first (FAQ L574, L592)."""
        found: list[Pending[Triggered]] = []
        for holder in self.position.holders():
            for zone, cards in holder.zones.items():
                for card in cards:
                    for each in card.walk():
                        found.extend(self._triggered_by(each, zone, event, info))
        if found and self.resolve_trigger is not None:
            resolve = self.resolve_trigger
            self.triggers.raised(self.res, found, lambda p: resolve(self, p))

    def _triggered_by(self, card: CardState, zone: str, event: str, info: dict[str, Any]) -> list[Pending[Triggered]]:
        if not card.known:
            return []
        out = []
        definition = self.board.define(card)
        is_self = info.get("card") == card.uid
        for index, ability in enumerate(definition.abilities):
            if ability.get("kind") != "disparada":
                continue
            on = ability.get("on")
            if on == "portador-ataca":
                # An Arma's "cada vez que su portador ataque" (Espada de Frey, FAQ L93).
                bearer = self.board.bearer(card)
                if event != "ataca" or bearer is None or bearer.uid != info.get("card"):
                    continue
                out.append(Pending(card.controller, f"{card.uid}:{index}", f"{definition.name} ({card.uid})",
                                   f"{definition.name} ({card.uid})", Triggered(card.uid, index, dict(info)),
                                   aliases=definition.names()))
                continue
            if on != event and not (on == "otro-sale-del-juego" and event == "sale-del-juego"):
                continue
            if on in ("entra-en-juego", "destruido", "sale-del-juego", "ataca", "bloqueado", "hace-dano",
                      "destruido-en-combate", "mostrada") and not is_self:
                continue
            if on == "otro-sale-del-juego" and (is_self or zone not in IN_PLAY):
                continue
            # Leave-play abilities work from where the card went; every other one needs its source in play with its
            # text box (Habilidad Continua, FAQ L125-L129).
            if on not in ("destruido", "sale-del-juego", "destruido-en-combate", "mostrada") and zone not in IN_PLAY:
                continue
            if zone in IN_PLAY and not self.board.has_abilities(card):
                continue
            controller = info.get("controller", card.controller) if is_self else card.controller
            if not self._condition(ability, controller, info):
                continue
            out.append(Pending(controller, f"{card.uid}:{index}", f"{definition.name} ({card.uid})",
                               f"{definition.name} ({card.uid})", Triggered(card.uid, index, dict(info)),
                               aliases=definition.names()))
        return out

    def _condition(self, ability: dict[str, Any], controller: str, info: dict[str, Any]) -> bool:
        """What the ability's text asks of its event: whose turn ("al comienzo de tu / de la Fase de Vigilia de tu
        oponente"), which card left play; and a battle in which Lilith keeps its controller's abilities off."""
        whose = ability.get("turn")
        if whose == "own" and self.active != controller or whose == "opponent" and self.active == controller:
            return False
        if controller in self.position.values.get("batalla", {}).get("sin-habilidades", []):
            return False
        filt = ability.get("filter")
        if filt and ability.get("on") == "otro-sale-del-juego":
            left = self.card(str(info.get("card", "")))
            side = filt.get("side", "any")
            if left is None or not left.known or side == "own" and info.get("controller") != controller \
                    or side == "opponent" and info.get("controller") == controller:
                return False
            definition = self.board.define(left)
            if "type" in filt and definition.type != filt["type"] or "race" in filt and definition.race != filt["race"] \
                    or "name" in filt and filt["name"] not in definition.names():
                return False
        return True

    def pending(self, controller: str, card: str, index: int, event: dict[str, Any]) -> Pending[Triggered]:
        """A triggered ability waiting, rebuilt from what the position keeps of it."""
        found = self.card(card)
        name = self.board.define(found).name if found is not None and found.known else card
        return Pending(controller, f"{card}:{index}", f"{name} ({card})", f"{name} ({card})", Triggered(card, index, event))

    def in_graveyard(self, pid: str) -> list[CardState]:
        player = self.position.player(pid)
        return [c for zone in GRAVEYARD for c in player.zone(zone)]
