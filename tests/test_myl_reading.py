"""A Mitos y Leyendas card as the engine reads it, in Spanish and English: what the board shows a judge, above the
FAQ's own words for the card, to compare with the card on the table. Every word of the vocabulary has its phrase,
every card of the catalog and of the scenarios reads without a gap, and the cards below read as the FAQ says they
do (the expected sentences are written from the FAQ lines each card's ``source`` names)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from judge.games.mitos_y_leyendas import conditions, vocabulary
from judge.games.mitos_y_leyendas.catalog import card_from_dict, default_catalog, with_custom
from judge.games.mitos_y_leyendas.reading import EFFECTS, KINDS, ability_text, card_lines, effect_text, reading
from judge.games.mitos_y_leyendas.reading_parts import (DURATIONS, GRANTS, TRIGGERS, Voice, condition, duration,
                                                        target)

WORDS = {w for table in (vocabulary.ABILITY_KINDS, vocabulary.TRIGGERS, vocabulary.EFFECTS, vocabulary.GRANTS,
                         vocabulary.DURATIONS, vocabulary.TARGET_KEYS, conditions.COUNTS) for w in table if "-" in w}
MARKS = re.compile(r"…|[{}\[\]«»]|\(s\)|\b(?:None|True|False)\b")


class Gap:
    """What a reading must never show: a blank, an unsettled agreement mark, a word of the vocabulary as written."""

    @staticmethod
    def search(text: str) -> bool:
        return bool(MARKS.search(text)) or any(w in WORDS for w in re.findall(r"[a-z]+(?:-[a-z]+)+", text))


GAP = Gap()


SCENARIOS = Path(__file__).parent.parent / "scenarios" / "mitos-y-leyendas"
LANGS = ("es", "en")


def lines(cid: str, lang: str) -> list[str]:
    return card_lines(default_catalog().cards[cid], lang)


# Cards read as the FAQ says they are -------------------------------------------------------------------------------


def test_rey_arturo_pendragon_reads_as_faq_l978_l980():
    assert lines("rey-arturo-pendragon", "es") == [
        "Aliado",
        "Cuando este Aliado entra en juego, tu oponente bota 2 cartas de su Mazo Castillo.",
        "Al comienzo de cada Fase de Agrupación, tu oponente bota 2 cartas de su Mazo Castillo.",
        "Este Aliado no puede ser bloqueado por Aliados de raza Caballero.",
    ]
    assert lines("rey-arturo-pendragon", "en")[3] == "This ally cannot be blocked by allies of race Caballero."


def test_niflheim_reads_as_faq_l982():
    assert lines("niflheim", "es") == [
        "Tótem",
        "Cuando este Tótem entra en juego, tu oponente bota 1 carta de su Mazo Castillo.",
        "Al comienzo de cada Fase de Agrupación, tu oponente bota 1 carta de su Mazo Castillo.",
    ]
    assert lines("niflheim", "en") == [
        "Totem",
        "When this totem enters play, your opponent puts 1 card from the top of their Castle deck into their graveyard.",
        "At the start of each Agrupación phase, your opponent puts 1 card from the top of their Castle deck into their "
        "graveyard.",
    ]


def test_katana_reads_as_faq_l546():
    # "si es portada por un campeón este gana +5 a la fuerza, de no ser así solo gana +2"
    assert lines("katana", "es")[1:] == [
        "El Aliado que porta esta Arma, si es de raza Campeón, gana +5 a la fuerza.",
        "El Aliado que porta esta Arma, si no es de raza Campeón, gana +2 a la fuerza.",
    ]
    assert lines("katana", "en")[1:] == [
        "The ally carrying this weapon, if it is of race Campeón, gets +5 strength.",
        "The ally carrying this weapon, if it is not of race Campeón, gets +2 strength.",
    ]


def test_oberon_reads_as_its_erratum_faq_l1080():
    # "baraja una carta oponente que no sea oro y todas las copias que controle tu oponente, en el Mazo Castillo de su
    # dueño"
    assert lines("oberon", "es") == [
        "Aliado · fuerza 4 · raza Faerie",
        "Cuando este Aliado entra en juego, baraja una carta oponente que no sea Oro en el Mazo Castillo de su dueño y "
        "todas las copias que controle tu oponente.",
    ]


def test_ebisu_reads_as_its_erratum_faq_l1034():
    # "En tu Fase Final puedes robar 1 carta extra."
    assert lines("ebisu", "es")[1] == "En tu Fase Final, al robar, si quieres, roba 1 carta."
    assert lines("ebisu", "en")[1] == "In your Final phase, when drawing, you may draw 1 card."


def test_moiras_reads_as_its_erratum_faq_l1008():
    # "Cada vez que Moiras en uno de tus turnos no sea declarado atacante, descarta 1 carta al azar de la Mano de tu
    # oponente."
    assert lines("moiras", "es")[1] == ("Cada vez que este Aliado no es declarado atacante, en tu turno, descarta 1 carta "
                                        "al azar de la Mano de tu oponente.")
    assert lines("moiras", "en")[1] == ("Each time this ally is not declared an attacker, in your turn, discard 1 random "
                                        "card from your opponent's hand.")


def test_yu_huang_reads_as_its_erratum_faq_l1116():
    # "Reduce su Coste en 1 por cada Xian en juego. Cuando entra en juego. roba 1 carta."
    assert lines("yu-huang", "es")[1:] == ["Este Aliado cuesta 1 Oro menos por cada Aliado de raza Xian.",
                                           "Cuando este Aliado entra en juego, roba 1 carta."]


def test_escudo_real_reads_as_faq_l438():
    # "dar 2 a la fuerza al portador y que cuando entra en juego, baraja tantas cartas de tu Cementerio igual a la
    # fuerza del Aliado portador"
    assert lines("escudo-real", "es")[1:] == [
        "El Aliado que porta esta Arma gana +2 a la fuerza.",
        "Cuando esta Arma entra en juego, baraja cartas de tu Cementerio en tu Mazo Castillo (tantas como la fuerza del "
        "Aliado portador).",
    ]


def test_talismans_read_as_faq_examples():
    # L96: Aliento Ardiente "destruye los Aliados de Coste 2 o menos"; L96: Xing Yi Quan "Anula un Talismán de coste 3
    # o menos".
    assert lines("aliento-ardiente", "es")[1] == "Destruye todos los Aliados de coste 2 o menos."
    assert lines("aliento-ardiente", "en")[1] == "Destroy all allies with cost 2 or less."
    assert lines("xing-yi-quan", "es")[1] == "Anula un Talismán de coste 3 o menos."


def test_raiden_and_lechuza_lunar_read_as_faq_l986_l782():
    # "Una vez por turno, este Aliado gana 1 a la fuerza permanentemente… cuando entra en juego"
    assert lines("raiden", "es")[1] == ("Una vez por turno, cuando este Aliado entra en juego, este Aliado gana +1 a la "
                                        "fuerza permanentemente.")
    # "cada vez que otro Aliado Faerie salga del juego, tu oponente bota 1 carta de su Mazo Castillo"
    assert lines("lechuza-lunar", "es")[1] == ("Cada vez que otro Aliado de raza Faerie sale del juego, tu oponente bota "
                                               "1 carta de su Mazo Castillo.")


def test_an_additional_cost_reads_before_the_abilities():
    # Gnomos Burlones, FAQ L900: "Para jugar esta carta debes destruir un Aliado que controles".
    assert lines("gnomos-burlones", "es")[1] == "Para jugar este Aliado, destruye un Aliado que controles."


def test_an_ability_whose_effect_the_faq_does_not_give_says_so():
    assert lines("baldur", "es")[1] == "Cuando este Aliado es destruido, su efecto no está codificado."
    assert lines("baldur", "en")[1] == "When this ally is destroyed, its effect is not encoded."


# Every word of the vocabulary has its phrase ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_effect_has_its_phrase(lang):
    assert set(vocabulary.EFFECTS) == set(EFFECTS)
    for word in vocabulary.EFFECTS:
        text = effect_text({"do": word}, Voice(lang, "aliado"))
        assert text and not GAP.search(text) and f"'{word}'" not in text, word


@pytest.mark.parametrize("lang", LANGS)
def test_every_kind_trigger_grant_and_duration_has_its_phrase(lang):
    assert set(vocabulary.ABILITY_KINDS) == set(KINDS)
    assert set(vocabulary.TRIGGERS) == set(TRIGGERS)
    assert set(vocabulary.GRANTS) == set(GRANTS)
    assert set(vocabulary.DURATIONS) == set(DURATIONS)
    for on in vocabulary.TRIGGERS:
        text = ability_text({"kind": "disparada", "on": on, "effects": [{"do": "robar"}]}, lang, "aliado")
        assert not GAP.search(text), on
    for grant in vocabulary.GRANTS:
        text = ability_text({"kind": "continua", "grant": grant}, lang, "aliado")
        assert not GAP.search(text), grant
    read = {ability_text({"kind": kind, "effects": [{"do": "robar"}], "grant": "indestructible"}, lang, "aliado")
            for kind in vocabulary.ABILITY_KINDS}
    assert len(read) == len(vocabulary.ABILITY_KINDS) and not any(GAP.search(text) for text in read)
    seen = {duration(d, Voice(lang, "aliado")) for d in vocabulary.DURATIONS}
    assert len(seen) == len(vocabulary.DURATIONS)


TARGET_VALUES = {"choose": 2, "type": "talisman", "race": "faerie", "side": "opponent", "cost-max": 3, "cost-min": 2,
                 "strength-max": 3, "zone": "cementerio", "name": "Sif", "player": "opponent", "race-not": "campeon",
                 "name-not": "Konjin"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_target_key_has_its_phrase(lang):
    v = Voice(lang, "aliado")
    plain = target({"type": "aliado"}, v).text
    for key in vocabulary.TARGET_KEYS:
        written = {"type": "aliado", key: TARGET_VALUES.get(key, True)}
        text = target(written, v).text
        assert text != plain and not GAP.search(text), key


@pytest.mark.parametrize("lang", LANGS)
def test_every_condition_has_its_phrase(lang):
    v = Voice(lang)
    said = set()
    for count in conditions.COUNTS:
        for cond in ({"count": count, "compare": "less"}, {"count": count, "compare": "more"}, {"count": count, "max": 3},
                     {"count": count, "min": 1}, {"count": count, "min": 1, "max": 3}):
            text = condition(cond, v)
            assert not GAP.search(text) and "compare" not in text, cond
            said.add(text)
            said.add(condition(cond, v, lasting=True))
    assert len(said) == len(conditions.COUNTS) * 5 * 2


# Every card reads without a gap -----------------------------------------------------------------------------------


def scenario_cards():
    catalog = default_catalog()
    out = []
    for path in sorted(SCENARIOS.glob("*.toml")):
        written = tomllib.loads(path.read_text()).get("position", {}).get("cards", {})
        if written:
            cards, _ = with_custom(catalog, written)
            out += [(f"{path.stem}:{cid}", cards.cards[cid]) for cid in written if cid in cards.cards]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_the_catalog_reads_without_a_gap(lang):
    catalog = default_catalog()
    gaps = [(cid, line) for cid, card in catalog.cards.items() for line in card_lines(card, lang) if GAP.search(line)]
    assert gaps == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_a_scenario_defines_reads_without_a_gap(lang):
    found = scenario_cards()
    assert len(found) > 100
    gaps = [(where, line) for where, card in found for line in card_lines(card, lang) if GAP.search(line)]
    assert gaps == []


def test_a_card_a_judge_defines_is_read_too():
    raw = {"name": "Dragón de Prueba", "type": "aliado", "cost": 3, "strength": 2, "race": "dragon",
           "abilities": [{"kind": "disparada", "on": "entra-en-juego", "effects": [{"do": "robar", "amount": 2}]}]}
    card, problems = card_from_dict("dragon-de-prueba", raw, custom=True)
    assert problems == []
    assert reading(card) == {
        "es": ["Aliado · coste 3 · fuerza 2 · raza Dragón", "Cuando este Aliado entra en juego, roba 2 cartas."],
        "en": ["Ally · cost 3 · strength 2 · race Dragón", "When this ally enters play, draw 2 cards."],
    }


def test_the_reading_is_made_once_per_card_definition():
    card = default_catalog().cards["niflheim"]
    first, second = reading(card), reading(card)
    assert first == second
    first["es"].append("cambiada")
    assert "cambiada" not in reading(card)["es"]


# The board shows both: the engine's reading and the FAQ's words -----------------------------------------------------


def test_a_card_view_carries_the_reading_and_the_faq_text(client):
    found = client.get("/api/cards", query_string={"game": "mitos-y-leyendas", "q": "Niflheim", "limit": 1}).get_json()
    (niflheim,) = found["cards"]
    assert niflheim["reading"]["es"][1] == "Cuando este Tótem entra en juego, tu oponente bota 1 carta de su Mazo Castillo."
    assert niflheim["reading"]["en"][0] == "Totem"
    assert niflheim["text"].startswith("L982: «Niflheim: El turno que este Tótem es puesto en juego")
    assert niflheim["source"] == "FAQ L976, L982-L984"


def test_a_position_s_own_card_is_read_on_the_board(client):
    position = {"active": "p1", "turn": 1, "step": "vigilia.c-d",
                "cards": {"mia": {"name": "Carta Mía", "type": "talisman",
                                  "abilities": [{"kind": "jugar", "effects": [{"do": "anular", "target": {"type": "totem"}}]}]}},
                "players": {"p1": {"castillo": 40, "mano": [{"uid": "m1", "card": "mia"}]}, "p2": {"castillo": 40}}}
    data = client.post("/api/position", json={"ruleset": "myl-pe-2024", "position": position}).get_json()
    view = data["cards"]["m1"]
    assert view["custom"] and view["reading"]["es"] == ["Talismán", "Anula un Tótem."]
