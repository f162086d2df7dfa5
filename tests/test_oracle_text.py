"""What a judge reads of a verbatim text: garbled icons spelled out (the printed text one click away), no Markdown
markup in snippets, and the references a text makes found where it makes them."""

from __future__ import annotations

import re

import pytest

from judge.corpus.references import Headings, references
from judge.corpus.text import has_glyphs, plain, readable
from test_oracle_links import client  # noqa: F401  (a web app on its own database, once for this module)


@pytest.mark.parametrize("printed, shown", [
    ("Bruja del Ocaso 🧙320", "Bruja del Ocaso n.º 320"),
    ("Bahorrinador 🗡️006 están adyacentes", "Bahorrinador n.º 006 están adyacentes"),
    ("Maldición del Olvido ♣A14", "Maldición del Olvido n.º A14"),
    ("Jugar: Inflige 2 ♠ a una criatura enemiga", "Jugar: Inflige 2 de daño a una criatura enemiga"),
    ("Mi oponente tiene 14 🗡️ en su reserva", "Mi oponente tiene 14 Æmbar en su reserva"),
    ("Si tu oponente tiene más ♣ que tú, roba 1 ♣.", "Si tu oponente tiene más Æmbar que tú, roba 1 Æmbar."),
    ("Capturar (👤): Una criatura aliada captura 1 👤 del oponente.",
     "Capturar (icono): Una criatura aliada captura 1 Æmbar del oponente."),
    ("se identifican con este icono: 🌊.", "se identifican con este icono: (icono)."),
    ("- 👁️ La llamada de los Arcontes.", "- (símbolo de colección) La llamada de los Arcontes."),
    ("Sin iconos.", "Sin iconos."),
])
def test_garbled_icons_are_spelled_out(printed, shown):
    assert readable(printed) == shown
    assert not has_glyphs(readable(printed))


def test_no_text_of_the_corpus_shows_a_garbled_icon(corpus):
    for text_id, lang, parts in [*((e.id, corpus.documents[e.document].language, (e.title, e.question, e.answer))
                                   for e in corpus.entries.values()),
                                 *((s.citation, corpus.documents[s.document].language, (s.title, s.text))
                                   for s in corpus.sections.values())]:
        for part in parts:
            assert not has_glyphs(readable(part or "", lang)), (text_id, part)


def test_icons_are_spelled_in_the_documents_language():
    assert readable("Inflige 2 ♠ y roba 1 ♣", "pt") == "Inflige 2 de dano y roba 1 Æmber"


@pytest.mark.parametrize("marked, shown", [
    ("**Jugar:** Inflige 4 de daño", "Jugar: Inflige 4 de daño"),
    ("la agota, obtiene 1 *Æmbar* para su reserva", "la agota, obtiene 1 Æmbar para su reserva"),
    ("ese *Æ*Embar se pone", "ese ÆEmbar se pone"),
    ("#### Rapto de Idunn TKPE24 13/28", "Rapto de Idunn TKPE24 13/28"),
    ("- 1 Ganas 1 Æmbar", "• 1 Ganas 1 Æmbar"),
    ("**Gnomos Burlones CRPE3 28/36*", "Gnomos Burlones CRPE3 28/36*"),
])
def test_plain_text_has_no_markdown(marked, shown):
    assert plain(marked) == shown


def test_references_name_their_term_and_page():
    text = ("Nota: Repetir un efecto no provoca que se aplique la Regla del seis (consulta la página 21), ya que "
            "dicha regla solo se aplica a la hora de jugar.")
    (ref,) = references(text)
    assert ref.page == 21 and ref.term.endswith("la Regla del seis") and text[ref.start:ref.end] == "la página 21"
    (ref,) = references("Consulta “Iconos de bonificación” en la página 16.")
    assert (ref.term, ref.page) == ("Iconos de bonificación", 16)
    (ref,) = references('(consulte "Não Pode Vs. Tem De" na página 9.)')
    assert (ref.term, ref.page) == ("Não Pode Vs. Tem De", 9)
    refs = references("Temas relacionados: Capturar, Robar")
    assert [r.term for r in refs] == ["Capturar", "Robar"]
    (ref,) = references('quién empieza segundo obtiene un legado (ver "Legados") llamado')
    assert (ref.term, ref.page) == ("Legados", None)


def test_a_term_resolves_to_its_heading_in_the_document(corpus):
    headings = Headings.of(list(corpus.sections_of("keyforge-17.2")))
    assert headings.resolve("Iconos de bonificación") == "keyforge-17.2#bonus-icons"
    assert headings.resolve("Nota: Repetir un efecto no provoca que se aplique la Regla de seis") == \
        "keyforge-17.2#rule-of-six"
    assert headings.resolve("la puja de cadenas") == "keyforge-17.2#chain-bidding"
    assert headings.resolve("Destruída") == "keyforge-17.2#destroyed"
    gp = Headings.of(list(corpus.sections_of("gyp-reglas-1")))
    assert gp.resolve("Legados") == "gyp-reglas-1#117"


def test_a_ruling_page_shows_the_icons_spelled_out_and_the_printed_text_one_click_away(client):
    html = client.get("/rulings/KF172-ERR-09").get_data(as_text=True)
    card = html[html.index('<section class="card verbatim-card">'):]
    card = card[:card.index("</section>")]
    printed = re.findall(r'<details class="printed">.*?</details>', card, re.S)
    shown = re.sub(r'<details class="printed">.*?</details>', "", card, flags=re.S)
    assert "Dolor en Cadena n.º 78" in shown and "Inflige 2 de daño a una criatura enemiga" in shown
    assert "♠" not in shown
    assert len(printed) == 2 and "Dolor en Cadena ♠78" in printed[0] and "Inflige 2 ♠" in printed[1]
    assert "Texto tal como está impreso" in printed[0]


def test_a_text_without_icons_has_no_printed_copy(client):
    html = client.get("/rulings/KF172-GEN-44").get_data(as_text=True)
    assert '<details class="printed">' not in html
