"""Markdown to sanitized HTML: CommonMark and tables (mistune), then an allow-list sanitizer (nh3).

Everything written in a description or a hand-written page goes through ``markdown_html``. Raw HTML is
allowed by the Markdown parser and then cleaned: no script or style, no event handler attributes, no
``javascript:`` (or any other non-web) URL, no ``id`` (a description must not shadow the page's own ids),
and links get ``rel="noopener nofollow"``. Images from another host become links, so that reading a page
never makes a request to a host the reader did not choose.

GitHub's alerts (a block quote whose first line is ``[!NOTE]``, ``[!TIP]``, ``[!IMPORTANT]``, ``[!WARNING]``
or ``[!CAUTION]``) become callouts: ``<div class="callout callout-note" role="note">`` with a title. Only
those exact classes and that role pass the sanitizer, so a description cannot style itself otherwise.
"""

from __future__ import annotations

import functools
import re
from html import escape
from typing import Any

import mistune
import nh3
from mistune.renderers.html import HTMLRenderer

__all__ = ["inline_markdown_html", "is_remote", "markdown_html", "plain_html", "sanitize_html"]

_SCHEMES = {"http", "https", "mailto"}
# Text that Markdown would only wrap in paragraphs: no inline syntax, entity, HTML, autolink or block marker.
_PLAIN = re.compile(r"[^\\`*_\[\]<>#!|~&{}\t\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\xa0\u2028\u2029]*")
# Where a block other than a paragraph may start: at the start of the text, or after a newline (each of the
# second pattern's branches starts with a character, which the regex engine skips ahead to); a hard break; a
# bare URL.
_LINE_BLOCK = r"(?: {4}| {0,3}(?:[-+=:]|\d{1,9}[.)]))"
_FIRST_BLOCK = re.compile(_LINE_BLOCK)
_BLOCK_START = re.compile(r"\n" + _LINE_BLOCK + r"|  \n|://|www\.")
_BLANK_LINE = re.compile(r"\n[ ]*\n")
_ITEM = re.compile(r"(?m)^- ")
# Inline syntax rendered without the parser: a code span of single backticks within a line (its text is
# literal: no entity, emphasis or link inside); a link to a web address whose text is plain words and code
# spans; and strong emphasis of such text that CommonMark cannot read otherwise (``**`` after a space, ``(``,
# a tag or the start, not before a space; ``**`` after neither a space nor ``*``, before a space, punctuation, a
# tag or the end). Anything else in a text sends it to the parser. Each branch starts with its character (the
# opening ``**`` looks behind itself), so that the regex engine skips ahead to them.
_CODE_TEXT = r"[^`\n\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\xa0\u2028\u2029]+"
_CODE = f"`({_CODE_TEXT})`"
_WORDS = (
    r"(?:[^\\`*_\[\]<>#!|~&{}\n\t\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\xa0\u2028\u2029]|`" + _CODE_TEXT + "`)+"
)
_LINK = r"\[(" + _WORDS + r")\]\((https?://[A-Za-z0-9\-._~:/?#@$+,;=%]+)\)"
_STRONG = r"\*\*(?<![^\s(>]\*\*)(?!\s)(" + _WORDS + r"?)(?<=[^\s*])\*\*(?=[\s.,:;!?)<]|$)"
_INLINE = re.compile(f"{_LINK}|{_CODE}|{_STRONG}")
_CODE_SPAN = re.compile(_CODE)
# Underscores between two letters or digits (``repo_name``, ``GITHUB_TOKEN``): CommonMark never reads them as
# emphasis, so they are text.
_INTRAWORD = re.compile(r"(?<=[A-Za-z0-9])_+(?=[A-Za-z0-9])")
# What a browser's URL parser ignores or rewrites before it decides where a URL leads (WHATWG URL):
# leading and trailing C0 controls and spaces are stripped, tabs and newlines anywhere removed, and a
# backslash read as a slash; then a scheme, or two slashes, lead to another host.
_C0_AND_SPACE = "".join(map(chr, range(0x21)))
_IGNORED = re.compile(r"[\t\n\r]")
_REMOTE = re.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|[/\\]{2})")
_TAGS = set(nh3.ALLOWED_TAGS) - {"area", "map"}
_ATTRIBUTES = {
    **{tag: set(names) for tag, names in nh3.ALLOWED_ATTRIBUTES.items()},
    "code": {"class"},  # language-xxx from fenced code
    "details": {"open"},
    "ol": {"start"},
    "td": {"align", "colspan", "rowspan"},
    "th": {"align", "colspan", "rowspan", "scope"},
    "div": {"class", "role"},  # callouts only (see _callout_attribute)
    "p": {"class"},
}

# Callouts (GitHub alerts) ---------------------------------------------------------------------------------
_ALERT_KINDS = ("note", "tip", "important", "warning", "caution")
_ALERT = re.compile(r"<p>\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*(\n|</p>\n?)", re.IGNORECASE)
_ALERT_LINE = re.compile(r"> ?\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\] ?", re.IGNORECASE)  # no hard break
_CALLOUT_CLASSES = frozenset(["callout-title", *(f"callout callout-{kind}" for kind in _ALERT_KINDS)])


def _callout_html(text: str) -> str | None:
    """A block quote's inner HTML as a callout, when its first line is an alert marker; else None."""
    match = _ALERT.match(text)
    if match is None:
        return None
    rest = text[match.end() :]
    if match.group(2) == "\n":
        rest = "<p>" + rest  # the marker's paragraph goes on below it
    return _callout(match.group(1), rest) + "\n"


def _callout(marker: str, body: str) -> str:
    kind = marker.lower()
    return f'<div class="callout callout-{kind}" role="note"><p class="callout-title">{kind.title()}</p>\n{body}</div>'


def _callout_attribute(tag: str, attribute: str, value: str) -> str | None:
    """The only ``class`` and ``role`` values a ``div`` or ``p`` keeps: those of a callout."""
    if attribute == "role":
        return value if tag == "div" and value == "note" else None
    return value if value in _CALLOUT_CLASSES else None


def is_remote(url: str) -> bool:
    r"""Whether a browser would resolve ``url`` against another host, or leave the page's scheme:
    ``https://x``, ``//x``, ``/\x``, ``\\x``, ``java\tscript:x``, ``\x01//x``. Only paths of the page's host are not."""
    return bool(_REMOTE.match(_IGNORED.sub("", url.strip(_C0_AND_SPACE))))


_DATA_IMAGE = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$")


@functools.cache
def cleaner(*, outputs: bool = False) -> nh3.Cleaner:
    """The site's sanitizer. ``outputs``: for notebook cells and outputs, which keep every ``class``
    (syntax highlighting, JupyterLab's markup) and inline ``data:`` images; text from a description keeps
    only ``language-*`` classes. Scripts, event handlers, styles and remote images go in both."""

    def attribute_filter(tag: str, attribute: str, value: str) -> str | None:
        if tag == "img" and attribute == "src":
            if value.startswith("data:"):
                return value if outputs and _DATA_IMAGE.match(value) else None
            return None if is_remote(value) else value  # a remote image would be fetched by every reader
        if attribute == "href" and value.lower().startswith("data:"):
            return None
        if tag in ("div", "p") and attribute in ("class", "role") and not outputs:
            return _callout_attribute(tag, attribute, value)
        if attribute == "class" and not outputs and not value.startswith("language-"):
            return None
        return value

    attributes = {**_ATTRIBUTES, "*": {"class"}} if outputs else _ATTRIBUTES
    return nh3.Cleaner(
        tags=_TAGS,
        clean_content_tags={"script", "style"},
        attributes=attributes,
        attribute_filter=attribute_filter,
        link_rel="noopener nofollow",
        url_schemes=_SCHEMES | {"data"} if outputs else _SCHEMES,
    )


class _Renderer(HTMLRenderer):
    def block_quote(self, text: str) -> str:
        return _callout_html(text) or super().block_quote(text)

    def image(self, text: str, url: str, title: str | None = None) -> str:
        if is_remote(url):  # a link to the image instead of fetching it
            return self.link(text or url, url, title)
        return super().image(text, url, title)


_MARKDOWN = mistune.create_markdown(
    escape=False, renderer=_Renderer(escape=False), plugins=["table", "strikethrough", "url"]
)


def sanitize_html(html: str) -> str:
    """``html`` with everything outside the allow-list removed (see the module docstring)."""
    return cleaner().clean(html)


@functools.lru_cache(maxsize=8192)
def markdown_html(text: str) -> str:
    """CommonMark (plus tables, strikethrough and bare URLs) rendered and sanitized.

    Cached: a large description repeats the same parameter and schema descriptions on many pages.
    """
    if not text or not isinstance(text, str):
        return ""
    html = plain_html(text)
    return html if html is not None else focusable_pre(cleaner().clean(_MARKDOWN(text)).strip())


_PRE = re.compile(r"<pre(?=[\s>])")
_TABLE = re.compile(r"<table(?=[\s>])")


def inline_markdown_html(text: Any) -> str:
    """Markdown for a place inside a line of text (a server's or a server variable's description): one
    paragraph loses its ``<p>``, so that it reads on the line it is put in."""
    html = markdown_html(text) if isinstance(text, str) and text else ""
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return html


def focusable_pre(html: str) -> str:
    """Sanitized ``html`` with each ``<pre>`` (a code block, which scrolls sideways) reachable with the
    keyboard: ``tabindex="0"``, which the sanitizer never lets through, so that no ``<pre>`` has one yet.
    A table scrolls sideways in a ``<div class="table-scroll" tabindex="0">`` of its own."""
    if "<pre" in html:
        html = _PRE.sub('<pre tabindex="0"', html)
    if "<table" in html:
        html = _TABLE.sub('<div class="table-scroll" tabindex="0"><table', html).replace(
            "</table>", "</table></div>"
        )
    return html


def plain_html(text: str) -> str | None:
    """The HTML of a text that Markdown would only make paragraphs of, with code spans, web links and strong
    emphasis or without, and of tight ``- `` lists and callouts of such paragraphs; None for any other text.
    Most texts of real descriptions are such texts, and this is far faster than parsing them, with the
    same HTML (a test compares them on every description of the corpus)."""
    if text.startswith(("- ", ">")) or "\n- " in text or "\n>" in text:
        return _blocks_html(text, callouts=True)
    return _paragraphs_html(text)


def _paragraphs_html(text: str) -> str | None:
    inline = "`" in text or "](" in text or "**" in text
    rest = _INLINE.sub("x", text) if inline else text
    if "_" in rest:
        rest = _INTRAWORD.sub("x", rest)
    if not _PLAIN.fullmatch(rest) or _FIRST_BLOCK.match(rest) or _BLOCK_START.search(rest):
        return None
    html = _paragraphs(text)
    return _INLINE.sub(_inline, html) if inline else html


def _blocks_html(text: str, *, callouts: bool) -> str | None:
    """Blocks (between blank lines) of paragraph lines then, or alone, a tight list (lines of ``- `` and a
    paragraph's line: a list may interrupt a paragraph) and, with ``callouts``, callouts (``> [!NOTE]`` then
    ``>`` lines of such blocks), as ``plain_html``; None for anything else: another block quote, one that a
    line without ``>`` continues, a list that a blank line makes loose (a list after a list), or a block after a
    list that may continue its last item (indented)."""
    blocks = []
    after_list = False
    for block in _BLANK_LINE.split(text.strip("\n")):
        if after_list and block.startswith((" ", "- ")):
            return None
        item = _ITEM.search(block)
        after_list = item is not None
        if callouts and block.startswith(">"):
            html = _callout_block_html(block)
        elif item is None:
            html = _paragraphs_html(block)
        else:
            parts = [_paragraphs_html(block[: item.start()]), _list_html(block[item.start() :])]
            html = None if None in parts else "\n".join(part for part in parts if part)
        if html is None:
            return None
        blocks.append(html)
    return "\n".join(blocks)


def _list_html(block: str) -> str | None:
    items = []
    for line in block.split("\n"):
        html = _paragraphs_html(line[2:]) if line.startswith("- ") and line[2:3] not in ("", " ") else None
        if not html:  # a line that continues an item, or an empty item
            return None
        items.append(f"<li>{html[3:-4]}</li>")  # the item's paragraph without its <p>: the list is tight
    return "<ul>\n" + "\n".join(items) + "\n</ul>"


def _callout_block_html(block: str) -> str | None:
    marker, *lines = block.split("\n")
    alert = _ALERT_LINE.fullmatch(marker)
    quoted = [line[2:] if line.startswith("> ") else line[1:] for line in lines if line.startswith(">")]
    if alert is None or not quoted or len(quoted) < len(lines):
        return None
    html = _blocks_html("\n".join(quoted), callouts=False)
    return None if html is None else _callout(alert.group(1), html + "\n")


def _inline(match: re.Match) -> str:
    label, url, code, strong = match.groups()
    if code is not None:
        return _code_span(code)
    if strong is not None:
        return f"<strong>{_CODE_SPAN.sub(_code_in_words, strong)}</strong>"
    return f'<a href="{url}" rel="noopener nofollow">{_CODE_SPAN.sub(_code_in_words, label)}</a>'


def _code_in_words(match: re.Match) -> str:
    return _code_span(match.group(1))


def _code_span(code: str) -> str:
    if code[0] == code[-1] == " " and code.strip(" "):  # CommonMark strips one space from each side
        code = code[1:-1]
    return f"<code>{escape(code, quote=False)}</code>"


def _paragraphs(text: str) -> str:
    """Plain text as CommonMark renders it: paragraphs, their lines stripped (``"`` is safe in text)."""
    paragraphs = []
    for block in _BLANK_LINE.split(text.strip("\n")):
        lines = [line.strip(" ") for line in block.split("\n")]
        body = "\n".join(line for line in lines if line)
        if body:
            paragraphs.append(f"<p>{body}</p>")
    return "\n".join(paragraphs)
