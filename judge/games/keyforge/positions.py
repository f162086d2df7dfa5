"""What a KeyForge position is written with — its zones, the state a card may carry, a player's values, the steps of
a turn, the game's own values — and the check of a position against the rules (two players, known cards where
they can be, counters in range)."""

from __future__ import annotations

import difflib

from judge.core.errors import Problem, UnknownCardError
from judge.core.position import CardState, Position
from judge.games.keyforge import earlier
from judge.games.keyforge.board import IN_PLAY
from judge.games.keyforge.catalog import BONUS_ICONS, HOUSES, Catalog, catalog_with

ZONES = ("hand", "deck", "discard", "archives", "purged", "battleline", "artifacts", "revealed")
CARD_STATE = {
    "exhausted": bool, "stun": bool, "enrage": bool, "ward": bool, "face-down": bool, "elusive-used": bool,
    "damage": int, "amber": int, "power": int, "armor-used": int, "armor-at-use": int, "token": str, "purged-by": str, "grafted": bool,
    "under": bool, "copy-of": str, "as-upgrade": bool, "maverick": str,
}
"""Card state a position may give a card; named counters are written ``counter-<name> = N``."""
ENHANCED = {"icons": list}
"""What a position may say of one copy of a card beyond its catalog entry: the bonus icons Enhance added to it when its
deck was made (POTENCIAR), written ``icons = ["aember", "draw"]``, below the printed ones."""
CARD_FACTS = ("maverick", *ENHANCED)
"""Card state that belongs to the card itself wherever it is, not to its time in play: the house printed on a maverick
card, its enhanced bonus icons (DISIDENTE, POTENCIAR)."""
PLAYER_VALUES = {"amber", "keys", "chains", "houses", "house", "name", "token"}
"""Values a player may have."""
STEPS = ("start", "forge", "house", "main", "ready", "draw", "end")
GAME_VALUES = ("first-turn", "lasting", "plays", "uses", "actions-this-step", "step-ended", "first-turn-cards", "winner", "result",
               "tide", "this-turn", "last-turn")
"""Values of the whole game a position may hold (what this turn has done so far, lasting effects, the tide…)."""


class PositionCheck:
    """The game-level check of a position, for :class:`~judge.games.keyforge.rules.KeyForge`."""

    def validate(self, position: Position) -> list[Problem]:
        problems: list[Problem] = []
        if len(position.players) != 2:
            problems.append(Problem("players", f"KeyForge is played by two players, not {len(position.players)}",
                                    f"KeyForge se juega entre dos jugadores, no {len(position.players)}"))
        catalog, custom_problems = catalog_with(self.id, position.cards)
        problems.extend(custom_problems)
        for pid, player in position.players.items():
            where = f"players.{pid}"
            for k in player.values:
                if k not in PLAYER_VALUES:
                    problems.append(Problem(f"{where}.{k}", f"unknown player value or zone (values: {', '.join(sorted(PLAYER_VALUES))}; zones: {', '.join(ZONES)})",
                                            f"valor o zona de jugador desconocido (valores: {', '.join(sorted(PLAYER_VALUES))}; zonas: {', '.join(ZONES)})"))
            amber = player.values.get("amber", 0)
            if not isinstance(amber, int) or isinstance(amber, bool) or amber < 0:
                problems.append(Problem(f"{where}.amber", "æmber is a whole number ≥ 0", "el Æmbar es un número entero ≥ 0"))
            keys = player.values.get("keys", 0)
            if isinstance(keys, list):
                if not all(isinstance(k, str) for k in keys) or len(set(keys)) != len(keys) \
                        or not set(keys) <= {"red", "blue", "yellow"}:
                    problems.append(Problem(f"{where}.keys", "forged keys are a count (0–3) or a list of colours red/blue/yellow",
                                            "las llaves forjadas son un número (0–3) o una lista de colores red/blue/yellow"))
            elif not isinstance(keys, int) or isinstance(keys, bool) or not 0 <= keys <= 3:
                problems.append(Problem(f"{where}.keys", "forged keys are a count from 0 to 3",
                                        "las llaves forjadas son un número de 0 a 3"))
            chains = player.values.get("chains", 0)
            if not isinstance(chains, int) or isinstance(chains, bool) or not 0 <= chains <= 24:
                problems.append(Problem(f"{where}.chains", "chains are a whole number from 0 to 24 (CADENAS)",
                                        "las cadenas son un número entero de 0 a 24 (CADENAS)"))
            houses = player.values.get("houses", [])
            if not isinstance(houses, list) or any(h not in HOUSES for h in houses) or len(houses) > 3:
                problems.append(Problem(f"{where}.houses", f"the identity card's houses: up to three of {', '.join(HOUSES)}",
                                        f"las Casas de la carta de identidad: hasta tres de {', '.join(HOUSES)}"))
            house = player.values.get("house")
            if house is not None and house not in HOUSES:
                problems.append(Problem(f"{where}.house", f"unknown house {house!r}", f"Casa desconocida {house!r}"))
            for zone, cards in player.zones.items():
                for i, card in enumerate(cards):
                    problems.extend(self._check_card(catalog, card, f"{where}.{zone}[{i}]", zone, position))
        if position.step and position.step not in STEPS:
            problems.append(Problem("step", f"step is one of {', '.join(STEPS)}", f"el paso es uno de {', '.join(STEPS)}"))
        if position.step == "main" and position.players.get(position.active) is not None:
            if position.player(position.active).values.get("house") is None:
                problems.append(Problem(f"players.{position.active}.house",
                                        "in step 3 the active player has an active house (set house = \"...\")",
                                        "en el paso 3 el jugador activo tiene una Casa activa (pon house = \"...\")"))
        for k in position.values:
            if k not in GAME_VALUES:
                problems.append(Problem(f"values.{k}", "unknown game value", "valor de partida desconocido"))
        problems.extend(earlier.problems(position, lambda name: _lookup_id(catalog, name)))
        return problems

    def _check_card(self, catalog: Catalog, card: CardState, where: str, zone: str, position: Position,
                    attached: bool = False) -> list[Problem]:
        problems: list[Problem] = []
        try:
            d = catalog.lookup(card.card)
        except UnknownCardError as exc:
            return [Problem(f"{where}.card", str(exc), exc.message_es)]
        for pid in (card.owner, card.controller):
            if pid not in position.players:
                problems.append(Problem(where, f"unknown player {pid!r}", f"jugador desconocido {pid!r}"))
        if attached and d.type != "upgrade" and not d.keyword("gigantic") and not card.get("grafted") \
                and not card.get("under") and not (card.get("as-upgrade") and d.as_upgrade is not None):
            problems.append(Problem(where, f"{d.name_es} is a {d.type}, only upgrades (or a gigantic creature's other "
                                           "half) are attached to creatures",
                                    f"{d.name_es} es {d.type}: solo las mejoras (o la otra mitad de una criatura "
                                    "gigantesca) se vinculan a criaturas"))
        creature_in_battleline = any(a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "creature-in-battleline"
                                     for a in d.abilities)
        if card.state.get("copy-of"):
            try:
                copied = catalog.lookup(str(card.state["copy-of"]))
            except UnknownCardError as exc:
                return [Problem(f"{where}.copy-of", str(exc))]
            creature_in_battleline = creature_in_battleline or any(
                a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "creature-in-battleline"
                for a in copied.abilities)
        # A token creature may be any card face down: its printed type does not matter while it is a token (KF172-CARD-61).
        if not attached and zone == "battleline" and not d.is_creature and not creature_in_battleline \
                and not card.get("token"):
            problems.append(Problem(where, f"{d.name_es} is a {d.type}, not a creature: it cannot be in the battleline",
                                    f"{d.name_es} es {d.type}, no una criatura: no puede estar en la línea de batalla"))
        if not attached and zone == "artifacts" and d.type != "artifact":
            problems.append(Problem(where, f"{d.name_es} is a {d.type}, not an artifact", f"{d.name_es} es {d.type}, no un artefacto"))
        # Cards under a card (Plan Maestro, KF172-GEN-67) may sit under an artifact too.
        if any(not u.get("under") for u in card.attached) and (zone != "battleline" or attached):
            problems.append(Problem(where, "only creatures in play carry upgrades", "solo las criaturas en juego llevan mejoras"))
        for k, v in card.state.items():
            expected = CARD_STATE.get(k, ENHANCED.get(k))
            if expected is None:
                if k.startswith("counter-") and isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                    continue
                close = difflib.get_close_matches(k, list(CARD_STATE), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                hint_es = f" (¿quisiste decir {close[0]!r}?)" if close else ""
                problems.append(Problem(f"{where}.{k}", f"unknown card state{hint}; named counters are written counter-<name> = N",
                                        f"estado de carta desconocido{hint_es}; un contador con nombre se escribe counter-<nombre> = N"))
            elif expected is bool and not isinstance(v, bool):
                problems.append(Problem(f"{where}.{k}", "must be true or false", "debe ser true o false"))
            elif expected is int and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                problems.append(Problem(f"{where}.{k}", "must be a whole number ≥ 0", "debe ser un número entero ≥ 0"))
            elif expected is list:
                if not isinstance(v, list) or any(i not in BONUS_ICONS for i in v):
                    problems.append(Problem(f"{where}.{k}", f"the bonus icons added to this card (POTENCIAR): a list of {', '.join(BONUS_ICONS)}",
                                            f"los iconos de bonificación añadidos a esta carta (POTENCIAR): una lista de {', '.join(BONUS_ICONS)}"))
            elif expected is str and k == "copy-of":
                pass  # checked above
            elif expected is str and k == "maverick" and v not in HOUSES:
                problems.append(Problem(f"{where}.{k}", f"a maverick card names the house printed on it, one of {', '.join(HOUSES)}",
                                        f"una carta disidente nombra la Casa impresa en ella, una de {', '.join(HOUSES)}"))
            elif expected is str and k == "token":
                try:
                    catalog.lookup(str(v))
                except UnknownCardError as exc:
                    problems.append(Problem(f"{where}.{k}", str(exc), exc.message_es))
        if zone not in IN_PLAY and card.state and not attached:
            states = ", ".join(k for k in card.state if k not in CARD_FACTS and k not in ("face-down", "purged-by"))
            if states:
                problems.append(Problem(where, f"a card out of play carries no counters or state ({states})",
                                        f"una carta fuera de juego no lleva contadores ni estados ({states})"))
        for i, up in enumerate(card.attached):
            problems.extend(self._check_card(catalog, up, f"{where}.upgrades[{i}]", zone, position, attached=True))
        return problems


def _lookup_id(catalog: Catalog, name: str) -> str:
    try:
        return catalog.lookup(name).id
    except UnknownCardError as exc:
        raise KeyError(str(exc)) from exc
