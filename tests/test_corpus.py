"""The rules corpus: every canonical entry, verbatim, and every rule section, citable."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from conftest import ROOT, SHARED

EXPECTED_COUNTS = {"KF172": 246, "KF11/KF13": 43, "MYL": 193, "GP": 188}
SEEDS = SHARED / "seeds"


def _family(entry_id: str) -> str:
    head = entry_id.split("-")[0]
    return "KF11/KF13" if head in ("KF11", "KF13") else head


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_exactly_the_670_canonical_entries(corpus):
    counts = Counter(_family(i) for i in corpus.entries)
    assert dict(counts) == EXPECTED_COUNTS
    assert len(corpus.entries) == 670


def test_the_entries_by_game_read_from_the_folders_agree_with_the_corpus(corpus):
    from judge.corpus import entry_games

    assert entry_games() == {e.id: corpus.documents[e.document].game for e in corpus.entries.values()}


@pytest.mark.skipif(not (SHARED / "reference" / "faq").is_dir(), reason="the shared reference extraction is not beside the project")
def test_ids_match_the_reference_extraction(corpus):
    ids = {e["id"] for f in (SHARED / "reference" / "faq").glob("*.json") for e in json.loads(f.read_text())}
    assert set(corpus.entries) == ids


def test_every_entry_has_text_and_metadata(corpus):
    for entry in corpus.entries.values():
        assert entry.answer, entry.id
        assert entry.document in corpus.documents, entry.id
        assert entry.lines, entry.id
        assert entry.kind in {"faq", "erratum", "order", "rule", "example"}, entry.id


def test_the_last_entry_of_the_13_rulebook_keeps_its_answer(corpus):
    # The 1.3 document ends with this answer, on its last line (no newline after it): it is easy to lose.
    entry = corpus.entries["KF13-FAQ-29"]
    assert entry.question and entry.answer.startswith("Sim. O efeito de Plano Magistral")


def _seed_text(corpus, document):
    return (SEEDS / corpus.documents[document].seed).read_text(encoding="utf-8")


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside the project")
def test_entry_text_is_verbatim_from_its_seed(corpus):
    folded = {d: _fold(_seed_text(corpus, d)) for d in corpus.documents if corpus.documents[d].seed}
    for entry in corpus.entries.values():
        seed = folded[entry.document]
        for part in (entry.question, entry.answer):
            for paragraph in filter(None, (p.strip() for p in part.split("\n\n"))):
                assert _fold(paragraph) in seed, f"{entry.id}: {paragraph[:80]!r} is not in the seed"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside the project")
def test_sections_are_verbatim_seed_lines(corpus):
    lines = {d: _seed_text(corpus, d).split("\n") for d in corpus.documents if corpus.documents[d].seed}
    for section in corpus.sections.values():
        if section.document not in lines:
            assert not section.lines, f"{section.citation}: a decision of the project quotes no seed lines"
            continue
        seed = lines[section.document]
        expected = [seed[n - 1].rstrip() for n in section.lines if seed[n - 1].strip()]
        body = [p for p in section.text.split("\n\n") if p.strip()]
        assert body == expected, section.citation


def test_sections_do_not_overlap_and_parents_exist(corpus):
    for document in corpus.documents:
        used: dict[int, str] = {}
        for section in corpus.sections_of(document):
            for n in section.lines:
                assert n not in used, f"{section.citation} and {used[n]} share line {n}"
                used[n] = section.citation
            if section.parent:
                assert f"{document}#{section.parent}" in corpus.sections, section.citation


def test_every_document_has_rule_sections(corpus):
    counts = Counter(s.document for s in corpus.sections.values())
    assert set(counts) == set(corpus.documents)
    # Every numbered G&P rule and every KeyForge resolution-order row is its own section.
    assert counts["gyp-reglas-1"] >= 330
    for row in ("order.play.1", "order.fight.5", "order.damage.4", "order.destroyed.3", "order.reap.2"):
        assert f"keyforge-17.2#{row}" in corpus.sections


def test_keyforge_concepts_are_shared_across_versions(corpus):
    import tomllib

    concepts = tomllib.loads((ROOT / "rulings" / "keyforge-concepts.toml").read_text(encoding="utf-8"))
    for key, names in concepts.items():
        docs = [d for d in names if d.startswith("keyforge-")]
        assert docs, key
        for d in docs:
            assert f"{d}#{key}" in corpus.sections, f"{key} is listed for {d} but has no section there"
    for d in ("keyforge-17.2", "keyforge-1.3", "keyforge-1.1"):
        for s in corpus.sections_of(d):
            if ".example-" not in s.id and not s.id.startswith("order"):
                assert s.id in concepts, f"{s.citation} is missing from keyforge-concepts.toml"


def test_older_keyforge_entries_say_what_17_2_did_with_them(corpus):
    for entry in corpus.entries.values():
        if entry.document in ("keyforge-1.1", "keyforge-1.3"):
            assert len(entry.relations) == 1, entry.id
            relation = entry.relations[0]
            assert relation.kind in {"confirmed", "changed", "dropped", "unclear"}, entry.id
            if relation.kind != "dropped":
                assert relation.by, entry.id
            for target in relation.by:
                assert corpus.has(target), f"{entry.id} points at {target}, which does not exist"


def test_overturned_rulings_are_marked_changed(corpus):
    for entry_id in ("KF11-FAQ-01", "KF11-FAQ-02", "KF11-FAQ-06", "KF11-FAQ-07", "KF11-FAQ-08", "KF13-FAQ-06", "KF13-FAQ-14"):
        assert corpus.entries[entry_id].relations[0].kind == "changed", entry_id


def test_citations_resolve(corpus):
    section = corpus.resolve("keyforge-17.2#elusive")
    assert section.title.upper().startswith("ELUSIVO")
    assert corpus.resolve("KF172-GEN-39").id == "KF172-GEN-39"
    assert not corpus.has("keyforge-17.2#no-such-section")
    assert not corpus.has("KF172-GEN-999")


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not beside the project")
def test_a_documents_index_names_the_seed_line_each_part_starts_at(corpus):
    for doc in corpus.documents.values():
        if not doc.seed:  # the project's own documents (myl-decisiones) have no seed and no index
            continue
        seed = _seed_text(corpus, doc.id).split("\n")
        pages = [page for _, page, _ in doc.contents]
        assert pages == sorted(pages), doc.id
        for title, page, line in doc.contents:
            # The part starts at a heading: its own title (17.2) or the first heading inside it (1.1, 1.3).
            heading = seed[line - 1].strip().lstrip("# ")
            assert heading.isupper() and len(heading) < 80, (doc.id, title, line)
            index = [n for n, text in enumerate(seed, 1) if n < line and _fold(title).casefold() in text.casefold()
                     and str(page) in text]
            assert index, f"{doc.id}: the index does not give page {page} to {title!r}"
