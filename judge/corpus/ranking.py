"""How the oracle orders what the full-text index found, the way a judge needs it.

The index scores words; a judge asks about rules. So after the text score: a question about a rule term puts
that term's current section first; the question's game comes first; a text of a superseded rulebook never
outranks the current text that replaces it, nor a stub the section it points to; and texts that say the same
thing are one result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from judge.corpus.text import fold as fold_text

OTHER_GAME = 0.4
"""Weight of a result from another game than the one the question is about."""
SUPERSEDED = 0.7
"""Weight of a result from a superseded rulebook."""
STUB = 0.5
"""Weight of a stub: its heading may match a question well, but it says nothing beyond where to look."""
NAMED_TERM = 1.3
"""Weight of the current section of a rule term the question names among other words."""
TERM_FLOOR = 0.6
"""Least weight, against the best result, of the rule of a term a question names among other words."""
ABOVE = 1.02
"""How far above a superseded or stub result the text that replaces it is put."""
FILED_UNDER = 1.3
"""Weight of a ruling the document files under a rule term the question names: the FAQ answers a term's questions
under its heading ("Cancelación de habilidades"), so a ruling there is about what the question is about."""


@dataclass
class Candidate:
    ref: str
    type: str
    game: str
    document: str
    score: float
    current: str | None = None
    """For a superseded text, what replaces it."""
    points_to: str | None = None
    """For a stub, the section it sends the reader to."""
    same: str = ""
    """Key shared by the texts that say the same thing."""
    body: str = ""
    row: dict = field(default_factory=dict, repr=False)
    aspects: list[str] = field(default_factory=list)
    """The other ids a folded result stands for."""


@dataclass
class Intent:
    """What a question is about, beyond its words."""

    game: str | None = None
    definition: list[str] = field(default_factory=list)
    """The sections of the one rule term the question asks about ("qué es capturar", "rule of six")."""
    terms: list[str] = field(default_factory=list)
    """The sections of every rule term the question names."""
    only_terms: bool = False
    """Whether the question is nothing but a few rule terms ("æmbar capturado")."""


Fetch = Callable[[list[str]], list[Candidate]]
"""Reads candidates by ref (with the search filters applied), for texts the index did not put among its own."""


def rerank(found: list[Candidate], intent: Intent, fetch: Fetch) -> list[Candidate]:
    """``found`` (scored by the index) in the order a judge needs, before folding."""
    by_ref = {c.ref: c for c in found}
    _bring(by_ref, fetch, [*intent.definition, *intent.terms])
    headings = {(by_ref[r].document, _heading(by_ref[r].row.get("title"))) for r in intent.terms if r in by_ref}
    for c in by_ref.values():
        if c.type == "entry" and (c.document, _heading(c.row.get("section"))) in headings:
            c.score *= FILED_UNDER
        if intent.game and c.game != intent.game:
            c.score *= OTHER_GAME
        if c.current:
            c.score *= SUPERSEDED
        if c.points_to:
            c.score *= STUB
    top = max((c.score for c in by_ref.values()), default=1.0) or 1.0
    if intent.definition:
        # The term asked about first: the current rulebook's text before any other, the question's game first,
        # and a stub after the section it points to.
        chosen = _current_first([by_ref[r] for r in intent.definition if r in by_ref
                                  and (intent.game is None or by_ref[r].game == intent.game)])
        chosen.sort(key=lambda c: (c.points_to is not None, -c.score))
        for i, c in enumerate(chosen):
            c.score = top * (2.0 - 0.05 * i)
    else:
        # A term whose heading is a stub (FORJAR: "consulta la página 5") is named by the section it points to.
        stubs = [by_ref[r].points_to for r in intent.terms if r in by_ref and by_ref[r].points_to]
        _bring(by_ref, fetch, stubs)
        refs = [r for r in dict.fromkeys([*intent.terms, *stubs]) if r in by_ref and not by_ref[r].points_to]
        named = _current_first([by_ref[r] for r in refs])
        named.sort(key=lambda c: -c.score)
        for i, c in enumerate(named):
            # A question that is only a few terms ("æmbar capturado") wants their rules right after the best
            # ruling; one that names a term among other words gets its rule among the results.
            floor = top * (0.99 - 0.01 * i) if intent.only_terms else top * TERM_FLOOR
            c.score = max(c.score * NAMED_TERM, floor)
    _replaced_first(by_ref, fetch)
    return sorted(by_ref.values(), key=lambda c: -c.score)


def _heading(title: str | None) -> str:
    return " ".join(fold_text(title or "").split())


def _current_first(candidates: list[Candidate]) -> list[Candidate]:
    """The texts of current rulebooks among ``candidates``; all of them when none is current."""
    return [c for c in candidates if not c.current] or candidates


def _bring(by_ref: dict[str, Candidate], fetch: Fetch, refs: list[str]) -> None:
    """Add the texts ``refs`` names that the index did not find, with no score of their own."""
    for c in fetch([r for r in dict.fromkeys(refs) if r and r not in by_ref]):
        c.score = 0.0
        by_ref[c.ref] = c


def _replaced_first(by_ref: dict[str, Candidate], fetch: Fetch) -> None:
    """A superseded text ranks just below what replaces it, a stub just below the section it points to; the
    replacing text is brought in when the index did not find it."""
    _bring(by_ref, fetch, [c.current for c in by_ref.values() if c.current] +
           [c.points_to for c in by_ref.values() if c.points_to])
    # Stubs first: the section a stub points to may itself be replaced by a newer one.
    for attribute in ("points_to", "current"):
        for c in sorted(by_ref.values(), key=lambda c: -c.score):
            target = by_ref.get(getattr(c, attribute) or "")
            if target is None or target is c:
                continue
            if target.score < c.score * ABOVE:
                target.score = c.score * ABOVE
            c.score = min(c.score, target.score / ABOVE)


def fold(ranked: list[Candidate]) -> list[Candidate]:
    """One result per text: the texts that say the same thing become one, which lists the others as aspects.

    The result shown is a rule section when one of them is (it is the rule; the entries are aspects of it), one
    of the current rulebook before a superseded one, and otherwise the best-scored.
    """
    groups: dict[str, list[Candidate]] = {}
    order: list[str] = []
    for c in ranked:
        key = c.same or c.ref
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(c)
    out = []
    for key in order:
        members = groups[key]
        head = min(members, key=lambda c: (c.type != "section", c.current is not None, -c.score))
        head.score = max(c.score for c in members)
        head.aspects = sorted(c.ref for c in members if c is not head)
        out.append(head)
    out.sort(key=lambda c: -c.score)
    return out


# Measuring it ---------------------------------------------------------------------------------------------------


def recall(questions: list[dict], ranked: Callable[[str], list[list[str]]], k: int) -> dict[str, float]:
    """Share of ``questions`` answered within the first ``k`` results, overall and by language, game and kind.

    ``ranked(q)`` gives, for each result in order, the ids it stands for (a folded result stands for several);
    a question is answered when one of those ids is among its ``answers``.
    """
    hits: dict[str, list[bool]] = {}
    for question in questions:
        results = ranked(question["q"])[:k]
        found = any(set(ids) & set(question["answers"]) for ids in results)
        for key in ("all", f"lang:{question['lang']}", f"game:{question['game']}", f"kind:{question['kind']}"):
            hits.setdefault(key, []).append(found)
    return {key: sum(v) / len(v) for key, v in hits.items()}
