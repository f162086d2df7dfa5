"""The cards a judge sees on the board: the facts and the engine's reading of each card (GET /api/cards and the cards
of a position), the picker's filters by house, trait and type, what is not encoded, the lasting effects on a card and
the enhanced bonus icons of a copy, written in the notation of the scenario files."""

from __future__ import annotations

import json

import pytest

from judge.core.catalog import name_key
from judge.games.keyforge import pool


@pytest.fixture
def client(module_app):
    return module_app.test_client()


def cards(client, lang="es", **args):
    r = client.get("/api/cards", query_string={"game": "keyforge", **args}, headers={"Accept-Language": lang})
    assert r.status_code == 200, r.get_json()
    return r.get_json()["cards"]


# The card as the engine reads it ------------------------------------------------------------------------------------


def test_a_card_is_served_with_its_reading_in_both_languages(client):
    (tiger,) = cards(client, q="Mighty Tiger", limit=1)
    assert tiger["reading"]["en"] == ["Creature · power 4", "Play: Deal 4 damage to an enemy creature."]
    assert tiger["reading"]["es"] == ["Criatura · poder 4", "Jugar: Inflige 4 de daño a una criatura enemiga."]
    assert tiger["house_name"] == {"es": "Indómitos", "en": "Untamed"}
    assert tiger["type_name"] == {"es": "Criatura", "en": "Creature"}
    assert tiger["incomplete"] is None
    assert tiger["traits"] == ["beast"] and tiger["traits_named"] == {"es": ["Beast"], "en": ["Beast"]}


def test_keywords_and_bonus_icons_are_named_in_each_language(client):
    (dust,) = cards(client, q="Dust Pixie", limit=1)
    assert dust["bonus_named"] == {"es": ["Æmbar", "Æmbar"], "en": ["Æmber", "Æmber"]}
    (bulwark,) = cards(client, q="Bulwark", limit=1)
    assert "armor 2" in bulwark["reading"]["en"][0] and "armadura 2" in bulwark["reading"]["es"][0]
    (duskwitch,) = cards(client, q="Duskwitch", limit=1)
    assert duskwitch["keywords_named"] == {"es": ["Omega", "Escurridiza"], "en": ["Omega", "Elusive"]}


def test_an_incomplete_card_says_what_is_missing_in_the_judges_language(client):
    (card,) = cards(client, q="3LL-I0T", limit=1)
    assert card["incomplete"]["en"] == "playing an upgrade from the discard pile onto this creature"
    assert card["incomplete"]["es"] and card["incomplete"]["es"] != card["incomplete"]["en"]
    assert any("not encoded" in line for line in card["reading"]["en"])
    assert any("sin codificar" in line for line in card["reading"]["es"])


@pytest.mark.parametrize("game", ["mitos-y-leyendas", "gobierno-y-prestigio"])
def test_the_other_games_show_their_facts_and_their_reading(client, game):
    found = client.get("/api/cards", query_string={"game": game, "limit": 5}).get_json()["cards"]
    assert found and all({"id", "name", "type", "type_name", "cost", "strength"} <= set(c) for c in found)
    # every card is read back in both languages, its type first
    assert all(c["reading"]["es"] and c["reading"]["en"] for c in found)
    assert all(c["reading"]["es"][0].startswith(c["type_name"]["es"]) for c in found)
    # the game is printed in Spanish: its words read the same in both languages, accents and capitals included
    assert all(c["type_name"]["es"] == c["type_name"]["en"] and c["type_name"]["es"][:1].isupper() for c in found)


def test_the_board_shows_houses_and_types_by_name_and_writes_their_words(client):
    (kf,) = [r for r in client.get("/api/rulesets").get_json()["rulesets"] if r["id"] == "keyforge-17.2"]
    fields = {f["key"]: f for f in kf["schema"]["player_fields"] + kf["schema"]["card_fields"]}
    assert fields["house"]["labels"]["untamed"] == {"es": "Indómitos", "en": "Untamed"}
    assert set(fields["house"]["labels"]) == set(fields["house"]["options"])
    assert fields["houses"]["labels"]["staralliance"]["en"] == "Star Alliance"
    assert fields["type"]["labels"]["token-creature"] == {"es": "Criatura ficha", "en": "Token creature"}
    lasting = kf["schema"]["lasting"]
    assert {"value": "turn", "name": {"es": "durante el resto del turno", "en": "for the remainder of the turn"}} \
        in lasting["durations"]
    power = next(e for e in lasting["effects"] if e["value"] == "power")
    assert power["params"] == ["amount"] and power["name"]["en"] == "this card gets +1 power"


# The picker's filters -----------------------------------------------------------------------------------------------


def test_cards_are_filtered_by_house_trait_and_type_in_any_combination(client):
    beasts = cards(client, house="untamed", trait="beast", type="creature", limit=500)
    assert "mighty-tiger" in {c["id"] for c in beasts}
    assert all("untamed" in c["houses"] and "beast" in c["traits"] and c["type"] == "creature" for c in beasts)
    artifacts = cards(client, house="logos", type="artifact", limit=500)
    assert artifacts and all(c["type"] == "artifact" and "logos" in c["houses"] for c in artifacts)
    named = cards(client, q="tig", house="untamed", limit=50)
    assert "mighty-tiger" in {c["id"] for c in named}
    assert all("untamed" in c["houses"] for c in named)


def test_a_filter_value_may_be_its_display_name_and_several_values_mean_any(client):
    by_name = {c["id"] for c in cards(client, house="Marte", limit=500)}
    by_slug = {c["id"] for c in cards(client, house="mars", limit=500)}
    assert by_name == by_slug and by_slug
    both = cards(client, house=["mars", "dis"], type="creature", limit=500)
    assert {h for c in both for h in c["houses"]} & {"mars", "dis"}
    assert all(set(c["houses"]) & {"mars", "dis"} for c in both)


def test_unknown_filters_and_values_are_refused_with_the_valid_ones(client):
    r = client.get("/api/cards", query_string={"game": "keyforge", "house": "narnia"})
    assert r.status_code == 400
    assert "narnia" in r.get_json()["message"] and "brobnar" in r.get_json()["message"]
    assert r.get_json()["problems"][0]["where"] == "house"
    r = client.get("/api/cards", query_string={"game": "keyforge", "colour": "red"})
    assert r.status_code == 400
    assert "house, trait, type" in r.get_json()["message"]
    r = client.get("/api/cards", query_string={"game": "keyforge", "type": "spaceship"})
    assert r.status_code == 400 and "creature" in r.get_json()["message"]
    r = client.get("/api/cards", query_string={"game": "chess"})
    assert r.status_code == 400 and "keyforge" in r.get_json()["message"]
    r = client.get("/api/cards", query_string={"game": "keyforge", "house": ["mars"] * 21})
    assert r.status_code == 400 and "at most 20" in r.get_json()["message"]
    r = client.get("/api/cards", query_string={"game": "keyforge", "trait": "x" * 101})
    assert r.status_code == 400
    # an empty filter is no filter
    assert cards(client, q="Troll", house="", limit=5)


def test_the_filters_of_each_game_with_their_display_names(client):
    es = client.get("/api/cards/filters?game=keyforge", headers={"Accept-Language": "es"}).get_json()["filters"]
    assert set(es) == {"house", "trait", "type"}
    houses = {h["value"]: h["name"] for h in es["house"]}
    assert houses["mars"] == {"es": "Marte", "en": "Mars"} and houses["staralliance"]["en"] == "Star Alliance"
    assert houses["none"] == {"es": "Sin Casa", "en": "No house"}
    assert [h["name"]["es"] for h in es["house"]] == sorted((h["name"]["es"] for h in es["house"]), key=str.casefold)
    assert "beast" in {t["value"] for t in es["trait"]}
    myl = client.get("/api/cards/filters?game=mitos-y-leyendas").get_json()["filters"]
    assert {"type", "race"} <= set(myl) and "Aliado" in {t["name"]["es"] for t in myl["type"]}
    races = {t["value"]: t["name"]["es"] for t in myl["race"]}
    assert races["licantropo"] == "Licántropo" and races["abominacion"] == "Abominación" and races["kami"] == "Kami"
    gyp = client.get("/api/cards/filters?game=gobierno-y-prestigio").get_json()["filters"]
    assert "Punto de gobierno" in {t["name"]["es"] for t in gyp["type"]}
    assert client.get("/api/cards/filters?game=chess").status_code == 400


def test_the_other_games_are_filtered_by_their_own_words(client):
    allies = client.get("/api/cards", query_string={"game": "mitos-y-leyendas", "type": "aliado", "limit": 500}).get_json()
    assert allies["cards"] and all(c["type"] == "aliado" for c in allies["cards"])
    r = client.get("/api/cards", query_string={"game": "mitos-y-leyendas", "house": "brobnar"})
    assert r.status_code == 400 and "race" in r.get_json()["message"]


def test_every_card_of_the_pool_is_found_by_each_of_its_names(client, kf):
    # The picker searches the catalog's names: every name of every card of the pool, in English, Spanish and
    # Portuguese, finds that card — or, for the few names two cards print alike (the halves of a gigantic creature,
    # an evil twin), the card the catalog gives that name to, which the judge sees among the results.
    catalog = kf.catalog()
    misses = []
    for facts in pool.read():
        for lang, name in facts["name"].items():
            found = catalog.search(name, limit=2600)
            if facts["id"] not in {c.id for c in found} and not any(
                    name_key(name) in map(name_key, c.names()) for c in found):
                misses.append((facts["id"], lang, name))
    assert misses == []
    # and every other spelling the rulebooks use for a card (its aliases) finds it too
    aliased = [c for c in catalog.cards.values() if c.aliases]
    assert aliased
    assert [(c.id, a) for c in aliased for a in c.aliases if c.id not in {f.id for f in catalog.search(a, limit=2600)}] == []
    (tiger,) = [c for c in cards(client, q="Tigre Poderoso", limit=5) if c["id"] == "mighty-tiger"]
    assert tiger["name"]["pt"] == "Tigre Poderoso"


# A position's cards: lasting effects and enhanced icons -------------------------------------------------------------

TIGER_AND_BULWARK = {
    "active": "p1", "step": "main",
    "values": {"lasting": [{"source": "b", "controller": "p1", "duration": "turn",
                            "effect": {"modify": "power", "amount": 2, "target": ["t"]}}]},
    "players": {"p1": {"house": "untamed", "hand": [{"uid": "h", "card": "Mighty Tiger", "icons": ["aember", "draw"]}],
                       "battleline": [{"uid": "b", "card": "Bulwark"}, {"uid": "t", "card": "Mighty Tiger"}]},
                "p2": {"battleline": ["Troll"]}},
}


def test_a_card_in_play_shows_its_values_now_and_the_lasting_effects_on_it(client):
    r = client.post("/api/position", json={"ruleset": "keyforge-17.2", "position": TIGER_AND_BULWARK})
    assert r.status_code == 200, r.get_json()
    tiger = r.get_json()["cards"]["t"]
    assert (tiger["power"], tiger["power_now"], tiger["armor"], tiger["armor_now"]) == (4, 6, 0, 2)
    assert tiger["lasting"] == [{"index": 0, "es": "Durante el resto del turno, esta carta obtiene +2 de poder.",
                                 "en": "For the remainder of the turn, this card gets +2 power."}]
    assert "lasting" not in r.get_json()["cards"]["b"]


def test_lasting_effects_and_enhanced_icons_round_trip_through_the_position_text(client):
    first = client.post("/api/position", json={"ruleset": "keyforge-17.2", "position": TIGER_AND_BULWARK}).get_json()
    text = first["toml"]
    assert 'icons = ["aember", "draw"]' in text
    assert "lasting = [" in text and 'duration = "turn"' in text
    again = client.post("/api/position", json={"ruleset": "keyforge-17.2", "position": text}).get_json()
    assert again["toml"] == text and again["position"] == first["position"]


def test_an_enhanced_icon_resolves_and_the_lasting_effect_holds(client):
    # The Tiger in hand carries an æmber icon its deck's Enhance added: played, it gives 1 æmber; the lasting +2
    # power stays on the other Tiger, and the Troll takes the 4 damage of the play ability (the only enemy creature).
    body = {"ruleset": "keyforge-17.2", "position": TIGER_AND_BULWARK, "play": "play h", "answers": ["left"]}
    data = client.post("/api/resolve", json=body).get_json()
    assert data["question"] is None, data
    changes = {c["what"]: c["after"] for c in data["changes"]}
    assert changes["p1.amber"] == 1 and changes["c1.damage"] == 4
    assert data["after"]["cards"]["t"]["power_now"] == 6
    assert data["after"]["cards"]["h"]["power_now"] == 4


def test_each_card_reads_only_the_lasting_effects_on_it(client):
    # A keyword until the next turn on the Bulwark; a lasting effect on every friendly creature (a target table, not
    # named cards) is the position's and no one card's, so no chip claims it.
    position = json.loads(json.dumps(TIGER_AND_BULWARK))
    position["values"]["lasting"] += [
        {"controller": "p1", "duration": "until-your-next-turn", "effect": {"modify": "keyword", "keyword": "taunt",
                                                                             "target": "b"}},
        {"controller": "p1", "duration": "turn", "effect": {"modify": "armor", "amount": 1,
                                                            "target": {"all": True, "kind": "creature", "side": "friendly"}}},
    ]
    r = client.post("/api/position", json={"ruleset": "keyforge-17.2", "position": position})
    assert r.status_code == 200, r.get_json()
    views = r.get_json()["cards"]
    assert views["b"]["lasting"] == [{"index": 1, "es": "Hasta el comienzo de tu próximo turno, esta carta obtiene Provocar.",
                                      "en": "Until the start of your next turn, this card gains Taunt."}]
    assert [entry["index"] for entry in views["t"]["lasting"]] == [0]
    assert "lasting" not in views["h"]
