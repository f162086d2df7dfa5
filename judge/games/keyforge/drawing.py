"""The deck (ROBAR (CARTAS), BARAJAR): drawing cards, and shuffling — the discard pile into a new deck when the deck
runs out. A shuffled deck's new order is the table's, reported as an answer: the engine never picks it."""

from __future__ import annotations

from judge.core.decisions import Question
from judge.games.keyforge.wording import counted


class Drawing:
    """The drawing procedures of a :class:`~judge.games.keyforge.game.Game`."""

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
