"""JSON in and out of the service through orjson, with the standard library's answer wherever the two would differ.

Writing a resolution's answer (its trace, two views of the board, the legal plays) was a tenth of the processor time
of ``POST /api/resolve``; orjson writes the same text several times faster. Where the standard library would write
something else, or orjson cannot write a value at all (an integer past 64 bits, text that is not Unicode, a date,
which Flask writes its own way), the standard library writes it, as before. Reading goes the same way: a body
orjson reads without a value the service refuses is the same object the standard library reads; any other body is
read by the standard library, whose refusals name the field and say why (:mod:`judge.web.body`).

Without orjson installed, everything is the standard library's.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; a bare install still serves
    orjson = None  # type: ignore[assignment]

# Dates, dataclasses and the like are written the way Flask writes them (``default``), not orjson's way.
_OPTIONS = 0 if orjson is None else (orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
                                     | orjson.OPT_PASSTHROUGH_DATACLASS)


def dumps_bytes(obj: Any, default: Any, sort_keys: bool) -> bytes | None:
    """``obj`` as compact UTF-8 JSON, or ``None`` where only the standard library's text will do."""
    if orjson is None:
        return None
    try:
        return orjson.dumps(obj, default=default, option=_OPTIONS | (orjson.OPT_SORT_KEYS if sort_keys else 0))
    except (TypeError, orjson.JSONEncodeError):
        return None


def loads(raw: bytes) -> tuple[bool, Any]:
    """``(True, value)`` when orjson reads ``raw``; ``(False, None)`` when the standard library must read it."""
    if orjson is None:
        return False, None
    try:
        return True, orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False, None


class Provider(DefaultJSONProvider):
    """Flask's JSON answers, written by orjson when they are compact text without ASCII escapes (the service's).
    ``dumps`` (the pages' ``tojson``) is left as it was."""

    def _fast(self) -> bool:
        compact = self.compact is True or (self.compact is None and not self._app.debug)
        return compact and not self.ensure_ascii

    def response(self, *args: Any, **kwargs: Any) -> Any:
        if not self._fast():
            return super().response(*args, **kwargs)
        obj = self._prepare_response_obj(args, kwargs)
        data = dumps_bytes(obj, self.default, self.sort_keys)
        if data is None:
            return super().response(obj)
        return self._app.response_class(data + b"\n", mimetype=self.mimetype)


def init_app(app: Flask) -> None:
    """Install the provider, keeping the settings the application already made."""
    old = app.json
    app.json = Provider(app)
    for name in ("sort_keys", "ensure_ascii", "compact", "mimetype"):
        setattr(app.json, name, getattr(old, name))


__all__ = ["Provider", "init_app", "dumps_bytes", "loads"]
