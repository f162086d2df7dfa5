"""The KeyForge rulesets: the master rulebook 17.2, and the older rulebooks 1.3 and 1.1 as subclasses that override
only the hooks where the rule changed (``../shared/reference/keyforge-versions.md`` lists the differences)."""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from judge.core.decisions import fold
from judge.core.errors import IllegalPlayError, InvalidPlayError, Problem, UnknownCardError
from judge.core.notation import Layout
from judge.core.position import CardState, Position
from judge.core.resolution import Resolution
from judge.core.ruleset import Play, Ruleset
from judge.games.keyforge import playing, turn, using, vocabulary
from judge.games.keyforge.board import IN_PLAY, Board
from judge.games.keyforge.catalog import HOUSES, Catalog, default_catalog
from judge.games.keyforge.game import Game

ZONES = ("hand", "deck", "discard", "archives", "purged", "battleline", "artifacts", "revealed")
CARD_STATE = {
    "exhausted": bool, "stun": bool, "enrage": bool, "ward": bool, "face-down": bool, "elusive-used": bool,
    "damage": int, "amber": int, "power": int, "armor-used": int, "armor-at-use": int, "token": str, "purged-by": str, "grafted": bool,
    "under": bool, "copy-of": str, "as-upgrade": bool, "maverick": str,
}
"""Card state a position may give a card; named counters are written ``counter-<name> = N``."""
PLAYER_VALUES = {"amber", "keys", "chains", "houses", "house", "name", "token"}
STEPS = ("start", "forge", "house", "main", "ready", "draw", "end")
VERBS = ("play", "discard", "reap", "fight", "action", "omni", "unstun", "raise-tide", "end-turn")

RULE_KEYS = frozenset({
    "ability", "action-abilities", "active-house", "active-player", "aember", "aember-bonus-icon", "alpha", "archives", "armor",
    "as-if-yours", "assault", "cannot-vs-must", "capture", "capture-bonus-icon", "chains", "check", "control",
    "damage", "damage-bonus-icon", "deck", "deploy", "destroyed", "discard-bonus-icon", "discard-cards", "draw",
    "draw-bonus-icon", "elusive", "enrage", "enters-play", "exalt", "exchange-control", "exhaust", "fight", "graft",
    "fight-with", "first-turn-rule", "flank", "for-each", "forge", "gigantic", "golden-rule", "hazardous",
    "any-number", "heal", "house-choice", "if-you-do", "in-this-way", "infinite-loops", "invulnerable", "keys", "lasting-effects",
    "least-powerful", "least-powerful-groups", "leaves-play", "may", "most-powerful", "most-powerful-groups",
    "move", "omega", "omni", "order.action-omni.1", "order.action-omni.2", "order.choose-house.1",
    "order.choose-house.2", "order.choose-house.3", "order.damage.1", "order.damage.2", "order.damage.3", "order.damage.4",
    "order.destroyed.1", "order.destroyed.2", "order.destroyed.3", "order.destroyed.4", "order.draw.1",
    "order.end-of-turn", "order.fight.1", "order.fight.2", "order.fight.3", "order.fight.4", "order.fight.5",
    "order.forge.1", "order.forge.2", "order.forge.3", "order.play.1", "order.play.2", "order.play.3", "order.play.4",
    "order.ready.1", "order.reap.1", "order.reap.2", "order.reap.3", "order.simultaneous",
    "order.start-of-turn", "pay", "pending-damage", "play-abilities", "play-cards", "poison", "power-counters",
    "previous", "purge", "put-into-zone", "ready-and-exhausted", "reap", "repeat", "replacement-effects",
    "resolve-as-much-as-you-can", "restrictions", "return", "rule-of-six", "sacrifice", "scrap", "search",
    "shuffle", "skirmish", "splash-attack", "steal", "stun", "swap", "taunt", "tide", "token-creatures",
    "treachery", "turn-sequence", "turn.step-1-forge", "turn.step-3-play-discard-use", "turn.step-5-draw",
    "unforge", "upgrades", "use-artifacts", "self-referential-text", "use-creatures", "using-cards-through-other-cards", "ward",
})
"""Every rule key the KeyForge code cites (a test checks that each resolves in every ruleset's document)."""


def _custom_key(cards: dict[str, Any]) -> str:
    return json.dumps(cards, sort_keys=True, ensure_ascii=False)


@functools.lru_cache(maxsize=64)
def _catalog_with(ruleset_id: str, custom_json: str) -> tuple[Catalog, tuple[Problem, ...]]:
    catalog, problems = default_catalog().for_ruleset(ruleset_id).with_custom(json.loads(custom_json))
    return catalog, tuple(problems)


@dataclass(frozen=True)
class KeyForge(Ruleset):
    """KeyForge under the master rulebook v17.2 (October 2023)."""

    id: str = "keyforge-17.2"
    game: str = "keyforge"
    document: str = "keyforge-17.2"
    title: str = "KeyForge — Reglamento maestro 17.2"

    layout: ClassVar[Layout] = Layout(zones=ZONES, in_play=frozenset(IN_PLAY), attached_key="upgrades")
    verbs: ClassVar[tuple[str, ...]] = VERBS
    hand_size: ClassVar[int] = 6
    rule_aliases: ClassVar[dict[str, str]] = {}
    """Rule keys this ruleset's document files under another section id (older rulebooks)."""
    from_master: ClassVar[frozenset[str]] = frozenset()
    """Rule keys this ruleset's document does not have at all (later mechanics: tokens, tide, ward…). A position may
    still hold such a card; the step then cites the master rulebook, the only document that defines it."""

    # Citations.

    def cite(self, rule: str) -> str:
        if rule in self.from_master:
            return f"keyforge-17.2#{rule}"
        return super().cite(self.rule_aliases.get(rule, rule))

    def rule_keys(self) -> set[str]:
        return set(RULE_KEYS)

    # Hooks where the rulebooks differ.

    def elusive_spent_on_choice(self) -> bool:
        """17.2 ELUSIVO: Elusive is used up the first time each turn the creature is *chosen* to be fought, even if
        the fight then never happens (FAQ: Hazardous destroys the attacker)."""
        return True

    def abilities_per_use(self, game: Game, card: CardState, abilities: list[dict[str, Any]], trigger: str) -> list[dict[str, Any]]:
        """17.2: one "Acción:"/"Omni:" ability resolves per use; with several, the player chooses which."""
        if len(abilities) <= 1:
            return abilities
        from judge.core.decisions import Option, Question

        chosen = game.res.ask(Question(
            key="ability", player=game.active, rule="action-abilities" if trigger == "action" else "omni",
            prompt_es="¿Qué habilidad usas?", prompt_en="Which ability do you use?",
            options=tuple(Option(str(i), vocabulary.ability_label(a, i), vocabulary.ability_label(a, i, "en"))
                          for i, a in enumerate(abilities))))
        return [abilities[int(chosen)]]

    def controller_on_play(self, game: Game, card: CardState) -> str:
        """17.2 CONTROL: a played card is controlled by the active player; Treachery (or the card's own "enters play
        under your opponent's control") gives it to the opponent."""
        if playing.enters_under_opponent(game, card):
            return game.position.opponent(game.active)
        return game.active

    def first_turn_limit_modifiable(self) -> bool:
        """17.2 Regla del primer turno: card effects may modify it."""
        return True

    def play_triggers_before_play_effects(self) -> bool:
        """17.2 (KF172-CARD-01): "each time you play a card" effects resolve together with "Jugar:" effects, in the
        active player's order."""
        return False

    def omega_allows_pending_uses(self) -> bool:
        """17.2 OMEGA: the step ends "excepto si es por la resolución de habilidades y efectos pendientes": an effect
        still resolving may use a creature (KF172-RULE-OMEGA-2)."""
        return True

    def destruction_mark_survives_heal(self) -> bool:
        """17.2 DESTRUIDA: a card is marked for destruction; healing it afterwards does not remove the mark, only an
        "en vez de eso" replacement does (FAQ Duma la Mártir, KF172-GEN-33)."""
        return True

    def play_restriction(self, game: Game, card: CardState) -> str | None:
        """Why this card cannot be played now by a card effect (its own play restriction), or None."""
        from judge.games.keyforge.effects import condition
        from judge.games.keyforge.game import AbilityContext

        for ability in game.board.define(card).abilities:
            effect = ability.get("effect", {})
            if ability.get("trigger") == "constant" and effect.get("modify") == "play-restriction":
                ctx = AbilityContext(game, card.uid, game.active)
                if not condition(ctx, effect["if"]):
                    return effect.get("label", "restricción de juego")
        return None

    def cannot_use(self, game: Game, card: CardState, how: str) -> bool:
        """Whether a constant ability forbids using this card in this way (Blorb cannot reap)."""
        # `except` = the only way it may still be used ("can only fight"); removing a stun is then allowed too, as
        # the stunned creature is used by that way (ATURDIR).
        def forbids(e: dict[str, Any]) -> bool:
            if "except" in e:
                return how not in (e["except"], "unstun")
            return e.get("use", how) == how

        def lifted(e: dict[str, Any]) -> bool:
            # A card usable only once its controller has discarded a card this turn (Atadura Terrena,
            # KF172-CARD-11): `unless` is read from the side of the card's controller ("you" is that player).
            if "unless" not in e:
                return False
            from judge.games.keyforge.effects import condition
            from judge.games.keyforge.game import AbilityContext

            return condition(AbilityContext(game, card.uid, card.controller), e["unless"])
        return any(e.get("modify") == "cannot-use" and forbids(e) and game.board.affects(s, e, card) and not lifted(e)
                   for s, e in game.board.constant_effects())

    def allowed_houses(self, game: Game, options: list[str], must: set[str], cannot: set[str]) -> list[str]:
        """17.2 NO PODER CONTRA DEBER: "cannot" beats "must" — a forbidden required house is simply not chosen, and
        the player chooses among the others; a required house that is allowed is the only choice."""
        allowed = [h for h in options if h not in cannot]
        required = [h for h in allowed if h in must]
        return required or allowed

    def impossible_house_demand_ignored(self) -> bool:
        """17.2 PASO 2: an effect that makes a player choose a house that is neither on their identity card nor the
        house of a card they control is ignored (Señor del Foso disidente, KF13-FAQ-24, KF172-CARD-104)."""
        return True

    # Catalog.

    def catalog_for(self, position: Position) -> Catalog:
        """The cards as this ruleset's document has them (errata apply from the document that made them)."""
        return _catalog_with(self.id, _custom_key(position.cards))[0]

    def canonical(self, position: Position, expected: Any) -> Any:
        if isinstance(expected, list):
            return [self.canonical(position, e) for e in expected]
        if isinstance(expected, str) and not position.find(expected):
            try:
                return self.catalog_for(position).lookup(expected).id
            except UnknownCardError:
                return expected
        return expected

    # Positions.

    def read_position(self, doc: dict[str, Any]) -> Position:
        position = super().read_position(doc)
        # Card names are written in any language; the canonical form keeps the catalog id.
        catalog = self.catalog_for(position)
        for _, _, card in position.all_cards():
            card.card = catalog.lookup(card.card).id
            if card.state.get("copy-of"):
                card.state["copy-of"] = catalog.lookup(str(card.state["copy-of"])).id
        return position

    def validate(self, position: Position) -> list[Problem]:
        problems: list[Problem] = []
        if len(position.players) != 2:
            problems.append(Problem("players", f"KeyForge is played by two players, not {len(position.players)}",
                                    f"KeyForge se juega entre dos jugadores, no {len(position.players)}"))
        catalog, custom_problems = _catalog_with(self.id, _custom_key(position.cards))
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
            if k not in ("first-turn", "lasting", "plays", "uses", "actions-this-step", "step-ended",
                         "first-turn-cards", "winner", "tide", "this-turn", "last-turn"):
                problems.append(Problem(f"values.{k}", "unknown game value", "valor de partida desconocido"))
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
            expected = CARD_STATE.get(k)
            if expected is None:
                if k.startswith("counter-") and isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                    continue
                import difflib

                close = difflib.get_close_matches(k, list(CARD_STATE), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                hint_es = f" (¿quisiste decir {close[0]!r}?)" if close else ""
                problems.append(Problem(f"{where}.{k}", f"unknown card state{hint}; named counters are written counter-<name> = N",
                                        f"estado de carta desconocido{hint_es}; un contador con nombre se escribe counter-<nombre> = N"))
            elif expected is bool and not isinstance(v, bool):
                problems.append(Problem(f"{where}.{k}", "must be true or false", "debe ser true o false"))
            elif expected is int and (not isinstance(v, int) or isinstance(v, bool) or v < 0):
                problems.append(Problem(f"{where}.{k}", "must be a whole number ≥ 0", "debe ser un número entero ≥ 0"))
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
            states = ", ".join(k for k in card.state if k not in ("face-down", "purged-by", "maverick"))
            if states:
                problems.append(Problem(where, f"a card out of play carries no counters or state ({states})",
                                        f"una carta fuera de juego no lleva contadores ni estados ({states})"))
        for i, up in enumerate(card.attached):
            problems.extend(self._check_card(catalog, up, f"{where}.upgrades[{i}]", zone, position, attached=True))
        return problems

    # Plays.

    def _find(self, position: Position, play: Play, zones: tuple[str, ...], *, controller: str | None) -> CardState:
        if not play.card:
            raise InvalidPlayError(f"{play.verb} needs a card: e.g. '{play.verb} Troll' or '{play.verb} c3'",
                                   f"{play.verb} necesita una carta: p. ej. '{play.verb} Troll' o '{play.verb} c3'")
        catalog = self.catalog_for(position)
        pool = []
        for player in position.players.values():
            for zone in zones:
                for card in player.zone(zone):
                    if controller is None or card.controller == controller or zone == "hand":
                        pool.append(card)
        by_uid = [c for c in pool if c.uid == play.card]
        if by_uid:
            return by_uid[0]
        found = position.find(play.card)
        if found:
            raise IllegalPlayError(f"{play.card} ({catalog.lookup(found[2].card).name_en}) is in {found[0].id}'s "
                                   f"{vocabulary.zone_name(found[1], 'en')}, not where '{play.verb}' takes a card from",
                                   es=f"{play.card} está en {vocabulary.zone_name(found[1])} de {found[0].id}, no donde "
                                      f"«{play.verb}» toma una carta",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        try:
            wanted = catalog.lookup(play.card).id
        except UnknownCardError as exc:
            raise InvalidPlayError(str(exc), exc.message_es) from exc
        matches = [c for c in pool if c.card == wanted]
        if not matches:
            raise IllegalPlayError(f"there is no {catalog.lookup(wanted).name_en} where '{play.verb}' takes a card from",
                                   es=f"no hay ninguna {catalog.lookup(wanted).name_es} donde «{play.verb}» toma una carta",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        if len(matches) > 1:
            raise InvalidPlayError(f"{play.card!r} matches several cards ({', '.join(c.uid for c in matches)}); name the uid",
                                   f"{play.card!r} coincide con varias cartas ({', '.join(c.uid for c in matches)}); "
                                   "indica el uid")
        return matches[0]

    def verify_play(self, position: Position, play: Play) -> None:
        if play.verb not in VERBS:
            raise InvalidPlayError(f"unknown play {play.verb!r}; KeyForge plays are {', '.join(VERBS)}",
                               f"jugada desconocida {play.verb!r}; las jugadas de KeyForge son {', '.join(VERBS)}")
        if position.values.get("winner"):
            raise IllegalPlayError("the game is over", rule=self.cite("keys"), es="la partida ha terminado")
        if play.verb == "end-turn":
            if position.step != "main":
                raise IllegalPlayError("the turn can only be ended from step 3", rule=self.cite("turn-sequence"),
                                       es="el turno solo se termina desde el paso 3")
            return
        if play.verb == "raise-tide":
            if position.step != "main":
                raise IllegalPlayError("the tide is raised in step 3", rule=self.cite("tide"), es="la marea se sube en el paso 3")
            if position.values.get("tide") == position.active:
                raise IllegalPlayError("the tide is already high for you", rule=self.cite("tide"), es="la marea ya está alta para ti")
            return
        if position.step != "main":
            raise IllegalPlayError(f"cards are played, discarded and used in step 3, not in step {position.step!r}",
                                   es=f"las cartas se juegan, descartan y usan en el paso 3, no en «{position.step}»",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        active = position.active
        board = Board(position, self.catalog_for(position))
        house = position.player(active).values.get("house")
        if play.verb in ("play", "discard"):
            card = self._find(position, play, ("hand",), controller=None)
            if card.owner != active and position.find(card.uid)[0].id != active:
                raise IllegalPlayError("you can only play or discard cards from your own hand",
                                       es="solo puedes jugar o descartar cartas de tu propia mano",
                                       rule=self.cite("play-cards"))
            self._verify_from_hand(position, board, card, play.verb, house)
            return
        card = self._find(position, play, ("battleline", "artifacts"), controller=active)
        if self._stunned_use(board, card, play):
            # ATURDIR: a stunned creature that would be used normally is used instead to remove its stun, so the use
            # is judged as that one (no enemy to fight, no "Acción:" needed).
            play = Play("unstun", card.uid)
        if play.verb in ("reap", "fight") and not board.is_creature(card):
            raise IllegalPlayError(f"{board.label(card, 'en')} is not a creature: artifacts cannot reap or fight",
                                   es=f"{board.label(card)} no es una criatura: los artefactos no cosechan ni luchan",
                                   rule=self.cite("use-artifacts"))
        if card.controller != active:
            raise IllegalPlayError("you can only use cards you control", rule=self.cite("use-creatures"),
                                   es="solo puedes usar cartas que controlas")
        if card.get("exhausted"):
            raise IllegalPlayError(f"{board.label(card, 'en')} is exhausted: only ready cards can be used",
                                   es=f"{board.label(card)} está agotada: solo se usan cartas preparadas",
                                   rule=self.cite("ready-and-exhausted"))
        # An "Omni:" ability lets a card of another house be used, and so have its stun removed (KF172-GEN-14).
        omni_unstun = play.verb == "unstun" and any(a.get("trigger") == "omni" for a, _ in board.abilities(card))
        if play.verb != "omni" and not omni_unstun and house not in board.houses(card) \
                and not board.keyword(card, "versatile") \
                and self.play_permission(position, board, card, "may-use") is None:
            raise IllegalPlayError(f"{board.label(card, 'en')} is not of the active house "
                                   f"({vocabulary.house_name(house, 'en') if house else 'none this turn'})",
                                   es=f"{board.label(card)} no es de la Casa activa "
                                   f"({vocabulary.house_name(house) if house else 'no hay ninguna este turno'})",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        self._verify_rule_of_six(position, board, card)
        if play.verb in ("reap", "fight") and not board.is_creature(card):
            raise IllegalPlayError(f"only creatures {play.verb}", rule=self.cite("use-creatures"),
                                   es=f"solo las criaturas pueden «{play.verb}»")
        if play.verb == "unstun" and not card.get("stun"):
            raise IllegalPlayError(f"{board.label(card, 'en')} is not stunned", rule=self.cite("stun"),
                                   es=f"{board.label(card)} no está aturdida")
        if play.verb == "fight" and not board.battleline(position.opponent(active)):
            raise IllegalPlayError("a creature cannot fight when there are no enemy creatures", rule=self.cite("fight"),
                                   es="una criatura no puede luchar si no hay criaturas enemigas")
        if play.verb == "fight" and not self._can_fight(position, card, only_targets=True):
            # LUCHAR: with enemy creatures in play but none it may choose (its own restriction), it cannot fight.
            raise IllegalPlayError(f"{board.label(card, 'en')} has no enemy creature it may fight", rule=self.cite("fight"),
                                   es=f"{board.label(card)} no tiene ninguna criatura enemiga contra la que pueda luchar")
        if play.verb in ("reap", "action", "omni") and card.get("enrage") and board.battleline(position.opponent(active)) \
                and self._can_fight(position, card):
            # ENFURECER: it must fight "si puede": one that cannot be used to fight (RESTRICCIONES) or that has no
            # enemy creature it may fight is used otherwise.
            raise IllegalPlayError(f"{board.label(card, 'en')} is enraged: it must be used to fight if it can",
                                   es=f"{board.label(card)} está enfurecida: debe usarse para luchar si puede",
                                   rule=self.cite("enrage"))
        if play.verb in ("reap", "fight", "action", "omni", "unstun"):
            # RESTRICCIONES: "cannot use" forbids every way of using a card (Acción Coordinada, KF172-CARD-02), or one
            # way ("cannot reap"), or all but one ("can only fight", Jinete de Guerra, KF172-CARD-80).
            game = self._probe(position)
            if self.cannot_use(game, card, play.verb):
                what = {"reap": "reap", "fight": "fight"}.get(play.verb, "be used")
                raise IllegalPlayError(f"{board.label(card, 'en')} cannot {what}", rule=self.cite("restrictions"),
                                       es=f"{board.label(card)} no puede {'cosechar' if play.verb == 'reap' else 'luchar' if play.verb == 'fight' else 'usarse'}")
        if play.verb in ("action", "omni"):
            trigger = play.verb
            if not any(a.get("trigger") == trigger for a in board.define(card).abilities):
                raise IllegalPlayError(f"{board.label(card, 'en')} has no '{trigger}' ability",
                                       es=f"{board.label(card)} no tiene habilidad «{trigger}»", rule=self.cite(
                    "action-abilities" if trigger == "action" else "omni"))
        self._verify_step_open(position)

    def _can_fight(self, position: Position, card: CardState, *, only_targets: bool = False) -> bool:
        """Whether the creature could be used to fight now: not forbidden (unless ``only_targets``), and some enemy
        creature it may choose."""
        from judge.games.keyforge.using import valid_defenders

        game = self._probe(position)
        found = game.position.find(card.uid)
        if found is None:
            return False
        if not only_targets and self.cannot_use(game, found[2], "fight"):
            return False
        return bool(valid_defenders(game, found[2])[0])

    def _verify_step_open(self, position: Position) -> None:
        if position.values.get("step-ended"):
            raise IllegalPlayError("an Omega card ended this step: no more cards can be played, discarded or used",
                                   es="una carta con Omega terminó este paso: no se pueden jugar, descartar ni usar más cartas",
                                   rule=self.cite("omega"))

    def _verify_rule_of_six(self, position: Position, board: Board, card: CardState, *, as_played: bool = False) -> None:
        # By name: a copy counts as the card it copies (KF172-GEN-83, KF172-GEN-84). A card not yet in play that will
        # be played as a copy (Imitación, Gel Mímico) is counted as the copy it becomes, as it is played
        # (playing._become_copy): its own name does not count then.
        d = board.define(card)
        if not as_played and not card.get("copy-of") and not board.in_play(card) and any(
                a.get("trigger") == "constant" and a.get("effect", {}).get("modify") == "played-as-copy"
                for a in d.abilities):
            return
        name = d.id
        done = position.values.get("plays", {}).get(name, 0) + position.values.get("uses", {}).get(name, 0)
        if done >= 6:
            raise IllegalPlayError(f"{board.name(card, 'en')} (or copies of it) was already played or used 6 times this turn",
                                   es=f"{board.name(card)} (o sus copias) ya se jugó o usó 6 veces este turno",
                                   rule=self.cite("rule-of-six"))

    def play_permission(self, position: Position, board: Board, card: CardState, kind: str = "may-play") -> int | None:
        """Index of a lasting "you may play (use) one … card this turn" effect that allows this card, if any; -1 for
        a constant ability that always allows it."""
        from judge.games.keyforge.targets import matches

        for source, effect in board.constant_effects():
            if effect.get("modify") == kind and "_lasting" not in effect and source.controller == position.active \
                    and self._constant_permission_open(position, board, source, effect) \
                    and matches(board, {"kind": "card", **{k: v for k, v in effect.items() if k == "filter"}}, card,
                                controller=position.active, source=source):
                return -1
        for i, lasting in enumerate(position.values.get("lasting", [])):
            if self._lasting_permission_fits(position, board, card, kind, lasting):
                return i
        return None

    def _lasting_permission_fits(self, position: Position, board: Board, card: CardState, kind: str,
                                 lasting: dict[str, Any]) -> bool:
        from judge.games.keyforge.targets import matches

        effect = lasting.get("effect", {})
        # Permission to play or use one Mars card is one permission, spent by whichever is done first, not both
        # (Embajador en Marte, KF172-CARD-44). A card already used through a "use" permission may be used again
        # under it once readied: the permission is for that card this turn (Feromonas de Combate, KF172-GEN-95).
        again = kind == "may-use" and card.uid in effect.get("used", ())
        return bool(effect.get("modify") in (kind, "may-play-or-use") and lasting["controller"] == position.active
                    and (again or effect.get("count", 1) == "all" or int(effect.get("count", 1)) > 0)
                    and matches(board, {"kind": "card", **{k: v for k, v in effect.items() if k == "filter"}}, card,
                                controller=position.active, source=None))

    def _constant_permission_open(self, position: Position, board: Board, source: CardState, effect: dict[str, Any]) -> bool:
        """A constant "you may play one … card" is there only while its card stands where it says (`while`, a filter
        on the card itself: "if it is in the centre of your battleline") and, with a `count`, until that many cards
        used it this turn (Capitana Val Jericó, KF172-CARD-23)."""
        from judge.games.keyforge.targets import matches

        if "while" in effect and not matches(board, {"kind": "card", "filter": {**effect["while"], "self": True}}, source,
                                             controller=source.controller, source=source):
            return False
        if "count" in effect:
            used = int(position.values.get("this-turn", {}).get(f"{position.active}.permission:{source.uid}", 0))
            return used < int(effect["count"])
        return True

    def permission_options(self, position: Position, board: Board, card: CardState,
                           kind: str = "may-play") -> list[tuple[str, Any, CardState | None]]:
        """Every permission that would let this card be played (used): ("unlimited", None, source) for a constant
        one never used up, ("constant", uid, source) for one limited each turn, ("lasting", index, source) for a
        lasting one. Several may fit: the active player chooses which one a card uses (KF172-CARD-23)."""
        from judge.games.keyforge.targets import matches

        found: list[tuple[str, Any, CardState | None]] = []
        for source, effect in board.constant_effects():
            if effect.get("modify") == kind and "_lasting" not in effect and source.controller == position.active \
                    and self._constant_permission_open(position, board, source, effect) \
                    and matches(board, {"kind": "card", **{k: v for k, v in effect.items() if k == "filter"}}, card,
                                controller=position.active, source=source):
                found.append(("constant", source.uid, source) if "count" in effect else ("unlimited", None, source))
        for i, lasting in enumerate(position.values.get("lasting", [])):
            if self._lasting_permission_fits(position, board, card, kind, lasting):
                found_source = position.find(lasting.get("source", ""))
                found.append(("lasting", i, found_source[2] if found_source else None))
        return found

    def _verify_from_hand(self, position: Position, board: Board, card: CardState, verb: str, house: str | None) -> None:
        if verb == "play" and board.define(card).as_upgrade is not None and not card.get("as-upgrade"):
            # A creature that may be played as an upgrade may be played whenever either form could be: as an upgrade
            # "whenever an upgrade could be played", whatever stops creatures (KF172-GEN-23 to GEN-25).
            forms, error = self.legal_play_forms(position, board, card, house)
            if not forms and error is not None:
                raise error
            return
        self._verify_one_form(position, board, card, verb, house)

    def legal_play_forms(self, position: Position, board: Board, card: CardState,
                         house: str | None) -> tuple[list[str], IllegalPlayError | None]:
        """The forms ("creature", "upgrade") in which a card that may be played as an upgrade can be played from the
        hand now, and the first reason one could not."""
        forms: list[str] = []
        error: IllegalPlayError | None = None
        for form in ("creature", "upgrade"):
            probe = position.copy()
            found = probe.find(card.uid)
            if found is None:
                continue
            pc = found[2]
            if form == "upgrade":
                pc.state["as-upgrade"] = True
            try:
                self._verify_one_form(probe, Board(probe, board.catalog), pc, "play", house)
                forms.append(form)
            except IllegalPlayError as exc:
                error = error or exc
        return forms, error

    def _verify_one_form(self, position: Position, board: Board, card: CardState, verb: str, house: str | None) -> None:
        d = board.define(card)
        permission = self.play_permission(position, board, card) if verb == "play" else None
        if house not in board.houses(card) and permission is None:
            raise IllegalPlayError(f"{d.name_en} is not of the active house "
                                   f"({vocabulary.house_name(house, 'en') if house else 'none this turn'})",
                                   es=f"{d.name_es} no es de la Casa activa "
                                   f"({vocabulary.house_name(house) if house else 'no hay ninguna este turno'})",
                                   rule=self.cite("turn.step-3-play-discard-use"))
        self._verify_step_open(position)
        if position.values.get("first-turn") and int(position.values.get("first-turn-cards", 0)) >= 1:
            # 17.2 lets card effects modify the first-turn rule (Desplazamiento de Fase, KF172-GEN-81); 1.1 did not.
            if permission is None or not self.first_turn_limit_modifiable():
                raise IllegalPlayError("on the first player's first turn only one card may be played or discarded from hand",
                                       es="en el primer turno del jugador inicial solo se juega o descarta una carta de la mano",
                                       rule=self.cite("first-turn-rule"))
        if verb == "discard":
            return
        self._verify_rule_of_six(position, board, card)
        if d.keyword("alpha") and int(position.values.get("actions-this-step", 0)) > 0:
            raise IllegalPlayError(f"{d.name_en} has Alpha: it can only be played if nothing else was played, used or "
                                   "discarded this step", rule=self.cite("alpha"),
                                   es=f"{d.name_es} tiene Alfa: solo se juega si no se ha jugado, usado ni descartado nada en este paso")
        if d.keyword("gigantic") and self.gigantic_other_half(position, board, card) is None:
            raise IllegalPlayError(f"{d.name_en} is half of a gigantic creature: both halves must be in hand to play it",
                                   es=f"{d.name_es} es la mitad de una criatura gigantesca: hacen falta las dos mitades en la mano",
                                   rule=self.cite("gigantic"))
        if d.type == "upgrade" and not board.creatures():
            raise IllegalPlayError("an upgrade needs a creature in play to attach to", rule=self.cite("upgrades"),
                                   es="una mejora necesita una criatura en juego a la que vincularse")
        probe = self._probe(position)
        reason = self.play_restriction(probe, card)
        if reason:
            raise IllegalPlayError(f"{d.name_en} cannot be played now (its play restriction)", rule=self.cite("restrictions"),
                                   es=f"{d.name_es} no se puede jugar ahora ({reason})")
        source = self.forbidding_play(probe, card)
        if source is not None:
            raise IllegalPlayError(f"{d.name_en} cannot be played: {probe.board.label(source, 'en')} forbids it",
                                   es=f"{d.name_es} no se puede jugar: {probe.board.label(source)} lo prohíbe",
                                   rule=self.cite("cannot-vs-must"))

    def forbidding_play(self, game: Game, card: CardState) -> CardState | None:
        """The card whose "cannot play" effect forbids the active player to play this card now, or None. It holds for
        a card played by an effect from anywhere (Exhumar, Agujero de Gusano Salvaje) as for one played from hand:
        Grómido's "you cannot play creatures" (KF172-CARD-65)."""
        from judge.games.keyforge.targets import matches

        position, d = game.position, game.board.define(card)
        for source, effect in game.board.constant_effects():
            if effect.get("modify") != "cannot-play":
                continue
            controller = effect.get("_lasting", {}).get("controller", source.controller)
            who = controller if effect.get("player", "opponent") == "you" else position.opponent(controller)
            limit = effect.get("more-than")
            played = sum(position.values.get("plays", {}).values())
            if effect.get("per-type"):
                # "not more than N cards of each card type" counts the cards of this card's type (as it is played:
                # an Astromóvil Explorador played as an upgrade is an upgrade, KF172-GEN-25).
                kind = "creature" if d.is_creature else d.type
                played = int(position.values.get("this-turn", {}).get(f"{who}.plays-{kind}", 0))
            if limit is not None and played < int(limit):
                continue  # "cannot play more than N cards each turn" (Diablillo de Brasa)
            if who == position.active and matches(game.board, {"kind": "card", "filter": effect.get("filter", {})}, card,
                                                  controller=who, source=None):
                return source
        return None

    def gigantic_other_half(self, position: Position, board: Board, card: CardState) -> CardState | None:
        """The other half of a gigantic creature in the same hand: same name, the other card."""
        d = board.define(card)
        for other in position.player(position.find(card.uid)[0].id).zone("hand"):
            od = board.define(other)
            if other.uid != card.uid and od.id != d.id and od.name_en == d.name_en and od.keyword("gigantic"):
                return other
        return None

    def _probe(self, position: Position) -> Game:
        """A Game over a copy of the position, for questions asked before a play starts (nothing is recorded)."""
        from judge.core.resolution import Resolution

        return Game(self, Resolution(position.copy(), [], self.cite))

    @staticmethod
    def _stunned_use(board: Board, card: CardState, play: Play) -> bool:
        """Whether ``play`` would use a stunned creature normally (reap, fight, "Acción:", "Omni:")."""
        return play.verb in ("reap", "fight", "action", "omni") and bool(card.get("stun")) and board.is_creature(card)

    def legal_plays(self, position: Position) -> list[Play]:
        plays: list[Play] = []
        candidates: list[Play] = []
        active = position.players.get(position.active)
        if active is None:
            return []
        for card in active.zone("hand"):
            candidates += [Play("play", card.uid), Play("discard", card.uid)]
        for zone in IN_PLAY:
            for card in active.zone(zone):
                # A stunned creature's only use is to remove the stun: "unstun" stands for all of them in the list.
                verbs = ("unstun",) if card.get("stun") else ("reap", "fight", "action", "omni", "unstun")
                candidates += [Play(v, card.uid) for v in verbs]
        candidates += [Play("raise-tide"), Play("end-turn")]
        for play in candidates:
            if self.can_play(position, play):
                plays.append(play)
        return plays

    def resolve_play(self, res: Resolution, play: Play) -> None:
        game = Game(self, res)
        if play.verb == "end-turn":
            turn.end_turn(game)
            return
        if play.verb == "raise-tide":
            # MAREA: an "Omni:" ability the rules give the active player: raise the tide, gain 3 chains; no card is
            # exhausted and it can be used any number of times (while the tide is not already high for them).
            with res.step("raise-tide", "tide", "Omni de las reglas: sube la marea y obtén 3 cadenas",
                          "The rules' Omni: raise the tide and gain 3 chains"):
                game.raise_tide(res.position.active)
                from judge.games.keyforge.effects import HANDLERS, AbilityContext

                HANDLERS["gain-chains"](AbilityContext(game, "", res.position.active), {"do": "gain-chains", "amount": 3})
            return
        zones = {"play": ("hand",), "discard": ("hand",)}.get(play.verb, ("battleline", "artifacts"))
        card = self._find(res.position, play, zones, controller=None if play.verb in ("play", "discard") else res.position.active)
        if play.verb == "play":
            playing.play(game, card)
        elif play.verb == "discard":
            playing.discard_from_hand(game, card)
        else:
            if self._stunned_use(game.board, card, play):
                verb_es = {"reap": "cosechar", "fight": "luchar", "action": "usar su «Acción:»", "omni": "usar su «Omni:»"}[play.verb]
                verb_en = {"reap": "reaping", "fight": "fighting", "action": "using its 'Action:'", "omni": "using its 'Omni:'"}[play.verb]
                res.note("stunned-use", "stun", f"{game.label(card)} está aturdida: en vez de {verb_es}, se usa para "
                         "retirar el aturdimiento",
                         f"{game.label(card, 'en')} is stunned: instead of {verb_en}, it is used to remove the stun",
                         card=card.uid)
                play = Play("unstun", card.uid)
            using.record_use(game, card)
            if play.verb == "reap":
                using.reap(game, card)
            elif play.verb == "fight":
                using.fight(game, card)
            elif play.verb == "unstun":
                # Removing a stun is a use: an "in order to use it" cost is paid first (ATURDIR, KF172-CARD-18).
                if using.pay_use_cost(game, card):
                    using.remove_stun(game, card)
            else:
                using.use_ability(game, card, play.verb)
        game.check_state()

    # Expectations.

    def query(self, position: Position, path: str) -> Any:
        board = Board(position, self.catalog_for(position))
        if path in ("active", "turn", "step"):
            return getattr(position, path)
        if path == "winner":
            return position.values.get("winner")
        if path.startswith("values."):
            return position.values.get(path[7:])
        head, _, rest = path.partition(".")
        if head in position.players:
            player = position.player(head)
            if rest in ZONES:
                return [c.card for c in player.zone(rest)]
            if rest.endswith(".count") and rest[:-6] in ZONES:
                return len(player.zone(rest[:-6]))
            if rest == "keys":
                return board.forged_keys(head)
            if rest == "key-cost":
                return board.key_cost(head)
            if rest == "has-house":
                return player.values.get("house") is not None
            if rest in PLAYER_VALUES:
                return player.values.get(rest, 0 if rest in ("amber", "chains") else None)
            raise KeyError(path)
        card = self._card_ref(position, head)
        attr = rest
        if attr == "zone":
            pid, zone = board.zone_of(card)
            return f"{pid}.{zone}"
        if attr in ("controller", "owner"):
            return getattr(card, attr)
        if attr == "power":
            return board.power(card)
        if attr == "armor":
            return board.armor(card)
        if attr == "upgrades":
            return [u.card for u in card.attached]
        if attr == "houses":
            return sorted(board.houses(card))  # the houses it belongs to now (Ladrón Ofidio, KF172-CARD-81)
        if attr == "index":
            _, _, holder, index, _ = position.locate(card.uid)
            return index
        if attr in CARD_STATE or attr.startswith("counter-"):
            return card.state.get(attr, False if CARD_STATE.get(attr) is bool else 0)
        raise KeyError(path)

    def _card_ref(self, position: Position, ref: str) -> CardState:
        found = position.find(ref)
        if found:
            return found[2]
        catalog = self.catalog_for(position)
        try:
            wanted = catalog.lookup(ref).id
        except UnknownCardError as exc:
            raise KeyError(str(exc)) from exc
        matches = [c for _, _, c in position.all_cards() if c.card == wanted]
        if len(matches) != 1:
            raise KeyError(f"{ref!r} names {len(matches)} cards in the position; use the uid")
        return matches[0]


@dataclass(frozen=True)
class KeyForge13(KeyForge):
    """KeyForge under the Portuguese rulebook v1.3 (May 2019)."""

    id: str = "keyforge-1.3"
    document: str = "keyforge-1.3"
    title: str = "KeyForge — Livro de regras 1.3"

    rule_aliases: ClassVar[dict[str, str]] = {
        **{f"order.reap.{i}": "use-creatures.reap" for i in (1, 2, 3)},
        **{f"order.fight.{i}": "use-creatures.fight" for i in (1, 2, 3, 4, 5)},
        **{f"order.damage.{i}": "damage-and-armor" for i in (1, 3, 4)},
        "order.damage.2": "damage-and-armor",
        **{f"order.destroyed.{i}": "destroyed" for i in (1, 2, 3, 4)},
        **{f"order.play.{i}": "play-cards" for i in (1, 2, 3, 4)},
        **{f"order.action-omni.{i}": "use-creatures.action" for i in (1, 2)},
        "order.ready.1": "turn.step-4-ready", "order.draw.1": "turn.step-5-draw",
        "order.end-of-turn": "end-of-turn", "order.start-of-turn": "turn-sequence",
        "order.forge.1": "turn.step-1-forge", "order.forge.2": "turn.step-1-forge", "order.forge.3": "turn.step-1-forge",
        "order.choose-house.1": "turn.step-2-choose-house", "order.choose-house.2": "turn.step-2-choose-house",
        "order.choose-house.3": "turn.step-2-choose-house",
        "order.simultaneous": "active-player",
        "deck": "turn.step-5-draw",
    }
    from_master: ClassVar[frozenset[str]] = frozenset({
        "token-creatures", "tide", "ward", "enrage", "scrap", "treachery", "gigantic", "exalt", "invulnerable",
        "splash-attack", "damage-bonus-icon", "capture-bonus-icon", "draw-bonus-icon", "discard-bonus-icon",
        "restrictions", "lasting-effects", "replacement-effects", "pending-damage", "infinite-loops", "shuffle",
        "enters-play", "exhaust", "draw", "deck", "for-each", "move", "put-into-zone", "exchange-control", "as-if-yours",
        "graft", "any-number",
    })

    # Where 1.3 or 1.1 is silent on a point 17.2 settles, the 17.2 procedure is kept (decisions, by the rows of
    # the table of differences): armor already used this turn is lost first (R11; 1.3 l.487 says so, 1.1 is silent);
    # all damage of one effect is dealt at once (R12); a card that left play is seen as it last was (R14); a
    # creature that dies before its fight does not fight, but "after it is used" effects still resolve (R09); a lone
    # creature is on both flanks (R26); "healed" needs damage removed (R27); a card you do not control cannot be
    # sacrificed (R28); "put into archives" is not "archive" (R33); ties inside groups of most/least powerful
    # creatures (R38); cards are drawn one at a time (R40). A card effect that makes a creature fight or reap uses it
    # (R19: 1.1 l.348-351 already applies the use's requirements), so a stunned creature only loses its stun (R10).

    def elusive_spent_on_choice(self) -> bool:
        """1.3/1.1 ELUSIVO: "the first time each turn the creature is *attacked*": only a fight that happens uses it."""
        return False

    def abilities_per_use(self, game: Game, card: CardState, abilities: list[dict[str, Any]], trigger: str) -> list[dict[str, Any]]:
        """1.3: all "Ação:" abilities of the card resolve when it is used."""
        return abilities

    def first_turn_limit_modifiable(self) -> bool:
        """1.3 (l.200): "Efeitos de carta podem modificar esta regra"."""
        return True

    def play_triggers_before_play_effects(self) -> bool:
        """1.1/1.3 FAQ (KF11-FAQ-08, KF13-FAQ-06): after the bonus icons, "each time you play a card" effects resolve
        before the played card's "Play:" effects, in a fixed order."""
        return True

    def omega_allows_pending_uses(self) -> bool:
        """1.3 ÔMEGA (004 l.761): "Após uma carta com a palavra-chave ômega ser jogada, o passo de jogo atual acaba.
        Você não pode mais jogar, usar ou descartar qualquer carta". The text has no exception for pending effects."""
        # Decision: the card counts as played once it is in play (l.263: "Jogar:" resolves "após ela entrar em jogo"), so
        # its own "Jogar:" and later effects still resolve, but none of them may use a card: a creature such an
        # effect would make fight or reap is not used (a "ready" before it still happens). Plays of cards by effects
        # are left as in 17.2 (no case in the documents).
        return False

    def destruction_mark_survives_heal(self) -> bool:
        """1.3 DESTRUÍDO (004 l.619): the "Destruído:" effect "é automática e imediatamente resolvido antes que a carta
        seja destruída" (1.1, 001 l.598: "inmediatamente antes de que abandone el juego"); DANO (004 l.603): a
        creature is destroyed when its damage is equal to or greater than its power. There is no marking."""
        # Decision: destruction by damage is checked again once the batch's "Destruído:" effects have resolved: a
        # creature they healed below its power is not destroyed (Duma: KF13-RULE-DESTROYED-1). A creature destroyed
        # by an effect (not by its damage) stays destroyed.
        return False


@dataclass(frozen=True)
class KeyForge11(KeyForge13):
    """KeyForge under the Spanish rulebook v1.1 (November 2018)."""

    id: str = "keyforge-1.1"
    document: str = "keyforge-1.1"
    title: str = "KeyForge — Reglamento 1.1"

    rule_aliases: ClassVar[dict[str, str]] = {
        **KeyForge13.rule_aliases,
        "resolve-as-much-as-you-can": "card-abilities",
    }
    from_master: ClassVar[frozenset[str]] = KeyForge13.from_master | {
        "alpha", "omega", "deploy", "cannot-vs-must", "most-powerful-groups", "least-powerful-groups"}

    # Decisions where 1.1 is silent or reads differently but the outcome is kept (besides those listed on
    # KeyForge13): a creature may use an "Omni:" ability like any card (R18: creature uses, l.318, list no Omni, but
    # OMNI, l.716-718, lets the active player use «cualquier habilidad "Omni:" bajo su control»), so a stunned
    # creature outside the active house can be unstunned that way (R10); æmber on a card whose text lets it be spent
    # to forge counts toward the key although PASO 1 (l.176-179) spends only the pool, by LA REGLA DE ORO (l.110)
    # (R03); an upgrade goes on a creature of either side, as l.287 limits only who chooses (R16).

    def controller_on_play(self, game: Game, card: CardState) -> str:
        """1.1 CONTROL: "when a card enters play it is under its owner's control"."""
        return card.owner

    def allowed_houses(self, game: Game, options: list[str], must: set[str], cannot: set[str]) -> list[str]:
        """1.1 (FAQ Señor del Foso, KF11-FAQ-07): obliged to choose a house that cannot be chosen, no house is a valid
        option and the player has no active house. Overturned since 1.3 ("cannot" beats "must")."""
        if must & cannot:
            return []
        # A required house outside the step-2 options is still a choice: the card's text prevails (see
        # impossible_house_demand_ignored).
        options = [*options, *sorted(h for h in must if h not in options)]
        allowed = [h for h in options if h not in cannot]
        required = [h for h in allowed if h in must]
        return required or allowed

    def impossible_house_demand_ignored(self) -> bool:
        """1.1 PASO 2 (001 l.183-186) lists the houses a player may choose (the identity card's, or that of a card
        they control) and says nothing of an effect that demands another house; the bullet that ignores such an
        effect is new in 1.3 (004 l.190). LA REGLA DE ORO (001 l.110): «Si el texto de una carta contradice
        directamente el del reglamento, el texto de la carta prevalece.»"""
        # Decision: under 1.1 the golden rule settles it: the card's demand prevails over the step-2 list, so a
        # maverick Señor del Foso makes its controller choose Dis even with no Dis on the identity card
        # (KF11-RULE-ACTIVE-HOUSE-1).
        return False

    def first_turn_limit_modifiable(self) -> bool:
        """1.1: card effects cannot modify the first-turn rule."""
        return False

    def omega_allows_pending_uses(self) -> bool:
        """1.1 has no Omega (it is cited from the master rulebook, ``from_master``): a card that has it follows 17.2."""
        return True


RULESETS = (KeyForge(), KeyForge13(), KeyForge11())


def parse_uid_list(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip()) if t]


__all__ = ["KeyForge", "KeyForge13", "KeyForge11", "RULESETS", "fold"]
