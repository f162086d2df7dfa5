"""A read-only view of a Gobierno & Prestigio position: what each object is now.

Characteristics (111.3) are the printed ones with continuous effects applied in timestamp order (112.3, 115.5):
subtypes, then abilities (the newest effect that adds or removes an ability wins, 116.12, and "no puede tener" is
applied last, 116.13), then strength and toughness (printed, static bonuses, counters, then modifications "hasta el
final del turno"). Nothing here changes the position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Iterator

from judge.core.position import CardState, Position
from judge.core.timing import Modifier, apply_modifiers
from judge.games.gobierno_y_prestigio.catalog import Catalog, CardDef
from judge.games.gobierno_y_prestigio.vocabulary import CIUDADANO, COUNTER, SUBDITOS, same_type

CAMPO = "campo"
PG = "pg"
IN_PLAY = (CAMPO, PG)
"""The battlefield: possessions and testimonios in ``campo``, government points in ``pg`` (107)."""
GOBIERNO = "gobierno"
PILA = "pila"
USES = 2
"""Uses a player has of each card (114.1)."""


@dataclass
class Board:
    position: Position
    catalog: Catalog

    # What a card is.

    def define(self, card: CardState) -> CardDef:
        return self.catalog.get(card.card)

    def label(self, card: CardState | None, lang: str = "es") -> str:
        if card is None:
            return "?"
        if not card.known:
            return "carta desconocida" if lang == "es" else "unknown card"
        return f"{self.define(card).name} ({card.uid})"

    def where(self, card: CardState) -> tuple[str, str] | None:
        found = self.position.find(card.uid)
        return (found[0].id, found[1]) if found else None

    def zone_of(self, card: CardState) -> str | None:
        found = self.where(card)
        return found[1] if found else None

    def in_play(self, card: CardState) -> bool:
        return self.zone_of(card) in IN_PLAY

    def card(self, uid: str) -> CardState | None:
        found = self.position.find(uid)
        return found[2] if found else None

    def cards(self, zone: str, pid: str | None = None) -> list[CardState]:
        out = []
        for player in self.position.players.values():
            if pid is None or player.id == pid:
                for card in player.zone(zone):
                    out.extend(card.walk())
        return out

    def on_battlefield(self) -> list[CardState]:
        return self.cards(CAMPO)

    def controller(self, card: CardState) -> str:
        return card.controller

    # Types.

    def type(self, card: CardState) -> str:
        return self.define(card).type

    def is_subdito(self, card: CardState) -> bool:
        return self.type(card) in SUBDITOS

    def is_type(self, card: CardState, word: str) -> bool:
        return same_type(self.type(card), word)

    def of_kind(self, card: CardState, kind: str) -> bool:
        """Whether an object is of the kind a target or a static ability names (a word of ``TARGET_KINDS``); a
        testimonio is reached only as itself or as what government points are (112.4.b)."""
        definition = self.define(card)
        card_type = definition.type
        if card_type == "testimonio":
            return kind in ("testimonio", "pg", "objeto", "fuente-de-dano")
        return {
            "subdito": card_type in SUBDITOS, "lider": card_type == "lider",
            "subdito-o-lider": card_type in SUBDITOS or card_type == "lider",
            "posesion": card_type not in ("punto-de-gobierno", "mandato", "legado"),
            "ciudadano": card_type in CIUDADANO, "barco": card_type == "barco", "patrimonio": card_type == "patrimonio",
            "estrategia": card_type == "estrategia", "pg": card_type == "punto-de-gobierno",
            "cualquier-objetivo": card_type in SUBDITOS or card_type == "lider"
                                  or (definition.strength is not None and definition.toughness is not None),
            "objeto": True, "fuente-de-dano": True, "legado": card_type == "legado",
        }.get(kind, False)

    def is_possession(self, card: CardState) -> bool:
        return self.zone_of(card) == CAMPO and self.type(card) not in ("testimonio", "mandato")

    def can_be_damaged(self, card: CardState) -> bool:
        """123.1.a: only súbditos, leaders and objects that count as a súbdito."""
        return self.is_subdito(card) or self.type(card) == "lider" or "cuenta-como-subdito" in self.keywords(card)

    def colors(self, card: CardState) -> tuple[str, ...]:
        colors = tuple(card.get("colores", [])) or self.define(card).colors
        for effect in self.effects_on(card, "color"):
            colors = (effect["color"],)
        return colors

    def subtypes(self, card: CardState) -> tuple[str, ...]:
        subtypes = self.define(card).subtypes
        for effect in self.effects_on(card, "subtipo"):
            subtypes = (effect["subtype"],)
        return subtypes

    def cost(self, card: CardState, on_stack_x: int | None = None) -> int | None:
        """The cost as a number: X is 0 anywhere but the stack (109.2.d); ``None`` when the card has none."""
        cost = self.define(card).cost
        if cost == "X":
            return on_stack_x or 0
        return cost  # type: ignore[return-value]

    # Effects in force.

    def effects(self) -> list[dict[str, Any]]:
        return [e for e in self.position.values.get("efectos", []) if isinstance(e, dict) and self._lasts(e)]

    def _lasts(self, effect: dict[str, Any]) -> bool:
        """An effect "mientras" (while its source stays on the battlefield) ends once the object that made it has
        left: a card that comes back is a new object (111.1), and an order is never on the battlefield (112.4)."""
        if effect.get("until") != "mientras":
            return True
        source = self.card(str(effect.get("source", "")))
        return source is not None and self.zone_of(source) == CAMPO and source.stamp == effect.get("source-object", source.stamp)

    def effects_on(self, card: CardState, kind: str) -> list[dict[str, Any]]:
        """Lasting effects of one kind on this object, oldest first; an effect on an earlier object with the same uid
        no longer applies (a card that changed zone is a new object)."""
        out = [e for e in self.effects() if e.get("kind") == kind and e.get("target") == card.uid
               and e.get("object", card.stamp) == card.stamp]
        return sorted(out, key=lambda e: e.get("stamp", 0))

    def statics(self, modify: str) -> Iterator[tuple[CardState | None, dict[str, Any], str]]:
        """Every static ability of this kind in force: (its object, its effect, its controller). A static works while
        its object is on the battlefield (116.6), a legacy's in the zona de gobierno (116.6.k); a lasting effect
        written in the position (``values.efectos``, ``modify = ...``) works whatever its source."""
        for card in self.on_battlefield() + self.cards(GOBIERNO):
            if self.lost_all(card):
                continue
            for ability in self.define(card).abilities:
                effect = ability.get("effect")
                if ability.get("kind") == "constante" and isinstance(effect, dict) and effect.get("modify") == modify:
                    yield card, effect, card.controller
        for effect in self.effects():
            if effect.get("modify") == modify:
                yield self.card(effect.get("source", "")), effect, effect.get("controller", self.position.active)

    def static_applies_to(self, source: CardState | None, effect: dict[str, Any], controller: str, card: CardState) -> bool:
        target = effect.get("target", "self")
        if target == "self":
            return source is not None and source.uid == card.uid
        if target == "host":
            return source is not None and any(child.uid == source.uid for child in card.attached)
        if isinstance(target, str):
            return target == card.uid
        if not isinstance(target, dict) or self.zone_of(card) not in IN_PLAY:
            # "Los súbditos que controlas" describes objects by their type: possessions on the battlefield (111.2),
            # not a card in a hand, a discard or the stack.
            return False
        side = target.get("side", "any")
        if side == "own" and card.controller != controller or side == "opponent" and card.controller == controller:
            return False
        # The same kinds as a target's (118.1): "todos los ciudadanos" are ciudadanas too (112.4).
        return self.of_kind(card, target.get("kind", "subdito")) and self.matches(card, target.get("filter", {}))

    def static_player(self, effect: dict[str, Any], controller: str) -> list[str]:
        who = effect.get("player", "controller")
        if who in self.position.players:
            return [who]
        if who == "each":
            return list(self.position.players)
        if who == "each-opponent":
            return self.position.opponents(controller)
        if who == "opponent":
            return [self.position.opponent(controller)]  # "the one opponent": with several, the card must say which
        return [controller]

    def player_has(self, modify: str, pid: str) -> bool:
        return any(pid in self.static_player(e, c) for _, e, c in self.statics(modify))

    def matches(self, card: CardState, filters: dict[str, Any]) -> bool:
        for key, want in filters.items():
            if key == "color" and want not in self.colors(card):
                return False
            if key == "type" and not self.is_type(card, want):
                return False
            if key == "not-type" and self.is_type(card, want):
                return False
            if key == "subtype" and want not in self.subtypes(card):
                return False
            if key == "cost-max" and (self.cost(card) is None or self.cost(card) > want):  # type: ignore[operator]
                return False
            if key == "strength-min" and (self.strength(card) is None or self.strength(card) < want):  # type: ignore[operator]
                return False
            if key == "strength-max" and (self.strength(card) is None or self.strength(card) > want):  # type: ignore[operator]
                return False
            if key == "tapped" and bool(card.get("girada", False)) != want:
                return False
            if key == "attacking" and bool(card.get("atacando", False)) != want:
                return False
            if key == "keyword" and want not in self.keywords(card):
                return False
            if key == "name" and self.define(card).name != want and card.card != want:
                return False
            if key == "has-strength" and (self.define(card).strength is None) == want:
                return False
        return True

    # Abilities (116.10–116.13).

    def lost_all(self, card: CardState) -> bool:
        return any(e.get("keyword") == "todas" for e in self.effects_on(card, "pierde"))

    def keywords(self, card: CardState) -> list[str]:
        words = [] if self.lost_all(card) else list(self.define(card).keywords)
        changes = sorted(self.effects_on(card, "gana") + self.effects_on(card, "pierde"), key=lambda e: e.get("stamp", 0))
        for change in changes:
            word = change.get("keyword")
            if word == "todas":
                words = []
            elif change["kind"] == "gana":
                words.append(word)
            else:
                words = [w for w in words if w != word]
        for source, effect, controller in self.statics("no-puede-tener"):
            if self.static_applies_to(source, effect, controller, card):
                words = [w for w in words if w != effect.get("keyword")]
        return words

    def abilities(self, card: CardState) -> list[tuple[int, dict[str, Any]]]:
        if self.lost_all(card):
            return []
        return list(enumerate(self.define(card).abilities))

    # Strength and toughness (124.1).

    def counters(self, card: CardState) -> dict[str, int]:
        return {k: v for k, v in card.state.items() if COUNTER.match(k) and isinstance(v, int)}

    def _power(self, card: CardState, index: int) -> int | None:
        printed = self.define(card).strength if index == 0 else self.define(card).toughness
        if printed is None:
            return None
        mods: list[Modifier[int]] = []
        for source, effect, controller in self.statics("fuerza"):
            if self.static_applies_to(source, effect, controller, card):
                amount = effect.get("strength" if index == 0 else "toughness", 0)
                mods.append(Modifier(1, source.stamp if source else 0, lambda v, a=amount: v + a))
        for name, n in self.counters(card).items():
            part = int(name.split("/")[index])
            mods.append(Modifier(2, 0, lambda v, a=part * n: v + a))
        for effect in self.effects_on(card, "modificar"):
            amount = effect.get("strength" if index == 0 else "toughness", 0)
            mods.append(Modifier(3, effect.get("stamp", 0), lambda v, a=amount: v + a))
        return apply_modifiers(printed, mods)

    def strength(self, card: CardState) -> int | None:
        return self._power(card, 0)

    def toughness(self, card: CardState) -> int | None:
        return self._power(card, 1)

    # Combat permissions (101.2: a prohibition wins).

    def attack_rules(self, card: CardState) -> tuple[bool, bool]:
        """(forbidden, permitted) by static abilities and lasting effects."""
        forbidden = any(self.static_applies_to(s, e, c, card) for s, e, c in self.statics("no-puede-atacar"))
        permitted = any(self.static_applies_to(s, e, c, card) for s, e, c in self.statics("puede-atacar"))
        return forbidden, permitted

    # Uses (114).

    def uses(self, pid: str, card: CardState) -> int:
        key = "usos" if card.owner == pid else "usos-ajenos"
        table = self.position.player(pid).values.get(key, {})
        return int(table.get(card.uid, USES)) if isinstance(table, dict) else USES
