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
    folder = _folder()
    if folder is None:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    stat = path.stat()
    stamp = (stat.st_mtime_ns, stat.st_size)
    kept = folder / (hashlib.sha1(str(path.resolve()).encode("utf-8", "surrogatepass")).hexdigest() + ".bin")
    try:
        with open(kept, "rb") as f:
            found = marshal.load(f)
        if isinstance(found, tuple) and len(found) == 3 and found[0] == stamp and found[1] == str(path.resolve()):
            return found[2]
    except (OSError, EOFError, ValueError, TypeError):
        pass
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    if may_write():
        _keep(kept, (stamp, str(path.resolve()), table))
    return table


def may_write() -> bool:
    return not sys.flags.dont_write_bytecode


def _keep(kept: Path, entry: tuple[Any, ...]) -> None:
    try:
        data = marshal.dumps(entry)
    except ValueError:
        return  # a value marshal cannot write (a TOML date): the file is parsed each time
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.tmp")
        partial.write_bytes(data)
        os.replace(partial, kept)  # whole or not at all: another process may be reading it
    except OSError:
        pass


__all__ = ["load"]
