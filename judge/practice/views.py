"""What a question page shows, as plain data: the board before the plays, the plays with the choices made in them,
the ruling's text, and, once answered, the traces side by side with the step that decides.

Every text is given in both languages; the page picks one. Links are the service's business: citations and entry ids
are given as they are.
"""

from __future__ import annotations

import json
from typing import Any

from judge import corpus as corpora
from judge.core.trace import Step
from judge.practice import traces
from judge.practice.choices import Choice
from judge.practice.questions import Question
from judge.practice.wording import Names, Text

def _same(text: Any) -> Text:
    return {"es": str(text), "en": str(text)}


def _compact(value: Any) -> str:
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return str(value)


def board(question: Question) -> dict[str, Any]:
    """The position before the plays, zone by zone, read-only. Values, zones and states are given by their keys:
    the page names them as the board does."""
    doc = question.ruleset.to_dict(question.start)
    attached = question.ruleset.layout.attached_key
    names = question.names
    game = [{"key": k, "value": str(doc[k])} for k in ("active", "turn", "step", "priority") if k in doc]
    values = [{"key": k, "value": _compact(v)} for k, v in doc.get("values", {}).items()]
    players = []
    for pid, table in doc.get("players", {}).items():
        scalars, zones = [], []
        for key, value in table.items():
            if isinstance(value, list) and value and all(isinstance(c, dict) and "uid" in c for c in value):
                zones.append({"key": key, "cards": [_card(c, names, attached) for c in value]})
            else:
                scalars.append({"key": key, "value": _compact(value)})
        players.append({"id": pid, "active": pid == doc.get("active"), "scalars": scalars, "zones": zones})
    custom = [{"id": cid, "name": _same(card.get("name")) if not isinstance(card.get("name"), dict)
               else {"es": card["name"].get("es") or cid, "en": card["name"].get("en") or card["name"].get("es") or cid},
               "facts": _compact({k: v for k, v in card.items() if k not in ("name", "abilities")}),
               "abilities": [_compact(a) for a in card.get("abilities", [])]}
              for cid, card in doc.get("cards", {}).items()]
    # What waits between plays (the stack) and the zones of the table rather than of a player, where a game has them.
    stack = [{"kind": item.get("kind"), "source": names.named(item.get("source")), "controller": item.get("controller")}
             for item in doc.get("stack", [])]
    table = [{"key": key, "cards": [_card(c, names, attached) for c in cards]} for key, cards in doc.get("table", {}).items()]
    return {"game": game, "remembered": values, "players": players, "custom": custom, "stack": stack, "table": table}


def _card(card: dict[str, Any], names: Names, attached: str) -> dict[str, Any]:
    states = [{"key": key, "value": None if value is True else _compact(value)}
              for key, value in card.items() if key not in ("uid", "card", attached)]
    return {"uid": card["uid"], "name": names.card(card["uid"]), "states": states,
            "attached": [_card(c, names, attached) for c in card.get(attached, [])]}


def plays(question: Question) -> list[dict[str, Any]]:
    """The plays in order, each with the choices its players made (hidden where they are the question)."""
    out = []
    children = question.ruling.trace.children
    for index, spec in enumerate(question.scenario.plays):
        asked = index == question.asked
        item: dict[str, Any] = {"index": index, "asked": asked, "by": spec.by, "decisions": []}
        if spec.set is not None:
            item["set"] = _compact(spec.set)
        else:
            verb, _, card = spec.play.partition(" ")
            item["verb"] = verb
            item["card"] = question.names.named(card) if card else None
            # A refused play before the asked one is part of the story; the asked one is the question.
            item["refused"] = bool(spec.illegal) and not asked
            if index < len(children) and not (asked and question.hide_choices):
                item["decisions"] = decisions(children[index])
        out.append(item)
    return out


def decisions(step: Step) -> list[dict[str, Any]]:
    return [{"player": s.decision.question.player,
             "prompt": {"es": s.decision.question.prompt_es, "en": s.decision.question.prompt_en},
             "chosen": {lang: ", ".join(s.decision.chosen_labels(lang)) or ("ninguna" if lang == "es" else "none")
                        for lang in ("es", "en")}}
            for s in step.walk() if s.decision is not None]


def context(question: Question) -> list[dict[str, Any]]:
    """The FAQ questions the scenario reproduces, as the document asks them (their answers wait for the reveal)."""
    book = corpora.load()
    out = []
    for entry_id in question.scenario.entries:
        entry = book.entries.get(entry_id)
        if entry is not None and entry.kind == "faq" and entry.question:
            out.append({"id": entry.id, "title": entry.title, "question": entry.question})
    return out


def rulings(question: Question) -> list[dict[str, Any]]:
    """What the question comes from: its entries (with their answers) and the rule sections it reproduces."""
    book = corpora.load()
    out = []
    for entry_id in question.scenario.entries:
        entry = book.entries.get(entry_id)
        if entry is not None:
            out.append({"citation": entry.id, "title": entry.title, "answer": entry.answer})
    for citation in question.scenario.sections:
        section = book.sections.get(citation)
        out.append({"citation": citation, "title": section.title if section else citation, "answer": ""})
    return out


def comment(question: Question) -> str:
    """The scenario file's opening comment: what it reproduces and why, in the words of whoever wrote it."""
    if question.scenario.path is None:
        return ""
    found = []
    for line in question.scenario.path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        found.append(line[1:].strip())
    return "\n".join(found).strip()


def reveal(question: Question, picked: Choice) -> dict[str, Any]:
    """The answer to a pick: whether it is right, the ruling's trace and, for a wrong outcome that has one, the trace
    of the way that leads to it, both marked where they part; and the step that decides, with its rule."""
    ruling = question.ruling.trace
    other = picked.line if not picked.correct and picked.line is not None else None
    decides = question.decides
    shared = None
    # A contrast is another position: its trace is shown whole beside the ruling's, not matched step by step.
    if other is not None and picked.kind != "misreading":
        shared = traces.shared_steps(ruling, other.trace)
        steps = traces.preorder(ruling)
        if shared < len(steps):
            decides = traces.with_rule(ruling, steps[shared]) or decides
    return {
        "right": picked.correct,
        "picked": picked,
        "correct": question.correct,
        "decides": {"text": traces.step_text(decides), "rule": decides.rule if decides is not None else None},
        "ruling": traces.view(ruling, traces.marks_for(ruling, shared, decides)),
        "other": traces.view(other.trace, traces.marks_for(other.trace, shared)) if other is not None else None,
        "asked": question.asked,
        "contrast": picked.kind == "misreading",
    }
