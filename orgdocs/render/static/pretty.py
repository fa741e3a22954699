"""Examples as indented JSON text, cached: a large description shows the same examples on many pages.

The compact text (the C encoder's) is the cache key, so each distinct example is indented once per process.
"""

from __future__ import annotations

import json
from typing import Any

from orgdocs.site.json_text import indented
from orgdocs.site.requests import integral_numbers

__all__ = ["pretty_json"]

_CACHE: dict[str, str] = {}
_CACHE_SIZE = 4096


def pretty_json(value: Any, limit: int | None = None) -> str:
    """``value`` as JSON indented by 2, non-ASCII kept, integral floats as integers: the body text of
    ``orgdocs.site.requests`` (so that Python and JavaScript write the same numbers). With ``limit``, the
    text stops after ``limit + 1`` characters (for a page that shows only the beginning)."""
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
    return text
