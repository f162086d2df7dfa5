"""The KeyForge rulesets: the master rulebook 17.2, and the older rulebooks 1.3 and 1.1 as subclasses that override
only the hooks where the rule changed (``../shared/reference/keyforge-versions.md`` lists the differences)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from judge.core.decisions import Option, Question, fold
from judge.core.errors import UnknownCardError
from judge.core.notation import Layout
from judge.core.position import CardState, Position
from judge.core.resolution import Resolution
from judge.core.ruleset import Play, Ruleset
from judge.games.keyforge import earlier, effects, playing, queries, reading_facts, schema, turn, using
from judge.games.keyforge.board import IN_PLAY
from judge.games.keyforge.catalog import Catalog, CardDef, catalog_with, default_catalog
from judge.games.keyforge.conditions import condition
from judge.games.keyforge.game import Game
from judge.games.keyforge.legality import VERBS, Legality
from judge.games.keyforge.permissions import Permissions
from judge.games.keyforge.plausibility import Plausibility
from judge.games.keyforge.positions import ZONES, PositionCheck
from judge.games.keyforge.wording import ability_label

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


@dataclass(frozen=True)
class KeyForge(Legality, Permissions, PositionCheck, Plausibility, Ruleset):
    """KeyForge under the master rulebook v17.2 (October 2023).

    What a play must meet before it resolves is :class:`~judge.games.keyforge.legality.Legality`'s, which
    permission lets a card be played or used :class:`~judge.games.keyforge.permissions.Permissions`', and what a
    position may hold :class:`~judge.games.keyforge.positions.PositionCheck`'s; the hooks below are where the
    rulebooks differ."""

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
        chosen = game.res.ask(Question(
            key="ability", player=game.active, rule="action-abilities" if trigger == "action" else "omni",
            prompt_es="¿Qué habilidad usas?", prompt_en="Which ability do you use?",
            options=tuple(Option(str(i), ability_label(a, i), ability_label(a, i, "en"))
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
        for ability in game.board.define(card).abilities:
            effect = ability.get("effect", {})
            if ability.get("trigger") == "constant" and effect.get("modify") == "play-restriction":
                ctx = game.context(card.uid, game.active)
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
            return condition(game.context(card.uid, card.controller), e["unless"])
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
        # Asked at every turn of a resolution: found again without writing the custom cards out, while the position
        # holds the same ones (they are defined with the position, and nothing changes them).
        kept = position.__dict__.get("_catalog")
        if kept is not None and kept[0] is self and kept[1] is position.cards and kept[2] == len(position.cards):
            return kept[3]
        catalog = catalog_with(self.id, position.cards)[0]
        position.__dict__["_catalog"] = (self, position.cards, len(position.cards), catalog)
        return catalog

    # What the board asks.

    def catalog(self) -> Catalog:
        return default_catalog()

    def schema(self) -> dict[str, Any]:
        return {**super().schema(), **schema.schema()}

    def card_facts(self, card: CardDef) -> dict[str, Any]:
        return schema.card_facts(card)

    def card_view(self, position: Position) -> dict[str, Any]:
        return schema.card_view(self.catalog_for(position), position)

    def card_facets(self, card: CardDef) -> dict[str, tuple[str, ...]]:
        return reading_facts.facets(card)

    def facet_names(self, facet: str, value: str) -> dict[str, str]:
        return reading_facts.facet_names(facet, value)

    def play_word_names(self, play: Play) -> dict[str, str] | None:
        # ``choose-house brobnar`` names a house, which a judge reads as «Brobnar» / «Marte» / "Mars".
        return reading_facts.facet_names("house", play.card) if play.verb == "choose-house" and play.card else None

    def canonical(self, position: Position, expected: Any) -> Any:
        if isinstance(expected, list):
            return [self.canonical(position, e) for e in expected]
        if isinstance(expected, str) and not position.find(expected):
            found = self.catalog_for(position).find(expected)
            return found.id if found else expected
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
        earlier.normalize(position, lambda name: self._card_id(position, name))
        return position

    # Plays.

    def resolve_play(self, res: Resolution, play: Play) -> None:
        game = Game(self, res, effects)
        if play.verb == "end-turn":
            turn.end_turn(game, (play.card or "main").lower())
            return
        if play.verb == "forge":
            turn.run_turn_start(game, res.position.active, until="house")
            return
        if play.verb == "choose-house":
            turn.run_turn_start(game, res.position.active, until="main", house=play.card)
            return
        if play.verb == "raise-tide":
            # MAREA: an "Omni:" ability the rules give the active player: raise the tide, gain 3 chains; no card is
            # exhausted and it can be used any number of times (while the tide is not already high for them).
            with res.step("raise-tide", "tide", "Omni de las reglas: sube la marea y obtén 3 cadenas",
                          "The rules' Omni: raise the tide and gain 3 chains"):
                game.raise_tide(res.position.active)
                effects.HANDLERS["gain-chains"](game.context("", res.position.active), {"do": "gain-chains", "amount": 3})
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
        # Read through a game over a copy, so that effects that hold "while …" are read as they are now; the values a
        # scenario checks on one position are all read through the same one.
        board = self._reading(position).board
        return queries.query(board.position, path, board, lambda name: self._card_id(position, name),
                             self.layout.attached_key)

    def _card_id(self, position: Position, name: str) -> str:
        try:
            return self.catalog_for(position).lookup(name).id
        except UnknownCardError as exc:
            raise KeyError(str(exc)) from exc


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
