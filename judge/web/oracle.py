"""The rulings oracle: entries, rule sections and documents as the pages and the API show them.

Everything is read from the database built from ``rulings/`` (one connection per request), so the pages and
``/api/rulings/...`` always agree.
"""

from __future__ import annotations

import html
import json
from typing import Any

import markdown as markdown_lib
import nh3
import sqlite_utils
from markupsafe import Markup

from judge.corpus.text import readable
from judge.web.errors import APIError
from judge.web.service import citation_url, scenarios_of

ALLOWED_TAGS = {"p", "strong", "em", "b", "i", "ul", "ol", "li", "br", "code", "pre", "blockquote", "h4", "h5",
                "h6", "hr", "table", "thead", "tbody", "tr", "th", "td", "sup", "sub", "del"}


Link = tuple[str, int, str]
"""Words of a text, which of their occurrences in it (0 for the first), and the internal URL they link to."""


def render_markdown(text: str, links: list[Link] | None = None) -> Markup:
    """Verbatim rule text as HTML: Markdown rendered, then sanitised (no links, scripts or attributes survive);
    then ``links`` become links."""
    rendered = markdown_lib.markdown(text or "", extensions=["sane_lists"], output_format="html")
    clean = nh3.clean(rendered, tags=ALLOWED_TAGS, attributes={}, url_schemes=set(), link_rel=None)
    return Markup(_linked(clean, links or []))


def _linked(clean: str, links: list[Link]) -> str:
    """Wrap the given occurrence of each phrase in a link to its URL. The URLs are the oracle's own pages, built
    here, so they are added after sanitising."""
    spans: list[tuple[int, int, str]] = []
    for phrase, occurrence, url in links:
        escaped = html.escape(phrase, quote=False)
        at = -1
        for _ in range(occurrence + 1):
            at = clean.find(escaped, at + 1)
            if at < 0:
                break
        if at >= 0 and url and not any(a < at + len(escaped) and at < b for a, b, _ in spans):
            spans.append((at, at + len(escaped), url))
    out: list[str] = []
    cursor = 0
    for a, b, url in sorted(spans):
        out.append(clean[cursor:a])
        out.append(f'<a class="ref" href="{html.escape(url)}">{clean[a:b]}</a>')
        cursor = b
    out.append(clean[cursor:])
    return "".join(out)


def text_versions(text: str, shown: str, references: list[dict[str, Any]]) -> dict[str, Any]:
    """A verbatim text as the page shows it: ``shown`` (the garbled icons spelled out) with its references as
    links and, when that differs from the text as printed, the printed text too, for one click away."""
    links = [(r["text"], r["occurrence"], r["url"]) for r in references]
    return {"html": render_markdown(shown, links),
            "verbatim": render_markdown(text, links) if shown != (text or "") else None}


def _references(db: sqlite_utils.Database, source: str, part: str, text: str) -> list[dict[str, Any]]:
    """The references of one part of a text that resolve: the words that refer (and which occurrence of those
    words it is: "Robar" may be written before the "Temas relacionados: …, Robar" that refers) and the page they
    refer to."""
    rows = db.execute("SELECT start, end, page, target FROM refs WHERE source = ? AND part = ? ORDER BY start",
                      [source, part]).fetchall()
    return [{"text": text[a:b], "occurrence": text.count(text[a:b], 0, a), "page": page, "target": target,
             "url": citation_url(target)} for a, b, page, target in rows]


def link(ref: str) -> str:
    """The page of an entry id (canonical ids are upper case), a section citation or a document id."""
    if "#" in ref or ref[:1].isupper():
        return citation_url(ref) or ""
    return f"/documents/{ref}"


def _current(db: sqlite_utils.Database, ref: str | None) -> dict[str, Any] | None:
    """What replaces a superseded text: an entry, a section, or (nothing one for one) the current document."""
    if not ref:
        return None
    if "#" in ref or _entry_row(db, ref) is not None:
        return _brief(db, ref)
    rows = list(db.query("SELECT id, title, version FROM documents WHERE id = ?", [ref]))
    if rows:
        return {"type": "document", "id": ref, "title": f"{rows[0]['title']} {rows[0]['version']}",
                "url": f"/documents/{ref}"}
    return None


def documents(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    return list(db.query(
        "SELECT d.*, (SELECT count(*) FROM entries e WHERE e.document = d.id) AS entries, "
        "(SELECT count(*) FROM sections s WHERE s.document = d.id) AS sections FROM documents d "
        "ORDER BY d.game, d.id"))


def document(db: sqlite_utils.Database, doc_id: str) -> dict[str, Any]:
    """A document with its table of contents and its entries.

    :raise 404: if there is no such document.
    """
    rows = list(db.query("SELECT * FROM documents WHERE id = ?", [doc_id]))
    if not rows:
        raise APIError(404, "not-found", f"there is no document {doc_id!r}")
    doc = rows[0]
    sections = list(db.query("SELECT citation, id, title, parent, part, page FROM sections WHERE document = ? "
                             "ORDER BY position", [doc_id]))
    for s in sections:
        s["url"] = citation_url(s["citation"])
    entries = list(db.query("SELECT id, kind, section, title FROM entries WHERE document = ? ORDER BY position",
                            [doc_id]))
    for e in entries:
        e["url"] = f"/rulings/{e['id']}"
    return {**doc, "toc": sections, "entries": entries}


def _entry_row(db: sqlite_utils.Database, entry_id: str) -> dict[str, Any] | None:
    rows = list(db.query("SELECT * FROM entries WHERE id = ? COLLATE NOCASE", [entry_id]))
    return rows[0] if rows else None


def _brief(db: sqlite_utils.Database, ref: str) -> dict[str, Any]:
    """An entry id or a section citation, with its title, document and page."""
    if "#" in ref:
        rows = list(db.query("SELECT citation, document, title, text, page FROM sections WHERE citation = ?", [ref]))
        if rows:
            r = rows[0]
            return {"type": "section", "id": ref, "document": r["document"], "title": r["title"],
                    "text": r["text"], "page": r["page"] or "", "url": citation_url(ref)}
        return {"type": "section", "id": ref, "document": ref.partition("#")[0], "title": None, "url": None}
    row = _entry_row(db, ref)
    if row is None:
        return {"type": "entry", "id": ref, "title": None, "url": None}
    return {"type": "entry", "id": row["id"], "document": row["document"], "title": row["title"],
            "kind": row["kind"], "question": row["question"], "answer": row["answer"], "page": row["page"] or "",
            "url": f"/rulings/{row['id']}"}


def entry(db: sqlite_utils.Database, entry_id: str) -> dict[str, Any]:
    """An entry with its metadata, the rule sections it involves, what later documents say of it (and what it says
    of earlier ones), related entries and the scenarios that replay it.

    :raise 404: if there is no such entry.
    """
    row = _entry_row(db, entry_id)
    if row is None:
        raise APIError(404, "not-found", f"there is no ruling {entry_id!r}")
    eid = row["id"]
    doc = list(db.query("SELECT id, game, title, version, date, language, publisher, superseded_by FROM documents "
                        "WHERE id = ?", [row["document"]]))[0]
    meta = json.loads(row["meta"] or "{}")
    relations = []
    for r in json.loads(row["relations"] or "[]"):
        relations.append({"kind": r["kind"], "note": r["note"], "by": [_brief(db, ref) for ref in r["by"]]})
    referenced_by = [{"kind": r["kind"], "note": r["note"], "entry": _brief(db, r["entry"])}
                     for r in db.query("SELECT entry, kind, note FROM relations WHERE target = ? ORDER BY entry",
                                       [eid])]
    sections = [_brief(db, c) for c in json.loads(row["sections"] or "[]")]
    cards = list(db.query("SELECT card, name FROM entry_cards WHERE entry = ?", [eid]))
    same_card = list(db.query(
        "SELECT DISTINCT e.id, e.title, e.document, e.kind, c.name AS card FROM entry_cards c "
        "JOIN entries e ON e.id = c.entry WHERE c.card IN (SELECT card FROM entry_cards WHERE entry = ?) "
        "AND e.id != ? ORDER BY e.document != ?, e.position LIMIT 40", [eid, eid, row["document"]]))
    same_concept = list(db.query(
        "SELECT e.id, e.title, e.document, e.kind, count(*) AS shared, group_concat(c.concept, ' ') AS concepts "
        "FROM entry_concepts c JOIN entries e ON e.id = c.entry "
        "WHERE c.concept IN (SELECT concept FROM entry_concepts WHERE entry = ?) AND e.id != ? "
        "AND e.game = ? GROUP BY e.id ORDER BY shared DESC, e.document = ? DESC, e.position LIMIT 12",
        [eid, eid, row["game"], row["document"]]))
    for r in (*same_card, *same_concept):
        r["url"] = f"/rulings/{r['id']}"
    parent = meta.get("parent")
    lang = doc["language"]
    return {
        "id": eid, "game": row["game"], "document": doc, "kind": row["kind"], "section": row["section"],
        "title": row["title"], "readable_title": readable(row["title"] or "", lang), "topic": meta.get("topic"),
        "question": row["question"], "answer": row["answer"],
        "readable": {"question": readable(row["question"] or "", lang), "answer": readable(row["answer"] or "", lang)},
        "references": {part: _references(db, eid, part, row[part] or "") for part in ("question", "answer")},
        "page": row["page"] or "", "current": _current(db, row["current"]),
        "note": row["note"], "lines": [int(x) for x in row["lines"].split(",") if x],
        "cards": [{"key": c["card"], "name": c["name"]} for c in cards],
        "concepts": row["concepts"].split() if row["concepts"] else [],
        "sections": sections, "relations": relations, "referenced_by": referenced_by,
        "related": {"same_card": same_card, "same_concept": same_concept},
        "parent": _brief(db, parent) if parent else None,
        "scenarios": scenarios_of(eid), "url": f"/rulings/{eid}",
    }


def section(db: sqlite_utils.Database, doc_id: str, section_id: str) -> dict[str, Any]:
    """A rule section with its place in the document, the same rule in the other rulebooks of its game and the
    entries that involve it.

    :raise 404: if there is no such section.
    """
    citation = f"{doc_id}#{section_id}"
    rows = list(db.query("SELECT * FROM sections WHERE citation = ?", [citation]))
    if not rows:
        raise APIError(404, "not-found", f"there is no rule section {citation!r}")
    s = rows[0]
    doc = list(db.query("SELECT id, game, title, version, date, language FROM documents WHERE id = ?", [doc_id]))[0]
    children = list(db.query("SELECT citation, id, title FROM sections WHERE document = ? AND parent = ? "
                             "ORDER BY position", [doc_id, section_id]))
    for c in children:
        c["url"] = citation_url(c["citation"])
    other = []
    if doc["game"] == "keyforge":
        other = list(db.query("SELECT s.citation, s.document, s.title, s.text, d.version FROM sections s "
                              "JOIN documents d ON d.id = s.document WHERE s.id = ? AND s.document != ? "
                              "AND s.game = 'keyforge' ORDER BY d.date DESC", [section_id, doc_id]))
        for o in other:
            o["url"] = citation_url(o["citation"])
    # Entries that cite the section, and (KeyForge, whose section ids are concept keys) entries tagged with it.
    entries = list(db.query(
        "SELECT id, title, document, kind FROM entries WHERE instr(sections, ?) > 0 OR (game = 'keyforge' AND "
        "id IN (SELECT entry FROM entry_concepts WHERE concept = ?)) ORDER BY document != ?, position",
        [json.dumps(citation), section_id, doc_id]))
    for e in entries:
        e["url"] = f"/rulings/{e['id']}"
    parent = _brief(db, f"{doc_id}#{s['parent']}") if s["parent"] else None
    lang = doc["language"]
    return {"citation": citation, "id": section_id, "document": doc, "title": s["title"], "text": s["text"],
            "readable_title": readable(s["title"], lang), "readable": readable(s["text"], lang),
            "references": _references(db, citation, "text", s["text"]),
            "page": s["page"] or "", "current": _current(db, s["current"]),
            "points_to": _brief(db, s["points_to"]) if s["points_to"] else None,
            "part": s["part"], "lines": s["lines"], "parent": parent, "children": children,
            "in_other_documents": other, "entries": entries, "url": citation_url(citation)}


def facets(db: sqlite_utils.Database, document: str | None = None) -> dict[str, Any]:
    """The values the search filters offer: games, documents, sections (of a document), concepts and cards."""
    games = [r["game"] for r in db.query("SELECT DISTINCT game FROM documents ORDER BY game")]
    docs = list(db.query("SELECT id, game, title, version FROM documents ORDER BY game, date DESC"))
    where, params = ("WHERE document = ?", [document]) if document else ("", [])
    sections = [r["section"] for r in db.query(
        f"SELECT section, min(position) AS p FROM entries {where} GROUP BY section ORDER BY p", params)]
    concepts = [r["concept"] for r in db.query(
        "SELECT concept, count(*) AS n FROM entry_concepts GROUP BY concept ORDER BY n DESC, concept LIMIT 400")]
    cards = list(db.query(
        "SELECT c.card AS key, coalesce((SELECT display FROM card_names n WHERE n.card = c.card AND n.lang = 'es'),"
        " min(c.name)) AS name, count(*) AS n FROM entry_cards c GROUP BY c.card ORDER BY name"))
    return {"games": games, "documents": docs, "sections": sections, "concepts": concepts, "cards": cards}
