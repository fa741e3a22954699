"""A short string that a regular expression (a schema's ``pattern``) matches, for generated examples.

The pattern is read by Python's own regular expression parser and walked once: a literal is itself, a class
its first member (a digit ``0``, a word character ``a``, a space), a repeat its minimum (at least once when
it may be), an alternation its first branch, a group its content. The result is kept only if the pattern
really matches it (``re.search``, as JSON Schema does), so a pattern this walk cannot satisfy (lookarounds,
back-references, an ECMA-only syntax) gives ``None`` and the caller falls back to its usual text.
"""

from __future__ import annotations

import functools
import re
from typing import Any

try:  # Python 3.11+
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre  # type: ignore[no-redef]
    import sre_parse as _parse  # type: ignore[no-redef]

__all__ = ["pattern_example"]

MAX_LENGTH = 200  # a longer result is not a readable example
_CATEGORY = {
    _sre.CATEGORY_DIGIT: "0",
    _sre.CATEGORY_NOT_DIGIT: "a",
    _sre.CATEGORY_WORD: "a",
    _sre.CATEGORY_NOT_WORD: "-",
    _sre.CATEGORY_SPACE: " ",
    _sre.CATEGORY_NOT_SPACE: "a",
}


@functools.lru_cache(maxsize=2048)
def pattern_example(pattern: str) -> str | None:
    """A string ``pattern`` matches, or None when none is found this way."""
    try:
        compiled = re.compile(pattern)
        text = _walk(_parse.parse(pattern), {})
    except (re.error, RecursionError, OverflowError, TypeError, ValueError, _Unsupported):
        return None
    if len(text) > MAX_LENGTH or compiled.search(text) is None:
        return None
    return text


class _Unsupported(Exception):
    pass


def _walk(items: Any, groups: dict[int, str]) -> str:
    out = []
    for op, value in items:
        out.append(_one(op, value, groups))
    return "".join(out)


def _one(op: Any, value: Any, groups: dict[int, str]) -> str:
    if op is _sre.LITERAL:
        return chr(value)
    if op is _sre.NOT_LITERAL:
        return "a" if value != ord("a") else "b"
    if op is _sre.ANY:
        return "a"
    if op is _sre.IN:
        return _member(value)
    if op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT, getattr(_sre, "POSSESSIVE_REPEAT", None)):
        low, high, sub = value
        count = low if low > 0 or high == 0 else 1
        if count > MAX_LENGTH:
            raise _Unsupported
        return _walk(sub, groups) * count
    if op is _sre.BRANCH:
        return _walk(value[1][0], groups)
    if op is _sre.SUBPATTERN:
        group, _, _, sub = value
        text = _walk(sub, groups)
        if group is not None:
            groups[group] = text
        return text
    if op is _sre.GROUPREF:
        return groups.get(value, "")
    if op is _sre.AT:
        return ""
    if op is _sre.CATEGORY:
        return _CATEGORY.get(value, "a")
    raise _Unsupported  # lookarounds, conditionals


def _member(items: list) -> str:
    """The first character a character class admits."""
    if items and items[0][0] is _sre.NEGATE:
        excluded = {chr(v) for op, v in items[1:] if op is _sre.LITERAL}
        return next(c for c in "a0A_-x" if c not in excluded)
    op, value = items[0]
    if op is _sre.LITERAL:
        return chr(value)
    if op is _sre.RANGE:
        return chr(value[0])
    if op is _sre.CATEGORY:
        return _CATEGORY.get(value, "a")
    raise _Unsupported
