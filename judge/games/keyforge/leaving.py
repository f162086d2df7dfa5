"""Leaving play (ABANDONA EL JUEGO): where a card goes and what goes with it — its æmber to the opponent, its
upgrades, grafted cards and cards under it to their owners' discard piles, the lasting effects on it — and what the
card was just before it left, which the rest of an ability still reads. Ward stops a creature leaving play by an
effect (ESCUDAR). A card on its way to a zone meets the replacements that send it elsewhere, however it was picked —
chosen, at random, from the top of a deck (EFECTOS DE SUSTITUCIÓN)."""

from __future__ import annotations

from judge.core.position import CardState
from judge.games.keyforge.board import matches
from judge.games.keyforge.positions import CARD_FACTS
from judge.games.keyforge.wording import to_zone_es, zone_name


class Leaving:
    """The leaving-play procedures of a :class:`~judge.games.keyforge.game.Game`."""

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

    def entering_replacement(self, card: CardState, zone: str, *, from_play: bool) -> tuple[CardState, str] | None:
        """A constant or lasting "if it would be put into <zone>, it goes to <to> instead" that applies to this card,
        with the zone it goes to instead (Ritual de Aniquilación: a creature that would enter a discard pile from play is
        purged instead)."""
        for source, effect in self.board.constant_effects():
            if effect.get("modify") != "redirect-entering" or effect.get("zone") != zone:
                continue
            if effect.get("from") == "play" and not from_play:
                continue
            target = effect.get("target", {"kind": "card"})
            controller = effect.get("_lasting", {}).get("controller", source.controller)
            if isinstance(target, dict) and "uids" in target:
                hit = card.uid in target["uids"]
            else:
                hit = isinstance(target, dict) and matches(self.board, {**target, "all": True}, card,
                                                           controller=controller, source=source)
            if hit and effect.get("to") != zone:
                return source, str(effect.get("to"))
        return None

    def move_out(self, card: CardState, pid: str, zone: str, *, rule: str, index: int | None = None) -> bool:
        """Move a card that is not in play to ``pid``'s ``zone`` — chosen, at random or from a deck, all the same: a
        lasting "if it leaves this zone, it goes to its owner's hand instead" (Recolección de Muestras, KF172-GEN-07)
        and an "if it would be put into that zone, it goes elsewhere instead" replace the move. Return whether it
        reached ``zone``."""
        where = self.position.find(card.uid)
        here = where[1] if where else None
        lasting = list(self.position.values.get("lasting", []))
        for n, entry in enumerate(lasting):
            effect = entry.get("effect", {})
            if effect.get("modify") == "redirect-leaving" and card.uid in effect.get("target", {}).get("uids", ()) \
                    and effect.get("zone") == here and here != zone:
                dest = effect.get("to", "hand")
                with self.res.step("replaced", "replacement-effects",
                                   f"Efecto de sustitución: {self.label(card)} va {to_zone_es(dest)} de su propietario en vez de eso",
                                   f"Replacement effect: {self.label(card, 'en')} goes to its owner's {zone_name(dest, 'en')} instead",
                                   card=card.uid):
                    self.res.move(card, card.owner, dest)
                    uids = [u for u in effect["target"]["uids"] if u != card.uid]
                    if uids:
                        lasting[n] = {**entry, "effect": {**effect, "target": {"uids": uids}}}
                    else:
                        del lasting[n]  # it has replaced every move it was waiting for
                    self.res.set_value("lasting", lasting or None)
                return dest == zone
        instead = self.entering_replacement(card, zone, from_play=False)
        if instead is not None:
            source, dest = instead
            self._replaced_entry(card, source, dest)
            self.res.move(card, card.owner, dest)
            return False
        self.res.move(card, pid, zone, index)
        return True

    def _replaced_entry(self, card: CardState, source: CardState, dest: str) -> None:
        self.res.note("replaced", "replacement-effects",
                      f"Efecto de sustitución de {self.label(source)}: {self.label(card)} va {to_zone_es(dest)} de su propietario en vez de eso",
                      f"Replacement effect of {self.label(source, 'en')}: {self.label(card, 'en')} goes to its owner's "
                      f"{zone_name(dest, 'en')} instead", card=card.uid)

    def leaves_play(self, card: CardState, zone: str, *, rule: str = "leaves-play", to_player: str | None = None,
                    index: int | None = None) -> None:
        instead: tuple[CardState, str] | None = self.entering_replacement(card, zone, from_play=True)
        if instead is not None:
            zone, to_player, index = instead[1], None, None
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
            if instead is not None:
                self._replaced_entry(card, instead[0], zone)
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
                if key != "amber" and key not in CARD_FACTS:
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
                self.change_control(controlled_host, controlled_host.owner)
            for ability in leaving_abilities:
                # "If this card leaves play…" resolves with the card as it last was in play (ABANDONA EL JUEGO).
                self.run_ability(card, ability, label_es=f"Al abandonar el juego: {self.label(card)}",
                                 label_en=f"On leaving play: {self.label(card, 'en')}")
        self.leaving.discard(card.uid)
        # "After this card leaves play" (lasting effects waiting for it): at once, or, for cards destroyed together,
        # once the whole batch has left (see Destruction._after_destroyed).
        if self._destroying:
            self._left_play.append(left_info)
        else:
            self.fire("leaves-play", **left_info)

    def last_known_houses(self, card: CardState) -> set[str]:
        known = self.last_known.get(card.uid)
        return set(known["houses"]) if known else self.board.houses(card)

    def _end_lasting_on(self, card: CardState) -> None:
        # The lasting effects on the card end for it alone: an effect on several chosen cards goes on for the others
        # (ABANDONA EL JUEGO, EFECTOS DURADEROS). Those that last while their source stays in play end altogether
        # (Restringtonus).
        lasting = self.position.values.get("lasting", [])
        keep = []
        for entry in lasting:
            if entry.get("duration") == "while-in-play" and entry.get("source") == card.uid:
                continue
            effect = entry.get("effect", {})
            uids = effect.get("target", {}).get("uids", ()) if isinstance(effect.get("target"), dict) else ()
            if card.uid in uids:
                rest = [u for u in uids if u != card.uid]
                if not rest:
                    continue
                entry = {**entry, "effect": {**effect, "target": {**effect["target"], "uids": rest}}}
            keep.append(entry)
        if keep != lasting:
            self.res.set_value("lasting", keep or None)
