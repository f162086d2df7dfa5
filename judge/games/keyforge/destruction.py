"""Destruction (DESTRUIDA, order.destroyed.*): marking cards for destruction, the cards destroyed together, putting
them in the discard pile, the "after a creature is destroyed" window, and the check of the game state that
destroys creatures whose damage reaches their power.

Cards marked while a destruction is under way join its group: the outermost call resolves their "Destruida:"
abilities (see :meth:`~judge.games.keyforge.timing.Timing.resolve_destroyed_abilities`) before any of them leaves
play.
"""

from __future__ import annotations

import dataclasses
from typing import Any
from collections.abc import Iterable

from judge.core.decisions import Question
from judge.core.position import CardState
from judge.core.timing import OrderAnswers
from judge.core.wording import listed
from judge.games.keyforge.board import IN_PLAY


class Destruction:
    """The destruction procedures of a :class:`~judge.games.keyforge.game.Game`."""

    def destroy(self, cards: Iterable[CardState], *, rule: str = "destroyed", fight: dict[str, Any] | None = None,
                sacrifice: bool = False, fight_only: set[str] | None = None,
                damage: dict[str, list[tuple[str | None, str]]] | None = None) -> list[CardState]:
        """Mark cards for destruction; the outermost call resolves "Destruida:" and puts them in the discard.
        ``damage``: for cards destroyed by damage, which card's damage of which kind it was."""
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
        plural = "s" if len(newly) > 1 else ""
        with self.res.step("mark", "order.destroyed.1",
                           f"Marcada{plural} para ser destruida{plural}: {listed([self.label(c) for c in newly])}",
                           f"Marked for destruction: {listed([self.label(c, 'en') for c in newly], 'en')}"):
            for card in newly:
                self.res.set_card(card, "marked", True)
                if rule in ("damage", "order.damage.4") and self.lethal(card):
                    self.marked_by_damage.add(card.uid)
                # A card resolves only the "Destruida:" abilities it had when it was marked (DESTRUIDA).
                self.destroyed_abilities[card.uid] = self.abilities_of(card, "destroyed")
                self.destroyed_by[card.uid] = (damage or {}).get(card.uid, [])
                if fight and (fight_only is None or card.uid in fight_only):
                    other = fight.get("defender") if card.uid == fight.get("attacker") else fight.get("attacker")
                    self.destroyed_fighting[card.uid] = other
            self.marked.extend(newly)
        if self._destroying:
            return newly  # the outer destruction resolves their "Destruida:" effects and discards them
        self._destroying = True
        try:
            self.resolve_destroyed_abilities()
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
                                    fighting=self.destroyed_fighting.get(card.uid), zone=f"{card.owner}.discard",
                                    damage=self.destroyed_by.pop(card.uid, []))
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
            # One question per card, or the whole order answered at once (OrderAnswers).
            answers = OrderAnswers(self.res)
            while remaining:
                question = Question(key="discard-order", player=self.active, rule="destroyed",
                                    prompt_es=f"¿Qué carta destruida va primero a la pila de descartes de {owner}?",
                                    prompt_en=f"Which destroyed card goes first to {owner}'s discard pile?",
                                    options=self.card_options(remaining))
                if len(remaining) == 1:
                    answers.forced(question)
                    pick = remaining[0]
                else:
                    chosen = answers.next(question)
                    pick = next(c for c in remaining if c.uid == chosen)
                remaining.remove(pick)
                ordered.append(pick)
            answers.finish("discard-order")
        return ordered

    def unmark(self, card: CardState) -> None:
        self.res.set_card(card, "marked", False)
        self.marked = [c for c in self.marked if c.uid != card.uid]

    def check_state(self) -> None:
        """Destroy creatures whose damage reaches their power, and power-0 creatures (DAÑO, PODER)."""
        for card in self.board.creatures():
            self.settle_armor(card)  # armor lost since it was used this turn: the used armor goes first (ARMADURA)
        for card in [c for c in self.board.creatures() if not self.board.is_creature(c) and c.uid not in self.leaving]:
            self.leave_battleline(card)
        lethal = [c for c in self.board.creatures() if self.lethal(c) and c.uid not in self.leaving]
        zero = [c for c in lethal if not c.get("damage")]
        for c in zero:
            self.res.note("power-zero", "KF172-GEN-21", f"{self.label(c)} tiene Poder 0 y ningún daño: es destruida",
                          f"{self.label(c, 'en')} has power 0 and no damage: it is destroyed", card=c.uid)
        if lethal:
            self.destroy(lethal, rule="damage")
        self.check_state_abilities()

    def check_state_abilities(self) -> None:
        """Constant abilities that act as soon as their condition holds ("if there are no enemy creatures in play,
        destroy this creature": ``state-check``), checked with the game state; each resolves as an ability of its
        card, once per check, and not again from inside its own resolution."""
        if self._checking_states:
            return
        due = [(card, ability["effect"]) for _, zone, card in self.position.all_cards()
               if zone in IN_PLAY and card.uid not in self.leaving and not card.get("under") and not card.get("grafted")
               and self.board.define(card).state_checks
               for ability in self.board.printed_abilities(card)
               if ability.get("trigger") == "constant" and ability.get("effect", {}).get("modify") == "state-check"
               and self.interpreter.condition(self.context(card.uid, card.controller), ability["effect"]["if"])]
        if not due:
            return
        self._checking_states = True
        try:
            for card, effect in due:
                if self.board.in_play(card):
                    self.run_ability(card, {"trigger": "constant", "effects": effect.get("effects", [])},
                                     label_es=f"{self.label(card)}: se cumple su condición",
                                     label_en=f"{self.label(card, 'en')}: its condition holds", rule="check")
        finally:
            self._checking_states = False

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
