"""The resolution trace: a tree of steps, each with its rule, its sentence in two languages, the decision taken
and the state it changed. The trace is data; the CLI and the templates render it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Iterator

from judge.core.decisions import Decision


@dataclass(frozen=True)
class Change:
    """One state change: what changed (``p1.amber``, ``c3.damage``, ``c3.zone``), from what, to what."""

    what: str
    before: Any
    after: Any
    at: int = 0
    """How many child steps its step had when the change was made (changes and children interleave in time)."""

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "before": self.before, "after": self.after, "at": self.at}

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def lines(self, lang: str = "es") -> list[str]:
        """One line per value that changed: a change to a table (what happened this turn…) lists its keys that
        changed, so a reader sees ``this-turn.p1.fights: — → 1`` rather than two whole tables."""
        return _change_lines(self.what, self.before, self.after, lang)


def _change_lines(what: str, before: Any, after: Any, lang: str = "es") -> list[str]:
    if isinstance(before, dict) or isinstance(after, dict):
        if (before is None or isinstance(before, dict)) and (after is None or isinstance(after, dict)):
            b, a = before or {}, after or {}
            keys = [k for k in dict.fromkeys([*b, *a]) if b.get(k) != a.get(k)]
            if keys:
                return [line for k in keys for line in _change_lines(f"{what}.{k}", b.get(k), a.get(k), lang)]
    return [f"{what}: {_show(before, lang)} → {_show(after, lang)}"]


def _show(v: Any, lang: str = "es") -> str:
    if v is None:
        return "—"
    if isinstance(v, bool):
        return ("yes" if v else "no") if lang == "en" else ("sí" if v else "no")
    return str(v)


@dataclass
class Step:
    """One thing that happened while resolving a play, with what happened inside it as children."""

    kind: str
    """Stable machine name of the step: ``play``, ``bonus-icon``, ``reap``, ``damage``, ``destroyed``…"""
    rule: str | None
    """Citation (``keyforge-17.2#order.play.2``) of the rule this step follows."""
    text_es: str
    text_en: str
    decision: Decision | None = None
    changes: list[Change] = field(default_factory=list)
    children: list[Step] = field(default_factory=list)
    card: str | None = None
    """The uid of the card the step is about, if any."""

    def walk(self) -> Iterator[Step]:
        yield self
        for child in self.children:
            yield from child.walk()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "text": {"es": self.text_es, "en": self.text_en}}
        if self.card:
            out["card"] = self.card
        if self.decision is not None:
            out["decision"] = self.decision.to_dict()
        if self.changes:
            out["changes"] = [c.to_dict() for c in self.changes]
        if self.children:
            out["children"] = [c.to_dict() for c in self.children]
        return out

    def text(self, lang: str = "es") -> str:
        return self.text_en if lang == "en" and self.text_en else self.text_es


def citations(step: Step) -> list[str]:
    """Every citation in the tree, in the order the steps happened."""
    return [s.rule for s in step.walk() if s.rule]


def render(step: Step, lang: str = "es", *, indent: str = "  ", changes: bool = True) -> str:
    """The trace as an indented tree of plain text lines (what ``judge trace`` prints)."""
    lines: list[str] = []

    def visit(s: Step, depth: int) -> None:
        pad = indent * depth
        cite = f"  [{s.rule}]" if s.rule else ""
        if s.decision is not None:
            q = s.decision.question
            # An empty answer ("up to N", none taken) reads as "none" rather than a blank after the arrow.
            chosen = ", ".join(s.decision.chosen_labels(lang)) or ("ninguno" if lang == "es" else "none")
            chosen_values = s.decision.chosen if isinstance(s.decision.chosen, tuple) else (s.decision.chosen,)
            others = [o.label_es if lang == "es" else (o.label_en or o.label_es)
                      for o in q.options if o.value not in chosen_values]
            # The question's key is what an answer may name ({ key = "order", choose = … }): the trace shows it.
            line = f"{pad}- ? {q.player} [{q.key}]: {q.prompt_es if lang == 'es' else q.prompt_en} → {chosen}"
            if others:
                line += (" (no elegido: " if lang == "es" else " (not chosen: ") + ", ".join(others) + ")"
            lines.append(line + cite)
        else:
            lines.append(f"{pad}- {s.text(lang)}{cite}")
        for i in range(len(s.children) + 1):
            if changes:
                for c in s.changes:
                    if c.at == i or (i == len(s.children) and c.at > i):
                        lines.extend(f"{pad}{indent}· {line}" for line in c.lines(lang))
            if i < len(s.children):
                visit(s.children[i], depth + 1)

    visit(step, 0)
    return "\n".join(lines)
