"""A YAML document's text: decoded as YAML 1.2 detects its encoding, and made readable for the tolerant retry
(control characters, U+2028, tabs in block scalars: see ``_yaml``)."""

from __future__ import annotations

import codecs
import re

from orgdocs.errors import DescriptionError

__all__: list[str] = []


# Characters libyaml refuses or reads as line breaks (C0/C1 controls, NEL, U+2028/U+2029, a BOM inside the
# text, non-characters, lone surrogates). The tolerant retry turns each into a space, which keeps columns.
_UNREADABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\ud800-\udfff]")


_BLANK_LINE = re.compile(r"^[ \t]+(?=\r?$)", re.M)


# A line ending in a block scalar header (`key: |`, `- >-`, `key: !!str |2  # note`).
_BLOCK_HEADER = re.compile(r"(?:^|[\s:-])(?:![^\s]*\s+)?(?:&[^\s]+\s+)?[|>]([1-9]?)[-+]?([1-9]?)\s*(?:#.*)?$")


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
