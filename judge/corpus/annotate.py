"""Everything the oracle shows beside a verbatim text, computed once from the corpus when the database is built:
rulebook pages, the sections an entry involves, where stubs point, what replaces a superseded text, the links
inside a text, and which texts say the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge.corpus.links import Linker, current_counterpart, stub_target
from judge.corpus.pages import Pages, document_pages
from judge.corpus.references import Headings, Reference, references
from judge.corpus.text import fold, plain, readable

SAME_ANSWER = 40
"""An answer at least this long (folded) that two entries share is one ruling printed under several questions
("Sí en los tres casos…"); a shorter one ("Sí.") says nothing by itself."""


@dataclass
class Annotations:
    pages: dict[str, Pages] = field(default_factory=dict)
    """Entry id or section citation → the rulebook pages it is on (documents with page numbers only)."""
    links: dict[str, list[str]] = field(default_factory=dict)
    """Entry id → the sections it involves."""
    stubs: dict[str, str] = field(default_factory=dict)
    """Section citation → the section a stub sends the reader to."""
    current: dict[str, str] = field(default_factory=dict)
    """Superseded entry or section → the current text that replaces it (an entry id, a citation or, when
    nothing replaces it one for one, the current document's id)."""
    references: dict[tuple[str, str], list[tuple[Reference, str]]] = field(default_factory=dict)
    """(entry id or section citation, part) → the references of that part that resolve, with their targets. The
    parts are ``text`` of a section and ``question``/``answer`` of an entry."""
    same: dict[str, str] = field(default_factory=dict)
    """Entry id or section citation → the key its text shares with every text that says the same thing."""


def same_text_key(text: str) -> str:
    """Texts that read the same once icons, markup, case, accents and punctuation are set aside."""
    return " ".join(re.findall(r"[^\W_]+", fold(plain(readable(text)))))


def _entry_key(entry) -> str:
    answer = same_text_key(entry.answer)
    return answer if len(answer) >= SAME_ANSWER else same_text_key(entry.text)


_DONE: dict[int, tuple[object, Annotations]] = {}


def annotate(corpus) -> Annotations:
    """The annotations of ``corpus``, computed once per corpus read (the files do not change while the tool
    runs; see :func:`judge.corpus.load`)."""
    done = _DONE.get(id(corpus))
    if done is None or done[0] is not corpus:
        done = _DONE[id(corpus)] = (corpus, _annotate(corpus))
    return done[1]


def _annotate(corpus) -> Annotations:
    out = Annotations()
    all_headings = {d: Headings.of(list(corpus.sections_of(d))) for d in corpus.documents}
    for doc in corpus.documents.values():
        sections = list(corpus.sections_of(doc.id))
        entries = list(corpus.entries_of(doc.id))
        out.pages.update(document_pages(doc, sections, entries))
        headings = all_headings[doc.id]
        for s in sections:
            target = stub_target(corpus, s, headings)
            if target:
                out.stubs[s.citation] = target
            if doc.superseded_by:
                out.current[s.citation] = current_counterpart(corpus, s, all_headings) or doc.superseded_by
            out.references[(s.citation, "text")] = _resolved(headings, s.text, s.citation)
            out.same[s.citation] = same_text_key(s.text)
        for e in entries:
            out.references[(e.id, "question")] = _resolved(headings, e.question, e.id)
            out.references[(e.id, "answer")] = _resolved(headings, e.answer, e.id)
            out.same[e.id] = _entry_key(e)
            if doc.superseded_by:
                by = [t for r in e.relations for t in r.by if corpus.has(t)]
                out.current[e.id] = by[0] if by else doc.superseded_by
    linker = Linker(corpus, all_headings, out.stubs)
    for e in corpus.entries.values():
        out.links[e.id] = linker.sections_of(e)
    return out


def _resolved(headings: Headings, text: str, source: str) -> list[tuple[Reference, str]]:
    found = []
    for ref in references(text):
        target = headings.resolve(ref.term, ref.page, exclude=source)
        if target:
            found.append((ref, target))
    return found
