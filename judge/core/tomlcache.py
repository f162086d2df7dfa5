"""TOML files read through a cache of their parsed tables, the way Python keeps the bytecode of a module.

Reading a scenario or a card file is mostly parsing its TOML, and ``judge check`` reads the same files run after
run. The table parsed from a file is kept in a cache folder, under the file's path, and used again while the file
has the same size and modification time (to the nanosecond); a file that changed is parsed again. The cache is only
an accelerator: a file that cannot be cached, or a cache folder that cannot be written, is simply parsed.

The folder is ``$JUDGE_CACHE``, else ``$XDG_CACHE_HOME/judge`` or ``~/.cache/judge``. Nothing is written when
``PYTHONDONTWRITEBYTECODE`` is set (the switch that keeps Python from writing its own caches) or ``JUDGE_CACHE`` is
``off``.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import sys
import tomllib
from pathlib import Path
from typing import Any
from collections.abc import Callable

_TAG = f"toml-{sys.implementation.cache_tag}"
"""The parsed tables are kept with :mod:`marshal`, whose format belongs to one Python version."""


def _folder() -> Path | None:
    chosen = os.environ.get("JUDGE_CACHE")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen) / _TAG
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "judge" / _TAG


def load(path: Path) -> dict[str, Any]:
    """The table of the TOML file ``path``; :class:`tomllib.TOMLDecodeError` and :class:`OSError` as when parsing
    it directly."""
    path = Path(path)
    found = _kept(path, "whole")
    if found is None:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    stamp, kept, table = found
    if table is None:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
        _keep(kept, stamp, table)
    return table


def read(path: Path, part: Callable[[str], str]) -> tuple[str, dict[str, Any]]:
    """The text of the file ``path`` and the table of the TOML that ``part`` takes from it (the header of a file of
    ``rulings/``). Errors are those of reading the file, of ``part`` and of parsing."""
    path = Path(path)
    found = _kept(path, "part")
    text = path.read_text(encoding="utf-8")
    toml = part(text)
    if found is None:
        return text, tomllib.loads(toml)
    stamp, kept, table = found
    if table is None:
        table = tomllib.loads(toml)
        _keep(kept, stamp, table)
    return text, table


def _kept(path: Path, what: str) -> tuple[tuple[Any, ...], Path, dict[str, Any] | None] | None:
    """The file's stamp, where its table is kept and the table kept for that stamp (or None); None when nothing is
    kept at all. The file is stat-ed before it is read: a change in between leaves a kept table outdated, never
    wrongly new."""
    folder = _folder()
    if folder is None:
        return None
    stat = path.stat()
    where = str(path.resolve())
    stamp = (stat.st_mtime_ns, stat.st_size, where, what)
    kept = folder / (hashlib.sha1(f"{where}\0{what}".encode("utf-8", "surrogatepass")).hexdigest() + ".bin")
    try:
        with open(kept, "rb") as f:
            found = marshal.load(f)
        if isinstance(found, tuple) and len(found) == 2 and found[0] == stamp:
            return stamp, kept, found[1]
    except (OSError, EOFError, ValueError, TypeError):
        pass
    return stamp, kept, None


def may_write() -> bool:
    return not sys.flags.dont_write_bytecode


def _keep(kept: Path, stamp: tuple[Any, ...], table: dict[str, Any]) -> None:
    if not may_write():
        return
    try:
        data = marshal.dumps((stamp, table))
    except ValueError:
        return  # a value marshal cannot write (a TOML date): the file is parsed each time
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(data)
        os.replace(partial, kept)  # whole or not at all: another process may be reading it
    except OSError:
        pass


__all__ = ["load", "read"]
