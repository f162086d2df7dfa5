"""Other web pages cannot write through a judge's browser, nor send it elsewhere, nor frame or restyle the pages."""

from __future__ import annotations

import json
import re

import pytest


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from judge.web import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("security") / "judge.sqlite")})


client = pytest.fixture(lambda app: app.test_client(), name="client")


POSITION = {"active": "p1", "step": "main", "players": {"p1": {"house": "brobnar", "hand": ["Troll"]}, "p2": {}}}
SAVE = {"ruleset": "keyforge-17.2", "position": POSITION, "plays": [{"play": "play Troll"}]}
HERE = "http://localhost"


def board_token(client) -> str:
    page = client.get("/board").get_data(as_text=True)
    return re.search(r'<meta name="csrf-token" content="([^"]+)">', page).group(1)


# The language switch only goes back to a page of this site -------------------------------------------------------


@pytest.mark.parametrize("target, location", [
    ("/%09/evil.example", "/%09/evil.example"),            # a tab browsers drop: kept, encoded, on this site
    ("/\t/evil.example", "/%09/evil.example"),
    ("/\r\nSet-Cookie: x=1", "/%0D%0ASet-Cookie:%20x=1"),  # no header can be injected
    ("//evil.example", "/"),
    ("/\\evil.example", "/%5Cevil.example"),
    ("\\\\evil.example", "/"),
    ("https://evil.example/", "/"),
    ("javascript:alert(1)", "/"),
    ("/%2F/evil.example", "/%2F/evil.example"),
    ("/rulings?q=elusivo%20da%C3%B1ino", "/rulings?q=elusivo%20da%C3%B1ino"),
    ("/rules/keyforge-17.2/elusive", "/rules/keyforge-17.2/elusive"),
])
def test_the_language_switch_never_leaves_the_site(client, target, location):
    response = client.get("/lang/en", query_string={"next": target})
    assert response.status_code == 302 and response.headers["Location"] == location


def test_the_language_links_of_a_page_lead_back_to_it(client):
    page = client.get("/rulings?q=elusivo", headers={"Accept-Language": "es"}).get_data(as_text=True)
    href = re.search(r'id="lang-en" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert client.get(href).headers["Location"] == "/rulings?q=elusivo"


# Cross-site writes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
def test_the_api_takes_json_only(client, content_type):
    response = client.post("/api/saves", data=json.dumps(SAVE), content_type=content_type)
    assert response.status_code == 415
    assert response.get_json()["problems"][0]["where"] == "Content-Type"


def test_a_json_body_sent_as_text_from_another_site_is_refused(client):
    response = client.post("/api/saves", data=json.dumps(SAVE), content_type="text/plain",
                           headers={"Origin": "http://evil.example"})
    assert response.status_code == 403 and response.get_json()["error"] == "cross-site"


@pytest.mark.parametrize("headers", [
    {"Origin": "http://evil.example"},
    {"Origin": "null"},
    {"Origin": "http://localhost.evil.example"},
    {"Origin": "https://localhost"},
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Sec-Fetch-Site": "cross-site", "Origin": HERE},
])
@pytest.mark.parametrize("url", ["/api/saves", "/api/resolve", "/api/explore", "/api/position"])
def test_state_changing_and_expensive_requests_from_another_site_are_refused(client, headers, url):
    body = {**SAVE, "play": "play Troll"} if url != "/api/saves" else SAVE
    response = client.post(url, json=body, headers=headers)
    assert response.status_code == 403 and response.get_json()["error"] == "cross-site"


def test_a_form_posted_from_another_site_is_refused(client):
    response = client.post("/api/saves", data={"position": "x"}, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403


def test_a_browser_on_this_site_needs_the_pages_token(client):
    headers = {"Origin": HERE, "Sec-Fetch-Site": "same-origin"}
    refused = client.post("/api/saves", json=SAVE, headers=headers)
    assert refused.status_code == 403 and refused.get_json()["error"] == "csrf"
    wrong = client.post("/api/saves", json=SAVE, headers={**headers, "X-CSRFToken": "forged"})
    assert wrong.status_code == 403
    token = board_token(client)
    accepted = client.post("/api/saves", json=SAVE, headers={**headers, "X-CSRFToken": token})
    assert accepted.status_code in (200, 201) and accepted.get_json()["url"].startswith("/b/")


def test_a_token_from_another_browser_session_is_refused(app):
    token = board_token(app.test_client())
    other = app.test_client()
    response = other.post("/api/saves", json=SAVE, headers={"Origin": HERE, "X-CSRFToken": token})
    assert response.status_code == 403


def test_programs_without_a_browser_use_the_api_without_a_token(client):
    # No Origin, no Sec-Fetch-*: not a browser a foreign page could drive.
    assert client.post("/api/resolve", json={**SAVE, "play": "play Troll"}).status_code == 200
    assert client.post("/api/saves", json={**SAVE, "title": "from a script"}).status_code == 201


def test_reading_is_never_refused(client):
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        assert client.get("/api/rulings/KF172-GEN-39", headers=headers).status_code == 200
        assert client.get("/", headers=headers).status_code == 200


def test_the_scenario_file_can_still_be_sent_as_it_is_on_disk(client):
    text = 'id = "X"\nruleset = "keyforge-17.2"\n[position]\nactive = "p1"\n[position.players.p1]\n[position.players.p2]\n'
    for content_type in ("text/plain", "application/toml"):
        assert client.post("/api/scenarios/import", data=text, content_type=content_type).status_code == 200
    foreign = client.post("/api/scenarios/import", data=text, content_type="text/plain",
                          headers={"Origin": "http://evil.example"})
    assert foreign.status_code == 403


# Headers -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/", "/board", "/rulings?q=elusivo", "/rulings/KF172-GEN-39", "/api/documents",
                                 "/nothing-here", "/static/board/main.js"])
def test_every_answer_carries_the_security_headers(client, url):
    response = client.get(url)
    response.close()
    headers = response.headers
    csp = headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_refusals_carry_the_headers_too(client):
    response = client.post("/api/saves", json=SAVE, headers={"Origin": "http://evil.example"})
    assert response.headers["X-Frame-Options"] == "DENY" and response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_servers_do_not_name_themselves(tmp_path):
    # gunicorn is the `server` extra, not a test dependency: where it is not installed only Werkzeug is checked.
    gunicorn_wsgi = pytest.importorskip("gunicorn.http.wsgi") if _has("gunicorn") else None
    from werkzeug.serving import WSGIRequestHandler

    from judge.web import create_app

    create_app({"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite")})
    if gunicorn_wsgi is not None:
        assert gunicorn_wsgi.SERVER == "judge"
    assert WSGIRequestHandler.version_string(None) == "judge"


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def test_judge_serve_answers_with_the_headers_and_no_server_name(tmp_path):
    import http.client
    import threading

    from werkzeug.serving import make_server

    from judge.web import create_app

    server = make_server("127.0.0.1", 0, create_app({"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite")}),
                         threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=10)
        conn.request("GET", "/healthz")
        response = conn.getresponse()
        response.read()
        conn.close()
    finally:
        server.shutdown()
    assert response.getheader("Server") == "judge" and len(response.headers.get_all("Server")) == 1
    assert response.getheader("X-Frame-Options") == "DENY"


@pytest.mark.parametrize("url", ["/", "/board", "/board?scenario=KF172-GEN-39", "/rulings?q=elusivo",
                                 "/rulings/KF172-GEN-39", "/rules/keyforge-17.2/elusive", "/documents/keyforge-17.2",
                                 "/nothing-here"])
def test_pages_hold_nothing_the_policy_would_block(client, url):
    page = client.get(url).get_data(as_text=True)
    for script in re.findall(r"<script\b[^>]*>", page):
        assert 'src="/static/' in script or 'type="application/json"' in script, script
    assert "<style" not in page
    assert not re.search(r"\sstyle\s*=", page)
    assert not re.search(r"\son[a-z]+\s*=", page)
    assert "javascript:" not in page


def test_the_board_script_sets_no_inline_style():
    from pathlib import Path

    import judge.web

    scripts = sorted((Path(judge.web.__file__).parent / "static").rglob("*.js"))
    assert len(scripts) > 1
    for path in scripts:
        script = path.read_text(encoding="utf-8")
        assert not re.search(r"""["']?style["']?\s*:""", script), path
        assert "setAttribute(\"style\"" not in script and ".innerHTML" not in script, path


def test_the_session_cookie_stays_on_this_site(client):
    client.get("/board")
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"


def test_the_signing_key_is_shared_by_every_worker(tmp_path):
    from judge.web import create_app

    config = {"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite")}
    first, second = create_app(dict(config)), create_app(dict(config))
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"] and len(first.config["SECRET_KEY"]) == 64
    # a token drawn by one worker is good at another (the session cookie travels with the browser)
    client = first.test_client()
    token = board_token(client)
    cookie = client.get_cookie("session")
    other = second.test_client()
    other.set_cookie("session", cookie.value)
    response = other.post("/api/saves", json=SAVE, headers={"Origin": HERE, "X-CSRFToken": token})
    assert response.status_code in (200, 201)
