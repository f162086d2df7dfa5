"""Dealing damage (DAÑO, TABLA DE RESOLUCIÓN DE DAÑO): pending damage, what prevents it (Invulnerable, Ward,
armor), the replacements and increases applied after prevention, and healing.

All the damage of one event is dealt at once; the creatures it destroys are destroyed together, and the effects
waiting for the damage resolve once it is all dealt.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Iterable

from judge.core.position import CardState
from judge.games.keyforge.board import matches


class Damage:
    """The damage procedures of a :class:`~judge.games.keyforge.game.Game`."""

    _armor_prevented: list[tuple[CardState, int]]
    """Creatures whose armor prevented some of the damage being dealt, and how much (for "after it prevents damage")."""

    def deal_damage(self, hits: Iterable[tuple[Any, ...]], *, source: str | None = None,
                    fight: dict[str, Any] | None = None, rule: str = "damage", by: str | None = None) -> dict[str, int]:
        """Deal pending damage to each creature at once; return the damage actually dealt per uid.

        A hit is ``(creature, amount)`` or ``(creature, amount, source uid)``; ``source`` is the card dealing it (None
        for a bonus icon, which the game deals: DAÑO, FUENTE DE, KF172-GEN-28). In a fight (``fight`` given) a hit
        with its own source is that creature's power; damage keeps its source and its fight when a replacement moves
        it to another creature (KF172-CARD-16, KF172-CARD-38). A fourth item says whether it is that power, a fifth
        what kind of damage it is (``splash-attack``); otherwise it is ``by`` (``assault``, ``bonus-icon``…) or an
        ability's — what "destroyed by this creature's assault damage" asks."""
        todo = []
        for hit in hits:
            creature, amount = hit[0], hit[1]
            src = hit[2] if len(hit) > 2 else source
            power = hit[3] if len(hit) > 3 else (fight is not None and len(hit) > 2)
            kind = hit[4] if len(hit) > 4 else ("power" if power else by or "ability")
            if amount > 0 and self.board.in_play(creature):
                todo.append({"card": creature, "amount": amount, "source": src, "fight": fight is not None,
                             "power": power, "kind": kind})
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
                if self.board.in_play(creature) and self.lethal(creature):
                    destroyed.append(creature)
            # VENENO: damage dealt by a poisonous creature's power in a fight destroys the creature it is dealt to,
            # also when a replacement deals it to another creature (KF172-CARD-16).
            for hit in landed:
                creature, src = hit["card"], self.card_at(hit["source"])
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
                # Which card's damage, of which kind, destroyed each ("destroyed by Zizok's splash-attack damage").
                killed_by = {c.uid: [(h["source"], h["kind"]) for h in landed if h["card"].uid == c.uid] for c in destroyed}
                self.destroy(by_fight + others, rule="order.damage.4", fight=fight if by_fight else None,
                             fight_only={c.uid for c in by_fight}, damage=killed_by)
            pending = []
            for creature, prevented in self._armor_prevented:
                pending += self.collect("armor-prevented", card=creature, player=creature.controller, amount=prevented)
            for creature in damaged:
                pending += self.collect("damaged", card=creature, player=creature.controller, amount=dealt[creature.uid],
                                        by=by)
            self.resolve_pending(pending)
        return dealt

    def _damage_effects(self, kind: str) -> list[tuple[CardState, dict[str, Any]]]:
        """Constant effects of one kind whose condition (``if``) holds now."""
        out = []
        for source, effect in self.board.constant_effects():
            if effect.get("modify") != kind:
                continue
            if "if" in effect and not self.interpreter.condition(self.context(source.uid, source.controller), effect["if"]):
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
            src = self.card_at(hit["source"])
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
            self.settle_armor(creature)
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

    def settle_armor(self, creature: CardState) -> None:
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
        src = self.card_at(source)
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

    def lethal(self, creature: CardState) -> bool:
        if self.marked and creature.uid in {c.uid for c in self.marked}:
            return False
        damage = int(creature.get("damage", 0))
        power = self.board.power(creature)
        if not (damage >= power if damage else power == 0):
            return False  # the usual case, asked after every step: no keyword to read
        # INVULNERABLE: it cannot be destroyed, so it stays in play even with power 0
        return not self.board.keyword(creature, "invulnerable")

    def heal(self, creature: CardState, amount: int | str) -> int:
        current = int(creature.get("damage", 0))
        healed = current if amount == "all" else min(int(amount), current)
        with self.res.step("heal", "heal", f"{self.label(creature)} se cura {healed}",
                           f"{self.label(creature, 'en')} heals {healed}", card=creature.uid):
            self.res.set_card(creature, "damage", current - healed)
        return healed
