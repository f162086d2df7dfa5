"""A read-only view of a Mitos y Leyendas position: what each card is, where it is, its current strength, what its
continuous abilities give, and which lasting effects apply to it.

Nothing here changes the position; the rules read the board and change the position through the resolution.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Iterator

from judge.core.kept import while_unchanged
from judge.core.position import CardState, Position
from judge.core.resolution import Resolution
from judge.core.timing import Modifier, apply_modifiers
from judge.games.mitos_y_leyendas import conditions
from judge.games.mitos_y_leyendas.catalog import Catalog, CardDef, copies

IN_PLAY = ("reserva-de-oro", "oro-pagado", "linea-de-defensa", "linea-de-ataque", "linea-de-apoyo")
"""The zones in play (Controlador y Dueño, FAQ L448): whoever has the card there controls it."""
LINES = ("linea-de-defensa", "linea-de-ataque")
GRAVEYARD = ("cementerio", "permanentes")
"""The Zona de efectos Permanentes counts as Cementerio for everything that interacts with it (FAQ L187)."""

SETTER_LAYER = 2
"""Continuous strength setters (Tetsu-Bishi, Wanli Changcheng) win whatever was applied before or after them
(FAQ L504): they go in a layer after every other strength modifier."""


def _unchanged(board: Board) -> int:
    """What the board reads besides its catalog: its continuous abilities hold while the position is unchanged."""
    return board.position.revision


@dataclass
class Board:
    position: Position
    catalog: Catalog

    # What a card is.

    def define(self, card: CardState) -> CardDef:
        """The card's printed facts, or, while it is a copy of another card, what it copies of it (Hodur, Amaru,
        Loke, FAQ L1084-L1092, L1104-L1108, L1142-L1146)."""
        own = self.catalog.get(card.card)
        copied = self.copy_of(card)
        if not copied:
            return own
        return copies(own, self.catalog.get(str(copied["card"])), str(copied.get("mode", "total")), copied.get("strength"))

    def copy_of(self, card: CardState) -> dict[str, Any]:
        """What a card copies (``values.copias``, by uid): the copied card, how, and the strength it took."""
        return dict(self.position.values.get("copias", {}).get(card.uid, {}))

    def is_copy(self, card: CardState) -> bool:
        return bool(self.copy_of(card))

    def forget_copy(self, res: Resolution, card: CardState) -> None:
        """A card that left play is no longer a copy: it is a new card (FAQ L388)."""
        copied = dict(self.position.values.get("copias", {}))
        if copied.pop(card.uid, None) is not None:
            res.set_value("copias", copied or None)

    def label(self, card: CardState, lang: str = "es") -> str:
        if not card.known:
            return "carta desconocida" if lang == "es" else "unknown card"
        return f"{self.define(card).name} ({card.uid})"

    def zone_of(self, card: CardState) -> str | None:
        found = self.position.find(card.uid)
        return found[1] if found else None

    def in_play(self, card: CardState) -> bool:
        return self.zone_of(card) in IN_PLAY

    def cards_in_play(self) -> Iterator[CardState]:
        for _, zone, card in self.position.all_cards():
            if zone in IN_PLAY:
                yield card

    def aliados(self, pid: str | None = None) -> list[CardState]:
        out = []
        for player in self.position.players.values():
            if pid is not None and player.id != pid:
                continue
            for zone in LINES:
                out.extend(player.zone(zone))
        return out

    def bearer(self, arma: CardState) -> CardState | None:
        for card in self.cards_in_play():
            if any(child.uid == arma.uid for child in card.attached):
                return card
        return None

    def has_abilities(self, card: CardState) -> bool:
        """Whether its text box counts: Posesión Mayor, Shuai Jiao… are lasting effects that blank it; Miroku blanks
        a name in every zone (FAQ L1060-L1062); Pagoda Daqin blanks Aliados in play (L916-L926)."""
        if not self._own_text(card):
            return False
        return not (self.in_play(card) and any(a.get("grant") == "sin-habilidades"
                                               and self.covers(source, a.get("target", {"self": True}), card)
                                               for source, a in self._continuous_of_text_boxes()))

    def _own_text(self, card: CardState) -> bool:
        """The text box, as far as lasting effects decide (continuous abilities that blank others aside)."""
        if any(e.get("do") == "sin-habilidades" and self.applies_to(e, card) for e in self.effects()):
            return False
        if not card.known:
            return True
        names = {n.casefold() for n in self.define(card).names()}
        return not any(e.get("do") == "sin-habilidades-nombre" and str(e.get("name", "")).casefold() in names
                       for e in self.effects())

    def locked(self) -> bool:
        """Vigilia de Armas: until the Fase Final no Talismán is played and no ability is activated or triggered,
        in play or out of it, by anyone (FAQ L718)."""
        return any(e.get("do") == "bloqueo-global" for e in self.effects())

    # Lasting effects.

    def effects(self) -> list[dict[str, Any]]:
        return list(self.position.values.get("efectos", []))

    def applies_to(self, effect: dict[str, Any], card: CardState) -> bool:
        # A lasting effect on a card holds for that object only: if the card left play and came back it is a new
        # card (Efectos Permanentes, FAQ L388). One put on a card being played follows it into play (Posesión Mayor,
        # FAQ L736): it has no stamp.
        return effect.get("target") == card.uid and effect.get("stamp", card.stamp) == card.stamp

    def graveyard_locked(self, pid: str) -> bool:
        """Whether an effect for the rest of the game keeps ``pid`` from playing with their Cementerio; counting its
        cards is not playing with it (FAQ L442; decision zone-lock-scope)."""
        return any(e.get("do") == "bloquear-cementerio" and e.get("player") == pid for e in self.effects())

    def named(self, card: CardState, player: str) -> bool:
        """Whether an effect in force named this card, so that ``player`` cannot play cards of that name (FAQ L392);
        Hodur's lasts while Hodur is in play with its text box (FAQ L1084, L1092)."""
        names = {n.casefold() for n in self.define(card).names()}
        for effect in self.effects():
            if effect.get("do") != "prohibir-nombre" or str(effect.get("name", "")).casefold() not in names:
                continue
            if effect.get("player") not in (None, player):
                continue
            source = self.position.find(str(effect.get("source", "")))
            if effect.get("until") == "fuente-en-juego" and (source is None or not self.has_abilities(source[2])):
                continue
            return True
        return False

    # Continuous abilities.

    @while_unchanged(_unchanged)
    def continuous(self) -> Iterator[tuple[CardState, dict[str, Any]]]:
        """Every continuous ability that works now: its source is in play, its text box counts, and what its text
        asks of the game holds now (Ejército Enano, FAQ L836)."""
        return self._continuous(self.has_abilities)

    @while_unchanged(_unchanged)
    def _continuous_of_text_boxes(self) -> Iterator[tuple[CardState, dict[str, Any]]]:
        """The continuous abilities whose text boxes count as far as lasting effects decide (what blanks others)."""
        return self._continuous(self._own_text)

    def _continuous(self, counts: Any) -> Iterator[tuple[CardState, dict[str, Any]]]:
        for card in self.cards_in_play():
            if not card.known or not counts(card):
                continue
            for ability in self.define(card).abilities_of("continua"):
                if conditions.holds(self, card.controller, ability.get("condition")):
                    yield card, ability

    def granted(self, card: CardState, grant: str) -> bool:
        from_cards = any(a.get("grant") == grant and self.covers(source, a.get("target", {"self": True}), card)
                         for source, a in self.continuous())
        from_effects = any(e.get("do") == grant and self.applies_to(e, card) for e in self.effects())
        return from_cards or from_effects

    def covers(self, source: CardState, target: dict[str, Any], card: CardState) -> bool:
        """Whether a continuous ability of ``source`` with this target description reaches ``card``."""
        if target.get("self"):
            return card.uid == source.uid
        if target.get("bearer"):
            # Katana: its bonus depends on its bearer's race (FAQ L546).
            bearer = self.bearer(source)
            rest = {k: v for k, v in target.items() if k != "bearer"}
            return bearer is not None and bearer.uid == card.uid and self.matches(card, rest, source.controller)
        if target.get("other") and card.uid == source.uid:
            return False
        if not self.in_play(card) or not card.known:
            return False
        return self.matches(card, target, source.controller)

    def matches(self, card: CardState, target: dict[str, Any], controller: str) -> bool:
        """Whether ``card`` fits a target description written from ``controller``'s side."""
        if not card.known:
            return False
        side = target.get("side", "any")
        if side == "own" and card.controller != controller:
            return False
        if side == "opponent" and card.controller == controller:
            return False
        if not characteristics_fit(self.define(card), target, lambda: self.strength(card)):
            return False
        if target.get("unarmed") and card.attached:
            return False
        if target.get("attacking") and self.zone_of(card) != "linea-de-ataque":
            return False
        return True

    # Strength.

    def strength(self, card: CardState) -> int:
        """Printed strength with every modifier in the order it was applied (Modificadores y Establecedores de
        fuerza, FAQ L500): the last one applied wins, except continuous setters, which win always (L504)."""
        base = self.define(card).strength or 0 if card.known else 0
        modifiers: list[Modifier[int]] = []
        inverted = any(e.get("do") == "invertir-bonos" and e.get("player") == card.controller for e in self.effects())
        for source, ability in self.continuous():
            strength = ability.get("strength")
            if strength and self.covers(source, ability.get("target", {"self": True}), card):
                layer = SETTER_LAYER if strength.get("mode") == "set" else 1
                spec = dict(strength)
                if isinstance(spec.get("per"), dict):
                    spec["amount"] = int(spec.get("amount", 1)) * self.count(spec["per"], source.controller)
                modifiers.append(Modifier(layer, source.stamp, _modify(spec, inverted), source.uid))
        for effect in self.effects():
            if effect.get("do") == "fuerza" and self.applies_to(effect, card):
                # Wanli Changcheng's 1 is a setter no bonus overcomes this turn (FAQ L884-L886).
                layer = SETTER_LAYER if effect.get("locked") else 1
                modifiers.append(Modifier(layer, int(effect.get("at", 0)), _modify(effect, inverted),
                                          str(effect.get("source", ""))))
        # A negative strength is read as 0 wherever strength is used (decision strength-floor).
        return max(0, apply_modifiers(base, modifiers))

    def count(self, per: dict[str, Any], controller: str) -> int:
        """How many cards fit ``per``: in play (Li Sou, itself included, FAQ L544, decision li-sou-count) or in a
        Cementerio, which counting does not interact with (Nugua, Idunn, FAQ L442)."""
        if per.get("zone") == "cementerio":
            side = per.get("side", "own")
            owners = [p for p in self.position.players if side == "any" or (p == controller) == (side == "own")]
            return sum(1 for pid in owners for zone in GRAVEYARD for c in self.position.player(pid).zone(zone)
                       if c.known and characteristics_fit(self.define(c), per))
        return sum(1 for c in self.cards_in_play() if self.matches(c, per, controller))

    # Attack eligibility.

    def can_attack(self, card: CardState) -> bool:
        """An Aliado may be declared an attacker if it has been in play since its controller's last Agrupación
        (FAQ L268), unless it was allowed to attack as it entered (checked then, L530-L536)."""
        if self.zone_of(card) != "linea-de-defensa" or self.define(card).type != "aliado":
            return False
        if any(e.get("do") == "no-puede-atacar" and self.applies_to(e, card) for e in self.effects()):
            return False
        if not card.get("recien-llegado"):
            return True
        # "Puede atacar cuando entra en juego" is a continuous ability (FAQ L512): a card that lost its text box
        # can no longer use its own.
        own = any(a.get("grant") == "ataca-al-entrar" and a.get("target", {"self": True}).get("self")
                  for a in self.define(card).abilities_of("continua"))
        return bool(card.get("ataca-al-entrar")) and (not own or self.has_abilities(card))

    def can_block(self, card: CardState) -> bool:
        if self.zone_of(card) != "linea-de-defensa" or self.define(card).type != "aliado":
            return False
        return not any(e.get("do") == "no-puede-bloquear" and self.applies_to(e, card) for e in self.effects())

    def can_block_attacker(self, blocker: CardState, attacker: CardState) -> bool:
        """Imbloqueable, or only by some Aliados ("no puede ser bloqueado por Aliados de Raza Caballero", Rey Arturo
        Pendragon, FAQ L978)."""
        for source, ability in self.continuous():
            if ability.get("grant") == "imbloqueable" and self.covers(source, ability.get("target", {"self": True}), attacker):
                by = ability.get("by")
                if not by or self.matches(blocker, by, source.controller):
                    return False
        return not any(e.get("do") == "imbloqueable" and self.applies_to(e, attacker) for e in self.effects())

    def weapon_limit(self, card: CardState) -> int:
        """One Arma per Aliado unless a card says otherwise (FAQ L808)."""
        if self.granted(card, "no-puede-portar-armas"):
            return 0
        extra = sum(int(a.get("amount", 1)) for source, a in self.continuous()
                    if a.get("grant") == "armas-extra" and self.covers(source, a.get("target", {"self": True}), card))
        return 1 + extra


def characteristics_fit(card: CardDef, target: dict[str, Any], strength: Any = None) -> bool:
    """Whether a card's characteristics fit every one ``target`` names. Costs are always read as printed (a
    reduction applies only to paying, Reducción de costes, FAQ L67-L69); strength is the current one in play
    (``strength`` computes it) and the printed one anywhere else."""
    if "type" in target and card.type != target["type"]:
        return False
    if target.get("not-oro") and card.type == "oro":
        return False
    if "race" in target and card.race != target["race"]:
        return False
    if "race-not" in target and card.race == target["race-not"]:
        return False
    if "name" in target and target["name"] not in card.names():
        return False
    if "name-not" in target and target["name-not"] in card.names():
        return False
    if "cost-min" in target and (card.cost is None or card.cost < target["cost-min"]):
        return False
    if "cost-max" in target and (card.cost is None or card.cost > target["cost-max"]):
        return False
    if "strength-max" in target:
        current = strength() if strength is not None else card.strength or 0
        if current > target["strength-max"]:
            return False
    return True


def _modify(spec: dict[str, Any], inverted: bool = False) -> Any:
    mode, amount = spec.get("mode", "bonus"), int(spec.get("amount", 0))
    if mode == "set":
        return lambda value: amount
    if mode == "double":
        return lambda value: value * 2
    if inverted:
        amount = -amount
    return lambda value: value + amount
