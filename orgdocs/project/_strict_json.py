"""Strict JSON as a browser's ``JSON.parse`` reads it: what payloads and pages are written in.

Compact, non-ASCII text kept as it is; what JSON cannot hold (YAML's ``.inf`` and ``.nan``, dates, bytes,
non-string keys) is written as text.
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["dumps", "dumps_value"]


def _strict_encoder(default: Any = None) -> json.JSONEncoder:
    return json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False, default=default)


def _refused(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__} is not JSON")


_STRICT = _strict_encoder()
_STRICT_TEXT = _strict_encoder(default=str)  # other scalars (YAML dates, bytes) as their text
_STRICT_AS_IS = _strict_encoder(default=_refused)


def dumps(value: Any) -> str:
    """Compact, strict JSON (what a browser's ``JSON.parse`` accepts), non-ASCII text kept as it is.

    YAML can hold what JSON cannot: ``.inf`` and ``.nan`` become the strings ``"Infinity"``, ``"-Infinity"``
    and ``"NaN"``, other scalars (dates, bytes) their text, and mapping keys strings.
    """
    try:
        return _STRICT_TEXT.encode(value)
    except (ValueError, TypeError):
        return _STRICT.encode(_jsonable(value))


def dumps_value(value: Any) -> tuple[str, bool]:
    """``dumps(value)``, and whether JSON holds ``value`` as it is: False where a value had to be written as
    its text or made strict JSON (a date, NaN, a cycle). Where it is True, a reader may take ``value`` itself
    instead of parsing the text."""
    try:
        return _STRICT_AS_IS.encode(value), True
    except (ValueError, TypeError):
        return dumps(value), False


def _jsonable(value: Any) -> Any:
    """A strict-JSON copy of ``value`` (only called on the rare value ``json.dumps`` refused)."""
    seen: dict[int, Any] = {}

    def convert(node: Any) -> Any:
        if isinstance(node, float) and not math.isfinite(node):
            return "NaN" if math.isnan(node) else ("Infinity" if node > 0 else "-Infinity")
        if isinstance(node, (str, int, float, bool)) or node is None:
            return node
        if id(node) in seen:  # YAML aliases share objects; a true self-cycle is cut
            return seen[id(node)]
        if isinstance(node, dict):
            out: dict[str, Any] = {}
            seen[id(node)] = out
            for key, item in node.items():
                out[key if isinstance(key, str) else _key_text(key)] = convert(item)
            del seen[id(node)]
            return out
        if isinstance(node, (list, tuple)):
            items: list[Any] = []
            seen[id(node)] = items
            items.extend(convert(item) for item in node)
            del seen[id(node)]
            return items
        return str(node)

    return convert(value)


def _key_text(key: Any) -> str:
    """A mapping key as ``json.dumps`` writes it: ``true``, ``null``, ``200``, ``1.5``."""
    if isinstance(key, bool) or key is None:
        return json.dumps(key)
    if isinstance(key, float) and not math.isfinite(key):
        return "NaN" if math.isnan(key) else ("Infinity" if key > 0 else "-Infinity")
    return str(key)
