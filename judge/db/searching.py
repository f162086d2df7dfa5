"""The search: FTS5's bm25 over the stemmed index, re-scored by how much of the question a text covers, then put
in the order a judge needs (:mod:`judge.corpus.ranking`)."""

from __future__ import annotations

import functools
import re
import sqlite3
from dataclasses import dataclass, field
from typing import Any

import sqlite_utils

from judge.corpus import ranking
from judge.corpus.ranking import Candidate
from judge.db.analysis import folded_text, stems, words
from judge.db.intent import intent
from judge.db.query import Query, analyse, match_expression, refine
from judge.db.snippets import snippet
from judge.db.vocabulary import vocabulary


WEIGHTS = {"title": 4.0, "cards": 6.0, "concepts": 2.0, "body": 1.0}


_ID_QUERY = re.compile(r"^\s*([A-Za-z][A-Za-z0-9]*-[A-Za-z]+-[A-Za-z0-9-]+|[a-z0-9.-]+#[a-z0-9.-]+)\s*$")


@dataclass
class Hit:
    """One search result: an entry or a rule section, with its highlighted passage."""

    type: str
    id: str
    game: str
    document: str
    section: str
    kind: str
    title: str
    snippet: str
    score: float
    page: str = ""
    """The rulebook page(s), where the document prints page numbers: ``16``, ``9–12``."""
    current: dict[str, str] | None = None
    """For a result from a superseded rulebook: the current text that replaces it (``id``, ``title``)."""
    points_to: dict[str, str] | None = None
    """For a stub that only sends the reader elsewhere: where (``id``, ``title``)."""
    aspects: list[str] = field(default_factory=list)
    """The other entries and sections with the same text, folded into this result."""

    @property
    def covers(self) -> list[str]:
        """Every id this result stands for."""
        return [self.id, *self.aspects]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "game": self.game, "document": self.document,
                "section": self.section, "kind": self.kind, "title": self.title, "snippet": self.snippet,
                "score": round(self.score, 4), "page": self.page, "superseded": self.current is not None,
                "current": self.current, "points_to": self.points_to, "aspects": list(self.aspects)}


def search(db: sqlite_utils.Database, text: str, *, game: str | None = None, document: str | None = None,
           section: str | None = None, concept: str | None = None, card: str | None = None,
           type: str | None = None, limit: int = 20, offset: int = 0) -> list[Hit]:
    """Rank entries and rule sections for ``text``, best first, each with its matching passage highlighted.

    Ranking is FTS5's bm25 over the stemmed columns (card names weigh most, then titles, concepts and text),
    re-scored by how many of the query's words a result covers and whether it names the cards of the query, then
    ordered the way a judge needs it (:mod:`judge.corpus.ranking`): the rule term asked about first, the
    question's game first, the current rulebook before a superseded one, a stub below what it points to, and
    texts that say the same thing folded into one result. An exact entry id or citation comes first. With an
    empty text, the filters alone list entries in order.
    """
    filters, params = _filters(game=game, document=document, section=section, concept=concept, card=card, type=type)
    text = (text or "").strip()
    exact: list[Hit] = []
    m = _ID_QUERY.match(text)
    if m:
        ref = m.group(1)
        row = db.execute(f"SELECT {_COLUMNS} FROM search_docs WHERE ref = ? COLLATE NOCASE" + "".join(
            f" AND {f}" for f in filters), (ref, *params)).fetchone()
        if row is not None:
            exact.append(_hit(db, dict(zip(_DOC_COLUMNS, row)), Query(text), 1000.0))
    query = analyse(db, text) if text else Query("")
    refine(db, query)
    expression = match_expression(query)
    if not expression:
        if text or not filters:
            return exact[offset:offset + limit]
        rows = db.execute(
            f"SELECT {_COLUMNS} FROM search_docs WHERE {' AND '.join(filters)} ORDER BY type DESC, rowid "
            f"LIMIT ? OFFSET ?", (*params, limit, offset)).fetchall()
        return _hits(db, [_candidate(dict(zip(_DOC_COLUMNS, r)), 0.0) for r in rows], query)
    weights = ", ".join(str(WEIGHTS[c]) for c in ("title", "cards", "concepts", "body"))
    where = "".join(f" AND d.{f}" for f in filters)
    candidates = max(80, limit + offset + 40)
    columns = ", ".join(f"d.{c}" for c in _DOC_COLUMNS)
    try:
        rows = db.execute(
            f"SELECT {columns}, bm25(search_fts, {weights}) AS rank, f.title, f.cards, f.concepts, f.body "
            f"FROM search_fts f JOIN search_docs d ON d.rowid = f.rowid "
            f"WHERE search_fts MATCH ?{where} ORDER BY rank LIMIT ?",
            (expression, *params, candidates)).fetchall()
    except sqlite3.OperationalError:
        return exact[offset:offset + limit]
    found: list[Candidate] = []
    n_cols = len(_DOC_COLUMNS)
    for position, r in enumerate(rows):
        doc = dict(zip(_DOC_COLUMNS, r[:n_cols]))
        rank = -float(r[n_cols])
        indexed = set(" ".join(str(x or "") for x in r[n_cols + 1:n_cols + 5]).split())
        covered = sum(1 for g in query.groups if g & indexed) / max(1, len(query.groups))
        score = rank * (0.35 + covered)
        if position < 40 and len(query.groups) > 1:
            score *= 1 + 0.4 * _proximity(query, (doc["title"] or "") + "\n" + (doc["body"] or ""))
        if query.cards and doc["type"] == "entry":
            named = {k for k in query.cards if f"|{k}|" in (doc["cards"] or "")}
            score += 4.0 * len(named)
        if doc["type"] == "section":
            score *= 0.85
        found.append(_candidate(doc, score))
    wanted = intent(db, text, query)
    if game or document:
        wanted.game = None

    def fetch(refs: list[str]) -> list[Candidate]:
        if not refs:
            return []
        marks = ",".join("?" * len(refs))
        got = db.execute(f"SELECT {_COLUMNS} FROM search_docs d WHERE ref IN ({marks}){where}",
                         (*refs, *params)).fetchall()
        return [_candidate(dict(zip(_DOC_COLUMNS, r)), 0.0) for r in got]

    ranked = ranking.fold(ranking.rerank(found, wanted, fetch))
    seen = {h.id for h in exact}
    ranked = [c for c in ranked if not seen & {c.ref, *c.aspects}]
    page = ranked[max(0, offset - len(exact)):max(0, offset + limit - len(exact))]
    return exact[offset:offset + limit] + _hits(db, page, query)


_DOC_COLUMNS = ("rowid", "type", "ref", "game", "document", "section", "kind", "title", "body", "concepts", "cards",
                "page", "current", "points_to", "same", "language")


_COLUMNS = ", ".join(_DOC_COLUMNS)


def _candidate(doc: dict[str, Any], score: float) -> Candidate:
    return Candidate(ref=doc["ref"], type=doc["type"], game=doc["game"], document=doc["document"], score=score,
                     current=doc["current"] or None, points_to=doc["points_to"] or None, same=doc["same"] or "",
                     body=doc["body"] or "", row=doc)


def _hits(db: sqlite_utils.Database, ranked: list[Candidate], query: Query) -> list[Hit]:
    """Results as the pages and the API show them, with the titles of what they point at."""
    linked = {r for c in ranked for r in (c.current, c.points_to) if r}
    titles: dict[str, str] = {}
    if linked:
        marks = ",".join("?" * len(linked))
        titles = dict(db.execute(f"SELECT ref, title FROM search_docs WHERE ref IN ({marks})", sorted(linked)))
        titles.update(dict(db.execute(f"SELECT id, title || ' ' || version FROM documents WHERE id IN ({marks})",
                                      sorted(linked))))
    out = []
    for c in ranked:
        hit = _hit(db, c.row, query, c.score)
        hit.aspects = list(c.aspects)
        if c.current:
            hit.current = {"id": c.current, "title": titles.get(c.current, "")}
        if c.points_to:
            hit.points_to = {"id": c.points_to, "title": titles.get(c.points_to, "")}
        out.append(hit)
    return out


@functools.lru_cache(maxsize=4096)
def _positions(text: str) -> dict[str, tuple[int, ...]]:
    where: dict[str, list[int]] = {}
    for i, (_, _, w) in enumerate(words(text)):
        for st in stems(w):
            where.setdefault(st, []).append(i)
    return {k: tuple(v) for k, v in where.items()}


def _proximity(query: Query, text: str) -> float:
    """Share of the query's consecutive word pairs that appear close together (within three words) in ``text``."""
    pairs = list(zip(query.groups, query.groups[1:]))
    if not pairs:
        return 0.0
    where = _positions(text)
    found = 0
    for a, b in pairs:
        pa = sorted({i for st in a for i in where.get(st, ())})
        pb = {i for st in b for i in where.get(st, ())}
        if any(j in pb for i in pa for j in range(i - 3, i + 4) if j != i):
            found += 1
    return found / len(pairs)


def _filters(**given: str | None) -> tuple[list[str], list[Any]]:
    filters: list[str] = []
    params: list[Any] = []
    for name, value in given.items():
        if not value:
            continue
        if name == "concept":
            filters.append("instr(' ' || concepts || ' ', ?) > 0")
            params.append(f" {value} ")
        elif name == "card":
            filters.append("instr(cards, ?) > 0")
            params.append(f"|{value}|")
        else:
            filters.append(f"{name} = ?")
            params.append(value)
    return filters, params


def _hit(db: sqlite_utils.Database, doc: dict[str, Any], query: Query, score: float) -> Hit:
    return Hit(type=doc["type"], id=doc["ref"], game=doc["game"], document=doc["document"],
               section=doc["section"] or "", kind=doc["kind"] or "", title=doc["title"] or "",
               snippet=snippet(doc["body"] or "", query), score=score, page=doc["page"] or "")


def card_keys(db: sqlite_utils.Database, name: str) -> list[str]:
    """Card keys a filter value names: a catalog id, or a card name in any language."""
    vocab = vocabulary(db)
    if name in vocab.names_of:
        return [name]
    key = vocab.card_by_name.get(folded_text(name))
    return [key] if key else []
