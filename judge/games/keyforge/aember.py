"""Æmber (ÆMBAR): gaining, losing, stealing and capturing it, with the replacements that change where it comes from
or goes (Pixies de Po, Gargantodonte) and the cards that protect a pool."""

from __future__ import annotations

from judge.core.position import CardState


class Aember:
    """The æmber procedures of a :class:`~judge.games.keyforge.game.Game`."""

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
            if effect.get("modify") == "aember-from-supply" and self.board.effect_player(source, effect, "you") == victim:
                return source
        return None

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
