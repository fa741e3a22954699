"""Bytes to data: the parser is chosen by extension, as the seed says.

``.yaml`` and ``.yml`` use the YAML parser; any other extension is parsed as JSON, and a JSON syntax error
says so and how to have it read as YAML (rename it). A ``.gz`` suffix is decompressed first and the extension
before it decides.

A document may nest at most ``MAX_NESTING`` levels of mappings and lists (real descriptions nest about 30):
deeper input is refused with the place where it goes too deep, before anything recursive (example
generation, JSON writing, page rendering) could meet it. YAML is refused while it is being parsed, because
libyaml's time grows with the square of the nesting.

A lone surrogate (JSON's ``"\ud800"`` escape, legal JSON text, not a character) is refused, naming the JSON
pointer of the first string that holds one: no page, payload or file could be written with it, so every
command (``check``, ``endpoints``, ``build``, ``dev``, ``orgdocs.load``) refuses it at loading, alike. A
surrogate pair (``"\ud83d\ude00"``) is one character and is read as such.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import orjson

from orgdocs.errors import DescriptionError
from orgdocs.loading import _sources as sources
from orgdocs.loading._inflate import CorruptData, TooLarge, collect, inflate
from orgdocs.loading._limits import MAX_NESTING, nesting_error

__all__ = ["MAX_NESTING", "extension", "nesting_error", "parse_document", "surrogate_error"]


def _name_path(name: str) -> str:
    """The lower-case path part of a file name or URL (a URL's query and fragment dropped)."""
    return (urlsplit(name).path if "://" in name else name).lower()


def extension(name: str) -> str:
    """The lower-case extension of a path or URL (query and fragment ignored), without ``.gz``."""
    path = _name_path(name).removesuffix(".gz")
    dot = path.rfind(".")
    return path[dot:] if dot > path.rfind("/") else ""


def parse_document(data: bytes, name: str) -> Any:
    if _name_path(name).endswith(".gz"):
        data = _gunzip(data, name)
    if extension(name) in (".yaml", ".yml"):
        from orgdocs.loading._yaml import load_yaml

        document = load_yaml(data, name)
        _refuse_surrogates(document, data, name)
        return document
    return _load_json(data, name)


def _refuse_surrogates(document: Any, data: bytes, name: str) -> None:
    if _SURROGATE_ESCAPE.search(data):  # only an escape can make one: UTF-8 cannot encode a surrogate
        pointer = _surrogate_pointer(document)
        if pointer is not None:
            raise surrogate_error(name, pointer)


# "\ud800" to "\udfff" in JSON and YAML double-quoted strings, "\U0000d800" in YAML: the only ways to write a
# surrogate in a document (a cheap test on the bytes; the document is walked only when it finds one)
_SURROGATE_ESCAPE = re.compile(rb"\\(?:u|U0000)[dD][89a-fA-F]")


def surrogate_error(source: str, place: str) -> DescriptionError:
    return DescriptionError(
        "holds a lone surrogate escape (such as \\ud800), which is no character: replace it",
        source=source,
        place=place,
    )


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _surrogate_pointer(document: Any) -> str | None:
    """The JSON pointer of the first key or string value holding a lone surrogate; ``None`` without one."""
    from orgdocs.loading._refs import escape_token

    stack: list[tuple[Any, str]] = [(document, "#")]
    while stack:
        node, pointer = stack.pop()
        if isinstance(node, str):
            if _has_surrogate(node):
                return pointer
            continue
        if isinstance(node, dict):
            items = list(node.items())
        elif isinstance(node, list):
            items = list(enumerate(node))
        else:
            continue
        for key, value in reversed(items):
            if isinstance(key, str) and _has_surrogate(key):
                return f"{pointer}/{escape_token(key.encode('utf-8', 'backslashreplace').decode())}"
            stack.append((value, f"{pointer}/{escape_token(str(key))}"))
    return None


def _gunzip(data: bytes, name: str) -> bytes:
    """Decompress, refusing output beyond the size cap (a small ``.gz`` can hold gigabytes)."""
    try:
        return collect(inflate([data], "gzip"), sources.MAX_BYTES)
    except TooLarge:
        too_large = f"larger than {sources.describe_size(sources.MAX_BYTES)} once decompressed"
        raise DescriptionError(too_large, source=name) from None
    except CorruptData as error:
        raise DescriptionError(f"not a gzip file ({error})", source=name) from None


def _check_nesting(document: Any, name: str) -> None:
    """Refuse a document nesting deeper than ``MAX_NESTING``, naming the JSON pointer where it does."""
    stack = [(document, 1)]  # containers only, with their level: the walk costs a tenth of the parse
    pop, push = stack.pop, stack.append
    while stack:
        node, level = pop()
        if level > MAX_NESTING:
            raise nesting_error(name, _deepest_pointer(document))
        level += 1
        for value in node.values() if type(node) is dict else node:
            kind = type(value)
            if (kind is dict or kind is list) and value:
                push((value, level))


def _deepest_pointer(document: Any) -> str:
    """The JSON pointer of the first container at level ``MAX_NESTING + 1`` (only asked once refused)."""
    from orgdocs.loading._refs import escape_token

    stack: list[tuple[Any, str, int]] = [(document, "#", 1)]
    while stack:
        node, pointer, level = stack.pop()
        if level > MAX_NESTING:
            tokens = pointer.split("/")  # 200 tokens: the head and the tail name the place well enough
            return pointer if len(tokens) <= 16 else "/".join([*tokens[:10], "…", *tokens[-3:]])
        items = node.items() if isinstance(node, dict) else enumerate(node)
        stack.extend(
            (value, f"{pointer}/{escape_token(str(key))}", level + 1)
            for key, value in items
            if isinstance(value, (dict, list)) and value
        )
    return "#"


# orgdocs' JSON reader is orjson where it reads a document as the standard library does: several times as
# fast, on the way to every page. It refuses what the standard library
# reads otherwise (NaN, 1e400, lone surrogates, a byte order mark), which then reads it or names the error;
# but it would read an integer beyond 64 bits as a float, so a document with a run of 19 digits where a
# number can start is read by the standard library. The run is found on a copy of the bytes with every digit
# made "1" and every other byte "0": two C calls over the document.
_DIGITS = bytes(49 if 48 <= byte <= 57 else 48 for byte in range(256))
_LONG_NUMBER = b"1" * 19
_NOT_READ = object()


def _fast_json(data: bytes) -> Any:
    """The document read by orjson, or ``_NOT_READ`` where the standard library is to read it."""
    digits = data.translate(_DIGITS)
    found = digits.find(_LONG_NUMBER)
    while found != -1:
        before = found - 1  # what precedes the digits: in a number, ":", "[", "," or nothing
        while before >= 0 and data[before] in b" \t\r\n-":
            before -= 1
        if before < 0 or data[before] in b":[,":
            return _NOT_READ
        end = digits.find(b"0", found)
        found = -1 if end == -1 else digits.find(_LONG_NUMBER, end)
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return _NOT_READ


def _load_json(data: bytes, name: str) -> Any:
    document = _fast_json(data)
    if document is _NOT_READ:  # orjson refuses lone surrogates; the standard library reads them
        document = _standard_json(data, name)
        _refuse_surrogates(document, data, name)
    if isinstance(document, (dict, list)):
        _check_nesting(document, name)
    return document


def _read_as_json(name: str) -> str:
    """Why a document was read as JSON, and how to have it read as YAML: the extension chooses."""
    if "://" in name:
        return (
            "read as JSON, as is every URL whose path does not end in .yaml or .yml: to read YAML, save it as a"
            " .yaml or .yml file"
        )
    return "read as JSON, as is every file not named .yaml or .yml: to read YAML, rename it to .yaml or .yml"


def _standard_json(data: bytes, name: str) -> Any:
    try:
        return json.loads(data)
    except json.JSONDecodeError as error:
        place = f"line {error.lineno} column {error.colno}"
        message = f"invalid JSON: {error.msg} ({_read_as_json(name)})"
        raise DescriptionError(message, source=name, place=place) from None
    except UnicodeDecodeError as error:
        raise DescriptionError(f"not UTF-8 text ({error.reason})", source=name) from None
    except RecursionError:  # the C parser's own limit, far beyond ours
        raise nesting_error(name, None) from None
    except ValueError as error:  # e.g. an integer beyond Python's 4300-digit conversion limit
        raise DescriptionError(f"invalid JSON: {error}", source=name) from None
