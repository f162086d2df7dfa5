"""What the corpus tables hold: documents, rule sections, entries and their links, card names, rule terms and the
search index (``search_docs`` + ``search_fts``), filled from a parsed corpus in one pass."""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Callable, Iterable

from judge.corpus import Corpus
from judge.corpus.annotate import Annotations, annotate
from judge.corpus.pages import label as page_label
from judge.corpus.references import is_label, title_alternatives
from judge.corpus.text import fold
from judge.db.analysis import english_text, folded_text, shown, stemmed_text
from judge.db.thesaurus import synonym_groups


# remove_diacritics 2 makes "accion" find "acción" and "Æmbar"-style text searchable without accents.
FTS_TOKENIZE = "unicode61 remove_diacritics 2"


CORPUS_TABLES = ("documents", "sections", "entries", "entry_cards", "entry_concepts", "relations",
                 "card_names", "terms", "search_docs", "refs", "rule_terms", "term_games")


FTS_TABLES = ("sections_fts", "entries_fts", "search_fts")


_DDL = """
CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, game TEXT, title TEXT, version TEXT, date TEXT,
  language TEXT, publisher TEXT, note TEXT, superseded_by TEXT);
CREATE TABLE IF NOT EXISTS sections (citation TEXT PRIMARY KEY, document TEXT, id TEXT, title TEXT, text TEXT,
  part TEXT, parent TEXT, lines TEXT, game TEXT, position INTEGER, page TEXT, current TEXT, points_to TEXT);
CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, document TEXT, game TEXT, kind TEXT, section TEXT,
  title TEXT, question TEXT, answer TEXT, note TEXT, cards TEXT, concepts TEXT, lines TEXT, sections TEXT,
  relations TEXT, meta TEXT, position INTEGER, page TEXT, current TEXT);
CREATE TABLE IF NOT EXISTS entry_cards (entry TEXT, card TEXT, name TEXT);
CREATE INDEX IF NOT EXISTS entry_cards_card ON entry_cards (card);
CREATE INDEX IF NOT EXISTS entry_cards_entry ON entry_cards (entry);
CREATE TABLE IF NOT EXISTS entry_concepts (entry TEXT, concept TEXT);
CREATE INDEX IF NOT EXISTS entry_concepts_concept ON entry_concepts (concept);
CREATE INDEX IF NOT EXISTS entry_concepts_entry ON entry_concepts (entry);
CREATE TABLE IF NOT EXISTS relations (entry TEXT, kind TEXT, target TEXT, note TEXT);
CREATE INDEX IF NOT EXISTS relations_target ON relations (target);
CREATE TABLE IF NOT EXISTS card_names (name TEXT, card TEXT, display TEXT, lang TEXT, in_catalog INTEGER);
CREATE INDEX IF NOT EXISTS card_names_name ON card_names (name);
CREATE TABLE IF NOT EXISTS terms (grp INTEGER, phrase TEXT);
CREATE TABLE IF NOT EXISTS refs (source TEXT, part TEXT, start INTEGER, end INTEGER, page INTEGER, target TEXT);
CREATE INDEX IF NOT EXISTS refs_source ON refs (source);
CREATE TABLE IF NOT EXISTS rule_terms (citation TEXT, game TEXT, phrase TEXT);
CREATE TABLE IF NOT EXISTS term_games (term TEXT, game TEXT, n INTEGER);
CREATE INDEX IF NOT EXISTS term_games_term ON term_games (term);
CREATE TABLE IF NOT EXISTS search_docs (rowid INTEGER PRIMARY KEY, type TEXT, ref TEXT, game TEXT,
  document TEXT, section TEXT, kind TEXT, title TEXT, body TEXT, concepts TEXT, cards TEXT, page TEXT,
  current TEXT, points_to TEXT, same TEXT, language TEXT);
CREATE INDEX IF NOT EXISTS search_docs_ref ON search_docs (ref);
CREATE VIRTUAL TABLE IF NOT EXISTS sections_fts USING FTS5 ([title], [text],
  tokenize='unicode61 remove_diacritics 2', content=[sections]);
CREATE VIRTUAL TABLE IF NOT EXISTS entries_fts USING FTS5 ([title], [question], [answer], [note], [cards], [concepts],
  tokenize='unicode61 remove_diacritics 2', content=[entries]);
CREATE VIRTUAL TABLE IF NOT EXISTS search_fts USING FTS5 (title, cards, concepts, body,
  tokenize='unicode61 remove_diacritics 2');
"""


def catalog_cards() -> list[Any]:
    """Every readable card of the KeyForge catalog; a broken card file must not take the oracle down with it."""
    try:
        from judge.games.keyforge.catalog import load_dir

        cards, _ = load_dir()
        return cards
    except Exception:
        return []


def _card_index(corpus: Corpus, cards: list[Any]) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]]]:
    """Card keys by folded name, and the names of each key: catalog cards by id (every language and alias), and
    cards the catalog does not have yet by their name as the documents spell it."""
    by_name: dict[str, str] = {}
    names: dict[str, list[tuple[str, str]]] = {}
    for c in cards:
        spelled = [(c.name_es, "es"), (c.name_en, "en"), (c.name_pt, "pt"), *((a, "alias") for a in c.aliases)]
        for name, lang in spelled:
            if name and fold(name).strip():
                by_name.setdefault(folded_text(name), c.id)
                names.setdefault(c.id, []).append((name, lang))
    for e in corpus.entries.values():
        for name in [*e.cards, *e.meta.get("name_variants", ())]:
            key = folded_text(name)
            if not key:
                continue
            if key not in by_name:
                by_name[key] = "name:" + key
                names.setdefault("name:" + key, []).append((name, corpus.documents[e.document].language))
    return by_name, names


def fill(conn: sqlite3.Connection, corpus: Corpus, cards: list[Any], ahead: Callable[[], None] = lambda: None) -> None:
    for statement in _DDL.strip().split(";\n"):
        if statement.strip():
            conn.execute(statement)
    for name in (*CORPUS_TABLES,):
        conn.execute(f"DELETE FROM [{name}]")
    conn.execute("DELETE FROM search_fts")
    docs = corpus.documents
    notes = annotate(corpus)
    conn.executemany(
        "INSERT INTO documents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(d.id, d.game, d.title, d.version, d.date, d.language, d.publisher, d.note, d.superseded_by)
         for d in docs.values()])
    conn.executemany(
        "INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(s.citation, s.document, s.id, s.title, s.text, s.part, s.parent, _ranges(s.lines),
          docs[s.document].game, i, page_label(notes.pages.get(s.citation)), notes.current.get(s.citation),
          notes.stubs.get(s.citation)) for i, s in enumerate(corpus.sections.values())])
    conn.executemany(
        "INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(e.id, e.document, docs[e.document].game, e.kind, e.section, e.title, e.question, e.answer, e.note,
          "\n".join(e.cards), " ".join(e.concepts), _ranges(e.lines), json.dumps(notes.links.get(e.id, [])),
          json.dumps([{"kind": r.kind, "by": list(r.by), "note": r.note} for r in e.relations], ensure_ascii=False),
          json.dumps(e.meta, ensure_ascii=False, default=str), i, page_label(notes.pages.get(e.id)),
          notes.current.get(e.id))
         for i, e in enumerate(corpus.entries.values())])
    conn.executemany("INSERT INTO refs VALUES (?, ?, ?, ?, ?, ?)",
                     [(source, part, ref.start, ref.end, ref.page, target)
                      for (source, part), found in notes.references.items() for ref, target in found])
    by_name, names = _card_index(corpus, cards)
    in_catalog = {c.id for c in cards}
    conn.executemany("INSERT INTO card_names VALUES (?, ?, ?, ?, ?)",
                     [(folded_text(n), key, n, lang, key in in_catalog)
                      for key, spelled in names.items() for n, lang in spelled])
    entry_cards: list[tuple[str, str, str]] = []
    for e in corpus.entries.values():
        seen = set()
        for name in [*e.cards, *e.meta.get("name_variants", ())]:
            key = by_name.get(folded_text(name))
            if key and key not in seen:
                seen.add(key)
                entry_cards.append((e.id, key, name))
    conn.executemany("INSERT INTO entry_cards VALUES (?, ?, ?)", entry_cards)
    conn.executemany("INSERT INTO entry_concepts VALUES (?, ?)",
                     [(e.id, c) for e in corpus.entries.values() for c in dict.fromkeys(e.concepts)])
    conn.executemany("INSERT INTO relations VALUES (?, ?, ?, ?)",
                     [(e.id, r.kind, target, r.note) for e in corpus.entries.values() for r in e.relations
                      for target in r.by])
    conn.executemany("INSERT INTO terms VALUES (?, ?)",
                     [(i, phrase) for i, group in enumerate(synonym_groups(corpus)) for phrase in group])
    conn.executemany("INSERT INTO rule_terms VALUES (?, ?, ?)", _rule_terms(corpus))
    ahead()  # the words stemmed meanwhile, for the search index
    _fill_search(conn, corpus, notes, names, entry_cards)
    conn.execute("INSERT INTO sections_fts (sections_fts) VALUES ('rebuild')")
    conn.execute("INSERT INTO entries_fts (entries_fts) VALUES ('rebuild')")


def _ranges(lines: Iterable[int]) -> str:
    return ",".join(map(str, lines))


def _rule_terms(corpus: Corpus) -> list[tuple[str, str, str]]:
    """The names of the rule terms, to recognise a question about one: every heading of a section that is not a
    worked example or a numbered step, and, for KeyForge, the concept's English name and key."""
    out = []
    for s in corpus.sections.values():
        title = s.title.strip()
        if ".example-" in s.id or is_label(title):
            continue
        phrases = set(title_alternatives(title))
        game = corpus.documents[s.document].game
        if game == "keyforge":
            key = s.id.rsplit(".", 1)[-1]
            phrases.update(title_alternatives(corpus.concept_names.get(s.id, {}).get("en", "")))
            phrases.add(key.replace("-", " "))
        out.extend((s.citation, game, p) for p in sorted(phrases) if p and not p.replace(".", "").isdigit())
    return out


def _fill_search(conn: sqlite3.Connection, corpus: Corpus, notes: Annotations,
                 names: dict[str, list[tuple[str, str]]], entry_cards: list[tuple[str, str, str]]) -> None:
    docs = corpus.documents
    cards_of: dict[str, list[str]] = {}
    for entry, key, _ in entry_cards:
        cards_of.setdefault(entry, []).append(key)
    rows: list[tuple[Any, ...]] = []
    fts: list[tuple[Any, ...]] = []
    games: dict[tuple[str, str], int] = {}
    rowid = 0
    for s in corpus.sections.values():
        rowid += 1
        doc = docs[s.document]
        concepts = s.id if doc.game == "keyforge" else ""
        title, body = shown(s.title, doc.language), shown(s.text, doc.language)
        rows.append((rowid, "section", s.citation, doc.game, s.document, s.parent or s.id, "rule", title, body,
                     concepts, "", page_label(notes.pages.get(s.citation)), notes.current.get(s.citation),
                     notes.stubs.get(s.citation), notes.same.get(s.citation), doc.language))
        fts.append((rowid, stemmed_text(title), "", english_text(concepts), stemmed_text(body)))
    for e in corpus.entries.values():
        rowid += 1
        doc = docs[e.document]
        body = shown("\n\n".join(p for p in (e.question, e.answer, e.note) if p), doc.language)
        shown_title = shown(e.title, doc.language)
        # A title the project wrote where the document prints none ("nombre de carta desconocido") is shown, but
        # it is not the document's words: a question must not find the entry by it.
        printed_title = "" if e.meta.get("title_is_editorial") else shown_title
        title = printed_title if e.section in ("faq-general", "faq-card", "faq", "errata-card", "errata-general",
                                               "resolution-order") or e.title == e.section \
            else f"{printed_title} {e.section}"
        linked = notes.links.get(e.id, [])
        section_titles = " ".join(corpus.sections[c].title for c in linked if c in corpus.sections)
        section_keys = " ".join(c.partition("#")[2] for c in linked if docs[c.partition("#")[0]].game == "keyforge")
        keys = cards_of.get(e.id, [])
        card_text = " | ".join(folded_text(n) for k in keys for n, _ in names.get(k, ()))
        rows.append((rowid, "entry", e.id, doc.game, e.document, e.section, e.kind, shown_title, body,
                     " ".join(e.concepts), "|" + "|".join(keys) + "|", page_label(notes.pages.get(e.id)),
                     notes.current.get(e.id), None, notes.same.get(e.id), doc.language))
        fts.append((rowid, stemmed_text(title), card_text,
                    english_text(" ".join(e.concepts) + " " + section_keys) + " " + stemmed_text(section_titles),
                    stemmed_text(body)))
    for row, indexed in zip(rows, fts):
        # The printed words only: the English concept tags say how the project filed a text, not how a game talks.
        _, title, card_text, _, body = indexed
        for term in set(f"{title} {card_text} {body}".split()):
            games[(term, row[3])] = games.get((term, row[3]), 0) + 1
    conn.executemany(f"INSERT INTO search_docs VALUES ({', '.join('?' * 16)})", rows)
    conn.executemany("INSERT INTO search_fts (rowid, title, cards, concepts, body) VALUES (?, ?, ?, ?, ?)", fts)
    conn.executemany("INSERT INTO term_games VALUES (?, ?, ?)", [(t, g, n) for (t, g), n in games.items()])
