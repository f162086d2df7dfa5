"""A Gobierno & Prestigio card as the engine reads it, in Spanish and English: what the board shows a judge to compare
with the card on the table. Every word of the vocabulary has its phrase, every card of the catalog and every card a
scenario defines reads without a gap, and a few cards read exactly as the rules describe them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from judge import rulesets
from judge.games.gobierno_y_prestigio import vocabulary
from judge.games.gobierno_y_prestigio.catalog import card_from_dict, default_catalog
from judge.games.gobierno_y_prestigio.reading import (ABILITY_KINDS, ability_text, card_lines, effect_text, reading,
                                                      static_text)
from judge.games.gobierno_y_prestigio.reading_parts import (COLOR_NAMES, COSTS, DURATIONS, EVENTS, KEYWORD_NAMES,
                                                            NAMED, NOUNS, PLAYERS, TYPE_NAMES, cost_text, event_clause,
                                                            target)
from judge.games.gobierno_y_prestigio.schema import card_facts

SCENARIOS = Path(__file__).parent.parent / "scenarios" / "gobierno-y-prestigio"
LANGS = ("es", "en")
GAP = re.compile(r"«[a-z-]*»|…|[{}]|\bNone\b")
"""A word the reading has no phrase for («orden-nueva»), a blank, or a field left unfilled."""


def _card(raw: dict, cid: str = "carta") -> object:
    card, problems = card_from_dict(cid, {"name": cid, **raw}, custom=True)
    assert problems == []
    return card


def _scenario_cards() -> list[tuple[str, object]]:
    """Every custom card the scenarios define that the engine accepts (one with problems is refused, not read)."""
    found = []
    for path in sorted(SCENARIOS.glob("*.toml")):
        cards = tomllib.loads(path.read_text(encoding="utf-8")).get("position", {}).get("cards", {}) or {}
        for cid, raw in cards.items():
            card, _ = card_from_dict(cid, raw, custom=True)
            if card is not None:
                found.append((f"{path.stem}:{cid}", card))
    return found


# Cards read sentence by sentence, as the rules describe them ---------------------------------------------------------


def test_fruto_de_la_ira_reads_as_the_example_of_123_8():
    # 123.8: "Fruto de la Ira, un mandato que dice «Hace 6 puntos de daño a un súbdito o líder»"; "un" targets (118.7.a).
    card = default_catalog().cards["fruto-de-la-ira"]
    assert card_lines(card, "es") == ["Mandato · coste 2", "Orden — Hace 6 puntos de daño a un súbdito o líder objetivo."]
    assert card_lines(card, "en") == ["Order (mandato) · cost 2", "Order — Deal 6 damage to target subject or leader."]


def test_culpable_de_herejia_destroys_a_target_subdito():
    # 118.1.a: "«Culpable de herejía» es un mandato cuyo texto dice «Destruye un súbdito»" — it targets.
    card = default_catalog().cards["culpable-de-herejia"]
    assert card_lines(card, "es")[1] == "Orden — Destruye un súbdito objetivo."
    assert card_lines(card, "en")[1] == "Order — Destroy target subject."


def test_soborno_discards_only_mandato_orders_and_proteccion_asegurada_anything_on_the_stack():
    # 115.3.b: Soborno "descarta una orden de mandato"; 116.9: Protección asegurada discards everything, abilities too.
    cards = default_catalog().cards
    assert card_lines(cards["soborno"], "es")[1] == "Orden — Descarta una orden de mandato objetivo en la pila."
    assert card_lines(cards["soborno"], "en")[1] == "Order — Discard target mandato order on the stack."
    assert card_lines(cards["proteccion-asegurada"], "es")[1] == "Orden — Descarta un objeto objetivo en la pila."


def test_adelanto_de_shylock_is_an_activated_ability_whose_cost_removes_it():
    # 103.1.a: "Retirar del juego este legado: En vez de recibir el punto de gobierno que deberías obtener en tu próximo
    # turno, lo recibes ahora."
    card = default_catalog().cards["adelanto-de-shylock"]
    assert card_lines(card, "es") == [
        "Legado",
        "Activada — coste: retirar esta carta del juego: En lugar de recibir el punto de gobierno de tu próximo turno, "
        "lo recibes ahora.",
    ]
    assert card_lines(card, "en")[1] == ("Activated — cost: remove this card from the game: Instead of receiving the "
                                         "government point of your next turn, you receive it now.")


def test_a_possession_reads_with_its_numbers_keywords_and_an_ability_of_each_kind():
    # 116.4: the four kinds of ability, each headed by its kind; 107.1: a resource ability "girar: Agrega 1 recurso a tu
    # depósito de reserva"; 116.3.a: "[Este ciudadano] no puede atacar"; 122.8.a: "Siempre que una orden te haga ganar
    # prestigio…"; 124.5: "entra en juego con +1/+1".
    card = _card({"type": "ciudadano", "cost": 3, "colors": ["purpura"], "subtypes": ["soldado"], "strength": 2,
                  "toughness": 3, "keywords": ["habil", "avasallar"], "enters-with": {"+1/+1": 1}, "abilities": [
                      {"kind": "activada", "cost": {"girar": True}, "effects": [{"do": "agregar-recursos", "amount": 1}]},
                      {"kind": "constante", "effect": {"modify": "no-puede-atacar"}},
                      {"kind": "disparada", "event": "orden-te-hace-ganar-prestigio",
                       "effects": [{"do": "ganar-prestigio", "amount": 1}]},
                      {"kind": "orden", "effects": [{"do": "ganar-prestigio", "amount": 2, "player": "ganas"}]},
                  ]})
    assert card_lines(card, "es") == [
        "Ciudadano — soldado · coste 3 · púrpura · fuerza 2, resistencia 3",
        "Hábil, Avasallar.",
        "Entra en juego con 1 contador +1/+1.",
        "Activada — coste: girar esta carta: Agrega 1 recurso a tu depósito de reserva.",
        "Constante — Esta carta no puede atacar.",
        "Disparada — Siempre que una orden te haga ganar prestigio, ganas 1 punto de prestigio.",
        "Orden — Un jugador objetivo (tú u otro) gana 2 puntos de prestigio.",
    ]
    assert card_lines(card, "en") == [
        "Citizen — soldado · cost 3 · purple · strength 2, toughness 3",
        "Skilled (hábil), Overwhelm (avasallar).",
        "Enters the battlefield with 1 +1/+1 counter.",
        "Activated — cost: tap this card: Add 1 resource to your reserve pool.",
        "Static — This card cannot attack.",
        "Triggered — Whenever an order makes you gain prestige, you gain 1 prestige.",
        "Order — Target player (you or another) gains 2 prestige.",
    ]


def test_the_costs_of_a_card_are_abilities_of_it():
    # 116.3.b: an alternative or additional cost is an ability of the card; 116.6.c: so is what changes its cost.
    assert ability_text({"kind": "coste", "alternative": {"prestigio": 2}}, "es") == \
        "Coste alternativo — En lugar de pagar su coste, puedes: pagar 2 puntos de prestigio."
    assert ability_text({"kind": "coste", "additional": {"prestigio": 2, "optional": True}}, "en") == \
        "Additional cost — To play it, you must also: pay 2 prestige (optional)."
    assert ability_text({"kind": "coste", "reduce": 1, "if": "controlas-lider"}, "es") == \
        "Reducción de coste — Cuesta 1 menos si controlas un líder."


def test_elige_chooses_without_targeting_and_todos_takes_every_one():
    # 118.1.a: "elige" and "todos/todas" do not target.
    chosen = {"do": "destruir", "target": {"elige": 1, "kind": "subdito"}}
    every = {"do": "destruir", "target": {"all": True, "kind": "posesion", "filter": {"color": "dorado"}}}
    assert effect_text(chosen, "es") == "destruye un súbdito (a tu elección, sin objetivo)"
    assert effect_text(every, "es") == "destruye todas las posesiones de color dorado"
    assert effect_text(every, "en") == "destroy all gold possessions"


def test_a_modal_order_and_a_payment_read_as_121_12_and_118_5_say():
    # 118.5: "Elige uno: [opciones]"; 121.12.a: "[Haz algo] a menos que [hagas otra cosa]".
    modal = {"kind": "orden", "modes": [[{"do": "dano", "amount": 2, "target": {"choose": 1, "kind": "subdito"}}],
                                        [{"do": "ganar-prestigio", "amount": 2}]]}
    assert ability_text(modal, "es") == ("Orden — Elige uno: (1) Hace 2 puntos de daño a un súbdito objetivo; "
                                         "(2) Ganas 2 puntos de prestigio.")
    unless = {"do": "puede-pagar", "cost": {"recursos": 2}, "unless": True, "player": "ganas",
              "otherwise": [{"do": "perder-prestigio", "amount": 3}]}
    assert effect_text(unless, "es") == ("a menos que un jugador objetivo (tú u otro) pague 2 recursos, ese jugador "
                                         "pierde 3 puntos de prestigio")
    assert effect_text(unless, "en") == "unless target player (you or another) pays 2 resources, that player loses 3 prestige"


def test_gaining_strength_is_counters_unless_it_lasts_until_the_end_of_the_turn():
    # 124.1.a: "gana +X/+Y" puts counters; 124.1.a.1: "hasta el final del turno" does not.
    spec = {"choose": 1, "kind": "subdito"}
    assert effect_text({"do": "modificar", "strength": 1, "toughness": 1, "target": spec}, "es") == \
        "un súbdito objetivo gana +1/+1 (en contadores)"
    assert effect_text({"do": "modificar", "strength": 2, "toughness": 2, "target": spec, "until": "fin-del-turno"}, "en") == \
        "target subject gets +2/+2 until end of turn"


# Every word of the vocabulary has its phrase ---------------------------------------------------------------------------


SUBDITO = {"choose": 1, "kind": "subdito"}
EFFECT_PARAMETERS = {"target": SUBDITO, "source": SUBDITO, "token": {"type": "ciudadano", "strength": 1, "toughness": 1},
                     "keyword": "habil", "subtype": "soldado", "cost": {"recursos": 1},
                     "effects": [{"do": "ganar-prestigio"}], "then": [{"do": "ganar-prestigio"}],
                     "options": [[{"do": "ganar-prestigio"}], [{"do": "perder-prestigio"}]]}
"""What the effects of the vocabulary carry, enough for each to say all it does."""


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_the_vocabulary_has_its_phrase(lang):
    for verb in vocabulary.EFFECTS:
        assert not GAP.search(effect_text({"do": verb, **EFFECT_PARAMETERS}, lang)), verb
    for modify in vocabulary.STATICS:
        assert not GAP.search(static_text({"modify": modify, "keyword": "habil"}, lang)), modify
    for event in vocabulary.EVENTS:
        assert not GAP.search(event_clause(event, {}, lang)), event
    for kind in vocabulary.TARGET_KINDS:
        assert not GAP.search(target({"choose": 1, "kind": kind}, lang)), kind
    for word in vocabulary.NAMED_TARGETS:
        assert not GAP.search(effect_text({"do": "destruir", "target": word}, lang)), word
    for word in vocabulary.PLAYER_WORDS:
        assert not GAP.search(effect_text({"do": "ganar-prestigio", "player": word, "target": SUBDITO}, lang)), word
    for word in vocabulary.DURATIONS:
        assert not GAP.search(effect_text({"do": "girar", "target": "self", "until": word}, lang)), word
    for part in vocabulary.COST_KEYS:
        assert not GAP.search(cost_text({part: 1}, lang)), part
    assert set(vocabulary.ABILITY_KINDS) <= set(ABILITY_KINDS)
    assert set(vocabulary.KEYWORDS) <= set(KEYWORD_NAMES)
    assert set(vocabulary.TYPES) <= set(TYPE_NAMES)
    assert set(vocabulary.COLORS) <= set(COLOR_NAMES)
    assert set(vocabulary.TARGET_KINDS) <= set(NOUNS)
    assert set(vocabulary.NAMED_TARGETS) <= set(NAMED)
    assert set(vocabulary.PLAYER_WORDS) <= set(PLAYERS)
    assert set(vocabulary.DURATIONS) <= set(DURATIONS)
    assert set(vocabulary.COST_KEYS) <= set(COSTS)
    assert set(vocabulary.EVENTS) <= set(EVENTS)


TARGET_SAMPLES = {"choose": 1, "hasta": 2, "elige": 2, "all": True, "kind": "lider", "side": "own", "zone": "descarte",
                  "filter": {"cost-max": 2}, "different": True}
FILTER_SAMPLES = {"color": "verde", "type": "lider", "not-type": "mandato", "subtype": "soldado", "cost-max": 2,
                  "strength-max": 2, "strength-min": 2, "tapped": True, "attacking": True, "un-objetivo": True,
                  "targets-kind": "lider"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_part_of_a_target_is_read(lang):
    # A new key of a target table, or a new characteristic a filter names, must be given a sample here and a phrase.
    assert set(vocabulary.TARGET_KEYS) == set(TARGET_SAMPLES)
    assert set(re.findall(r"`([a-z-]+)`", vocabulary.TARGET_KEYS["filter"])) <= set(FILTER_SAMPLES)
    base = target({"kind": "subdito"}, lang)
    for key, value in TARGET_SAMPLES.items():
        text = target({"kind": "subdito", key: value}, lang)
        assert text != base and not GAP.search(text), key
    for key, value in FILTER_SAMPLES.items():
        text = target({"kind": "subdito", "filter": {key: value}}, lang)
        assert text != base and not GAP.search(text), key


@pytest.mark.parametrize("lang", LANGS)
def test_each_kind_of_ability_reads_distinctly(lang):
    # 116.4: orden, activada, disparada, constante; 116.3.b: the costs of the card itself.
    effects = [{"do": "ganar-prestigio", "amount": 1}]
    heads = {ability_text({"kind": "orden", "effects": effects}, lang).split(" — ")[0],
             ability_text({"kind": "activada", "cost": {"girar": True}, "effects": effects}, lang).split(" — ")[0],
             ability_text({"kind": "disparada", "event": "final-del-turno", "effects": effects}, lang).split(" — ")[0],
             ability_text({"kind": "constante", "effect": {"modify": "dano-doble"}}, lang).split(" — ")[0],
             ability_text({"kind": "coste", "alternative": {"recursos": 1}}, lang).split(" — ")[0]}
    assert len(heads) == 5


# Every card reads without a gap ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_the_catalog_reads_without_a_gap(lang):
    catalog = default_catalog()
    gaps = [(cid, line) for cid in catalog.cards for line in card_lines(catalog.cards[cid], lang) if GAP.search(line)]
    assert gaps == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_a_scenario_defines_reads_without_a_gap(lang):
    cards = _scenario_cards()
    assert len(cards) > 1000
    gaps = [(where, line) for where, card in cards for line in card_lines(card, lang) if GAP.search(line)]
    assert gaps == []


def test_the_board_gets_the_reading_of_a_custom_card_once_per_definition():
    card = _card({"type": "patrimonio", "cost": 1, "abilities": [
        {"kind": "activada", "cost": {"retira": "patrimonio"}, "effects": [{"do": "ganar-prestigio", "amount": 1}]}]})
    facts = card_facts(card)
    assert facts["reading"]["es"] == ["Patrimonio · coste 1", "Activada — coste: retirar del juego un patrimonio que "
                                      "controlas: Ganas 1 punto de prestigio."]
    assert facts["reading"]["en"][1] == "Activated — cost: remove from the game a heritage you control: You gain 1 prestige."
    assert reading(card) == {"reading": facts["reading"]} and reading(card)["reading"] is not facts["reading"]


def test_a_custom_card_on_the_board_shows_the_engines_reading():
    # The board's view of a position: a card the position defines (not in the catalog) is read like any other.
    position = rulesets.get("gyp-reglas-1").loads("""
active = "p1"
step = "paso-de-mando"
priority = "p1"
[players.p1]
campo = [{ uid = "s", card = "guardia" }]
mano = [{ uid = "f", card = "Fruto de la Ira" }]
[players.p2]
[cards.guardia]
name = "Guardia"
type = "ciudadano"
cost = 3
strength = 2
toughness = 6
abilities = [{ kind = "disparada", event = "ataca", filter = { self = true }, effects = [{ do = "ganar-prestigio", amount = 1 }] }]
""")
    view = rulesets.get("gyp-reglas-1").card_view(position)
    assert view["s"]["reading"]["es"] == ["Ciudadano · coste 3 · fuerza 2, resistencia 6",
                                          "Disparada — Cuando esta carta ataca, ganas 1 punto de prestigio."]
    assert view["f"]["reading"]["en"][1] == "Order — Deal 6 damage to target subject or leader."


def test_the_card_picker_gives_every_card_its_reading(client):
    found = client.get("/api/cards", query_string={"game": "gobierno-y-prestigio", "limit": 10}).get_json()["cards"]
    assert found and all(c["reading"]["es"] and c["reading"]["en"] for c in found)
    # the game is printed in Spanish: its type reads the same in both languages, accents and capitals included
    assert all(c["type_name"]["es"] == c["type_name"]["en"] and c["type_name"]["es"][:1].isupper() for c in found)


@pytest.mark.parametrize("lang, expected", [
    ("es", "todas las posesiones de subtipo soldado no pueden entrar en el campo de batalla"),
    ("en", "all possessions of subtype soldado cannot enter the battlefield"),
])
def test_a_ban_on_entering_reads_every_characteristic_it_names(lang, expected):
    # 113.2.b: "una posesión con una o más de las características": a subtype stops it as a strength does.
    assert static_text({"modify": "no-pueden-entrar", "filter": {"subtype": "soldado"}}, lang) == expected


@pytest.mark.parametrize("player, es, en", [
    ("each-opponent", "cuestan 1 más a cada oponente de su controlador", "cost each opponent of its controller 1 more"),
    ("opponent", "cuestan 1 más al oponente de su controlador", "cost its controller's opponent 1 more"),
    ("each", "cuestan 1 más a cada jugador", "cost each player 1 more"),
])
def test_a_change_of_cost_reads_whose_cards_it_changes(player, es, en):
    # 121.7 as the engine applies it: the cards of the players the effect names, not every player's.
    effect = {"modify": "coste", "kind": "mandato", "player": player, "amount": 1}
    assert es in static_text(effect, "es")
    assert en in static_text(effect, "en")
