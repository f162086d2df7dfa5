"""The pages a judge opens: the oracle (front page, search, rulings, rule sections, documents), the board page and
the language switch, in Spanish and English."""

from __future__ import annotations

import re

import pytest


@pytest.fixture
def client(module_app):
    return module_app.test_client()


def text(response) -> str:
    return response.get_data(as_text=True)


def test_front_page_lists_the_documents(client):
    page = client.get("/")
    assert page.status_code == 200
    html = text(page)
    assert "Reglamento maestro" in html and "Gobierno &amp; Prestigio" in html
    assert 'action="/rulings"' in html


def test_search_from_the_front_page(client):
    html = text(client.get("/?q=Gato por Liebre"))
    assert "KF11-FAQ-01" in html


def test_search_page_ranks_and_highlights(client):
    html = text(client.get("/rulings?q=elusivo dañino"))
    ids = re.findall(r'<li class="result result-\w+" data-id="([^"]+)"', html)
    assert ids[0] == "KF172-GEN-44"
    assert "<mark>Elusivo</mark>" in html or "<mark>elusivo</mark>" in html


@pytest.mark.parametrize("query", ["Duskwitch", "Bruxa do Crepúsculo", "bruja del ocaso"])
def test_a_card_named_in_any_language_finds_its_entries(client, query):
    html = text(client.get("/rulings", query_string={"q": query}))
    ids = re.findall(r'data-id="([^"]+)"', html)
    assert "KF172-CARD-17" in ids[:10] and "KF172-ERR-07" in ids[:10]


def test_search_filters(client):
    html = text(client.get("/rulings?q=cementerio&game=mitos-y-leyendas"))
    ids = re.findall(r'data-id="([^"]+)"', html)
    assert ids and all(i.startswith(("MYL-", "myl-")) for i in ids)
    html = text(client.get("/rulings?card=Duskwitch"))
    ids = re.findall(r'data-id="([^"]+)"', html)
    assert "KF172-GEN-64" in ids
    html = text(client.get("/rulings?concept=elusive&document=keyforge-17.2"))
    assert "KF172-GEN-44" in html


def test_search_without_results_says_so(client):
    html = text(client.get("/rulings?q=zzzqqqxxy"))
    assert "Ninguna entrada" in html


def test_a_ruling_page_shows_the_verbatim_text_and_its_metadata(client):
    html = text(client.get("/rulings/KF172-GEN-39"))
    assert "Mi oponente tiene a Ser Marrows 223 en juego" in html
    assert "Reglamento maestro" in html and "17.2" in html and "2023-10" in html
    assert "1874, 1876" in html  # seed lines
    assert 'href="/board?scenario=KF172-GEN-39"' in html and 'href="/board?scenario=KF172-GEN-39-contrast"' in html


def test_markdown_is_rendered_and_sanitised(client):
    html = text(client.get("/rulings/KF11-FAQ-03"))
    assert "<strong>Es el primer turno" in html


def test_an_older_ruling_shows_what_17_2_says_side_by_side(client):
    html = text(client.get("/rulings/KF11-FAQ-03"))
    assert "Confirmada por" in html
    assert 'href="/rulings/KF172-GEN-82"' in html
    assert html.count('class="side"') >= 2
    assert 'href="/rules/keyforge-17.2/first-turn-rule"' in html


def test_a_17_2_ruling_lists_the_older_answers_it_confirms_or_changes(client):
    html = text(client.get("/rulings/KF172-GEN-82"))
    assert 'href="/rulings/KF11-FAQ-03"' in html


def test_related_entries_by_card_and_concept(client):
    html = text(client.get("/rulings/KF172-CARD-55"))
    assert 'href="/rulings/KF13-FAQ-01"' in html  # the same card, named in Portuguese
    assert "Mismo concepto" in html


def test_rule_section_page(client):
    html = text(client.get("/rules/keyforge-17.2/elusive"))
    assert "ELUSIVO" in html and "keyforge-17.2#elusive" in html
    assert 'href="/rules/keyforge-1.1/elusive"' in html  # the same rule in the other rulebooks


def test_every_cited_section_has_a_page(client):
    from judge.corpus import load

    corpus = load()
    for citation in list(corpus.sections)[::40]:
        doc, _, sid = citation.partition("#")
        assert client.get(f"/rules/{doc}/{sid}").status_code == 200, citation


def test_document_page(client):
    html = text(client.get("/documents/myl-pe-faq-2024"))
    assert "Mitos y Leyendas" in html and "MYL-CARD-41" in html


@pytest.mark.parametrize("url", ["/rulings/KF999-NOPE-1", "/rules/keyforge-17.2/nope", "/documents/nope",
                                 "/nope", "/b/zzzzzzzz"])
def test_unknown_pages_are_404_pages(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "<html" in text(response)


def test_board_page(client):
    html = text(client.get("/board?scenario=KF172-GEN-39"))
    assert 'id="board-config"' in html and "KF172-GEN-39" in html
    assert 'type="module" src="/static/board/main.js"' in html


def test_language_follows_the_browser(client):
    english = text(client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}))
    assert '<html lang="en">' in english and "Documents in the corpus" in english
    spanish = text(client.get("/", headers={"Accept-Language": "es-AR,es;q=0.9"}))
    assert '<html lang="es">' in spanish and "Documentos del corpus" in spanish
    assert '<html lang="es">' in text(client.get("/", headers={"Accept-Language": "de"}))


def test_language_switch_persists(client):
    response = client.get("/lang/en?next=/rulings/KF172-GEN-39")
    assert response.status_code == 302 and response.headers["Location"].endswith("/rulings/KF172-GEN-39")
    assert "lang=en" in response.headers["Set-Cookie"]
    html = text(client.get("/rulings/KF172-GEN-39", headers={"Accept-Language": "es"}))
    assert '<html lang="en">' in html and "Replay on the board" in html


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example/", "\\\\evil"])
def test_language_switch_never_redirects_off_site(client, target):
    response = client.get("/lang/es", query_string={"next": target})
    assert response.headers["Location"] in ("/", "http://localhost/")


def test_every_message_exists_in_both_languages():
    from judge.web.i18n import LANGUAGES, MESSAGES

    for key, texts in MESSAGES.items():
        for lang in LANGUAGES:
            assert texts.get(lang), f"{key} has no {lang} text"


def test_templates_use_only_known_messages():
    from conftest import ROOT

    from judge.web.i18n import MESSAGES

    used = set()
    for path in (ROOT / "templates").rglob("*.html"):
        used |= set(re.findall(r"_\('([a-z0-9_.\-]+)'", path.read_text(encoding="utf-8")))
    for path in (ROOT / "judge" / "web" / "static").rglob("*.js"):
        used |= set(re.findall(r'M\("([a-z0-9_.\-]+)"', path.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith(".")}  # prefixes completed at run time ("board.zone." + zone)
    assert used and not (used - set(MESSAGES)), sorted(used - set(MESSAGES))


def test_health(client):
    assert client.get("/healthz").get_json() == {"ok": True, "entries": 670}


def test_no_page_loads_anything_from_outside(client):
    for url in ("/", "/rulings?q=elusivo", "/rulings/KF172-GEN-39", "/board"):
        html = text(client.get(url))
        assert not re.search(r'(src|href)="(https?:)?//', html), url


@pytest.mark.parametrize("game", ["keyforge", "mitos-y-leyendas", "gobierno-y-prestigio"])
def test_every_word_of_a_board_has_a_label_in_both_languages(game):
    """Zones, card states, player and game values, card facts, what waits on a stack and the verbs: the board shows
    each by its label, so a new word of a game's schema needs one."""
    from judge import rulesets
    from judge.web.i18n import MESSAGES

    schema = next(r for r in rulesets.all_rulesets() if r.game == game).schema()
    words = [f"board.zone.{z}" for z in schema["zones"]] + [f"board.state.{k}" for k in schema["card_state"]]
    words += [f"board.value.{f['key']}" for f in schema["player_fields"] + schema["game_fields"]]
    words += [f"board.field.{f['key']}" for f in schema["card_fields"]]
    words += [f"board.stack_kind.{k}" for k in schema["stack_kinds"]] + [f"verb.{v}" for v in schema["verbs"]]
    words += [f"board.attached.{schema['attached']}", f"board.attach.{schema['attached']}", f"game.{game}"]
    assert [w for w in words if w not in MESSAGES] == []


def test_the_search_filter_names_each_game(client):
    html = text(client.get("/rulings?q=cementerio"))
    options = re.findall(r'<option value="([a-z-]+)"[^>]*>([^<]+)</option>', html)
    names = dict(options)
    assert names["mitos-y-leyendas"] == "Mitos y Leyendas"
    assert names["gobierno-y-prestigio"] == "Gobierno &amp; Prestigio"
    assert names["keyforge"] == "KeyForge"
