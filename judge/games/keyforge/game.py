"""The KeyForge game procedures a play runs through: æmber, damage, destruction, leaving play, drawing,
triggered abilities. Each procedure opens a step citing the rule it follows and changes the position only through
the :class:`~judge.core.resolution.Resolution`, so the trace holds every change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from collections.abc import Callable, Iterable

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.resolution import GameOver, Resolution
from judge.core.timing import ACTIVE_PLAYER_ORDERS, Pending, order_simultaneous
from judge.games.keyforge.board import IN_PLAY, Board

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.keyforge.rules import KeyForge


@dataclass(frozen=True)
class Triggered:
    """An ability waiting to resolve because of an event."""

    card: CardState
    ability: dict[str, Any]
    event: dict[str, Any]
    needs_card_in_play: bool = True
    """False for an ability that resolves whether or not its card is in play ("Jugar:" of an action)."""
    rule: str | None = None


@dataclass
class AbilityContext:
    """What an ability knows while it resolves: its card, its controller, the event that triggered it, and the
    cards it has named so far (for "that creature", "it")."""

    game: Game
    source: str
    """uid of the card whose ability this is."""
    controller: str
    event: dict[str, Any] = field(default_factory=dict)
    remembered: list[CardState] = field(default_factory=list)
    last_known: CardState | None = None
    pending_damage: list[tuple[CardState, int]] = field(default_factory=list)
    chosen_all: list[CardState] = field(default_factory=list)
    """Every card this ability has named so far (for "another", "a different creature")."""
    chosen_house: str | None = None
    granter: str | None = None
    """uid of the card whose constant ability gave this ability (an upgrade, Arquímedes), if not the card itself."""

    @property
    def source_card(self) -> CardState | None:
        found = self.game.position.find(self.source)
        return found[2] if found else self.last_known

    def named(self, name: str) -> list[CardState]:
        pos = self.game.position
        if name == "self":
            card = self.source_card
            return [card] if card is not None else []
        if name == "host":
            card = self.source_card
            host = self.game.board.host_of(card) if card is not None and pos.find(card.uid) else None
            return [host] if host is not None else []
        if name in ("attacker", "defender"):
            # The creatures of the fight, while they are still in play (one the fight destroyed is gone).
            uid = self.event.get(name)
            found = pos.find(uid) if uid else None
            return [found[2]] if found and self.game.board.in_play(found[2]) else []
        if name in ("it", "that-creature"):
            return list(self.remembered)
        if name == "granter":
            found = pos.find(self.granter) if self.granter else None
            return [found[2]] if found else []
        if name == "each-neighbor":
            card = self.source_card
            return self.game.board.neighbors(card) if card is not None else []
        if name == "event-card":
            # The card the triggering event is about ("after a creature is destroyed, purge it"): only while it is
            # still where the event left it — a card that has moved on is a new object for these effects.
            card = self.event.get("card")
            if card is None:
                return []
            found = pos.find(card.uid)
            if not found:
                return [card]
            where = self.event.get("zone")
            now = f"{found[0].id}.{found[1]}"
            return [found[2]] if where is None or where == now else []
        if name == "chosen":
            return list(self.chosen_all)
        return []


class Game:
    """One resolution of a KeyForge play: the ruleset's procedures bound to a position being changed."""

    def __init__(self, ruleset: KeyForge, res: Resolution) -> None:
        self.rules = ruleset
        self.res = res
        self.position = res.position
        self.board = Board(res.position, ruleset.catalog_for(res.position))
        res.on_move.append(self._moved)
        self.marked: list[CardState] = []
        """Cards marked for destruction in the destruction batch under way."""
        self.leaving: set[str] = set()
        self.destroyed_fighting: dict[str, str] = {}
        self.last_known: dict[str, dict[str, Any]] = {}
        self.destroyed_abilities: dict[str, list[dict[str, Any]]] = {}
        self.as_if_yours: dict[str, str] = self.board.as_if_yours
        """Cards being used "as if they were yours": uid → the player who uses them (COMO SI FUERA TUYO)."""
        """What cards that left play were just before leaving (houses, power), for the rest of an ability."""
        """uid of a creature destroyed in a fight → uid of the creature it was fighting."""
        self._destroying = False

    def _moved(self, card: CardState, from_zone: str, to_zone: str) -> None:
        # A card that leaves the purged zone is no longer "purged by" anything: even purged again later, the card
        # that first purged it cannot bring it back (KF172-CARD-21, Caja de Spangler).
        if from_zone == "purged" and to_zone != "purged" and card.get("purged-by"):
            self.res.set_card(card, "purged-by", 0)

    # Small helpers.

    @property
    def active(self) -> str:
        return self.position.active

    def label(self, card: CardState, lang: str = "es") -> str:
        return self.board.label(card, lang)

    def amber(self, pid: str) -> int:
        return int(self.position.player(pid).values.get("amber", 0))

    def count_this_turn(self, pid: str, what: str, n: int = 1) -> None:
        """Keep what happened this turn (fights, friendly creatures destroyed, discards, plays, keys forged) for
        the abilities that ask about it."""
        this_turn = dict(self.position.values.get("this-turn", {}))
        key = f"{pid}.{what}"
        this_turn[key] = int(this_turn.get(key, 0)) + n
        self.res.set_value("this-turn", this_turn)

    def pending(self, card: CardState, key: str, es: str, en: str, item: Any, controller: str | None = None) -> Pending[Any]:
        """An effect waiting to resolve, answerable by its value, its card's uid or its card's names."""
        return Pending(controller or card.controller, key, es, en, item, aliases=(card.uid, *self.board.define(card).names()))

    def ability_label(self, card: CardState, ability: dict[str, Any], es: str, en: str) -> tuple[str, str]:
        """How to name an ability in a question: its card, and the card that grants it when it is granted."""
        granter = self.position.find(ability.get("_granter", "")) if ability.get("_granter") else None
        if granter:
            g = granter[2]
            return (f"{es} de {self.label(card)} (otorgada por {self.label(g)})",
                    f"{en} of {self.label(card, 'en')} (granted by {self.label(g, 'en')})")
        return f"{es} de {self.label(card)}", f"{en} of {self.label(card, 'en')}"

    def ask_yes_no(self, player: str, rule: str, es: str, en: str, key: str = "may") -> bool:
        answer = self.res.ask(Question(key=key, player=player, rule=rule, prompt_es=es, prompt_en=en,
                                       options=(Option("yes", "Sí", "Yes"), Option("no", "No", "No"))))
        return answer == "yes"

    # Æmber (ÆMBAR: obtener, perder, robar, capturar).

    def gain(self, pid: str, amount: int, *, rule: str = "aember", card: str | None = None) -> int:
        if amount <= 0:
            return 0
        with self.res.step("gain", rule, f"{pid} obtiene {amount} Æmbar", f"{pid} gains {amount} Æmber", card=card):
            self.res.set_player(pid, "amber", self.amber(pid) + amount)
        return amount

    def lose(self, pid: str, amount: int, *, rule: str = "aember") -> int:
        amount = min(amount, self.amber(pid))
        with self.res.step("lose", rule, f"{pid} pierde {amount} Æmbar", f"{pid} loses {amount} Æmber"):
            self.res.set_player(pid, "amber", self.amber(pid) - amount)
        return amount

    def steal(self, thief: str, amount: int, *, rule: str = "steal") -> int:
        victim = self.position.opponent(thief)
        amount = min(amount, self.amber(victim))  # only what there is (ROBAR (ÆMBAR))
        for source, effect in self.board.constant_effects():
            if effect.get("modify") == "cannot-be-stolen":
                owner = effect.get("_lasting", {}).get("controller", source.controller)
                protected = owner if effect.get("player", "you") == "you" else self.position.opponent(owner)
                if protected == victim:
                    self.res.note("cannot-steal", "cannot-vs-must", f"El Æmbar de {victim} no se puede robar ({self.label(source)})",
                                  f"{victim}'s Æmber cannot be stolen ({self.label(source, 'en')})")
                    return 0
        with self.res.step("steal", rule, f"{thief} roba {amount} Æmbar", f"{thief} steals {amount} Æmber"):
            self.res.set_player(victim, "amber", self.amber(victim) - amount)
            self.res.set_player(thief, "amber", self.amber(thief) + amount)
        if amount:
            self.fire("stolen", player=thief, amount=amount)
        return amount

    def capture(self, creature: CardState, amount: int, *, rule: str = "capture") -> int:
        victim = self.position.opponent(creature.controller)
        amount = min(amount, self.amber(victim))
        with self.res.step("capture", rule, f"{self.label(creature)} captura {amount} Æmbar",
                           f"{self.label(creature, 'en')} captures {amount} Æmber", card=creature.uid):
            self.res.set_player(victim, "amber", self.amber(victim) - amount)
            self.res.set_card(creature, "amber", int(creature.get("amber", 0)) + amount)
        if amount:
            self.fire("captured", card=creature, player=creature.controller, amount=amount)
        return amount

    # Damage (TABLA DE RESOLUCIÓN DE DAÑO).

    def deal_damage(self, hits: Iterable[tuple[CardState, int]], *, source: str | None = None,
                    fight: dict[str, Any] | None = None, rule: str = "damage") -> dict[str, int]:
        """Deal pending damage to each creature at once; return the damage actually dealt per uid."""
        hits = [(c, n) for c, n in hits if n > 0 and self.board.in_play(c)]
        dealt: dict[str, int] = {}
        if not hits:
            return dealt
        with self.res.step("damage", rule, "Se inflige daño pendiente", "Pending damage is dealt"):
            for creature, amount in hits:
                dealt[creature.uid] = self._prevent_and_deal(creature, amount)
            damaged = [c for c, _ in hits if dealt.get(c.uid)]
            destroyed = []
            for creature, _ in hits:
                if self.board.in_play(creature) and self._lethal(creature):
                    destroyed.append(creature)
            poisoned = [self.position.find(u)[2] for u in (fight or {}).get("poisoned", ()) if dealt.get(u) and self.position.find(u)]
            for creature in poisoned:
                if creature not in destroyed and self.board.in_play(creature):
                    self.res.note("poison", "poison", f"Veneno: {self.label(creature)} queda destruida",
                                  f"Poison: {self.label(creature, 'en')} is destroyed", card=creature.uid)
                    destroyed.append(creature)
            if destroyed:
                self.destroy(destroyed, rule="order.damage.4", fight=fight)
            pending = []
            for creature in damaged:
                pending += self.collect("damaged", card=creature, player=creature.controller, amount=dealt[creature.uid])
            self.resolve_pending(pending)
        return dealt

    def _prevent_and_deal(self, creature: CardState, amount: int) -> int:
        name_es, name_en = self.label(creature), self.label(creature, "en")
        with self.res.step("pending-damage", "pending-damage", f"{name_es}: {amount} de daño pendiente",
                           f"{name_en}: {amount} pending damage", card=creature.uid):
            if self.board.cannot_be_dealt_damage(creature):
                self.res.note("prevent", "order.damage.1", "Invulnerable / no se le puede infligir daño: se evita todo",
                              "Invulnerable / cannot be dealt damage: all of it is prevented", card=creature.uid)
                return 0
            if creature.get("ward"):
                with self.res.step("ward", "order.damage.2", "Escudo: se evita todo el daño y se retira el Escudo",
                                   "Ward: all the damage is prevented and the ward is removed", card=creature.uid):
                    self.res.set_card(creature, "ward", False)
                return 0
            armor_left = max(0, self.board.armor(creature) - int(creature.get("armor-used", 0)))
            if armor_left:
                prevented = min(armor_left, amount)
                with self.res.step("armor", "order.damage.3", f"La Armadura evita {prevented}",
                                   f"Armor prevents {prevented}", card=creature.uid):
                    self.res.set_card(creature, "armor-used", int(creature.get("armor-used", 0)) + prevented)
                amount -= prevented
            if amount <= 0:
                return 0
            with self.res.step("dealt", "order.damage.4", f"{name_es} sufre {amount} de daño",
                               f"{name_en} is dealt {amount} damage", card=creature.uid):
                self.res.set_card(creature, "damage", int(creature.get("damage", 0)) + amount)
            return amount

    def _lethal(self, creature: CardState) -> bool:
        if creature.uid in {c.uid for c in self.marked}:
            return False
        if self.board.keyword(creature, "invulnerable"):
            return False  # INVULNERABLE: it cannot be destroyed, so it stays in play even with power 0
        damage = int(creature.get("damage", 0))
        power = self.board.power(creature)
        return damage >= power if damage else power == 0

    def check_state(self) -> None:
        """Destroy creatures whose damage reaches their power, and power-0 creatures (DAÑO, PODER)."""
        lethal = [c for c in self.board.creatures() if self._lethal(c) and c.uid not in self.leaving]
        zero = [c for c in lethal if not c.get("damage")]
        for c in zero:
            self.res.note("power-zero", "KF172-GEN-21", f"{self.label(c)} tiene Poder 0 y ningún daño: es destruida",
                          f"{self.label(c, 'en')} has power 0 and no damage: it is destroyed", card=c.uid)
        if lethal:
            self.destroy(lethal, rule="damage")

    def heal(self, creature: CardState, amount: int | str) -> int:
        current = int(creature.get("damage", 0))
        healed = current if amount == "all" else min(int(amount), current)
        with self.res.step("heal", "heal", f"{self.label(creature)} se cura {healed}",
                           f"{self.label(creature, 'en')} heals {healed}", card=creature.uid):
            self.res.set_card(creature, "damage", current - healed)
        return healed

    # Destruction (DESTRUIDA, order.destroyed.*).

    def destroy(self, cards: Iterable[CardState], *, rule: str = "destroyed", fight: dict[str, Any] | None = None,
                sacrifice: bool = False) -> list[CardState]:
        """Mark cards for destruction; the outermost call resolves "Destruida:" and puts them in the discard."""
        newly = []
        marked_uids = {c.uid for c in self.marked}
        for card in cards:
            if card.uid in marked_uids or not self.board.in_play(card):
                if card.uid in marked_uids:
                    self.res.note("already-marked", "destroyed", f"{self.label(card)} ya está marcada: no se vuelve a marcar",
                                  f"{self.label(card, 'en')} is already marked: it is not marked again", card=card.uid)
                continue
            if self.board.keyword(card, "invulnerable"):
                self.res.note("invulnerable", "invulnerable", f"{self.label(card)} es invulnerable: no puede ser destruida",
                              f"{self.label(card, 'en')} is invulnerable: it cannot be destroyed", card=card.uid)
                continue
            if card.get("ward"):
                self.remove_ward(card, "destroyed")
                continue
            newly.append(card)
            marked_uids.add(card.uid)
        if not newly:
            return []
        names = ", ".join(self.label(c) for c in newly)
        with self.res.step("mark", "order.destroyed.1", f"Marcadas para ser destruidas: {names}",
                           f"Marked for destruction: {', '.join(self.label(c, 'en') for c in newly)}"):
            for card in newly:
                self.res.set_card(card, "marked", True)
                # A card resolves only the "Destruida:" abilities it had when it was marked (DESTRUIDA).
                self.destroyed_abilities[card.uid] = self.abilities_of(card, "destroyed")
                if fight:
                    other = fight.get("defender") if card.uid == fight.get("attacker") else fight.get("attacker")
                    self.destroyed_fighting[card.uid] = other
            self.marked.extend(newly)
        if self._destroying:
            return newly  # the outer destruction resolves their "Destruida:" effects and discards them
        self._destroying = True
        try:
            self._resolve_destroyed_abilities()
            destroyed = self._discard_marked()
        finally:
            self._destroying = False
        # order.destroyed.4 comes after the batch: what these effects destroy is a new destruction of its own.
        self._after_destroyed(destroyed)
        return newly

    def _resolve_destroyed_abilities(self) -> None:
        # Each marked card resolves the "Destruida:" abilities it had when it was marked; cards marked meanwhile
        # join the same group before anything leaves play (DESTRUIDA).
        done: set[str] = set()

        def pending() -> list[Pending[tuple[CardState, dict[str, Any]]]]:
            out = []
            for card in self.marked:
                for i, ability in enumerate(self.destroyed_abilities.get(card.uid, ())):
                    key = f"{card.uid}:destroyed:{i}"
                    if key not in done:
                        es, en = self.ability_label(card, ability, "«Destruida:»", "'Destroyed:'")
                        out.append(self.pending(card, key, es, en, (card, ability)))
            return out

        first = pending()
        if not first:
            self.res.note("no-destroyed", "order.destroyed.2", "No hay efectos «Destruida:»", "No 'Destroyed:' effects")
            return
        with self.res.step("destroyed-effects", "order.destroyed.2", "Se resuelven los efectos «Destruida:»",
                           "'Destroyed:' effects resolve"):
            def run(p: Pending[tuple[CardState, dict[str, Any]]]) -> None:
                done.add(p.value)
                card, ability = p.item
                self.run_ability(card, ability, label_es=p.label_es, label_en=p.label_en)

            order_simultaneous(self.res, first, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                               rule="order.simultaneous", resolve=run, refresh=pending)

    def _discard_marked(self) -> list[CardState]:
        """Put the marked cards still in play into their owners' discard piles; return every card destroyed — also
        those a "Destruida:" effect moved elsewhere, which still count as destroyed (DESTRUIDA, KF172-GEN-34)."""
        still = [c for c in self.marked if self.board.in_play(c) and c.get("marked")]
        saved = [c for c in self.marked if self.board.in_play(c) and not c.get("marked")]
        gone = [c for c in self.marked if c not in still and c not in saved]
        for c in gone:
            c.state.pop("marked", None)
        self.marked = []
        if not still:
            return gone
        with self.res.step("to-discard", "order.destroyed.3", "Las cartas destruidas van a la pila de descartes",
                           "Destroyed cards go to the discard pile"):
            ordered = self._order_same_owner(still)
            for card in ordered:
                self.leaves_play(card, "discard", rule="order.destroyed.3")
        return gone + ordered

    def _after_destroyed(self, destroyed: list[CardState]) -> None:
        import dataclasses

        # "After a creature is destroyed" sees the creature as it last was in play: who controlled it then.
        as_it_was = [dataclasses.replace(card, controller=self.last_known.get(card.uid, {}).get("controller", card.controller))
                     for card in destroyed]
        for card in as_it_was:
            if self.board.define(card).is_creature:
                self.count_this_turn(card.controller, "friendly-destroyed")
        pending = []
        for card in as_it_was:
            # "That creature" is the card in its owner's discard pile; one a "Destruida:" effect sent elsewhere is
            # not found there (KF172-CARD-06).
            pending += self.collect("destroyed", card=card, player=card.controller,
                                    fighting=self.destroyed_fighting.get(card.uid), zone=f"{card.owner}.discard")
        if pending:
            with self.res.step("after-destroyed", "order.destroyed.4",
                               "Efectos «después de que una criatura sea destruida»",
                               "'After a creature is destroyed' effects"):
                self.resolve_pending(pending)

    def _order_same_owner(self, cards: list[CardState]) -> list[CardState]:
        # The active player chooses the order in which cards reach the same owner's discard pile (DESTRUIDA).
        ordered: list[CardState] = []
        by_owner: dict[str, list[CardState]] = {}
        for c in cards:
            by_owner.setdefault(c.owner, []).append(c)
        for owner, group in by_owner.items():
            remaining = list(group)
            while len(remaining) > 1:
                chosen = self.res.ask(Question(
                    key="discard-order", player=self.active, rule="destroyed",
                    prompt_es=f"¿Qué carta destruida va primero a la pila de descartes de {owner}?",
                    prompt_en=f"Which destroyed card goes first to {owner}'s discard pile?",
                    options=tuple(Option(c.uid, self.label(c), self.label(c, "en"), self.board.define(c).names())
                                  for c in remaining)))
                pick = next(c for c in remaining if c.uid == chosen)
                remaining.remove(pick)
                ordered.append(pick)
            ordered.extend(remaining)
        return ordered

    # Leaving play (ABANDONA EL JUEGO).

    def remove_ward(self, card: CardState, what: str) -> None:
        """ESCUDAR: instead of being dealt damage, destroyed or leaving play, the creature loses its ward."""
        es = {"damage": "recibir daño", "destroyed": "ser destruida", "leave": "abandonar el juego"}[what]
        en = {"damage": "being dealt damage", "destroyed": "being destroyed", "leave": "leaving play"}[what]
        with self.res.step("ward", "ward", f"Escudo: en vez de {es}, {self.label(card)} pierde el Escudo",
                           f"Ward: instead of {en}, {self.label(card, 'en')} loses its ward", card=card.uid):
            self.res.set_card(card, "ward", False)

    def leave_play_by_effect(self, card: CardState, zone: str, *, rule: str) -> bool:
        """An effect moves a card out of play (return to hand, archive, purge): a warded creature stays instead,
        unless it was already marked for destruction (ESCUDAR)."""
        if card.get("ward") and not card.get("marked") and self.board.is_creature(card):
            self.remove_ward(card, "leave")
            return False
        self.leaves_play(card, zone, rule=rule)
        return True

    def leaves_play(self, card: CardState, zone: str, *, rule: str = "leaves-play", to_player: str | None = None,
                    index: int | None = None) -> None:
        owner = to_player or card.owner
        is_creature = self.board.is_creature(card)
        self.last_known[card.uid] = {"houses": self.board.houses(card), "power": self.board.power(card),
                                     "controller": card.controller}
        self.leaving.add(card.uid)
        where_es = {"discard": "la pila de descartes", "hand": "la mano", "archives": "los archivos", "deck": "el mazo",
                    "purged": "la zona de purgadas"}.get(zone, zone)
        where_en = {"discard": "discard pile", "hand": "hand", "archives": "archives", "deck": "deck",
                    "purged": "purged cards"}.get(zone, zone)
        with self.res.step("leaves-play", "leaves-play", f"{self.label(card)} abandona el juego: va a {where_es} de {owner}",
                           f"{self.label(card, 'en')} leaves play: it goes to {owner}'s {where_en}", card=card.uid):
            amber = int(card.get("amber", 0))
            if amber:
                if is_creature:
                    opponent = self.position.opponent(card.controller)
                    self.res.note("amber-to-opponent", "leaves-play",
                                  f"Su Æmbar ({amber}) va a la reserva de {opponent}",
                                  f"Its Æmber ({amber}) goes to {opponent}'s pool", card=card.uid)
                    self.res.set_player(opponent, "amber", self.amber(opponent) + amber)
                self.res.set_card(card, "amber", 0)
            for key in [k for k in card.state]:
                if key != "amber":
                    self.res.set_card(card, key, 0 if not isinstance(card.state[key], bool) else False)
            for upgrade in list(card.attached):
                if self.board.define(upgrade).keyword("gigantic"):
                    # The other half of a gigantic creature goes where the creature goes (GIGANTESCA).
                    self.res.move(upgrade, owner, zone)
                    continue
                if upgrade.get("under"):
                    self.res.set_card(upgrade, "under", False)
                    self.res.set_card(upgrade, "face-down", False)
                    self.res.move(upgrade, upgrade.owner, "discard")
                    continue
                if upgrade.get("grafted"):
                    self.res.note("graft-discarded", "graft", f"La carta injertada {self.label(upgrade)} va a la pila de descartes",
                                  f"The grafted card {self.label(upgrade, 'en')} goes to the discard pile", card=upgrade.uid)
                    self.res.set_card(upgrade, "grafted", False)
                    self.res.move(upgrade, upgrade.owner, "discard")
                    continue
                self.res.note("upgrade-discarded", "leaves-play", f"Se descarta la mejora {self.label(upgrade)}",
                              f"Upgrade {self.label(upgrade, 'en')} is discarded", card=upgrade.uid)
                self.res.move(upgrade, upgrade.owner, "discard")
                self.res.set_controller(upgrade, upgrade.owner)
            self._end_lasting_on(card)
            leaving_abilities = self.abilities_of(card, "leaves-play")
            self.res.move(card, owner, zone, index)
            if card.controller != card.owner:
                self.res.set_controller(card, card.owner)
            for ability in leaving_abilities:
                # "If this card leaves play…" resolves with the card as it last was in play (ABANDONA EL JUEGO).
                self.run_ability(card, ability, label_es=f"Al abandonar el juego: {self.label(card)}",
                                 label_en=f"On leaving play: {self.label(card, 'en')}")
        self.leaving.discard(card.uid)

    def last_known_houses(self, card: CardState) -> set[str]:
        known = self.last_known.get(card.uid)
        return set(known["houses"]) if known else self.board.houses(card)

    def unmark(self, card: CardState) -> None:
        self.res.set_card(card, "marked", False)
        self.marked = [c for c in self.marked if c.uid != card.uid]

    def make_token(self, pid: str) -> bool:
        """CRIATURAS FICHA: the top card of the deck enters play face down, exhausted, on a flank, as the token."""
        from judge.games.keyforge import playing

        token = self.position.player(pid).values.get("token")
        deck = self.position.player(pid).zone("deck")
        if not token:
            self.res.note("no-token", "token-creatures", f"{pid} no tiene carta de referencia de criatura ficha: no se crea",
                          f"{pid} has no token creature reference card: nothing is made")
            return False
        if not deck:
            self.res.note("no-token", "token-creatures", "El mazo está vacío: no se crea la criatura ficha",
                          "The deck is empty: no token creature is made")
            return False
        card = deck[0]
        with self.res.step("make-token", "token-creatures", f"{pid} crea una criatura ficha", f"{pid} makes a token creature",
                           card=card.uid):
            self.res.set_card(card, "token", token)
            self.res.set_card(card, "face-down", True)
            playing.put_creature_into_play(self, card, pid, rule="token-creatures")
        self.fire("enters-play", card=card, player=pid)
        return True

    def raise_tide(self, pid: str) -> bool:
        if self.position.values.get("tide") == pid:
            self.res.note("tide-high", "tide", f"La marea ya está alta para {pid}", f"The tide is already high for {pid}")
            return False
        with self.res.step("raise-tide", "tide", f"{pid} sube la marea", f"{pid} raises the tide"):
            self.res.set_value("tide", pid)
        return True

    def swap(self, a: CardState, b: CardState) -> bool:
        line = self.board.battleline(a.controller)
        if b not in line or a not in line:
            return False
        i, j = line.index(a), line.index(b)
        order = list(line)
        order[i], order[j] = b, a
        with self.res.step("swap", "swap", f"{self.label(a)} y {self.label(b)} intercambian sus posiciones",
                           f"{self.label(a, 'en')} and {self.label(b, 'en')} swap places"):
            self.res.reorder(a.controller, "battleline", order)
        return True

    def _end_lasting_on(self, card: CardState) -> None:
        # Lasting effects on the card end; so do those that last while their source stays in play (Restringtonus).
        lasting = self.position.values.get("lasting", [])
        keep = [e for e in lasting if card.uid not in e.get("effect", {}).get("target", {}).get("uids", ())
                and not (e.get("duration") == "while-in-play" and e.get("source") == card.uid)]
        if len(keep) != len(lasting):
            self.res.set_value("lasting", keep or None)

    # Drawing (ROBAR (CARTAS)).

    def draw(self, pid: str, amount: int, *, rule: str = "draw") -> int:
        drawn = 0
        with self.res.step("draw", rule, f"{pid} roba {amount} carta(s)", f"{pid} draws {amount} card(s)"):
            for _ in range(amount):
                player = self.position.player(pid)
                if not player.zone("deck"):
                    if not player.zone("discard"):
                        self.res.note("cannot-draw", "draw", "No quedan cartas en el mazo ni en el descarte",
                                      "No cards left in the deck or the discard pile")
                        break
                    self.reshuffle(pid)
                card = player.zone("deck")[0]
                self.res.move(card, pid, "hand")
                drawn += 1
        return drawn

    def shuffle_deck(self, pid: str) -> None:
        """BARAJAR: the deck's new order is the table's shuffle, which the judge reports (no random choice here)."""
        deck = self.position.player(pid).zone("deck")
        if len(deck) <= 1:
            return
        with self.res.step("shuffle", "shuffle", f"{pid} baraja su mazo", f"{pid} shuffles their deck"):
            order = self.res.ask(Question(
                key="deck-order", player=pid, rule="shuffle",
                prompt_es="El mazo se baraja: ¿en qué orden quedan las cartas (de arriba abajo)?",
                prompt_en="The deck is shuffled: in which order are the cards now (top first)?",
                options=tuple(Option(c.uid, self.label(c), self.label(c, "en"), self.board.define(c).names()) for c in deck),
                min_choices=len(deck), max_choices=len(deck)))
            by_uid = {c.uid: c for c in deck}
            self.res.reorder(pid, "deck", [by_uid[u] for u in order])

    def exchange_control(self, a: CardState, b: CardState) -> bool:
        """INTERCAMBIAR EL CONTROL: each takes the other's place (and controller), with everything on it."""
        if a.controller == b.controller or not (self.board.in_play(a) and self.board.in_play(b)):
            return False
        pa, za, la, ia, _ = self.position.locate(a.uid)
        pb, zb, lb, ib, _ = self.position.locate(b.uid)
        with self.res.step("exchange-control", "exchange-control",
                           f"{self.label(a)} y {self.label(b)} intercambian el control",
                           f"{self.label(a, 'en')} and {self.label(b, 'en')} exchange control"):
            ca, cb = a.controller, b.controller
            self.res.move(a, pb.id, zb, ib)
            self.res.move(b, pa.id, za, ia)
            self.res.set_controller(a, cb)
            self.res.set_controller(b, ca)
        return True

    def reshuffle(self, pid: str) -> None:
        # The new deck order is unknown until the judge says it: the position's deck order is what the table has.
        player = self.position.player(pid)
        with self.res.step("reshuffle", "draw", f"{pid} baraja su pila de descartes para formar un mazo nuevo",
                           f"{pid} shuffles their discard pile into a new deck"):
            order = self.res.ask(Question(
                key="deck-order", player=pid, rule="shuffle",
                prompt_es="El mazo se baraja: ¿en qué orden quedan las cartas (de arriba abajo)?",
                prompt_en="The deck is shuffled: in which order are the cards now (top first)?",
                options=tuple(Option(c.uid, self.label(c), self.label(c, "en"), self.board.define(c).names())
                              for c in player.zone("discard")),
                min_choices=len(player.zone("discard")), max_choices=len(player.zone("discard"))))
            by_uid = {c.uid: c for c in player.zone("discard")}
            for uid in order:
                self.res.move(by_uid[uid], pid, "deck")

    # Abilities and triggers.

    def abilities_of(self, card: CardState, trigger: str) -> list[dict[str, Any]]:
        """The card's abilities with this trigger: printed ones (unless its text is blank) and granted ones."""
        return [{**a, "_granter": granter} if granter != card.uid else a
                for a, granter in self.board.abilities(card) if a.get("trigger") == trigger]

    def run_ability(self, card: CardState, ability: dict[str, Any], *, label_es: str, label_en: str,
                    event: dict[str, Any] | None = None, rule: str | None = None) -> None:
        from judge.games.keyforge.effects import run_effects

        controller = self.as_if_yours.get(card.uid, card.controller)
        ctx = AbilityContext(self, card.uid, controller, event or {}, last_known=card,
                             granter=ability.get("_granter"))
        with self.res.step("ability", rule or "ability", label_es, label_en, card=card.uid):
            run_effects(ctx, ability.get("effects", []))
            self.check_state()

    def fire(self, event: str, **info: Any) -> None:
        """Resolve every "after"/"each time" ability waiting for ``event``, in the active player's order."""
        self.resolve_pending(self.collect(event, **info))

    def collect(self, event: str, **info: Any) -> list[Pending[Any]]:
        """The "after"/"each time" abilities waiting for ``event`` (not yet resolved)."""
        pending: list[Pending[Any]] = []
        subject = info.get("card")
        if subject is not None and "zone" not in info:
            found = self.position.find(subject.uid)
            if found:
                info["zone"] = f"{found[0].id}.{found[1]}"
        for _, zone, card in list(self.position.all_cards()):
            if zone not in IN_PLAY or card.get("grafted") or card.get("under"):
                continue
            for i, ability in enumerate(self.abilities_of(card, "after")):
                if ability.get("event") == event and self._event_matches(card, ability, info):
                    pending.append(self.pending(card, f"{card.uid}:{event}:{i}",
                                           f"«Después de» de {self.label(card)}", f"'After' of {self.label(card, 'en')}",
                                           Triggered(card, ability, info)))
        # Lasting effects that wait for an event ("for the remainder of the turn, each time you play…") go on even if
        # the card that made them has left play (EFECTOS DURADEROS).
        for n, lasting in enumerate(self.position.values.get("lasting", [])):
            ability = lasting.get("ability")
            if not ability or ability.get("event") != event:
                continue
            source = self.lasting_source(lasting)
            if self._event_matches(source, ability, info):
                if lasting.get("duration") == "next-time":
                    # "La próxima vez": it applies once, the next time the event begins this turn, then ends.
                    remaining = [e for e in self.position.values.get("lasting", []) if e is not lasting]
                    self.res.note("next-time-used", "lasting-effects", "El efecto «la próxima vez» se aplica y termina",
                                  "The 'next time' effect applies and ends")
                    self.res.set_value("lasting", remaining or None)
                es, en = f"Efecto duradero de {self.label(source)}", f"Lasting effect of {self.label(source, 'en')}"
                pending.append(self.pending(source, f"lasting{n}:{event}", es, en,
                                            Triggered(source, ability, info, needs_card_in_play=False),
                                            controller=lasting["controller"]))
        return pending

    def lasting_source(self, lasting: dict[str, Any]) -> CardState:
        """The card that made a lasting effect, wherever it is now (or as it was, if it is gone from the position)."""
        found = self.position.find(lasting.get("source", ""))
        if found:
            return found[2]
        return CardState(uid=lasting.get("source", "?"), card=lasting.get("card", "?"), owner=lasting["controller"],
                         controller=lasting["controller"])

    def own_abilities(self, card: CardState, trigger: str, info: dict[str, Any]) -> list[Pending[Any]]:
        """A card's own abilities of one trigger ("Después de cosechar:" of the creature that reaped…)."""
        names = {"after-reap": ("«Después de cosechar:»", "'After Reap:'"), "after-fight": ("«Después de luchar:»", "'After Fight:'")}
        es, en = names.get(trigger, (trigger, trigger))
        return [self.pending(card, f"{card.uid}:{trigger}:{i}", *self.ability_label(card, ability, es, en),
                             Triggered(card, ability, info))
                for i, ability in enumerate(self.abilities_of(card, trigger))]

    def resolve_pending(self, pending: list[Pending[Triggered]]) -> None:
        """Resolve simultaneous abilities in the active player's order; one whose card has left play meanwhile does
        not, unless it resolves from anywhere (a "Jugar:" ability of an action)."""
        if not pending:
            return

        def run(p: Pending[Triggered]) -> None:
            t = p.item
            if self.board.in_play(t.card):
                self.run_ability(t.card, t.ability, label_es=p.label_es, label_en=p.label_en, event=t.event, rule=t.rule)
                return
            if t.needs_card_in_play:
                return
            where = self.position.find(t.card.uid)
            if where and where[1] in ("hand", "deck", "archives") and self.board.define(t.card).type != "action":
                # A card that went from play to a hidden zone before its "Jugar:" resolved takes it along
                # (ABANDONA EL JUEGO; Fatua Morena destroyed by its own bonus icon, KF172-GEN-55).
                self.res.note("out-of-reach", "leaves-play",
                              f"{self.label(t.card)} ya está en una zona oculta: su efecto no se resuelve",
                              f"{self.label(t.card, 'en')} is already in a hidden zone: its effect does not resolve",
                              card=t.card.uid)
                return
            self.run_ability(t.card, t.ability, label_es=p.label_es, label_en=p.label_en, event=t.event, rule=t.rule)

        order_simultaneous(self.res, pending, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                           rule="order.simultaneous", resolve=run)

    def _event_matches(self, card: CardState, ability: dict[str, Any], info: dict[str, Any]) -> bool:
        from judge.games.keyforge.targets import matches

        f = ability.get("filter", {})
        subject = info.get("card")
        if f.get("self") and (subject is None or subject.uid != card.uid):
            return False
        if "who" in f:
            player = info.get("player")
            if f["who"] == "you" and player != card.controller:
                return False
            if f["who"] == "opponent" and player == card.controller:
                return False
        if "fighting-self" in f and info.get("fighting") != card.uid:
            return False
        if "house" in f and info.get("house") != f["house"]:
            return False
        if "played-on" in f and f["played-on"] not in info.get("played-on", ()):
            return False
        if f.get("not-self") and subject is not None and subject.uid == card.uid:
            return False
        if "subject" in f and subject is not None and not matches(self.board, f["subject"], subject,
                                                                  controller=card.controller, source=card):
            return False
        return True

    def forge_sources(self, pid: str) -> list[CardState]:
        """Cards of ``pid`` whose æmber may be spent to forge (PASO 1: "Hay cartas cuyo efecto permite gastar el Æmbar
        que tengan sobre ellas para forjar llaves")."""
        return [c for c, e in self.board.constant_effects()
                if e.get("modify") == "forge-from-card" and c.controller == pid and self.board.affects(c, e, c)
                and int(c.get("amber", 0))]

    def can_forge(self, pid: str, cost: int) -> bool:
        return self.amber(pid) + sum(int(c.get("amber", 0)) for c in self.forge_sources(pid)) >= cost

    def forge(self, pid: str, *, cost: int | None = None, rule: str = "forge") -> bool:
        cost = self.board.key_cost(pid) if cost is None else cost
        if not self.can_forge(pid, cost):
            return False
        with self.res.step("forge", rule, f"{pid} forja una llave ({cost} Æmbar)", f"{pid} forges a key ({cost} Æmber)"):
            self._spend(pid, cost)
            keys = self.position.player(pid).values.get("keys", 0)
            # LLAVES: colours only matter to the cards that name them, so a position tracks them only when it lists
            # forged keys by colour; then which key is forged is the player's choice, asked like any other.
            if isinstance(keys, list):
                colors = [c for c in ("red", "blue", "yellow") if c not in keys]
                color = self.res.ask(Question(key="key-color", player=pid, rule="keys",
                                              prompt_es="¿Qué llave forjas?", prompt_en="Which key do you forge?",
                                              options=tuple(Option(c, c, c) for c in colors))) if len(colors) > 1 else colors[0]
                self.res.set_player(pid, "keys", [*keys, color])
            else:
                self.res.set_player(pid, "keys", int(keys) + 1)
            self.count_this_turn(pid, "forged")
            if self.board.forged_keys(pid) >= 3:
                self.res.note("win", "forge", f"{pid} forja su tercera llave y gana la partida",
                              f"{pid} forges their third key and wins the game")
                raise GameOver(pid)
        return True

    def _spend(self, pid: str, cost: int) -> None:
        """Spend æmber for a key: from the pool, and from cards that allow it in any combination — the active
        player chooses how much comes from each card (FAQ Rana Llave)."""
        remaining = cost
        for card in self.forge_sources(pid):
            on_card = int(card.get("amber", 0))
            low = max(0, remaining - self.amber(pid) - sum(int(c.get("amber", 0)) for c in self.forge_sources(pid)
                                                           if c.uid != card.uid))
            high = min(on_card, remaining)
            if high == 0:
                continue
            if low == high:
                take = low
            else:
                take = int(self.res.ask(Question(
                    key="forge-from-card", player=self.active, rule="forge",
                    prompt_es=f"¿Cuánto Æmbar de {self.label(card)} se gasta en la llave?",
                    prompt_en=f"How much Æmber on {self.label(card, 'en')} is spent on the key?",
                    options=tuple(Option(str(n), str(n), str(n)) for n in range(low, high + 1)))))
            if take:
                self.res.set_card(card, "amber", on_card - take)
                remaining -= take
        self.res.set_player(pid, "amber", self.amber(pid) - remaining)


def each_in_order(game: Game, items: list[Pending[Any]], resolve: Callable[[Pending[Any]], None]) -> None:
    """Resolve simultaneous items in the order the active player chooses (order.simultaneous)."""
    order_simultaneous(game.res, items, policy=ACTIVE_PLAYER_ORDERS, players=[game.active],
                       rule="order.simultaneous", resolve=resolve)
