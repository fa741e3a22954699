"""Examples as indented JSON text, cached: a large description shows the same examples on many pages.

The compact text (the C encoder's) is the cache key, so each distinct example is indented once per process.
A value met again as the same object (a generated example, shared by every operation whose schema makes it)
is found by its identity, without writing its compact text again: on Stripe's pages, half the examples are
met that way, and their compact texts are large.
"""

from __future__ import annotations

import json
from typing import Any

from orgdocs.project import indented, integral_numbers

__all__ = ["pretty_json"]

_CACHE: dict[str, str] = {}
_CACHE_SIZE = 4096
# (id, limit) -> (the value, kept alive so that its id stays its own, and its text)
_BY_IDENTITY: dict[tuple[int, int | None], tuple[Any, str]] = {}


def pretty_json(value: Any, limit: int | None = None) -> str:
    """``value`` as JSON indented by 2, non-ASCII kept, integral floats as integers: the body text of
    ``orgdocs.project._request_body`` (so that Python and JavaScript write the same numbers). With ``limit``, the
    text stops after ``limit + 1`` characters (for a page that shows only the beginning). ``value`` is not
    to be changed afterwards (its text is cached by identity too)."""
    known = _BY_IDENTITY.get((id(value), limit))
    if known is not None and known[0] is value:
        return known[1]
    try:
        key = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    except (TypeError, ValueError):
        return json.dumps(integral_numbers(value), indent=2, ensure_ascii=False, default=str)
    if limit is not None:
        key = f"{limit}:{key}"
    text = _CACHE.get(key)
    if text is None:
        text = indented(integral_numbers(value), default=str, limit=limit)
        if limit is not None:
            text = text[: limit + 1]  # longer than ``limit``: a cut example keeps less in the cache
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()  # simple and bounded: the next pages refill what they use
        _CACHE[key] = text
    if len(_BY_IDENTITY) >= _CACHE_SIZE:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[(id(value), limit)] = (value, text)
    return text
