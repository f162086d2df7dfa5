"""The search index: folding, stemming, card names across languages, snippets, filters, and rebuilding without
touching the judges' saved boards."""

from __future__ import annotations

import pytest

from judge import db


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    database = db.connect(tmp_path_factory.mktemp("search") / "judge.sqlite")
    db.migrate(database)
    db.build(database)
    yield database
    database.conn.close()


def ids(database, q, n=10, **filters):
    return [h.id for h in db.search(database, q, limit=n, **filters)]


def test_fold_removes_case_accents_and_ligatures():
    assert db.fold("Æmbar ACCIÓN Ñandú") == "aembar accion nandu"


@pytest.mark.parametrize("a, b", [("destruida", "destruidas"), ("criatura", "criaturas"), ("cosechar", "cosecha"),
                                  ("acción", "acciones"), ("ativa", "ativar"), ("luchar", "lucha"),
                                  ("destruído", "destruido"), ("ações", "acoes")])
def test_word_forms_share_a_stem(a, b):
    assert set(db.stems(a)) & set(db.stems(b))


@pytest.mark.parametrize("a, b", [
    # regular verbs Snowball cuts apart: present, subjunctive, future without its accent, a pronoun written on
    ("dispara", "dispare"), ("dispara", "disparar"), ("prepara", "preparen"), ("elegirse", "elegir"),
    # spelling that changes before another vowel
    ("ataque", "atacar"), ("juegue", "juega"), ("elija", "elige"), ("destruye", "destruir"), ("empiece", "empieza"),
    # stem-changing and irregular verbs of the documents, in Spanish and Portuguese
    ("resuelvan", "resolver"), ("resuelto", "resolver"), ("puede", "poder"), ("pudo", "podrá"), ("possa", "pode"),
    ("elige", "elegir"), ("juega", "jugar"), ("vuelve", "volver"), ("devuelva", "devolver"), ("tenga", "tener"),
    ("obtiene", "obtener"), ("sigue", "seguir"), ("impida", "impedir"), ("haga", "hacer"), ("faça", "fazer")])
def test_forms_of_a_verb_share_a_root(a, b):
    assert set(db.stems(a)) & set(db.stems(b)), (db.stems(a), db.stems(b))


def test_a_word_is_not_read_as_a_verb_it_is_not():
    """Only the verbs listed change their root with the stress; a root a regular ending leaves is Snowball's own,
    and is not added twice."""
    from judge.db.verbs import verb_roots

    assert not set(db.stems("puerta")) & set(db.stems("portar"))
    assert not set(db.stems("fuerza")) & set(db.stems("forzar"))
    assert verb_roots("orden") == verb_roots("habilidades") == verb_roots("destruida") == ()


def test_stopwords_are_not_indexed():
    assert db.stemmed_text("el de la que") == ""
    assert db.stemmed_text("la X del coste") != ""


def test_accents_do_not_matter(database):
    assert ids(database, "accion coordinada")[:3] == ids(database, "Acción Coordinada")[:3]


@pytest.mark.parametrize("name", ["Duskwitch", "Bruxa do Crepúsculo", "BRUJA DEL OCASO", "bruja del ocaso"])
def test_a_card_in_any_language_finds_the_entries_that_name_it(database, name):
    found = ids(database, name, 12)
    assert {"KF172-CARD-17", "KF172-ERR-07", "KF172-GEN-64"} <= set(found)


def test_card_names_of_the_portuguese_document(database):
    assert {"KF13-FAQ-01", "KF13-ERR-03"} <= set(ids(database, "Bait and Switch", 8))


def test_snippet_highlights_the_matching_words_in_the_verbatim_text(database):
    hit = db.search(database, "elusivo dañino", limit=1)[0]
    assert "<mark>Elusivo</mark>" in hit.snippet and "<mark>Dañino</mark>" in hit.snippet


def test_snippet_escapes_html():
    query = db.Query("x", marks={"script"})
    out = db.snippet("<script>alert(1)</script> script", query)
    assert "<script>" not in out and "&lt;" in out


def test_filters(database):
    assert set(ids(database, "daño", 20, game="gobierno-y-prestigio")) <= {
        h.id for h in db.search(database, "daño", limit=200, game="gobierno-y-prestigio")}
    only_13 = ids(database, "criatura", 20, document="keyforge-1.3")
    assert only_13 and all(i.startswith(("KF13-", "keyforge-1.3#")) for i in only_13)
    sections = ids(database, "elusivo", 20, type="section")
    assert sections and all("#" in i for i in sections)
    assert "KF172-GEN-44" in ids(database, "", 50, concept="elusive")
    assert set(ids(database, "", 50, card="duskwitch")) >= {"KF172-CARD-17", "KF172-GEN-64"}
    assert ids(database, "", 5, section="faq-card", document="keyforge-17.2")[0].startswith("KF172-CARD-")


def test_exact_ids_come_first(database):
    assert ids(database, "KF13-FAQ-17")[0] == "KF13-FAQ-17"
    assert ids(database, "keyforge-17.2#elusive")[0] == "keyforge-17.2#elusive"


def test_paging(database):
    first = ids(database, "criatura destruida", 10)
    second = [h.id for h in db.search(database, "criatura destruida", limit=10, offset=10)]
    assert first and second and not set(first) & set(second)


def test_rebuilding_keeps_the_saves_and_the_counts(database):
    sid = db.save(database, {"position": {}, "plays": []}, ruleset="keyforge-17.2")
    before = ids(database, "gato por liebre")
    assert db.build(database) == {"documents": database["documents"].count, "sections": database["sections"].count, "entries": 670}
    assert db.load_save(database, sid) is not None
    assert ids(database, "gato por liebre") == before


def test_a_database_from_an_older_build_is_rebuilt(tmp_path):
    database = db.connect(tmp_path / "old.sqlite")
    db.migrate(database)
    sid = db.save(database, {"position": {}, "plays": []}, ruleset="keyforge-17.2")
    database.execute("CREATE TABLE IF NOT EXISTS entries (id TEXT)")
    database.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema', 'ancient')")
    database.conn.commit()
    db.ensure_built(database)
    assert db.is_built(database) and database["entries"].count == 670
    assert db.load_save(database, sid) is not None
    database.conn.close()


def test_save_ids_are_short_and_checked():
    sid = db.new_save_id()
    assert db.SAVE_ID.match(sid) and len(sid) == 8
    assert not db.SAVE_ID.match("../etc")
