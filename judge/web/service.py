"""The engine behind the board and the JSON API: read a request, call the rulesets, shape the answer.

Every function here takes plain JSON values and returns plain JSON values; what it refuses it raises as
:class:`~judge.web.errors.APIError` with every problem found (``where`` + ``message``), so the views stay thin
and the board can mark each field.
"""

from __future__ import annotations

import functools
import os
import tomllib
from pathlib import Path
from typing import Any, Iterator, Sequence

from judge import rulesets
from judge.core import budget
from judge.core import explore as exploring
from judge.core import toml_writer
from judge.core.errors import (IllegalPlayError, InvalidAnswerError, InvalidPlayError, JudgeError,
                               MalformedPositionError, ScenarioError, UnknownCardError)
from judge.core.position import Position
from judge.core.resolution import Outcome
from judge.core.ruleset import Play, Ruleset
from judge.core.scenario import Runner, Scenario
from judge.core.trace import Step, citations
from judge.web import body, bookkeeping, limits, picker, reuse
from judge.web.errors import APIError

MAX_CARDS = limits.MAX_CARDS
MAX_ANSWERS = 200
MAX_PLAYS = 50
MAX_PLAY_TEXT = 200
EXPLORE_BUDGET = 300
EXPLORE_MAX_BUDGET = limits.MAX_BRANCHES

# Reading requests ---------------------------------------------------------------------------------------------


def read_json() -> dict[str, Any]:
    """The request body as a JSON object (see :mod:`judge.web.body` for what is refused and why)."""
    return body.read_json()


def _json_type(value: Any) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(value), type(value).__name__)


def problem(where: str, message: str) -> dict[str, str]:
    return {"where": where, "message": message}


def _nulls(raw: Any, where: str) -> Iterator[str]:
    """Where a JSON value holds a null, at any depth."""
    if raw is None:
        yield where
    elif isinstance(raw, dict):
        for k, v in raw.items():
            yield from _nulls(v, f"{where}.{k}")
    elif isinstance(raw, list):
        for i, v in enumerate(raw):
            yield from _nulls(v, f"{where}[{i}]")


def ruleset_of(data: dict[str, Any], problems: list[dict[str, str]]) -> Ruleset | None:
    """The ruleset a request names (``ruleset``, or the position's own ``ruleset`` key)."""
    rid = data.get("ruleset")
    position = data.get("position")
    if rid is None and isinstance(position, dict):
        rid = position.get("ruleset")
    if rid is None:
        rid = rulesets.DEFAULT
    if not isinstance(rid, str):
        problems.append(problem("ruleset", f"the ruleset is an id like {rulesets.DEFAULT!r}, not {_json_type(rid)}"))
        return None
    try:
        return rulesets.get(rid)
    except KeyError:
        known = ", ".join(r.id for r in rulesets.all_rulesets())
        problems.append(problem("ruleset", f"unknown ruleset {rid!r} (known: {known})"))
        return None


def _count_cards(doc: Any, depth: int = 0) -> int:
    if depth > 12:
        return MAX_CARDS + 1
    if isinstance(doc, list):
        return sum(1 + _count_cards(x, depth + 1) if isinstance(x, (dict, str)) else _count_cards(x, depth + 1)
                   for x in doc)
    if isinstance(doc, dict):
        return sum(_count_cards(v, depth + 1) for v in doc.values() if isinstance(v, (list, dict)))
    return 0


def position_of(rs: Ruleset, raw: Any, where: str = "position") -> Position:
    """Read a position given as a table (JSON object) or as its TOML text; 4xx with every problem otherwise."""
    if isinstance(raw, str):
        try:
            raw = tomllib.loads(raw)
        except tomllib.TOMLDecodeError as exc:
            raise APIError(422, "malformed-position", "the position text is not valid TOML",
                           problems=[problem(where, f"not valid TOML: {exc}")]) from None
        if isinstance(raw.get("position"), dict):
            raw = raw["position"]
        refused = list(body.problems_in(raw, where))
        if refused:
            raise APIError(422, "malformed-position", "; ".join(f"{p['where']}: {p['message']}" for p in refused[:10]),
                           problems=refused[:50])
    if not isinstance(raw, dict):
        raise APIError(400, "wrong-type", f"{where} must be an object (the position's tables) or its TOML text, "
                                          f"not {_json_type(raw)}", problems=[problem(where, "must be an object")])
    # Only the players' zones hold cards: a custom card's list of effects is not a pile of cards.
    if _count_cards(raw.get("players")) > MAX_CARDS:
        raise APIError(413, "too-large", f"a position holds at most {MAX_CARDS} cards",
                       problems=[problem(where, f"more than {MAX_CARDS} cards")])
    nulls = list(_nulls(raw, where))
    if nulls:
        # A position is TOML underneath (saved, exported), and TOML has no null: say where, rather than fail later.
        from judge.web.i18n import lang

        text = ("null no es un valor: omite el campo" if lang() == "es" else "null is not a value: leave the field out")
        raise APIError(422, "malformed-position", text, problems=[problem(w, text) for w in nulls])
    names = list(_custom_name_problems(raw.get("cards"), f"{where}.cards"))
    if names:
        raise APIError(422, "malformed-position", "; ".join(f"{p['where']}: {p['message']}" for p in names),
                       problems=names)
    try:
        position = rs.read_position(raw)
    except MalformedPositionError as exc:
        from judge.web.i18n import lang

        language = lang()
        summary = (f"la posición tiene {len(exc.problems)} problema(s); cada uno se indica con su lugar" if language == "es"
                   else f"the position has {len(exc.problems)} problem(s); each is listed with where it is")
        raise APIError(422, "malformed-position", summary,
                       problems=[problem(f"{where}.{p.where}" if p.where else where, p.text(language))
                                 for p in exc.problems]) from None
    except UnknownCardError as exc:
        from judge.web.i18n import lang

        message = exc.text(lang())
        raise APIError(422, "malformed-position", message, problems=[problem(where, message)]) from None
    except RecursionError:
        raise APIError(400, "too-deep", "the position is nested too deeply to read") from None
    except JudgeError as exc:
        raise APIError(422, "malformed-position", str(exc), problems=[problem(where, str(exc))]) from None
    too_large = limits.shape_problems(rs, position, where)
    if too_large:
        found = limits.describe(too_large)
        raise APIError(413, "too-large", "; ".join(f"{p['where']}: {p['message']}" for p in found), problems=found)
    return position


def _custom_name_problems(cards: Any, where: str) -> Iterator[dict[str, str]]:
    """A custom card's name is text, or a table of texts by language; the catalog folds every one of them."""
    if not isinstance(cards, dict):
        return
    for cid, card in cards.items():
        name = card.get("name") if isinstance(card, dict) else None
        if isinstance(name, dict):
            for language, text in name.items():
                if not isinstance(text, str):
                    yield problem(f"{where}.{cid}.name.{language}",
                                  f"a card's name in a language is text, not {_json_type(text)}")


def by_of(raw: Any, problems: list[dict[str, str]], where: str = "by") -> str | None:
    """Who makes a play (``p2``); ``None``: the player who may act now."""
    if raw is None:
        return None
    if not isinstance(raw, str) or not raw or len(raw) > 40:
        problems.append(problem(where, "by is the id of the player who makes the play (p1, p2…)"))
        return None
    return raw


def play_of(raw: Any, problems: list[dict[str, str]], where: str = "play") -> str | None:
    if isinstance(raw, dict):
        verb, card = raw.get("verb"), raw.get("card")
        if not isinstance(verb, str) or (card is not None and not isinstance(card, str)):
            problems.append(problem(where, "a play is text like \"reap c3\" or {\"verb\": \"reap\", \"card\": \"c3\"}"))
            return None
        raw = f"{verb} {card}" if card else verb
    if not isinstance(raw, str) or not raw.strip():
        problems.append(problem(where, "a play is text like \"reap c3\" or \"play Troll\""))
        return None
    if len(raw) > MAX_PLAY_TEXT:
        problems.append(problem(where, f"a play is at most {MAX_PLAY_TEXT} characters"))
        return None
    return raw.strip()


def answers_of(raw: Any, problems: list[dict[str, str]], where: str = "answers") -> list[Any]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.append(problem(where, f"answers are a list (one per decision, in order), not {_json_type(raw)}"))
        return []
    if len(raw) > MAX_ANSWERS:
        problems.append(problem(where, f"at most {MAX_ANSWERS} answers"))
        return []
    out: list[Any] = []
    for i, a in enumerate(raw):
        ok = _is_answer(a)
        if isinstance(a, dict):
            ok = set(a) <= {"key", "choose"} and "choose" in a and _is_answer(a["choose"]) and \
                isinstance(a.get("key", ""), str)
        if not ok:
            problems.append(problem(f"{where}[{i}]", "an answer is an option's value or label (text), a list of "
                                                     "them, or {\"key\": ..., \"choose\": ...}"))
        out.append(a)
    return out


def _is_answer(a: Any) -> bool:
    if isinstance(a, bool):
        return False
    if isinstance(a, (str, int)):
        return not isinstance(a, str) or len(a) <= MAX_PLAY_TEXT
    if isinstance(a, list):
        return len(a) <= 60 and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in a)
    return isinstance(a, dict)


def board_request(data: dict[str, Any], *, need_play: bool) -> tuple[Ruleset, Position, Play | None, list[Any]]:
    """Ruleset, position, play (with who makes it, ``by``) and answers of a request, or a 4xx listing every problem
    at once."""
    problems: list[dict[str, str]] = []
    unknown = set(data) - {"ruleset", "position", "play", "by", "answers", "budget", "lang", "plays", "title", "id",
                           "entries", "note", "current"}
    for key in sorted(unknown):
        problems.append(problem(key, "unknown field"))
    rs = ruleset_of(data, problems)
    if "position" not in data:
        problems.append(problem("position", "the request needs a position"))
    play = None
    if need_play:
        if "play" not in data:
            problems.append(problem("play", "the request needs a play, e.g. \"reap c3\""))
        else:
            text = play_of(data["play"], problems)
            raw = data["play"]
            by = by_of(data["by"] if "by" in data else raw.get("by") if isinstance(raw, dict) else None, problems)
            play = Play.parse(text, by=by) if text else None
    answers = answers_of(data.get("answers"), problems)
    if problems:
        raise APIError(400, "bad-request", "; ".join(f"{p['where']}: {p['message']}" for p in problems),
                       problems=problems)
    assert rs is not None
    position = reuse.position(rs, data["position"], position_of)
    return rs, position, play, answers


# Shaping answers ----------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _corpus():
    from judge import corpus

    return corpus.load()


def citation_url(citation: str | None) -> str | None:
    if not citation:
        return None
    if "#" in citation:
        doc, _, sid = citation.partition("#")
        return f"/rules/{doc}/{sid}"
    return f"/rulings/{citation}"


def citation_info(citation: str | None) -> dict[str, Any] | None:
    """A citation with the title of what it names and its page (``None`` title if the corpus lacks it)."""
    if not citation:
        return None
    corpus = _corpus()
    try:
        found = corpus.resolve(citation)
        title = found.title
    except KeyError:
        return {"citation": citation, "title": None, "url": citation_url(citation)}
    out = {"citation": citation, "title": title, "url": citation_url(citation)}
    # A numbered step ("Paso 5", "120.6") reads only with the section it belongs to.
    parent = corpus.sections.get(f"{citation.partition('#')[0]}#{found.parent}") if getattr(found, "parent", None) else None
    if parent is not None:
        out["parent"] = parent.title.rstrip(" :")
    return out


def ruleset_of_game(game: str) -> Ruleset | None:
    """The ruleset the board uses for a game when only the game is named (its first, the current rulebook)."""
    return next((r for r in rulesets.all_rulesets() if r.game == game), None)


def play_label(play: Play, cards: dict[str, Any], lang: str, step: str | None = None,
               word: dict[str, str] | None = None) -> str:
    """A play as the board offers it: its verb in words (what it does from this step, where that differs: ending the
    turn from step 3 also readies and draws), and the card it names, or the word it names as a judge reads it
    (``word``, by language: a house)."""
    from judge.web.i18n import MESSAGES

    words = MESSAGES.get(f"verb.{play.verb}.{step}") or MESSAGES.get(f"verb.{play.verb}", {})
    verb = words.get(lang, play.verb)
    if not play.card:
        return verb
    info = cards.get(play.card)
    if not info:
        return f"{verb} {(word or {}).get(lang) or play.card}"  # a house, a step: the word the play names
    name = info["name"].get(lang) if isinstance(info.get("name"), dict) else play.card
    return f"{verb} {name} ({play.card})"


def no_plays_view(rs: Ruleset, position: Position) -> list[dict[str, Any]]:
    """Why no play is legal: every play that names no card, refused with the rule that refuses it, the plays refused
    for the same reason together (cards are played in step 3; the turn is ended from step 3 on…)."""
    reasons: dict[str, dict[str, Any]] = {}
    for verb in rs.verbs:
        play = Play(verb)
        try:
            rs.verify_play(position, rs.with_player(position, play))
        except IllegalPlayError as exc:
            if not exc.rule:
                continue  # a play that needs a card: the refusal is about the card that is missing
            found = reasons.setdefault(exc.reason, {"verbs": [], "reason": {"es": exc.reason_es, "en": exc.reason},
                                                    "rule": exc.rule, "rule_info": citation_info(exc.rule)})
            found["verbs"].append(verb)
        except (budget.OverBudget, budget.OverDeadline):
            raise
        except Exception:  # noqa: BLE001 - a play this position cannot even check explains nothing here
            continue
    for found in reasons.values():
        found["labels"] = {lang: [play_label(Play(v), {}, lang, position.step) for v in found["verbs"]]
                           for lang in ("es", "en")}
    return list(reasons.values())


def warnings_view(rs: Ruleset, position: Position) -> list[dict[str, Any]]:
    """What the position holds that play cannot lead to, each with the rule it breaks (the judge may still resolve)."""
    from judge.web.i18n import lang

    try:
        found = rs.warnings(position)
    except (budget.OverBudget, budget.OverDeadline):
        raise
    except Exception:  # noqa: BLE001 - a warning the engine cannot work out is no reason to refuse the position
        import logging

        logging.getLogger("judge.web").exception("engine failure looking for a position's warnings")
        return []
    return [{"where": w.where, "rule": w.rule, "rule_info": citation_info(w.rule), "message": w.text(lang()),
             "text": {"es": w.text("es"), "en": w.text("en")}} for w in found]


def plays_view(rs: Ruleset, position: Position, cards: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal plays with their labels, kept for the position (:mod:`judge.web.reuse`)."""
    return reuse.on_position(position, "plays", lambda: reuse.by_text(
        rs, board_view(rs, position)["toml"], "plays", lambda: _plays_view(rs, position, cards)))


def _plays_view(rs: Ruleset, position: Position, cards: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    try:
        plays = rs.legal_plays(position)
    except (budget.OverBudget, budget.OverDeadline):
        raise
    except Exception as exc:  # noqa: BLE001 - a custom card the engine cannot judge is still the judge's input
        import logging

        logging.getLogger("judge.web").exception("engine failure listing the legal plays")
        raise APIError(422, "engine-failure", f"the engine could not list the legal plays ({type(exc).__name__}: "
                                              f"{exc}); check the custom cards; the input was logged") from None
    for play in plays:
        out.append({"play": str(play), "verb": play.verb, "card": play.card, "by": play.player,
                    "label": {lang: play_label(play, cards, lang, position.step, rs.play_word_names(play))
                              for lang in ("es", "en")}})
    return out


def board_view(rs: Ruleset, position: Position) -> dict[str, Any]:
    try:
        return reuse.on_position(position, "view", lambda: _board_view(rs, position))
    except (budget.OverBudget, budget.OverDeadline):
        raise
    except Exception as exc:  # noqa: BLE001 - a position the engine made but cannot write is still a refusal
        import logging

        logging.getLogger("judge.web").exception("engine failure writing a position")
        raise APIError(422, "engine-failure", f"the engine could not write the resulting position "
                                              f"({type(exc).__name__}: {exc}); the input was logged") from None


def _board_view(rs: Ruleset, position: Position) -> dict[str, Any]:
    # Everything but the text is the same for the same text: a resolution's result seen before is not read again.
    text = rs.dumps(position)
    return reuse.by_text(rs, text, "view", lambda: {
        "position": rs.to_dict(position), "toml": text, "cards": rs.card_view(position),
        "acting": rs.acting_player(position) if position.players else None})


def _trace_citations(trace: Step, question: dict[str, Any] | None) -> dict[str, Any]:
    cited = list(dict.fromkeys(citations(trace)))
    if question and question.get("rule"):
        cited.append(question["rule"])
    return {c: citation_info(c) for c in cited}


def _changes(rs: Ruleset, before: Position, after: Position, cards: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed, each change marked ``detail`` where it is the engine's bookkeeping (:mod:`bookkeeping`)."""
    facts_before, facts_after = _facts(rs, before), _facts(rs, after)
    shifted = bookkeeping.shifted_cards(facts_before, facts_after)
    players, schema = set(before.players) | set(after.players), reuse.schema(rs)
    return [{"what": k, "before": b, "after": a,
             "detail": bookkeeping.is_detail(k, schema, players, cards, shifted)}
            for k, b, a in exploring.diff(facts_before, facts_after)]


def _facts(rs: Ruleset, position: Position) -> dict[str, Any]:
    return reuse.on_position(position, "facts", lambda: reuse.by_text(
        rs, board_view(rs, position)["toml"], "facts", lambda: exploring.facts(rs, position)))



def _mark_trace_details(rs: Ruleset, step: dict[str, Any], players: set[str], cards: dict[str, Any]) -> None:
    """Mark the changes of every trace step that are bookkeeping (``detail``), for the board's details toggle."""
    schema = reuse.schema(rs)
    for change in step.get("changes") or ():
        change["detail"] = bookkeeping.is_detail(change["what"], schema, players, cards)
    for child in step.get("children") or ():
        _mark_trace_details(rs, child, players, cards)


def _question(q: Any) -> dict[str, Any]:
    out = q.to_dict()
    out["rule_info"] = citation_info(out.get("rule"))
    out["context"] = [citation_info(c) for c in getattr(q, "context", ())]
    return out


def _decision(d: Any) -> dict[str, Any]:
    out = d.to_dict()
    out["question"]["rule_info"] = citation_info(out["question"].get("rule"))
    return out


def _run(rs: Ruleset, position: Position, play: Play, answers: Sequence[Any]) -> Outcome:
    """Resolve, translating every engine refusal into a 4xx that says what and why."""
    text = str(play)
    try:
        # The same play in the same position is allowed or refused the same way: a judge answering its questions
        # one by one sends it again with each answer.
        checked = reuse.on_position(position, f"check {play!r}",
                                    lambda: rs.check_play(position, play, resolving=True))
        return rs.resolve_checked(position, checked, list(answers))
    except IllegalPlayError as exc:
        from judge.web.i18n import lang

        reason = exc.reason_es if lang() == "es" else exc.reason
        raise APIError(422, "illegal-play", reason, play=text, by=play.player, rule=exc.rule, rule_info=citation_info(exc.rule),
                       reason={"es": exc.reason_es, "en": exc.reason},
                       problems=[problem("play", f"{reason} ({exc.rule})" if exc.rule else reason)]) from None
    except InvalidAnswerError as exc:
        index = _bad_answer_index(answers)
        where = f"answers[{index}]" if index is not None else "answers"
        raise APIError(422, "invalid-answer", str(exc).splitlines()[0], index=index, question=_question(exc.question),
                       problems=[problem(where, str(exc).splitlines()[0])]) from None
    except (InvalidPlayError, UnknownCardError) as exc:
        from judge.web.i18n import lang

        message = exc.text(lang())
        raise APIError(422, "invalid-play", message, play=text, problems=[problem("play", message)]) from None
    except JudgeError as exc:
        message = str(exc).splitlines()[0]
        where = "answers" if "answer" in message else "play"
        raise APIError(422, "refused", message, problems=[problem(where, message)]) from None
    except RecursionError:
        raise APIError(422, "engine-failure", "the resolution did not finish (it recursed too deeply); check for a "
                                              "loop in the custom cards") from None
    except (budget.OverBudget, budget.OverDeadline):
        raise
    except Exception as exc:  # noqa: BLE001 - a position the engine cannot handle is still the judge's input
        import logging

        logging.getLogger("judge.web").exception("engine failure on %r", text)
        raise APIError(422, "engine-failure", f"the engine could not resolve this play ({type(exc).__name__}: "
                                              f"{exc}); the input was logged") from None


def _bad_answer_index(answers: Sequence[Any]) -> int | None:
    """Which answer the engine refused: the one the last question read (no resolution is run again for it)."""
    meter = budget.current()
    if meter is None or meter.answer_index is None or not 0 <= meter.answer_index < len(answers):
        return None
    return meter.answer_index


# What the API does ------------------------------------------------------------------------------------------


def check(data: dict[str, Any]) -> dict[str, Any]:
    """Validate a position and list what can be played in it."""
    rs, position, _, _ = board_request(data, need_play=False)
    view = board_view(rs, position)
    plays = plays_view(rs, position, view["cards"])
    return {"ruleset": rs.id, **view, "plays": plays, "warnings": warnings_view(rs, position),
            "no_plays": [] if plays else no_plays_view(rs, position)}


def resolve(data: dict[str, Any]) -> dict[str, Any]:
    """Resolve a play with the answers given: the trace and the new position, or the question it stopped at."""
    rs, position, play, answers = board_request(data, need_play=True)
    assert play is not None
    outcome = _run(rs, position, play, answers)
    trace = outcome.trace.to_dict()
    question = _question(outcome.question) if outcome.question is not None else None
    # Copies: the views are kept for their positions (reuse), and this answer adds to them.
    before = dict(board_view(rs, position))
    after = dict(board_view(rs, outcome.position))
    result: dict[str, Any] = {
        "status": "question" if question else "complete",
        "ruleset": rs.id,
        "play": str(play),
        "by": play.player or rs.acting_player(position),
        "answers": answers,
        "decisions": [_decision(d) for d in outcome.decisions],
        "question": question,
        "trace": trace,
        "citations": _trace_citations(outcome.trace, question),
        "before": before,
        "after": after,
        "changes": _changes(rs, position, outcome.position, {**before["cards"], **after["cards"]}),
        "winner": outcome.winner,
        "warnings": warnings_view(rs, position),
    }
    _mark_trace_details(rs, trace, set(position.players), {**before["cards"], **after["cards"]})
    for view in (before, after):
        view["unread_states"] = bookkeeping.unread_states(view["position"], view["cards"])
    if not question:
        result["plays_after"] = plays_view(rs, outcome.position, after["cards"]) if not outcome.winner else []
    return result


def explore(data: dict[str, Any]) -> dict[str, Any]:
    """Resolve the play under every combination of answers (bounded) and group the distinct outcomes."""
    branches = data.get("budget", EXPLORE_BUDGET)
    if not isinstance(branches, int) or isinstance(branches, bool) or not 1 <= branches <= EXPLORE_MAX_BUDGET:
        raise APIError(400, "bad-request", f"budget is a whole number from 1 to {EXPLORE_MAX_BUDGET}",
                       problems=[problem("budget", f"a whole number from 1 to {EXPLORE_MAX_BUDGET}")])
    rs, position, play, prefix = board_request(data, need_play=True)
    assert play is not None
    _run(rs, position, play, prefix)  # refuses an illegal play or a bad prefix with the same messages as resolve
    try:
        ex = exploring.explore(rs, position, play, prefix, budget=branches)
    except JudgeError as exc:
        raise APIError(422, "refused", str(exc).splitlines()[0]) from None
    except budget.OverBudget as exc:
        # The branches resolved before the one that ran out: an exploration of this board that fits.
        if exc.done >= 2:
            exc.fits = exc.done - 1
        raise
    before = exploring.facts(rs, position)
    differing = exploring.differences(rs, ex)
    cards = rs.card_view(position)
    for group in ex.groups:
        cards = {**rs.card_view(group.outcome.position), **cards}
    players, schema = set(position.players), reuse.schema(rs)
    # Across outcomes, a card's index differs with the order of its zone: the zone's order is what a judge reads
    # ("Tiger, then Friend"), once, instead of one index per card that moved along.
    orders = sorted({_zone_of(before, k, ex) for k in differing if k.endswith(".index")} - {None})
    details = [k for k in differing if k.endswith(".index") or bookkeeping.is_detail(k, schema, players, cards)]
    read = orders + [k for k in differing if k not in details]
    outcomes = []
    for index, group in enumerate(ex.groups):
        after_facts = exploring.facts(rs, group.outcome.position)
        shifted = bookkeeping.shifted_cards(before, after_facts)
        outcomes.append({
            "index": index,
            "count": len(group.paths),
            "winner": group.outcome.winner,
            "paths": [{"answers": p.answers, "described": {lang: _described(p, lang) for lang in ("es", "en")}}
                      for p in group.paths[:50]],
            "more_paths": max(0, len(group.paths) - 50),
            "facts": {k: _as_read(schema, k, after_facts.get(k)) if k in differing
                      else _zone_order(rs, group.outcome.position, k) for k in read},
            "details": {k: after_facts.get(k) for k in details},
            "changes": [{"what": k, "before": b, "after": a,
                         "detail": bookkeeping.is_detail(k, schema, players, cards, shifted)}
                        for k, b, a in exploring.diff(before, after_facts)],
            "toml": rs.dumps(group.outcome.position),
        })
    return {"ruleset": rs.id, "play": str(play), "by": play.player or rs.acting_player(position), "prefix": prefix,
            "outcomes": outcomes, "cards": cards,
            "differing": read, "differing_details": details, "matters": ex.matters, "resolved": ex.resolved,
            "cut": ex.cut,
            "complete": ex.complete, "refused": [{"answers": a, "message": m} for a, m in ex.refused[:20]]}


def _described(path: Any, lang: str) -> list[dict[str, Any]]:
    """Each answer of an explored path with the question's own words (not its key), who gave it and what was chosen;
    an answer that matches no option (a choice with nothing to choose) reads as the value given."""
    out = []
    for item, question in zip(path.describe(lang), path.questions):
        prompt = (question.prompt_en or question.prompt_es) if lang == "en" else question.prompt_es
        answer = item["answer"]
        shown = item["labels"] or [str(a) for a in (answer if isinstance(answer, list) else [answer]) if a is not None]
        out.append({**item, "prompt": prompt or item["key"], "labels": shown})
    return out


def _as_read(schema: dict[str, Any], fact: str, value: Any) -> Any:
    """A fact as a judge reads it: a counter a card or player does not carry is 0, not "nothing"."""
    if value is not None:
        return value
    attr = fact.rpartition(".")[2]
    ints = {k for k, kind in schema.get("card_state", {}).items() if kind == "int"}
    ints |= {f["key"] for f in schema.get("player_fields", ()) if f.get("kind") == "int"}
    return 0 if attr in ints else None


def _zone_of(facts: dict[str, Any], index_fact: str, ex: Any) -> str | None:
    """The zone (``p1.battleline``) whose order an index fact of the outcomes belongs to."""
    uid = index_fact[: -len(".index")]
    zone = None
    for group in ex.groups:
        found = group.outcome.position.find(uid)
        if found:
            zone = f"{found[0].id}.{found[1]}"
    return zone or facts.get(f"{uid}.zone")


def _zone_order(rs: Ruleset, position: Position, zone: str) -> list[str]:
    """The uids of a zone (``p1.battleline``) in order."""
    pid, _, name = zone.partition(".")
    player = position.players.get(pid)
    return [c.uid for c in player.zone(name)] if player else []


def cards(q: str, game: str, lang: str, limit: int, filters: dict[str, list[str]] | None = None) -> list[dict[str, Any]]:
    """Catalog cards whose name (any language, any alias) contains ``q``, all of them when ``q`` is empty; with
    ``filters`` (KeyForge: ``house``, ``trait``, ``type``) only those with one of the values asked for in each."""
    rs = ruleset_of_game(game)
    if rs is None or rs.catalog() is None:
        return []
    return picker.search(rs, q, lang, limit, picker.chosen(rs, filters or {}))


def card_filters(game: str, lang: str) -> dict[str, list[dict[str, Any]]]:
    """What the card picker of ``game`` filters by, each filter with its values and their names."""
    rs = ruleset_of_game(game)
    if rs is None or rs.catalog() is None:
        return {}
    return picker.filters(rs, lang)


# Scenarios ----------------------------------------------------------------------------------------------------


def scenarios_root() -> Path:
    env = os.environ.get("JUDGE_SCENARIOS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "scenarios"


@functools.lru_cache(maxsize=4)
def _scenario_index(root: str) -> tuple[dict[str, Path], dict[str, list[str]], dict[str, str]]:
    """The project's scenarios: their files by id, their ids by entry, their rulesets by id."""
    by_id: dict[str, Path] = {}
    by_entry: dict[str, list[str]] = {}
    ruleset_of: dict[str, str] = {}
    for path in sorted(Path(root).rglob("*.toml")):
        try:
            scenario = Scenario.from_file(path)
        except JudgeError:
            continue
        by_id[scenario.id] = path
        ruleset_of[scenario.id] = scenario.ruleset
        for entry in scenario.entries:
            by_entry.setdefault(entry, []).append(scenario.id)
    return by_id, by_entry, ruleset_of


def scenario_rulesets() -> list[str]:
    """The ruleset of every scenario of the project, one per scenario."""
    return list(_scenario_index(str(scenarios_root()))[2].values())


def scenarios_of(entry_id: str) -> list[dict[str, Any]]:
    """The scenarios that reproduce an entry, each with its title and the board address that replays it."""
    by_id, by_entry, _ = _scenario_index(str(scenarios_root()))
    out = []
    for sid in sorted(by_entry.get(entry_id, []), key=lambda s: (s != entry_id, s)):
        try:
            s = Scenario.from_file(by_id[sid])
        except JudgeError:
            continue
        out.append({"id": sid, "title": s.title, "ruleset": s.ruleset, "replay": f"/board?scenario={sid}",
                    "plays": [p.play for p in s.plays if p.set is None]})
    return out


def scenario(sid: str) -> dict[str, Any]:
    """A stored scenario as the board loads it.

    :raise 404: if there is no scenario with that id.
    """
    by_id, _, _ = _scenario_index(str(scenarios_root()))
    if sid not in by_id:
        raise APIError(404, "not-found", f"there is no scenario {sid!r}")
    return scenario_payload(Scenario.from_file(by_id[sid]))


def scenario_payload(s: Scenario) -> dict[str, Any]:
    try:
        rs = rulesets.get(s.ruleset)
    except KeyError:
        raise APIError(422, "bad-scenario", f"unknown ruleset {s.ruleset!r}",
                       problems=[problem("ruleset", f"unknown ruleset {s.ruleset!r}")]) from None
    position = position_of(rs, s.position)
    return {"id": s.id, "title": s.title, "reading": s.reading, "entries": s.entries, "ruleset": rs.id,
            "position": rs.to_dict(position),
            "plays": [_script_play(p) for p in s.plays],
            # What the replay proves: the expectations (checked by POST /api/scenarios/check) and the rulings.
            "expect": s.expect, "rulings": [citation_info(e) for e in s.entries]}


def _script_play(p: Any) -> dict[str, Any]:
    """One play of a scenario as the board replays it: the play, who makes it and the answers given; a correction
    (``set``) as the paths it sets."""
    if p.set is not None:
        return {"set": p.set, "answers": [], "expect": p.expect}
    return {"play": p.play, "by": p.by, "answers": p.answers, "illegal": p.illegal, "expect": p.expect,
            "after-step": p.after_step}


def import_scenario(text: str) -> dict[str, Any]:
    """Read a scenario file a judge uploads; every problem is reported (TOML, format, position)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise APIError(422, "bad-scenario", f"the file is not valid TOML: {exc}",
                       problems=[problem("file", f"not valid TOML: {exc}")]) from None
    shape = list(_scenario_shape_problems(data))
    if shape:
        raise APIError(422, "bad-scenario", "; ".join(f"{p['where']}: {p['message']}" for p in shape[:10]),
                       problems=shape[:50])
    if "plays" not in data and isinstance(data.get("position"), dict):
        data["plays"] = [{"play": "end-turn"}]  # a bare position: the board needs no play to show it
        data.setdefault("id", "IMPORTED")
    data.setdefault("id", "IMPORTED")
    try:
        s = Scenario.from_dict(data)
    except ScenarioError as exc:
        message = str(exc).removeprefix("scenario: ")
        raise APIError(422, "bad-scenario", message,
                       problems=[problem("file", m.strip()) for m in message.split(";")]) from None
    return scenario_payload(s)


def _scenario_shape_problems(data: dict[str, Any]) -> Iterator[dict[str, str]]:
    """What a scenario file holds that the scenario reader would not take: refused here, each with its key."""
    yield from body.problems_in(data)
    for key in ("entries", "sections", "tags"):
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            yield problem(key, f"{key} is a list of texts")
    for key in ("id", "title", "reading", "ruleset"):
        if key in data and not isinstance(data[key], str):
            yield problem(key, f"{key} is text")
    plays = data.get("plays", [])
    if not isinstance(plays, list):
        yield problem("plays", "plays is a list of [[plays]] tables")
        return
    for i, item in enumerate(plays):
        if isinstance(item, dict):
            for key in ("expect",):
                if key in item and not isinstance(item[key], dict):
                    yield problem(f"plays[{i}].{key}", f"{key} is a table")
    if "expect" in data and not isinstance(data["expect"], dict):
        yield problem("expect", "[expect] is a table")


def export_scenario(data: dict[str, Any]) -> dict[str, Any]:
    """Write the board as a scenario file: its position, the plays made with their answers, and expectations
    taken from where the plays led, so that ``judge check`` passes on it as exported."""
    problems: list[dict[str, str]] = []
    sid = data.get("id") or "MESA-1"
    title = data.get("title") or ""
    entries = data.get("entries") or []
    note = data.get("note") or ""
    if not isinstance(sid, str) or not sid.replace("-", "").replace("_", "").isalnum() or len(sid) > 60:
        problems.append(problem("id", "the scenario id is letters, digits and dashes (e.g. MESA-12)"))
    if not isinstance(title, str) or len(title) > 300 or "\n" in title or "\r" in title:
        # The title goes into the file's first comment line: a line break would end the comment.
        problems.append(problem("title", "the title is one line of text (at most 300 characters)"))
    if not isinstance(note, str) or len(note) > 4000:
        problems.append(problem("note", "the note is text (at most 4000 characters)"))
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        problems.append(problem("entries", "entries are a list of entry ids"))
    plays_raw = data.get("plays", [])
    if not isinstance(plays_raw, list) or len(plays_raw) > MAX_PLAYS:
        problems.append(problem("plays", f"plays are a list of at most {MAX_PLAYS} {{play, answers}}"))
        plays_raw = []
    plays: list[tuple[Play, list[Any]]] = []
    for i, item in enumerate(plays_raw):
        if not isinstance(item, dict):
            problems.append(problem(f"plays[{i}]", "each play is {\"play\": ..., \"answers\": [...], \"by\": ...}"))
            continue
        text = play_of(item.get("play"), problems, f"plays[{i}].play")
        answers = answers_of(item.get("answers"), problems, f"plays[{i}].answers")
        by = by_of(item.get("by"), problems, f"plays[{i}].by")
        if text:
            plays.append((Play.parse(text, by=by), answers))
    if problems:
        raise APIError(400, "bad-request", "; ".join(f"{p['where']}: {p['message']}" for p in problems),
                       problems=problems)
    rs, position, _, _ = board_request({k: v for k, v in data.items() if k in ("ruleset", "position")},
                                       need_play=False)
    start = position
    if not plays:
        raise APIError(422, "bad-scenario", "a scenario needs at least one play", problems=[problem("plays", "empty")])
    for i, (play, answers) in enumerate(plays):
        try:
            outcome = _run(rs, position, play, answers)
        except APIError as exc:
            exc.details.setdefault("problems", [])
            exc.details["problems"] = [problem(f"plays[{i}]", exc.message)]
            raise
        if outcome.question is not None:
            raise APIError(422, "unanswered", f"plays[{i}] {str(play)!r} stops at a question: {outcome.question.prompt_en}",
                           question=_question(outcome.question),
                           problems=[problem(f"plays[{i}].answers", "a decision is still unanswered")])
        position = outcome.position
    expect = _expectations(rs, start, position)
    doc_position = rs.to_dict(start)
    doc_position.pop("game", None)
    doc_position.pop("ruleset", None)
    doc: dict[str, Any] = {"id": sid, "entries": entries, "ruleset": rs.id}
    if title:
        doc["title"] = title
    doc["plays"] = [{"play": str(p), "answers": a, **({"by": p.player} if p.player else {})} for p, a in plays]
    doc["position"] = doc_position
    doc["expect"] = expect
    header = [f"# {sid}" + (f" — {title}" if title else "")]
    header += [f"# {line}".rstrip() for line in note.splitlines()]
    text = "\n".join(header) + "\n" + toml_writer.dumps(doc)
    try:
        written = Scenario.from_dict(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ScenarioError) as exc:
        import logging

        logging.getLogger("judge.web").error("an exported scenario does not read back: %s", exc)
        raise APIError(422, "engine-failure", f"the scenario file could not be read back ({exc}); the input was "
                                              "logged") from None
    check_result = Runner(rulesets.get).run(written)
    return {"filename": f"{sid}.toml", "toml": text, "passes": check_result.passed,
            "report": None if check_result.passed else check_result.report("en")}


def _expectations(rs: Ruleset, start: Position, end: Position) -> dict[str, Any]:
    """What the exported scenario checks: the player values, card states and zones that changed, as the ruleset's
    schema names them, and who may act and how much waits where the game keeps a stack."""
    schema = reuse.schema(rs)
    player_values = set(schema.get("player_values", ()))
    card_values = set(schema.get("card_state", ())) | {"controller"}
    changed = exploring.diff(exploring.facts(rs, start), exploring.facts(rs, end))
    paths: list[str] = []
    for what, _, _ in changed:
        head, _, attr = what.partition(".")
        if head in ("priority", "stack"):
            paths.append("stack.count" if head == "stack" else head)
        elif head in end.players or head in start.players:
            if attr in player_values:
                paths.append(what)
        elif attr in ("zone", "index"):
            paths.append(f"{head}.zone")
        elif attr in card_values:
            paths.append(what)
    if end.values.get("winner"):
        paths.append("winner")
    expect: dict[str, Any] = {}
    for path in dict.fromkeys(paths):
        try:
            value = rs.query(end, path)
        except (KeyError, JudgeError, TypeError, ValueError):
            continue
        if value is None:
            continue
        expect[path] = value
    if not expect:
        expect["active"] = rs.query(end, "active")
    return expect
