"""Reading two traces side by side: where they part, and the step that decides a question.

Two ways through the same plays write the same steps until a choice (or a rule) sends them apart; the learner is
shown both, with what they share marked as shared and the first step that differs marked on each side.
"""

from __future__ import annotations

from typing import Any, Iterable

from judge.core.trace import Step
from judge.practice.wording import Text


BOOKKEEPING = frozenset({"plays", "uses", "usos", "this-turn", "last-turn", "actions-this-step", "step-ended",
                         "first-turn-cards"})
"""Values the engine keeps to apply the rules later (what was played and used this turn): a learner reads the
trace's steps for them, not these lines."""


def preorder(root: Step) -> list[Step]:
    return list(root.walk())


def _signature(step: Step) -> tuple[Any, ...]:
    # The rule without its document: the same rule in another rulebook is the same step.
    rule = step.rule.partition("#")[2] if step.rule and "#" in step.rule else step.rule
    chosen = step.decision.chosen if step.decision is not None else None
    return step.kind, rule, step.text_en, chosen, tuple((c.what, repr(c.after)) for c in step.changes)


def shared_steps(a: Step, b: Step) -> int:
    """How many steps, in the order they happened, two traces share before they part."""
    n = 0
    for x, y in zip(preorder(a), preorder(b)):
        if _signature(x) != _signature(y):
            break
        n += 1
    return n


def citing(root: Step, citations: Iterable[str]) -> Step | None:
    """The first step that cites one of ``citations`` (rule keys or full citations)."""
    wanted = set(citations)
    for step in root.walk():
        if step.rule and (step.rule in wanted or step.rule.partition("#")[2] in wanted):
            return step
    return None


def changing(root: Step, key: str) -> Step | None:
    """The last step that changed the fact ``key`` (``c3.zone``, ``p1.amber``), where the result was made."""
    found = None
    for step in root.walk():
        if any(change.what == key for change in step.changes):
            found = step
    return found


def with_rule(root: Step, step: Step | None) -> Step | None:
    """``step`` if it cites a rule, else the nearest step around it that does (its parent, then its first child)."""
    if step is None or step.rule:
        return step
    parents = {id(c): s for s in root.walk() for c in s.children}
    up = parents.get(id(step))
    while up is not None and not up.rule:
        up = parents.get(id(up))
    if up is not None and up.kind not in ("scenario", "resolution", "play"):
        return up
    return next((s for s in step.walk() if s.rule), None)


def view(root: Step, marks: dict[int, set[str]]) -> dict[str, Any]:
    """The trace as nested data for a page: each step's text, rule, decision and changes in both languages, and its
    marks (``shared``, ``parts``, ``decides``) by position in :func:`preorder`."""
    order = {id(s): i for i, s in enumerate(preorder(root))}

    def node(step: Step) -> dict[str, Any]:
        out: dict[str, Any] = {"text": {"es": step.text_es, "en": step.text_en or step.text_es}, "rule": step.rule,
                               "kind": step.kind, "marks": sorted(marks.get(order[id(step)], ())),
                               "index": order[id(step)]}
        if step.decision is not None:
            q = step.decision.question
            out["decision"] = {"player": q.player, "key": q.key,
                               "prompt": {"es": q.prompt_es, "en": q.prompt_en},
                               "chosen": {lang: ", ".join(step.decision.chosen_labels(lang)) or "—"
                                          for lang in ("es", "en")}}
        shown = [c for c in step.changes if c.what.partition(".")[0] not in BOOKKEEPING]
        if shown:
            out["changes"] = {lang: [line for c in shown for line in c.lines(lang)] for lang in ("es", "en")}
        out["children"] = [node(c) for c in step.children]
        # A page opens the plays where something is marked and folds the others.
        out["marked"] = bool({"parts", "decides"} & set(out["marks"])) or any(c["marked"] for c in out["children"])
        return out

    return node(root)


def marks_for(root: Step, shared: int | None = None, decides: Step | None = None) -> dict[int, set[str]]:
    """The marks of :func:`view`: the first ``shared`` steps, the step where the trace parts from the other one,
    and the step that decides."""
    marks: dict[int, set[str]] = {}
    steps = preorder(root)
    if shared is not None:
        for i in range(min(shared, len(steps))):
            marks.setdefault(i, set()).add("shared")
        if shared < len(steps):
            marks.setdefault(shared, set()).add("parts")
    if decides is not None:
        for i, s in enumerate(steps):
            if s is decides:
                marks.setdefault(i, set()).add("decides")
    return marks


def step_text(step: Step | None) -> Text | None:
    if step is None:
        return None
    return {"es": step.text_es, "en": step.text_en or step.text_es}
