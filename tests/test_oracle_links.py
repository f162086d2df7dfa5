"""Rulings link to the rule sections they involve and back; page references are links; pages are shown where the
rulebook prints them; a superseded or stub text says what replaces it or where it points — and every link works.
"""

from __future__ import annotations

import re

import pytest

from judge import db
from judge.corpus.annotate import annotate
from judge.corpus.pages import label


@pytest.fixture(scope="module")
def notes(corpus):
    return annotate(corpus)


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from judge.web import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("links") / "judge.sqlite")})
    return app.test_client()


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


def test_every_entry_involves_rule_sections_that_exist(corpus, notes):
    for entry in corpus.entries.values():
        links = notes.links[entry.id]
        assert links, f"{entry.id} links to no rule section"
        assert all(c in corpus.sections for c in links), entry.id


def test_every_ruling_page_lists_its_rule_sections_and_the_links_work(client, corpus, notes):
    assert len(corpus.entries) == 670
    assert {corpus.documents[e.document].game for e in corpus.entries.values()} == {
        "keyforge", "mitos-y-leyendas", "gobierno-y-prestigio"}
    shown: set[str] = set()
    targets: set[str] = set()
    for entry_id in corpus.entries:
        url = f"/rulings/{entry_id}"
        html = page(client, url)
        shown.add(url)
        block = html[html.index('<section class="rules-involved">'):]
        block = block[:block.index("</section>")]
        hrefs = re.findall(r'href="(/rules/[^"]+)"', block)
        expected = [f"/rules/{c.replace('#', '/', 1)}" for c in notes.links[entry_id]]
        assert hrefs == expected, entry_id
        # Every link of the page to the oracle's own pages: the rules involved, the page references, the
        # superseded and current texts, the relations, the related rulings, the document.
        targets.update(re.findall(r'href="(/(?:rulings|rules|documents)/[^"#?]+)"', html))
    assert any(t.startswith("/rules/myl-") for t in targets) and any(t.startswith("/rules/gyp-") for t in targets)
    for url in sorted(targets - shown):
        page(client, url)


def test_a_section_lists_the_rulings_that_involve_it(client, notes):
    involving = [e for e, links in notes.links.items() if "keyforge-17.2#capture" in links]
    html = page(client, "/rules/keyforge-17.2/capture")
    for entry_id in involving:
        assert f'href="/rulings/{entry_id}"' in html
    assert 'href="/rulings/GP-RULE-014"' in page(client, "/rules/gyp-reglas-1/103.1.a")


def test_page_references_are_links_to_the_section_that_holds_the_term(client):
    html = page(client, "/rulings/KF172-GEN-31")
    assert '<a class="ref" href="/rules/keyforge-17.2/destroyed">la página 12</a>' in html
    assert '<a class="ref" href="/rules/keyforge-17.2/leaves-play">la página 7</a>' in html
    html = page(client, "/rules/keyforge-17.2/capture-bonus-icon")
    assert '<a class="ref" href="/rules/keyforge-17.2/bonus-icons">la página 16</a>' in html
    html = page(client, "/rulings/KF13-FAQ-10")  # Portuguese: "consulte “Destruído” na Página 10"
    assert 'href="/rules/keyforge-1.3/destroyed"' in html


def test_every_reference_link_of_every_text_works(client):
    database = db.connect(":memory:")
    db.build(database)
    targets = {t for (t,) in database.execute("SELECT DISTINCT target FROM refs")}
    database.conn.close()
    assert len(targets) > 20
    for target in sorted(targets):
        page(client, "/rules/" + target.replace("#", "/", 1))


def test_pages_come_from_the_documents_index_and_own_page_references(notes):
    assert label(notes.pages["keyforge-17.2#fight"]) == "18"  # "Consulta “Luchar” en la página 18"
    assert label(notes.pages["keyforge-17.2#bonus-icons"]) == "16"
    assert label(notes.pages["keyforge-17.2#chains"]) == "9"
    assert label(notes.pages["keyforge-17.2#setup"]) == "4"  # the index: PREPARACIÓN 4
    assert label(notes.pages["KF172-GEN-39"]) == "26–33"  # the general FAQ, pages 26 to 33
    assert label(notes.pages["keyforge-1.3#destroyed"]) == "10"
    assert not any(ref.startswith(("gyp-", "GP-", "myl-", "MYL-")) for ref in notes.pages)  # no page numbers


def test_pages_never_go_back_as_the_document_goes_on(corpus, notes):
    for doc in ("keyforge-17.2", "keyforge-1.1", "keyforge-1.3"):
        starts = sorted((min(s.lines), notes.pages[s.citation][0]) for s in corpus.sections_of(doc)
                        if s.citation in notes.pages)
        pages = [p for _, p in starts]
        assert pages == sorted(pages), doc


def test_ruling_and_section_pages_show_the_rulebook_page(client):
    assert "pág. 21" in page(client, "/rules/keyforge-17.2/rule-of-six")
    assert "pág. 26–33" in page(client, "/rulings/KF172-GEN-39")
    assert "pág." not in page(client, "/rulings/MYL-CARD-41").split('<main')[1].split("</main>")[0]


def test_a_superseded_ruling_names_the_current_text(client, notes):
    html = page(client, "/rulings/KF13-FAQ-11")
    assert 'class="superseded"' in html and 'href="/rulings/KF172-GEN-11"' in html
    html = page(client, "/rules/keyforge-1.1/use-creatures.reap")
    assert 'class="superseded"' in html and 'href="/rules/keyforge-17.2/reap"' in html
    assert 'class="superseded"' not in page(client, "/rules/keyforge-17.2/reap")
    assert notes.current["keyforge-1.3#chains-overview"] == "keyforge-17.2#chains"


def test_search_results_link_what_replaces_them_where_they_point_and_what_they_fold(client):
    html = page(client, "/rulings?q=aturdir")
    assert 'class="superseded" data-current="keyforge-17.2#stun"' in html
    html = page(client, "/rulings?q=capturar")
    assert 'class="points-to">Remite a <a href="/rules/keyforge-17.2/bonus-icons">' in html
    html = page(client, "/rulings?q=adelanto de shylock")
    assert re.search(r'class="aspects">[^<]*<a href="/rulings/GP-RULE-014">GP-RULE-014</a>', html)
    assert len(re.findall(r'data-id="gyp-reglas-1#103.1.a"', html)) == 1


def test_the_api_says_what_a_result_stands_for(client):
    data = client.get("/api/rulings/search", query_string={"q": "adelanto de shylock", "limit": 3}).get_json()
    first = data["results"][0]
    assert first["id"] == "gyp-reglas-1#103.1.a" and "GP-RULE-015" in first["aspects"]
    data = client.get("/api/rulings/search", query_string={"q": "atordoar", "limit": 10}).get_json()
    old = next(r for r in data["results"] if r["document"] == "keyforge-1.3")
    assert old["superseded"] and old["current"]["id"].startswith(("keyforge-17.2", "KF172-"))


def test_every_superseded_result_of_a_page_links_to_the_current_text(client):
    labelled = 0
    for q in ("aturdir", "atordoar", "capturar", "cadenas", "forjar", "regra dos seis", "cosechar"):
        html = page(client, f"/rulings?q={q}")
        for item in re.findall(r'<li class="result[^"]*superseded-result".*?</li>', html, re.S):
            labelled += 1
            label = re.search(r'<p class="superseded" data-current="([^"]+)">[^<]*<a href="([^"]+)"', item)
            assert label, (q, item[:200])
            page(client, label.group(2))
    assert labelled >= 10
