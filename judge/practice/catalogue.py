"""The scenarios a learner practises on: by game, by topic and by level, in a session's order.

A *topic* is a rule section the scenarios cite, taken at its top (``123`` for ``123.2.a``, ``damage`` for a
glossary term): the topics a game offers are those its scenario files name — the rules their expectations cite, the
sections they reproduce, the rule that refuses a play —, and a scenario belongs to a topic when its file names it or
its ruling's trace cites it. A *level* is how many steps the ruling's resolution has. Reading a trace means running
the scenario, so it is done for a scenario only when a session needs to know, once per process, and a session
looks for its next question within a bounded amount of work.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from judge import corpus as corpora
from judge import rulesets
from judge.core.errors import JudgeError
from judge.core.scenario import Scenario
from judge.core import budget
from judge.core.trace import Step, citations
from judge.practice import lines, questions
from judge.practice.questions import Question
from judge.practice.wording import Text

LEVELS: dict[int, tuple[int, int | None]] = {1: (0, 11), 2: (12, 24), 3: (25, None)}
"""Steps of the ruling's resolution for each level: about a third of the scenarios each."""
MIN_SCENARIOS = 3
"""A topic is offered when at least this many scenario files name it."""
KEPT = 256
"""Questions kept built in a process (each holds a few traces)."""
SCAN_SECONDS = 0.5
"""Processor time one request may spend reading traces to find a session's next question."""

GAMES: dict[str, Text] = {
    "keyforge": {"es": "KeyForge", "en": "KeyForge"},
    "mitos-y-leyendas": {"es": "Mitos y Leyendas", "en": "Mitos y Leyendas"},
    "gobierno-y-prestigio": {"es": "Gobierno & Prestigio", "en": "Gobierno & Prestigio"},
}


@dataclass(frozen=True)
class Item:
    """A scenario as the catalogue knows it without running it."""

    id: str
    path: Path
    game: str
    named: frozenset[str]
    """The topics its file names."""


@dataclass(frozen=True)
class Profile:
    """What running the ruling tells of a scenario: its length and the topics its trace cites."""

    steps: int
    topics: frozenset[str]

    @property
    def level(self) -> int:
        return level_of(self.steps)


@dataclass(frozen=True)
class Topic:
    key: str
    title: Text
    count: int


@dataclass(frozen=True)
class Found:
    """Where a session's search for its next question stopped: at a question, at the end, or out of time."""

    item: Item | None
    last: str | None
    """The last scenario looked at (to go on from it when the search ran out of time)."""
    done: bool


def level_of(steps: int) -> int:
    return next(level for level, (low, high) in LEVELS.items() if steps >= low and (high is None or steps <= high))


@functools.lru_cache(maxsize=1)
def _corpus():
    return corpora.load()


def topic_of(citation: str) -> str | None:
    """The topic of a citation: its top section, by the id the current KeyForge rulebook gives it."""
    book = _corpus()
    try:
        section = book.resolve(citation)
    except KeyError:
        return None
    if "#" not in citation:
        return None
    while getattr(section, "parent", None):
        up = book.sections.get(f"{section.document}#{section.parent}")
        if up is None:
            break
        section = up
    current = f"keyforge-17.2#{section.id}"
    if section.document.startswith("keyforge-") and current in book.sections:
        return current  # the three KeyForge rulebooks share their section ids
    return section.citation


def topic_title(key: str) -> Text:
    book = _corpus()
    section = book.sections.get(key)
    if section is None:
        return {"es": key, "en": key}
    english = book.concept_names.get(section.id, {}).get("en") if key.startswith("keyforge-") else None
    return {"es": section.title, "en": english or section.title}


def named_topics(scenario: Scenario) -> frozenset[str]:
    ruleset = rulesets.get(scenario.ruleset)
    cited: set[str] = set(scenario.sections)
    for table in [scenario.expect, *(p.expect for p in scenario.plays)]:
        trace = table.get("trace", {})
        cited.update(ruleset.cite(c) for c in [*trace.get("cites", []), *trace.get("order", [])])
    cited.update(ruleset.cite(p.illegal) for p in scenario.plays if p.illegal)
    return frozenset(t for t in map(topic_of, cited) if t)


class Catalogue:
    """The scenarios under ``root``, read once; their profiles, read when a session needs them."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.items: dict[str, Item] = {}
        for path in sorted(root.rglob("*.toml")):
            try:
                scenario = Scenario.from_file(path)
                game = rulesets.get(scenario.ruleset).game
            except (JudgeError, KeyError):
                continue
            if any(p.set is None for p in scenario.plays):
                self.items[scenario.id] = Item(scenario.id, path, game, named_topics(scenario))
        self._profiles: dict[str, Profile | None] = {}
        self._questions: OrderedDict[str, Question] = OrderedDict()
        self._lock = threading.Lock()

    def games(self) -> dict[str, int]:
        counts = {game: 0 for game in GAMES}
        for item in self.items.values():
            counts[item.game] = counts.get(item.game, 0) + 1
        return counts

    def of_game(self, game: str) -> list[Item]:
        return [i for i in self.items.values() if i.game == game]

    def topics(self, game: str) -> list[Topic]:
        counts: dict[str, int] = {}
        for item in self.of_game(game):
            for key in item.named:
                counts[key] = counts.get(key, 0) + 1
        found = [Topic(k, topic_title(k), n) for k, n in counts.items() if n >= MIN_SCENARIOS]
        return sorted(found, key=lambda t: t.title["es"].casefold())

    def profile(self, item: Item) -> Profile | None:
        """The scenario's length and cited topics (``None`` if its ruling does not run)."""
        if item.id not in self._profiles:
            self._profiles[item.id] = _profile(item.path)
        return self._profiles[item.id]

    def question(self, sid: str, limits: budget.Limits = questions.LIMITS) -> Question:
        """The question of scenario ``sid``, built the first time it is asked for (the last few are kept).

        :raises KeyError: if there is no such scenario.
        :raises QuestionError: if it cannot be asked.
        """
        item = self.items[sid]
        with self._lock:
            kept = self._questions.get(sid)
            if kept is not None:
                self._questions.move_to_end(sid)
                return kept
        # Built outside the lock: two requests for the same new question may both build it, none waits for another.
        built = questions.build(item.path, limits)
        with self._lock:
            self._profiles.setdefault(sid, Profile(built.steps, _trace_topics(built.ruling.trace)))
            self._questions[sid] = built
            while len(self._questions) > KEPT:
                self._questions.popitem(last=False)
        return built

    def order(self, game: str, seed: str) -> list[Item]:
        """A session's scenarios of ``game``, in an order that depends only on its seed."""
        return sorted(self.of_game(game), key=lambda i: hashlib.sha256(f"{seed}:{i.id}".encode()).hexdigest())

    def matches(self, item: Item, topic: str | None, level: int | None) -> bool:
        if topic is None and level is None:
            return True
        if level is None and topic in item.named:
            return True
        profile = self.profile(item)
        if profile is None:
            return False
        return (topic is None or topic in item.named or topic in profile.topics) and \
            (level is None or profile.level == level)

    def next(self, game: str, seed: str, *, topic: str | None = None, level: int | None = None,
             after: str | None = None, seconds: float = SCAN_SECONDS,
             clock: Callable[[], float] = time.thread_time) -> Found:
        """The session's next scenario after ``after`` that fits its topic and level, looking for at most
        ``seconds`` of processor time."""
        order = self.order(game, seed)
        ids = [i.id for i in order]
        start = ids.index(after) + 1 if after in ids else 0
        began = clock()
        last = after
        for item in order[start:]:
            if self.matches(item, topic, level):
                return Found(item, last, False)
            last = item.id
            if clock() - began > seconds:
                return Found(None, last, False)
        return Found(None, last, True)


def _profile(path: Path) -> Profile | None:
    try:
        scenario = Scenario.from_file(path)
    except JudgeError:
        return None
    result = lines.run(scenario)
    if result.trace is None or not result.passed:
        return None
    return Profile(lines.steps(result.trace), _trace_topics(result.trace))


def _trace_topics(trace: Step) -> frozenset[str]:
    return frozenset(t for t in map(topic_of, set(citations(trace))) if t)

