"""What every game's cards share in the core: looking a card up by any spelling, and the generic expectation paths."""

from __future__ import annotations

import pytest

from judge import rulesets
from judge.core.catalog import name_key
from judge.core.errors import UnknownCardError
from judge.games.keyforge.catalog import default_catalog

POSITION = """
active = "p1"
step = "main"
[players.p1]
house = "untamed"
battleline = [{ uid = "bear", card = "Oso Ancestral", damage = 1 }]
hand = ["Trol"]
[players.p2]
"""


def test_a_name_is_found_whatever_its_apostrophe_case_or_accents():
    catalog = default_catalog()
    assert catalog.lookup("Po's Pixies").id == catalog.lookup("po’s pixies").id == catalog.lookup("Pixies de Po").id
    assert name_key("Bláster de García") == name_key("blaster de garcia")


def test_an_unknown_name_suggests_the_closest_ones():
    with pytest.raises(UnknownCardError) as exc:
        default_catalog().lookup("Gato por Liebra")
    assert "did you mean" in str(exc.value) and "gato por liebre" in str(exc.value)


def test_the_generic_paths_read_zones_state_and_the_card_definition():
    rs = rulesets.get("keyforge-17.2")
    position = rs.loads(POSITION)
    assert rs.query(position, "p1.hand") == ["troll"]
    assert rs.query(position, "p1.battleline.count") == 1
    assert rs.query(position, "bear.zone") == "p1.battleline"
    assert rs.query(position, "bear.damage") == 1
    assert rs.query(position, "bear.stun") is False
    assert rs.query(position, "Oso Ancestral.type") == "creature"
    assert rs.query(position, "bear.traits") == ["beast"]
    assert rs.query(position, "bear.keywords") == ["assault 2"]
    assert rs.query(position, "p1.amber") == 0
    # KeyForge's own paths answer first: the power now, keys forged.
    assert rs.query(position, "bear.power") == 5
    assert rs.query(position, "p1.keys") == 0
    with pytest.raises(KeyError):
        rs.query(position, "p1.nothing")


def test_a_catalog_takes_cards_defined_with_a_position_and_writes_names_as_ids():
    from dataclasses import dataclass

    from judge.core.catalog import Catalog

    @dataclass(frozen=True)
    class Toy:
        id: str
        label: str

        def names(self) -> tuple[str, ...]:
            return (self.id, self.label)

        def name(self, lang: str = "es") -> str:
            return self.label

    base = Catalog([Toy("oso", "Oso")])
    catalog, problems = base.with_custom({"otro-oso": {"label": "Oso"}, "mal": 3},
                                         lambda cid, raw: (Toy(cid, raw["label"]), []) if isinstance(raw, dict) else (None, ["bad"]))
    assert problems == ["bad"] and base.find("Oso").id == "oso" and catalog.get("Oso").id == "otro-oso"
    assert catalog.find("nada") is None
    with pytest.raises(UnknownCardError) as exc:
        catalog.get("nada")
    assert "[cards.<id>]" in str(exc.value)
    assert catalog.canonical(lambda uid: uid == "c1", ["Oso", "c1", "nada"]) == ["otro-oso", "c1", "nada"]


@pytest.mark.parametrize("ruleset", ["myl-pe-2024", "gyp-reglas-1"])
def test_a_game_on_the_core_catalog_finds_checks_and_shows_the_cards_of_a_position(ruleset):
    """Mitos y Leyendas and Gobierno & Prestigio look their cards up through the core: a position's own cards over the
    catalog (made once for the same cards), an unknown card refused with the closest names and how to define it, and
    the board's view of each card."""
    from judge.core.catalog import OneNameCatalog, PositionCards, WithCustom, card_views, known_cards

    rs = rulesets.get(ruleset)
    known = next(iter(rs.catalog().cards))
    kind = "aliado" if ruleset.startswith("myl") else "ciudadano"
    position = rs.loads(f'active = "p1"\n[cards.mia]\nname = "Carta Mía"\ntype = "{kind}"\n[players.p1]\n[players.p2]\n')
    assert isinstance(rs, PositionCards) and isinstance(rs.catalog(), OneNameCatalog)
    catalog = rs.catalog_for(position)
    assert catalog is rs.catalog_for(position) and rs.custom_card_problems(position) == []
    untyped = type("Written", (), {"cards": {"mia": {"name": "M"}}})()
    assert [p.where for p in rs.custom_card_problems(untyped)] == ["cards.mia.type"]
    assert catalog.get("carta mia").id == "mia" and rs.catalog().find("carta mia") is None
    with pytest.raises(UnknownCardError) as exc:
        catalog.get(known[:-1] + "x")
    assert "did you mean" in str(exc.value) and "[cards.<id>]" in str(exc.value)

    made = WithCustom(rs.catalog, lambda base, custom: base.with_custom(custom, lambda cid, raw: (None, [cid])))
    assert made({"x": {}}) is made({"x": {}}) and made({"x": {}})[1] == ("x",)

    class Card:
        def __init__(self, uid, card, known=True):
            self.uid, self.card, self.known = uid, card, known

    class Player:
        id = "p1"

    class Position:
        def all_cards(self):
            return [(Player, "mano", Card("a", known)), (Player, "mano", Card("b", "nada")), (Player, "mano", Card("h", "?", False))]

    problems = []
    found = [(zone, card.uid, definition.id) for _, zone, card, definition in known_cards(catalog, Position(), problems)]
    assert found == [("mano", "a", known)]
    assert [p.where for p in problems] == ["players.p1.mano.b"] and "[cards.<id>]" in problems[0].message
    views = card_views(catalog, Position(), lambda card: {"name": {"es": card.name}})
    assert views["a"]["zone"] == "p1.mano" and views["b"]["name"]["es"] == "nada" and views["h"]["name"]["es"] == "?"
