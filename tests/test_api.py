"""The JSON API (docs/api.md): search, rulings, cards, positions, resolve, explore, scenarios and saves — and
every malformed request answered with a readable 4xx, never a 500."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def client(module_app):
    return module_app.test_client()


TROLL_POSITION = {
    "active": "p1", "step": "main",
    "players": {"p1": {"house": "brobnar", "hand": ["Troll"], "battleline": ["Krump"]},
                "p2": {"amber": 3, "battleline": ["Trol"]}},
}
GATO = {"active": "p1", "step": "main",
        "players": {"p1": {"amber": 0, "house": "shadows", "hand": ["Gato por Liebre"]}, "p2": {"amber": 14}}}


def resolve(client, **body):
    return client.post("/api/resolve", json={"ruleset": "keyforge-17.2", **body})


# Search and rulings ---------------------------------------------------------------------------------------------


def test_search_returns_ranked_results_with_snippets(client):
    data = client.get("/api/rulings/search", query_string={"q": "elusivo dañino", "limit": 5}).get_json()
    results = data["results"]
    assert len(results) == 5
    assert results[0]["id"] == "KF172-GEN-44"
    assert set(results[0]) >= {"id", "game", "document", "title", "snippet", "score"}
    assert "<mark>" in results[0]["snippet"]
    scores = [r["score"] for r in results]
    assert scores == sorted(scores, reverse=True)


def test_search_is_accent_and_case_insensitive(client):
    def ids(q):
        return [r["id"] for r in client.get("/api/rulings/search", query_string={"q": q}).get_json()["results"]]

    assert ids("ACCIÓN Coordinada")[:3] == ids("accion coordinada")[:3]


def test_search_matches_word_forms(client):
    # plural/singular and verb forms (Snowball stemmers for Spanish and Portuguese)
    def top(q):
        return [r["id"] for r in client.get("/api/rulings/search", query_string={"q": q, "limit": 10})
                .get_json()["results"]]

    assert "KF172-GEN-47" in top("criaturas enfurecidas cosechan")
    assert "KF13-FAQ-11" in top("criaturas atordoadas fúria")


def test_search_by_game_and_limit(client):
    data = client.get("/api/rulings/search?q=da%C3%B1o&game=gobierno-y-prestigio&limit=3").get_json()
    assert len(data["results"]) == 3 and {r["game"] for r in data["results"]} == {"gobierno-y-prestigio"}


def test_search_by_exact_id(client):
    data = client.get("/api/rulings/search?q=kf172-gen-39").get_json()
    assert data["results"][0]["id"] == "KF172-GEN-39"


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=abc", "offset=-1", "type=other",
                                   "q=" + "x" * 401])
def test_search_refuses_bad_parameters(client, query):
    response = client.get("/api/rulings/search?" + query)
    assert response.status_code == 400
    assert response.get_json()["message"]


@pytest.mark.parametrize("query", ['"', "AND OR NOT", "*", "NEAR(", "a:b", "'; DROP TABLE entries; --", "((((",
                                   "🗡️", ""])
def test_search_survives_any_text(client, query):
    response = client.get("/api/rulings/search", query_string={"q": query})
    assert response.status_code == 200
    assert isinstance(response.get_json()["results"], list)


def test_ruling_with_relations_and_scenarios(client):
    data = client.get("/api/rulings/KF11-FAQ-03").get_json()
    assert data["document"]["version"] == "1.1" and data["lines"] == [1218, 1220]
    assert data["relations"][0]["kind"] == "confirmed"
    assert [b["id"] for b in data["relations"][0]["by"]] == ["KF172-GEN-82", "keyforge-17.2#first-turn-rule"]
    data = client.get("/api/rulings/KF172-GEN-39").get_json()
    assert [s["id"] for s in data["scenarios"]] == ["KF172-GEN-39", "KF172-GEN-39-contrast"]
    assert data["scenarios"][0]["replay"] == "/board?scenario=KF172-GEN-39"
    assert data["question"].startswith("Mi oponente tiene a Ser Marrows")
    assert {c["name"] for c in data["cards"]} == {"Ser Marrows", "Puerta Dimensional"}


def test_ruling_related_by_card_across_languages(client):
    data = client.get("/api/rulings/KF13-FAQ-01").get_json()
    same = {r["id"] for r in data["related"]["same_card"]}
    assert {"KF172-CARD-55", "KF11-FAQ-01"} <= same


def test_unknown_ruling_is_a_json_404(client):
    response = client.get("/api/rulings/KF172-GEN-999")
    assert response.status_code == 404
    assert response.get_json()["error"] == "not-found"


def test_rule_section_api(client):
    data = client.get("/api/rules/keyforge-17.2/elusive").get_json()
    assert data["title"] == "ELUSIVO" and "KF172-GEN-44" in {e["id"] for e in data["entries"]}


# Cards -------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("q", ["bruja", "Duskwitch", "crepusculo"])
def test_cards_autocomplete_in_every_language(client, q):
    cards = {c["id"]: c for c in client.get("/api/cards", query_string={"q": q}).get_json()["cards"]}
    assert cards["duskwitch"]["name"] == {"es": "Bruja del Ocaso", "en": "Duskwitch", "pt": "Bruxa do Crepúsculo"}


def test_cards_without_query_lists_the_catalog(client):
    # The catalog holds the whole card pool: a listing is one page of it, in name order.
    cards = client.get("/api/cards?limit=500").get_json()["cards"]
    assert len(cards) == len({c["id"] for c in cards}) == 500


def test_cards_of_unknown_game(client):
    assert client.get("/api/cards?game=chess").status_code == 400


# Positions and plays --------------------------------------------------------------------------------------------


def test_position_check_lists_the_legal_plays(client):
    data = client.post("/api/position", json={"ruleset": "keyforge-17.2", "position": TROLL_POSITION}).get_json()
    plays = {p["play"]: p["label"] for p in data["plays"]}
    assert "play c1" in plays and plays["play c1"]["es"] == "Jugar Trol (c1)"
    assert data["cards"]["c1"]["name"]["en"] == "Troll"
    assert data["position"]["players"]["p1"]["hand"] == [{"uid": "c1", "card": "troll"}]
    assert data["toml"].startswith('game = "keyforge"')


def test_position_given_as_toml_text(client):
    text = '[position]\nactive = "p1"\nstep = "main"\n[position.players.p1]\nhouse = "shadows"\n' \
           'hand = ["Gato por Liebre"]\n[position.players.p2]\namber = 3\n'
    data = client.post("/api/position", json={"position": text}).get_json()
    assert [p["play"] for p in data["plays"]][:1] == ["play c1"]


def test_resolve_a_complete_play(client):
    data = resolve(client, position=GATO, play="play Gato por Liebre").get_json()
    assert data["status"] == "complete" and data["question"] is None
    assert data["after"]["position"]["players"]["p1"]["amber"] == 2
    assert {"what": "p1.amber", "before": 0, "after": 2, "detail": False} in data["changes"]
    cited = json.dumps(data["trace"])
    assert "keyforge-17.2#order.play.1" in cited and "keyforge-17.2#steal" in cited
    assert data["citations"]["keyforge-17.2#steal"]["url"] == "/rules/keyforge-17.2/steal"
    step = data["trace"]["children"][0]
    assert set(step["text"]) == {"es", "en"}


def test_resolve_stops_at_a_question_then_takes_the_answer(client):
    first = resolve(client, position=TROLL_POSITION, play="play Troll").get_json()
    assert first["status"] == "question"
    q = first["question"]
    assert q["key"] == "flank" and q["player"] == "p1" and q["rule"] == "keyforge-17.2#flank"
    assert {o["value"] for o in q["options"]} == {"left", "right"}
    assert q["prompt"]["es"] and q["prompt"]["en"]
    done = resolve(client, position=TROLL_POSITION, play="play Troll", answers=["left"]).get_json()
    assert done["status"] == "complete"
    assert [c["uid"] for c in done["after"]["position"]["players"]["p1"]["battleline"]] == ["c1", "c2"]
    decision = done["decisions"][0]
    assert decision["chosen"] == "left" and decision["question"]["key"] == "flank"
    # An answer may also be a label, in any language, or a table naming its question.
    by_label = resolve(client, position=TROLL_POSITION, play="play Troll", answers=["Right flank"]).get_json()
    assert [c["uid"] for c in by_label["after"]["position"]["players"]["p1"]["battleline"]] == ["c2", "c1"]
    keyed = resolve(client, position=TROLL_POSITION, play="play Troll",
                    answers=[{"key": "flank", "choose": "left"}]).get_json()
    assert keyed["status"] == "complete"


def test_an_illegal_play_is_a_422_with_its_rule(client):
    response = resolve(client, position=TROLL_POSITION, play="reap c3")
    assert response.status_code == 422
    data = response.get_json()
    assert data["error"] == "illegal-play"
    assert data["rule"].startswith("keyforge-17.2#") and data["rule_info"]["url"].startswith("/rules/keyforge-17.2/")
    assert data["message"]


def test_an_answer_that_is_not_an_option(client):
    response = resolve(client, position=TROLL_POSITION, play="play Troll", answers=["middle"])
    assert response.status_code == 422
    data = response.get_json()
    assert data["error"] == "invalid-answer" and data["index"] == 0 and data["question"]["key"] == "flank"


def test_answers_left_over_are_refused(client):
    response = resolve(client, position=GATO, play="play Gato por Liebre", answers=["left"])
    assert response.status_code == 422 and "unused" in response.get_json()["message"]


def test_every_problem_of_a_position_at_once(client):
    position = {"active": "p3", "step": "nowhere",
                "players": {"p1": {"amber": -2, "keys": 9, "hand": ["Nonexistent Card"], "colour": "red",
                                   "battleline": [{"card": "Troll", "damage": "lots", "stunned": True}]},
                            "p2": {}}}
    response = resolve(client, position=position, play="end-turn")
    assert response.status_code == 422
    where = {p["where"] for p in response.get_json()["problems"]}
    assert {"position.active", "position.players.p1.amber", "position.players.p1.keys",
            "position.players.p1.hand[0].card", "position.players.p1.colour"} <= where
    assert any("battleline[0].damage" in w for w in where) and any("stunned" in w for w in where)


def test_unknown_card_in_a_play(client):
    response = resolve(client, position=TROLL_POSITION, play="play Dragón Imaginario")
    assert response.status_code == 422
    assert "carta desconocida" in response.get_json()["message"]
    english = client.post("/api/resolve", json={"ruleset": "keyforge-17.2", "position": TROLL_POSITION,
                                                "play": "play Dragón Imaginario"}, headers={"Accept-Language": "en"})
    assert "unknown card" in english.get_json()["message"]


def test_a_malformed_custom_card_is_explained_in_the_judges_language(client):
    position = {**TROLL_POSITION, "cards": {"mine": {"name": "Mía", "house": "brobnar", "type": "creature",
                                                     "power": -1, "keywords": ["flying"],
                                                     "abilities": [{"trigger": "play", "effects": [{"do": "teleport"}]}]}}}
    spanish = resolve(client, position=position, play="end-turn").get_json()
    texts = " | ".join(p["message"] for p in spanish["problems"])
    assert "número entero" in texts and "palabra clave desconocida" in texts and "efecto desconocido" in texts
    english = client.post("/api/resolve", json={"ruleset": "keyforge-17.2", "position": position, "play": "end-turn"},
                          headers={"Accept-Language": "en"}).get_json()
    texts = " | ".join(p["message"] for p in english["problems"])
    assert "whole number" in texts and "unknown keyword" in texts and "unknown effect" in texts


@pytest.mark.parametrize("body, content_type", [
    ("{not json", "application/json"),
    ("[1, 2, 3]", "application/json"),
    ('"just a string"', "application/json"),
    ("", "application/json"),
    ("\xff\xfe", "application/json"),             # not UTF-8 (any other content type is a 415)
    ("[" * 5000 + "]" * 5000, "application/json"),
])
def test_malformed_bodies_are_400(client, body, content_type):
    response = client.post("/api/resolve", data=body.encode("latin-1"), content_type=content_type)
    assert response.status_code == 400
    assert response.get_json()["message"]


@pytest.mark.parametrize("body", [
    {"position": TROLL_POSITION},                                    # no play
    {"position": TROLL_POSITION, "play": 42},
    {"position": TROLL_POSITION, "play": ""},
    {"position": TROLL_POSITION, "play": "x" * 500},
    {"position": TROLL_POSITION, "play": "play Troll", "answers": "left"},
    {"position": TROLL_POSITION, "play": "play Troll", "answers": [True]},
    {"position": TROLL_POSITION, "play": "play Troll", "answers": [{"nope": 1}]},
    {"position": TROLL_POSITION, "play": "play Troll", "answers": [[["nested"]]]},
    {"position": TROLL_POSITION, "play": "play Troll", "ruleset": 17},
    {"position": TROLL_POSITION, "play": "play Troll", "ruleset": "keyforge-99"},
    {"position": TROLL_POSITION, "play": "play Troll", "surprise": 1},
    {"position": [], "play": "play Troll"},
    {"position": 3, "play": "play Troll"},
    {"play": "play Troll"},
])
def test_wrong_types_are_4xx_with_a_reason(client, body):
    response = client.post("/api/resolve", json=body)
    assert 400 <= response.status_code < 500
    data = response.get_json()
    assert data["message"] and data["error"]


@pytest.mark.parametrize("position", [
    {"players": {}},
    {"active": "p1", "players": {"p1": "x", "p2": []}},
    {"active": "p1", "players": {"p1": {"hand": "Troll"}, "p2": {}}},
    {"active": "p1", "players": {"p1": {"hand": [1, None, {"uid": 3}]}, "p2": {}}},
    {"active": "p1", "players": {"p1": {"battleline": [{"card": "Troll", "upgrades": [{"card": "Troll"}]}]}, "p2": {}}},
    {"active": "p1", "turn": -1, "players": {"p1": {}, "p2": {}}, "values": []},
    {"active": "p1", "players": {"p1": {}, "p2": {}}, "cards": {"x": {"type": "spaceship"}}},
    {"active": "p1", "players": {"p1": {}, "p2": {}, "p3": {}}},
    "not [valid toml",
])
def test_malformed_positions_never_crash(client, position):
    for url in ("/api/resolve", "/api/position", "/api/explore"):
        response = client.post(url, json={"position": position, "play": "end-turn"})
        assert 400 <= response.status_code < 500, (url, response.get_json())
        assert response.get_json()["message"]


def test_oversize_body_is_413(client):
    response = client.post("/api/resolve", data=b'{"x": "' + b"a" * 300_000 + b'"}', content_type="application/json")
    assert response.status_code == 413
    assert "KiB" in response.get_json()["message"]


def test_too_many_cards_is_refused(client):
    position = {"active": "p1", "players": {"p1": {"hand": ["Troll"] * 500}, "p2": {}}}
    response = client.post("/api/position", json={"position": position})
    assert response.status_code == 413


def test_wrong_method_and_unknown_api_path_are_json(client):
    assert client.get("/api/resolve").status_code == 405
    assert client.get("/api/resolve").get_json()["error"]
    assert client.get("/api/nothing-here").status_code == 404
    assert client.get("/api/nothing-here").get_json()["error"]


def test_a_custom_card_defined_on_the_spot(client):
    position = {"active": "p1", "step": "main",
                "players": {"p1": {"house": "logos", "hand": ["Amber Gun"]}, "p2": {"amber": 2}},
                "cards": {"amber-gun": {"name": {"en": "Amber Gun", "es": "Pistola de Æmbar"}, "house": "logos",
                                        "type": "action",
                                        "abilities": [{"trigger": "play", "effects": [{"do": "steal", "amount": 2}]}]}}}
    data = resolve(client, position=position, play="play Pistola de Æmbar").get_json()
    assert data["after"]["position"]["players"]["p1"]["amber"] == 2
    bad = dict(position, cards={"amber-gun": {"name": "Amber Gun", "house": "logos", "type": "action",
                                              "abilities": [{"trigger": "sometimes", "effects": [{"do": "fly"}]}]}})
    response = resolve(client, position=bad, play="play Amber Gun")
    assert response.status_code == 422
    where = " ".join(p["where"] for p in response.get_json()["problems"])
    assert "cards.amber-gun.abilities[0].trigger" in where


# Explore ---------------------------------------------------------------------------------------------------------


def test_explore_groups_the_outcomes(client):
    data = client.post("/api/explore", json={"position": TROLL_POSITION, "play": "play Troll"}).get_json()
    assert data["matters"] is True and len(data["outcomes"]) == 2 and data["cut"] == 0 and data["complete"]
    answers = sorted(o["paths"][0]["answers"] for o in data["outcomes"])
    assert answers == [["left"], ["right"]]
    # Where the Troll entered is the order of p1's battleline; the index of each card that moved along is a detail.
    assert "p1.battleline" in data["differing"] and "c1.index" in data["differing_details"]
    # The Troll on the left flank or on the right: Krump and the Troll in both orders.
    assert sorted(o["facts"]["p1.battleline"] for o in data["outcomes"]) == [["c1", "c2"], ["c2", "c1"]]
    single = client.post("/api/explore", json={"position": GATO, "play": "play Gato por Liebre"}).get_json()
    assert single["matters"] is False and len(single["outcomes"]) == 1


def test_explore_reports_what_the_budget_cut(client):
    data = client.post("/api/explore", json={"position": TROLL_POSITION, "play": "play Troll", "budget": 2}).get_json()
    assert data["cut"] >= 1 and data["complete"] is False


@pytest.mark.parametrize("budget", [0, -3, "many", 10**9, True])
def test_explore_budget_is_checked(client, budget):
    response = client.post("/api/explore", json={"position": TROLL_POSITION, "play": "play Troll", "budget": budget})
    assert response.status_code == 400


def test_explore_an_illegal_play(client):
    response = client.post("/api/explore", json={"position": TROLL_POSITION, "play": "reap c3"})
    assert response.status_code == 422 and response.get_json()["rule"]


# Scenarios -------------------------------------------------------------------------------------------------------


def test_scenario_for_replay(client):
    data = client.get("/api/scenarios/KF172-GEN-39").get_json()
    assert data["ruleset"] == "keyforge-17.2"
    assert [p["play"] for p in data["plays"]] == ["play Puerta Dimensional", "reap reaper"]
    assert "logos-reaper" in data["position"]["cards"]
    assert client.get("/api/scenarios/../../etc/passwd").status_code == 404
    assert client.get("/api/scenarios/NOPE").status_code == 404


def test_export_then_import_a_scenario(client, tmp_path):
    exported = client.post("/api/scenarios/export", json={
        "ruleset": "keyforge-17.2", "position": TROLL_POSITION, "id": "MESA-7", "title": "Trol al flanco",
        "entries": [], "plays": [{"play": "play Troll", "answers": ["left"]}]}).get_json()
    assert exported["passes"] is True and exported["filename"] == "MESA-7.toml"
    text = exported["toml"]
    assert text.startswith("# MESA-7 — Trol al flanco")
    path = tmp_path / "MESA-7.toml"
    path.write_text(text, encoding="utf-8")
    from judge.cli import main

    assert main(["check", str(path)]) == 0
    imported = client.post("/api/scenarios/import", data=text.encode(), content_type="text/plain").get_json()
    assert imported["id"] == "MESA-7" and [{k: p[k] for k in ("play", "by", "answers", "illegal")}
                                           for p in imported["plays"]] == [{"play": "play Troll", "by": None,
                                                                            "answers": ["left"], "illegal": None}]
    again = client.post("/api/scenarios/import", json={"toml": text}).get_json()
    assert again["position"] == imported["position"]


def test_export_refuses_an_unanswered_play(client):
    response = client.post("/api/scenarios/export", json={"position": TROLL_POSITION,
                                                          "plays": [{"play": "play Troll"}]})
    assert response.status_code == 422 and response.get_json()["error"] == "unanswered"


@pytest.mark.parametrize("text", ["not = [toml", "id = 3\n", "[position]\nactive = 'p1'\n[[plays]]\nplay = 5\n",
                                  "id='X'\nruleset='keyforge-17.2'\n[position]\nactive='p1'\n[position.players.p1]\n"
                                  "amber=-1\n[position.players.p2]\n[[plays]]\nplay='end-turn'\n"])
def test_import_explains_a_bad_file(client, text):
    response = client.post("/api/scenarios/import", data=text.encode(), content_type="text/plain")
    assert response.status_code == 422
    assert response.get_json()["problems"]


# Saves -----------------------------------------------------------------------------------------------------------


def test_save_and_load_a_board(client):
    created = client.post("/api/saves", json={"ruleset": "keyforge-17.2", "position": TROLL_POSITION,
                                              "plays": [{"play": "play Troll", "answers": ["left"]}],
                                              "title": "Mesa 4"})
    assert created.status_code == 201
    sid = created.get_json()["id"]
    assert len(sid) == 8 and created.get_json()["url"] == f"/b/{sid}"
    loaded = client.get(f"/api/saves/{sid}").get_json()
    assert loaded["position"] == TROLL_POSITION and loaded["plays"][0]["answers"] == ["left"]
    assert loaded["title"] == "Mesa 4" and loaded["ruleset"] == "keyforge-17.2"
    assert client.get(f"/b/{sid}").status_code == 200
    assert client.get("/api/saves/00000000").status_code == 404
    assert client.get("/api/saves/../../x").status_code == 404


@pytest.mark.parametrize("body", [{"position": 3}, {"position": {}, "plays": "x"}, {"position": {}, "title": 5},
                                  {"position": {}, "plays": [{"play": 3}]}, {"position": {}, "ruleset": "chess"}])
def test_save_refuses_bad_input(client, body):
    assert client.post("/api/saves", json=body).status_code == 400


def test_concurrent_saves_are_never_lost(module_app):
    """Eight writers save at once on their own connections; every save is there afterwards."""
    import threading

    from judge import db

    path = module_app.config["DATABASE"]
    ids: list[str] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def writer(n: int) -> None:
        database = db.connect(path)
        try:
            for i in range(25):
                sid = db.save(database, {"position": {"n": n, "i": i}, "plays": []}, ruleset="keyforge-17.2")
                with lock:
                    ids.append(sid)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
        finally:
            database.conn.close()

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(ids) == len(set(ids)) == 200
    database = db.connect(path)
    try:
        for sid in ids:
            assert db.load_save(database, sid) is not None
    finally:
        database.conn.close()


def test_concurrent_saves_from_several_processes(module_app, tmp_path):
    """The same from separate processes (as under several WSGI workers)."""
    import subprocess
    import sys

    from judge import db

    code = ("import sys; from judge import db\n"
            "d = db.connect(sys.argv[1])\n"
            "print('\\n'.join(db.save(d, {'position': {'i': i}, 'plays': []}, ruleset='keyforge-17.2') "
            "for i in range(30)))\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, module_app.config["DATABASE"]], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    ids = []
    for p in procs:
        out, _ = p.communicate(timeout=120)
        assert p.returncode == 0
        ids += out.split()
    assert len(ids) == len(set(ids)) == 120
    database = db.connect(module_app.config["DATABASE"])
    try:
        found = database.execute(f"SELECT count(*) FROM saves WHERE id IN ({','.join('?' * len(ids))})", ids)
        assert found.fetchone()[0] == 120
    finally:
        database.conn.close()


GARBAGE = [None, 0, -1, 1.5, True, "", "x", "💥" * 50, [], [1, [2]], {}, {"a": {"b": {}}}, "a" * 5000]


@pytest.mark.parametrize("url", ["/api/resolve", "/api/explore", "/api/position", "/api/saves",
                                 "/api/scenarios/export", "/api/scenarios/import"])
def test_no_endpoint_answers_500_to_garbage(client, url):
    fields = ("ruleset", "position", "play", "answers", "budget", "plays", "title", "id", "entries", "toml", "history")
    for value in GARBAGE:
        for field in fields:
            body = {"position": TROLL_POSITION, "play": "play Troll", field: value}
            response = client.post(url, json=body)
            assert response.status_code < 500, (url, field, value, response.get_json())
        response = client.post(url, json=value)
        assert response.status_code < 500, (url, value)


@pytest.mark.parametrize("url", ["/api/rulings/search?q={v}&limit={v}", "/api/cards?q={v}&limit={v}&game={v}",
                                 "/rulings?q={v}&offset={v}&document={v}&card={v}", "/api/rulings/{v}",
                                 "/api/rules/{v}/{v}", "/rules/{v}/{v}", "/api/scenarios/{v}", "/api/saves/{v}",
                                 "/b/{v}", "/board?scenario={v}&ruleset={v}", "/documents/{v}", "/lang/{v}?next={v}"])
def test_no_page_answers_500_to_garbage(client, url):
    for value in ["", "x", "%00", "%FF", "..%2F..", "1e9", "-1", "%22%27%3C", "a" * 500]:
        response = client.get(url.replace("{v}", value))
        assert response.status_code < 500, (url, value)


@pytest.mark.parametrize("mutate", [
    lambda p: p.update(active=["p1"]),
    lambda p: p["players"]["p2"].update(keys=[[0], {"a": 1}]),
    lambda p: p["players"]["p1"].update(amber=None),
    lambda p: p.update(cards={"mine": {"name": "Mía", "house": "brobnar", "houses": True, "type": ["creature"]}}),
    lambda p: p.update(cards={"mine": {"name": "Mía", "house": "brobnar", "type": "creature", "power": 2,
                                       "abilities": [{"trigger": {"x": 1}, "effects": 3}]}}),
    lambda p: p.update(cards={"mine": {"name": "Mía", "house": "brobnar", "type": "creature", "power": 2,
                                       "abilities": [{"trigger": "play", "effects": [
                                           {"do": "gain", "player": {"all": True}, "then": 5},
                                           {"do": "destroy", "target": {"choose": 1, "side": ["enemy"], "filter": 3}}]}]}}),
    lambda p: p.update(cards={"mine": {"name": "Mía", "house": "brobnar", "type": "creature", "power": 2,
                                       "abilities": [{"trigger": "constant", "effect": {"modify": "play-restriction"}}]}}),
], ids=["active-list", "keys-nested", "null", "card-types", "ability-types", "effect-types", "restriction-without-if"])
def test_malformed_values_anywhere_get_a_4xx_never_a_500(client, mutate):
    import copy

    position = copy.deepcopy(TROLL_POSITION)
    mutate(position)
    if "cards" in position:
        position["players"]["p1"]["hand"] = [{"uid": "m", "card": "mine"}]
    for url in ("/api/resolve", "/api/explore", "/api/position"):
        response = client.post(url, json={"ruleset": "keyforge-17.2", "position": position, "play": "end-turn"})
        assert 400 <= response.status_code < 500, (url, response.status_code, response.get_data(as_text=True)[:300])
        assert response.get_json()["problems"], url


def test_resolve_takes_lasting_effects_written_in_the_position(client):
    # What earlier plays left, as docs/scenarios.md writes it: the engine keeps it by uid.
    position = {"active": "p1", "step": "main",
                "values": {"lasting": [{"source": "k", "controller": "p1", "duration": "turn",
                                        "effect": {"modify": "power", "amount": 2, "target": ["Krump"]}}]},
                "players": {"p1": {"house": "brobnar", "battleline": [{"uid": "k", "card": "Krump"}]}, "p2": {}}}
    data = resolve(client, position=position, play="reap Krump").get_json()
    assert data["status"] == "complete"
    lasting = data["after"]["position"]["values"]["lasting"]
    assert lasting[0]["effect"]["target"] == {"uids": ["k"]}
    wrong = resolve(client, position={**position, "values": {"lasting": [{"controller": "p9", "effect": {"modify": "x"}}]}},
                    play="reap Krump")
    assert wrong.status_code == 422
    assert {p["where"] for p in wrong.get_json()["problems"]} >= {"position.values.lasting[0].controller",
                                                                   "position.values.lasting[0].effect.modify"}
