"""The practice pages: choose a session, answer a question with a plain form, read the reveal; nothing stored."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest


@pytest.fixture(scope="module")
def client(module_app):
    return module_app.test_client()


def text(response) -> str:
    return response.get_data(as_text=True)


def picks(html: str) -> list[str]:
    return re.findall(r'name="pick" value="([0-9a-f]+)"', html)


def test_the_home_page_links_the_practice_next_to_the_oracle_and_the_board(client):
    html = text(client.get("/"))
    nav = re.search(r'<nav aria-label="main">(.*?)</nav>', html, re.S).group(1)
    assert re.findall(r'href="(/[a-z]*)"', nav) == ["/rulings", "/board", "/practice"]
    assert 'id="open-practice" href="/practice"' in html


def test_the_practice_page_offers_each_game_with_its_topics_and_levels(client):
    html = text(client.get("/practice", headers={"Accept-Language": "en"}))
    for game in ("keyforge", "mitos-y-leyendas", "gobierno-y-prestigio"):
        assert f'id="start-{game}"' in html and f'id="topic-{game}"' in html
    assert "Replacement effects" in html and "123. Daño" in html
    assert html.count('name="level" value="3"') == 3
    assert "kept in this browser only" in html


def test_a_session_gets_a_seed_and_goes_to_its_first_question(client):
    first = client.get("/practice/next?game=mitos-y-leyendas&level=")
    assert first.status_code == 302
    seeded = parse_qs(urlsplit(first.headers["Location"]).query)
    assert seeded["game"] == ["mitos-y-leyendas"] and re.fullmatch(r"[0-9a-f]{8}", seeded["seed"][0])
    question = client.get(first.headers["Location"])
    assert question.status_code == 302 and "/practice/q/MYL-" in question.headers["Location"]
    assert parse_qs(urlsplit(question.headers["Location"]).query)["n"] == ["1"]


def test_next_counts_the_questions_of_a_session(client):
    start = client.get("/practice/next?game=keyforge&seed=abc").headers["Location"]
    sid = urlsplit(start).path.rsplit("/", 1)[1]
    following = client.get(f"/practice/next?game=keyforge&seed=abc&n=1&after={sid}").headers["Location"]
    assert parse_qs(urlsplit(following).query)["n"] == ["2"] and sid not in following


def test_a_search_that_runs_out_of_time_shows_a_page_that_goes_on(client, monkeypatch):
    from judge.practice.catalogue import Catalogue, Found

    monkeypatch.setattr(Catalogue, "next", lambda self, game, seed, **kw: Found(None, "KF172-GEN-39", False))
    html = text(client.get("/practice/next?game=keyforge&seed=ab&level=3&n=4&after=KF172-GEN-06"))
    link = re.search(r'id="go-on" data-follow href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert parse_qs(urlsplit(link).query) == {"after": ["KF172-GEN-39"], "more": ["1"], "game": ["keyforge"],
                                              "level": ["3"], "seed": ["ab"], "n": ["4"]}


def test_a_session_that_has_seen_everything_says_so(client, monkeypatch):
    from judge.practice.catalogue import Catalogue, Found

    monkeypatch.setattr(Catalogue, "next", lambda self, game, seed, **kw: Found(None, "X", True))
    html = text(client.get("/practice/next?game=keyforge&seed=ab", headers={"Accept-Language": "en"}))
    assert "No questions left in this session" in html and 'href="/practice?game=keyforge"' in html


def test_a_question_of_a_session_can_be_skipped(client):
    html = text(client.get("/practice/q/KF172-GEN-06?game=keyforge&seed=ab&n=2"))
    skip = re.search(r'id="skip" href="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert parse_qs(urlsplit(skip).query)["after"] == ["KF172-GEN-06"]


def test_a_question_is_a_form_that_reveals_the_ruling(client):
    page = client.get("/practice/q/KF172-GEN-39", headers={"Accept-Language": "en"})
    html = text(page)
    assert page.status_code == 200 and "What happens?" in html and "Sir Marrows" in html
    assert 'method="get"' in html and len(picks(html)) == 2
    assert 'id="reveal"' not in html and "replacement-effects" not in html  # nothing given away before answering
    from judge.practice import questions
    from conftest import ROOT

    q = questions.build(next((ROOT / "scenarios").rglob("KF172-GEN-39.toml")))
    wrong = next(c for c in q.choices if not c.correct)
    revealed = text(client.get(f"/practice/q/KF172-GEN-39?pick={wrong.id}", headers={"Accept-Language": "en"}))
    assert 'data-result="wrong"' in revealed and "Not quite" in revealed
    assert 'class="side-by-side"' in revealed and 'id="trace-mine"' in revealed
    assert 'href="/rules/keyforge-17.2/replacement-effects"' in revealed and 'href="/rulings/KF172-GEN-39"' in revealed
    right = text(client.get(f"/practice/q/KF172-GEN-39?pick={q.correct.id}"))
    assert 'data-result="right"' in right and "¡Correcto!" in right and 'class="side-by-side"' not in right


def test_a_pick_that_is_not_an_answer_shows_the_question(client):
    html = text(client.get("/practice/q/KF172-GEN-39?pick=nothing"))
    assert 'id="reveal"' not in html and len(picks(html)) == 2


@pytest.mark.parametrize("url", ["/practice/q/NO-SUCH-SCENARIO", "/practice/q/..%2Fetc"])
def test_an_unknown_question_is_a_404_page(client, url):
    assert client.get(url).status_code == 404


def test_a_session_that_is_not_one_goes_back_to_the_start(client):
    response = client.get("/practice/next?game=chess")
    assert response.status_code == 302 and response.headers["Location"].endswith("/practice")


def test_practice_pages_keep_the_security_rules(client):
    for url in ("/practice", "/practice/q/GP-EX-04", "/practice/q/GP-EX-04?pick=x"):
        response = client.get(url)
        html = text(response)
        assert "script-src 'self'" in response.headers["Content-Security-Policy"]
        assert not re.search(r"<script(?![^>]*(src=|type=\"application/json\"))", html), url  # no inline script
        assert " style=" not in html and "<style" not in html and " on" + "click=" not in html, url
        assert not re.search(r'(src|href)="(https?:)?//', html), url


def test_nothing_is_stored_on_the_server_when_a_question_is_answered(client, module_app):
    from judge.web.database import get_db

    with module_app.app_context():
        before = get_db()["saves"].count
    client.get("/practice/q/MYL-GEN-05")
    client.get("/practice/q/MYL-GEN-05?pick=0000")
    with module_app.app_context():
        assert get_db()["saves"].count == before
    assert "Set-Cookie" not in client.get("/practice/q/MYL-GEN-05").headers


def test_questions_asked_at_once_from_several_threads_are_all_answered(module_app, monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    from judge.practice import catalogue

    monkeypatch.setattr(catalogue, "KEPT", 2)  # questions are dropped from the cache while others are asked
    sids = ["MYL-GEN-05", "GP-EX-04", "KF172-GEN-06", "MYL-GEN-08"] * 4

    def ask(sid):
        return module_app.test_client().get(f"/practice/q/{sid}").status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert set(pool.map(ask, sids)) == {200}


def test_questions_speak_both_languages(client):
    es = text(client.get("/practice/q/KF172-GEN-06", headers={"Accept-Language": "es"}))
    en = text(client.get("/practice/q/KF172-GEN-06", headers={"Accept-Language": "en"}))
    assert "¿Dónde termina Frágil?" in es and "Where does Frail end up?" in en
