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
from judge.games.keyforge.vocabulary import counted, effect_label, key_color, to_zone_es, zone_name
from judge.games.keyforge.board import IN_PLAY, Board

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.keyforge.rules import KeyForge


EVENT_PHRASES: dict[str, tuple[str, str]] = {
    "reap": ("{} cosechó", "{} reaped"), "fight": ("{} luchó", "{} fought"), "play": ("se jugó {}", "{} was played"),
    "destroyed": ("{} fue destruida", "{} was destroyed"), "enters-play": ("{} entró en juego", "{} entered play"),
    "used": ("se usó {}", "{} was used"), "damaged": ("{} sufrió daño", "{} was dealt damage"),
    "discard": ("se descartó {}", "{} was discarded"), "leaves-play": ("{} abandonó el juego", "{} left play"),
}
"""How an "after" ability in a question names the event it answers (its subject card filled in)."""


@dataclass(frozen=True)
class Triggered:
    """An ability waiting to resolve because of an event."""

    card: CardState
    ability: dict[str, Any]
    event: dict[str, Any]
    needs_card_in_play: bool = True
    """False for an ability that resolves whether or not its card is in play ("Jugar:" of an action)."""
    rule: str | None = None
    lasting: bool = False
    """A lasting effect's ability: it is not the card's own, so the card going to a hidden zone does not stop it
    ("if Magda la Rata leaves play", also back to the hand: KF172-ERR-14)."""


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
        if name == "defender-neighbors":
            # Each neighbor of the creature this one fights (Terrordáctilo's "Antes de luchar:").
            uid = self.event.get("defender")
            found = pos.find(uid) if uid else None
            return self.game.board.neighbors(found[2]) if found and self.game.board.in_play(found[2]) else []
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


class _LoopCut(Exception):
    """Unwinds an endless loop of abilities back to its first resolution (BUCLES INFINITOS)."""

    def __init__(self, key: tuple[str, str], keep: int, decision: Any) -> None:
        super().__init__(key)
        self.key, self.keep, self.decision = key, keep, decision


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
        self.marked_by_damage: set[str] = set()
        """Creatures marked because their damage reached their power (for the older rulebooks' re-check)."""
        self.fight_redirect: dict[str, str] = {}
        """Attacker uid → the creature it deals its fight damage to instead of the defender (Gabos Brazoslargos)."""
        self._neighbors_kept: set[str] = set()
        """Creatures destroyed together whose neighbours were recorded before any of them left play (KF172-GEN-75)."""
        self.last_known: dict[str, dict[str, Any]] = {}
        self.destroyed_abilities: dict[str, list[dict[str, Any]]] = {}
        self.as_if_yours: dict[str, str] = self.board.as_if_yours
        """Cards being used "as if they were yours": uid → the player who uses them (COMO SI FUERA TUYO)."""
        """What cards that left play were just before leaving (houses, power), for the rest of an ability."""
        """uid of a creature destroyed in a fight → uid of the creature it was fighting."""
        self._destroying = False
        self._loop_frames: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
        """Abilities under resolution → a snapshot before each time one was entered again inside itself (BUCLES INFINITOS)."""
        self._loop_cycled: set[tuple[str, str]] = set()
        """Those of them that came back to a state they had already been in."""
        self.forge_cancelled = False
        """Set by an ability that stops the key being forged ("they do not forge that key", Llave Falsificada)."""
        self._left_play: list[dict[str, Any]] = []
        """"After this card leaves play" events of cards destroyed together, waiting for the batch to be gone."""

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
        ability = item.ability if isinstance(item, Triggered) else (
            item[1] if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], dict) else None)
        if isinstance(ability, dict) and isinstance(ability.get("effects"), list) and sum(
                1 for a, _ in self.board.abilities(card) if a.get("trigger") == ability.get("trigger")) > 1:
            # Two abilities of one card with the same trigger would read the same: say what each does.
            verbs = [effect_label(e["do"]) for e in ability["effects"] if isinstance(e, dict) and isinstance(e.get("do"), str)]
            verbs_en = [effect_label(e["do"], "en") for e in ability["effects"] if isinstance(e, dict) and isinstance(e.get("do"), str)]
            if verbs:
                es, en = f"{es} — {', '.join(verbs)}", f"{en} — {', '.join(verbs_en)}"
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
                who = effect.get("player", "you")
                if who == "host":
                    # An upgrade's "this creature gains 'your æmber cannot be stolen'": the host's controller
                    # (Descombobulador).
                    host = self.board.host_of(source)
                    protected = host.controller if host is not None else None
                else:
                    protected = owner if who == "you" else self.position.opponent(owner)
                if protected == victim:
                    # Nothing can be stolen, so a replacement of the steal has nothing to replace (KF172-GEN-40).
                    self.res.note("cannot-steal", "cannot-vs-must", f"El Æmbar de {victim} no se puede robar ({self.label(source)})",
                                  f"{victim}'s Æmber cannot be stolen ({self.label(source, 'en')})")
                    return 0
        if amount:
            for source, effect in self.board.constant_effects():
                if effect.get("modify") == "steal-becomes-capture":
                    # EFECTOS DE SUSTITUCIÓN (Gargantodonte): every æmber a steal would take goes instead onto a
                    # creature of the active player, as a capture; with no such creature nothing happens (KF172-CARD-54), and as
                    # nothing was stolen, "after æmber is stolen" does not follow (KF172-CARD-53).
                    self.res.note("replaced", "replacement-effects",
                                  f"Efecto de sustitución ({self.label(source)}): el Æmbar que se iba a robar se captura",
                                  f"Replacement effect ({self.label(source, 'en')}): the Æmber that would be stolen is captured",
                                  card=source.uid)
                    self._capture_instead_of_steal(victim, amount)
                    return 0
        supply = self.supply_instead(victim)
        with self.res.step("steal", rule, f"{thief} roba {amount} Æmbar", f"{thief} steals {amount} Æmber"):
            if supply is not None and amount:
                # Pixies de Po: taken from the common supply, and still stolen ("if you do" holds: KF172-GEN-38).
                self._note_from_supply(supply)
            else:
                self.res.set_player(victim, "amber", self.amber(victim) - amount)
            self.res.set_player(thief, "amber", self.amber(thief) + amount)
        if amount:
            self.fire("stolen", player=thief, amount=amount)
        return amount

    def supply_instead(self, victim: str) -> CardState | None:
        """The card whose replacement makes æmber stolen or captured from ``victim``'s pool come from the common supply
        instead (Pixies de Po), if any."""
        for source, effect in self.board.constant_effects():
            if effect.get("modify") == "aember-from-supply":
                owner = effect.get("_lasting", {}).get("controller", source.controller)
                if (owner if effect.get("player", "you") == "you" else self.position.opponent(owner)) == victim:
                    return source
        return None

    def card_options(self, cards: list[CardState]) -> tuple[Option, ...]:
        """The cards as options of a question, named in both languages and findable by any of their names."""
        return tuple(Option(c.uid, self.label(c), self.label(c, "en"), self.board.define(c).names()) for c in cards)

    def choose_card(self, key: str, player: str, rule: str, prompt_es: str, prompt_en: str,
                    cards: list[CardState]) -> CardState:
        """Ask ``player`` to choose one of ``cards`` (never a default: JUGADOR ACTIVO decides)."""
        chosen = self.res.ask(Question(key=key, player=player, rule=rule, prompt_es=prompt_es, prompt_en=prompt_en,
                                       options=self.card_options(cards)))
        return next(c for c in cards if c.uid == chosen)

    def _note_from_supply(self, supply: CardState) -> None:
        self.res.note("from-supply", "replacement-effects",
                      f"Efecto de sustitución ({self.label(supply)}): se toma de la reserva común",
                      f"Replacement effect ({self.label(supply, 'en')}): it is taken from the common supply",
                      card=supply.uid)

    def _capture_instead_of_steal(self, victim: str, amount: int) -> None:
        creatures = self.board.battleline(self.active)
        if not creatures:
            self.res.note("no-target", "resolve-as-much-as-you-can",
                          "El jugador activo no controla criaturas que puedan capturarlo: no ocurre nada",
                          "The active player controls no creature that could capture it: nothing happens")
            return
        for _ in range(amount):
            if len(creatures) == 1:
                creature = creatures[0]
            else:
                creature = self.choose_card("target", self.active, "capture", "¿Qué criatura captura 1 Æmbar?",
                                            "Which creature captures 1 Æmber?", creatures)
            self.capture(creature, 1, victim=victim)

    def capture(self, creature: CardState, amount: int, *, rule: str = "capture", victim: str | None = None) -> int:
        # A creature used "as if you controlled it" captures from your opponent's pool (COMO SI FUERA TUYO,
        # KF172-GEN-20: Sequis through Replicador). ``victim``: whose pool, when the effect says (Crasosaurio).
        if victim is None:
            victim = self.position.opponent(self.as_if_yours.get(creature.uid, creature.controller))
        amount = min(amount, self.amber(victim))
        supply = self.supply_instead(victim) if amount else None
        with self.res.step("capture", rule, f"{self.label(creature)} captura {amount} Æmbar",
                           f"{self.label(creature, 'en')} captures {amount} Æmber", card=creature.uid):
            if supply is not None:
                # Pixies de Po: the æmber comes from the common supply, and is still captured (KF172-GEN-41).
                self._note_from_supply(supply)
            else:
                self.res.set_player(victim, "amber", self.amber(victim) - amount)
            self.res.set_card(creature, "amber", int(creature.get("amber", 0)) + amount)
        if amount:
            self.fire("captured", card=creature, player=creature.controller, amount=amount)
        return amount

    # Damage (TABLA DE RESOLUCIÓN DE DAÑO).

    def deal_damage(self, hits: Iterable[tuple[Any, ...]], *, source: str | None = None,
                    fight: dict[str, Any] | None = None, rule: str = "damage", by: str | None = None) -> dict[str, int]:
        """Deal pending damage to each creature at once; return the damage actually dealt per uid.

        A hit is ``(creature, amount)`` or ``(creature, amount, source uid)``; ``source`` is the card dealing it (None
        for a bonus icon, which the game deals: DAÑO, FUENTE DE, KF172-GEN-28). In a fight (``fight`` given) a hit
        with its own source is that creature's power; damage keeps its source and its fight when a replacement moves
        it to another creature (KF172-CARD-16, KF172-CARD-38)."""
        todo = []
        for hit in hits:
            creature, amount = hit[0], hit[1]
            src = hit[2] if len(hit) > 2 else source
            power = hit[3] if len(hit) > 3 else (fight is not None and len(hit) > 2)
            if amount > 0 and self.board.in_play(creature):
                todo.append({"card": creature, "amount": amount, "source": src, "fight": fight is not None,
                             "power": power})
        dealt: dict[str, int] = {}
        if not todo:
            return dealt
        with self.res.step("damage", rule, "Se inflige daño pendiente", "Pending damage is dealt"):
            todo = self._replace_dealing(todo)
            self._armor_prevented: list[tuple[CardState, int]] = []
            landed = []
            for hit in todo:
                amount = self._prevent(hit["card"], hit["amount"], hit["source"])
                if amount > 0:
                    landed.append({**hit, "amount": amount})
            landed = self._after_prevention(landed)
            for hit in landed:
                creature = hit["card"]
                name_es, name_en = self.label(creature), self.label(creature, "en")
                with self.res.step("dealt", "order.damage.4", f"{name_es} sufre {hit['amount']} de daño",
                                   f"{name_en} is dealt {hit['amount']} damage", card=creature.uid):
                    self.res.set_card(creature, "damage", int(creature.get("damage", 0)) + hit["amount"])
                dealt[creature.uid] = dealt.get(creature.uid, 0) + hit["amount"]
            damaged = list({h["card"].uid: h["card"] for h in landed}.values())
            destroyed = []
            for creature in damaged:
                if self.board.in_play(creature) and self._lethal(creature):
                    destroyed.append(creature)
            # VENENO: damage dealt by a poisonous creature's power in a fight destroys the creature it is dealt to,
            # also when a replacement deals it to another creature (KF172-CARD-16).
            for hit in landed:
                creature, src = hit["card"], self._card(hit["source"])
                if hit["power"] and src is not None and self.board.keyword(src, "poison") \
                        and creature not in destroyed and self.board.in_play(creature):
                    self.res.note("poison", "poison", f"Veneno: {self.label(creature)} queda destruida",
                                  f"Poison: {self.label(creature, 'en')} is destroyed", card=creature.uid)
                    destroyed.append(creature)
            if destroyed:
                # Destroyed "in a fight": by damage dealt in the fight's damage step (not before it), wherever a
                # replacement put that damage (KF172-CARD-29, KF172-CARD-38).
                in_fight = {h["card"].uid for h in landed if h["fight"]}
                by_fight = [c for c in destroyed if c.uid in in_fight]
                others = [c for c in destroyed if c.uid not in in_fight]
                self.destroy(by_fight + others, rule="order.damage.4", fight=fight if by_fight else None,
                             fight_only={c.uid for c in by_fight})
            pending = []
            for creature, prevented in self._armor_prevented:
                pending += self.collect("armor-prevented", card=creature, player=creature.controller, amount=prevented)
            for creature in damaged:
                pending += self.collect("damaged", card=creature, player=creature.controller, amount=dealt[creature.uid],
                                        by=by)
            self.resolve_pending(pending)
        return dealt

    def _card(self, uid: str | None) -> CardState | None:
        found = self.position.find(uid) if uid else None
        return found[2] if found else None

    def _damage_effects(self, kind: str) -> list[tuple[CardState, dict[str, Any]]]:
        """Constant effects of one kind whose condition (``if``) holds now."""
        from judge.games.keyforge.effects import condition

        out = []
        for source, effect in self.board.constant_effects():
            if effect.get("modify") != kind:
                continue
            if "if" in effect and not condition(AbilityContext(self, source.uid, source.controller), effect["if"]):
                continue
            out.append((source, effect))
        return out

    def _replace_dealing(self, hits: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """EFECTOS DE SUSTITUCIÓN: a card that would deal damage and does something else instead (Id del Hombro).
        It applies whenever the card tries to deal damage, even damage that would then be prevented (KF172-CARD-71);
        a card that deals none (Escaramuza, Elusivo) or damage a bonus icon deals are not it (KF172-CARD-72,
        KF172-GEN-54). The replacement happens once per damage event."""
        keep = []
        replaced: dict[str, tuple[CardState, dict[str, Any]]] = {}
        effects = self._damage_effects("instead-of-dealing-damage")
        for hit in hits:
            src = self._card(hit["source"])
            match = next(((s, e) for s, e in effects if src is not None and self.board.affects(s, e, src)), None)
            if match is None:
                keep.append(hit)
                continue
            replaced.setdefault(src.uid, (src, match[1]))
        for src, effect in replaced.values():
            self.run_replacement(src, effect,
                                 f"Efecto de sustitución: en vez de infligir daño, {self.label(src)} hace otra cosa",
                                 f"Replacement effect: instead of dealing damage, {self.label(src, 'en')} does something else",
                                 f"Sustitución de {self.label(src)}", f"Replacement of {self.label(src, 'en')}")
        return keep

    def run_replacement(self, source: CardState, effect: dict[str, Any], text_es: str, text_en: str,
                        label_es: str, label_en: str) -> None:
        """What a constant "instead" effect does in place of the event it replaces, resolved as one ability."""
        with self.res.step("replaced", "replacement-effects", text_es, text_en, card=source.uid):
            self.run_ability(source, {"trigger": "constant", "effects": effect.get("effects", [])},
                             label_es=label_es, label_en=label_en, rule="replacement-effects")

    def _prevent(self, creature: CardState, amount: int, source: str | None) -> int:
        """Steps 1-3 of the damage table: what is left of the pending damage after prevention and armor."""
        name_es, name_en = self.label(creature), self.label(creature, "en")
        with self.res.step("pending-damage", "pending-damage", f"{name_es}: {amount} de daño pendiente",
                           f"{name_en}: {amount} pending damage", card=creature.uid):
            if self.board.cannot_be_dealt_damage(creature) or self._cannot_be_dealt_damage_by(creature, source):
                self.res.note("prevent", "order.damage.1", "Invulnerable / no se le puede infligir daño: se evita todo",
                              "Invulnerable / cannot be dealt damage: all of it is prevented", card=creature.uid)
                return 0
            if creature.get("ward"):
                with self.res.step("ward", "order.damage.2", "Escudo: se evita todo el daño y se retira el Escudo",
                                   "Ward: all the damage is prevented and the ward is removed", card=creature.uid):
                    self.res.set_card(creature, "ward", False)
                return 0
            self._settle_armor(creature)
            armor_left = max(0, self.board.armor(creature) - int(creature.get("armor-used", 0)))
            if armor_left:
                prevented = min(armor_left, amount)
                with self.res.step("armor", "order.damage.3", f"La Armadura evita {prevented}",
                                   f"Armor prevents {prevented}", card=creature.uid):
                    self.res.set_card(creature, "armor-used", int(creature.get("armor-used", 0)) + prevented)
                    if creature.get("armor-at-use") != self.board.armor(creature):
                        self.res.set_card(creature, "armor-at-use", self.board.armor(creature))
                amount -= prevented
                # "After this creature prevents damage with its armor" (Maruck el Señalado, KF172-GEN-10): it
                # resolves with the other effects that wait for this damage.
                self._armor_prevented.append((creature, prevented))
            return max(0, amount)

    def _settle_armor(self, creature: CardState) -> None:
        """ARMADURA: «Si una criatura pierde cualquier cantidad de Armadura, pierde primero armadura que ya hubiera
        usado para evitar daño pendiente este turno»: when its armor has dropped since it was last used, the used
        armor goes first (armor 3 with 2 used that loses 2 keeps 1 unused); armor gained since is unused."""
        used = int(creature.get("armor-used", 0))
        if not used:
            return
        now = self.board.armor(creature)
        then = int(creature.get("armor-at-use", now))
        if now == then:
            return
        if now < then:
            es = f"{self.label(creature)} pierde {then - now} de Armadura: pierde primero la ya usada este turno"
            en = f"{self.label(creature, 'en')} loses {then - now} armor: the armor used this turn goes first"
        else:
            es = f"{self.label(creature)} obtiene {now - then} de Armadura: aún sin usar este turno"
            en = f"{self.label(creature, 'en')} gains {now - then} armor: not used yet this turn"
        with self.res.step("armor", "armor", es, en, card=creature.uid):
            if now < then:
                self.res.set_card(creature, "armor-used", max(0, used - (then - now)))
            self.res.set_card(creature, "armor-at-use", now)

    def _cannot_be_dealt_damage_by(self, creature: CardState, source: str | None) -> bool:
        """"Cannot be dealt damage by …" (Héroe Fervoroso): only damage whose source matches ``from``; a bonus icon's
        damage has no card source (KF172-GEN-28)."""
        from judge.games.keyforge.targets import matches

        src = self._card(source)
        if src is None:
            return False
        for s, e in self._damage_effects("cannot-be-dealt-damage-by"):
            if not self.board.affects(s, e, creature):
                continue
            specs = e.get("from", [])
            for spec in specs if isinstance(specs, list) else [specs]:
                if matches(self.board, {**spec, "all": True}, src, controller=s.controller, source=s):
                    return True
        return False

    def _after_prevention(self, hits: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Between preventing damage (steps 1-3) and dealing it (step 4): replacements that deal it to another
        creature (Doble Sombrío), effects that change it (Undagnathus) and effects that deal it to one more creature
        (Bahorrinador). They come after armor, so the creature that takes it over does not use its own armor on it
        (KF172-CARD-39, KF172-GEN-09, KF172-CARD-115)."""
        out = []
        redirects = self._damage_effects("redirect-damage")
        for hit in hits:
            creature = hit["card"]
            takers = list({s.uid: s for s, e in redirects if s.uid != creature.uid and self.board.in_play(s)
                           and s.uid not in self.leaving and self.board.affects(s, e, creature)}.values())
            to = takers[0] if takers else None
            if len(takers) > 1:
                # Two replacements of the same damage (a creature between two Doble Sombrío): only one can happen;
                # the active player decides which (JUGADOR ACTIVO).
                to = self.choose_card("order", self.active, "replacement-effects",
                                      f"¿Qué efecto de sustitución se aplica al daño a {self.label(creature)}?",
                                      f"Which replacement effect applies to the damage to {self.label(creature, 'en')}?",
                                      takers)
            if to is not None:
                self.res.note("redirect", "replacement-effects",
                              f"Efecto de sustitución: el daño a {self.label(creature)} lo sufre {self.label(to)} en su lugar",
                              f"Replacement effect: the damage to {self.label(creature, 'en')} is dealt to {self.label(to, 'en')} instead",
                              card=to.uid)
                hit = {**hit, "card": to}
            out.append(hit)
        for hit in out:
            for s, e in self._damage_effects("double-damage"):
                if self.board.affects(s, e, hit["card"]):
                    self.res.note("double", "order.damage.4", f"Se duplica el daño a {self.label(hit['card'])}",
                                  f"The damage to {self.label(hit['card'], 'en')} is doubled", card=hit["card"].uid)
                    hit["amount"] *= 2
            # "It takes an additional 2" (Distracción Letal): an increase of this same damage, not new damage, so
            # each copy adds its amount once and none of them sees another's increase (KF172-CARD-37).
            for s, e in self._damage_effects("extra-damage"):
                if self.board.affects(s, e, hit["card"]):
                    extra = int(e.get("amount", 0))
                    self.res.note("extra-damage", "order.damage.4",
                                  f"{self.label(hit['card'])} sufre {extra} de daño adicional",
                                  f"{self.label(hit['card'], 'en')} takes {extra} additional damage", card=hit["card"].uid)
                    hit["amount"] += extra
        # "Also dealt to": once, from the damage the first creature is dealt; the copy makes no further copies, so
        # two neighbouring Bahorrinador each take the damage once (KF172-CARD-15). It keeps the source (KF172-CARD-16).
        # Decision: like a redirected hit it comes after the prevention steps, so the card taking the copy does not
        # prevent it again (the sources only rule on the redirection, KF172-CARD-39).
        copies = []
        for hit in out:
            for s, e in self._damage_effects("also-dealt-damage"):
                if s.uid == hit["card"].uid or not self.board.affects(s, e, hit["card"]):
                    continue
                if e.get("fights") and not hit["fight"]:
                    # "During fights" is read as the damage of the fight's damage step (order.fight.3-4), not what
                    # "Antes de luchar" effects deal: the sources do not say, and only the fight itself is certain.
                    continue
                self.res.note("also-dealt", "damage", f"El daño a {self.label(hit['card'])} también lo sufre {self.label(s)}",
                              f"The damage to {self.label(hit['card'], 'en')} is also dealt to {self.label(s, 'en')}",
                              card=s.uid)
                copies.append({**hit, "card": s})
        return out + copies

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
        for card in self.board.creatures():
            self._settle_armor(card)  # armor lost since it was used this turn: the used armor goes first (ARMADURA)
        for card in [c for c in self.board.creatures() if not self.board.is_creature(c) and c.uid not in self.leaving]:
            self.leave_battleline(card)
        lethal = [c for c in self.board.creatures() if self._lethal(c) and c.uid not in self.leaving]
        zero = [c for c in lethal if not c.get("damage")]
        for c in zero:
            self.res.note("power-zero", "KF172-GEN-21", f"{self.label(c)} tiene Poder 0 y ningún daño: es destruida",
                          f"{self.label(c, 'en')} has power 0 and no damage: it is destroyed", card=c.uid)
        if lethal:
            self.destroy(lethal, rule="damage")

    def leave_battleline(self, card: CardState) -> None:
        """A card that is no longer a creature leaves the battleline for its controller's artifacts (the effect that
        made it a creature ended): it does not leave play, so its counters and tokens, æmber included, stay on it,
        while its upgrades, which only attach to creatures, are discarded (Animador, KF172-CARD-07)."""
        with self.res.step("leaves-battleline", "KF172-CARD-07",
                           f"{self.label(card)} ya no es una criatura: vuelve a la fila de artefactos",
                           f"{self.label(card, 'en')} is no longer a creature: it goes back to the artifacts", card=card.uid):
            for upgrade in [u for u in card.attached if not u.get("under") and not u.get("grafted")]:
                self.res.note("upgrade-discarded", "upgrades", f"Se descarta la mejora {self.label(upgrade)}",
                              f"Upgrade {self.label(upgrade, 'en')} is discarded", card=upgrade.uid)
                self.res.move(upgrade, upgrade.owner, "discard")
                if upgrade.controller != upgrade.owner:
                    self.res.set_controller(upgrade, upgrade.owner)
            self.res.move(card, card.controller, "artifacts")

    def heal(self, creature: CardState, amount: int | str) -> int:
        current = int(creature.get("damage", 0))
        healed = current if amount == "all" else min(int(amount), current)
        with self.res.step("heal", "heal", f"{self.label(creature)} se cura {healed}",
                           f"{self.label(creature, 'en')} heals {healed}", card=creature.uid):
            self.res.set_card(creature, "damage", current - healed)
        return healed

    # Destruction (DESTRUIDA, order.destroyed.*).

    def destroy(self, cards: Iterable[CardState], *, rule: str = "destroyed", fight: dict[str, Any] | None = None,
                sacrifice: bool = False, fight_only: set[str] | None = None) -> list[CardState]:
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
            if card.get("ward") and self.board.is_creature(card):
                # Ward protects a creature; on a card that is an artifact again it only waits until the card is a
                # creature once more (KF172-CARD-07).
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
                if rule in ("damage", "order.damage.4") and self._lethal(card):
                    self.marked_by_damage.add(card.uid)
                # A card resolves only the "Destruida:" abilities it had when it was marked (DESTRUIDA).
                self.destroyed_abilities[card.uid] = self.abilities_of(card, "destroyed")
                if fight and (fight_only is None or card.uid in fight_only):
                    other = fight.get("defender") if card.uid == fight.get("attacker") else fight.get("attacker")
                    self.destroyed_fighting[card.uid] = other
            self.marked.extend(newly)
        if self._destroying:
            return newly  # the outer destruction resolves their "Destruida:" effects and discards them
        self._destroying = True
        try:
            self._resolve_destroyed_abilities()
            if not self.rules.destruction_mark_survives_heal():
                self._recheck_damage_destruction()
            destroyed = self._discard_marked()
        finally:
            self._destroying = False
        # order.destroyed.4 comes after the batch: what these effects destroy is a new destruction of its own.
        self._after_destroyed(destroyed)
        # What this call destroyed ("destroyed this way", "if you do"): not a card a replacement saved (its mark was
        # removed), nor one a "Destruida:" effect of the batch destroyed in turn (KF172-GEN-29).
        gone = {c.uid for c in destroyed}
        return [c for c in newly if c.uid in gone]

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
                replaces_own = any(e.get("do") == "save" and e.get("target") == "self" for e in ability.get("effects", ()))
                if replaces_own and self.board.in_play(card) and not card.get("marked"):
                    # An "instead" replacement of this card's destruction needs a destruction to replace: once another
                    # one has removed the mark, it does not resolve (EFECTOS DE SUSTITUCIÓN; two Capas del Armagedón on
                    # one creature: only one is destroyed, each ability naming its own copy, KF172-GEN-93).
                    self.res.note("nothing-to-replace", "replacement-effects",
                                  f"{self.label(card)} ya no va a ser destruida: {p.label_es} no tiene nada que sustituir",
                                  f"{self.label(card, 'en')} is no longer being destroyed: {p.label_en} has nothing to replace",
                                  card=card.uid)
                    return
                self.run_ability(card, ability, label_es=p.label_es, label_en=p.label_en)

            order_simultaneous(self.res, first, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                               rule="order.simultaneous", resolve=run, refresh=pending)

    def _recheck_damage_destruction(self) -> None:
        """Older rulebooks (no marking): a creature destroyed by its damage whose "Destruida:" effects of the batch
        healed it below its power is no longer destroyed (see ``destruction_mark_survives_heal``)."""
        for card in self.marked:
            damage, power = int(card.get("damage", 0)), self.board.power(card)
            still_lethal = damage >= power if damage else power == 0
            if card.uid in self.marked_by_damage and card.get("marked") and self.board.in_play(card) \
                    and not still_lethal:
                self.res.note("no-longer-destroyed", "destroyed",
                              f"{self.label(card)} ya no tiene daño igual o mayor que su Poder: no es destruida",
                              f"{self.label(card, 'en')} no longer has damage equal to or above its power: it is not destroyed",
                              card=card.uid)
                self.res.set_card(card, "marked", False)
        self.marked_by_damage.clear()

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
        # Cards destroyed together leave play at the same time: the neighbours each had just before leaving are those
        # of the battleline before any of them left (KF172-GEN-75).
        for c in still:
            if self.board.is_creature(c):
                self.board.last_neighbors[c.uid] = [n.uid for n in self.board.neighbors(c)]
                self._neighbors_kept.add(c.uid)
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
                if card.uid in self.destroyed_fighting:
                    # "Destroyed in a fight this turn" (Cofre de Guerra), counted for the creature's controller.
                    self.count_this_turn(card.controller, "destroyed-in-fight")
        pending = []
        for card in as_it_was:
            # "That creature" is the card in its owner's discard pile; one a "Destruida:" effect sent elsewhere is
            # not found there (KF172-CARD-06).
            pending += self.collect("destroyed", card=card, player=card.controller,
                                    fighting=self.destroyed_fighting.get(card.uid), zone=f"{card.owner}.discard")
        # "After this card leaves play" effects of the cards destroyed together wait until all of them are gone (the
        # æmber on each has gone to its opponent by then, KF172-GEN-03) and share the window of "after a creature is
        # destroyed": a creature that such an effect puts into play was not in play when the others left, so it
        # does not see them destroyed (Gebuk and Espartasaurio, KF172-CARD-56).
        left, self._left_play = self._left_play, []
        for info in left:
            pending += self.collect("leaves-play", **info)
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
                pick = self.choose_card("discard-order", self.active, "destroyed",
                                        f"¿Qué carta destruida va primero a la pila de descartes de {owner}?",
                                        f"Which destroyed card goes first to {owner}'s discard pile?", remaining)
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
        _, was_zone, _, was_index, was_host = self.position.locate(card.uid)
        # "You control this creature" (Collarín de Subordinación) is a constant ability: it stays active only while
        # the upgrade is in play (HABILIDADES CONSTANTES). If it was the control effect in force on its host, the host
        # goes back to its owner when the upgrade leaves play alone. Decision: no history of control effects is kept,
        # so an older lasting control effect does not take over again (KF172-GEN-18).
        controlled_host = was_host if (
            was_host is not None and not card.get("under") and was_host.controller == card.controller
            and was_host.controller != was_host.owner and was_host.uid not in self.leaving
            and any(a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "control"
                    for a in self.board.define(card).abilities)) else None
        left_info = {"card": card, "player": card.controller, "zone": f"{owner}.{zone}",
                     "position": was_index if was_zone == "battleline" else None, "line": card.controller}
        is_creature = self.board.is_creature(card)
        if card.uid in self._neighbors_kept:
            self._neighbors_kept.discard(card.uid)
        elif is_creature:
            self.board.last_neighbors[card.uid] = [n.uid for n in self.board.neighbors(card)]
        base = self.board.base_define(card)
        base_power = self.board.battleline_power(card, base)
        self.last_known[card.uid] = {"houses": self.board.houses(card), "power": self.board.power(card),
                                     "controller": card.controller,
                                     # The card as printed, as it last was in play (what Ciberclón copies:
                                     # KF172-CARD-26, KF172-CARD-27).
                                     "base": base.id, "base-power": base.power if base_power is None else base_power}
        self.leaving.add(card.uid)
        with self.res.step("leaves-play", "leaves-play", f"{self.label(card)} abandona el juego: va {to_zone_es(zone)} de {owner}",
                           f"{self.label(card, 'en')} leaves play: it goes to {owner}'s {zone_name(zone, 'en')}", card=card.uid):
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
                # Out of play a creature played as an upgrade is a creature again (KF172-GEN-27).
                self.res.set_card(upgrade, "as-upgrade", False)
                self.res.move(upgrade, upgrade.owner, "discard")
                self.res.set_controller(upgrade, upgrade.owner)
            self._end_lasting_on(card)
            leaving_abilities = self.abilities_of(card, "leaves-play")
            self.res.move(card, owner, zone, index)
            if card.controller != card.owner:
                self.res.set_controller(card, card.owner)
            if controlled_host is not None and self.position.locate(controlled_host.uid)[1] == "battleline":
                from judge.games.keyforge import playing
                playing.change_control(self, controlled_host, controlled_host.owner)
            for ability in leaving_abilities:
                # "If this card leaves play…" resolves with the card as it last was in play (ABANDONA EL JUEGO).
                self.run_ability(card, ability, label_es=f"Al abandonar el juego: {self.label(card)}",
                                 label_en=f"On leaving play: {self.label(card, 'en')}")
        self.leaving.discard(card.uid)
        # "After this card leaves play" (lasting effects waiting for it): at once, or, for cards destroyed together,
        # once the whole batch has left (see _after_destroyed).
        if self._destroying:
            self._left_play.append(left_info)
        else:
            self.fire("leaves-play", **left_info)

    def last_known_houses(self, card: CardState) -> set[str]:
        known = self.last_known.get(card.uid)
        return set(known["houses"]) if known else self.board.houses(card)

    def unmark(self, card: CardState) -> None:
        self.res.set_card(card, "marked", False)
        self.marked = [c for c in self.marked if c.uid != card.uid]

    def make_token(self, pid: str, card: CardState | None = None) -> bool:
        """CRIATURAS FICHA: the top card of the deck enters play face down, exhausted, on a flank, as the token.
        ``card``: another card made a token "as if it were the top card of your deck" (Invasores del Espacio, Ofrenda
        a Kiligog: KF172-ERR-12, KF172-ERR-17)."""
        from judge.games.keyforge import playing

        token = self.position.player(pid).values.get("token")
        deck = self.position.player(pid).zone("deck")
        if not token:
            self.res.note("no-token", "token-creatures", f"{pid} no tiene carta de referencia de criatura ficha: no se crea",
                          f"{pid} has no token creature reference card: nothing is made")
            return False
        if card is None and not deck:
            self.res.note("no-token", "token-creatures", "El mazo está vacío: no se crea la criatura ficha",
                          "The deck is empty: no token creature is made")
            return False
        card = deck[0] if card is None else card
        with self.res.step("make-token", "token-creatures", f"{pid} crea una criatura ficha", f"{pid} makes a token creature",
                           card=card.uid):
            if card.get("under"):
                self.res.set_card(card, "under", False)
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
        # "After a player raises the tide" waits only for a tide that actually rose: already high, there is no
        # event (KF172-GEN-61).
        self.fire("raise-tide", player=pid)
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
        with self.res.step("draw", rule, f"{pid} roba {counted(amount, 'carta', 'cartas')}", f"{pid} draws {counted(amount, 'card', 'cards')}"):
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
                options=self.card_options(deck),
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
            # A single card has only one order: nothing to ask (as in shuffle_deck).
            discard = player.zone("discard")
            order = [discard[0].uid] if len(discard) == 1 else self.res.ask(Question(
                key="deck-order", player=pid, rule="shuffle",
                prompt_es="El mazo se baraja: ¿en qué orden quedan las cartas (de arriba abajo)?",
                prompt_en="The deck is shuffled: in which order are the cards now (top first)?",
                options=self.card_options(player.zone("discard")),
                min_choices=len(player.zone("discard")), max_choices=len(player.zone("discard"))))
            by_uid = {c.uid: c for c in player.zone("discard")}
            for uid in order:
                self.res.move(by_uid[uid], pid, "deck")

    # Abilities and triggers.

    def abilities_of(self, card: CardState, trigger: str) -> list[dict[str, Any]]:
        """The card's abilities with this trigger: printed ones (unless its text is blank) and granted ones."""
        found = [{**a, "_granter": granter} if granter != card.uid else a
                 for a, granter in self.board.abilities(card) if a.get("trigger") == trigger]
        # "Each friendly creature's play effect is a play/reap effect" (Arúspice Kompsos, constant ``also-trigger``):
        # its "Jugar:" abilities also resolve as "Después de cosechar:" ones (KF172-CARD-09).
        for source, effect in self.board.constant_effects():
            if effect.get("modify") == "also-trigger" and effect.get("as") == trigger and effect.get("from") != trigger \
                    and self.board.affects(source, effect, card):
                found += [{**a, "trigger": trigger} for a in self.abilities_of(card, str(effect.get("from")))]
        return found

    def run_ability(self, card: CardState, ability: dict[str, Any], *, label_es: str, label_en: str,
                    event: dict[str, Any] | None = None, rule: str | None = None) -> None:
        from judge.games.keyforge.effects import LOOP_HARD_LIMIT, LOOP_LIMIT, run_effects

        controller = self.as_if_yours.get(card.uid, card.controller)
        ctx = AbilityContext(self, card.uid, controller, event or {}, last_known=card,
                             granter=ability.get("_granter"))
        # BUCLES INFINITOS: abilities that make each other resolve again and again (each one triggered, inside its
        # own resolution, by what the other does) are a loop no rule of six bounds. The same ability entered again
        # while it is still resolving is a repetition of the loop; past the limit the active player chooses how many
        # times the loop resolves, and the game is set back to the state after that many.
        key = (card.uid, repr(ability.get("effects")))
        frames = self._loop_frames
        outermost = key not in frames
        if outermost:
            frames[key] = []
        else:
            step = self.res.current
            fingerprint = self.rules.dumps(self.position)
            # A loop that comes back to a state it was already in never ends by itself; one that does not is only
            # taken for endless after LOOP_HARD_LIMIT repetitions (a long chain that stops by itself — each steal
            # triggering another until the pool is empty — is no loop to cut).
            cycled = any(f == fingerprint for _, f in frames[key])
            frames[key].append((self.res.checkpoint(), fingerprint))
            if cycled:
                self._loop_cycled.add(key)
            if len(frames[key]) > (LOOP_LIMIT if key in self._loop_cycled else LOOP_HARD_LIMIT):
                keep = self._choose_loop_count(len(frames[key]) - 1)
                raise _LoopCut(key, keep, self.res.current.children[-1])
        try:
            with self.res.step("ability", rule or "ability", label_es, label_en, card=card.uid):
                run_effects(ctx, ability.get("effects", []))
                self.check_state()
        except _LoopCut as cut:
            if not outermost or cut.key != key:
                raise
            self.res.rollback(frames[key][cut.keep][0], keep=[cut.decision])
            self.marked = []
            self._destroying = False
            self.res.note("loop-stopped", "infinite-loops",
                          f"El bucle se detiene tras {cut.keep} repeticiones", f"The loop stops after {cut.keep} repetitions",
                          card=card.uid)
        finally:
            if outermost:
                del frames[key]
                self._loop_cycled.discard(key)

    def _choose_loop_count(self, n: int) -> int:
        """BUCLES INFINITOS: the active player chooses how many times (up to ``n``) the loop is repeated."""
        return int(self.res.ask(Question(
            key="loop-count", player=self.active, rule="infinite-loops",
            prompt_es=f"El bucle no termina por sí solo: ¿cuántas veces se resuelve (hasta {n})?",
            prompt_en=f"The loop does not end by itself: how many times does it resolve (up to {n})?",
            options=tuple(Option(str(k), str(k), str(k)) for k in range(1, n + 1)))))

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
                    es, en = f"«Después de» de {self.label(card)}", f"'After' of {self.label(card, 'en')}"
                    if subject is not None and subject.uid != card.uid:
                        # Say which event it answers: one card's abilities for two events would read the same.
                        es, en = f"{es} ({self.label(subject)})", f"{en} ({self.label(subject, 'en')})"
                        phrase = EVENT_PHRASES.get(event)
                        if phrase:
                            es = f"«Después de» de {self.label(card)}: {phrase[0].format(self.label(subject))}"
                            en = f"'After' of {self.label(card, 'en')}: {phrase[1].format(self.label(subject, 'en'))}"
                    pending.append(self.pending(card, f"{card.uid}:{event}:{i}", es, en, Triggered(card, ability, info)))
        # Lasting effects that wait for an event ("for the remainder of the turn, each time you play…") go on even if
        # the card that made them has left play (EFECTOS DURADEROS).
        for n, lasting in enumerate(self.position.values.get("lasting", [])):
            ability = lasting.get("ability")
            if not ability or ability.get("event") != event or self.board.lasting_waiting(lasting):
                continue
            source = self.lasting_source(lasting)
            if self._event_matches(source, ability, info):
                if lasting.get("duration") in ("next-time", "once"):
                    # "La próxima vez": it applies once, the next time the event begins this turn, then ends ("once":
                    # the same with no end of turn, e.g. "if Magda la Rata leaves play", KF172-ERR-14).
                    remaining = [e for e in self.position.values.get("lasting", []) if e is not lasting]
                    self.res.note("next-time-used", "lasting-effects", "El efecto duradero se aplica una vez y termina",
                                  "The lasting effect applies once and ends")
                    self.res.set_value("lasting", remaining or None)
                es, en = f"Efecto duradero de {self.label(source)}", f"Lasting effect of {self.label(source, 'en')}"
                pending.append(self.pending(source, f"lasting{n}:{event}", es, en,
                                            Triggered(source, ability, info, needs_card_in_play=False, lasting=True),
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

    def resolve_pending(self, pending: list[Pending[Triggered]],
                        refresh: Callable[[], list[Pending[Triggered]]] | None = None) -> None:
        """Resolve simultaneous abilities in the active player's order; one whose card has left play meanwhile does
        not, unless it resolves from anywhere (a "Jugar:" ability of an action)."""
        if not pending:
            return
        pending = self._distinguish(pending)
        if refresh is not None:
            inner = refresh
            refresh = lambda: self._distinguish(inner())  # noqa: E731

        def run(p: Pending[Triggered]) -> None:
            # A "Jugar:" ability triggered "an additional time" (Oficial Científico Morfeus) resolves again right after
            # itself, before the active player picks the next ability of the window (KF172-CARD-91).
            for again in range(int(getattr(p.item, "ability", {}).get("_repeat", 1)) if isinstance(p.item, Triggered) else 1):
                if again:
                    self.res.note("again", "order.simultaneous", "Se resuelve una vez adicional",
                                  "It resolves an additional time")
                run_once(p)

        def run_once(p: Pending[Triggered]) -> None:
            t = p.item
            if self.board.in_play(t.card):
                self.run_ability(t.card, t.ability, label_es=p.label_es, label_en=p.label_en, event=t.event, rule=t.rule)
                return
            if t.needs_card_in_play:
                return
            where = self.position.find(t.card.uid)
            if where and t.rule == "play-abilities" and self.board.define(t.card).type != "action" \
                    and where[1] not in ("hand", "deck", "archives"):
                # A creature, artifact or upgrade that left play before its "Jugar:" resolved does not resolve it,
                # whichever zone it went to (KF172-GEN-55: it leaves play before its "Jugar:" has a chance to
                # resolve); its bonus icons resolved all the same (KF172-GEN-56).
                self.res.note("out-of-play", "leaves-play",
                              f"{self.label(t.card)} ya no está en juego: su «Jugar:» no se resuelve",
                              f"{self.label(t.card, 'en')} is no longer in play: its 'Play:' does not resolve",
                              card=t.card.uid)
                return
            if where and where[1] in ("hand", "deck", "archives") and self.board.define(t.card).type != "action" \
                    and not t.lasting:
                # A card that went from play to a hidden zone before its "Jugar:" resolved takes it along
                # (ABANDONA EL JUEGO; Fatua Morena destroyed by its own bonus icon, KF172-GEN-55).
                self.res.note("out-of-reach", "leaves-play",
                              f"{self.label(t.card)} ya está en una zona oculta: su efecto no se resuelve",
                              f"{self.label(t.card, 'en')} is already in a hidden zone: its effect does not resolve",
                              card=t.card.uid)
                return
            self.run_ability(t.card, t.ability, label_es=p.label_es, label_en=p.label_en, event=t.event, rule=t.rule)

        order_simultaneous(self.res, pending, policy=ACTIVE_PLAYER_ORDERS, players=[self.active],
                           rule="order.simultaneous", resolve=run, refresh=refresh)

    def _distinguish(self, pending: list[Pending[Any]]) -> list[Pending[Any]]:
        """One ability triggered by several events of the same window (a creature's "each time an enemy creature is
        destroyed fighting it" when Splash Attack destroys three): each copy is named by the card its event is about,
        so that an answer can tell them apart; copies that do not depend on their event are interchangeable."""
        from collections import Counter
        from dataclasses import replace

        counts = Counter(p.value for p in pending)
        out = []
        for n, p in enumerate(pending):
            t = p.item
            if counts[p.value] > 1 and isinstance(t, Triggered):
                subject = t.event.get("card")
                uid = subject.uid if isinstance(subject, CardState) else str(n)
                text = repr(t.ability.get("effects")) + repr(t.ability.get("if"))
                es = f"{p.label_es} — {self.label(subject)}" if isinstance(subject, CardState) else p.label_es
                en = f"{p.label_en} — {self.label(subject, 'en')}" if isinstance(subject, CardState) else p.label_en
                p = replace(p, value=f"{p.value}:{uid}", label_es=es, label_en=en,
                            same_as=None if "event" in text else p.value)
            out.append(p)
        return out

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
        if "host" in f:
            # "After you attach this upgrade to <a card>": the creature it was attached to (Bláster de García).
            host = info.get("host")
            if host is None or not matches(self.board, {**f["host"], "all": True}, host, controller=card.controller,
                                           source=card):
                return False
        if "how" in f and info.get("how") != f["how"]:
            return False  # "used to fight" (Pequeña Niff, KF172-CARD-93)
        if "house" in f and info.get("house") != f["house"]:
            return False
        if f.get("by-bonus-icon") and info.get("by") != "bonus-icon":
            return False  # "dealt damage by a damage bonus icon" (Maleficornio, KF172-GEN-51)
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
        if self._forge_replaced(pid):
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
                                              options=tuple(Option(c, key_color(c), key_color(c, "en")) for c in colors))) if len(colors) > 1 else colors[0]
                self.res.set_player(pid, "keys", [*keys, color])
            else:
                self.res.set_player(pid, "keys", int(keys) + 1)
            self.count_this_turn(pid, "forged")
            if self.board.forged_keys(pid) >= 3:
                self.res.note("win", "forge", f"{pid} forja su tercera llave y gana la partida",
                              f"{pid} forges their third key and wins the game")
                raise GameOver(pid)
        # "After a key is forged" effects (order.forge.3) wait for every forged key, the forge step's or one an
        # effect forges (FORJAR, LLAVES); a key a replacement stopped is not forged and triggers nothing.
        pending = self.collect("forge", player=pid)
        if pending:
            with self.res.step("after-forge", "order.forge.3", "Efectos «después de forjar una llave»",
                               "'After a key is forged' effects"):
                self.resolve_pending(pending)
        return True

    def _forge_replaced(self, pid: str) -> bool:
        """"If a player would forge a key" abilities (Llave Falsificada) resolve before the key is forged; one of them
        may stop it, and then nothing is spent (EFECTOS DE SUSTITUCIÓN, KF172-ERR-13)."""
        pending = []
        for _, zone, card in list(self.position.all_cards()):
            if zone not in IN_PLAY or card.get("grafted") or card.get("under"):
                continue
            for i, ability in enumerate(self.abilities_of(card, "would-forge")):
                whose = ability.get("whose", "each")
                if (whose == "yours" and card.controller != pid) or (whose == "opponents" and card.controller == pid):
                    continue
                pending.append(self.pending(card, f"{card.uid}:would-forge:{i}", f"Efecto de {self.label(card)}",
                                            f"Effect of {self.label(card, 'en')}", Triggered(card, ability, {"player": pid})))
        if not pending:
            return False
        self.forge_cancelled = False
        self.resolve_pending(pending)
        cancelled, self.forge_cancelled = self.forge_cancelled, False
        return cancelled

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
