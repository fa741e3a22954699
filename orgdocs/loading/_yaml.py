"""Read a YAML API description into JSON-compatible data, fast and safely.

PyYAML's C loader spends most of its time building and resolving node objects, many seconds for a large
description. Here Python objects are built straight from libyaml's event stream, and plain scalars are resolved
with PyYAML's YAML 1.1 rules, except that dates and timestamps stay strings and ``=`` is the string ``"="``.
Mapping keys become strings as JSON would write them (``200`` -> ``"200"``). Aliases share the anchored object;
a budget on the size they expand to refuses alias bombs, and nesting deeper than ``MAX_NESTING`` is refused
as soon as the parser reaches it. A document that fails to parse is retried once on
tolerantly cleaned text (control characters, U+2028, tabs in block scalars) because real descriptions that
other tools open contain those. Without libyaml, PyYAML's pure-Python SafeLoader supplies the same events.

JSON is YAML: JSON text writes a character beyond U+FFFF as an escaped surrogate pair (``"\ud83d\ude00"``),
which libyaml refuses and the pure-Python reader keeps as two surrogates; a pair escaped in a double-quoted
scalar is read as its one character (``\U0001f600``), and the same text elsewhere (a plain or block scalar,
where it is not an escape) as it is written. A key repeated in one mapping keeps its last value, as PyYAML
does; inside ``yaml_findings()`` each one is reported with the lines of both (``orgdocs check`` lists them).

The parts: ``_yaml_build`` (objects from events, keys, merges, aliases), ``_yaml_scalars`` (YAML 1.1 scalars),
``_yaml_text`` (decoding, the tolerant retry's text).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import yaml

from orgdocs.errors import DescriptionError
from orgdocs.loading._yaml_build import _MERGE, _build, _mapping_key
from orgdocs.loading._yaml_scalars import _resolve_plain, _tagged_scalar
from orgdocs.loading._yaml_text import _decode, _tolerant_text

try:  # libyaml's parser, when PyYAML was built with it
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - depends on the PyYAML build
    _CParser = None


__all__ = ["load_yaml", "yaml_findings"]


# What reading a document survives, collected while ``yaml_findings()`` runs: (place, message).
_FINDINGS: ContextVar[list[tuple[str, str]] | None] = ContextVar("orgdocs_yaml_findings", default=None)


@contextmanager
def yaml_findings() -> Iterator[list[tuple[str, str]]]:
    """Collect ``(place, message)`` of what the YAML documents read in the block survive: each key repeated in
    a mapping (``("line 9", "duplicate key 'name' (also at line 4): the last one is kept")``)."""
    found: list[tuple[str, str]] = []
    token = _FINDINGS.set(found)
    try:
        yield found
    finally:
        _FINDINGS.reset(token)


def load_yaml(data: bytes | str, source: str) -> Any:
    """Parse one YAML document into dicts, lists, strings, ints, floats, bools and None.

    An empty document gives None. Raises DescriptionError, with the 1-based line where known, when the
    document cannot be read, holds more than one document or its aliases expand too far.
    """
    text = _decode(data, source) if isinstance(data, (bytes, bytearray, memoryview)) else data
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        return _load(text, source)
    except (yaml.YAMLError, UnicodeEncodeError) as error:
        first_error = error
    cleaned = _tolerant_text(text)
    if cleaned != text:
        try:
            return _load(cleaned, source)
        except (yaml.YAMLError, UnicodeEncodeError):
            pass
    raise _syntax_error(first_error, text, source) from None


def _load(text: str, source: str) -> Any:
    """The document of ``text``: surrogate pairs escaped in double-quoted scalars joined, and repeated keys
    reported to ``yaml_findings()``."""
    if "\\u" in text and _PAIR_ESCAPE.search(text):
        text = _joined_pairs(text, source)
        document, repeated = _parse(text, source)
    else:
        document, repeated = _parse(text, source)
    findings = _FINDINGS.get()
    if repeated and findings is not None:
        findings.extend(
            (f"line {second}", f"duplicate key {key!r} (also at line {first}): the last one is kept")
            for key, first, second in _repeated_keys(text)
        )
    return document


# ``\uD83D\uDE00``: a high then a low surrogate escaped, the backslash not itself escaped (even backslashes
# before it). Group 1: those backslashes; 2 and 3: the two code units.
_PAIR_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})")


def _joined_pairs(text: str, source: str) -> str:
    """``text`` with each surrogate pair escaped in a double-quoted scalar written as its one character's
    ``\\U`` escape. The pairs are joined everywhere first; those that the parse then finds in a scalar of
    another style (where the text is not an escape) are put back as they were written."""
    joined, spots = _join(text, frozenset())
    starts = [new for _, new in spots]
    literal: set[int] = set()
    parser = _CParser(joined) if _CParser is not None else yaml.SafeLoader(joined)
    get_event = parser.get_event

    def checked() -> Any:  # each scalar that is not double-quoted: the spots it holds are no escapes
        event = get_event()
        if type(event) is yaml.ScalarEvent and event.style != '"' and "\\U" in event.value:
            first = bisect.bisect_left(starts, event.start_mark.index)
            last = bisect.bisect_left(starts, event.end_mark.index)
            literal.update(original for original, _ in spots[first:last])
        return event

    _build(checked, source)
    return _join(text, frozenset(literal))[0] if literal else joined


def _join(text: str, kept: frozenset[int]) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with the pairs not at an offset in ``kept`` joined; the (old, new) offset of each joined."""
    spots: list[tuple[int, int]] = []

    def joined(match: re.Match) -> str:
        at = match.start() + len(match[1])
        if at in kept:
            return match[0]
        spots.append((at, at - 2 * len(spots)))  # each join is two characters shorter
        code = 0x10000 + ((int(match[2], 16) - 0xD800) << 10) + (int(match[3], 16) - 0xDC00)
        return f"{match[1]}\\U{code:08X}"

    return _PAIR_ESCAPE.sub(joined, text), spots


def _parse(text: str, source: str) -> tuple[Any, bool]:
    """The document, and whether a mapping of it repeats a key."""
    parser = _CParser(text) if _CParser is not None else yaml.SafeLoader(text)
    return _build(parser.get_event, source)


def _repeated_keys(text: str) -> list[tuple[str, int, int]]:
    """``(key, first line, line)`` of each key that a mapping of ``text`` (a document that parses) has
    again, keys read as ``_build`` reads them (``200`` and ``"200"`` are one key); merge keys left out."""
    parser = _CParser(text) if _CParser is not None else yaml.SafeLoader(text)
    found = []
    stack: list[tuple[dict | None, bool]] = []
    seen: dict[str, int] | None = None  # the open mapping's keys and their lines; None in a sequence
    expect_key = False
    while True:
        event = parser.get_event()
        kind = type(event)
        if kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
            stack.append((seen, expect_key))
            seen, expect_key = ({}, True) if kind is yaml.MappingStartEvent else (None, False)
            continue
        if kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
            seen, expect_key = stack.pop()
        elif kind is yaml.ScalarEvent:
            if seen is not None and expect_key:
                key = _resolve_plain(event.value) if event.tag is None and not event.style else event.value
                if event.tag is not None:
                    key = _tagged_scalar(event.value, event.tag, event.implicit[0])
                if type(key) is not str or key == "<<":
                    key = _mapping_key(key, event, "")
                if key is not _MERGE:
                    line = event.start_mark.line + 1
                    if key in seen:
                        found.append((key, seen[key], line))
                    seen[key] = line
        elif kind is not yaml.AliasEvent:
            if kind is yaml.StreamEndEvent:
                return found
            continue
        if seen is not None:  # a key or a value of the open mapping was read
            expect_key = not expect_key


def _syntax_error(error: Exception, text: str, source: str) -> DescriptionError:
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        message = error.problem or error.context or "cannot parse"
        place = f"line {mark.line + 1}" if mark is not None else None
        return DescriptionError(f"YAML: {message}", source=source, place=place)
    if isinstance(error, yaml.reader.ReaderError):
        # libyaml counts the position in UTF-8 bytes, the pure-Python reader in characters.
        if _CParser is not None:
            line = text.encode("utf-8", "surrogatepass")[: error.position].count(b"\n") + 1
        else:
            line = text.count("\n", 0, error.position) + 1
        character = f"#x{error.character:04x}" if isinstance(error.character, int) else repr(error.character)
        return DescriptionError(
            f"YAML: unacceptable character {character}: {error.reason}", source=source, place=f"line {line}"
        )
    if isinstance(error, UnicodeEncodeError):
        line = text.count("\n", 0, error.start) + 1
        return DescriptionError("YAML: the text holds a lone surrogate", source=source, place=f"line {line}")
    return DescriptionError(f"YAML: {error}", source=source)
