"""Code highlighted at build time with Pygments: spans with Pygments' short token classes, no script.

The colours live in ``site.css`` (light and dark through ``light-dark()``), so the HTML is the same for both
themes. Highlighting is cached per (text, language): a large description repeats the same examples and
samples on many pages, and each distinct fragment is highlighted once per process. Text longer than
``MAX_HIGHLIGHT`` is escaped only (a megabyte of JSON reads no better in colour and costs a second).

JSON, the bulk of what a page shows (examples, responses), takes a fast path: one regular expression that
gives the classes Pygments' JSON lexer gives (``nt`` keys, ``s2`` strings, ``m`` numbers, ``kc``
constants), many times faster, and without the spans Pygments puts around every space and comma.

The samples made from the request (curl, Python, JavaScript, Go...) take another: ``sample_html`` tokenizes
them with ``SAMPLE_RULES``, the same rules ``code-samples.js`` uses to highlight them again in the browser each time
the form changes them (a page's samples look the same before and after). They are text we write, so a few
rules colour all of it; Pygments took a quarter of a GitHub page's build time on them.
"""

from __future__ import annotations

import functools
import re
from html import escape
from typing import Any

from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.token import STANDARD_TYPES
from pygments.util import ClassNotFound

from orgdocs.project.samples import highlight_rules

__all__ = ["MAX_HIGHLIGHT", "SAMPLE_RULES", "highlight", "lexer_name", "sample_html", "sample_tokens"]

MAX_HIGHLIGHT = 40_000  # characters highlighted; longer text is only escaped

# Names that code samples use (x-codeSamples ``lang``, our generated samples) -> a Pygments lexer alias.
_ALIASES = {
    "curl": "bash",
    "shell": "bash",
    "sh": "bash",
    "node": "javascript",
    "nodejs": "javascript",
    "node.js": "javascript",
    "js": "javascript",
    "c#": "csharp",
    "cs": "csharp",
    "objective-c": "objective-c",
    "objc": "objective-c",
    "golang": "go",
    "python3": "python",
    "py": "python",
    "text": "text",
}
# PHP samples are usually written without "<?php": the lexer must not wait for it.
_OPTIONS = {"php": {"startinline": True}}


def lexer_name(language: str) -> str:
    """The Pygments alias for a sample's ``lang`` (case and spaces ignored); "text" when unknown."""
    key = (language or "").strip().lower()
    key = _ALIASES.get(key, key)
    return key if key == "json" or _lexer(key) is not None else "text"  # JSON: the fast path, no lexer loaded


@functools.cache
def _lexer(name: str) -> Lexer | None:
    if not name or name == "text":
        return None
    try:
        return get_lexer_by_name(name, stripnl=False, ensurenl=False, **_OPTIONS.get(name, {}))
    except ClassNotFound:
        return None


# Token classes the stylesheet leaves uncoloured (whitespace, punctuation, plain names): written bare.
_PLAIN_CLASSES = frozenset(("", "w", "p", "n", "nx", "x", "err"))
# JSON's tokens, on text already escaped (escaping adds no quote, backslash, digit or word boundary), each
# string written as an unrolled loop: the engine runs over a string's characters instead of trying two
# alternatives at each one.
_JSON_TOKEN = re.compile(
    r'("[^"\\\n]*(?:\\.[^"\\\n]*)*")([ \t]*:)?'
    r"|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)"
    r"|\b(true|false|null)\b"
)


@functools.lru_cache(maxsize=8192)
def highlight(text: str, language: str) -> str:
    """``text`` as escaped HTML with token ``<span class>``es (no wrapper element), for a ``<code>``."""
    if len(text) > MAX_HIGHLIGHT:
        return escape(text, quote=False)
    name = lexer_name(language)
    if name == "json":
        return _json(text)
    lexer = _lexer(name)
    if lexer is None:
        return escape(text, quote=False)
    return _spans(lexer, text)


def _spans(lexer: Lexer, text: str) -> str:
    """Pygments' tokens as spans of their short classes, adjacent tokens of one class in one span, the
    uncoloured ones (``_PLAIN_CLASSES``) bare: what ``HtmlFormatter(nowrap=True)`` writes, in less time
    and with less HTML."""
    out: list[str] = []
    current, pieces = "", []
    for token, value in lexer.get_tokens(text):
        css = _css_class(token)
        if css != current:
            if pieces:
                out.append(_span(current, "".join(pieces)))
            current, pieces = css, []
        pieces.append(value)
    if pieces:
        out.append(_span(current, "".join(pieces)))
    return "".join(out)


def _span(css: str, value: str) -> str:
    value = escape(value, quote=False)
    return f'<span class="{css}">{value}</span>' if css else value


@functools.cache
def _css_class(token: Any) -> str:
    while token not in STANDARD_TYPES:
        token = token.parent
    css = STANDARD_TYPES[token]
    return "" if css in _PLAIN_CLASSES else css


def _json(text: str) -> str:
    return _JSON_TOKEN.sub(_json_span, escape(text, quote=False))


def _json_span(match: re.Match) -> str:
    string, key, number, constant = match.groups()
    if string is not None:
        return (
            f'<span class="nt">{string}</span>{key}'
            if key is not None
            else f'<span class="s2">{string}</span>'
        )
    if number is not None:
        return f'<span class="m">{number}</span>'
    return f'<span class="kc">{constant}</span>'


# The generated samples' tokens: per language, (token class, pattern, is a string with interpolations) tried
# in order at each place, and the interpolations inside such strings ("" for an escape, which stays string).
# They are data of orgdocs/project/samples/languages.json, which code-samples.js reads too. Patterns are in the subset
# of regular expressions Python (with re.ASCII) and JavaScript read alike.
SAMPLE_RULES: dict[str, dict[str, list]] = highlight_rules()


# Characters no token of any language starts with. A run of them is matched first, in one step: without it
# the engine tries every rule at each space of a body's indentation (Microsoft Graph's bodies are large).
# Python only: the tokens found are the same.
_PLAIN_RUN = r"[ \t\r\n,:;{}\[\]()=.]+"


@functools.cache
def _sample_patterns(language: str) -> tuple[re.Pattern, list, re.Pattern, list[str]]:
    rules = SAMPLE_RULES[language]
    tokens, inside = rules["tokens"], rules["inside"]
    return (
        re.compile("|".join([f"({_PLAIN_RUN})", *(f"({pattern})" for _, pattern, _ in tokens)]), re.ASCII),
        [(None, False), *((css, interpolates) for css, _, interpolates in tokens)],
        re.compile("|".join(f"({pattern})" for _, pattern in inside), re.ASCII),
        [css for css, _ in inside],
    )


def sample_tokens(text: str, language: str) -> list[tuple[str, str]]:
    """A generated sample (``language``: a key of ``SAMPLE_RULES``) as (token class, text) pieces; "" for
    plain text. Joined, the pieces are ``text``."""
    tokens, kinds, inside, inside_classes = _sample_patterns(language)
    out: list[tuple[str, str]] = []
    pos = 0  # where the plain text not yet written starts
    for match in tokens.finditer(text):
        css, interpolates = kinds[match.lastindex - 1]
        if css is None:  # a plain run
            continue
        if match.start() > pos:
            out.append(("", text[pos : match.start()]))
        if interpolates:
            out.extend(_interpolations(match.group(), css, inside, inside_classes))
        else:
            out.append((css, match.group()))
        pos = match.end()
    if pos < len(text):
        out.append(("", text[pos:]))
    return out


def _interpolations(value: str, css: str, inside: re.Pattern, classes: list[str]) -> list[tuple[str, str]]:
    out, pos = [], 0
    for match in inside.finditer(value):
        kind = classes[match.lastindex - 1]
        if not kind:
            continue  # an escape: part of the string
        if match.start() > pos:
            out.append((css, value[pos : match.start()]))
        out.append((kind, match.group()))
        pos = match.end()
    if pos < len(value):
        out.append((css, value[pos:]))
    return out


def sample_html(text: str, language: str) -> str:
    """A generated sample as escaped HTML with token spans (what request.js writes into the page)."""
    out = []
    plain = "&" not in text and "<" not in text and ">" not in text  # nothing to escape: most samples
    for css, value in sample_tokens(text, language):  # _span, inlined: a large body has 100,000 tokens
        if not plain:
            value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f'<span class="{css}">{value}</span>' if css else value)
    return "".join(out)
