"""The board as a judge uses it (issue #15): positions no game leads to get warnings that name the rule they break,
every step offers what the rules allow there or says why nothing, the engine's bookkeeping is told apart from what a
judge reads, a replay is checked by the scenario runner, and every stack kind has a label."""

from __future__ import annotations

import pytest

from judge import corpus, rulesets
from judge.web import i18n

KF = "keyforge-17.2"


@pytest.fixture
def client(module_app):
    """A client of the module's app (its database is built once), with cookies of its own."""
    return module_app.test_client()


def position(client, pos, ruleset=KF):
    response = client.post("/api/position", json={"ruleset": ruleset, "position": pos})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def warned(client, pos, ruleset=KF):
    return {(w["where"], w["rule"]) for w in position(client, pos, ruleset)["warnings"]}


def kf(p1=None, p2=None, **top):
    return {"active": "p1", "step": "main", **top,
            "players": {"p1": {"house": "brobnar", **(p1 or {})}, "p2": p2 or {}}}


# Warnings: what play cannot lead to, with the rule, never an error ------------------------------------------------


def test_a_plain_position_has_no_warning(client):
    assert position(client, kf({"battleline": [{"uid": "t", "card": "Troll", "damage": 7}]}))["warnings"] == []


def test_a_creature_with_damage_reaching_its_power_would_have_been_destroyed(client):
    # DAÑO: a creature with damage equal to or greater than its power is destroyed. Troll has power 8.
    data = position(client, kf({"battleline": [{"uid": "t", "card": "Troll", "damage": 50}]}))
    assert [(w["where"], w["rule"]) for w in data["warnings"]] == [("players.p1.battleline[0].damage", f"{KF}#damage")]
    assert data["plays"], "a warning does not stop the judge from resolving"
    assert "50" in data["warnings"][0]["message"] and data["warnings"][0]["rule_info"]["title"] == "DAÑO"
    assert warned(client, kf({"battleline": [{"uid": "t", "card": "Troll", "damage": 8}]})) == {
        ("players.p1.battleline[0].damage", f"{KF}#damage")}


def test_absurd_aember_is_a_warning(client):
    assert warned(client, kf(p2={"amber": 1_000_000})) == {("players.p2.amber", f"{KF}#aember")}
    assert warned(client, kf(p2={"amber": 40})) == set()


def test_three_keys_is_a_game_already_over_and_both_cannot_have_them(client):
    # LLAVES: the first player to forge their third key wins at once.
    assert warned(client, kf({"keys": 3})) == {("players.p1.keys", f"{KF}#keys")}
    assert warned(client, kf({"keys": 3}, {"keys": ["red", "blue", "yellow"]})) == {("players", f"{KF}#keys")}
    assert warned(client, kf({"keys": 2}, {"keys": 2})) == set()


def test_an_active_house_not_among_the_decks_houses(client):
    # ELECCIÓN DE CASA: the active player chooses one of the three houses on their identity card.
    pos = kf({"house": "brobnar", "houses": ["dis", "logos", "mars"]})
    assert warned(client, pos) == {("players.p1.house", f"{KF}#house-choice")}
    assert warned(client, kf({"house": "dis", "houses": ["dis", "logos", "mars"]})) == set()
    # A house of a card in play the player controls may be chosen as well.
    pos["players"]["p1"]["battleline"] = [{"uid": "t", "card": "Troll"}]
    assert warned(client, pos) == set()


def test_the_warnings_come_in_the_judges_language(client):
    client.set_cookie("lang", "en")
    en = position(client, kf(p2={"amber": 1_000_000}))["warnings"][0]
    client.set_cookie("lang", "es")
    es = position(client, kf(p2={"amber": 1_000_000}))["warnings"][0]
    assert "æmber" in en["message"] and "Æmbar" in es["message"] and en["text"] == es["text"]


def test_resolve_answers_with_the_warnings_of_the_position_it_resolved(client):
    pos = kf({"battleline": [{"uid": "t", "card": "Troll"}]}, {"amber": 1_000_000})
    data = client.post("/api/resolve", json={"ruleset": KF, "position": pos, "play": "reap t"}).get_json()
    assert data["status"] == "complete" and [w["rule"] for w in data["warnings"]] == [f"{KF}#aember"]
    assert data["after"]["position"]["players"]["p1"]["amber"] == 1


MYL_TALISMAN = {"active": "p1", "step": "vigilia.c-d",
                "players": {"p1": {"castillo": 40, "linea-de-apoyo": [{"uid": "t", "card": "Acupuntura"}]},
                            "p2": {"castillo": 40}}}


def test_mitos_y_leyendas_a_talisman_left_in_play_and_an_arma_nobody_carries(client):
    # Paso 6: a Talismán resolves and goes to its owner's Cementerio; an Arma without a carrier goes there too.
    assert warned(client, MYL_TALISMAN, "myl-pe-2024") == {
        ("players.p1.linea-de-apoyo[0]", "myl-pe-faq-2024#pasos-para-jugar-una-carta.6")}
    orphan = {**MYL_TALISMAN, "players": {"p1": {"castillo": 40, "linea-de-defensa": [{"uid": "a", "card": "Arco de Ullr"}]},
                                          "p2": {"castillo": 40}}}
    assert warned(client, orphan, "myl-pe-2024") == {("players.p1.linea-de-defensa[0]", "myl-decisiones#orphan-arma")}
    carried = {**MYL_TALISMAN, "players": {"p1": {"castillo": 40, "linea-de-defensa": [
        {"uid": "al", "card": "Amaru", "armas": [{"uid": "a", "card": "Arco de Ullr"}]}]}, "p2": {"castillo": 40}}}
    assert warned(client, carried, "myl-pe-2024") == set()


GYP = {"active": "p1", "turn": 3, "step": "paso-de-mando", "priority": "p1",
       "players": {"p1": {"pg": ["PG", "PG", "PG"]}, "p2": {"pg": ["PG", "PG", "PG"]}},
       "cards": {"coloso": {"name": "Coloso", "type": "ciudadano", "cost": 5, "strength": 4, "toughness": 6}}}


def test_gobierno_y_prestigio_state_based_actions_left_undone(client):
    # 104.2.a: 40 prestige wins the game; the state-based actions destroy a súbdito with lethal damage (123.9).
    won = {**GYP, "players": {**GYP["players"], "p2": {"pg": ["PG"], "prestigio": 45}}}
    assert warned(client, won, "gyp-reglas-1") == {("players.p2.prestigio", "gyp-reglas-1#104.2.a")}
    lethal = {**GYP, "players": {**GYP["players"], "p2": {"pg": ["PG"], "campo": [{"uid": "co", "card": "coloso", "dano": 6}]}}}
    assert warned(client, lethal, "gyp-reglas-1") == {("players.p2.campo[0]", "gyp-reglas-1#123.9")}
    alive = {**GYP, "players": {**GYP["players"], "p2": {"pg": ["PG"], "campo": [{"uid": "co", "card": "coloso", "dano": 5}]}}}
    assert warned(client, alive, "gyp-reglas-1") == set()


@pytest.mark.parametrize("ruleset", [r.id for r in rulesets.all_rulesets()])
def test_every_warning_cites_a_stored_rule(client, ruleset):
    texts = corpus.load()
    positions = {"keyforge": kf({"keys": 3, "house": "dis", "houses": ["logos", "mars", "untamed"],
                                 "battleline": [{"uid": "t", "card": "Troll", "damage": 9}]}, {"amber": 500, "keys": 3}),
                 "mitos-y-leyendas": MYL_TALISMAN,
                 "gobierno-y-prestigio": {**GYP, "players": {**GYP["players"], "p2": {"pg": ["PG"], "prestigio": 40,
                                          "campo": [{"uid": "co", "card": "coloso", "dano": 7}]}}}}
    found = position(client, positions[rulesets.get(ruleset).game], ruleset)["warnings"]
    assert found
    for w in found:
        assert texts.has(w["rule"]), w


# Steps other than step 3: what the rules allow there, or why nothing ---------------------------------------------


@pytest.mark.parametrize("step, offered", [
    ("start", {"forge", "choose-house dis"}), ("forge", {"forge", "choose-house dis"}), ("house", {"choose-house dis"}),
    ("main", {"end-turn"}), ("ready", {"end-turn"}), ("draw", {"end-turn"}), ("end", {"end-turn"})])
def test_every_keyforge_step_offers_what_the_rules_allow(client, step, offered):
    # SECUENCIA DEL TURNO: step 1 forges, step 2 chooses a house, the turn is ended from step 3 on.
    pos = {"active": "p1", "step": step, "players": {"p1": {"houses": ["dis", "logos", "mars"],
                                                             **({"house": "dis"} if step == "main" else {})}, "p2": {}}}
    plays = {p["play"] for p in position(client, pos)["plays"]}
    assert offered <= plays


def test_step_two_with_no_house_to_choose_is_still_played(client):
    # ELECCIÓN DE CASA: with no house to choose, step 2 ends with no active house.
    data = position(client, {"active": "p1", "step": "house", "players": {"p1": {}, "p2": {}}})
    assert [p["play"] for p in data["plays"]] == ["choose-house"]
    assert data["plays"][0]["label"]["en"] == "Choose the active house (step 2)"


def test_a_house_to_choose_is_named_as_a_judge_reads_it(client):
    data = position(client, {"active": "p1", "step": "house", "players": {"p1": {"houses": ["mars", "staralliance"]},
                                                                           "p2": {}}})
    labels = {p["play"]: p["label"] for p in data["plays"]}
    assert labels["choose-house mars"]["es"].endswith("Marte") and labels["choose-house mars"]["en"].endswith("Mars")
    assert labels["choose-house staralliance"]["en"].endswith("Star Alliance")


def test_a_play_label_says_what_it_does_from_its_step(client):
    data = position(client, {"active": "p1", "step": "ready", "players": {"p1": {}, "p2": {}}})
    assert [p["label"] for p in data["plays"]] == [{"es": "Preparar las cartas, robar y terminar el turno",
                                                     "en": "Ready cards, draw and end the turn"}]


def test_with_no_legal_play_the_board_says_why_by_the_rules(client):
    pos = {"active": "p1", "step": "batalla.dano.c", "players": {"p1": {"castillo": 40}, "p2": {"castillo": 40}}}
    data = position(client, pos, "myl-pe-2024")
    assert data["plays"] == [] and data["no_plays"]
    by_verb = {v: r for r in data["no_plays"] for v in r["verbs"]}
    assert by_verb["pass"]["rule"] == "myl-pe-faq-2024#pasos-para-jugar-una-carta.5"
    assert by_verb["agrupar"]["rule"] == "myl-pe-faq-2024#fase-de-agrupacion" and by_verb["agrupar"]["reason"]["es"]
    texts = corpus.load()
    assert all(texts.has(r["rule"]) and r["labels"]["es"] for r in data["no_plays"])
    assert position(client, kf())["no_plays"] == []


# Bookkeeping: what a judge reads, and the details ----------------------------------------------------------------


def test_trace_counters_are_details_and_what_changed_on_the_board_is_not(client):
    pos = kf({"battleline": [{"uid": "t", "card": "Troll"}]}, {"battleline": [{"uid": "k", "card": "Krump"},
                                                                              {"uid": "k2", "card": "Krump"}]})
    data = client.post("/api/resolve", json={"position": pos, "play": "fight t", "answers": ["k"]}).get_json()

    def changes(step):
        yield from step.get("changes") or ()
        for child in step.get("children") or ():
            yield from changes(child)

    detail = {c["what"]: c["detail"] for c in changes(data["trace"])}
    assert detail["this-turn"] and detail["actions-this-step"] and detail["uses"]
    # Krump has no Elusive: "elusive used" on it means nothing to a judge.
    assert detail["k.elusive-used"]
    assert not detail["k.damage"] and not detail["k.zone"] and not detail["t.exhausted"]
    listed = {c["what"]: c["detail"] for c in data["changes"]}
    # k2 moved up the battleline because Krump left it: a shift, not a change of its own.
    assert listed["k2.index"] and listed["values.this-turn"] and not listed["k.zone"] and not listed["t.damage"]


def test_a_card_is_shown_without_a_state_that_means_nothing_on_it(client):
    # ELUSIVO: only a creature with Elusive uses it up. Troll, without Elusive, survives Krump's attack.
    pos = kf({"battleline": [{"uid": "k", "card": "Krump"}]}, {"battleline": [{"uid": "t", "card": "Troll"}]})
    data = client.post("/api/resolve", json={"position": pos, "play": "fight k", "answers": ["t"]}).get_json()
    assert data["after"]["position"]["players"]["p2"]["battleline"][0].get("elusive-used") is True
    assert data["after"]["unread_states"] == {"t": ["elusive-used"]} and data["before"]["unread_states"] == {}


def test_explore_reads_paths_by_the_questions_words_and_counters_as_numbers(client):
    pos = {"active": "p1", "step": "main", "ruleset": "keyforge-1.1",
           "players": {"p1": {"house": "untamed", "hand": [{"uid": "tiger", "card": "Tigre Portentoso"}],
                              "battleline": [{"uid": "friend", "card": "Troll"}]},
                       "p2": {"battleline": [{"uid": "big", "card": "Krump"}, {"uid": "other", "card": "Krump"}]}}}
    client.set_cookie("lang", "en")
    data = client.post("/api/explore", json={"ruleset": "keyforge-1.1", "position": pos, "play": "play tiger"}).get_json()
    described = data["outcomes"][0]["paths"][0]["described"]["en"]
    assert [d["key"] for d in described] == ["flank", "target"]
    assert described[0]["prompt"].startswith("Where does Mighty Tiger") and "target" not in described[0]["prompt"]
    assert set(data["differing"]) == {"p1.battleline", "big.damage", "other.damage"}
    assert {"tiger.index", "friend.index"} <= set(data["differing_details"])
    # A creature with no damage reads 0, not null.
    assert sorted(o["facts"]["big.damage"] for o in data["outcomes"]) == [0, 0, 4, 4]


# A replay shows what it proves ----------------------------------------------------------------------------------


def replayed(client, sid, change=None):
    s = client.get(f"/api/scenarios/{sid}").get_json()
    plays = s["plays"]
    if change:
        plays[0]["answers"] = change
    return s, client.post("/api/scenarios/check", json={"id": s["id"], "ruleset": s["ruleset"], "position": s["position"],
                                                        "plays": plays, "expect": s["expect"]})


def test_a_replay_with_the_recorded_answers_is_ticked_by_the_scenario_check(client):
    s, response = replayed(client, "KF11-ERR-02")
    assert s["rulings"][0]["url"] == "/rulings/KF11-ERR-02" and "Tigre Portentoso" in s["rulings"][0]["title"]
    assert s["reading"].startswith("The damage icon") and s["plays"][0]["answers"] == ["left", "big"]
    data = response.get_json()
    assert data["passed"] is True and data["error"] is None
    assert {(e["path"], e["ok"]) for e in data["expectations"]} == {
        ("tiger.zone", True), ("big.damage", True), ("other.damage", True), ("friend.damage", True),
        ("trace.offered.target", True)}


def _every_nth_scenario(n):
    from judge.web import service

    ids = sorted(service._scenario_index(str(service.scenarios_root()))[0])
    return ids[::n] + [sid for sid in ids if sid == "KF172-RULE-ASSAULT-4"]


@pytest.mark.parametrize("sid", _every_nth_scenario(12))
def test_a_scenario_replayed_as_the_board_gets_it_is_ticked(client, sid):
    # Every scenario passes `judge check`: replayed from what GET /api/scenarios gives the board (with its
    # corrections and its refused plays), each of its expectations is ticked.
    s = client.get(f"/api/scenarios/{sid}").get_json()
    response = client.post("/api/scenarios/check", json={k: s[k] for k in ("id", "ruleset", "position", "plays", "expect")})
    data = response.get_json()
    assert response.status_code == 200 and data["passed"], data
    assert all(e["ok"] for e in data["expectations"])


def test_a_replay_with_another_answer_is_crossed_where_it_parts_from_the_ruling(client):
    # The Tiger's 4 damage goes to the creature chosen: choosing "other" leaves "big" undamaged.
    _, response = replayed(client, "KF11-ERR-02", ["left", "other"])
    data = response.get_json()
    verdicts = {e["path"]: (e["ok"], e["actual"]) for e in data["expectations"]}
    assert data["passed"] is False
    assert verdicts["big.damage"] == (False, 0) and verdicts["other.damage"] == (False, 4)
    assert verdicts["tiger.zone"] == (True, "p1.battleline")


def test_an_imported_scenario_carries_what_the_check_needs(client):
    exported = client.post("/api/scenarios/export", json={
        "id": "MESA-3", "position": kf(p1={"hand": ["Troll"], "battleline": ["Krump"]}),
        "plays": [{"play": "play Troll", "answers": ["left"]}]}).get_json()
    imported = client.post("/api/scenarios/import", json={"toml": exported["toml"]}).get_json()
    assert imported["plays"][0]["answers"] == ["left"] and imported["expect"]
    data = client.post("/api/scenarios/check", json={k: imported[k] for k in ("id", "ruleset", "position", "plays",
                                                                               "expect")}).get_json()
    assert data["passed"] is True and all(e["ok"] for e in data["expectations"])


@pytest.mark.parametrize("body, where", [
    ({"plays": []}, "plays"), ({"plays": [{"play": "reap c1", "bogus": 1}]}, "plays[0]"),
    ({"plays": [{"play": "reap c1"}], "expect": []}, "expect"), ({"plays": [{"play": "x"}], "color": 1}, "color")])
def test_a_bad_scenario_check_is_refused_with_where(client, body, where):
    response = client.post("/api/scenarios/check", json={"position": kf(), **body})
    assert response.status_code == 400 and where in {p["where"] for p in response.get_json()["problems"]}


def test_a_scenario_check_of_an_unknown_ruleset_is_refused(client):
    response = client.post("/api/scenarios/check", json={"ruleset": "chess", "position": kf(), "plays": [{"play": "x"}]})
    assert response.status_code == 422


# Small texts ------------------------------------------------------------------------------------------------------


def _stack_kinds(ruleset):
    kinds = set(ruleset.schema().get("stack_kinds", ()))
    if ruleset.game == "mitos-y-leyendas":
        # Every kind of item the engine puts on the stack has a resolver; the schema lists those a judge writes.
        from judge.games.mitos_y_leyendas.timing import RESOLVERS

        kinds |= set(RESOLVERS)
    return kinds


@pytest.mark.parametrize("ruleset", [r.id for r in rulesets.all_rulesets()])
def test_every_stack_kind_has_a_label_in_both_languages(ruleset):
    for kind in _stack_kinds(rulesets.get(ruleset)):
        label = i18n.MESSAGES.get(f"board.stack_kind.{kind}")
        assert label and label["es"] and label["en"], kind


def test_the_stack_kinds_of_the_guerra_de_talismanes_and_direct_damage_have_labels():
    assert i18n.MESSAGES["board.stack_kind.inicio-guerra"]["es"] == "inicio de la Guerra de Talismanes"
    assert i18n.MESSAGES["board.stack_kind.dano-directo"]["en"] == "direct damage"


@pytest.mark.parametrize("path", ["/", "/board"])
def test_the_home_page_and_the_board_say_which_games_are_played_on_the_board(client, path):
    client.set_cookie("lang", "en")
    page = client.get(path).get_data(as_text=True)
    assert "Playable on the board:</strong> KeyForge, Mitos y Leyendas and Gobierno &amp; Prestigio." in page
    client.set_cookie("lang", "es")
    page = client.get(path).get_data(as_text=True)
    assert "Se juegan en el tablero:</strong> KeyForge, Mitos y Leyendas y Gobierno &amp; Prestigio." in page


def test_no_message_doubles_a_word():
    import re

    doubled = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)
    for key, texts in i18n.MESSAGES.items():
        for lang, text in texts.items():
            assert not doubled.search(text), (key, lang, text)
