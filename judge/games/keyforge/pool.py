"""The whole KeyForge card pool's printed facts, and the script that takes them from the card data set.

``pool.json`` holds, for every card, what is printed on it apart from its text: its names in English, Spanish and
Portuguese, card type, house, power, armor, æmber bonus icons, keywords, traits and printings. It is generated from a
card data set (a JSON list, MIT-licensed) by running this module::

    python -m judge.games.keyforge.pool [PATH-TO-keyforge-cards.json]

which rewrites ``pool.json`` and can be run again whenever the data set changes. The data set also holds each
card's printed text; that text is never kept: the script only reads it for facts the structured fields miss (a
keyword line such as "Taunt.") and to tell a card whose text box holds nothing but keywords (``plain``: it needs no
ability file). A card's abilities are the project's own encoding, in the ability vocabulary, in the card's file
under ``cards/`` (see :mod:`judge.games.keyforge.catalog`).

Facts are kept in one generated JSON file, not in the card files, so that running the script again never touches a
hand-written file, and so that reading the facts of 2,556 cards at start-up is one fast ``json`` load.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

POOL_FILE = Path(__file__).with_name("pool.json")
DEFAULT_SOURCE = Path(__file__).resolve().parents[3].parent / "shared" / "reference" / "keyforge-cards.json"

TYPES = {"creature": "creature", "action": "action", "artifact": "artifact", "upgrade": "upgrade",
         "token creature": "token-creature", "archon power": "archon-power", "prophecy": "prophecy",
         "the tide": "the-tide"}
HOUSES = {"archonpower": "none", "thetide": "tide"}
"""The data set's spelling of a type or house → the catalog's (the rest are spelled alike)."""

KEYWORDS = ("alpha", "assault", "capture", "deploy", "elusive", "exalt", "graft", "haunted", "hazardous", "heal",
            "invulnerable", "omega", "poison", "skirmish", "splash-attack", "steal", "taunt", "treachery", "versatile",
            "gigantic")
_KEYWORD = re.compile(r"(%s)(?:\s+(\d+))?" % "|".join(k.replace("-", "[ -]") for k in KEYWORDS), re.IGNORECASE)
_REMINDER = re.compile(r"\([^)]*\)")
_ENHANCE = re.compile(r"^enhance\b[^.]*\.?$", re.IGNORECASE)


def keyword_list(raw: list[str]) -> tuple[list[str], list[str]]:
    """The data set's keywords (``"hazardous:3"``) as the catalog writes them (``"hazardous 3"``), and the ones that
    cannot be read as a keyword with a fixed value (an X the card defines, a damaged entry)."""
    out, unread = [], []
    for item in raw:
        name, _, amount = item.partition(":")
        if name in KEYWORDS and (not amount or amount.isdigit()):
            out.append(f"{name} {amount}" if amount else name)
        else:
            unread.append(item)
    return out, unread


def _text_lines(text: str) -> list[str]:
    cleaned = _REMINDER.sub("", text.replace("\ufeff", "").replace("\r", "\n"))
    return [line.strip() for line in cleaned.split("\n") if line.strip()]


def _keyword_line(line: str) -> list[str] | None:
    """The keywords of a line made only of keywords ("Elusive. Taunt."), or None for any other line."""
    parts = [p.strip() for p in line.rstrip(".").split(".") if p.strip()]
    found = []
    for part in parts:
        m = _KEYWORD.fullmatch(part)
        if not m:
            return None
        name = m.group(1).lower().replace(" ", "-")
        found.append(f"{name} {m.group(2)}" if m.group(2) else name)
    return found or None


def facts(card: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """One card's facts as ``pool.json`` keeps them, and what could not be read."""
    keywords, unread = keyword_list(card.get("keywords") or [])
    plain = True
    for line in _text_lines(card.get("text") or ""):
        if _ENHANCE.match(line):
            continue  # Enhance adds bonus icons to other cards while the deck is built: nothing during a game
        found = _keyword_line(line)
        if found is None:
            plain = False
            continue
        have = {k.split()[0] for k in keywords}
        keywords += [k for k in found if k.split()[0] not in have]
    first = (card.get("printings") or [{}])[0]
    out: dict[str, Any] = {
        "id": card["id"],
        "name": {"en": card["name_en"], "es": card.get("name_es") or card["name_en"],
                 "pt": card.get("name_pt") or card["name_en"]},
        "type": TYPES.get(card["type"], card["type"]),
        "house": HOUSES.get(card["house"], card["house"]),
    }
    if card.get("power") is not None:
        out["power"] = card["power"]
    if card.get("armor"):
        out["armor"] = card["armor"]
    if card.get("amber"):
        out["bonus"] = ["aember"] * int(card["amber"])
    if keywords:
        out["keywords"] = keywords
    if card.get("traits"):
        out["traits"] = [t.lower() for t in card["traits"]]
    out["set"], out["number"] = first.get("set", ""), first.get("number", "")
    out["printings"] = [[p.get("set", ""), p.get("number", ""), HOUSES.get(p.get("house", ""), p.get("house", ""))]
                        for p in card.get("printings") or []]
    if plain:
        out["plain"] = True
    return out, [f"{card['id']}: keyword {k!r} not read" for k in unread]


def build(source: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """Every card's facts from the data set, sorted by id, with what could not be read."""
    cards = json.loads(source.read_text(encoding="utf-8"))
    out, notes = [], []
    for card in sorted(cards, key=lambda c: c["id"]):
        f, n = facts(card)
        out.append(f)
        notes.extend(n)
    return out, notes


def dumps(cards: list[dict[str, Any]]) -> str:
    """One card a line, so that a change of the data set shows as a change of those cards only."""
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cards]
    return "[\n" + ",\n".join(lines) + "\n]\n"


def read(path: Path = POOL_FILE) -> list[dict[str, Any]]:
    """The facts of every card of the pool, as the script wrote them."""
    return json.loads(path.read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write pool.json, the facts of every KeyForge card, from the card "
                                     "data set (its printed text is read for keywords only, never kept).")
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE, help=f"default {DEFAULT_SOURCE}")
    parser.add_argument("--out", type=Path, default=POOL_FILE, help="default: pool.json beside this module")
    args = parser.parse_args(argv)
    cards, notes = build(args.source)
    args.out.write_text(dumps(cards), encoding="utf-8")
    for note in notes:
        print(f"  - {note}", file=sys.stderr)
    print(f"{len(cards)} cards → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
