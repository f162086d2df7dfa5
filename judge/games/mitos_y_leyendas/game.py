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
from judge.core.wording import listed
from judge.games.mitos_y_leyendas import triggers
from judge.games.mitos_y_leyendas.board import GRAVEYARD, Board
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
        self.last_leaving: list[dict[str, Any]] = []
        """The leave-play events of the cards the last destruction moved (raised later when it was quiet)."""
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

    def leave_play(self, card: CardState, zone: str, *, rule: str = "controlador-y-dueno", quiet: bool = False,
                   top: bool = False) -> dict[str, Any]:
        """A card leaving play goes to its owner's zone (Controlador y Dueño, FAQ L448-L450), on top of the castle
        with ``top``; the Armas it carries go to their owners' Cementerios (after it, decision du-han-armas). Returns
        the leave-play event, raised here unless ``quiet`` (the caller raises it once every card that leaves
        together has left: none of them sees the others leave, FAQ L788-L794)."""
        controller = card.controller
        # A card that leaves play without its text box leaves without its leave-play abilities (Pagoda Daqin, FAQ
        # L922-L924; Forma Voladora, L772).
        event = {"card": card.uid, "controller": controller, "zone": zone, "blank": not self.board.has_abilities(card)}
        armas = list(card.attached)
        self.res.move(card, card.owner, zone, 0 if top else None)
        for arma in armas:
            # The Aliado goes where the effect sends it, its Armas to their owners' Cementerios after it.
            self.res.note("orphan-arma", "myl.decision.du-han-armas" if top else "myl.decision.orphan-arma",
                          f"{self.label(arma)} va al Cementerio de su dueño", f"{self.label(arma, 'en')} goes to its owner's Cementerio",
                          card=arma.uid)
            self.res.move(arma, arma.owner, "cementerio")
            if arma.controller != arma.owner:
                self.res.set_controller(arma, arma.owner)
        if card.controller != card.owner:
            self.res.set_controller(card, card.owner)
        for key in ("recien-llegado", "ataca-al-entrar"):
            self.res.set_card(card, key, False)
        self.end_effects_of(card)
        if not quiet:
            self.raised_leaving([event])
        return event

    def raised_leaving(self, events: Sequence[dict[str, Any]], *names: str) -> None:
        """Raise the events of cards that left play together: each card's own ``names`` (destroyed…) and then
        "leaves play"; a copy stops being one once its abilities have been looked at."""
        for name in names:
            for event in events:
                self.raise_event(name, **event)
        for event in events:
            self.raise_event("sale-del-juego", **event)
        for event in events:
            card = self.card(str(event["card"]))
            if card is not None:
                self.board.forget_copy(self.res, card)

    def leave_together(self, cards: Sequence[CardState], zone: str, *, rule: str, top: bool = False) -> int:
        events = [self.leave_play(card, zone, rule=rule, quiet=True, top=top) for card in cards]
        self.raised_leaving(events)
        return len(events)

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
        with self.res.step("destroyed", rule, f"Se {'destruyen' if len(destroyed) > 1 else 'destruye'} "
                           + listed([self.label(c) for c in destroyed]),
                           "Destroyed: " + listed([self.label(c, "en") for c in destroyed], "en")):
            events = [self.leave_play(card, "cementerio", rule=rule, quiet=True) for card in destroyed]
            self.last_leaving = events
            if not quiet:
                self.raised_leaving(events, "destruido")
        return destroyed

    def end_effects_of(self, card: CardState) -> None:
        """Effects that last "while the source stays in play" end when it leaves (Tecpatl, FAQ L480)."""
        lasting = list(self.position.values.get("efectos", []))
        ending = [e for e in lasting if e.get("until") == "fuente-en-juego" and e.get("source") == card.uid]
        if not ending:
            return
        self.res.set_value("efectos", [e for e in lasting if e not in ending] or None)
        for effect in ending:
            self.finish_effect(effect, "duracion-de-un-efecto-o-habilidad")

    def finish_effect(self, effect: dict[str, Any], rule: str) -> None:
        """What happens when a lasting effect ends: a card whose control was taken goes back (FAQ L480)."""
        self.res.note("effect-ends", rule, f"Termina un efecto sobre {effect.get('target', '')}".strip(),
                      f"An effect on {effect.get('target', '')} ends".strip())
        if effect.get("do") == "ganar-control":
            card = self.card(str(effect.get("target")))
            if card is not None and self.board.in_play(card) and card.stamp == effect.get("stamp"):
                previous = str(effect.get("previous", card.owner))
                self.res.move(card, previous, "linea-de-defensa", same_object=True)
                self.res.set_controller(card, previous)

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

    def draw_together(self, players: Sequence[str], amount: int, *, rule: str) -> int:
        """Runas, Fimbultyr, Quetzalcoatl: the players draw at the same time, one card each at a time; whoever runs
        out loses then, and both at the same draw is a draw (FAQ L748-L754)."""
        drawn = 0
        many = len(players) > 1
        with self.res.step("draw", rule, f"{listed(players)} {'roban' if many else 'roba'} {amount} a la vez, de una en una",
                           f"{listed(players, 'en')} {'draw' if many else 'draws'} {amount} at the same time, "
                           "one at a time"):
            for _ in range(amount):
                for pid in players:
                    castle = self.position.player(pid).zone("castillo")
                    if castle:
                        self.res.move(castle[0], pid, "mano")
                        drawn += 1
                    if not castle:
                        self.castle_empty(pid)
                if self.castles_emptied:
                    break
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
        out = sorted(losers)
        self.res.note("game-end", "MYL-CARD-81",
                      f"Los castillos de {listed(out)} se vacían: pierden" if len(out) > 1
                      else f"El castillo de {out[0]} se vacía: pierde",
                      f"The castles of {listed(out, 'en')} run out: they lose" if len(out) > 1
                      else f"{out[0]}'s castle runs out: {out[0]} loses")
        self.res.end_game(Result(winners=winners, rule="MYL-CARD-81"))

    # Triggered abilities.

    def raise_event(self, event: str, **info: Any) -> None:
        """Collect the triggered abilities ``event`` sets off; they wait until what is resolving has fully resolved,
        then resolve alternating between the players, the active player first (FAQ L574, L592)."""
        pending: list[Pending[Triggered]] = []
        for holder in self.position.holders():
            for zone, cards in holder.zones.items():
                for card in cards:
                    for each in card.walk():
                        for hit in triggers.found(self.board, self.position, each, zone, event, info):
                            name = self.board.define(each).name
                            pending.append(Pending(hit.controller, f"{each.uid}:{hit.index}", f"{name} ({each.uid})",
                                                   f"{name} ({each.uid})", Triggered(each.uid, hit.index, hit.event),
                                                   aliases=self.board.define(each).names()))
        if pending and self.resolve_trigger is not None:
            resolve = self.resolve_trigger
            self.triggers.raised(self.res, pending, lambda p: resolve(self, p))

    def use_once(self, card: CardState, index: int) -> None:
        """Count a use of an ability that works "una vez por turno" (FAQ L101, L476)."""
        turn = dict(self.position.values.get("turno", {}))
        turn["una-vez"] = [*turn.get("una-vez", []), f"{card.uid}:{index}"]
        self.res.set_value("turno", turn)

    # The hand.

    def discard(self, cards: Sequence[CardState], pid: str, *, by: str, source: str, source_controller: str) -> None:
        """Cards of ``pid``'s hand go to their owner's Cementerio, discarded by ``by`` because of ``source``: who
        discards matters to what watches discards (Kun and Ken, FAQ L964-L970; Araña Troll, L1152)."""
        if not cards:
            return
        with self.res.step("discard", "myl.decision.discard-choice", f"{by} descarta " + listed([self.label(c) for c in cards]),
                           f"{by} discards " + listed([self.label(c, "en") for c in cards], "en")):
            for card in cards:
                self.res.move(card, card.owner, "cementerio")
            for card in cards:
                self.raise_event("descartada", card=card.uid, controller=card.owner, by=by, source=source,
                                 **{"source-controller": source_controller})
            self.raise_event("descarte", player=pid, by=by, source=source, controller=source_controller,
                             cards=[c.uid for c in cards])

    def pending(self, controller: str, card: str, index: int, event: dict[str, Any]) -> Pending[Triggered]:
        """A triggered ability waiting, rebuilt from what the position keeps of it."""
        found = self.card(card)
        name = self.board.define(found).name if found is not None and found.known else card
        return Pending(controller, f"{card}:{index}", f"{name} ({card})", f"{name} ({card})", Triggered(card, index, event))

    def in_graveyard(self, pid: str) -> list[CardState]:
        player = self.position.player(pid)
        return [c for zone in GRAVEYARD for c in player.zone(zone)]
