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
"""

from __future__ import annotations

import bisect
import codecs
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

import yaml

from orgdocs.errors import DescriptionError
from orgdocs.loading._limits import MAX_NESTING

try:  # libyaml's parser, when PyYAML was built with it
    from yaml._yaml import CParser as _CParser
except ImportError:  # pragma: no cover - depends on the PyYAML build
    _CParser = None

__all__ = ["load_yaml", "yaml_findings"]

# Aliases may add this many nodes, or ten times the document's own nodes if that is more, before the document
# is refused as an alias bomb. GitHub's whole description has about half a million nodes.
ALIAS_BUDGET = 5_000_000
ALIAS_FACTOR = 10

_TAG = "tag:yaml.org,2002:"
_MERGE_TAG = _TAG + "merge"

# Whole-value plain scalars with a fixed meaning in YAML 1.1 (PyYAML's bool, null, merge and value resolvers).
_PLAIN_WORDS: dict[str, Any] = {
    "": None,
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "=": "=",  # the 'value' tag: a string here, a ConstructorError in PyYAML's SafeLoader
    **{word: True for word in ("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON")},
    **{word: False for word in ("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF")},
}
_NUMBER_START = "-+.0123456789"

# PyYAML's float and int resolvers, tried in that order; a plain scalar matching neither stays a string
# (timestamps included).
_FLOAT = re.compile(
    r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN)""",
    re.X,
)
_INT = re.compile(
    r"""[-+]?0b[0-1_]+
    |[-+]?0[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+""",
    re.X,
)

# Characters libyaml refuses or reads as line breaks (C0/C1 controls, NEL, U+2028/U+2029, a BOM inside the
# text, non-characters, lone surrogates). The tolerant retry turns each into a space, which keeps columns.
_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")
_BLANK_LINE = re.compile(r"^[ \t]+(?=\r?$)", re.M)
# A line ending in a block scalar header (`key: |`, `- >-`, `key: !!str |2  # note`).
_BLOCK_HEADER = re.compile(r"(?:^|[\s:-])(?:![^\s]*\s+)?(?:&[^\s]+\s+)?[|>]([1-9]?)[-+]?([1-9]?)\s*(?:#.*)?$")


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


def _decode(data: bytes | bytearray | memoryview, source: str) -> str:
    raw = bytes(data)
    encoding = _detect_encoding(raw)
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as error:
        line = raw[: error.start].decode(encoding, "replace").count("\n") + 1
        name = encoding.removesuffix("-sig").upper()
        raise DescriptionError(f"YAML: not valid {name} text", source=source, place=f"line {line}") from None


def _detect_encoding(raw: bytes) -> str:
    # YAML 1.2 section 5.2: a byte order mark, else the pattern of null bytes around the first character.
    if raw.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if raw.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        return "utf-32"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    head = raw[:4]
    if len(head) == 4 and head[:3] == b"\0\0\0":
        return "utf-32-be"
    if len(head) == 4 and head[1:] == b"\0\0\0":
        return "utf-32-le"
    if len(head) >= 2 and head[0] == 0:
        return "utf-16-be"
    if len(head) >= 2 and head[1] == 0:
        return "utf-16-le"
    return "utf-8"


def _parse(text: str, source: str) -> tuple[Any, bool]:
    """The document, and whether a mapping of it repeats a key."""
    parser = _CParser(text) if _CParser is not None else yaml.SafeLoader(text)
    return _build(parser.get_event, source)


def _build(get_event: Any, source: str) -> tuple[Any, bool]:
    """Build the stream's single document from parser events (the hot loop: keep it flat); and whether a
    mapping repeats a key (where, ``_repeated_keys`` finds: it is rare)."""
    get_event()  # StreamStartEvent
    event = get_event()
    if type(event) is yaml.StreamEndEvent:
        return None, False

    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent
    document_end = yaml.DocumentEndEvent
    plain_words, number_start, no_key = _PLAIN_WORDS, _NUMBER_START, _NO_KEY
    max_nesting = MAX_NESTING

    anchors: dict[str, tuple[Any, int]] = {}  # name -> (object, nodes it stands for)
    stack: list[tuple[Any, bool, Any, Any, Any, int]] = []
    root: list[Any] = []
    container: Any = root  # the list or dict being filled
    is_map = False
    key: Any = no_key  # in a mapping: the key read, waiting for its value
    merges: list[dict[str, Any]] | None = None
    anchor: str | None = None  # anchor of the open collection
    start = 0  # nodes counted when the open collection began
    nodes = 0  # nodes in the document
    extra = 0  # nodes aliases add beyond their own
    repeated = False  # a mapping has a key twice

    while True:
        event = get_event()
        kind = type(event)
        if kind is scalar_event:
            nodes += 1
            value = event.value
            tag = event.tag
            if tag is None:
                if not event.style:  # plain ('' from libyaml, None from the pure parser)
                    if value in plain_words:
                        value = plain_words[value]
                    elif value[0] in number_start:
                        value = _resolve_number(value)
            else:
                value = _tagged_scalar(value, tag, event.implicit[0])
            if event.anchor is not None:
                anchors[event.anchor] = (value, 1)
        elif kind is mapping_start or kind is sequence_start:
            nodes += 1
            if len(stack) >= max_nesting:  # refused at once: libyaml's time grows with the square of it
                raise _event_error(f"nested more than {max_nesting} levels deep", event, source)
            stack.append((container, is_map, key, merges, anchor, start))
            is_map = kind is mapping_start
            container = {} if is_map else []
            key, merges, anchor, start = no_key, None, event.anchor, nodes + extra
            if anchor is not None:
                anchors.pop(anchor, None)  # a recursive alias to it is undefined, not a cycle
            continue
        elif kind is mapping_end or kind is sequence_end:
            value = container
            if merges:
                value = _merged(merges, value)
            if anchor is not None:
                anchors[anchor] = (value, nodes + extra - start + 1)
            container, is_map, key, merges, anchor, start = stack.pop()
        elif kind is alias_event:
            try:
                value, size = anchors[event.anchor]
            except KeyError:
                raise _alias_error(event, anchor, stack, source) from None
            nodes += 1
            extra += size - 1
            if extra > ALIAS_BUDGET and extra > ALIAS_FACTOR * nodes:
                raise _event_error(
                    f"YAML: aliases expand to more than {max(ALIAS_BUDGET, ALIAS_FACTOR * nodes):,} nodes "
                    "(an alias bomb?)",
                    event,
                    source,
                )
        elif kind is document_end:
            break
        else:  # DocumentStartEvent cannot occur inside a document
            continue

        if not is_map:
            container.append(value)
        elif key is no_key:
            if type(value) is not str or value == "<<":
                value = _mapping_key(value, event, source)
            key = value
        else:
            if key is _MERGE:
                merges = _add_merge(merges, value, event, source)
            else:
                if key in container:
                    repeated = True
                container[key] = value
            key = no_key

    event = get_event()
    if type(event) is not yaml.StreamEndEvent:
        raise _event_error("YAML: expected a single document, found another", event, source)
    return root[0], repeated


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


class _Marker:
    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


_NO_KEY = _Marker("<no key>")
_MERGE = _Marker("<merge>")


def _resolve_number(value: str) -> Any:
    try:
        if _FLOAT.fullmatch(value):
            return _to_float(value)
        if _INT.fullmatch(value):
            return _to_int(value)
    except ValueError:  # e.g. '0b_' or an int too long to convert: keep the text
        pass
    return value


def _to_int(value: str) -> int:
    # PyYAML's construct_yaml_int: YAML 1.1 octal (012), binary, hex and sexagesimal (1:30).
    value = value.replace("_", "")
    sign = -1 if value[:1] == "-" else 1
    if value[:1] in ("+", "-"):
        value = value[1:]
    if value == "0":
        return 0
    if value.startswith("0b"):
        return sign * int(value[2:], 2)
    if value.startswith("0x"):
        return sign * int(value[2:], 16)
    if value[:1] == "0":
        return sign * int(value, 8)
    if ":" in value:
        return sign * _sexagesimal(value, int)
    return sign * int(value)


def _to_float(value: str) -> float:
    # PyYAML's construct_yaml_float.
    value = value.replace("_", "").lower()
    sign = -1 if value[:1] == "-" else 1
    if value[:1] in ("+", "-"):
        value = value[1:]
    if value == ".inf":
        return sign * math.inf
    if value == ".nan":
        return math.nan
    if ":" in value:
        return sign * _sexagesimal(value, float)
    return sign * float(value)


def _sexagesimal(value: str, number: type) -> Any:
    total = number(0)
    for part in value.split(":"):
        total = total * 60 + number(part)
    return total


def _tagged_scalar(value: str, tag: str, plain_implicit: bool) -> Any:
    """A scalar with an explicit tag; a value its tag cannot take, and an unknown tag, leave the text."""
    if tag == "!":  # the non-specific tag: resolved as if untagged
        return _resolve_plain(value) if plain_implicit else value
    if not tag.startswith(_TAG):
        return value
    name = tag[len(_TAG) :]
    try:
        if name == "int":
            return _to_int(value)
        if name == "float":
            return _to_float(value)
    except (ValueError, IndexError):
        return value
    if name == "bool":
        return _BOOLS.get(value.lower(), value)
    if name == "null":
        return None
    return value  # str, binary, timestamp, value, merge and anything else: the text


_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}


def _resolve_plain(value: str) -> Any:
    if value in _PLAIN_WORDS:
        return _PLAIN_WORDS[value]
    if value[0] in _NUMBER_START:
        return _resolve_number(value)
    return value


def _mapping_key(value: Any, event: Any, source: str) -> Any:
    """Turn a key into a string as JSON would write it; a plain ``<<`` is a merge key."""
    if type(value) is str:
        if type(event) is yaml.ScalarEvent and (
            (event.tag is None and not event.style) or event.tag == _MERGE_TAG
        ):
            return _MERGE
        return value
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    if type(value) is float:
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    kind = "mapping" if isinstance(value, dict) else "sequence"
    raise _event_error(f"YAML: a {kind} cannot be a mapping key", event, source)


def _add_merge(merges: list[dict] | None, value: Any, event: Any, source: str) -> list[dict]:
    # As PyYAML's flatten_mapping: a mapping, or a list of mappings where the earlier ones win.
    if isinstance(value, dict):
        sources = [value]
    elif isinstance(value, list) and all(isinstance(item, dict) for item in value):
        sources = value[::-1]
    else:
        raise _event_error("YAML: expected a mapping or list of mappings for merging", event, source)
    return [*(merges or []), *sources]


def _merged(merges: list[dict[str, Any]], own: dict[str, Any]) -> dict[str, Any]:
    # Later sources override earlier ones and the mapping's own keys override all, as in PyYAML.
    result: dict[str, Any] = {}
    for merge in merges:
        result.update(merge)
    result.update(own)
    return result


def _alias_error(event: Any, anchor: str | None, stack: list[tuple], source: str) -> DescriptionError:
    if event.anchor == anchor or any(frame[4] == event.anchor for frame in stack):
        # JSON data cannot hold a cycle
        return _event_error(f"YAML: alias {event.anchor!r} refers to a node that contains it", event, source)
    return _event_error(f"YAML: found undefined alias {event.anchor!r}", event, source)


def _event_error(message: str, event: Any, source: str) -> DescriptionError:
    mark = getattr(event, "start_mark", None)
    place = f"line {mark.line + 1}" if mark is not None else None
    return DescriptionError(message, source=source, place=place)


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


def _tolerant_text(text: str) -> str:
    """The text with what other tools let pass made readable: see the module docstring."""
    text = _UNREADABLE.sub(" ", text)
    text = _BLANK_LINE.sub("", text)
    if "\t" not in text:
        return text
    lines = text.split("\n")
    header_indent = -1  # indentation of the block scalar header line we are below, or -1
    content_indent = 0  # the block scalar's content indentation once known, else 0
    for number, line in enumerate(lines):
        body = line.lstrip(" \t")
        lead = line[: len(line) - len(body)]
        width = len(lead.expandtabs(8))
        if header_indent >= 0:
            if not body.strip():
                continue
            if width > header_indent and width >= content_indent:
                content_indent = content_indent or width
                if "\t" in lead:  # a tab where libyaml wants an indentation space
                    lines[number] = " " * width + body
                continue
            header_indent = -1
        header = _BLOCK_HEADER.search(line)
        if header and "\t" not in lead:
            header_indent = width
            explicit = header.group(1) or header.group(2)
            content_indent = width + int(explicit) if explicit else 0
    return "\n".join(lines)
