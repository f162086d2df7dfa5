"""What the FAQ does not give of a Mitos y Leyendas card, in the judge's language: every catalog card with a note
gives it in Spanish and in English, the board serves both, and the engine refuses with the one the judge reads."""

from __future__ import annotations

import re
import tomllib

import pytest

from judge.games.mitos_y_leyendas.catalog import CARDS_DIR, card_from_dict, default_catalog

NOTED = sorted((c for c in default_catalog().cards.values() if c.incomplete), key=lambda c: c.id)

POSITION = {"active": "p1", "step": "vigilia.c-d",
            "players": {"p1": {"castillo": 10, "mano": [{"uid": "a", "card": "acupuntura"}],
                               "reserva-de-oro": ["oro", "oro", "oro"]},
                        "p2": {"castillo": 10}},
            "cards": {"oro": {"name": "Oro", "type": "oro"}}}


@pytest.fixture
def client(module_app):
    return module_app.test_client()


def only_names(note: str) -> bool:
    """A note that is nothing but names and line numbers reads the same in both languages."""
    return all(word[:1].isupper() or word[:1].isdigit() for word in re.findall(r"[\w-]+", note))


# The catalog ---------------------------------------------------------------------------------------------------------


def test_every_card_with_a_note_gives_it_in_both_languages():
    files = {path.stem: tomllib.loads(path.read_text(encoding="utf-8")) for path in CARDS_DIR.glob("*.toml")}
    noted = {cid for cid, raw in files.items() if "incomplete" in raw or "incomplete_en" in raw}
    assert len(noted) > 150
    for cid in sorted(noted):
        card = default_catalog().cards[cid]
        assert card.incomplete.strip() and card.incomplete_en.strip(), cid
    assert {c.id for c in NOTED} == noted


def test_no_english_note_is_its_spanish_one():
    same = [c.id for c in NOTED if c.incomplete_en == c.incomplete and not only_names(c.incomplete)]
    assert same == []


def test_a_spanish_note_reads_the_same_in_english_on_every_card_that_has_it():
    english: dict[str, set[str]] = {}
    for card in NOTED:
        english.setdefault(card.incomplete, set()).add(card.incomplete_en)
    assert {es: en for es, en in english.items() if len(en) > 1} == {}


def test_the_english_note_says_the_games_words_as_the_english_reading_does():
    """Ally, talisman, Castle deck, graveyard…; card names and what the note quotes from the FAQ stay as they are."""
    spanish = re.compile(r"\b(Mazo Castillo|Cementerio|Mano|Aliados?|Talismán|Talismanes|Tótems?|Armas?|Oros?)\b")
    names = sorted({name for c in default_catalog().cards.values() for name in c.names()}, key=len, reverse=True)

    def words(note: str) -> str:
        note = re.sub(r"“[^”]*”", "", note)
        for name in names:
            note = note.replace(name, "")
        return note

    assert [c.id for c in NOTED if spanish.search(words(c.incomplete_en))] == []


def test_a_catalog_card_with_one_note_alone_is_a_problem():
    base = {"name": "Prueba", "type": "talisman"}
    _, problems = card_from_dict("prueba", {**base, "incomplete": "el FAQ no da su coste"})
    assert [p.where for p in problems] == ["prueba.toml.incomplete"]
    _, problems = card_from_dict("prueba", {**base, "incomplete_en": "the FAQ does not give its cost"})
    assert [p.where for p in problems] == ["prueba.toml.incomplete_en"]
    _, problems = card_from_dict("prueba", {**base, "incomplete": "el FAQ no da su coste", "incomplete_en": ""})
    assert [p.where for p in problems] == ["prueba.toml.incomplete_en"]


def test_a_card_a_judge_defines_with_the_spanish_note_alone_reads_it_in_english_too():
    card, problems = card_from_dict("prueba", {"name": "Prueba", "type": "talisman", "incomplete": "falta su coste"},
                                    custom=True)
    assert problems == [] and card is not None
    assert (card.incomplete_in("es"), card.incomplete_in("en")) == ("falta su coste", "falta su coste")
    _, problems = card_from_dict("prueba", {"name": "Prueba", "type": "talisman", "incomplete_en": "no cost"},
                                 custom=True)
    assert [p.where for p in problems] == ["cards.prueba.incomplete_en"]


# The board and the engine --------------------------------------------------------------------------------------------


def test_the_board_serves_the_note_in_both_languages(client):
    r = client.get("/api/cards", query_string={"game": "mitos-y-leyendas", "q": "Acupuntura", "limit": 1})
    (card,) = r.get_json()["cards"]
    assert card["incomplete"] == {
        "es": "el FAQ da su efecto (barajar tantas cartas de tu Cementerio como Oros tenga en juego tu oponente) pero "
              "no su texto ni su coste",
        "en": "the FAQ gives its effect (shuffle as many cards from your graveyard as the golds your opponent has in "
              "play) but not its text or its cost"}
    r = client.get("/api/cards", query_string={"game": "mitos-y-leyendas", "q": "Tótem del Bosque", "limit": 1})
    assert r.get_json()["cards"][0]["incomplete"] is None


def refusal(client, lang, position=POSITION):
    r = client.post("/api/resolve", json={"ruleset": "myl-pe-2024", "position": position, "play": "play a"},
                    headers={"Accept-Language": lang})
    assert r.status_code == 422, r.get_json()
    return r.get_json()


def test_the_refusal_quotes_the_note_in_the_judges_language(client):
    acupuntura = default_catalog().cards["acupuntura"]
    english = refusal(client, "en")
    assert acupuntura.incomplete_en in english["message"] and acupuntura.incomplete not in english["message"]
    assert english["reason"]["en"] == english["message"]
    spanish = refusal(client, "es")
    assert acupuntura.incomplete in spanish["message"] and acupuntura.incomplete_en not in spanish["message"]


def test_a_catalog_card_given_again_with_a_spanish_note_is_refused_with_that_note(client):
    position = {**POSITION, "cards": {**POSITION["cards"], "acupuntura": {"cost": 1, "incomplete": "falta su texto"}}}
    english = refusal(client, "en", position)
    assert "(falta su texto)" in english["message"]
    assert default_catalog().cards["acupuntura"].incomplete_en not in english["message"]
