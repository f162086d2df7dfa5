"""No request can take the service down and no input gives a 500: each shape an outside fuzz run found is sent here
and must be refused with a 4xx that names the budget or the field (or answered, when it is within the limits).

Speed is measured in ``bench/fuzz.py``, never here: these tests check the refusals and their messages.
"""

from __future__ import annotations

import json

import pytest

from judge.core import budget
from judge.core.decisions import Option, Question
from judge.core.explore import candidate_answers


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from judge.web import create_app

    return create_app({"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("reliability") / "judge.sqlite")})


client = pytest.fixture(lambda app: app.test_client(), name="client")


def position(p1: dict, p2: dict | None = None, cards: dict | None = None, **extra) -> dict:
    out = {"active": "p1", "step": "main", "players": {"p1": {"house": "brobnar", **p1}, "p2": p2 or {}}, **extra}
    if cards:
        out["cards"] = cards
    return out


def action(name: str, *effects: dict) -> dict:
    return {"name": name, "house": "brobnar", "type": "action", "abilities": [{"trigger": "play", "effects": list(effects)}]}


def problems(response) -> dict[str, str]:
    return {p["where"]: p["message"] for p in response.get_json().get("problems", [])}


# Explore: options are generated lazily and capped before enumeration ----------------------------------------------


def question(n: int, lo: int, hi: int) -> Question:
    return Question(key="target", player="p1", prompt_es="?", prompt_en="?",
                    options=tuple(Option(f"c{i}", f"c{i}") for i in range(n)), rule="x", min_choices=lo, max_choices=hi)


@pytest.mark.parametrize("n, lo, hi, total", [
    (60, 0, 60, 2**60),                 # "any number" of 60
    (40, 15, 15, 40225345056),          # "choose 15 of 40"
    (400, 0, 400, 2**400),
    (12, 12, 12, 479001600),            # an order of 12
])
def test_candidate_answers_are_capped_before_they_are_enumerated(n, lo, hi, total):
    tried, left_out = candidate_answers(question(n, lo, hi))
    assert len(tried) == 24 and len(tried) + left_out == total


def test_explore_any_number_of_sixty_cards_tries_24_and_counts_the_rest(client):
    sift = action("Sift", {"do": "discard", "target": {"choose": "any", "kind": "card", "zone": "deck", "side": "friendly"}})
    body = {"position": position({"hand": ["Sift"], "deck": ["Troll"] * 60}, cards={"sift": sift}), "play": "play Sift"}
    data = client.post("/api/explore", json=body).get_json()
    assert data["resolved"] == 25 and data["cut"] == 2**60 - 24 and data["complete"] is False


def test_explore_choose_15_of_40_is_refused_with_the_budget_and_what_fits(client):
    pick = action("Pick", {"do": "stun", "target": {"choose": 15, "kind": "creature", "side": "any"}})
    body = {"position": position({"hand": ["Pick"], "battleline": ["Krump"] * 20}, {"battleline": ["Troll"] * 20},
                                 cards={"pick": pick}), "play": "play Pick"}
    response = client.post("/api/explore", json=body)
    assert response.status_code == 422
    data = response.get_json()
    assert data["error"] == "over-budget" and data["budget"] == {"name": "work", "limit": 500_000}
    assert data["message"].startswith("this explore needs more than 500,000 units of board work")
    assert "the limit is 500,000" in data["message"] and f'"budget": {data["fits"]} or less' in data["message"]
    # what fits is answered, and says what it left out
    smaller = client.post("/api/explore", json={**body, "budget": data["fits"]}).get_json()
    assert smaller["resolved"] == data["fits"] and smaller["complete"] is False and smaller["cut"] > 40_000_000_000


def test_explore_of_abilities_that_trigger_each_other_is_refused(client):
    echo = {"name": "Echo", "house": "shadows", "type": "artifact",
            "abilities": [{"trigger": "after", "event": "stolen", "filter": {"who": "opponent"},
                           "effects": [{"do": "steal", "amount": 1}]}]}
    thief = {**action("Thief", {"do": "steal", "amount": 1}), "house": "shadows"}
    pos = {"active": "p1", "step": "main", "cards": {"echo": echo, "thief": thief},
           "players": {"p1": {"house": "shadows", "amber": 5, "hand": ["Thief"], "artifacts": ["Echo"] * 3},
                       "p2": {"amber": 5, "artifacts": ["Echo"] * 3}}}
    response = client.post("/api/explore", json={"position": pos, "play": "play Thief", "budget": 2000})
    assert response.status_code == 422 and response.get_json()["error"] == "over-budget"
    assert response.get_json()["budget"]["name"] in ("work", "steps")


# Resolution budgets ---------------------------------------------------------------------------------------------


def test_a_resolution_of_too_many_steps_is_refused_naming_the_steps(client):
    many = action("Many", *[{"do": "gain", "amount": 1}] * 4500)
    body = {"position": position({"hand": ["Many"]}, cards={"many": many}), "play": "play Many"}
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 422
    assert response.get_json()["message"] == "this resolution needs more than 4,000 resolution steps; the limit is 4,000"


def test_a_long_resolution_on_a_large_board_is_refused_naming_the_work(client):
    many = action("Many", *[{"do": "gain", "amount": 1}] * 300)
    pos = position({"hand": ["Many"], "battleline": ["Troll"] * 20, "deck": ["Troll"] * 300},
                   {"battleline": ["Troll"] * 20}, cards={"many": many})
    response = client.post("/api/resolve", json={"position": pos, "play": "play Many"})
    assert response.status_code == 422
    assert response.get_json()["message"].startswith("this resolution needs more than 500,000 units of board work")
    # the same play on a small board is answered
    small = position({"hand": ["Many"]}, cards={"many": many})
    assert client.post("/api/resolve", json={"position": small, "play": "play Many"}).get_json()["status"] == "complete"


def test_custom_creatures_that_pump_every_creature_are_bounded(client):
    buffer = {"name": "Buffer", "house": "brobnar", "type": "creature", "power": 1,
              "abilities": [{"trigger": "constant", "effect": {"modify": "power", "amount": 1,
                                                               "target": {"all": True, "kind": "creature"}}}]}
    big = position({"battleline": ["Buffer"] * 180}, {"battleline": ["Buffer"] * 180}, cards={"buffer": buffer})
    for url in ("/api/position", "/api/resolve"):
        response = client.post(url, json={"position": big, "play": "end-turn"})
        assert response.status_code == 413
        assert problems(response) == {"position.players": "360 cards in play; the limit is 40"}
    largest = position({"battleline": ["Buffer"] * 20}, {"battleline": ["Buffer"] * 20}, cards={"buffer": buffer})
    data = client.post("/api/position", json={"position": largest}).get_json()
    assert data["cards"]["c1"]["power_now"] == 41


@pytest.mark.parametrize("shape, where, message", [
    ({"battleline": ["Troll"] * 390}, "position.players", "390 cards in play; the limit is 40"),
    ({"hand": ["Troll"] * 41}, "position.players.p1.hand", "41 cards in the hand of the player who may act; the limit is 40"),
])
def test_boards_larger_than_the_limits_are_refused_by_name(client, shape, where, message):
    response = client.post("/api/position", json={"position": position(shape)})
    assert response.status_code == 413 and problems(response) == {where: message}


def test_the_deadline_is_a_503(tmp_path):
    from judge.web import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite"), "DEADLINE_SECONDS": 1e-9})
    response = app.test_client().post("/api/resolve", json={"position": position({"hand": ["Troll"]}),
                                                            "play": "play Troll"})
    assert response.status_code == 503
    assert response.get_json()["error"] == "deadline" and "longer than 1e-09 s" in response.get_json()["message"]


def test_the_engine_stays_unbounded_without_a_meter(kf):
    # Scenarios, the command line and the tests run as before: only a caller that opens a meter is limited.
    many = action("Many", *[{"do": "gain", "amount": 1}] * 4500)
    pos = kf.read_position(position({"hand": ["Many"]}, cards={"many": many}))
    assert kf.resolve(pos, "play Many").position.player("p1").values["amber"] == 4500
    with pytest.raises(budget.OverBudget, match="needs more than 10 resolution steps; the limit is 10"):
        with budget.metered(budget.Limits(steps=10), "resolution"):
            kf.resolve(pos, "play Many")


def test_one_bad_answer_after_199_good_ones_is_found_without_resolving_again(client, monkeypatch):
    from judge.core.ruleset import Ruleset

    maybes = action("Maybes", *[{"do": "gain", "amount": 1, "may": True}] * 200)
    body = {"position": position({"hand": ["Maybes"]}, cards={"maybes": maybes}), "play": "play Maybes",
            "answers": ["yes"] * 199 + ["perhaps"]}
    calls = []
    # Every resolution goes through resolve_checked (Ruleset.resolve checks the play first, then calls it).
    resolve = Ruleset.resolve_checked
    monkeypatch.setattr(Ruleset, "resolve_checked", lambda self, *a, **k: calls.append(1) or resolve(self, *a, **k))
    response = client.post("/api/resolve", json=body)
    assert response.status_code == 422
    data = response.get_json()
    assert data["index"] == 199 and problems(response) == {"answers[199]": "'perhaps' is not one of the options"}
    assert len(calls) == 1


# Inputs that gave a 500 ------------------------------------------------------------------------------------------


MIXED = position({"hand": ["Troll"], "battleline": ["Krump"]}, {"battleline": ["Trol"]},
                 cards={"mine": {"name": {"en": "ok", "pt": 3}, "house": "brobnar", "type": "creature", "power": 2}})


@pytest.mark.parametrize("url, body", [
    ("/api/resolve", {"position": MIXED, "play": "end-turn"}),
    ("/api/position", {"position": MIXED}),
    ("/api/explore", {"position": MIXED, "play": "end-turn"}),
    ("/api/scenarios/export", {"position": MIXED, "plays": [{"play": "end-turn"}]}),
    ("/api/saves", {"position": MIXED}),
])
def test_a_custom_card_name_table_mixing_text_and_numbers_names_the_field(client, url, body):
    response = client.post(url, json=body)
    assert response.status_code == 422
    assert problems(response) == {"position.cards.mine.name.pt": "a card's name in a language is text, not a number"}


@pytest.mark.parametrize("url", ["/api/resolve", "/api/position", "/api/explore", "/api/saves", "/api/scenarios/export"])
def test_an_integer_of_thousands_of_digits_names_the_field(client, url):
    raw = ('{"position": {"active": "p1", "players": {"p1": {"amber": ' + "9" * 5000 + '}, "p2": {}}}, '
           '"play": "end-turn", "plays": [{"play": "end-turn"}]}')
    response = client.post(url, data=raw, content_type="application/json")
    assert response.status_code == 400
    assert problems(response)["position.players.p1.amber"].endswith("(this one has 5,000 digits)")


@pytest.mark.parametrize("amber", [2**63, 2**63 - 1, 2**53, -(2**53)])
def test_aember_beyond_what_the_board_can_count_names_the_field(client, amber):
    pos = position({"amber": amber, "battleline": ["Krump"]})
    for url, body in (("/api/resolve", {"position": pos, "play": "reap c1"}), ("/api/saves", {"position": pos}),
                      ("/api/scenarios/export", {"position": pos, "plays": [{"play": "reap c1"}]})):
        response = client.post(url, json=body)
        assert response.status_code == 400, url
        assert "position.players.p1.amber" in problems(response)


def test_big_numbers_in_a_position_written_as_toml_name_the_field(client):
    text = '[position]\nactive = "p1"\nstep = "main"\n[position.players.p1]\namber = 99999999999999999999\n' \
           'house = "brobnar"\n[position.players.p2]\n'
    response = client.post("/api/position", json={"position": text})
    assert response.status_code == 422 and "position.players.p1.amber" in problems(response)


@pytest.mark.parametrize("url, field, body", [
    ("/api/saves", "title", '{"position": {"active": "p1", "players": {"p1": {}, "p2": {}}}, "title": "\\udc80"}'),
    ("/api/resolve", "play", '{"position": {"active": "p1", "players": {"p1": {}, "p2": {}}}, "play": "play \\udc80"}'),
    ("/api/position", "position.players.p1.hand[0].uid",
     '{"position": {"active": "p1", "players": {"p1": {"hand": [{"uid": "\\udc80", "card": "Troll"}]}, "p2": {}}}}'),
    ("/api/saves", "plays[0].play",
     '{"position": {"active": "p1", "players": {"p1": {}, "p2": {}}}, "plays": [{"play": "play \\udc80"}]}'),
    ("/api/resolve", "position.players.p1.\\udc80",
     '{"position": {"active": "p1", "players": {"p1": {"\\udc80": 1}, "p2": {}}}, "play": "end-turn"}'),
])
def test_lone_surrogates_are_refused_by_field_and_the_refusal_is_valid_utf8(client, url, field, body):
    response = client.post(url, data=body, content_type="application/json")
    assert response.status_code == 400
    assert "lone surrogate" in problems(response)[field]
    response.get_data().decode("utf-8")


def test_explore_takes_answers_as_key_and_choose_like_resolve(client):
    pos = position({"hand": ["Troll"], "battleline": ["Krump"]}, {"battleline": ["Trol"]})
    answers = [{"key": "flank", "choose": "left"}]
    resolved = client.post("/api/resolve", json={"position": pos, "play": "play Troll", "answers": answers})
    explored = client.post("/api/explore", json={"position": pos, "play": "play Troll", "answers": answers})
    assert resolved.status_code == explored.status_code == 200
    outcome = explored.get_json()["outcomes"]
    assert len(outcome) == 1 and outcome[0]["paths"][0]["answers"] == ["left"]
    assert outcome[0]["paths"][0]["described"]["en"][0]["labels"] == ["Left flank"]


@pytest.mark.parametrize("line, where", [
    ('sections = "abc"', "sections"), ("sections = 3", "sections"), ("tags = 3", "tags"),
    ("entries = [1]", "entries"), ("plays = 3", "plays"), ("title = 3", "title"),
    ('plays = [{play = "end-turn", expect = 3}]', "plays[0].expect"),
    ("reading = 1979-05-27", "reading"),
])
def test_importing_a_scenario_of_the_wrong_shape_names_the_key(client, line, where):
    text = f'id = "X"\nruleset = "keyforge-17.2"\n{line}\n[position]\nactive = "p1"\n[position.players.p1]\n' \
           '[position.players.p2]\n'
    response = client.post("/api/scenarios/import", json={"toml": text})
    assert response.status_code == 422 and where in problems(response)


@pytest.mark.parametrize("field, value", [("title", "a\x00b"), ("note", "a\x00b"), ("title", "one\nid = 'x'"),
                                          ("note", "a\x1bb")])
def test_exporting_a_title_or_note_that_toml_cannot_hold_names_the_field(client, field, value):
    pos = position({"battleline": ["Krump"]})
    response = client.post("/api/scenarios/export", json={"position": pos, "plays": [{"play": "reap c1"}],
                                                          field: value})
    assert response.status_code == 400 and field in problems(response)


def test_a_note_of_several_lines_is_exported_and_reads_back(client):
    pos = position({"battleline": ["Krump"]})
    data = client.post("/api/scenarios/export", json={"position": pos, "plays": [{"play": "reap c1"}],
                                                      "title": "Mesa 12", "note": "first\nsecond\r\nthird"}).get_json()
    assert data["passes"] is True and "# second\n" in data["toml"]


def test_a_position_the_engine_cannot_write_is_a_422_not_a_500(client, monkeypatch):
    from judge.core.ruleset import Ruleset

    def fail(self, position):
        raise TypeError("cannot write NoneType as TOML: None")

    monkeypatch.setattr(Ruleset, "dumps", fail)
    response = client.post("/api/position", json={"position": position({"hand": ["Troll"]})})
    assert response.status_code == 422 and response.get_json()["error"] == "engine-failure"


@pytest.mark.parametrize("body", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_numbers_json_does_not_allow_name_the_field(client, body):
    raw = '{"position": {"active": "p1", "turn": ' + body + ', "players": {"p1": {}, "p2": {}}}}'
    response = client.post("/api/position", data=raw, content_type="application/json")
    assert response.status_code == 400 and "position.turn" in problems(response)


# Saves ---------------------------------------------------------------------------------------------------------


SAVE = {"ruleset": "keyforge-17.2", "position": position({"hand": ["Troll"]}), "plays": [{"play": "play Troll"}]}


def test_a_save_is_checked_before_it_is_stored(client, app):
    from judge import db

    bad = {**SAVE, "position": position({"hand": ["Trool Imaginario"]})}
    response = client.post("/api/saves", json=bad)
    assert response.status_code == 422 and response.get_json()["error"] == "malformed-position"
    history = {**SAVE, "history": [{"position": {"players": {}}, "play": "end-turn", "answers": []}]}
    response = client.post("/api/saves", json=history)
    assert response.status_code == 422 and any(p.startswith("history[0].position") for p in problems(response))
    database = db.connect(app.config["DATABASE"])
    try:
        stored = [json.loads(r[0])["position"] for r in database.execute("SELECT payload FROM saves").fetchall()]
    finally:
        database.conn.close()
    assert bad["position"] not in stored


def test_a_retried_save_gets_the_same_permalink_and_stores_nothing_more(client, app):
    from judge import db

    body = {**SAVE, "title": "retry me"}
    first = client.post("/api/saves", json=body)
    again = client.post("/api/saves", json=body)
    assert first.status_code == 201 and again.status_code == 200
    assert first.get_json() == again.get_json()
    other = client.post("/api/saves", json={**body, "title": "another board"})
    assert other.status_code == 201 and other.get_json()["id"] != first.get_json()["id"]
    database = db.connect(app.config["DATABASE"])
    try:
        assert database.execute("SELECT count(*) FROM saves WHERE title = 'retry me'").fetchone()[0] == 1
    finally:
        database.conn.close()


def test_a_save_larger_than_the_limit_is_refused(client):
    from judge.web.saves import MAX_SAVE_BYTES

    history = [{"position": position({"deck": ["Troll"] * 330}), "play": "end-turn", "answers": []}] * 50
    body = {**SAVE, "history": history}
    assert MAX_SAVE_BYTES < len(json.dumps(body)) < 256 * 1024
    response = client.post("/api/saves", json=body)
    assert response.status_code == 413 and "at most 128 KiB" in response.get_json()["message"]


def test_saves_per_client_per_minute_are_limited(tmp_path):
    from judge.web import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "judge.sqlite"), "SAVES_PER_MINUTE": 3})
    client = app.test_client()
    for n in range(3):
        assert client.post("/api/saves", json={**SAVE, "title": f"board {n}"}).status_code == 201
    refused = client.post("/api/saves", json={**SAVE, "title": "board 3"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert refused.get_json()["message"] == "at most 3 new saves a minute from one address; try again in a minute"
    # a retry of a board already saved is not a new save
    assert client.post("/api/saves", json={**SAVE, "title": "board 0"}).status_code == 200
    # another address has its own quota
    other = client.post("/api/saves", json={**SAVE, "title": "board 3"}, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201


def test_the_limits_are_published(client):
    data = client.get("/api/limits").get_json()
    assert data["in_play"] == 40 and data["work"] == 500_000 and data["steps"] == 4_000
