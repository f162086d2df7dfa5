"""What the query side keeps in memory from a build: card names, synonym groups and rule terms."""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field

import sqlite_utils

from judge.corpus.text import undoubled
from judge.db.analysis import english_stem, fold_word, is_stopword, stems, words
from judge.db.store import connect, db_file


@dataclass
class Vocabulary:
    """What the query side needs in memory: card names and synonym groups, read once per build."""

    card_by_name: dict[str, str]
    names_of: dict[str, list[str]]
    display: dict[str, dict[str, str]]
    synonyms: list[tuple[list[set[str]], list[str]]]
    max_name_words: int
    by_first_stem: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    """(group, phrase) of the synonym phrases, by each stem of their first word: the look-up is a dict hit."""
    name_words: list[str] = field(default_factory=list)
    """Folded words of card names and entry titles, for the closest spelling of a word the index lacks."""
    rule_terms: list[tuple[list[frozenset[str]], list[tuple[str, str]]]] = field(default_factory=list)
    """Every name of a rule term: the stems of each of its words, and the (section citation, game) it names."""
    terms_by_stem: dict[str, list[int]] = field(default_factory=dict)
    """The rule terms whose name has a word with that stem."""
    word_synonyms: dict[str, set[str]] = field(default_factory=dict)
    """Stem → the stems of the one-word synonyms of words with that stem (``legacy`` → ``legad``)."""
    heading_child: dict[str, str] = field(default_factory=dict)
    """A section that is only a heading ("117. Legados") → its first rule, which says what the term is."""
    game_sizes: dict[str, int] = field(default_factory=dict)
    """How many texts each game has: KeyForge has most, so a word's counts are compared as shares of each."""
    section_game: dict[str, str] = field(default_factory=dict)
    close_words: dict[str, list[str]] = field(default_factory=dict, repr=False)
    """The closest spellings among :attr:`name_words` of the words already looked up (``Replicator``)."""

    def closest(self, word: str) -> list[str]:
        """The closest spellings of ``word`` among the names and titles: a scan of them all, kept once done."""
        if word not in self.close_words:
            if len(self.close_words) > 4096:
                self.close_words.clear()
            self.close_words[word] = difflib.get_close_matches(word, self.name_words, n=2, cutoff=0.8)
        return self.close_words[word]


@functools.lru_cache(maxsize=8)
def cached_vocabulary(path: str, fingerprint: str) -> Vocabulary:
    db = connect(path)
    try:
        return _read_vocabulary(db)
    finally:
        db.conn.close()


def vocabulary(db: sqlite_utils.Database) -> Vocabulary:
    """The query-side vocabulary of ``db``, cached per file and build (a rebuild changes the fingerprint)."""
    path = db_file(db)
    if not path:
        return _read_vocabulary(db)
    row = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()
    return cached_vocabulary(path, row[0] if row else "")


def _read_vocabulary(db: sqlite_utils.Database) -> Vocabulary:
    card_by_name: dict[str, str] = {}
    names_of: dict[str, list[str]] = {}
    display: dict[str, dict[str, str]] = {}
    for name, card, shown, lang, _ in db.execute("SELECT name, card, display, lang, in_catalog FROM card_names"):
        if len(name) >= 4:
            card_by_name.setdefault(name, card)
        names_of.setdefault(card, [])
        if name not in names_of[card]:
            names_of[card].append(name)
        display.setdefault(card, {}).setdefault(lang, shown)
    groups: dict[int, list[str]] = {}
    for grp, phrase in db.execute("SELECT grp, phrase FROM terms"):
        groups.setdefault(grp, []).append(phrase)
    synonyms = []
    for phrases in groups.values():
        analysed = []
        for phrase in phrases:
            ws = [w for _, _, w in words(phrase) if not is_stopword(w)]
            if ws:
                analysed.append([set(stems(w)) | {english_stem(w)} for w in ws])
        if len(analysed) > 1:
            synonyms.append((analysed, phrases))
    longest = max((len(n.split()) for n in card_by_name), default=1)
    by_first: dict[str, list[tuple[int, int]]] = {}
    for g, (analysed, _) in enumerate(synonyms):
        for p, phrase in enumerate(analysed):
            for stem in phrase[0]:
                by_first.setdefault(stem, []).append((g, p))
    name_words = {w for n in card_by_name for w in n.split() if len(w) >= 4}
    for (title,) in db.execute("SELECT title FROM search_docs WHERE type = 'entry'"):
        name_words |= {fold_word(w) for _, _, w in words(title or "") if len(w) >= 4 and not w.isdigit()}
    # One entry per name, however many sections share it (ATURDIR is a heading of 17.2 and of 1.1).
    named: dict[tuple[frozenset[str], ...], list[tuple[str, str]]] = {}
    for citation, game, phrase in db.execute("SELECT citation, game, phrase FROM rule_terms"):
        analysed = tuple(frozenset(typed_stems(w)) for _, _, w in words(phrase) if not is_stopword(w))
        if analysed:
            named.setdefault(analysed, []).append((citation, game))
    rule_terms = [(list(analysed), sections) for analysed, sections in named.items()]
    terms_by_stem: dict[str, list[int]] = {}
    for t, (analysed, _) in enumerate(rule_terms):
        for stem in frozenset().union(*analysed):
            terms_by_stem.setdefault(stem, []).append(t)
    word_synonyms: dict[str, set[str]] = {}
    for analysed, _ in synonyms:
        single = [phrase[0] for phrase in analysed if len(phrase) == 1]
        every = set().union(*single) if single else set()
        for stem_set in single:
            for stem in stem_set:
                word_synonyms.setdefault(stem, set()).update(every)
    heading_child = {}
    for citation, child in db.execute(
            "SELECT s.citation, (SELECT c.citation FROM sections c WHERE c.document = s.document AND c.parent = s.id "
            "ORDER BY c.position LIMIT 1) FROM sections s WHERE length(s.text) <= length(s.title) + 8"):
        if child:
            heading_child[citation] = child
    game_sizes = dict(db.execute("SELECT game, count(*) FROM search_docs GROUP BY game").fetchall())
    section_game = dict(db.execute("SELECT citation, game FROM sections").fetchall())
    return Vocabulary(card_by_name, names_of, display, synonyms, longest, by_first, sorted(name_words),
                      rule_terms, terms_by_stem, word_synonyms, heading_child, game_sizes, section_game)


def typed_stems(word: str) -> set[str]:
    """The stems of a word as typed, and of its spelling without doubled consonants (:func:`undoubled`)."""
    return set(_typed_stems(word))


@functools.lru_cache(maxsize=16384)
def _typed_stems(word: str) -> frozenset[str]:
    # Read for every word of every question (the game it names, the terms it names): worked out once a word.
    out = set(stems(word)) | {english_stem(word)}
    single = undoubled(fold_word(word))
    if single != fold_word(word):
        out |= set(stems(single))
    return frozenset(out)
