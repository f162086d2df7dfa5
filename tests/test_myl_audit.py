"""What the Mitos y Leyendas vocabulary allows but the engine would not rule on as described: such a card is refused
when it is checked, never ruled wrongly (decision vocabulary-limits)."""

from __future__ import annotations

import pytest

from judge.games.mitos_y_leyendas.board import characteristics_fit
from judge.games.mitos_y_leyendas.catalog import CardDef, card_from_dict, load_dir


def _problems(abilities, card_type="talisman", **extra):
    card, problems = card_from_dict("x", {"name": "X", "type": card_type, "cost": 1, "strength": 1,
                                          "abilities": abilities, **extra}, custom=True)
    assert (card is None) == bool(problems)
    return {p.where: p.message for p in problems}


def test_the_catalog_uses_nothing_the_engine_refuses():
    cards, problems = load_dir()
    assert not problems


@pytest.mark.parametrize("ability, where, says", [
    ({"kind": "permanente", "effects": [{"do": "robar"}]}, "abilities[0].kind", "until = \"permanente\""),
    ({"kind": "jugar", "effects": [{"do": "prevenir", "event": "desterrar"}]}, "abilities[0].effects[0].event",
     "prevents only destruction"),
    ({"kind": "jugar", "effects": [{"do": "botar", "player": "oponente"}]}, "abilities[0].effects[0].player",
     "player is one of you, opponent, each"),
    ({"kind": "jugar", "effects": [{"do": "descartar", "player": "opponent", "by": "each"}]},
     "abilities[0].effects[0].by", "by is one of you, opponent"),
    ({"kind": "jugar", "effects": [{"do": "destruir", "chooser": "all"}]}, "abilities[0].effects[0].chooser",
     "chooser is one of"),
    ({"kind": "jugar", "effects": [{"do": "elegir", "chooser": "each", "options": []}]},
     "abilities[0].effects[0].chooser", "chooser is one of you, opponent"),
    ({"kind": "jugar", "effects": [{"do": "buscar", "side": "any", "to": "mano"}]}, "abilities[0].effects[0].side",
     "side is own or opponent"),
    ({"kind": "jugar", "effects": [{"do": "buscar", "filter": {"attacking": True}, "to": "mano"}]},
     "abilities[0].effects[0].filter.attacking", "a filter is checked only on"),
    ({"kind": "jugar", "effects": [{"do": "mostrar", "filter": {"type": "aliado", "side": "mine"}}]},
     "abilities[0].effects[0].filter.side", "side is one of own, opponent, any"),
    ({"kind": "jugar", "effects": [{"do": "destruir", "target": {"type": "aliado", "side": "theirs"}}]},
     "abilities[0].effects[0].target.side", "side is one of own, opponent, any"),
    ({"kind": "jugar", "effects": [{"do": "desterrar", "target": {"zone": "cementerio", "unarmed": True}}]},
     "abilities[0].effects[0].target.unarmed", "read only in play"),
    ({"kind": "disparada", "on": "destruido", "filter": {"type": "aliado"}, "effects": [{"do": "robar"}]},
     "abilities[0].filter", "does not read a filter"),
    ({"kind": "disparada", "on": "otro-destruido", "filter": {"unblocked": True}, "effects": [{"do": "robar"}]},
     "abilities[0].filter.unblocked", "a filter is checked only on"),
    ({"kind": "disparada", "on": "descartada", "filter": {"by": "opponent"}, "effects": [{"do": "robar"}]},
     "abilities[0].filter", "by = \"own\""),
    ({"kind": "continua", "grant": "jugable-desde-cementerio", "target": {"type": "aliado"}}, "abilities[0].target",
     "about this card only"),
    ({"kind": "jugar", "effects": [{"do": "robar", "then": [{"do": "botar", "player": "both"}]}]},
     "abilities[0].effects[0].then[0].player", "player is one of"),
    ({"kind": "jugar", "effects": [{"do": "prevenir", "until": "permanente", "target": {"self": True}}]},
     "abilities[0].effects[0].until", "prevenir happens once"),
    ({"kind": "jugar", "effects": [{"do": "intercambiar", "until": "fase-final", "target": {"type": "aliado"}}]},
     "abilities[0].effects[0].until", "does not last"),
    ({"kind": "jugar", "effects": [{"do": "fuerza", "mode": "triple", "amount": 1}]}, "abilities[0].effects[0].mode",
     "mode is one of bonus, double, set"),
    ({"kind": "continua", "strength": {"mode": "add", "amount": 1}}, "abilities[0].strength.mode",
     "mode is one of bonus, double, set"),
    ({"kind": "disparada", "on": "entra-en-juego", "effects": [{"do": "copiar", "mode": "nombre"}]},
     "abilities[0].effects[0].mode", "mode is one of total, fuerza-y-habilidad, habilidad"),
    ({"kind": "jugar", "effects": [{"do": "destruir", "target": {"player": True}}]},
     "abilities[0].effects[0].target.player", "unknown target field"),
    ({"kind": "disparada", "on": "entra-en-juego", "effects": [{"do": "fuerza", "amount": 1,
                                                                  "target": {"self": True, "race": "vampiro"}}]},
     "abilities[0].effects[0].target.race", "self names this card and nothing else"),
    ({"kind": "continua", "strength": {"amount": 1}, "target": {"self": True, "type": "aliado"}},
     "abilities[0].target.type", "self names this card and nothing else"),
    ({"kind": "jugar", "effects": [{"do": "sin-habilidades", "target": {"responded": True, "side": "opponent"}}]},
     "abilities[0].effects[0].target.side", "responded is checked only on"),
    ({"kind": "jugar", "effects": [{"do": "sin-habilidades", "target": {"responded": True, "attacking": True}}]},
     "abilities[0].effects[0].target.attacking", "responded is checked only on"),
])
def test_a_use_the_engine_cannot_rule_on_is_refused(ability, where, says):
    found = _problems([ability])
    assert f"cards.x.{where}" in found, found
    assert says in found[f"cards.x.{where}"]


def test_only_a_talisman_has_a_jugar_ability():
    found = _problems([{"kind": "jugar", "effects": [{"do": "robar"}]}], "aliado")
    assert "only a Talismán" in found["cards.x.abilities[0].kind"]
    card, problems = card_from_dict("t", {"name": "T", "type": "talisman", "cost": 1,
                                          "abilities": [{"kind": "jugar", "effects": [{"do": "robar"}]}]}, custom=True)
    assert card is not None and not problems


def test_an_additional_cost_is_checked_too():
    found = _problems([], **{"play-cost": {"effects": [{"do": "descartar", "player": "nadie"}]}})
    assert "cards.x.play-cost.effects[0].player" in found


@pytest.mark.parametrize("ability", [
    {"kind": "disparada", "on": "carta-jugada", "filter": {"type": "talisman", "side": "opponent"},
     "effects": [{"do": "botar", "player": "opponent"}]},
    {"kind": "disparada", "on": "otro-sale-del-juego", "filter": {"race-not": "vampiro", "cost-max": 2},
     "effects": [{"do": "robar"}]},
    {"kind": "jugar", "effects": [{"do": "buscar", "side": "opponent", "filter": {"name-not": "Thor"}, "to": "mano"}]},
    {"kind": "jugar", "effects": [{"do": "jugar-carta", "zone": "cementerio", "filter": {"type": "aliado", "other": True}}]},
    {"kind": "jugar", "effects": [{"do": "prevenir", "event": "destruir", "target": {"side": "own"}}]},
    {"kind": "continua", "grant": "jugable-desde-cementerio"},
    {"kind": "jugar", "effects": [{"do": "ganar-control", "until": "permanente", "target": {"type": "aliado"}}]},
    {"kind": "jugar", "effects": [{"do": "cancelar", "target": {"type": "aliado", "side": "opponent"}}]},
    {"kind": "jugar", "effects": [{"do": "sin-habilidades", "target": {"type": "aliado", "race": "faerie", "responded": True}}]},
    {"kind": "continua", "strength": {"amount": 1}, "target": {"self": True}},
])
def test_what_the_engine_rules_on_is_accepted(ability):
    assert _problems([ability]) == {}


def test_a_characteristic_is_read_as_printed_out_of_play_and_as_it_is_in_play():
    card = CardDef(id="k", name="Kami", type="aliado", cost=2, strength=3, race="kami")
    assert characteristics_fit(card, {"race-not": "vampiro", "name-not": "Thor", "cost-max": 2, "strength-max": 3})
    assert not characteristics_fit(card, {"race-not": "kami"})
    assert not characteristics_fit(card, {"name-not": "Kami"})
    assert not characteristics_fit(card, {"strength-max": 2})
    assert characteristics_fit(card, {"strength-max": 2}, lambda: 2)
