"""Rulesets: frozen objects (game + document version) that read positions and resolve plays.

A game subclasses :class:`Ruleset` once; an older rulebook of the same game is a subclass that overrides the named
hooks where the rule changed (never ``if version == ...`` inside the rules). The core drives every ruleset the same
way: read a position, list or verify a play, resolve it with answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, ClassVar
from collections.abc import Iterable, Sequence

from judge.core import notation
from judge.core.errors import InvalidPlayError, MalformedPositionError, Problem
from judge.core.notation import Layout
from judge.core.position import Position
from judge.core.resolution import More, Outcome, Resolution, run

_ENTRY_ID = re.compile(r"^[A-Z][A-Z0-9]*-[A-Z]+-[A-Za-z0-9-]+$")


@dataclass(frozen=True)
class Play:
    """A play as a player announces it: a verb and the card it concerns (``reap c3``, ``play Troll``), and who
    makes it.

    Everything the player chooses while the play resolves (targets, order, flank…) is an answer, not part of
    the play. ``player`` is ``None`` until the ruleset fills in the player who may act now.
    """

    verb: str
    card: str | None = None
    player: str | None = None

    @classmethod
    def parse(cls, raw: Any, *, by: str | None = None) -> Play:
        """Read ``"reap Troll"`` or ``{verb = "reap", card = "Troll", by = "p2"}``."""
        if isinstance(raw, Play):
            return raw if by is None else replace(raw, player=by)
        if isinstance(raw, dict):
            verb, card, by = raw.get("verb"), raw.get("card"), raw.get("by", by)
        elif isinstance(raw, str):
            verb, _, card = raw.strip().partition(" ")
            card = card.strip() or None
        else:
            raise InvalidPlayError(f"a play is text like 'reap Troll', not {raw!r}",
                                   f"una jugada es un texto como 'reap Troll', no {raw!r}")
        if not isinstance(verb, str) or not verb:
            raise InvalidPlayError(f"a play needs a verb: {raw!r}", f"una jugada necesita un verbo: {raw!r}")
        if card is not None and not isinstance(card, str):
            raise InvalidPlayError(f"the card of a play is its name or uid: {raw!r}",
                                   f"la carta de una jugada es su nombre o su uid: {raw!r}")
        if by is not None and (not isinstance(by, str) or not by):
            raise InvalidPlayError(f"the player of a play is a player id: {by!r}",
                                   f"el jugador de una jugada es el id de un jugador: {by!r}")
        return cls(verb=verb.strip().lower(), card=card, player=by)

    def __str__(self) -> str:
        return f"{self.verb} {self.card}" if self.card else self.verb

    def __repr__(self) -> str:
        by = f", by={self.player!r}" if self.player else ""
        return f"Play.parse({str(self)!r}{by})"


@dataclass(frozen=True)
class PositionWarning:
    """Something a position holds that play under the rules cannot lead to (a creature that should have been
    destroyed, a game already won): not a problem, since a real table is sometimes in such a state and the judge
    needs to see what follows, but said with the rule it breaks."""

    where: str
    """A path into the position, as a :class:`~judge.core.errors.Problem`'s (``players.p2.battleline[0].damage``)."""
    rule: str
    """The citation of the rule the position breaks (``keyforge-17.2#damage``)."""
    message: str
    message_es: str

    def text(self, lang: str = "en") -> str:
        return self.message_es if lang == "es" else self.message


@dataclass(frozen=True)
class Ruleset:
    """One game under one document version. Subclasses fill in the hooks."""

    id: str
    game: str
    document: str
    """Corpus document whose sections this ruleset cites (``keyforge-17.2``)."""
    title: str

    layout: ClassVar[Layout]
    verbs: ClassVar[tuple[str, ...]] = ()
    decisions: ClassVar[str | None] = None
    """The corpus document of what this ruleset decides where its rulebook is silent (``myl-decisiones``), if it
    keeps one: the game's code names a decision ``<decision_prefix><id>`` and the trace cites that document's
    section ``<id>``."""
    decision_prefix: ClassVar[str] = "decision."

    # Citations.

    def cite(self, rule: str) -> str:
        """Turn a rule key used in the code into a full citation of this ruleset's document.

        ``"elusive"`` → ``"keyforge-17.2#elusive"``; a full citation (``doc#section``) or an entry id
        (``KF172-GEN-39``) is kept as it is; a decision (``myl.decision.durations``) cites the ruleset's
        :attr:`decisions` document (``myl-decisiones#durations``).
        """
        if "#" in rule or _ENTRY_ID.match(rule):
            return rule
        if self.decisions and rule.startswith(self.decision_prefix):
            return f"{self.decisions}#{rule[len(self.decision_prefix):]}"
        return f"{self.document}#{rule}"

    def rule_keys(self) -> set[str]:
        """Every rule key the game's code can cite (checked against the corpus by a test)."""
        return set()

    # Positions.

    def read_position(self, doc: dict[str, Any]) -> Position:
        """Build a position from its table form, listing every problem (structure and game rules) at once."""
        position, problems = notation.read_position(doc, self.layout, game=self.game, ruleset=self.id)
        if position is not None and position.players:
            problems.extend(self.validate(position))
        if problems:
            raise MalformedPositionError(problems)
        assert position is not None
        return position

    def loads(self, text: str) -> Position:
        return self.read_position(notation.loads_toml(text))

    def dumps(self, position: Position) -> str:
        return notation.dumps(position, self.layout)

    def to_dict(self, position: Position) -> dict[str, Any]:
        return notation.position_to_dict(position, self.layout)

    def validate(self, position: Position) -> list[Problem]:
        """Game-level problems of a structurally sound position (unknown cards, impossible counters…)."""
        return []

    def warnings(self, position: Position) -> list[PositionWarning]:
        """What a valid position holds that the rules cannot produce, each with the rule it breaks; none by default.
        A game answers from its own ``plausibility`` module."""
        return []

    # Plays.

    def legal_plays(self, position: Position) -> list[Play]:
        """Every play the rules allow now (what a judge's screen offers)."""
        return []

    def verify_play(self, position: Position, play: Play) -> None:
        """Raise :class:`IllegalPlayError` (with the rule) if ``play`` is not allowed in ``position``."""

    def can_play(self, position: Position, play: Play) -> bool:
        try:
            self.verify_play(position, play)
        except (InvalidPlayError, ValueError):
            return False
        return True

    def acting_player(self, position: Position) -> str:
        """Who may act now: the player holding priority while a round is open, otherwise the active player."""
        return position.priority or position.active

    def with_player(self, position: Position, play: Play | str | dict[str, Any]) -> Play:
        """``play`` with its player filled in; a player who may not act now is refused with the rule."""
        play = Play.parse(play)
        if play.player is None:
            return replace(play, player=self.acting_player(position))
        if play.player not in position.players:
            raise InvalidPlayError(f"{play.player!r} is not a player of this position ({', '.join(position.players)})",
                                   f"{play.player!r} no es un jugador de esta posición ({', '.join(position.players)})")
        return play

    def resolve(self, position: Position, play: Play | str, answers: Sequence[Any] = (), *,
                watch: Iterable[str] = ()) -> Outcome:
        """Resolve ``play`` with ``answers``; stop with a question if one is missing (see :mod:`decisions`).
        ``watch``: step kinds after which the outcome keeps the position (:func:`judge.core.resolution.run`)."""
        return self.resolve_checked(position, self.check_play(position, play, resolving=True), answers, watch=watch)

    def check_play(self, position: Position, play: Play | str, *, resolving: bool = False) -> Play:
        """``play`` with its player filled in, once the rules allow it in ``position`` (:class:`IllegalPlayError`
        with the rule if they do not); ``resolving``: the play is resolved right after
        (:meth:`verify_before_resolving`)."""
        play = self.with_player(position, play)
        if resolving:
            self.verify_before_resolving(position, play)
        else:
            self.verify_play(position, play)
        return play

    def verify_before_resolving(self, position: Position, play: Play) -> None:
        """What :meth:`resolve` checks before it resolves ``play``: all of :meth:`verify_play`. A game that checks a
        play by resolving it with no answers (a probe) leaves that part to the resolution that follows, which
        refuses the play the same way at the same point, instead of resolving it twice."""
        self.verify_play(position, play)

    def resolve_checked(self, position: Position, play: Play, answers: Sequence[Any] = (), *,
                        watch: Iterable[str] = (), more: More | None = None) -> Outcome:
        """Resolve a play :meth:`check_play` allowed in this very position: an exploration checks its play once, not
        once for each of its branches. ``more``: see :func:`judge.core.resolution.run`."""
        return run(position, answers, self.cite, lambda res: self.resolve_play(res, play), watch=watch, more=more)

    def resolve_play(self, res: Resolution, play: Play) -> None:  # pragma: no cover - every game overrides
        raise NotImplementedError

    # What the board and the database ask of a game.

    def schema(self) -> dict[str, Any]:
        """What a position of this game is made of, for the board builder: players, zones and how each behaves,
        player values, card states and steps. A game adds its own entries (values, states, steps).

        The board builds every form from these keys and knows no game: ``player_fields``, ``game_fields`` and
        ``card_fields`` describe the inputs (``{key, kind, options?, min?, max?}``; kinds ``int``, ``bool``,
        ``text``, ``choice``, ``choices``, ``flags``, ``list``, ``player``), ``new_position`` is what "empty
        position" starts from, ``stack`` says whether the game keeps a stack and priority between plays (with
        ``stack_kinds``), ``hand_zone`` names the zone the request limits count as the hand."""
        layout = self.layout
        return {
            "game": self.game,
            "ruleset": self.id,
            "players": ["p1", "p2"],
            "zones": list(layout.zones),
            "in_play": sorted(layout.in_play),
            "zone_flags": {z: {"in_play": z in layout.in_play, "hidden": z in layout.hidden,
                               "ordered": z in layout.ordered, "shared": z in layout.shared} for z in layout.zones},
            "attached": layout.attached_key,
            "verbs": list(self.verbs),
            "values": {},
            "states": {},
            "steps": [],
            "card_state": {},
            "states_out_of_play": [],
            "player_fields": [],
            "game_fields": [],
            "card_fields": [{"key": "type", "kind": "text"}],
            "new_position": {"active": "p1", "turn": 1, "players": {"p1": {}, "p2": {}}},
            "stack": False,
            "stack_kinds": [],
            "hand_zone": None,
        }

    def catalog(self) -> Any:
        """The game's card catalog (names in every language, facts, abilities), or ``None`` if it has none."""
        return None

    def card_facts(self, card: Any) -> dict[str, Any]:
        """What the board shows of a catalog card: at least ``id``, ``name`` (by language) and ``type``."""
        return {"id": card.id, "name": {"es": str(card.id)}, "type": getattr(card, "type", "")}

    def card_facets(self, card: Any) -> dict[str, tuple[str, ...]]:
        """The values the card picker filters a catalog card by, by filter (``type``; a game adds its own, such as
        KeyForge's ``house`` and ``trait``); a card may have several values of one filter (a card of two houses)."""
        return {"type": (str(getattr(card, "type", "")),)}

    def facet_names(self, facet: str, value: str) -> dict[str, str]:
        """How a judge reads a value of a filter, by language (the value itself where the game has no other name)."""
        return {"es": value, "en": value}

    def play_word_names(self, play: Play) -> dict[str, str] | None:
        """How a judge reads the word a play names when it is not a card (a house chosen in step 2), by language;
        None where the word is read as written."""
        return None

    def card_view(self, position: Position) -> dict[str, Any]:
        """Every card of ``position`` by uid, with its facts and, in play, its values now (power, strength…)."""
        return {card.uid: {"uid": card.uid, "card": card.card, "id": card.card, "zone": f"{player.id}.{zone}",
                           "name": {"es": card.card, "en": card.card, "pt": card.card}}
                for player, zone, card in position.all_cards()}

    # Expectations.

    def canonical(self, position: Position, expected: Any) -> Any:
        """An expected value as the engine writes it (a card named in any language → its catalog id)."""
        return expected

    def query(self, position: Position, path: str) -> Any:
        """The value a scenario expectation names (``p1.amber``, ``c3.damage``, ``p2.discard``…)."""
        raise KeyError(path)
