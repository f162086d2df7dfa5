"""The state of one play being resolved: the position, the board view, the questions, the waiting triggers.

Every rule module works on a :class:`Game`; it is made afresh for each play. Moving a card between zones goes
through :meth:`Game.move`, which applies what part 1 says of every zone change: counters and damage cease to exist
(124.2, 123.9), a card that returns to its owner's hand gives back all its uses (114.10), a possession enters untapped
and face up unless it says otherwise (113.3.a, 116.6.g), and the object is a new one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Sequence

from judge.core.decisions import Option, Question
from judge.core.position import CardState, Position, StackItem
from judge.core.resolution import Resolution
from judge.core.timing import ON_PRIORITY, TriggerQueue
from judge.games.gobierno_y_prestigio.board import CAMPO, Board
from judge.games.gobierno_y_prestigio.catalog import Catalog, with_custom
from judge.games.gobierno_y_prestigio.vocabulary import COUNTER

ZONE_NAMES = {"mano": "la mano", "descarte": "el descarte", "recambio": "el recambio", "campo": "el campo de juego",
              "pg": "los puntos de gobierno", "gobierno": "la zona de gobierno", "pila": "la pila",
              "fuera-del-juego": "fuera del juego"}
LEAVES_WITH_ZONE = ("dano", "girada", "atacando", "bloqueando", "liderazgo", "no-disponible")
"""What a card in play carries that does not follow it to another zone (124.2, 123.9)."""


@dataclass
class Game:
    res: Resolution
    catalog: Catalog
    handlers: dict[str, Callable[..., None]] = field(default_factory=dict)
    """What runs a triggered ability once it is on the stack (filled by the ruleset)."""

    def __post_init__(self) -> None:
        self.board = Board(self.res.position, self.catalog)
        self.triggers: TriggerQueue[StackItem] = TriggerQueue(ON_PRIORITY, rule="gyp.decision.trigger-order")
        self.watchers: list[Callable[[Game, str, dict[str, Any]], None]] = []
        """Called with every event (the trigger scan, set by the timing module)."""

    @property
    def position(self) -> Position:
        return self.res.position

    def cite(self, rule: str) -> str:
        return self.res.cite(rule)

    def label(self, card: CardState | None, lang: str = "es") -> str:
        return self.board.label(card, lang)

    def card(self, ref: str) -> CardState | None:
        found = self.position.find(ref)
        if found is not None:
            return found[2]
        definition = self.catalog.find(ref)
        if definition is None:
            return None
        matches = [c for _, _, c in self.position.all_cards() if c.card == definition.id]
        return matches[0] if len(matches) == 1 else None

    # Questions.

    def choose(self, key: str, player: str, rule: str, es: str, en: str, options: Sequence[Option], *,
               low: int = 1, high: int = 1) -> Any:
        question = Question(key=key, player=player, rule=rule, prompt_es=es, prompt_en=en, options=tuple(options),
                            min_choices=low, max_choices=high)
        if low == high == len(options) and high > 1:
            self.res.note("only-option", rule, "Sin elección: " + ", ".join(o.label_es for o in options),
                          "No choice: " + ", ".join(o.label_en or o.label_es for o in options))
            return tuple(o.value for o in options)
        if low == 0:
            # "Up to" or "any number": choosing none is an answer of its own, so it is always asked.
            return self.res.ask(question)
        return self.res.choose(question)

    def card_option(self, card: CardState) -> Option:
        definition = self.board.define(card) if card.known else None
        return Option(card.uid, self.label(card), self.label(card, "en"), (definition.name, definition.id) if definition else ())

    def yes_no(self, key: str, player: str, rule: str, es: str, en: str) -> bool:
        return self.res.ask(Question(key=key, player=player, rule=rule, prompt_es=es, prompt_en=en,
                                     options=(Option("si", "Sí", "Yes", ("yes",)), Option("no", "No", "No")))) == "si"

    # Events and lasting effects.

    def emit(self, event: str, **data: Any) -> None:
        for watcher in self.watchers:
            watcher(self, event, data)

    def add_effect(self, kind: str, target: CardState | str | None, *, source: str = "", controller: str | None = None,
                   **params: Any) -> dict[str, Any]:
        effect: dict[str, Any] = {"kind": kind, "stamp": self.position.tick()}
        if isinstance(target, CardState):
            effect["target"], effect["object"] = target.uid, target.stamp
        elif target is not None:
            effect["target"] = target
        if source:
            effect["source"] = source
            made_by = self.board.card(source)
            if made_by is not None:
                effect["source-object"] = made_by.stamp
        effect["controller"] = controller or self.position.active
        effect.update({k: v for k, v in params.items() if v is not None})
        self.res.set_value("efectos", [*self.board.effects(), effect])
        self.res.note("lasting-effect", "gyp.decision.continuous-effects", "Un efecto continuo con su marca de tiempo: se aplica en orden de marcas",
                      "A continuous effect with its timestamp: applied in timestamp order")
        return effect

    # Moving cards between zones.

    def define_card(self, cid: str, spec: dict[str, Any]) -> None:
        """A card the game defines as it goes (a token, 113.2), kept with the position's own cards so that the
        position stays complete, and known to this play's catalog from now on."""
        self.res.define_card(cid, spec)
        self.catalog = with_custom(self.catalog, {cid: spec})[0]
        self.board.catalog = self.catalog

    def move(self, card: CardState, pid: str, zone: str, *, rule: str, index: int | None = None,
             tapped: bool | None = None, face_down: bool = False) -> None:
        """Move ``card`` to ``pid``'s ``zone``: what it carried in play ceases to exist, and it is a new object."""
        before = self.board.zone_of(card)
        if before == CAMPO and zone != CAMPO:
            if any(COUNTER.match(k) or k == "liderazgo" for k in card.state):
                self.res.note("counters-cease", "124.2", "Sus contadores no la acompañan: dejan de existir",
                              "Its counters do not go with it: they cease to exist")
            for key in [k for k in card.state if k in LEAVES_WITH_ZONE or COUNTER.match(k)]:
                self.res.set_card(card, key, 0)
            for child in list(card.attached):
                self.move(child, child.owner, "descarte", rule="gyp.decision.mejoras")
            if card.controller != card.owner:
                self.res.set_controller(card, card.owner)
        self.res.move(card, pid, zone, index)
        if zone == CAMPO:
            self.res.set_controller(card, pid)
            self.res.set_card(card, "boca-abajo", face_down)
            enters_tapped = tapped if tapped is not None else "entra-girada" in self.board.define(card).keywords
            if enters_tapped:
                self.res.note("enters-tapped", "116.6.g", f"{self.label(card)} entra en juego girada",
                              f"{self.label(card, 'en')} enters tapped")
            self.res.set_card(card, "girada", enters_tapped)
        elif zone == "descarte":
            self.res.set_card(card, "boca-abajo", face_down)
        if zone == "mano" and pid == card.owner:
            from_uses = self.board.uses(card.owner, card)
            table = dict(self.position.player(card.owner).values.get("usos", {}))
            table.pop(card.uid, None)
            self.res.set_player(card.owner, "usos", table)
            if from_uses < 2:
                self.res.note("uses-recovered", "114.10", f"{card.owner} recupera todos los usos de {self.label(card)}",
                              f"{card.owner} recovers every use of {self.label(card, 'en')}")

    def destroy(self, card: CardState, *, rule: str) -> None:
        """A destroyed object goes to its owner's discard (decision destroy); a GP or token simply ceases to exist."""
        self.emit("destruido", card=card)
        kind = self.board.type(card)
        was_subdito = self.board.is_subdito(card)
        if kind == "punto-de-gobierno" or card.get("tarjeta", False):
            self.res.move(card, card.owner, "descarte")
            self.cease(card, rule="113.2.d" if card.get("tarjeta", False) else "107.6")
        else:
            self.move(card, card.owner, "descarte", rule=rule)
        if was_subdito:
            self.emit("subdito-destruido", card=card)

    def cease(self, card: CardState, *, rule: str) -> None:
        """The object ceases to exist (a token off the battlefield, a legacy that moved, a copy off the stack)."""
        self.res.remove_card(card)
        self.res.note("ceases", rule, f"{self.label(card)} deja de existir", f"{self.label(card, 'en')} ceases to exist")
