"""The SQLite database: a build artifact made from ``rulings/`` (the files stay the source of truth).

``build`` is idempotent: it rewrites the corpus tables (documents, rule sections, entries, their links and the
search index) from the files in one transaction, and leaves the judges' own tables (saved positions) alone. Those
are created by named migrations (:data:`migrations`) and never dropped.

The search index (``search_docs`` + ``search_fts``, SQLite FTS5 ranked with bm25) stores, beside the verbatim
text, a stemmed copy of every text: each word is folded (case and accents) and replaced by its Spanish and
Portuguese Snowball stems, so ``destruidas`` finds ``destruida`` and ``ativa`` finds ``ativar``. Card names are
indexed unstemmed in every language the catalog knows, so ``Duskwitch`` finds the entries that say ``Bruja del
Ocaso``. The query side (:func:`search`, :func:`snippet`) is at the end of this module.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import hashlib
import html
import itertools
import json
import os
import pickle
import re
import secrets
import sqlite3
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

import snowballstemmer
import sqlite_utils
from sqlite_utils.migrations import Migrations

from judge.corpus import Corpus
from judge.corpus.annotate import Annotations, annotate
from judge.corpus import ranking
from judge.corpus.pages import label as page_label
from judge.corpus.ranking import Candidate, Intent
from judge.corpus.references import is_label, title_alternatives
from judge.corpus.text import fold, plain, readable, undoubled

# remove_diacritics 2 makes "accion" find "acción" and "Æmbar"-style text searchable without accents.
FTS_TOKENIZE = "unicode61 remove_diacritics 2"
SCHEMA_VERSION = "5"
"""Bump when the corpus tables or the analyzer change: the next start rebuilds them."""

migrations = Migrations("judge")


@migrations(name="0001_saves")
def _create_saves(db: sqlite_utils.Database) -> None:
    """Saved boards: a position, the plays made on it and their answers, behind a short permalink."""
    db["saves"].create({"id": str, "created": str, "ruleset": str, "title": str, "payload": str}, pk="id")


@migrations(name="0002_meta")
def _create_meta(db: sqlite_utils.Database) -> None:
    """Build bookkeeping: which schema and which files the corpus tables were built from."""
    # A database built before its migrations ran (an older ``judge db build``) already has the table.
    db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)


@migrations(name="0003_saves_client")
def _saves_client(db: sqlite_utils.Database) -> None:
    """Who saved each board (the client's address), to bound how many saves one client makes a minute."""
    db["saves"].add_column("client", str)
    db["saves"].create_index(["client", "created"], index_name="saves_client_created")


def default_path() -> Path:
    env = os.environ.get("JUDGE_DB")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "instance" / "judge.sqlite"


def connect(path: Path | str | None = None) -> sqlite_utils.Database:
    """Open the database in WAL mode (readers never block the writer) with a generous busy timeout."""
    path = Path(path) if path is not None else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), timeout=30, check_same_thread=False)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA busy_timeout=30000")
    conn.execute("PRAGMA synchronous=NORMAL")
    return sqlite_utils.Database(conn, execute_plugins=False)


def db_file(db: sqlite_utils.Database) -> str:
    """The file behind ``db`` ('' for an in-memory database)."""
    for _, name, file in db.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return file or ""
    return ""


@contextlib.contextmanager
def exclusive(db: sqlite_utils.Database) -> Iterator[None]:
    """Hold an inter-process lock beside the database file while migrating or rebuilding.

    Several WSGI workers start at once; the first one builds, the others wait and then find the build done.
    """
    path = db_file(db)
    if not path:
        yield
        return
    import fcntl

    with open(path + ".lock", "a+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def migrate(db: sqlite_utils.Database) -> None:
    """Apply pending migrations (creates the saves table on a new database)."""
    with exclusive(db):
        migrations.apply(db)


# Text analysis ---------------------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+", re.UNICODE)

STOPWORDS = frozenset("""
a al algo alguna algunas alguno algunos ante antes aquel aquella aquellas aquellos aqui asi aun aunque cada como con
contra cual cuales cualquier cuando de del desde donde dos e el ella ellas ello ellos en entre era eran es esa esas ese
eso esos esta estaba estan estar estas este esto estos fue fueron ha habia han hasta hay la las le les lo los mas me
mi mis mucho muy nada ni no nos nosotros o os otra otras otro otros para pero poco por porque que quien quienes se
sea ser si sido sin sobre solo son su sus tambien tan tanto te tiene tienen tu tus un una unas uno unos usted ya yo
ao aos as com da das dele dela deles delas do dos ela elas ele eles em essa essas esse esses esta estas este estes
eu isso isto ja mais mas meu minha na nas nao nem no nos num numa o os ou pela pelas pelo pelos por qual quando que
quem sao se sem seu seus sua suas tambem te tem ter um uma umas uns voce voces
about an and are as at be been but by can could did do does doing for from had has have how i if in into is it its
me my of on or our so than that the their them then there these they this those to was we were what when where
which while who why will with would you your yours
""".split())
"""Function words of Spanish, Portuguese and English, folded. They carry no meaning a search could rank on."""

_STEMMERS = {lang: snowballstemmer.stemmer(lang) for lang in ("spanish", "portuguese", "english")}


def words(text: str) -> list[tuple[int, int, str]]:
    """Every word of ``text`` with its span in the original string and its lower-case form."""
    return [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]


@functools.lru_cache(maxsize=65536)
def stems(word: str) -> tuple[str, ...]:
    """The folded Spanish and Portuguese stems of one lower-case word (and of its unaccented spelling).

    Stemming both the accented and the unaccented form makes a query typed without accents meet the text
    printed with them: ``destruido`` and ``destruído`` share a stem.
    """
    ahead = _STEMMED_AHEAD.get(word)
    if ahead is not None:
        return ahead
    folded = fold(word)
    if folded.isdigit():
        return (folded,)
    out = {folded} if len(folded) <= 3 else set()
    for lang in ("spanish", "portuguese"):
        out.add(_stem(lang, word))
        out.add(_stem(lang, folded))
    out.discard("")
    return tuple(sorted(out))


_STEMMED_AHEAD: dict[str, tuple[str, ...]] = {}
"""Words stemmed ahead by :func:`_stem_ahead`, while a build was doing the rest."""


def _stem_ahead(corpus: Corpus) -> Callable[[], None]:
    """Stem every word the search index will hold in a child process, while this one annotates the corpus and
    fills the other tables: the stemmer is the largest part of a build, and a machine has more than one core. Return
    the function that takes in what the child found (and waits for it). Only on Linux, where a process starts by
    fork, and while this process runs a single thread; anywhere else, and if anything goes wrong, nothing is done
    ahead and every word is stemmed as the index is filled."""
    if not sys.platform.startswith("linux") or threading.active_count() > 1:
        return lambda: None
    docs = corpus.documents
    texts = [_shown(t, docs[s.document].language) for s in corpus.sections.values() for t in (s.title, s.text)]
    texts += [_shown(t, docs[e.document].language) for e in corpus.entries.values()
              for t in (e.title, e.question, e.answer, e.note)]
    try:
        read_end, write_end = os.pipe()
        child = os.fork()
    except OSError:
        return lambda: None
    if child == 0:  # the child: stem, send, and leave without running anything of the parent's
        try:
            os.close(read_end)
            found: dict[str, tuple[str, ...]] = {}
            for text in texts:
                for _, _, word in words(text):
                    if word not in found and not is_stopword(word):
                        found[word] = stems(word)
            with os.fdopen(write_end, "wb") as out:
                pickle.dump(found, out, protocol=pickle.HIGHEST_PROTOCOL)
        finally:
            os._exit(0)
    os.close(write_end)
    waiting = [True]

    def take() -> None:
        if not waiting:
            return  # taken in already
        waiting.clear()
        try:
            with os.fdopen(read_end, "rb") as f:
                _STEMMED_AHEAD.update(pickle.load(f))
        except Exception:  # noqa: BLE001 - a child that sent nothing whole: the words are stemmed here instead
            pass
        finally:
            os.waitpid(child, 0)
    return take


@functools.lru_cache(maxsize=65536)
def _stem(lang: str, word: str) -> str:
    # Most words are their own unaccented spelling, and many share it: each form is stemmed once.
    return fold(_STEMMERS[lang].stemWord(word))


@functools.lru_cache(maxsize=16384)
def english_stem(word: str) -> str:
    return fold(_STEMMERS["english"].stemWord(fold(word)))


@functools.lru_cache(maxsize=65536)
def fold_word(word: str) -> str:
    return fold(word)


def is_stopword(word: str) -> bool:
    """Function words, and single letters other than the games' X."""
    f = fold_word(word)
    return f in STOPWORDS or (len(f) < 2 and f != "x" and not f.isdigit())


@functools.lru_cache(maxsize=8192)
def stemmed_text(text: str) -> str:
    """The text as the index stores it: every meaningful word replaced by its stems."""
    out: list[str] = []
    for _, _, w in words(text):
        if is_stopword(w):
            continue
        out.extend(stems(w))
    return " ".join(out)


def english_text(text: str) -> str:
    """English concept keys (``replacement-effect``) as English stems, for English queries."""
    return " ".join(english_stem(w) for _, _, w in words(text.replace("-", " ").replace("/", " "))
                    if not is_stopword(w))


def folded_text(text: str) -> str:
    """Card names as the index stores them: folded words, unstemmed, so names match as phrases."""
    return " ".join(fold_word(w) for _, _, w in words(text))


# Cross-language vocabulary ------------------------------------------------------------------------------------

GLOSSARY: tuple[tuple[str, ...], ...] = (
    # KeyForge words a judge uses in English, with the printed Spanish (17.2, 1.1) and Portuguese (1.3) terms.
    ("creature", "criatura"), ("card", "carta"), ("hand", "mano", "mão"), ("deck", "mazo", "baralho"),
    ("turn", "turno"), ("opponent", "oponente", "rival", "adversário"), ("player", "jugador", "jogador"),
    ("key", "llave", "chave"), ("amber", "æmber", "ambar", "æmbar"), ("house", "casa"),
    ("use", "usar", "uso", "usos"), ("play", "jugar", "juega", "jogar"), ("discard", "descartar", "descarte"),
    ("destroy", "destruir", "destruida", "destruído"), ("damage", "daño", "dano"), ("power", "poder"),
    ("armor", "armadura"), ("upgrade", "mejora", "melhoria"), ("artifact", "artefacto", "artefato"),
    ("action", "acción", "ação"), ("reap", "cosechar", "coleta", "colher"), ("fight", "luchar", "lutar", "luta"),
    ("attack", "atacar", "ataque"), ("steal", "robar", "roubar"), ("capture", "capturar"),
    ("draw", "robar", "comprar"), ("archive", "archivar", "arquivar", "archivos", "arquivo"),
    ("purge", "purgar", "expurgar"), ("return", "devolver"), ("ready", "preparar", "preparada"),
    ("exhaust", "agotar", "agotada", "exaurir", "exausta"), ("stun", "aturdir", "aturdida", "atordoar"),
    ("enrage", "enfurecer", "enfurecida"), ("ward", "escuchar", "guarda", "protección"),
    ("elusive", "elusivo", "esquivo"), ("taunt", "provocar", "provocación"), ("poison", "veneno"),
    ("hazardous", "dañino", "perigo", "peligroso"), ("neighbor", "vecino", "vizinho"), ("flank", "flanco"),
    ("battleline", "batalla", "batalha"), ("forge", "forjar"), ("chain", "cadena", "corrente"),
    ("shuffle", "barajar", "embaralhar"), ("sacrifice", "sacrificar"), ("heal", "curar"),
    ("control", "controlar", "controle"), ("twice", "veces", "vezes"), ("times", "veces", "vezes"),
    ("trigger", "activar", "ativar", "dispara"), ("resolve", "resolver"), ("replace", "sustituir", "substituir"),
    ("instead", "sustitución", "lugar"), ("lasting", "duradero"), ("leave", "abandona", "sair"),
    ("enter", "entrar"), ("token", "ficha"), ("counter", "contador"), ("die", "muere", "morre", "destruida"),
    ("dies", "muere", "morre", "destruida"), ("destroyed", "destruida", "destruído"),
    ("omni", "onisciente"), ("assault", "asalto", "emboscada"), ("skirmish", "escaramuza", "combate"),
    ("deploy", "despliegue", "posicionar"), ("rule", "regla", "regra"), ("first", "primer", "primeiro"),
    ("six", "seis"), ("end", "final", "fim"), ("start", "comienzo", "início"), ("choose", "elegir", "escolher"),
    ("target", "objetivo", "alvo"), ("gain", "obtener", "ganhar"), ("lose", "perder"), ("may", "puedes", "pode"),
    ("must", "debe", "deve"), ("cannot", "puede", "pode"), ("swap", "intercambiar", "trocar"),
    ("graveyard", "cementerio", "descartes"), ("pile", "pila", "pilha"), ("cost", "coste", "custo"),
    ("enhance", "potenciar"), ("treachery", "traición"), ("scrap", "desguazar"), ("exalt", "exaltar"),
    ("versatile", "versátil"), ("splash", "dispersión", "espalhar"), ("alpha", "alfa"), ("omega", "ômega"),
    ("tide", "marea"), ("gigantic", "gigantesca"), ("haunted", "embrujado"), ("graft", "injertar"),
    ("invulnerable", "invulnerable"), ("mulligan", "mulligan"), ("loop", "bucle"),
    ("simultaneous", "simultáneo", "simultáneamente", "simultaneamente"), ("order", "orden", "ordem"),
    ("copy", "copia", "cópia"), ("ally", "aliado"), ("gold", "oro"), ("talisman", "talismán"),
    ("totem", "tótem"), ("weapon", "arma"), ("cemetery", "cementerio"), ("exile", "destierro", "desterrar"),
    ("banish", "destierro", "desterrar"), ("cancel", "anular", "cancelar", "cancelación"),
    ("castle", "castillo", "castelo"), ("strength", "fuerza"), ("ability", "habilidad", "habilidade"),
    ("triggered", "disparada", "disparado"), ("activated", "activada", "ativada"),
    ("prevent", "prevenir", "prevención"),
    ("race", "raza"), ("aura", "aura"), ("defense", "defensa"), ("block", "bloquear", "bloqueo"),
    ("subject", "súbdito"), ("order-card", "orden"), ("stack", "pila"), ("priority", "prioridad"),
    ("prestige", "prestigio"), ("government", "gobierno"), ("effect", "efecto", "efeito"),
    ("counterspell", "anular"), ("phase", "fase"), ("step", "paso", "etapa"),
    ("same time", "mismo tiempo", "mesmo tempo", "simultáneamente"), ("decide", "decidir", "decisión", "decisão"),
    ("both", "ambos", "ambas"), ("each", "cada"), ("again", "otra vez", "de nuevo", "novamente"),
    ("under", "debajo", "sob"), ("top", "superior", "encima", "topo"), ("bottom", "fondo", "fundo"),
    ("next", "siguiente", "próximo"), ("previous", "anterior"), ("enters play", "entra en juego", "entra em jogo"),
    ("leaves play", "abandona el juego", "sai de jogo"), ("ready", "preparado", "preparada", "preparar"),
    ("search", "buscar", "procurar", "búsqueda", "busca"), ("reveal", "revelar"), ("pay", "pagar"),
    ("neighbors", "adyacentes", "vizinhos"), ("adjacent", "adyacente", "adjacente"), ("prevent", "evitar", "impedir"),
    ("win", "ganar", "vencer", "gana", "ganha", "ganhar"),
    ("owner", "propietario", "dono"), ("controller", "controlador"), ("exalt", "exaltar"),
    # Gobierno & Prestigio and Mitos y Leyendas words, printed only in Spanish, as judges say them in English and
    # Portuguese.
    ("legacy", "legado"), ("point", "punto", "ponto"), ("government", "gobierno", "governo"),
    ("direct", "directo", "direto"), ("wield", "equip", "carry", "portar", "porta"),
    ("possession", "posesión", "posse"), ("wealth", "riqueza"), ("object", "objeto"),
)
"""A small bilingual thesaurus of the games' own words; the rule sections add the rest (see :func:`_terms`)."""


def _terms(corpus: Corpus) -> list[list[str]]:
    """Synonym groups: each KeyForge rule section's language-neutral key with its titles in es and pt and its
    English name, plus the glossary. ``elusive`` ↔ ``ELUSIVO`` ↔ ``ESQUIVO``; ``hazardous`` ↔ ``DAÑINO (X)`` ↔
    ``PERIGO (X)``."""
    groups: dict[str, set[str]] = {}
    for s in corpus.sections.values():
        doc = corpus.documents[s.document]
        if doc.game != "keyforge" or "." in s.id or len(s.id) < 3:
            continue
        group = groups.setdefault(s.id, {s.id.replace("-", " ")})
        group.update(title_alternatives(s.title))
        group.update(title_alternatives(corpus.concept_names.get(s.id, {}).get("en", "")))
    out = [sorted(g) for g in groups.values()]
    out.extend(list(g) for g in GLOSSARY)
    return out


# Building ---------------------------------------------------------------------------------------------------

_CORPUS_TABLES = ("documents", "sections", "entries", "entry_cards", "entry_concepts", "relations",
                  "card_names", "terms", "search_docs", "refs", "rule_terms", "term_games")
_FTS_TABLES = ("sections_fts", "entries_fts", "search_fts")

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


def _catalog_cards() -> list[Any]:
    """Every readable card of the KeyForge catalog; a broken card file must not take the oracle down with it."""
    try:
        from judge.games.keyforge.catalog import load_dir

        cards, _ = load_dir()
        return cards
    except Exception:
        return []


def _files_fingerprint(corpus: Corpus) -> str:
    digest = hashlib.sha256(SCHEMA_VERSION.encode())
    roots = [(Path(corpus.root), "**/*")]
    try:
        from judge.games.keyforge.catalog import CARDS_DIR

        # The database reads the hand-written cards (the folder's own files), not the pool's ability files below it.
        roots.append((Path(CARDS_DIR), "*"))
    except Exception:
        pass
    for root, pattern in roots:
        for path in sorted(p for p in root.glob(pattern) if p.is_file() and p.suffix in (".md", ".toml")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


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


def build(db: sqlite_utils.Database, corpus: Corpus | None = None) -> dict[str, int]:
    """Load documents, rule sections and entries into ``db``, with full-text search; return the counts.

    Everything happens in one transaction, so a server reading the database meanwhile sees the old corpus or the
    new one, never half of it.
    """
    from judge import corpus as corpus_module

    corpus = corpus or corpus_module.load()
    ahead = _stem_ahead(corpus)
    try:
        cards = _catalog_cards()
        fingerprint = _files_fingerprint(corpus)
        _build(db, corpus, cards, fingerprint, ahead)
    finally:
        ahead()  # a second call does nothing: the child was already taken in
    _cached_vocabulary.cache_clear()
    return {name: db[name].count for name in ("documents", "sections", "entries")}


def _build(db: sqlite_utils.Database, corpus: Corpus, cards: list[Any], fingerprint: str,
           ahead: Callable[[], None]) -> None:
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with exclusive(db):
        _drop_if_old_schema(db)
        conn.execute("BEGIN IMMEDIATE")
        try:
            _fill(conn, corpus, cards, ahead)
            conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             [("schema", SCHEMA_VERSION), ("fingerprint", fingerprint)])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _drop_if_old_schema(db: sqlite_utils.Database) -> None:
    tables = set(db.table_names())
    schema = None
    if "meta" in tables:
        row = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        schema = row[0] if row else None
    if schema == SCHEMA_VERSION:
        return
    # A database from an older build (or from before the search index): its corpus tables are rebuilt from scratch.
    for name in (*_FTS_TABLES, *_CORPUS_TABLES):
        if name in tables or name in db.view_names():
            db.execute(f"DROP TABLE IF EXISTS [{name}]")
    db.conn.commit()


def _fill(conn: sqlite3.Connection, corpus: Corpus, cards: list[Any], ahead: Callable[[], None] = lambda: None) -> None:
    for statement in _DDL.strip().split(";\n"):
        if statement.strip():
            conn.execute(statement)
    for name in (*_CORPUS_TABLES,):
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
                     [(i, phrase) for i, group in enumerate(_terms(corpus)) for phrase in group])
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


def _shown(text: str, lang: str) -> str:
    """What a result shows of a verbatim text: icons spelled out, no Markdown markup."""
    return plain(readable(text or "", lang))


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
        title, body = _shown(s.title, doc.language), _shown(s.text, doc.language)
        rows.append((rowid, "section", s.citation, doc.game, s.document, s.parent or s.id, "rule", title, body,
                     concepts, "", page_label(notes.pages.get(s.citation)), notes.current.get(s.citation),
                     notes.stubs.get(s.citation), notes.same.get(s.citation), doc.language))
        fts.append((rowid, stemmed_text(title), "", english_text(concepts), stemmed_text(body)))
    for e in corpus.entries.values():
        rowid += 1
        doc = docs[e.document]
        body = _shown("\n\n".join(p for p in (e.question, e.answer, e.note) if p), doc.language)
        shown_title = _shown(e.title, doc.language)
        title = shown_title if e.section in ("faq-general", "faq-card", "faq", "errata-card", "errata-general",
                                             "resolution-order") or e.title == e.section \
            else f"{shown_title} {e.section}"
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


def is_built(db: sqlite_utils.Database) -> bool:
    tables = set(db.table_names())
    if not {"meta", "search_docs", "entries"} <= tables:
        return False
    rows = dict(db.execute("SELECT key, value FROM meta").fetchall())
    return rows.get("schema") == SCHEMA_VERSION and bool(rows.get("fingerprint"))


def ensure_built(db: sqlite_utils.Database) -> None:
    """Migrate, then build the corpus tables on first start or when ``rulings/`` or the catalog changed."""
    from judge import corpus as corpus_module

    migrate(db)
    corpus = corpus_module.load()
    wanted = _files_fingerprint(corpus)
    with exclusive(db):
        current = None
        if is_built(db):
            current = db.execute("SELECT value FROM meta WHERE key = 'fingerprint'").fetchone()[0]
    if current != wanted:
        build(db, corpus)


# Saved boards -------------------------------------------------------------------------------------------------

_SAVE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
SAVE_ID = re.compile(r"^[23456789abcdefghjkmnpqrstuvwxyz]{8}$")


def new_save_id() -> str:
    return "".join(secrets.choice(_SAVE_ALPHABET) for _ in range(8))


def _save_text(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False, sort_keys=True)


def _save_ids(ruleset: str, title: str, text: str) -> Iterator[str]:
    """Permalink ids derived from what is saved: the same board always asks for the same id first.

    Later ids are the fallback for the rare board whose first id another board already took.
    """
    digest = hashlib.sha256("\n".join((ruleset, title, text)).encode("utf-8")).digest()
    number = int.from_bytes(digest, "big")
    base = len(_SAVE_ALPHABET)
    digits = []
    while number:
        number, d = divmod(number, base)
        digits.append(_SAVE_ALPHABET[d])
    for start in range(0, len(digits) - 8, 4):
        yield "".join(digits[start:start + 8])
    while True:
        yield new_save_id()


def find_save(db: sqlite_utils.Database, payload: dict[str, Any], *, ruleset: str, title: str = "") -> str | None:
    """The id of a save holding exactly this board, if it was saved before."""
    text = _save_text(payload)
    for sid in itertools.islice(_save_ids(ruleset, title, text), 12):
        row = db.execute("SELECT ruleset, title, payload FROM saves WHERE id = ?", (sid,)).fetchone()
        if row is None:
            return None
        if tuple(row) == (ruleset, title, text):
            return sid
    return None


def saves_since(db: sqlite_utils.Database, client: str, since: datetime.datetime) -> int:
    """How many boards ``client`` saved since ``since``."""
    stamp = since.astimezone(datetime.timezone.utc).isoformat(timespec="seconds")
    return db.execute("SELECT count(*) FROM saves WHERE client = ? AND created >= ?", (client, stamp)).fetchone()[0]


def save(db: sqlite_utils.Database, payload: dict[str, Any], *, ruleset: str, title: str = "",
         client: str = "") -> str:
    """Store a board under a new random permalink id (8 characters, never reused) and return it.

    The service saves through :func:`save_once` instead, so that a retried request does not store a copy.
    """
    text = _save_text(payload)
    created = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    for _ in range(10):
        sid = new_save_id()
        try:
            with db.conn:
                db.conn.execute("INSERT INTO saves (id, created, ruleset, title, payload, client) "
                                "VALUES (?, ?, ?, ?, ?, ?)", (sid, created, ruleset, title, text, client))
            return sid
        except sqlite3.IntegrityError:  # the same id drawn twice: draw again
            continue
    raise RuntimeError("could not find a free permalink id")


def save_once(db: sqlite_utils.Database, payload: dict[str, Any], *, ruleset: str, title: str = "",
              client: str = "") -> tuple[str, bool]:
    """Store a board once and return its permalink id (8 characters) and whether this call stored it.

    Saving the same board again (a retry after a dropped connection) returns the id it already has.
    """
    text = _save_text(payload)
    created = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    for sid in _save_ids(ruleset, title, text):
        with db.conn:
            inserted = db.conn.execute(
                "INSERT OR IGNORE INTO saves (id, created, ruleset, title, payload, client) VALUES (?, ?, ?, ?, ?, ?)",
                (sid, created, ruleset, title, text, client)).rowcount
            if inserted:
                return sid, True
            row = db.conn.execute("SELECT ruleset, title, payload FROM saves WHERE id = ?", (sid,)).fetchone()
        if row is not None and tuple(row) == (ruleset, title, text):
            return sid, False
    raise RuntimeError("unreachable: the ids never run out")


def load_save(db: sqlite_utils.Database, sid: str) -> dict[str, Any] | None:
    if not SAVE_ID.match(sid or ""):
        return None
    row = db.execute("SELECT id, created, ruleset, title, payload FROM saves WHERE id = ?", (sid,)).fetchone()
    if row is None:
        return None
    return {"id": row[0], "created": row[1], "ruleset": row[2], "title": row[3], **json.loads(row[4])}


# Searching ----------------------------------------------------------------------------------------------------

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


@functools.lru_cache(maxsize=8)
def _cached_vocabulary(path: str, fingerprint: str) -> Vocabulary:
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
    return _cached_vocabulary(path, row[0] if row else "")


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
        analysed = tuple(frozenset(_typed_stems(w)) for _, _, w in words(phrase) if not is_stopword(w))
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


def _typed_stems(word: str) -> set[str]:
    """The stems of a word as typed, and of its spelling without doubled consonants (:func:`undoubled`)."""
    out = set(stems(word)) | {english_stem(word)}
    single = undoubled(fold_word(word))
    if single != fold_word(word):
        out |= set(stems(single))
    return out


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
    meaningful = [w for w in all_words if not is_stopword(w)]
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
    return query


COMMON_EXPANSION = 0.04
"""A synonym brought in by the thesaurus is dropped when more than this share of the texts contain it: ``juego``
or ``carta`` would drown the words the judge actually typed."""


def _refine(db: sqlite_utils.Database, query: Query) -> None:
    """Drop synonyms too common to mean anything, and give a word the index has never seen its closest spelling
    among the names and titles (``Aemberlution`` → ``Æmberlución``, ``Replicator`` → ``Replicador``)."""
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
        group -= {t for t in group - typed if df.get(t, 0) > total * COMMON_EXPANSION}
        word = query.words[index] if index < len(query.words) else ""
        if not any(df.get(t) for t in group) and len(word) >= 5 and not word.isdigit():
            import difflib

            for close in difflib.get_close_matches(word, vocab.name_words, n=2, cutoff=0.8):
                group |= set(stems(close))
                query.marks |= set(stems(close))


def _quote(term: str) -> str:
    return '"' + term.replace('"', "") + '"'


def _match_expression(query: Query) -> str:
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


# What a question is about -------------------------------------------------------------------------------------

GAME_NAMES = (
    ("keyforge", re.compile(r"\bkey ?forge\b|\bkf\b")),
    ("mitos-y-leyendas", re.compile(r"\bmitos(?: (?:y|e|and) (?:leyendas|lendas))?\b|\bleyendas\b|\blendas\b|\bmyl\b|"
                                    r"\bprimera era\b")),
    ("gobierno-y-prestigio", re.compile(r"\bgobierno\s*(?:&|y|e|and)\s*prestigio\b|\bg\s*&\s*p\b|\bgyp\b")),
)
"""How a judge names a game in a question (folded)."""

QUESTION_WORDS = frozenset("""
significa significan significado definicion define definir definition defined mean means meaning funciona
funcionan work works working hace hacen faz fazem termino term concepto concept conceito palabra palavra clave
chave keyword explica explain explicacion exactamente exactly
""".split())
"""Words that frame a question about a term ("qué significa", "what does … mean") without being part of it."""

RULE_WORDS = frozenset("regla reglas rule rules regra regras".split())

SITUATION = re.compile(r"\b(?:si|if|when|whenever|cuando|quando|pasa|ocurre|sucede|happens|acontece)\b")
"""Words that set up a situation ("qué pasa si…", "what happens when…"): such a question asks what a rule does
there, not what a term is."""

GAME_VOTE_SHARE = 0.9
"""A word is one game's vocabulary (æmber, Oro, prestigio) when that game's share of the texts holding it, each
game's count taken against its size, is at least this."""


def _named_game(text: str) -> tuple[str | None, str]:
    """The game a question names, and the question without the name."""
    folded = fold(text)
    for game, pattern in GAME_NAMES:
        if pattern.search(folded):
            return game, pattern.sub(" ", folded)
    return None, folded


def _term_spans(vocab: Vocabulary, stem_sets: list[set[str]],
                game: str | None = None) -> list[tuple[int, int, list[str]]]:
    """The rule terms (of ``game``, if given) a run of words names, in any order ("triggered ability" names
    "Habilidad Disparada"): (start, end, sections), longest names first, not overlapping."""
    found: dict[tuple[int, int], list[str]] = {}
    for i, first in enumerate(stem_sets):
        for t in {t for stem in first for t in vocab.terms_by_stem.get(stem, ())}:
            phrase, sections = vocab.rule_terms[t]
            end = i + len(phrase)
            citations = [c for c, term_game in sections if not game or term_game == game]
            if not citations or end > len(stem_sets):
                continue
            window = stem_sets[i:end]
            if len(phrase) == 1 or all(any(w & p for w in window) for p in phrase) and any(
                    all(window[k] & phrase[p] for k, p in enumerate(order))
                    for order in itertools.permutations(range(len(phrase)))):
                found.setdefault((i, end), []).extend(citations)
    spans: list[tuple[int, int, list[str]]] = []
    taken: set[int] = set()
    for (i, end), citations in sorted(found.items(), key=lambda x: (x[0][0] - x[0][1], x[0][0])):
        if not taken & set(range(i, end)):
            taken |= set(range(i, end))
            spans.append((i, end, list(dict.fromkeys(citations))))
    return sorted(spans)


def _term_stems(vocab: Vocabulary, word: str) -> set[str]:
    """The stems a word can name a rule term by: its own, and those of its one-word synonyms."""
    own = _typed_stems(word)
    return own.union(*(vocab.word_synonyms.get(s, set()) for s in own))


def intent(db: sqlite_utils.Database, text: str, query: Query) -> Intent:
    """What ``text`` asks about: the game it names or whose vocabulary it uses, the rule terms it names, and the
    one term it asks to define ("qué es capturar", "what is elusive", "o que é elusivo", "regla del seis")."""
    vocab = vocabulary(db)
    named, rest = _named_game(text)
    content = [w for _, _, w in words(rest) if not is_stopword(w) and fold_word(w) not in QUESTION_WORDS]
    in_games = _words_games(db, content)
    total = sum(vocab.game_sizes.values()) or 1
    # Words every other text uses (carta, juego, turno) say nothing about what the question is about.
    generic = {w for w in content if sum(in_games[w].values()) > SPECIFIC_TERM * total}
    stem_sets = [_term_stems(vocab, w) for w in content]
    spans = _term_spans(vocab, stem_sets)
    specific = [s for s in spans if not set(content[s[0]:s[1]]) <= generic]
    out = Intent(game=named or _vocabulary_game(db, content, in_games, specific, query))
    if out.game:
        spans = _term_spans(vocab, stem_sets, out.game)
        specific = [s for s in spans if not set(content[s[0]:s[1]]) <= generic]
    out.terms = [c for _, _, citations in specific for c in citations]
    asked = None
    if not SITUATION.search(rest):
        asked = _asked_term(content, spans, generic)
        # "regla del seis" is a term, "regla de la X" asks about the term X.
        bare = [i for i, w in enumerate(content) if fold_word(w) not in RULE_WORDS]
        if asked is None and len(bare) < len(content):
            picked = [content[i] for i in bare]
            asked = _asked_term(picked, _term_spans(vocab, [stem_sets[i] for i in bare], out.game), generic)
    if asked is not None:
        out.definition = [c for citation in asked for c in (citation, vocab.heading_child.get(citation)) if c]
    else:
        covered = {i for start, end, _ in spans for i in range(start, end)}
        out.only_terms = bool(spans) and len(covered) == len(content) <= 3
    return out


def _asked_term(content: list[str], spans: list[tuple[int, int, list[str]]], generic: set[str]) -> list[str] | None:
    """The sections of the one term a question asks about: the question names one term (or one that is not a
    common word) and nothing else but common words."""
    specific = [s for s in spans if not set(content[s[0]:s[1]]) <= generic]
    if len(specific) == 1:
        asked = specific[0]
    elif not specific and len(spans) == 1:
        asked = spans[0]
    else:
        return None
    start, end, citations = asked
    if all(w in generic for i, w in enumerate(content) if not start <= i < end):
        return citations
    return None


SPECIFIC_TERM = 0.08
"""A word in more than this share of the texts is a common word of the games, not a subject of a question."""

CARD_WORD = 10
"""A card named by one word says which game the question is about only if the word is in at most this many texts
(the Portuguese card "Atacar!" is also the verb every game uses)."""


def _words_games(db: sqlite_utils.Database, words_: list[str]) -> dict[str, dict[str, int]]:
    """How many texts of each game hold each word (its most frequent stem), in one look-up."""
    stems_of = {w: sorted(_typed_stems(w)) for w in words_}
    terms = sorted({t for ts in stems_of.values() for t in ts})
    counts: dict[str, dict[str, int]] = {}
    if terms:
        marks = ",".join("?" * len(terms))
        for term, game, n in db.execute(f"SELECT term, game, n FROM term_games WHERE term IN ({marks})", terms):
            counts.setdefault(term, {})[game] = n
    return {w: max((counts[t] for t in ts if t in counts), key=lambda c: sum(c.values()), default={})
            for w, ts in stems_of.items()}


def _vocabulary_game(db: sqlite_utils.Database, content: list[str], in_games: dict[str, dict[str, int]],
                     spans: list[tuple[int, int, list[str]]], query: Query) -> str | None:
    """The game whose vocabulary the question uses.

    A word found (almost) only in one game's texts votes for that game, a card twice. Failing a clear winner
    there, a rule term only one game has (``spans``: the terms that are not common words) adds half a vote: most
    terms have an English name only in KeyForge, whatever game the judge means, so they only decide when the
    words do not. A game needs a whole vote and more than any other.
    """
    sizes = vocabulary(db).game_sizes
    words_vote: dict[str, float] = {}
    for w in content:
        by_game = in_games[w]
        total = sum(by_game.values())
        rates = {g: n / max(1, sizes.get(g, 1)) for g, n in by_game.items()}
        if total >= 2:
            best = max(rates, key=rates.get)
            if rates[best] >= GAME_VOTE_SHARE * sum(rates.values()):
                words_vote[best] = words_vote.get(best, 0.0) + min(1.0, total / 5)
    for game in _card_games(db, query):
        words_vote[game] = words_vote.get(game, 0.0) + 2.0
    chosen = _winner(words_vote)
    if chosen:
        return chosen
    with_terms = dict(words_vote)
    game_of = vocabulary(db).section_game
    for _, _, citations in spans:
        games = {game_of.get(c) for c in citations}
        if len(games) == 1:
            game = games.pop()
            with_terms[game] = with_terms.get(game, 0.0) + 0.5
    return _winner(with_terms)


def _card_games(db: sqlite_utils.Database, query: Query) -> set[str]:
    """The games of the cards a question names (not counting a card whose one-word name is a common word)."""
    folded = " " + " ".join(fold_word(w) for _, _, w in words(query.text)) + " "
    keys = [k for k, names in query.cards.items()
            if any(f" {n} " in folded and (" " in n or sum(_words_games(db, [n])[n].values()) <= CARD_WORD)
                   for n in names)]
    if not keys:
        return set()
    marks = ",".join("?" * len(keys))
    games = {g for (g,) in db.execute(f"SELECT DISTINCT e.game FROM entry_cards c JOIN entries e ON e.id = c.entry "
                                      f"WHERE c.card IN ({marks})", keys)}
    if any(not k.startswith("name:") for k in keys):
        games.add("keyforge")  # a card of the KeyForge catalog
    return games


def _winner(votes: dict[str, float]) -> str | None:
    ranked = sorted(((g, v) for g, v in votes.items() if v >= 1.0), key=lambda x: -x[1])
    if not ranked or (len(ranked) > 1 and ranked[0][1] <= ranked[1][1]):
        return None
    return ranked[0][0]


# The search ---------------------------------------------------------------------------------------------------


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
    _refine(db, query)
    expression = _match_expression(query)
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


_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|\n+")


def snippet(text: str, query: Query, width: int = 260) -> str:
    """The passage of ``text`` that matches best, HTML-escaped, with the matching words in ``<mark>``."""
    if not text:
        return ""
    names = [n.split() for ns in query.cards.values() for n in ns]
    spans: list[tuple[int, int]] = []
    ws = words(text)
    folded = [fold_word(w) for _, _, w in ws]
    for start, end, w in ws:
        if not is_stopword(w) and set(stems(w)) & query.marks:
            spans.append((start, end))
    for name in names:
        n = len(name)
        for i in range(len(folded) - n + 1):
            if folded[i:i + n] == name:
                spans.append((ws[i][0], ws[i + n - 1][1]))
    if not spans:
        cut = text[:width]
        return html.escape(cut + ("…" if len(text) > width else ""))
    # Choose the window of `width` characters with the most distinct matched words, aligned to a sentence start.
    starts = [0] + [m.end() for m in _SENTENCE.finditer(text)]
    best, best_score = 0, -1.0
    for s in starts:
        inside = {fold_word(text[a:b]) for a, b in spans if s <= a and b <= s + width}
        score = len(inside) - s / max(1, len(text)) * 0.01
        if score > best_score:
            best, best_score = s, score
    end = min(len(text), best + width)
    if end < len(text):
        space = text.rfind(" ", best, end)
        end = space if space > best + width // 2 else end
    out: list[str] = ["…" if best > 0 else ""]
    pos = best
    for a, b in sorted(set(spans)):
        if a < pos or b > end:
            continue
        out.append(html.escape(text[pos:a]))
        out.append(f"<mark>{html.escape(text[a:b])}</mark>")
        pos = b
    out.append(html.escape(text[pos:end]))
    if end < len(text):
        out.append("…")
    return "".join(out).replace("\n", " ")
