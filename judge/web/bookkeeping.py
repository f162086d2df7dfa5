"""What a judge reads of a change and what is the engine's bookkeeping.

A resolution changes the position in ways a judge reads (æmber, damage, where a card went, who holds priority) and in
ways the engine only keeps count of (how many cards were played this turn, actions this step, a card's place in its
zone moving up because another one left). The board shows the first and keeps the second behind a "details"
toggle. What counts as read is taken from the ruleset's schema, so no game is named here:

- a player's value, a card's state and zone, the turn, the step, the active player, priority, the stack and the
  winner are read;
- a game value is read when the schema offers it as a field the judge sets (KeyForge's tide…); the others are
  counters kept between plays;
- a card's index is read only where its zone's order changed without a card entering or leaving it (a card put on
  top of its own deck); otherwise the index moved because another card came or went;
- a ``<something>-used`` state is read only on a card that has that something (a keyword, or a stat above 0):
  "elusive used" means nothing on a creature without Elusive.
"""

from __future__ import annotations

from typing import Any

READ = frozenset({"active", "turn", "step", "priority", "stack", "passed", "winner"})


def read_game_values(schema: dict[str, Any]) -> frozenset[str]:
    """The game values a judge reads: the core ones and the game's own fields."""
    return READ | {f["key"] for f in schema.get("game_fields", ())}


def is_detail(what: str, schema: dict[str, Any], players: set[str], cards: dict[str, dict[str, Any]],
              shifted: set[str] = frozenset()) -> bool:
    """Whether the change or fact ``what`` is bookkeeping.

    ``what`` is a trace change (``plays``, ``tiger.zone``, ``p1.amber``) or a fact (``values.plays``,
    ``friend.index``); ``cards``: the card views by uid (before and after); ``shifted``: the uids whose index changed
    only because another card entered or left their zone."""
    head, _, attr = what.partition(".")
    if head == "values":
        head, attr = attr, ""
    if head in players:
        return False
    if head in cards:
        if attr == "index":
            return head in shifted
        if attr.endswith("-used"):
            return not _has(cards[head], attr[: -len("-used")])
        return False
    return head not in read_game_values(schema)


def _has(view: dict[str, Any], thing: str) -> bool:
    keywords = [str(k).split(" ")[0] for k in view.get("keywords") or ()]
    stat = view.get(f"{thing}_now", view.get(thing))
    return thing in keywords or (isinstance(stat, int) and not isinstance(stat, bool) and stat > 0)


def shifted_cards(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    """The cards whose index changed between two fact tables while their zone stayed, in a zone that some card entered
    or left: they moved up or down because of that card, not by themselves."""
    zones_before = {k[: -len(".zone")]: v for k, v in before.items() if k.endswith(".zone")}
    zones_after = {k[: -len(".zone")]: v for k, v in after.items() if k.endswith(".zone")}
    touched = {zone for uid in set(zones_before) | set(zones_after)
               if zones_before.get(uid) != zones_after.get(uid)
               for zone in (zones_before.get(uid), zones_after.get(uid)) if zone}
    return {uid for uid, zone in zones_after.items()
            if zones_before.get(uid) == zone and zone in touched
            and before.get(f"{uid}.index") != after.get(f"{uid}.index")}


def unread_states(doc: dict[str, Any], cards: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """By uid, the states a card of the position (table form) carries that mean nothing on it: a ``…-used`` state
    of a keyword or stat the card does not have. The board leaves them off the card as it shows it."""
    out: dict[str, list[str]] = {}

    def visit(card: Any) -> None:
        if not isinstance(card, dict) or "uid" not in card:
            return
        view = cards.get(card["uid"], {})
        unread = [k for k, v in card.items() if k.endswith("-used") and v and not _has(view, k[: -len("-used")])]
        if unread:
            out[card["uid"]] = unread
        for value in card.values():
            if isinstance(value, list):
                for child in value:
                    visit(child)

    for player in (doc.get("players") or {}).values():
        for value in player.values():
            if isinstance(value, list):
                for card in value:
                    visit(card)
    return out
