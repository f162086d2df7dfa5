"""What earlier turns and plays left in a KeyForge position: the lasting effects still running (EFECTOS DURADEROS)
as a judge writes them, checked and put in the form the engine keeps.

A lasting effect is a table of ``values.lasting``::

    [[position.values.lasting]]
    source = "blessing"            # the card that made it: a uid, or a name only one card of the position has
    controller = "p1"              # whose effect it is
    duration = "turn"              # one of the durations of the `lasting` effect (docs/abilities.md)
    effect = { modify = "power", amount = 2, target = ["pawn", "squire"] }

``effect`` is a constant effect of the vocabulary; its ``target`` may name the cards it is on (a uid or a name, or a
list of them) or be a target table (every card that matches, as for a constant ability). Instead of ``effect`` (or
with it), ``trigger = { event = …, filter = …, effects = […] }`` waits for an event, as the ``lasting`` effect's
``trigger`` does. A source that is no card of the position is a card gone from it (``card = "<catalog id>"`` may say
which).
"""

from __future__ import annotations

from typing import Any

from judge.core.errors import Problem
from judge.core.position import Position
from judge.games.keyforge.vocabulary import DURATIONS, VOCABULARY

KEYS = ("source", "controller", "duration", "effect", "trigger", "ability", "card", "turn")


def problems(position: Position, card_id: Any) -> list[Problem]:
    """Every problem of the lasting effects a position holds, each with where it is."""
    raw = position.values.get("lasting", [])
    if not isinstance(raw, list):
        return [Problem("values.lasting", "lasting effects are a list of tables ([[position.values.lasting]])",
                        "los efectos duraderos son una lista de tablas ([[position.values.lasting]])")]
    found: list[Problem] = []
    for i, entry in enumerate(raw):
        where = f"values.lasting[{i}]"
        if not isinstance(entry, dict):
            found.append(Problem(where, "a lasting effect is a table", "un efecto duradero es una tabla"))
            continue
        for k in entry:
            if k not in KEYS:
                found.append(Problem(f"{where}.{k}", f"unknown key (known: {', '.join(KEYS)})",
                                     f"clave desconocida (conocidas: {', '.join(KEYS)})"))
        if entry.get("controller") not in position.players:
            found.append(Problem(f"{where}.controller", f"the player whose effect it is, one of {sorted(position.players)}",
                                 f"el jugador cuyo efecto es, uno de {sorted(position.players)}"))
        if entry.get("duration", "turn") not in DURATIONS:
            found.append(Problem(f"{where}.duration", f"one of {', '.join(sorted(DURATIONS))}",
                                 f"uno de {', '.join(sorted(DURATIONS))}"))
        source = entry.get("source")
        if source is not None and not isinstance(source, str):
            found.append(Problem(f"{where}.source", "the card that made it: a uid, or a name one card of the position has",
                                 "la carta que lo creó: un uid, o un nombre que tenga una sola carta de la posición"))
        if "effect" not in entry and "trigger" not in entry and "ability" not in entry:
            found.append(Problem(where, "a lasting effect has an effect = { modify = … } or a trigger = { event = … }",
                                 "un efecto duradero tiene effect = { modify = … } o trigger = { event = … }"))
        if "effect" in entry and not (isinstance(entry["effect"], dict) and "modify" not in entry["effect"]
                                      and "replace" in entry["effect"]):
            effect = entry["effect"]
            target = effect.get("target") if isinstance(effect, dict) else None
            cards = _cards(target)
            if cards is not None:
                for name in cards:
                    if _card(position, name, card_id) is None:
                        found.append(Problem(f"{where}.effect.target", f"{name!r} names no card, or several, of the "
                                             "position (use the uid)",
                                             f"{name!r} no nombra ninguna carta de la posición, o nombra varias (usa el uid)"))
                effect = {k: v for k, v in effect.items() if k != "target"}
            found.extend(VOCABULARY.check_constant(effect, f"{where}.effect"))
        trigger = entry.get("trigger", entry.get("ability"))
        if trigger is not None:
            ability = {"trigger": "after", **trigger} if isinstance(trigger, dict) else trigger
            found.extend(VOCABULARY.check_ability(ability, f"{where}.trigger"))
    return found


def normalize(position: Position, card_id: Any) -> None:
    """Put the lasting effects of a checked position in the form the engine keeps: targets and sources by uid, a
    trigger as an "after" ability, the turn a "during your opponent's next turn" effect applies in."""
    entries = position.values.get("lasting")
    if not entries:
        return
    out = []
    for entry in entries:
        entry = dict(entry)
        entry.setdefault("duration", "turn")
        source = _card(position, entry["source"], card_id) if entry.get("source") else None
        if source is not None and entry["source"] != source.uid:
            entry["source"] = source.uid  # written by its name
        effect = entry.get("effect")
        if isinstance(effect, dict) and effect.get("target") == "self" and source is not None:
            entry["effect"] = {**effect, "target": {"uids": [source.uid]}}
        elif isinstance(effect, dict) and _cards(effect.get("target")) is not None:
            uids = [_card(position, name, card_id).uid for name in _cards(effect["target"])]  # type: ignore[union-attr]
            entry["effect"] = {**effect, "target": {"uids": uids}}
        if "trigger" in entry:
            entry["ability"] = {"trigger": "after", **entry.pop("trigger")}
        if entry["duration"] == "opponents-next-turn" and "turn" not in entry:
            # Written on the opponent's turn, it is running now; written on its controller's turn, it waits for the next.
            entry["turn"] = position.turn + (1 if position.active == entry["controller"] else 0)
        out.append(entry)
    position.values["lasting"] = out


def _cards(target: Any) -> list[str] | None:
    """The cards a hand-written target names (a uid or name, or a list of them); None for any other target."""
    if isinstance(target, str) and target not in VOCABULARY.named_targets:
        return [target]
    if isinstance(target, list) and all(isinstance(t, str) for t in target):
        return list(target)
    return None


def _card(position: Position, ref: str, card_id: Any) -> Any:
    """The card ``ref`` names: its uid, or a name only one card of the position has (the cards may still be written
    by any of their names: the position is checked before they are put in canonical form)."""
    found = position.find(ref)
    if found:
        return found[2]
    try:
        wanted = card_id(ref)
    except KeyError:
        return None
    matches = []
    for _, _, card in position.all_cards():
        try:
            if card_id(card.card) == wanted:
                matches.append(card)
        except KeyError:
            continue
    return matches[0] if len(matches) == 1 else None
