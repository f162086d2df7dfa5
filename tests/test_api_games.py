"""The board's API for every game, asked only through the ruleset: the schema a board is built from, the catalog,
the cards of a position, who makes each play (``by``), the stack and priority between plays, and scenarios replayed
with their answers and players."""

from __future__ import annotations

import pytest

from judge import rulesets


@pytest.fixture
def client(module_app):
    return module_app.test_client()


TALISMAN = {"name": "Rayo Prueba", "type": "talisman", "cost": 1,
            "abilities": [{"kind": "jugar", "effects": [{"do": "destruir", "target": {"type": "aliado"}}]}]}
ANNUL = {"name": "Anulación Talismán", "type": "talisman", "cost": 1,
         "abilities": [{"kind": "jugar", "effects": [{"do": "anular", "target": {"type": "talisman"}}]}]}
MYL = {"active": "p1", "step": "vigilia.c-d",
       "players": {"p1": {"castillo": 10, "mano": [{"uid": "rayo", "card": "rayo"}, {"uid": "m", "card": "anula"}],
                          "reserva-de-oro": ["oro", "oro"]},
                   "p2": {"castillo": 10, "mano": [{"uid": "n", "card": "anula"}], "reserva-de-oro": ["oro", "oro"],
                          "linea-de-defensa": [{"uid": "q", "card": "aliado"}]}},
       "cards": {"oro": {"name": "Oro", "type": "oro"}, "rayo": TALISMAN, "anula": ANNUL,
                 "aliado": {"name": "Aliado Prueba", "type": "aliado", "cost": 2, "strength": 2}}}
GYP = {"active": "p1", "turn": 3, "step": "paso-de-mando", "priority": "p1",
       "players": {"p1": {"pg": ["PG", "PG", "PG"], "mano": [{"uid": "fi", "card": "Fruto de la Ira"}]},
                   "p2": {"pg": ["PG", "PG"], "mano": [{"uid": "es", "card": "espia"}],
                          "campo": [{"uid": "so", "card": "soldado"}]}},
       "cards": {"espia": {"name": "Espía", "type": "ciudadano", "cost": 2, "strength": 1, "toughness": 1,
                           "keywords": ["inesperada"]},
                 "soldado": {"name": "Soldado", "type": "ciudadano", "cost": 2, "strength": 2, "toughness": 2}}}


def post(client, url, **body):
    return client.post(url, json=body)


def play_through(client, ruleset, position, plays):
    """Resolve each (play, by, answers) from where the previous one left the position; every answer of the API."""
    answers = []
    for play, by, given in plays:
        body = {"ruleset": ruleset, "position": position, "play": play, "answers": given}
        if by:
            body["by"] = by
        data = post(client, "/api/resolve", **body).get_json()
        assert data.get("status") == "complete", data
        answers.append(data)
        position = data["after"]["position"]
    return answers


@pytest.mark.parametrize("rid", [r.id for r in rulesets.all_rulesets()])
def test_every_ruleset_describes_its_board(client, rid):
    found = {r["id"]: r for r in client.get("/api/rulesets").get_json()["rulesets"]}
    schema = found[rid]["schema"]
    assert set(schema) >= {"zones", "zone_flags", "card_state", "player_fields", "game_fields", "card_fields",
                           "new_position", "stack", "steps"}
    # the empty position a board starts from is a position of that game
    checked = post(client, "/api/position", ruleset=rid, position=schema["new_position"])
    assert checked.status_code == 200, checked.get_json()
    assert checked.get_json()["acting"] == "p1"


@pytest.mark.parametrize("game, q, card", [("mitos-y-leyendas", "xing", "xing-yi-quan"),
                                           ("gobierno-y-prestigio", "fruto", "fruto-de-la-ira"),
                                           ("keyforge", "trol", "troll")])
def test_cards_of_every_game(client, game, q, card):
    found = client.get("/api/cards", query_string={"game": game, "q": q}).get_json()["cards"]
    assert card in [c["id"] for c in found]
    assert all(set(c) >= {"id", "name", "type"} for c in found)
    every = client.get("/api/cards", query_string={"game": game, "limit": 500}).get_json()["cards"]
    names = [c["name"]["es"].casefold() for c in every]
    assert names == sorted(names)


def test_the_cards_of_a_position_show_their_values_now(client):
    data = post(client, "/api/position", ruleset="myl-pe-2024", position=MYL).get_json()
    assert data["cards"]["q"]["strength_now"] == 2 and data["cards"]["rayo"]["type"] == "talisman"
    gyp = post(client, "/api/position", ruleset="gyp-reglas-1", position=GYP).get_json()
    assert gyp["cards"]["so"]["toughness_now"] == 2


def test_a_talisman_annulled_and_the_annulment_annulled(client):
    first, second, third = play_through(client, "myl-pe-2024", MYL, [("play rayo", None, []), ("play n", "p2", []),
                                                                     ("play m", "p1", [])])
    assert first["by"] == "p1" and first["after"]["position"]["priority"] == "p2"
    assert {p["play"]: p["by"] for p in first["plays_after"]} == {"play n": "p2", "pass": "p2"}
    assert second["by"] == "p2" and [i["source"] for i in second["after"]["position"]["stack"]] == ["rayo", "n"]
    after = third["after"]["position"]
    assert "stack" not in after
    assert [c["uid"] for c in after["players"]["p2"]["cementerio"]] == ["n", "q"]
    assert "myl-pe-faq-2024#pasos-para-jugar-una-carta.5" in third["citations"]


def test_a_play_by_a_player_who_may_not_act_is_refused(client):
    refused = post(client, "/api/resolve", ruleset="myl-pe-2024", position=MYL, play="play n", by="p2")
    assert refused.status_code == 422
    bad = post(client, "/api/resolve", ruleset="myl-pe-2024", position=MYL, play="play rayo", by=7)
    assert bad.status_code == 400 and bad.get_json()["problems"][0]["where"] == "by"


def test_the_stack_resolves_last_in_first_out(client):
    steps = play_through(client, "gyp-reglas-1", GYP, [("play fi", None, ["so"]), ("pass", "p1", []),
                                                       ("play es", "p2", []), ("pass", "p2", []), ("pass", "p1", []),
                                                       ("pass", "p1", []), ("pass", "p2", [])])
    stacks = [[i["source"] for i in s["after"]["position"].get("stack", [])] for s in steps]
    assert stacks == [["fi"], ["fi"], ["fi", "es"], ["fi", "es"], ["fi"], ["fi"], []]
    last = steps[-1]
    assert "gyp-reglas-1#120.6" in last["citations"]
    assert any(c["what"] == "so.zone" and c["after"] == "p2.descarte" for c in last["changes"])
    assert any(c["what"] == "priority" for c in steps[1]["changes"])


def test_exploring_a_play_of_another_player(client):
    position = play_through(client, "myl-pe-2024", MYL, [("play rayo", None, [])])[0]["after"]["position"]
    data = post(client, "/api/explore", ruleset="myl-pe-2024", position=position, play="pass", by="p2").get_json()
    assert data["by"] == "p2" and len(data["outcomes"]) == 1


def test_an_exported_scenario_keeps_who_made_each_play(client):
    exported = post(client, "/api/scenarios/export", ruleset="myl-pe-2024", position=MYL, id="MESA-MYL",
                    plays=[{"play": "play rayo", "answers": []}, {"play": "pass", "by": "p2", "answers": []},
                           {"play": "pass", "by": "p1", "answers": []}]).get_json()
    assert exported["passes"] is True, exported
    assert 'by = "p2"' in exported["toml"] and '"q.zone" = "p2.cementerio"' in exported["toml"]


def test_a_scenario_is_replayed_with_its_players_and_answers(client):
    data = client.get("/api/scenarios/MYL-GEN-45").get_json()
    assert [(p["play"], p["by"]) for p in data["plays"]] == [("play k", None), ("play n1", "p2"), ("play m", "p1"),
                                                              ("pass", "p2")]
    gyp = client.get("/api/scenarios/GP-RULE-091").get_json()
    assert gyp["ruleset"] == "gyp-reglas-1" and {"play": "mover es", "by": None, "answers": ["1"],
                                                 "illegal": None} in [{k: p.get(k) for k in ("play", "by", "answers", "illegal")}
                                                                      for p in gyp["plays"]]


def test_a_castle_written_as_a_count_counts_every_card(client):
    huge = {**MYL, "players": {**MYL["players"], "p2": {**MYL["players"]["p2"], "castillo": 5000}}}
    refused = post(client, "/api/position", ruleset="myl-pe-2024", position=huge)
    assert refused.status_code == 413 and "cards in the position" in refused.get_json()["message"]


def test_a_save_keeps_who_made_each_play(client):
    saved = post(client, "/api/saves", ruleset="myl-pe-2024", position=MYL,
                 plays=[{"play": "pass", "by": "p2", "answers": []}])
    assert saved.status_code in (200, 201)
    found = client.get(f"/api/saves/{saved.get_json()['id']}").get_json()
    assert found["plays"] == [{"play": "pass", "by": "p2", "answers": []}]
