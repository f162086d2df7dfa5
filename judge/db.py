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
import re
import secrets
import sqlite3
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

import snowballstemmer
import sqlite_utils
from sqlite_utils.migrations import Migrations

from judge.corpus import Corpus

# remove_diacritics 2 makes "accion" find "acción" and "Æmbar"-style text searchable without accents.
FTS_TOKENIZE = "unicode61 remove_diacritics 2"
SCHEMA_VERSION = "4"
"""Bump when the corpus tables or the analyzer change: the next start rebuilds them."""

migrations = Migrations("judge")


@migrations(name="0001_saves")
def _create_saves(db: sqlite_utils.Database) -> None:
    """Saved boards: a position, the plays made on it and their answers, behind a short permalink."""
    db["saves"].create({"id": str, "created": str, "ruleset": str, "title": str, "payload": str}, pk="id")


@migrations(name="0002_meta")
def _create_meta(db: sqlite_utils.Database) -> None:
    """Build bookkeeping: which schema and which files the corpus tables were built from."""
    db["meta"].create({"key": str, "value": str}, pk="key")


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
_LIGATURES = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o"})

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


def fold(text: str) -> str:
    """Lower case, no accents, ligatures spelled out: ``Æmbar`` → ``aembar``, ``Acción`` → ``accion``."""
    text = text.translate(_LIGATURES)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[tuple[int, int, str]]:
    """Every word of ``text`` with its span in the original string and its lower-case form."""
    return [(m.start(), m.end(), m.group().lower()) for m in _WORD.finditer(text)]


@functools.lru_cache(maxsize=65536)
def stems(word: str) -> tuple[str, ...]:
    """The folded Spanish and Portuguese stems of one lower-case word (and of its unaccented spelling).

    Stemming both the accented and the unaccented form makes a query typed without accents meet the text
    printed with them: ``destruido`` and ``destruído`` share a stem.
    """
    folded = fold(word)
    if folded.isdigit():
        return (folded,)
    out = {folded} if len(folded) <= 3 else set()
    for lang in ("spanish", "portuguese"):
        stemmer = _STEMMERS[lang]
        out.add(fold(stemmer.stemWord(word)))
        out.add(fold(stemmer.stemWord(folded)))
    out.discard("")
    return tuple(sorted(out))


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
    ("use", "usar", "uso"), ("play", "jugar", "juega", "jogar"), ("discard", "descartar", "descarte"),
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
    ("castle", "castillo"), ("strength", "fuerza"), ("ability", "habilidad", "habilidade"),
    ("triggered", "disparada"), ("activated", "activada"), ("prevent", "prevenir", "prevención"),
    ("race", "raza"), ("aura", "aura"), ("defense", "defensa"), ("block", "bloquear", "bloqueo"),
    ("subject", "súbdito"), ("order-card", "orden"), ("stack", "pila"), ("priority", "prioridad"),
    ("prestige", "prestigio"), ("government", "gobierno"), ("effect", "efecto", "efeito"),
    ("counterspell", "anular"), ("phase", "fase"), ("step", "paso", "etapa"),
    ("same time", "mismo tiempo", "mesmo tempo", "simultáneamente"), ("decide", "decidir", "decisión", "decisão"),
    ("both", "ambos", "ambas"), ("each", "cada"), ("again", "otra vez", "de nuevo", "novamente"),
    ("under", "debajo", "sob"), ("top", "superior", "encima", "topo"), ("bottom", "fondo", "fundo"),
    ("next", "siguiente", "próximo"), ("previous", "anterior"), ("enters play", "entra en juego", "entra em jogo"),
    ("leaves play", "abandona el juego", "sai de jogo"), ("ready", "preparado", "preparada", "preparar"),
    ("search", "buscar", "procurar"), ("reveal", "revelar"), ("pay", "pagar"), ("neighbors", "adyacentes", "vizinhos"),
    ("adjacent", "adyacente", "adjacente"), ("prevent", "evitar", "impedir"), ("win", "ganar", "vencer"),
    ("owner", "propietario", "dono"), ("controller", "controlador"), ("exalt", "exaltar"),
)
"""A small bilingual thesaurus of the games' own words; the rule sections add the rest (see :func:`_terms`)."""


def _title_alternatives(title: str) -> list[str]:
    title = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", title)
    parts = re.split(r"[,/]|\by\b|\be\b", title)
    out = []
    for p in parts:
        p = re.sub(r"[\"“”«»:¡!¿?]", " ", p).strip()
        if p and 1 <= len(p.split()) <= 4:
            out.append(p)
    return out


def _terms(corpus: Corpus) -> list[list[str]]:
    """Synonym groups: each KeyForge rule section's language-neutral key with its titles in es and pt, plus the
    glossary. ``elusive`` ↔ ``ELUSIVO`` ↔ ``ESQUIVO``; ``hazardous`` ↔ ``DAÑINO (X)`` ↔ ``PERIGO (X)``."""
    groups: dict[str, set[str]] = {}
    for s in corpus.sections.values():
        doc = corpus.documents[s.document]
        if doc.game != "keyforge" or "." in s.id or len(s.id) < 3:
            continue
        group = groups.setdefault(s.id, {s.id.replace("-", " ")})
        group.update(_title_alternatives(s.title))
    out = [sorted(g) for g in groups.values()]
    out.extend(list(g) for g in GLOSSARY)
    return out


# Building ---------------------------------------------------------------------------------------------------

_CORPUS_TABLES = ("documents", "sections", "entries", "entry_cards", "entry_concepts", "relations",
                  "card_names", "terms", "search_docs")
_FTS_TABLES = ("sections_fts", "entries_fts", "search_fts")

_DDL = """
CREATE TABLE IF NOT EXISTS documents (id TEXT PRIMARY KEY, game TEXT, title TEXT, version TEXT, date TEXT,
  language TEXT, publisher TEXT, note TEXT, superseded_by TEXT);
CREATE TABLE IF NOT EXISTS sections (citation TEXT PRIMARY KEY, document TEXT, id TEXT, title TEXT, text TEXT,
  part TEXT, parent TEXT, lines TEXT, game TEXT, position INTEGER);
CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, document TEXT, game TEXT, kind TEXT, section TEXT,
  title TEXT, question TEXT, answer TEXT, note TEXT, cards TEXT, concepts TEXT, lines TEXT, sections TEXT,
  relations TEXT, meta TEXT, position INTEGER);
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
CREATE TABLE IF NOT EXISTS search_docs (rowid INTEGER PRIMARY KEY, type TEXT, ref TEXT, game TEXT,
  document TEXT, section TEXT, kind TEXT, title TEXT, body TEXT, concepts TEXT, cards TEXT);
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
    roots = [Path(corpus.root)]
    try:
        from judge.games.keyforge.catalog import CARDS_DIR

        roots.append(Path(CARDS_DIR))
    except Exception:
        pass
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in (".md", ".toml")):
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
    cards = _catalog_cards()
    fingerprint = _files_fingerprint(corpus)
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with exclusive(db):
        _drop_if_old_schema(db)
        conn.execute("BEGIN IMMEDIATE")
        try:
            _fill(conn, corpus, cards)
            conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            conn.executemany("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             [("schema", SCHEMA_VERSION), ("fingerprint", fingerprint)])
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    _cached_vocabulary.cache_clear()
    return {name: db[name].count for name in ("documents", "sections", "entries")}


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


def _fill(conn: sqlite3.Connection, corpus: Corpus, cards: list[Any]) -> None:
    for statement in _DDL.strip().split(";\n"):
        if statement.strip():
            conn.execute(statement)
    for name in (*_CORPUS_TABLES,):
        conn.execute(f"DELETE FROM [{name}]")
    conn.execute("DELETE FROM search_fts")
    docs = corpus.documents
    conn.executemany(
        "INSERT INTO documents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(d.id, d.game, d.title, d.version, d.date, d.language, d.publisher, d.note, d.superseded_by)
         for d in docs.values()])
    conn.executemany(
        "INSERT INTO sections VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(s.citation, s.document, s.id, s.title, s.text, s.part, s.parent, _ranges(s.lines),
          docs[s.document].game, i) for i, s in enumerate(corpus.sections.values())])
    conn.executemany(
        "INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(e.id, e.document, docs[e.document].game, e.kind, e.section, e.title, e.question, e.answer, e.note,
          "\n".join(e.cards), " ".join(e.concepts), _ranges(e.lines), json.dumps(list(e.sections)),
          json.dumps([{"kind": r.kind, "by": list(r.by), "note": r.note} for r in e.relations], ensure_ascii=False),
          json.dumps(e.meta, ensure_ascii=False, default=str), i)
         for i, e in enumerate(corpus.entries.values())])
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
    _fill_search(conn, corpus, names, entry_cards)
    conn.execute("INSERT INTO sections_fts (sections_fts) VALUES ('rebuild')")
    conn.execute("INSERT INTO entries_fts (entries_fts) VALUES ('rebuild')")


def _ranges(lines: Iterable[int]) -> str:
    return ",".join(map(str, lines))


def _fill_search(conn: sqlite3.Connection, corpus: Corpus, names: dict[str, list[tuple[str, str]]],
                 entry_cards: list[tuple[str, str, str]]) -> None:
    docs = corpus.documents
    cards_of: dict[str, list[str]] = {}
    for entry, key, _ in entry_cards:
        cards_of.setdefault(entry, []).append(key)
    rows: list[tuple[Any, ...]] = []
    fts: list[tuple[Any, ...]] = []
    rowid = 0
    for s in corpus.sections.values():
        rowid += 1
        concepts = s.id if docs[s.document].game == "keyforge" else ""
        rows.append((rowid, "section", s.citation, docs[s.document].game, s.document, s.parent or s.id, "rule",
                     s.title, s.text, concepts, ""))
        fts.append((rowid, stemmed_text(s.title), "", english_text(concepts), stemmed_text(s.text)))
    for e in corpus.entries.values():
        rowid += 1
        body = "\n\n".join(p for p in (e.question, e.answer, e.note) if p)
        title = e.title if e.section in ("faq-general", "faq-card", "faq", "errata-card", "errata-general",
                                         "resolution-order") or e.title == e.section else f"{e.title} {e.section}"
        section_titles = " ".join(corpus.sections[c].title for c in e.sections if c in corpus.sections)
        section_keys = " ".join(c.partition("#")[2] for c in e.sections)
        keys = cards_of.get(e.id, [])
        card_text = " | ".join(folded_text(n) for k in keys for n, _ in names.get(k, ()))
        rows.append((rowid, "entry", e.id, docs[e.document].game, e.document, e.section, e.kind, e.title, body,
                     " ".join(e.concepts), "|" + "|".join(keys) + "|"))
        fts.append((rowid, stemmed_text(title), card_text,
                    english_text(" ".join(e.concepts) + " " + section_keys) + " " + stemmed_text(section_titles),
                    stemmed_text(body)))
    conn.executemany("INSERT INTO search_docs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO search_fts (rowid, title, cards, concepts, body) VALUES (?, ?, ?, ?, ?)", fts)


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

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "game": self.game, "document": self.document,
                "section": self.section, "kind": self.kind, "title": self.title, "snippet": self.snippet,
                "score": round(self.score, 4)}


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
    return Vocabulary(card_by_name, names_of, display, synonyms, longest, by_first, sorted(name_words))


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


def search(db: sqlite_utils.Database, text: str, *, game: str | None = None, document: str | None = None,
           section: str | None = None, concept: str | None = None, card: str | None = None,
           type: str | None = None, limit: int = 20, offset: int = 0) -> list[Hit]:
    """Rank entries and rule sections for ``text``, best first, each with its matching passage highlighted.

    Ranking is FTS5's bm25 over the stemmed columns (card names weigh most, then titles, concepts and text),
    re-scored by how many of the query's words a result covers and whether it names the cards of the query.
    An exact entry id or citation comes first. With an empty text, the filters alone list entries in order.
    """
    filters, params = _filters(game=game, document=document, section=section, concept=concept, card=card, type=type)
    text = (text or "").strip()
    exact: list[Hit] = []
    m = _ID_QUERY.match(text)
    if m:
        ref = m.group(1)
        row = db.execute("SELECT * FROM search_docs WHERE ref = ? COLLATE NOCASE" + "".join(
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
            f"SELECT * FROM search_docs WHERE {' AND '.join(filters)} ORDER BY type DESC, rowid LIMIT ? OFFSET ?",
            (*params, limit, offset)).fetchall()
        return [_hit(db, dict(zip(_DOC_COLUMNS, r)), query, 0.0) for r in rows]
    weights = ", ".join(str(WEIGHTS[c]) for c in ("title", "cards", "concepts", "body"))
    where = "".join(f" AND d.{f}" for f in filters)
    candidates = max(80, limit + offset + 40)
    try:
        rows = db.execute(
            f"SELECT d.*, bm25(search_fts, {weights}) AS rank, f.title, f.cards, f.concepts, f.body "
            f"FROM search_fts f JOIN search_docs d ON d.rowid = f.rowid "
            f"WHERE search_fts MATCH ?{where} ORDER BY rank LIMIT ?",
            (expression, *params, candidates)).fetchall()
    except sqlite3.OperationalError:
        return exact[offset:offset + limit]
    scored: list[tuple[float, dict[str, Any]]] = []
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
        scored.append((score, doc))
    scored.sort(key=lambda x: -x[0])
    seen = {h.id for h in exact}
    ranked = [(s, doc) for s, doc in scored if doc["ref"] not in seen]
    page = ranked[max(0, offset - len(exact)):max(0, offset + limit - len(exact))]
    return exact[offset:offset + limit] + [_hit(db, doc, query, s) for s, doc in page]


_DOC_COLUMNS = ("rowid", "type", "ref", "game", "document", "section", "kind", "title", "body", "concepts", "cards")


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
               snippet=snippet(doc["body"] or "", query), score=score)


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
