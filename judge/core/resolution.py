"""Running a play: the context every game's rules use to open steps, ask questions and change the position.

All three timing models resolve through this one object. KeyForge nests steps as effects resolve immediately;
Mitos y Leyendas opens a response window per play (a question to the opponent whose options include "pass");
Gobierno & Prestigio pushes objects on a stack and loops priority (see :mod:`judge.core.timing`). In every model a
player's choice is :meth:`Resolution.ask`, and every state change goes through the ``set_*``/``move`` methods so
that the trace records it in the step that made it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Iterable, Sequence

from judge.core import budget
from judge.core.decisions import Decision, Option, Question
from judge.core.errors import IllegalPlayError, InvalidAnswerError, JudgeError
from judge.core.position import CardState, Position, Result, StackItem
from judge.core.trace import Change, Step


class PendingDecision(Exception):
    """Raised inside resolution when a question has no answer yet; caught by :func:`run`."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.key)
        self.question = question


class GameOver(Exception):
    """Raised when the game ends in the middle of a resolution (KeyForge: the third key is forged at once)."""

    def __init__(self, result: Result | str) -> None:
        if isinstance(result, str):
            result = Result(winners=(result,))
        super().__init__(result.winners)
        self.result = result

    @property
    def winner(self) -> str | None:
        return self.result.winner


@dataclass
class Outcome:
    """What resolving a play gave: the resulting position and trace, or the question it stopped at."""

    position: Position
    """The position after the play; while a question is pending, the position as far as resolution got."""
    trace: Step
    question: Question | None = None
    decisions: list[Decision] = field(default_factory=list)
    result: Result | None = None
    """How the game ended, if it did."""
    snapshots: dict[str, list[Position]] = field(default_factory=dict)
    """The position right after each step of a watched kind ended, in the order they ended (see :func:`run`)."""

    @property
    def is_complete(self) -> bool:
        return self.question is None

    @property
    def winner(self) -> str | None:
        return self.result.winner if self.result else None


@dataclass(frozen=True)
class Checkpoint:
    """A point of a resolution to come back to: the position then, and how far the trace had got."""

    position: Position
    step: Step
    children: int
    changes: int


More = Callable[["Resolution", Question, bool], Any]
"""What a resolution asks when a question comes and no answer is left: ``more(resolution, question, peeked)`` returns
the answer to go on with, or ``None`` to stop at the question as usual. ``peeked`` says whether the resolution looked
for an answer (and found none) since it took the last one: an answer given from the start would have been seen
there. An exploration uses it to go on down one branch instead of resolving the same beginning again for it."""

ATTACHED = "attached"
"""What move listeners are told a card left or entered when it was or becomes attached to another card."""


class _Opened:
    """The ``with`` block of a step: it closes the step however the block ends. (A class, not a generator: a play
    opens steps by the dozen.)"""

    __slots__ = ("res", "step", "kind")

    def __init__(self, res: Resolution, step: Step) -> None:
        self.res = res
        self.step = step
        self.kind = step.kind

    def __enter__(self) -> Step:
        return self.step

    def __exit__(self, *exc: Any) -> bool:
        res = self.res
        res._open.pop()
        if self.kind in res.watch:
            res.snapshots.setdefault(self.kind, []).append(res.position.copy())
        return False


@functools.lru_cache(maxsize=8192)
def _cited(cite: Callable[[str], str], rule: str) -> str:
    # A ruleset's citation of a rule key never changes, and the same few keys are cited at every step.
    return cite(rule)


class Resolution:
    """The state of one resolution in progress: position, answers still to use, and the step being written."""

    def __init__(self, position: Position, answers: Sequence[Any], cite: Callable[[str], str], *,
                 watch: Iterable[str] = (), lenient: bool = False, more: More | None = None) -> None:
        self.position = position
        self.answers = list(answers)
        self.used = 0
        self.cite = functools.partial(_cited, cite)
        self.decisions: list[Decision] = []
        self.root = Step(kind="resolution", rule=None, text_es="Resolución", text_en="Resolution")
        self.on_move: list[Callable[[CardState, str, str], None]] = []
        """Called after a card moves (card, zone it left, zone it entered): a game forgets what a zone meant."""
        self._open: list[Step] = [self.root]
        self.watch = frozenset(watch)
        """Step kinds after which the position is kept (a scenario's check "after this step of the play")."""
        self.snapshots: dict[str, list[Position]] = {}
        self.lenient = lenient
        """Whether a plain answer matching the only option of a question that turned out forced is taken for it
        (the second reading of the answers, see :func:`run`)."""
        self.more = more
        """Asked for an answer when the given ones run out, instead of stopping (see :data:`More`)."""
        self._peeked = False
        """Whether the next answer was looked for, and there was none, since the last answer was taken: an answer
        ``more`` adds now would have been seen there (:meth:`take_list`), had it been given from the start."""

    # Steps.

    @property
    def current(self) -> Step:
        return self._open[-1]

    def step(self, kind: str, rule: str | None, es: str, en: str, *, card: str | None = None) -> _Opened:
        """Open a step; everything resolved inside the ``with`` block becomes its children."""
        budget.on_step(self)
        s = Step(kind=kind, rule=self.cite(rule) if rule else None, text_es=es, text_en=en, card=card)
        self._open[-1].children.append(s)
        self._open.append(s)
        return _Opened(self, s)

    def note(self, kind: str, rule: str | None, es: str, en: str, *, card: str | None = None) -> Step:
        """A step with nothing inside it (a check, a rule that applies, a window that stays empty)."""
        with self.step(kind, rule, es, en, card=card) as s:
            return s

    # Going back.

    def checkpoint(self) -> Checkpoint:
        """Remember the position and the trace as they are now, to :meth:`rollback` to them later."""
        s = self.current
        return Checkpoint(self.position.copy(), s, len(s.children), len(s.changes))

    def rollback(self, to: Checkpoint, *, keep: Sequence[Step] = ()) -> None:
        """Put the position and the trace back as they were at ``to``, together.

        Steps written since are dropped from the trace, except those in ``keep`` (the decision that chose to go
        back, a note saying why), which are appended where the checkpoint was taken. Answers already used stay used:
        a rollback undoes what happened on the table, not what the players said. A checkpoint can be rolled back to
        more than once.
        """
        self.position.restore(to.position)
        del to.step.children[to.children:]
        del to.step.changes[to.changes:]
        to.step.children.extend(keep)

    # Decisions.

    def ask(self, question: Question) -> Any:
        """The answer to ``question``: the next answer given, checked against its options; never a default."""
        budget.on_ask(self)
        question = Question(**{**question.__dict__, "rule": self.cite(question.rule)})
        if len(question.options) == 0:
            raise JudgeError(f"internal: a question with no options was asked: {question.key}")
        if self.used >= len(self.answers):
            extra = None if self.more is None else self.more(self, question, self._peeked)
            if extra is None:
                raise PendingDecision(question)
            self.answers.append(extra)
        raw = self.answers[self.used]
        chosen = question.pick(raw)
        self.used += 1
        self._peeked = False
        decision = Decision(question, chosen)
        self.decisions.append(decision)
        with self.step("decision", question.rule, question.prompt_es, question.prompt_en) as s:
            s.decision = decision
        return chosen

    def record(self, question: Question, chosen: str | tuple[str, ...]) -> None:
        """Write a decision into the trace that an earlier answer already gave (the rest of a whole order answered
        at once): it reads, and is checked, like a question asked."""
        question = Question(**{**question.__dict__, "rule": self.cite(question.rule)})
        decision = Decision(question, chosen)
        self.decisions.append(decision)
        with self.step("decision", question.rule, question.prompt_es, question.prompt_en) as s:
            s.decision = decision

    def take_list(self) -> list[Any] | None:
        """The next answer if it is a list of several items given to a question that takes one (a whole order
        written at once), taking it; otherwise nothing is taken."""
        if self.used >= len(self.answers):
            return None
        raw = self.answers[self.used]
        items = raw.get("choose") if isinstance(raw, dict) else raw
        if not isinstance(items, list) or len(items) < 2:
            return None
        self.used += 1
        return list(items)

    def forced(self, question: Question) -> bool:
        """A question that turned out to have a single option is not asked. On the lenient reading of the answers
        (:func:`run`), an answer the judge wrote for it anyway — matching the option, and naming this question's key
        if it names one — is taken rather than left over. Returns whether an answer was taken."""
        if not self.lenient or not question.options:
            return False
        if self.used >= len(self.answers):
            self._peeked = True
            return False
        raw = self.answers[self.used]
        if isinstance(raw, dict):
            if raw.get("key") not in (None, question.key):
                return False
            raw = raw.get("choose")
        items = raw if isinstance(raw, (list, tuple)) else [raw]
        # One choice of no alternative (any of the options, which come to the same: the two flanks of an empty
        # battleline), or all the options at once when all of them must be taken.
        if len(items) != (len(question.options) if question.is_multiple else 1) or not all(
                any(o.value == str(x) or o.matches(str(x)) for o in question.options) for x in items):
            return False
        self.used += 1
        only = ", ".join(o.label_es for o in question.options)
        only_en = ", ".join(o.label_en or o.label_es for o in question.options)
        self.note("forced-answer", question.rule, f"Respuesta «{question.key}» aceptada: no había elección ({only})",
                  f"Answer '{question.key}' accepted: there was no choice ({only_en})")
        return True

    def choose(self, question: Question, *, only_es: str = "", only_en: str = "") -> Any:
        """Ask ``question`` unless it has a single option: then there is no choice, and a note says what it is
        (``only_es``/``only_en``, or the option's label)."""
        if len(question.options) == 1 and question.min_choices <= 1:
            only = question.options[0]
            self.note("only-option", question.rule, only_es or f"Única opción: {only.label_es}",
                      only_en or f"Only option: {only.label_en or only.label_es}")
            self.forced(question)
            return (only.value,) if question.is_multiple else only.value
        return self.ask(question)

    def ask_number(self, *, key: str, player: str, rule: str, prompt_es: str, prompt_en: str,
                   low: int, high: int) -> int:
        """Ask for a whole number from ``low`` to ``high`` (how many times a loop resolves, X, how much to pay)."""
        if high < low:
            raise JudgeError(f"internal: no number between {low} and {high} for {key}")
        options = tuple(Option(str(n), str(n), str(n)) for n in range(low, high + 1))
        return int(self.choose(Question(key=key, player=player, rule=rule, prompt_es=prompt_es,
                                        prompt_en=prompt_en, options=options)))

    # Changes: the only way the rules touch the position. Each one counts as a new revision of the position, so
    # that what a game's board worked out from the position before is worked out again.

    def _record(self, what: str, before: Any, after: Any) -> None:
        if before != after:
            self.current.changes.append(Change(what, before, after, at=len(self.current.children)))

    def set_card(self, card: CardState, key: str, value: Any) -> None:
        self.position.changed()
        before = card.state.get(key, 0 if not isinstance(value, bool) else False)
        if value in (0, False):
            card.state.pop(key, None)
        else:
            card.state[key] = value
        self._record(f"{card.uid}.{key}", before, value)

    def set_player(self, pid: str, key: str, value: Any) -> None:
        self.position.changed()
        values = self.position.player(pid).values
        before = values.get(key)
        values[key] = value
        self._record(f"{pid}.{key}", before, value)

    def set_value(self, key: str, value: Any) -> None:
        self.position.changed()
        before = self.position.values.get(key)
        if value is None:
            self.position.values.pop(key, None)
        else:
            self.position.values[key] = value
        self._record(key, before, value)

    def set_turn(self, *, active: str | None = None, turn: int | None = None, step: str | None = None) -> None:
        """Change whose turn it is, the turn number or the step."""
        self.position.changed()
        for name, new in (("active", active), ("turn", turn), ("step", step)):
            if new is not None:
                before = getattr(self.position, name)
                setattr(self.position, name, new)
                self._record(name, before, new)

    def set_controller(self, card: CardState, pid: str) -> None:
        self.position.changed()
        before = card.controller
        card.controller = pid
        self._record(f"{card.uid}.controller", before, pid)

    def move(self, card: CardState, pid: str, zone: str, index: int | None = None, *, same_object: bool = False) -> None:
        """Move a card (with what is attached to it) to ``pid``'s ``zone`` (or the shared zone of that name), at
        ``index`` or at the end. A card that changes zone becomes a new object with a new timestamp; one that only
        changes sides within a zone (control) stays the same object, and so does one the game moves between two
        places that are one zone for its rules (``same_object``: an Aliado declared an attacker stays in play)."""
        self.position.changed()
        player, from_zone, holder, at, host = self.position.locate(card.uid)
        holder.pop(at)
        dest = self.position.zone(pid, zone)
        if index is None or index >= len(dest):
            dest.append(card)
        else:
            dest.insert(max(0, index), card)
        where_from = f"{host.uid}" if host else f"{player.id}.{from_zone}"
        where_to = zone if zone in self.position.shared_zones else f"{pid}.{zone}"
        self._record(f"{card.uid}.zone", where_from, where_to)
        left = ATTACHED if host else from_zone
        if left != zone and not same_object:
            self._new_object(card)
        for listener in self.on_move:
            listener(card, left, zone)

    def remove_card(self, card: CardState) -> None:
        """The card ceases to exist (a token that left play, a marker that moved): it leaves the position."""
        self.position.changed()
        player, from_zone, holder, at, host = self.position.locate(card.uid)
        holder.pop(at)
        self._record(f"{card.uid}.zone", f"{host.uid}" if host else f"{player.id}.{from_zone}", None)
        for listener in self.on_move:
            listener(card, ATTACHED if host else from_zone, "")

    def attach(self, card: CardState, host: CardState) -> None:
        """Attach ``card`` to ``host`` (an upgrade, an Arma): it becomes a new object there."""
        self.position.changed()
        player, from_zone, holder, at, old_host = self.position.locate(card.uid)
        holder.pop(at)
        host.attached.append(card)
        where_from = f"{old_host.uid}" if old_host else f"{player.id}.{from_zone}"
        self._record(f"{card.uid}.zone", where_from, f"{host.uid}")
        if old_host is None:
            self._new_object(card)
        for listener in self.on_move:
            listener(card, ATTACHED if old_host else from_zone, ATTACHED)

    def create(self, card: str, pid: str, zone: str, *, uid: str | None = None, owner: str | None = None,
               state: dict[str, Any] | None = None, index: int | None = None) -> CardState:
        """A new object comes into being in ``pid``'s ``zone`` (or the shared zone of that name), controlled by
        ``pid`` and owned by ``owner`` (``pid`` unless said): a government point, a token, a legacy. It is a new
        object with its own timestamp, and the trace records it appearing from nowhere, as :meth:`remove_card`
        records one ceasing to exist; a rollback takes it away again. ``card`` is its catalog id (or a card the
        position defines, :meth:`define_card`); ``uid`` its id in the position, the next free one unless given."""
        uid = uid or self.position.next_uid()
        if self.position.find(uid) is not None:
            raise JudgeError(f"internal: a new object was given the uid of a card already there: {uid}")
        self.position.changed()
        made = CardState(uid=uid, card=card, owner=owner or pid, controller=pid, state=dict(state or {}))
        dest = self.position.zone(pid, zone)
        if index is None or index >= len(dest):
            dest.append(made)
        else:
            dest.insert(max(0, index), made)
        self._new_object(made)
        self._record(f"{uid}.zone", None, zone if zone in self.position.shared_zones else f"{pid}.{zone}")
        for listener in self.on_move:
            listener(made, "", zone)
        return made

    def define_card(self, cid: str, definition: dict[str, Any] | None) -> None:
        """Define card ``cid`` among the position's own cards (a token whose characteristics the effect that makes it
        gives), so that the position stays complete and can be written down; ``None`` forgets the definition again.
        The table of cards is shared by a position's copies, so it is replaced, never changed in place."""
        self.position.changed()
        cards = self.position.cards
        before = cards.get(cid)
        rest = {k: v for k, v in cards.items() if k != cid}
        self.position.cards = rest if definition is None else {**rest, cid: definition}
        self._record(f"cards.{cid}", before, definition)

    def _new_object(self, card: CardState) -> None:
        # Timestamps are bookkeeping, not a change a judge reads: they are not recorded in the trace.
        self.position.changed()
        card.stamp = self.position.tick()

    # What waits to resolve, and who may act.

    def push(self, item: StackItem) -> StackItem:
        """Put ``item`` on top of the stack (it resolves before everything under it)."""
        self.position.changed()
        self.position.stack.append(item)
        self._record("stack", None, f"+{item.id} {item.kind} {item.source} ({item.controller})")
        return item

    def remove_from_stack(self, item: StackItem) -> None:
        """Take ``item`` off the stack (it resolves, or it is annulled or countered)."""
        self.position.changed()
        self.position.stack.remove(item)
        self._record("stack", f"{item.id} {item.kind} {item.source}", None)

    def set_item(self, item: StackItem, key: str, value: Any) -> None:
        """Change what a waiting item carries (its targets, which players have answered it…)."""
        self.position.changed()
        before = item.data.get(key)
        if value is None:
            item.data.pop(key, None)
        else:
            item.data[key] = value
        self._record(f"{item.id}.{key}", before, value)

    def set_priority(self, pid: str | None) -> None:
        self.position.changed()
        before = self.position.priority
        self.position.priority = pid
        self._record("priority", before, pid)

    def set_passed(self, players: Sequence[str]) -> None:
        self.position.changed()
        before = list(self.position.passed)
        self.position.passed = list(players)
        if before != self.position.passed:
            self._record("passed", " ".join(before) or None, " ".join(players) or None)

    def end_game(self, result: Result) -> None:
        """The game is over: record how, and stop resolving."""
        self.set_value("result", result.to_dict())
        raise GameOver(result)

    def reorder(self, pid: str, zone: str, cards: list[CardState]) -> None:
        self.position.changed()
        before = [c.uid for c in self.position.player(pid).zone(zone)]
        self.position.player(pid).zones[zone] = list(cards)
        self._record(f"{pid}.{zone}", " ".join(before), " ".join(c.uid for c in cards))


class LeftoverAnswers(JudgeError):
    """Answers left unused once the play has fully resolved."""


def run(position: Position, answers: Sequence[Any], cite: Callable[[str], str],
        body: Callable[[Resolution], None], *, watch: Iterable[str] = (), more: More | None = None) -> Outcome:
    """Resolve ``body`` on a copy of ``position``; stop with the question if an answer is missing.

    Illegal plays and bad answers propagate as exceptions (:class:`IllegalPlayError`, :class:`InvalidAnswerError`);
    answers left over after the play is fully resolved are an error too, so a scenario cannot carry stale answers.
    When the answers do not fit — one is not an option, or some are left over — they are read once more taking
    a plain answer for a question that turned out to have a single option (a judge who answered what they expected
    to be asked); if that reading does not fit either, the first error stands. ``watch``: step kinds after which
    the position is kept in the outcome's ``snapshots``. ``more``: asked for each answer missing (:data:`More`);
    the answers are then read once, strictly, and the caller reads them again as it needs when they do not fit.
    """
    if more is not None:
        return _run_once(position, answers, cite, body, watch, lenient=False, more=more)
    try:
        return _run_once(position, answers, cite, body, watch, lenient=False)
    except (InvalidAnswerError, LeftoverAnswers) as first:
        if not answers:
            raise
        try:
            return _run_once(position, answers, cite, body, watch, lenient=True)
        except JudgeError:
            raise first from None


def _run_once(position: Position, answers: Sequence[Any], cite: Callable[[str], str],
              body: Callable[[Resolution], None], watch: Iterable[str], *, lenient: bool,
              more: More | None = None) -> Outcome:
    work = position.copy()
    res = Resolution(work, answers, cite, watch=watch, lenient=lenient, more=more)
    try:
        body(res)
    except PendingDecision as pending:
        return Outcome(position=work, trace=res.root, question=pending.question, decisions=res.decisions,
                       snapshots=res.snapshots)
    except GameOver as over:
        work.values["result"] = over.result.to_dict()
        if over.winner:
            # KeyForge's positions and scenarios name the one winner directly.
            work.values["winner"] = over.winner
        return Outcome(position=work, trace=res.root, decisions=res.decisions, result=over.result,
                       snapshots=res.snapshots)
    if res.used < len(res.answers):
        extra = res.answers[res.used:]
        raise LeftoverAnswers(f"{len(extra)} answer(s) left unused after the play resolved: {extra!r}")
    return Outcome(position=work, trace=res.root, decisions=res.decisions, result=_result_of(work),
                   snapshots=res.snapshots)


def _result_of(position: Position) -> Result | None:
    if position.result is not None:
        return position.result
    winner = position.values.get("winner")
    return Result(winners=(winner,)) if isinstance(winner, str) and winner else None


__all__ = ["ATTACHED", "Checkpoint", "More", "Outcome", "Resolution", "PendingDecision", "GameOver", "LeftoverAnswers", "run",
           "IllegalPlayError", "InvalidAnswerError"]
