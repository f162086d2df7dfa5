"""A judge's question as the index reads it: word groups of stems widened by synonyms, and the cards it names."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

import sqlite_utils

from judge.corpus.text import undoubled
from judge.db.analysis import english_stem, fold_word, is_stopword, stems, words
from judge.db.thesaurus import game_name_words, idioms
from judge.db.vocabulary import vocabulary


@dataclass
class Query:
    """A judge's question, analysed: word groups (each a set of stems), English stems, card names found."""

    text: str
    groups: list[set[str]] = field(default_factory=list)
    typed: list[set[str]] = field(default_factory=list)
    """The stems of the words as typed, before synonyms were added to their groups."""
    words: list[str] = field(default_factory=list)
    english: list[str] = field(default_factory=list)
    cards: dict[str, list[str]] = field(default_factory=dict)
    """Card key → folded names in every language, for the cards named in the query."""
    marks: set[str] = field(default_factory=set)
    """Stems whose words the snippet highlights."""


def analyse(db: sqlite_utils.Database, text: str) -> Query:
    """Turn the text of the search box into stem groups, English stems and the cards it names."""
    vocab = vocabulary(db)
    query = Query(text)
    all_words = [w for _, _, w in words(text)]
    folded = [fold_word(w) for w in all_words]
    # Cards named in the query, longest names first ("bruja del ocaso" before "bruja").
    i = 0
    while i < len(folded):
        for n in range(min(vocab.max_name_words, len(folded) - i), 0, -1):
            key = vocab.card_by_name.get(" ".join(folded[i:i + n]))
            if key and not (n == 1 and is_stopword(folded[i])):
                query.cards.setdefault(key, vocab.names_of.get(key, []))
                i += n - 1
                break
        i += 1
    named = game_name_words(folded)
    meaningful = [w for i, w in enumerate(all_words) if not is_stopword(w) and i not in named]
    for w in meaningful:
        group = set(stems(w))
        query.groups.append(group)
        query.typed.append(set(group) | {english_stem(w)})
        query.words.append(fold_word(w))
        query.marks |= group
        query.english.append(english_stem(w))
    # Synonyms: a word (or phrase) of the query that is one of a group's phrases brings in the other phrases.
    word_stems = [set(stems(w)) | {english_stem(w)} for w in meaningful]
    expanded: set[tuple[int, int]] = set()
    for i, ws in enumerate(word_stems):
        for stem in ws:
            for g, p in vocab.by_first_stem.get(stem, ()):
                if (g, i) in expanded:
                    continue
                analysed = vocab.synonyms[g][0]
                phrase = analysed[p]
                if i + len(phrase) > len(word_stems) or \
                        not all(word_stems[i + k] & phrase[k] for k in range(len(phrase))):
                    continue
                expanded.add((g, i))
                for other in analysed:
                    for other_stems in other:
                        query.groups[i] |= {s for s in other_stems if len(s) >= 3}
    _idioms(query, all_words)
    return query


def _idioms(query: Query, all_words: list[str]) -> None:
    """An idiom of the question ("no está") becomes one more word group: the words the documents say it with."""
    folded = [fold_word(w) for w in all_words]
    found: dict[frozenset[str], None] = {}  # in the thesaurus's order, whatever the hashes: the ranking reads it
    for phrase, stood_for in idioms():
        n = len(phrase)
        for i in range(len(folded) - n + 1):
            if stood_for not in found and all(
                    folded[i + k] == word or not is_stopword(word) and set(stems(all_words[i + k])) & phrase_stems
                    for k, (word, phrase_stems) in enumerate(phrase)):
                found[stood_for] = None
    for stood_for in found:
        query.groups.append(set(stood_for))
        query.typed.append(set())
        query.words.append("")


COMMON_EXPANSION = 0.04
"""A synonym brought in by the thesaurus is dropped when more than this share of the texts contain it: the
``juego`` of "entra en juego" or the ``cartas`` of "robar cartas" would drown the words the judge actually typed.
Not a word for the same thing ("habilidad" for "abilities", "primero" for "primeiro"): that is the word's
translation, often the only way a question meets the texts of a game printed in another language."""


def refine(db: sqlite_utils.Database, query: Query) -> None:
    """Drop synonyms too common to mean anything, and give a word the index has never seen its closest spelling
    among the names and titles (``Aemberlution`` → ``Æmberlución``, ``Replicator`` → ``Replicador``) or, failing
    that, its cognates among the words of the texts (:func:`_cognates`)."""
    terms = {t for group in query.groups for t in group}
    if not terms:
        return
    try:
        db.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocab USING fts5vocab(main, search_fts, row)")
        total = db.execute("SELECT count(*) FROM search_docs").fetchone()[0] or 1
        marks = ",".join("?" * len(terms))
        df = dict(db.execute(f"SELECT term, doc FROM temp.search_vocab WHERE term IN ({marks})", sorted(terms)))
    except sqlite3.OperationalError:
        return
    vocab = vocabulary(db)
    for index, (group, typed) in enumerate(zip(query.groups, query.typed)):
        kept = set(typed).union(*(vocab.word_synonyms.get(t, set()) for t in typed))
        group -= {t for t in group - kept if df.get(t, 0) > total * COMMON_EXPANSION}
        word = query.words[index] if index < len(query.words) else ""
        if not any(df.get(t) for t in group) and len(word) >= 5 and not word.isdigit():
            for close in vocab.closest(word):
                group |= set(stems(close))
                query.marks |= set(stems(close))
            if not any(df.get(t) for t in group):
                found = _cognates(db, word)
                group |= found
                query.marks |= found


COGNATE_PREFIX = 5
"""Least length of the stem an unknown word shares with the words of the texts that are taken as its cognates."""


def _cognates(db: sqlite_utils.Database, word: str) -> set[str]:
    """The stems of the texts that begin as an unknown (mostly English) word's stem does, but for its last two
    letters: "restrictions" → ``restriccion``, "contradict" → ``contradictori``, "affecting" → ``afect``. The
    Romance words a judge's English comes from are spelt alike to there."""
    stem = undoubled(english_stem(word))
    prefix = stem[:max(COGNATE_PREFIX, len(stem) - 2)]
    if len(stem) < COGNATE_PREFIX:
        return set()
    rows = db.execute("SELECT term FROM temp.search_vocab WHERE term >= ? AND term < ? ORDER BY doc DESC LIMIT 6",
                      (prefix, prefix + "\uffff")).fetchall()
    return {t for (t,) in rows}


def _quote(term: str) -> str:
    return '"' + term.replace('"', "") + '"'


def match_expression(query: Query) -> str:
    parts: list[str] = []
    for group in query.groups:
        terms = sorted(t for t in group if t)
        if terms:
            parts.append("(" + " OR ".join(_quote(t) for t in terms) + ")")
    english = sorted({e for e in query.english if e})
    if english:
        parts.append("concepts : (" + " OR ".join(_quote(e) for e in english) + ")")
    names = sorted({n for ns in query.cards.values() for n in ns if n})
    if names:
        parts.append("cards : (" + " OR ".join(_quote(n) for n in names) + ")")
    return " OR ".join(parts)
