"""Indented JSON text, written by orjson where it writes what the standard library would.

``json.dumps(value, indent=2)`` runs Python's own encoder, far slower than orjson's (Microsoft Graph's
pages show large request bodies, several times over). orjson writes some values otherwise (floats with an
exponent, ``NaN``, integers beyond 64 bits): its compact text is compared with the standard library's, made
by its C encoder, and the standard library writes the value wherever the two differ.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import orjson

__all__ = ["indented"]

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME  # dates go to ``default`` as in json


def indented(value: Any, *, default: Callable[[Any], Any] | None = None, limit: int | None = None) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False, default=default)``, the same text; with ``limit``,
    the text may stop after about that many characters (the standard library's encoder stops there, orjson's
    writes it all). Raises what ``json.dumps`` raises."""
    compact = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=default)
    try:
        if orjson.dumps(value, default=default, option=_OPTIONS) == compact.encode("utf-8"):
            return orjson.dumps(value, default=default, option=_OPTIONS | orjson.OPT_INDENT_2).decode("utf-8")
    except (TypeError, UnicodeEncodeError):  # orjson.JSONEncodeError is a TypeError
        pass
    encoder = json.JSONEncoder(indent=2, ensure_ascii=False, default=default)
    if limit is None:
        return encoder.encode(value)
    chunks, size = [], 0
    for chunk in encoder.iterencode(value):  # Python's indenting encoder is slow: stop past the limit
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            break
    return "".join(chunks)
