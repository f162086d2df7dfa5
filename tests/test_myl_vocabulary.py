"""The Mitos y Leyendas card vocabulary, checked by the core's checker: a bad card gets every problem at once, each
with where it is and the words that would do."""

from __future__ import annotations

from judge.games.mitos_y_leyendas.catalog import card_from_dict, load_dir


def test_the_catalog_loads_without_problems():
    cards, problems = load_dir()
    assert not problems
    assert len(cards) > 150


def test_a_bad_custom_card_lists_every_problem():
    card, problems = card_from_dict("x", {
        "name": "X", "type": "criatura", "cost": -1,
        "play-cost": {"condition": {"count": "nada"}, "effects": [{"do": "y"}]},
        "abilities": [
            {"kind": "disparada", "on": "nunca",
             "effects": [{"do": "explotar", "until": "siempre", "target": {"color": "rojo"}}]},
            {"kind": "continua", "grant": "volar"},
            {"kind": "activada", "cost": [{"do": "pagar"}], "effects": [{"do": "robar", "then": [{"do": "z"}]}]},
            {"kind": "otra"},
        ],
    }, custom=True)
    assert card is None
    found = {p.where: p.message for p in problems}
    assert found == {
        "cards.x.type": "type is one of aliado, talisman, totem, arma, oro",
        "cards.x.cost": "cost is a whole number from 0",
        "cards.x.play-cost.condition": found["cards.x.play-cost.condition"],
        "cards.x.play-cost.effects[0].do": found["cards.x.play-cost.effects[0].do"],
        "cards.x.abilities[0].on": found["cards.x.abilities[0].on"],
        "cards.x.abilities[0].effects[0].do": found["cards.x.abilities[0].effects[0].do"],
        "cards.x.abilities[0].effects[0].until": "a duration is one of fase-final, turno, proximo-turno, permanente, "
                                                 "fuente-en-juego, not 'siempre'",
        "cards.x.abilities[0].effects[0].target.color": found["cards.x.abilities[0].effects[0].target.color"],
        "cards.x.abilities[1].grant": found["cards.x.abilities[1].grant"],
        "cards.x.abilities[2].cost[0].do": found["cards.x.abilities[2].cost[0].do"],
        "cards.x.abilities[2].effects[0].then[0].do": found["cards.x.abilities[2].effects[0].then[0].do"],
        "cards.x.abilities[3].kind": "kind is one of disparada, activada, continua, permanente, jugar, not 'otra'",
    }
    # Each names the words that would do.
    assert "a condition counts one of" in found["cards.x.play-cost.condition"]
    assert found["cards.x.abilities[0].effects[0].do"].startswith("an effect is one of destruir, botar")
    assert found["cards.x.abilities[0].effects[0].do"].endswith("not 'explotar'")
    assert "entra-en-juego" in found["cards.x.abilities[0].on"]
    assert "(known: attacking, bearer, choose" in found["cards.x.abilities[0].effects[0].target.color"]
    assert found["cards.x.abilities[1].grant"].endswith("not 'volar'")
    assert all(p.message_es for p in problems)
