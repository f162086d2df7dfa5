"""Forging keys (FORJAR, LLAVES): what a key costs and what may pay for it, the replacements that stop a key being
forged (Llave Falsificada), the third key that wins, and the "after a key is forged" window."""

from __future__ import annotations

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.resolution import GameOver
from judge.games.keyforge.board import IN_PLAY
from judge.games.keyforge.standing import key_forged
from judge.games.keyforge.timing import Triggered
from judge.games.keyforge.wording import key_color


class Forging:
    """The forging procedures of a :class:`~judge.games.keyforge.game.Game`."""

    def forge_sources(self, pid: str) -> list[CardState]:
        """Cards of ``pid`` whose æmber may be spent to forge (PASO 1: "Hay cartas cuyo efecto permite gastar el Æmbar
        que tengan sobre ellas para forjar llaves")."""
        return [c for c, e in self.board.constant_effects()
                if e.get("modify") == "forge-from-card" and c.controller == pid and self.board.affects(c, e, c)
                and int(c.get("amber", 0))]

    def can_forge(self, pid: str, cost: int) -> bool:
        return self.amber(pid) + sum(int(c.get("amber", 0)) for c in self.forge_sources(pid)) >= cost

    def forge(self, pid: str, *, cost: int | None = None, rule: str = "forge", chooser: str | None = None,
              color: str | None = None) -> bool:
        """``pid`` forges a key. What is chosen about it (its colour, the æmber spent from cards) is the active
        player's choice, also for a key an ability makes the other player forge, unless the ability names someone
        else (``chooser``): JUGADOR ACTIVO."""
        chooser = chooser or self.active
        cost = self.board.key_cost(pid) if cost is None else cost
        if color is not None and key_forged(self.position, pid, color):
            self.res.note("key-forged", "keys", f"{key_color(color)} de {pid} ya está forjada",
                          f"{key_color(color, 'en')} of {pid} is already forged")
            return False
        if not self.can_forge(pid, cost):
            return False
        if self._forge_replaced(pid):
            return False
        with self.res.step("forge", rule, f"{pid} forja una llave ({cost} Æmbar)", f"{pid} forges a key ({cost} Æmber)"):
            self._spend(pid, cost, chooser)
            keys = self.position.player(pid).values.get("keys", 0)
            # LLAVES: colours only matter to the cards that name them, so a position tracks them only when it lists
            # forged keys by colour; then which key is forged is the player's choice, asked like any other.
            if color is not None:
                # "Forge your red key": that key, whatever the player would choose (a position with no key forged yet
                # starts tracking colours with it).
                self.res.set_player(pid, "keys", [*(keys if isinstance(keys, list) else []), color])
            elif isinstance(keys, list):
                colors = [c for c in ("red", "blue", "yellow") if c not in keys]
                color = self.res.ask(Question(key="key-color", player=chooser, rule="keys",
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

    def _spend(self, pid: str, cost: int, chooser: str) -> None:
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
                    key="forge-from-card", player=chooser, rule="forge",
                    prompt_es=f"¿Cuánto Æmbar de {self.label(card)} se gasta en la llave?",
                    prompt_en=f"How much Æmber on {self.label(card, 'en')} is spent on the key?",
                    options=tuple(Option(str(n), str(n), str(n)) for n in range(low, high + 1)))))
            if take:
                self.res.set_card(card, "amber", on_card - take)
                remaining -= take
        self.res.set_player(pid, "amber", self.amber(pid) - remaining)

