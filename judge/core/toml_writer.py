"""Write the small subset of TOML that positions and scenarios use, in one canonical layout.

The standard library reads TOML (``tomllib``) but does not write it. Positions only hold strings, integers,
booleans, lists and tables, so a short writer with a fixed key order gives a canonical text that reads back equal.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_ESCAPED = re.compile(r'[\x00-\x1f"\\]')
"""What ``json.dumps`` escapes in text (without ``ensure_ascii``): text without it is written as it is, quoted."""


@functools.lru_cache(maxsize=4096)
def key(name: str) -> str:
    # A position's keys are a few dozen names written again for every position: each is worked out once.
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def _text(v: str) -> str:
    return json.dumps(v, ensure_ascii=False) if _ESCAPED.search(v) else f'"{v}"'


def value(v: Any) -> str:
    """One value in inline form."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return _text(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        if not v:
            return "{}"
        return "{ " + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML: {v!r}")


def _is_table(v: Any) -> bool:
    return isinstance(v, dict)


def _is_table_list(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def dumps(doc: dict[str, Any], *, multiline_lists: bool = True) -> str:
    """A whole document: scalars first, then sub-tables, each list of tables one item per line."""
    out: list[str] = []
    _table(out, [], doc, multiline_lists)
    return "\n".join(out).strip() + "\n"


def _table(out: list[str], path: list[str], table: dict[str, Any], multiline: bool) -> None:
    scalars = [(k, v) for k, v in table.items() if not _is_table(v)]
    tables = [(k, v) for k, v in table.items() if _is_table(v)]
    if path and (scalars or not tables):
        out.append("")
        out.append("[" + ".".join(key(p) for p in path) + "]")
    for k, v in scalars:
        if multiline and _is_table_list(v):
            out.append(f"{key(k)} = [")
            out.extend(f"  {value(x)}," for x in v)
            out.append("]")
        else:
            out.append(f"{key(k)} = {value(v)}")
    for k, v in tables:
        _table(out, [*path, k], v, multiline)
