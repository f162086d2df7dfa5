"""Gobierno & Prestigio: a word the engine would ignore, or apply more narrowly than the vocabulary says, is refused
when the card is checked; every card the catalog and the scenarios define still passes."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from judge.games.gobierno_y_prestigio import vocabulary
from judge.games.gobierno_y_prestigio.catalog import card_from_dict, load_dir
from judge.games.gobierno_y_prestigio.effects import HANDLERS
from judge.games.gobierno_y_prestigio.reading import static_text

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "gobierno-y-prestigio"
SUBDITO = {"choose": 1, "kind": "subdito"}


def _problems(*abilities: dict) -> str:
    card, problems = card_from_dict("x", {"name": "X", "type": "mandato", "cost": 1, "abilities": list(abilities)}, custom=True)
    assert (card is None) == bool(problems)
    return "\n".join(map(str, problems))


def _order(*effects: dict) -> dict:
    return {"kind": "orden", "effects": list(effects)}


REFUSED = {
    "a duration on an effect that keeps none": (_order({"do": "destruir", "target": SUBDITO, "until": "fin-del-turno"}), "destruir takes"),
    "a player on damage": (_order({"do": "dano", "amount": 1, "target": SUBDITO, "player": "opponent"}), "dano takes"),
    "then outside puede-pagar": (_order({"do": "dano", "amount": 1, "target": SUBDITO, "then": []}), "dano takes"),
    "a misspelt parameter": (_order({"do": "dano", "ammount": 1, "target": SUBDITO}), "dano takes"),
    "an unknown filter": (_order({"do": "destruir", "target": {**SUBDITO, "filter": {"toughness-max": 2}}}), "unknown filter"),
    "an unknown side": (_order({"do": "destruir", "target": {**SUBDITO, "side": "mine"}}), "side is one of"),
    "a colour that is none": (_order({"do": "destruir", "target": {**SUBDITO, "filter": {"color": "rojo"}}}), "color is one of"),
    "a stack filter on a card": (_order({"do": "destruir", "target": {**SUBDITO, "filter": {"un-objetivo": True}}}), "describes an item on the stack"),
    "a characteristic of an ability": (_order({"do": "descartar-orden", "target": {"choose": 1, "kind": "habilidad", "filter": {"color": "verde"}}}),
                                       "no characteristics"),
    "a filter on a player": (_order({"do": "dano", "amount": 1, "target": {"choose": 1, "kind": "jugador", "filter": {"color": "verde"}}}),
                             "takes no filter"),
    "a zone for an order on the stack": (_order({"do": "descartar-orden", "target": {"choose": 1, "kind": "orden", "zone": "mano"}}),
                                         "never looked for in a zone"),
    "an amount the engine cannot count": (_order({"do": "ganar-prestigio", "amount": {"count": "cartas"}}), "an amount is"),
    "all as an amount": (_order({"do": "prevenir-dano", "amount": "all", "target": SUBDITO}), "an amount is"),
    "a target no player word reads": (_order({"do": "ganar-prestigio", "amount": 1, "target": SUBDITO}), "reads its target only"),
    "cada-jugador for the controller": (_order({"do": "cada-jugador", "player": "controller", "effects": []}), "cada-jugador is done by"),
    "a token for every player": (_order({"do": "crear-tarjeta", "player": "each", "token": {"type": "ciudadano"}}), "done by one player"),
    "a restricted resource in a nested effect": (_order({"do": "puede-pagar", "cost": {"recursos": 1},
                                                         "then": [{"do": "agregar-recursos", "amount": 1, "solo": "mandato"}]}),
                                                 "not a nested one"),
    "a target inside another effect": (_order({"do": "puede-pagar", "cost": {"recursos": 1}, "then": [{"do": "destruir", "target": SUBDITO}]}),
                                       "declared only in an ability's own effects"),
    "a player target inside another effect": (_order({"do": "cada-jugador", "effects": [{"do": "ganar-prestigio", "player": "ganas"}]}),
                                              "declared only in an ability's own effects"),
    "a token field no card has": (_order({"do": "crear-tarjeta", "token": {"type": "ciudadano", "power": 2}}), "unknown card field"),
    "a token of no type": (_order({"do": "crear-tarjeta", "token": {"type": "soldado", "strength": 1}}), "type is one of"),
    "tapping the card being played": ({"kind": "coste", "alternative": {"girar": True}}, "this cost is paid with"),
    "an activated ability without paying": ({"kind": "activada", "cost": {"sin-pagar": True}, "effects": [{"do": "ganar-prestigio"}]},
                                            "this cost is paid with"),
    "X paid while resolving": (_order({"do": "puede-pagar", "cost": {"recursos": "X"}, "then": []}), "names its number of resources"),
    "the controller of a player": (_order({"do": "perder-prestigio", "amount": 1, "player": "target-controller",
                                           "target": {"choose": 1, "kind": "jugador"}}), "a player has no controller"),
    "a strength of no object": (_order({"do": "ganar-prestigio", "amount": {"count": "fuerza"}}), "names its object"),
    "a strength of an object it cannot name": (_order({"do": "ganar-prestigio", "amount": {"count": "fuerza", "of": "atacantes"}}),
                                               "names its object"),
    "a count with a key it does not read": (_order({"do": "ganar-prestigio", "amount": {"count": "subditos", "side": "opponent"}}),
                                            "count = subditos takes plus"),
    "a tapped card in a discard": (_order({"do": "a-la-mano", "target": {"choose": 1, "kind": "carta", "zone": "descarte",
                                                                     "filter": {"tapped": False}}}), "said of an object on the battlefield"),
    "a keyword that is none": (_order({"do": "ganar-habilidad", "target": SUBDITO, "keyword": "volar"}), "a keyword of the vocabulary"),
    "a trigger filter the engine ignores": ({"kind": "disparada", "event": "entra-en-juego", "filter": {"controlled": True},
                                             "effects": [{"do": "ganar-prestigio", "amount": 1}]}, "a triggered ability's filter"),
    "a filter on an event about no object": ({"kind": "disparada", "event": "gana-prestigio", "filter": {"self": True},
                                              "effects": [{"do": "ganar-prestigio", "amount": 1}]}, "about no object"),
    "a static key the engine ignores": ({"kind": "constante", "effect": {"modify": "no-puede-atacar", "target": "self", "until": "mientras"}},
                                        "no-puede-atacar takes"),
    "a static player it cannot name": ({"kind": "constante", "effect": {"modify": "sin-recursos", "player": "ganas"}}, "a static ability's player"),
    "a static target that chooses": ({"kind": "constante", "effect": {"modify": "fuerza", "target": SUBDITO, "strength": 1}},
                                     "applies to all that match"),
    "a static kind off the battlefield": ({"kind": "constante", "effect": {"modify": "no-puede-atacar", "target": {"all": True, "kind": "carta"}}},
                                          "a static ability's kind"),
    "a static named target it never matches": ({"kind": "constante", "effect": {"modify": "no-puede-atacar", "target": "previous"}},
                                               "a static ability's target"),
    "a cost change for a kind that is no type": ({"kind": "constante", "effect": {"modify": "coste", "kind": "subdito", "amount": 1}},
                                                 "kind is a card type"),
    "a reduction under an unknown condition": ({"kind": "coste", "reduce": 1, "if": "controlas-barco"}, "a condition is one of"),
    "a cost that removes a kind that is no type": ({"kind": "activada", "cost": {"retira": "subdito"}, "effects": [{"do": "ganar-prestigio"}]},
                                                   "retira names a type of possession"),
    "a colour neither named nor chosen": (_order({"do": "colorear", "target": SUBDITO, "until": "fin-del-turno"}),
                                          "colorear names its colour (color) or follows an elegir-color"),
    "a colour chosen after it": (_order({"do": "colorear", "target": SUBDITO}, {"do": "elegir-color"}),
                                 "colorear names its colour (color) or follows an elegir-color"),
    "a colour chosen in another list": (_order({"do": "elegir-color"}, {"do": "puede-pagar", "cost": {"recursos": 1},
                                                                       "then": [{"do": "colorear", "target": "previous"}]}),
                                        "colorear names its colour (color) or follows an elegir-color"),
    "a colour chosen inside cada-jugador": (_order({"do": "cada-jugador", "effects": [
        {"do": "elegir-color"}, {"do": "colorear", "target": {"elige": 1, "kind": "subdito", "side": "own"}}]}), "outside cada-jugador"),
    "previous after an effect on players": (_order({"do": "destruir", "target": SUBDITO}, {"do": "ganar-prestigio", "amount": 1},
                                                   {"do": "a-la-mano", "target": "previous"}), "ganar-prestigio acts on no object"),
    "previous after moving a counter": (_order({"do": "mover-contador", "source": SUBDITO, "target": {"choose": 1, "kind": "lider"},
                                                "counter": "+1/+1"}, {"do": "girar", "target": "previous"}),
                                        "mover-contador acts on no object"),
    "previous after a discard from hand": (_order({"do": "descartar-de-mano", "amount": 1},
                                                  {"do": "ganar-prestigio", "amount": {"count": "coste", "of": "previous"}}),
                                           "descartar-de-mano acts on no object"),
    "previous with nothing before it": (_order({"do": "destruir", "target": "previous"}), "no effect before it here acted on one"),
    "previous at the start of a nested effect": (_order({"do": "girar", "target": SUBDITO}, {"do": "puede-pagar", "cost": {"recursos": 1},
                                                        "then": [{"do": "destruir", "target": "previous"}]}),
                                                 "no effect before it here acted on one"),
    "previous inside cada-jugador": (_order({"do": "cada-jugador", "effects": [
        {"do": "girar", "target": {"elige": 1, "kind": "subdito", "side": "own"}}, {"do": "destruir", "target": "previous"}]}),
        "each effect of cada-jugador is done on its own"),
    "a payment inside cada-jugador": (_order({"do": "cada-jugador", "effects": [{"do": "puede-pagar", "cost": {"recursos": 1},
                                                                              "then": [{"do": "ganar-prestigio"}]}]}),
                                      "every player chooses before anyone acts (101.4)"),
    "a counter moved inside cada-jugador": (_order({"do": "cada-jugador", "effects": [{"do": "mover-contador", "counter": "+1/+1",
                                                                                    "source": {"elige": 1, "kind": "subdito", "side": "own"},
                                                                                    "target": {"elige": 1, "kind": "lider", "side": "own"}}]}),
                                            "mover-contador would choose as it is done"),
    "a cada-jugador inside cada-jugador": (_order({"do": "cada-jugador", "effects": [{"do": "cada-jugador", "effects": []}]}),
                                           "cada-jugador would choose as it is done"),
    "a player effect choosing its object inside cada-jugador": (
        _order({"do": "cada-jugador", "effects": [{"do": "perder-prestigio", "amount": {"count": "fuerza", "of": "target"},
                                                   "target": {"elige": 1, "kind": "subdito", "side": "own"}}]}),
        "perder-prestigio would choose as it is done"),
    "whose a destroyed object was": ({"kind": "disparada", "event": "subdito-destruido", "filter": {"side": "own"},
                                      "effects": [{"do": "ganar-prestigio", "amount": 1}]}, "decision trigger-side"),
    "a trigger side that is none": ({"kind": "disparada", "event": "ataca", "filter": {"side": "mine"},
                                     "effects": [{"do": "ganar-prestigio", "amount": 1}]}, "side is one of own, opponent, any"),
    "a field an ability kind does not hold": ({"kind": "activada", "filter": {"self": True}, "cost": {"girar": True},
                                               "effects": [{"do": "ganar-prestigio"}]}, "activada takes cost, effects"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_use_the_engine_would_not_read_is_refused(name):
    ability, fragment = REFUSED[name]
    assert fragment in _problems(ability), name


def test_every_declared_effect_has_its_parameters_declared():
    assert set(vocabulary.EFFECT_PARAMETERS) == set(vocabulary.EFFECTS) == set(HANDLERS)
    assert set(vocabulary.STATIC_PARAMETERS) == set(vocabulary.STATICS)
    assert set(vocabulary.ABILITY_FIELDS) == set(vocabulary.ABILITY_KINDS)


def test_every_card_of_the_catalog_and_the_scenarios_passes():
    _, problems = load_dir()
    assert problems == []
    for path in sorted(SCENARIOS.glob("*.toml")):
        cards = tomllib.loads(path.read_text(encoding="utf-8")).get("position", {}).get("cards", {}) or {}
        for cid, raw in cards.items():
            assert card_from_dict(cid, raw, custom=True)[1] == [], f"{path.name}: {cid}"


def test_what_the_engine_does_read_passes():
    assert _problems(
        _order({"do": "ganar-prestigio", "amount": {"count": "coste", "of": "target"}, "player": "ganas", "target": {"choose": 1, "kind": "orden"}}),
        _order({"do": "perder-prestigio", "amount": 1, "player": "target-controller", "target": SUBDITO}),
        _order({"do": "modificar", "target": SUBDITO, "strength": 1, "toughness": 0, "until": "mientras"}),
        _order({"do": "descartar-orden", "target": {"choose": 1, "kind": "orden", "filter": {"color": "verde", "un-objetivo": True}}}),
        {"kind": "constante", "effect": {"modify": "dano-doble", "target": {"all": True, "kind": "subdito-o-lider", "side": "own"}}},
        {"kind": "disparada", "event": "recibe-dano", "filter": {"type": "ciudadano", "strength-min": 2}, "effects": [{"do": "ganar-prestigio"}]},
        {"kind": "orden", "modes": [[{"do": "destruir", "target": SUBDITO}], [{"do": "ganar-prestigio", "player": "ganas"}]]},
        _order({"do": "cada-jugador", "effects": [{"do": "destruir", "target": {"elige": 1, "kind": "subdito", "side": "own"}}]}),
        _order({"do": "elegir-color"}, {"do": "colorear", "target": SUBDITO, "until": "fin-del-turno"}),
        _order({"do": "girar", "target": SUBDITO}, {"do": "elegir-color"}, {"do": "colorear", "target": "previous"}),
        _order({"do": "crear-tarjeta", "token": {"type": "ciudadano"}}, {"do": "contadores", "target": "previous", "counter": "+1/+1"}),
        _order({"do": "cada-jugador", "effects": [{"do": "controlador-elige", "target": {"elige": 1, "kind": "subdito", "side": "own"},
                                                   "options": [[{"do": "destruir", "target": "previous"}], [{"do": "perder-prestigio"}]]}]}),
        _order({"do": "cada-jugador", "effects": [{"do": "descartar-de-mano", "amount": 1}, {"do": "recuperar-uso", "zone": "descarte"},
                                                  {"do": "recuperar-pg", "amount": 1}, {"do": "ganar-prestigio", "amount": 1}]}),
        {"kind": "disparada", "event": "entra-en-juego", "filter": {"subdito": True, "side": "opponent"}, "effects": [{"do": "ganar-prestigio"}]},
        {"kind": "disparada", "event": "recibe-dano", "filter": {"side": "own", "type": "ciudadano"}, "effects": [{"do": "ganar-prestigio"}]},
    ) == ""


def test_the_effects_previous_follows_are_those_on_objects_and_token_creation():
    from judge.games.gobierno_y_prestigio.effects import APPLY
    from judge.games.gobierno_y_prestigio.usage import ON_OBJECTS
    assert set(ON_OBJECTS) == set(APPLY) | {"crear-tarjeta"}


@pytest.mark.parametrize("lang, expected", [("es", "si un súbdito que controlas fuera a hacer daño, hace el doble"),
                                            ("en", "if a subject you control would deal damage, it deals twice that much")])
def test_damage_doubled_for_the_sources_it_names_reads_so(lang, expected):
    target = {"all": True, "kind": "subdito", "side": "own"}
    assert static_text({"modify": "dano-doble", "target": target}, lang) == expected
