"""One resolution of a KeyForge play: the :class:`Game` that holds the resolution, the board and what the play
has done so far, and the :class:`AbilityContext` an ability resolves in.

The game's procedures follow the rulebook's chapters, one module each — æmber (:mod:`.aember`), damage
(:mod:`.damage`), destruction (:mod:`.destruction`), leaving play (:mod:`.leaving`), forging (:mod:`.forging`), the
deck (:mod:`.drawing`), the battleline (:mod:`.battleline`), the tide (:mod:`.tide`) and timing (:mod:`.timing`) —
and :class:`Game` is made of them as mixins. A chapter calls another through ``self`` (dealing damage destroys,
destroying makes cards leave play, leaving play triggers abilities, which deal damage…): these procedures call
each other as the rules do, and as methods of one object they need not import one another. Each procedure opens a
step citing the rule it follows and changes the position only through the
:class:`~judge.core.resolution.Resolution`, so the trace holds every change.

The procedures reach the ability interpreter (:mod:`judge.games.keyforge.effects`) only through the
:class:`Interpreter` the game is given: the interpreter uses these procedures, so it sits above them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from judge.core.decisions import Option, Question
from judge.core.position import CardState
from judge.core.resolution import Resolution
from judge.core.ruleset import Ruleset
from judge.core.timing import Pending
from judge.games.keyforge.aember import Aember
from judge.games.keyforge.battleline import Battleline
from judge.games.keyforge.board import Board
from judge.games.keyforge.damage import Damage
from judge.games.keyforge.destruction import Destruction
from judge.games.keyforge.drawing import Drawing
from judge.games.keyforge.forging import Forging
from judge.games.keyforge.leaving import Leaving
from judge.games.keyforge.tide import Tide
from judge.games.keyforge.timing import Timing, Triggered
from judge.games.keyforge.wording import answer_names, effect_label


class Interpreter(Protocol):
    """What the game's procedures need from the ability interpreter."""

    def run_effects(self, ctx: AbilityContext, effects: list[dict[str, Any]]) -> None:
        """Resolve an ability's effects in printed order."""

    def condition(self, ctx: AbilityContext, cond: dict[str, Any]) -> bool:
        """Whether a condition of the vocabulary holds for this ability."""


@dataclass
class AbilityContext:
    """What an ability knows while it resolves: its card, its controller, the event that triggered it, and the
    cards it has named so far (for "that creature", "it")."""

    game: Game
    source: str
    """uid of the card whose ability this is."""
    controller: str
    event: dict[str, Any] = field(default_factory=dict)
    last_known: CardState | None = None
    pending_damage: list[tuple[CardState, int]] = field(default_factory=list)
    chosen_all: list[CardState] = field(default_factory=list)
    """Every card this ability has named so far (for "another", "a different creature")."""
    chosen_house: str | None = None
    chosen_player: str | None = None
    """The player a ``choose-player`` of the ability named ("choose a player")."""
    granter: str | None = None
    """uid of the card whose constant ability gave this ability (an upgrade, Arquímedes), if not the card itself."""
    _remembered: list[CardState] = field(default_factory=list)
    _named_as: dict[str, tuple[int, bool]] = field(default_factory=dict)
    """For each card named, its timestamp then and whether it was in play."""

    @property
    def remembered(self) -> list[CardState]:
        """The cards the previous effect named ("it", "that creature"): still those cards wherever they went, but not
        a card that was in play, left play and came back — it is a new card then, which "it" does not name
        (ABANDONA EL JUEGO: later instructions refer to the card as it was just before it left play)."""
        out = []
        for card in self._remembered:
            stamp, was_in_play = self._named_as.get(card.uid, (card.stamp, False))
            if was_in_play and card.stamp != stamp and self.game.board.in_play(card):
                continue
            out.append(card)
        return out

    @remembered.setter
    def remembered(self, cards: list[CardState]) -> None:
        self.remember(cards)

    def remember(self, cards: list[CardState], *, as_they_were: dict[str, tuple[int, bool]] | None = None) -> None:
        """Name ``cards`` for the following effects, as they are now or, ``as_they_were``, as they were earlier in
        the ability (uid → timestamp then, whether it was in play)."""
        self._remembered = list(cards)
        for card in cards:
            then = (as_they_were or {}).get(card.uid)
            known = self._named_as.get(card.uid)
            if then is not None:
                self._named_as[card.uid] = then
            elif known is None or known[0] != card.stamp:
                self._named_as[card.uid] = (card.stamp, self.game.board.in_play(card))

    @property
    def source_card(self) -> CardState | None:
        found = self.game.position.find(self.source)
        return found[2] if found else self.last_known

    def named(self, name: str) -> list[CardState]:
        pos = self.game.position
        if name == "self":
            card = self.source_card
            return [card] if card is not None else []
        if name == "host":
            card = self.source_card
            host = self.game.board.host_of(card) if card is not None and pos.find(card.uid) else None
            return [host] if host is not None else []
        if name in ("attacker", "defender"):
            # The creatures of the fight, while they are still in play (one the fight destroyed is gone, and one put back
            # into play since is a new creature, not the one that fought).
            uid = self.event.get(name)
            found = pos.find(uid) if uid else None
            stamp = self.event.get(f"{name}-stamp")
            if found and stamp is not None and found[2].stamp != stamp:
                return []
            return [found[2]] if found and self.game.board.in_play(found[2]) else []
        if name in ("it", "that-creature"):
            return list(self.remembered)
        if name == "granter":
            found = pos.find(self.granter) if self.granter else None
            return [found[2]] if found else []
        if name == "each-neighbor":
            card = self.source_card
            return self.game.board.neighbors(card) if card is not None else []
        if name == "defender-neighbors":
            # Each neighbor of the creature this one fights (Terrordáctilo's "Antes de luchar:").
            uid = self.event.get("defender")
            found = pos.find(uid) if uid else None
            return self.game.board.neighbors(found[2]) if found and self.game.board.in_play(found[2]) else []
        if name == "event-card":
            # The card the triggering event is about ("after a creature is destroyed, purge it"): only while it is
            # still where the event left it — a card that has moved on is a new object for these effects.
            card = self.event.get("card")
            if card is None:
                return []
            found = pos.find(card.uid)
            if not found:
                return [card]
            where = self.event.get("zone")
            now = f"{found[0].id}.{found[1]}"
            return [found[2]] if where is None or where == now else []
        if name == "chosen":
            return list(self.chosen_all)
        return []


class Game(Aember, Damage, Destruction, Leaving, Forging, Drawing, Battleline, Tide, Timing):
    """One resolution of a KeyForge play: the ruleset's procedures bound to a position being changed."""

    def __init__(self, ruleset: Ruleset, res: Resolution, interpreter: Interpreter) -> None:
        self.rules = ruleset
        """The KeyForge ruleset (:class:`~judge.games.keyforge.rules.KeyForge` or an older rulebook): the procedures
        ask its version hooks wherever the rulebooks differ."""
        self.res = res
        self.interpreter = interpreter
        self.position = res.position
        self.board = Board(res.position, ruleset.catalog_for(res.position), base_hand_size=ruleset.hand_size,
                           condition=lambda source, cond: interpreter.condition(
                               self.context(source.uid, source.controller), cond))
        res.on_move.append(self._moved)
        self.marked: list[CardState] = []
        """Cards marked for destruction in the destruction batch under way."""
        self._checking_states = False
        """A state-check ability is resolving: the checks it triggers do not start it again."""
        self.leaving: set[str] = set()
        self.destroyed_fighting: dict[str, str] = {}
        """uid of a creature destroyed in a fight → uid of the creature it was fighting."""
        self.destroyed_by: dict[str, list[tuple[str | None, str]]] = {}
        """uid of a creature destroyed by damage → the cards whose damage did it, with its kind (power, assault…)."""
        self.marked_by_damage: set[str] = set()
        """Creatures marked because their damage reached their power (for the older rulebooks' re-check)."""
        self.fight_redirect: dict[str, str] = {}
        """Attacker uid → the creature it deals its fight damage to instead of the defender (Gabos Brazoslargos)."""
        self._neighbors_kept: set[str] = set()
        """Creatures destroyed together whose neighbours were recorded before any of them left play (KF172-GEN-75)."""
        self.last_known: dict[str, dict[str, Any]] = {}
        """What cards that left play were just before leaving (houses, power), for the rest of an ability."""
        self.destroyed_abilities: dict[str, list[dict[str, Any]]] = {}
        """The "Destruida:" abilities each marked card had when it was marked."""
        self.as_if_yours: dict[str, str] = self.board.as_if_yours
        """Cards being used "as if they were yours": uid → the player who uses them (COMO SI FUERA TUYO)."""
        self._destroying = False
        """Whether a destruction is under way: cards marked meanwhile join its group."""
        self._loop_frames: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
        """Abilities under resolution → a snapshot before each time one was entered again inside itself (BUCLES INFINITOS)."""
        self._loop_cycled: set[tuple[str, str]] = set()
        """Those of them that came back to a state they had already been in."""
        self.forge_cancelled = False
        """Set by an ability that stops the key being forged ("they do not forge that key", Llave Falsificada)."""
        self._left_play: list[dict[str, Any]] = []
        """"After this card leaves play" events of cards destroyed together, waiting for the batch to be gone."""

    def _moved(self, card: CardState, from_zone: str, to_zone: str) -> None:
        # A card that leaves the purged zone is no longer "purged by" anything: even purged again later, the card
        # that first purged it cannot bring it back (KF172-CARD-21, Caja de Spangler).
        if from_zone == "purged" and to_zone != "purged" and card.get("purged-by"):
            self.res.set_card(card, "purged-by", 0)

    @property
    def active(self) -> str:
        return self.position.active

    def label(self, card: CardState, lang: str = "es") -> str:
        return self.board.label(card, lang)

    def amber(self, pid: str) -> int:
        return int(self.position.player(pid).values.get("amber", 0))

    def count_this_turn(self, pid: str, what: str, n: int = 1) -> None:
        """Keep what happened this turn (fights, friendly creatures destroyed, discards, plays, keys forged) for
        the abilities that ask about it."""
        this_turn = dict(self.position.values.get("this-turn", {}))
        key = f"{pid}.{what}"
        this_turn[key] = int(this_turn.get(key, 0)) + n
        self.res.set_value("this-turn", this_turn)

    def pending(self, card: CardState, key: str, es: str, en: str, item: Any, controller: str | None = None) -> Pending[Any]:
        """An effect waiting to resolve, answerable by its value, its card's uid or its card's names."""
        ability = item.ability if isinstance(item, Triggered) else (
            item[1] if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], dict) else None)
        if isinstance(ability, dict) and isinstance(ability.get("effects"), list) and sum(
                1 for a, _ in self.board.abilities(card) if a.get("trigger") == ability.get("trigger")) > 1:
            # Two abilities of one card with the same trigger would read the same: say what each does.
            verbs = [effect_label(e["do"]) for e in ability["effects"] if isinstance(e, dict) and isinstance(e.get("do"), str)]
            verbs_en = [effect_label(e["do"], "en") for e in ability["effects"] if isinstance(e, dict) and isinstance(e.get("do"), str)]
            if verbs:
                es, en = f"{es} — {', '.join(verbs)}", f"{en} — {', '.join(verbs_en)}"
        names = self.board.define(card).names()
        answer, spoken = answer_names((names[0], names[1], names[2], names[3], card.uid), key,
                                      ability.get("trigger") if isinstance(ability, dict) else None)
        return Pending(controller or card.controller, key, es, en, item, aliases=(card.uid, *names, *spoken), answer=answer)

    def ability_label(self, card: CardState, ability: dict[str, Any], es: str, en: str) -> tuple[str, str]:
        """How to name an ability in a question: its card, and the card that grants it when it is granted."""
        granter = self.position.find(ability.get("_granter", "")) if ability.get("_granter") else None
        if granter:
            g = granter[2]
            return (f"{es} de {self.label(card)} (otorgada por {self.label(g)})",
                    f"{en} of {self.label(card, 'en')} (granted by {self.label(g, 'en')})")
        return f"{es} de {self.label(card)}", f"{en} of {self.label(card, 'en')}"

    def ask_yes_no(self, player: str, rule: str, es: str, en: str, key: str = "may") -> bool:
        answer = self.res.ask(Question(key=key, player=player, rule=rule, prompt_es=es, prompt_en=en,
                                       options=(Option("yes", "Sí", "Yes"), Option("no", "No", "No"))))
        return answer == "yes"

    def card_options(self, cards: list[CardState]) -> tuple[Option, ...]:
        """The cards as options of a question, named in both languages and findable by any of their names."""
        return tuple(Option(c.uid, self.label(c), self.label(c, "en"), self.board.define(c).names()) for c in cards)

    def choose_card(self, key: str, player: str, rule: str, prompt_es: str, prompt_en: str,
                    cards: list[CardState]) -> CardState:
        """Ask ``player`` to choose one of ``cards`` (never a default: JUGADOR ACTIVO decides)."""
        chosen = self.res.ask(Question(key=key, player=player, rule=rule, prompt_es=prompt_es, prompt_en=prompt_en,
                                       options=self.card_options(cards)))
        return next(c for c in cards if c.uid == chosen)

    def forced_choice(self, key: str, rule: str, cards: list[CardState], player: str | None = None) -> None:
        """A choice of ``key`` that turned out to have no alternative (``cards`` are all it could take): an answer the
        judge wrote for it anyway is taken, not left over (:meth:`~judge.core.resolution.Resolution.forced`)."""
        n = len(cards)
        self.res.forced(Question(key=key, player=player or self.active, rule=rule, prompt_es="", prompt_en="",
                                 options=self.card_options(cards), min_choices=n, max_choices=n))

    def card_at(self, uid: str | None) -> CardState | None:
        found = self.position.find(uid) if uid else None
        return found[2] if found else None

    def context(self, source: str, controller: str, event: dict[str, Any] | None = None, *,
                last_known: CardState | None = None, granter: str | None = None) -> AbilityContext:
        """The context an ability of ``source`` resolves in, ``controller`` deciding for it."""
        return AbilityContext(self, source, controller, event if event is not None else {}, last_known=last_known,
                              granter=granter)
