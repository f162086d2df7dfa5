"""Reading a JSON request body: every value that could not be stored, written as TOML or sent back is refused
here, with the path of the field that holds it, before anything else reads the body.

What is refused, and why:

- integers outside ±(2^53 − 1): the board computes in JavaScript, which cannot represent them exactly, and no
  count of a card game comes near them (a literal of thousands of digits would also make Python's ``int`` refuse);
- ``NaN`` and ``Infinity``: not JSON, and not numbers a position can hold;
- lone surrogates (``\\udc80``): they cannot be encoded as UTF-8, so neither stored nor sent back;
- control characters other than tab, newline and carriage return: TOML forbids them in comments and the exported
  scenario could not be read back.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

from flask import request

from judge.web import fast_json
from judge.web.errors import APIError

MAX_SAFE_INTEGER = 2**53 - 1
_MAX_DIGITS = len(str(MAX_SAFE_INTEGER)) + 1
_BAD_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
_MAY_REFUSE = re.compile(rb"\\|\x7f|[0-9]{16}|[0-9][eE]")
"""What a body holding a refused value must contain: an escape (the only way JSON text holds a control character or
a lone surrogate; raw ones are not JSON), the one control character JSON allows raw, a number of 16 digits or more
(past 2^53 − 1), or an exponent (a number out of range). A body without any of them holds none (it may still hold
text that looks like them, and is then read the careful way)."""


class _Unreadable:
    """Stands for a value :func:`json.loads` met but the service refuses, so the refusal can say where it was."""

    def __init__(self, why: str) -> None:
        self.why = why


def _int(text: str) -> Any:
    # Checked on the text: int() itself refuses literals over 4,300 digits with an error that names no field.
    digits = text.lstrip("-")
    if len(digits) > _MAX_DIGITS or abs(int(text)) > MAX_SAFE_INTEGER:
        return _Unreadable(f"a whole number between -{MAX_SAFE_INTEGER} and {MAX_SAFE_INTEGER}"
                           f" (this one has {len(digits):,} digits)")
    return int(text)


def _constant(name: str) -> Any:
    return _Unreadable(f"{name} is not a number JSON allows")


def _float(text: str) -> Any:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        return _Unreadable(f"{text[:20]} is out of range")
    return value


def problems_in(value: Any, where: str = "") -> Iterator[dict[str, str]]:
    """Every refused value inside a parsed body (JSON, or TOML text a body carries), with the path of its field."""
    stack = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, _Unreadable):
            yield {"where": path or "body", "message": item.why}
        elif isinstance(item, str):
            bad = _BAD_TEXT.search(item)
            if bad:
                yield {"where": path or "body", "message": _text_problem(bad.group())}
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > MAX_SAFE_INTEGER:
                yield {"where": path or "body", "message": f"a whole number between -{MAX_SAFE_INTEGER} and "
                                                           f"{MAX_SAFE_INTEGER}"}
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                yield {"where": path or "body", "message": "a finite number"}
        elif isinstance(item, dict):
            children = []
            for k, v in item.items():
                key = str(k)
                bad = _BAD_TEXT.search(key)
                child = f"{path}.{_printable(key)}" if path else _printable(key)
                if bad:
                    yield {"where": child, "message": "a field name " + _text_problem(bad.group())}
                children.append((v, child))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([(v, f"{path}[{i}]") for i, v in enumerate(item)]))
        else:
            # TOML has dates and times; nothing in a position or a scenario is one
            yield {"where": path or "body", "message": f"a {type(item).__name__} is not a value here"}


def _text_problem(char: str) -> str:
    if "\ud800" <= char <= "\udfff":
        return f"holds a lone surrogate (U+{ord(char):04X}), which is not text"
    return f"holds the control character U+{ord(char):04X}; text may hold tabs and line breaks only"


def _printable(key: str) -> str:
    return _BAD_TEXT.sub(lambda m: f"\\u{ord(m.group()):04x}", key)


def loads(raw: bytes | str) -> Any:
    """Parse JSON; refused values come back as markers that :func:`problems_in` finds."""
    return json.loads(raw, parse_int=_int, parse_constant=_constant, parse_float=_float)


def read_json() -> dict[str, Any]:
    """The request body as a JSON object; 400 with where the problem is when it is not one.

    :raise 400: if the body is not JSON, not an object, or holds a value the service refuses.
    :raise 413: if the body is larger than ``MAX_CONTENT_LENGTH`` (raised while reading it).
    """
    raw = request.get_data(cache=True)
    if not raw.strip():
        raise APIError(400, "empty-body", "the request needs a JSON object as its body")
    if not _MAY_REFUSE.search(raw):
        # Nothing in it can be a value the service refuses (see _MAY_REFUSE): when orjson reads it, it reads the same
        # object as below, several times faster, and there is nothing to look for in it.
        done, data = fast_json.loads(raw)
        if done and isinstance(data, dict):
            return data
    try:
        data = loads(raw)
    except UnicodeDecodeError:
        raise APIError(400, "bad-json", "the body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise APIError(400, "bad-json", f"the body is not valid JSON: {exc.msg} (line {exc.lineno}, column "
                                        f"{exc.colno})") from None
    except RecursionError:
        raise APIError(400, "too-deep", "the JSON is nested too deeply to read") from None
    if not isinstance(data, dict):
        kind = {list: "an array", str: "a string", bool: "true/false", int: "a number", float: "a number",
                type(None): "null"}.get(type(data), "a value it cannot hold")
        raise APIError(400, "wrong-type", f"the body must be a JSON object, not {kind}")
    found = list(problems_in(data))
    if found:
        raise APIError(400, "bad-request", "; ".join(f"{p['where']}: {p['message']}" for p in found[:10]),
                       problems=found[:50])
    return data
