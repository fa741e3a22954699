"""A value as text, the same in Python and in the browser (``assets/request.js``):

- **Text of a value** (``text_of``): strings as they are; ``true``/``false``; ``None`` as ``""``; integers,
  and floats without a fractional part, without one (``1.0`` -> ``"1"``, as JavaScript writes it); other
  floats as ``repr`` (JavaScript's ``String()`` agrees except for exponents: ``1e-07`` / ``1e-7``); objects
  and arrays as compact JSON (``JSON.stringify``).
- **Percent-encoding** (``encode``: path, query, form bodies): every UTF-8 byte except ``A-Z a-z 0-9 - _ . ~``
  becomes ``%XX`` (upper-case hex); a space is ``%20``.
- **JSON media types** (``is_json_media_type``): ``application/json``, ``text/json`` and every ``+json`` type.
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["encode", "integral_numbers", "is_json_media_type", "text_of"]

_SAFE = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")


def text_of(value: Any) -> str:
    """A scalar as text the way JavaScript's ``String()`` writes it; objects and arrays as compact JSON."""
    if isinstance(value, str):
        return value
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isfinite(value) and value.is_integer():
            return str(int(value))
        return repr(value)
    return json.dumps(integral_numbers(value), separators=(",", ":"), ensure_ascii=False)


def encode(text: str) -> str:
    """Percent-encode every byte of the UTF-8 text but ``A-Z a-z 0-9 - _ . ~``."""
    return "".join(chr(b) if b in _SAFE else f"%{b:02X}" for b in text.encode("utf-8"))


def integral_numbers(value: Any) -> Any:
    """Floats without a fractional part as integers, so that Python and JavaScript write the same JSON."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: integral_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [integral_numbers(v) for v in value]
    return value


def is_json_media_type(media_type: str | None) -> bool:
    """``application/json``, ``text/json`` and every ``+json`` type (parameters ignored)."""
    essence = _essence(media_type)
    subtype = essence.partition("/")[2]
    return subtype == "json" or subtype.endswith("+json")


def _essence(media_type: str | None) -> str:
    return (media_type or "").split(";", 1)[0].strip().lower()
