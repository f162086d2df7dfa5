"""The SQLite database: a build artifact made from ``rulings/`` (the files stay the source of truth).

``build`` is idempotent: it rewrites the corpus tables (documents, rule sections, entries, their links and the
search index) from the files in one transaction, and leaves the judges' own tables (saved positions) alone. Those
are created by named migrations and never dropped.

One module per job:

- :mod:`~judge.db.store`: opening the file, the build lock, the migrations;
- :mod:`~judge.db.saves`: saved boards behind their permalinks;
- :mod:`~judge.db.analysis`, :mod:`~judge.db.thesaurus`: words, stems and synonyms, shared by the index and queries;
- :mod:`~judge.db.tables`, :mod:`~judge.db.building`: what the corpus tables hold, and when they are rebuilt;
- :mod:`~judge.db.vocabulary`, :mod:`~judge.db.query`, :mod:`~judge.db.intent`: a question read against a build;
- :mod:`~judge.db.searching`, :mod:`~judge.db.snippets`: the ranked results and their highlighted passages.

The ruling and rule-section pages read these tables in :mod:`judge.web.oracle`.
"""

from __future__ import annotations

from judge.corpus.text import fold
from judge.db.analysis import (STOPWORDS, english_stem, english_text, fold_word, folded_text, is_stopword, stemmed_text,
                               stems, words)
from judge.db.building import SCHEMA_VERSION, build, ensure_built, is_built
from judge.db.intent import intent
from judge.db.query import Query, analyse
from judge.db.saves import SAVE_ID, find_save, load_save, new_save_id, save, save_once, saves_since
from judge.db.searching import Hit, card_keys, search
from judge.db.snippets import snippet
from judge.db.store import connect, db_file, default_path, exclusive, migrate, migrations
from judge.db.thesaurus import GLOSSARY
from judge.db.vocabulary import Vocabulary, vocabulary


__all__ = [
    "GLOSSARY", "SAVE_ID", "SCHEMA_VERSION", "STOPWORDS", "Hit", "Query", "Vocabulary", "analyse", "build", "card_keys",
    "connect", "db_file", "default_path", "english_stem", "english_text", "ensure_built", "exclusive", "find_save",
    "fold", "fold_word", "folded_text", "intent", "is_built", "is_stopword", "load_save", "migrate", "migrations",
    "new_save_id", "save", "save_once", "saves_since", "search", "snippet", "stemmed_text", "stems", "vocabulary",
    "words",
]
