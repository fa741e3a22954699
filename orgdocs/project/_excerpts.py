"""Short plain text from Markdown descriptions: the first sentence of an operation or a tag.

Used where a whole description is too much: the search file (a short text per operation, searched at a
low weight), the operation lists of tag pages, ``llms.txt``. Plain text only: the result is escaped by
whoever shows it, never rendered as Markdown or HTML.
"""

from __future__ import annotations

import functools
import html
import re

__all__ = ["MAX_EXCERPT", "first_sentence", "headings", "plain_text", "search_text"]

MAX_EXCERPT = 200  # characters: a sentence longer than this is cut at a word and ends with "…"

_TAG = re.compile(r"<[^>]*>")
_HIDDEN = re.compile(r"<(script|style)\b.*?</\1\s*>", re.I | re.S)  # never shown: neither is its text
_PARAGRAPH_END = re.compile(r"\n[ \t]*\n")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\](?:\([^)]*\)|\[[^\]]*\])")
_ALERT = re.compile(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.I)
_LINE_MARK = re.compile(r"(?m)^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d{1,9}[.)]\s+|-{3,}\s*$|={3,}\s*$)")
_EMPHASIS = re.compile(r"\*\*|__|`+|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)")
_HEADING = re.compile(r"(?m)^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$")
_SPACE = re.compile(r"\s+")
_MARKUP = re.compile(r"[<>\[\]*_`#&!\n]|^\s*(?:[-+=]|\d)")  # without any of these, text is plain already
_SENTENCE_END = re.compile(r"(?<=[.!?])\s(?![a-z])")  # not "e.g. this"
_TABLE_ROW = re.compile(r"(?m)^[ \t]*\|.*(?:\n|$)")  # a line of a GFM table: cells, not a sentence


def plain_text(markdown: str) -> str:
    """``markdown`` (with any HTML in it) as one line of plain text: tags, link targets, emphasis and
    block markers dropped, entities decoded, white space collapsed."""
    if not markdown or not isinstance(markdown, str):
        return ""
    if not _MARKUP.search(markdown):
        return _SPACE.sub(" ", markdown).strip()
    text = _TAG.sub(" ", _HIDDEN.sub(" ", markdown))
    text = _IMAGE.sub(r"\1", text)
    text = _LINK.sub(r"\1", text)
    text = _ALERT.sub(" ", text)
    text = _LINE_MARK.sub(" ", text)
    text = _EMPHASIS.sub("", text)
    return _SPACE.sub(" ", html.unescape(text)).strip()


@functools.lru_cache(maxsize=16384)  # search, section pages and llms.txt ask for the same sentences
def first_sentence(markdown: str, limit: int = MAX_EXCERPT) -> str:
    """The first sentence of ``markdown`` (of its first paragraph with text; a table's rows are not text) as
    plain text, at most ``limit`` characters."""
    text = ""
    for paragraph in _PARAGRAPH_END.split(markdown.strip()) if isinstance(markdown, str) else ():
        text = plain_text(_TABLE_ROW.sub("", paragraph) if "|" in paragraph else paragraph)
        if text:
            break
    end = _SENTENCE_END.search(text)
    if end:
        text = text[: end.start()]
    if len(text) > limit:
        cut = text.rfind(" ", 0, limit)
        text = text[: cut if cut > limit // 2 else limit].rstrip(" ,;:") + "…"
    return text


def headings(markdown: str, limit: int = MAX_EXCERPT) -> list[str]:
    """The ATX headings of ``markdown`` as plain text, as many as fit in ``limit`` characters."""
    if not markdown or not isinstance(markdown, str) or "#" not in markdown:
        return []
    found, size = [], 0
    for heading in _HEADING.findall(markdown):
        text = plain_text(heading)
        size += len(text)
        if size > limit:
            break
        found.append(text)
    return found


def search_text(markdown: str) -> str:
    """What search reads of a description: its first sentence, and its section headings (an operation
    that does several things often names each in a heading: "Resize a Volume")."""
    return " · ".join([part for part in (first_sentence(markdown), *headings(markdown)) if part])
