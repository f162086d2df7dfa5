"""The whole card pool in the catalog: its facts from the data set, every card readable, names in every language,
custom cards as an overlay, and the refusal to rule on what is not encoded."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from judge import rulesets
from judge.core.errors import IncompleteCardError, UnknownCardError
from judge.core.ruleset import Play
from judge.games.keyforge import pool
from judge.games.keyforge.catalog import CARDS_DIR, NOT_ENCODED, Catalog, default_catalog, load_dir, pool_card_path
from judge.games.keyforge.missing import MISSING

REFERENCE = pool.DEFAULT_SOURCE
FACTS = pool.read()


def test_the_catalog_holds_every_card_of_the_pool():
    catalog = default_catalog()
    assert len(FACTS) == len({f["id"] for f in FACTS})
    assert {f["id"] for f in FACTS} <= set(catalog.cards)


def test_every_card_of_the_pool_reads_without_problems_and_says_what_is_missing():
    catalog = default_catalog()
    for facts in FACTS:
        card = catalog.cards[facts["id"]]  # a broken file raises here
        assert all(m.strip() for m in card.missing())
        # Every concept missing is one the judge can read in Spanish and English.
        assert {p.strip() for m in card.missing() for p in m.split(";")} <= set(MISSING), facts["id"]


def test_every_concept_missing_is_still_missing_from_some_card():
    catalog = default_catalog()
    used = {p.strip() for f in FACTS for m in catalog.cards[f["id"]].missing() for p in m.split(";")}
    assert set(MISSING) - used <= {NOT_ENCODED, "prophecy", "archon-power"}


def test_every_ability_file_belongs_to_a_card_of_the_pool_in_the_folder_of_its_first_set():
    expected = {pool_card_path(f, CARDS_DIR) for f in FACTS}
    hand = {c.id for c in load_dir()[0]}
    for path in CARDS_DIR.glob("*/*.toml"):
        assert path in expected, f"{path} is not where a card of the pool is written"
        assert path.stem not in hand, f"{path.stem} is written by hand in cards/ already"


@pytest.mark.skipif(not REFERENCE.exists(), reason="the card data set is not beside the project")
def test_pool_json_is_what_the_script_makes_of_the_data_set():
    cards, _ = pool.build(REFERENCE)
    assert pool.dumps(cards) == pool.POOL_FILE.read_text(encoding="utf-8")


@pytest.mark.skipif(not REFERENCE.exists(), reason="the card data set is not beside the project")
def test_no_printed_text_is_kept_in_the_project():
    # The printed text is for checking an encoding only: no sentence of it may be copied into a card file, a comment
    # or a document.
    sentences = set()
    for card in json.loads(REFERENCE.read_text(encoding="utf-8")):
        for s in re.split(r"[.\n\r]", card.get("text") or ""):
            s = re.sub(r"\([^)]*\)", "", s).strip()
            if len(s) >= 40:
                sentences.add(s.casefold())
    root = Path(__file__).resolve().parents[1]
    files = [*CARDS_DIR.rglob("*.toml"), *(root / "docs").glob("*.md"), *(root / "judge").rglob("*.py")]
    for path in files:
        text = path.read_text(encoding="utf-8").casefold()
        found = [s for s in sentences if s in text]
        assert not found, f"{path} quotes a card's printed text: {found[:2]}"


def test_the_pool_gives_names_in_every_language_and_hand_written_names_win():
    catalog = default_catalog()
    assert catalog.lookup("Ganger Chieftain").id == catalog.lookup("ganger-chieftain").id == "ganger-chieftain"
    dust = catalog.lookup("Dust Pixie")
    assert dust.name_es and dust.name_pt and dust.bonus == ("aember", "aember")
    assert not dust.missing()  # a card with keywords only, or nothing at all, needs no file
    # A hand-written card keeps the names the rulebooks use, and answers to the data set's ones too.
    assert catalog.lookup("Dust Imp").id == catalog.lookup("Diablillo del Polvo").id == "dust-imp"
    # An evil twin has its original's name; it is found by the id or by the name marked as the evil twin's.
    assert catalog.lookup("Grey Augur (Evil Twin)").id == "grey-augur-evil-twin"
    with pytest.raises(UnknownCardError):
        catalog.lookup("Grey Augur")


def test_a_card_of_the_pool_is_read_only_when_first_looked_up():
    catalog = Catalog()
    catalog.add_pool(FACTS, CARDS_DIR)
    assert catalog.cards.read() == []  # type: ignore[attr-defined]
    assert catalog.lookup("Punch").id == "punch"
    assert [c.id for c in catalog.cards.read()] == ["punch"]  # type: ignore[attr-defined]


def test_custom_cards_are_an_overlay_on_the_shared_catalog():
    base = default_catalog()
    custom = {"troll": {"name": "Troll", "house": "brobnar", "type": "creature", "power": 1}}
    merged, problems = base.with_custom(custom)
    assert not problems
    assert merged.lookup("Troll").power == 1 and base.lookup("Troll").power == 8
    assert merged.lookup("Krump") is base.lookup("Krump")


def _refused(p1: str, play: str, cards: str = "") -> IncompleteCardError:
    """The refusal to resolve ``play`` in a position where p1 has ``p1`` (TOML lines) and ``cards`` are defined."""
    rs = rulesets.get("keyforge-17.2")
    position = f'active = "p1"\nstep = "main"\n[players.p1]\n{p1}\n[players.p2]\n{cards}'
    with pytest.raises(IncompleteCardError) as exc:
        rs.resolve(rs.loads(position), Play.parse(play), [])
    return exc.value


def test_an_ability_not_encoded_is_refused_in_the_judges_language_with_what_is_missing():
    exc = _refused('house = "logos"\nhand = ["mother"]\nbattleline = ["Psychic Bug"]', "reap Psychic Bug")
    assert exc.card == "psychic-bug"
    assert "Psychic Bug" in str(exc) and "After Reap" in str(exc) and "[cards.psychic-bug]" in str(exc)
    assert "Después de cosechar" in exc.text("es") and "carta propia" in exc.text("es")


def test_a_card_with_nothing_encoded_is_refused_whenever_its_abilities_are_read():
    mystery = '[cards.mystery]\nname = "Mystery"\nhouse = "dis"\ntype = "action"\nincomplete = "not-encoded"'
    exc = _refused('house = "dis"\nhand = ["mystery"]', "play Mystery", mystery)
    assert "none of its abilities is encoded" in str(exc) and "complete its definition" in str(exc)
    assert "ninguna de sus habilidades" in exc.text("es")


def test_a_constant_ability_not_encoded_is_refused_while_its_card_is_in_play():
    catalog = default_catalog()
    card = next(c for c in (catalog.cards[f["id"]] for f in FACTS)
                if c.type == "creature" and c.unknown_constant is not None and len(c.abilities) == 1)
    exc = _refused(f'house = "{card.house}"\nbattleline = ["{card.id}"]', f"reap {card.id}")
    assert exc.card == card.id and "constant" in str(exc)
