"""What a KeyForge position may hold but play cannot lead to: a creature the state check would have destroyed, a game
already won, more æmber than any game holds, an active house the player could not have chosen. Each is a warning
with the rule it breaks; the judge may still resolve the position (a real table is sometimes in such a state)."""

from __future__ import annotations

from judge.core.position import CardState, Position
from judge.core.ruleset import PositionWarning
from judge.games.keyforge import turn
from judge.games.keyforge.wording import house_name

MOST_AEMBER = 99
"""More æmber than a pool reaches in play: a key costs 6 and is forged at the start of every turn the pool allows, so
a pool in the hundreds is a mistyped count (the board's own counter stops at 99)."""


def _where(position: Position, card: CardState) -> str:
    player, zone, _ = position.find(card.uid)
    for index, other in enumerate(position.player(player.id).zone(zone)):
        if other.uid == card.uid:
            return f"players.{player.id}.{zone}[{index}]"
    return f"players.{player.id}.{zone}"


class Plausibility:
    """The warnings of a valid position, for :class:`~judge.games.keyforge.rules.KeyForge`."""

    def warnings(self, position: Position) -> list[PositionWarning]:
        if not position.players or position.values.get("winner"):
            return []
        game = self._reading(position)
        return [*self._lethal_creatures(position, game), *self._finished_game(position, game),
                *self._aember(position), *self._active_house(position, game)]

    def _lethal_creatures(self, position, game):
        # DAÑO: a creature with damage equal to or greater than its power is destroyed; PODER 0 (KF172-GEN-21) too. The
        # engine's own state check says which, so a creature that "cannot be destroyed" is left alone.
        for card in game.board.creatures():
            if not game.lethal(card):
                continue
            name_es, name_en = game.board.label(card), game.board.label(card, "en")
            damage, power = int(card.get("damage", 0)), game.board.power(card)
            if damage:
                yield PositionWarning(f"{_where(position, card)}.damage", self.cite("damage"),
                                      f"{name_en} has {damage} damage on {power} power: it would have been destroyed",
                                      f"{name_es} tiene {damage} de daño con {power} de poder: habría sido destruida")
            else:
                yield PositionWarning(_where(position, card), self.cite("KF172-GEN-21"),
                                      f"{name_en} has power 0: it would have been destroyed",
                                      f"{name_es} tiene poder 0: habría sido destruida")

    def _finished_game(self, position, game):
        # LLAVES: the first player to forge their third key wins at once, so a game with three keys forged is over,
        # and two players cannot both have forged three.
        done = [pid for pid in position.players if game.board.forged_keys(pid) >= 3]
        if len(done) > 1:
            yield PositionWarning("players", self.cite("keys"),
                                  f"{' and '.join(done)} have all forged three keys: the first to forge the third "
                                  "won at once, so both cannot have them",
                                  f"{' y '.join(done)} han forjado las tres llaves: quien forjó antes la tercera ganó "
                                  "en ese momento, así que no pueden tenerlas los dos")
        elif done:
            yield PositionWarning(f"players.{done[0]}.keys", self.cite("keys"),
                                  f"{done[0]} has forged three keys: they won when they forged the third, the game "
                                  "is over",
                                  f"{done[0]} ha forjado tres llaves: ganó al forjar la tercera, la partida ha "
                                  "terminado")

    def _aember(self, position):
        for pid, player in position.players.items():
            amber = player.values.get("amber", 0)
            if isinstance(amber, int) and amber > MOST_AEMBER:
                yield PositionWarning(f"players.{pid}.amber", self.cite("aember"),
                                      f"{pid} has {amber:,} æmber: no game reaches that pool (a key costs 6 and is "
                                      "forged each turn the pool allows)",
                                      f"{pid} tiene {amber:,} de Æmbar: ninguna partida llega a esa reserva (una "
                                      "llave cuesta 6 y se forja cada turno que la reserva lo permite)".replace(",", "."))

    def _active_house(self, position, game):
        # ELECCIÓN DE CASA: the active house is one of the three on the identity card (or of a card in play the
        # player controls, which the engine offers as well).
        for pid, player in position.players.items():
            house, houses = player.values.get("house"), player.values.get("houses")
            if not house or not houses or house in turn.house_options(game, pid):
                continue
            listed_en = ", ".join(house_name(h, "en") for h in houses)
            listed_es = ", ".join(house_name(h) for h in houses)
            yield PositionWarning(f"players.{pid}.house", self.cite("house-choice"),
                                  f"{pid}'s active house {house_name(house, 'en')} is not among their deck's houses "
                                  f"({listed_en})",
                                  f"la Casa activa de {pid}, {house_name(house)}, no es de las de su mazo ({listed_es})")
