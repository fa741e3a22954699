"""Code samples of one request (curl, Python, JavaScript, Node.js, Go, Java, Ruby, PHP, C#), from ``RequestParts``.

- ``code_samples(parts)``: ``{language key: sample}``, in the order of ``LANGUAGES`` (``(key, label)``
  pairs; ``DEFAULT_LANGUAGE``, the one shown first); ``shell_quote``: one single-quoted shell word;
- ``highlight_rules()``: how each language's samples are coloured, for the build's highlighter;
- ``browser_script()``: the text of ``assets/samples.js``, these rules with ``requests.json``'s and
  ``security.json``'s as the browser reads them (``python -m orgdocs.project.samples`` prints it).

Every language is data, written once in ``languages.json``: a template, how it writes a string, an
environment variable and a JSON value, and the rules that colour it. This package (``_template`` compiles a
language) and the browser's request form (``code-samples.js``, which reads the same file as
``assets/samples.js``, compiled as ``Language.browser`` gives it) run the same few rules on it, and the case
files of ``tests/cases/requests`` hold both to the same samples:

**The request as a language sees it** (the slots of its template). Credentials are never values: a request
built with ``_security.placeholder_credentials`` carries ``$NAME`` placeholders and lists their names in
``parts.variables``; an ``Authorization: Bearer`` header holding anything else is written as ``Bearer $TOKEN``
unless ``reveal_token``. ``Authorization: Basic $USER:$PASS`` is taken out of the headers into the ``basic``
slots. The body kind: **multipart** when the media type is ``multipart/form-data`` and the body is a JSON object
(fields from ``_request_body.multipart_fields``; no ``Content-Type`` header, the client adds the boundary);
**json** when the media type is a JSON one and the body parses as JSON (Python refuses ``NaN`` like
``JSON.parse``); else **raw** text; **nobody** without a body.

- ``method`` (``POST``), ``methodString`` (quoted), ``methodTitle`` (``Post``), ``head`` (a HEAD request);
- ``url``: an expression (see *expressions*);
- ``headers``: items with ``name`` (quoted), ``value`` and ``line`` (``"name: value"``) as expressions;
  ``anyHeaders`` (headers or basic); with ``contentTypeApart``, ``Content-Type`` is left out of them and
  given as ``contentType`` (quoted) when the body is json or raw;
- ``basic``, ``basicUser``, ``basicPassword`` (each the environment variable's read), ``basicPair``
  (the expression of ``$USER:$PASS``); ``env``: whether any expression reads the environment;
  ``variables``: items with ``name``, each placeholder's name;
- body: the flags ``json``, ``raw``, ``body`` (json or raw), ``multipart``, ``nobody``; ``text`` (the body's
  exact text, quoted), ``block`` (the same in the language's ``block`` form, else as ``text``), ``literal``
  (the parsed JSON value as a literal, for a language with ``literal``), ``fields`` (items with ``name``,
  ``value`` quoted and ``pair``, ``"name=value"`` quoted), ``multipartType``, ``multipartHeader`` (with
  ``Content-Type: ``) and ``multipartBody`` (the body written out with a fixed boundary, quoted), for a
  language without a form helper or whose helper cannot repeat a name (PHP's arrays).

**Strings.** A style (``styles``) is an escape table, tried longest key first, and ``control``: how a C0
control character the table does not name is written (prefix, radix, digits: ``["\\u", 16, 4]``); ``extends``
takes another style's table first. A language's ``string`` is a style with its ``open`` and ``close`` quotes;
``block`` the same for a long text (``forbid``: substrings that send the text back to ``string``), or
``lines``: the text's lines, each a ``string``, joined by that text.

**Expressions**: a text holding placeholders is written with the environment variable in their place:
``env.hole`` inside ``env.open``/``env.close`` (the literal parts escaped with ``env.style`` and
``env.extra``), or, with ``env.concat``, the quoted literal parts and ``env.var`` joined by that operator.
``env.var`` alone reads one variable. Without a placeholder a text is a ``string``.

**Literals** (``literal``: ``indent``, ``true``, ``false``, ``null``): like ``JSON.stringify(v, null,
indent)`` (empty ``{}``/``[]`` on one line, keys as strings), every member line ending with ``,``; numbers as
``_value_text.text_of`` writes them. It starts on a line indented once, so the outer members are indented twice.

**Templates**: a list of lines. A line may start with guards: ``[name]`` keeps it when the slot ``name`` is
true or a non-empty list, ``[!name]`` when it is not, ``[*name]`` writes it once per item of that list (the
item's slots first). ``{{name}}`` is a slot's text. Lines are joined by ``join`` (a newline unless given) and
the sample ends with a newline. ``like`` takes another language's entries where the language has none.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from orgdocs.project._parameter_styles import IGNORED_HEADERS, parameter_rules
from orgdocs.project._request_body import multipart_fields
from orgdocs.project._requests import RequestParts
from orgdocs.project._security import security_rules
from orgdocs.project._value_text import is_json_media_type
from orgdocs.project.samples._template import compiled_languages

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "browser_script",
    "code_samples",
    "highlight_rules",
    "shell_quote",
]

DATA_FILE = Path(__file__).with_name("languages.json")
_DATA = json.loads(DATA_FILE.read_text(encoding="utf-8"))
DEFAULT_LANGUAGE: str = _DATA["default"]
LANGUAGES: tuple[tuple[str, str], ...] = tuple((lang["key"], lang["label"]) for lang in _DATA["languages"])


_TOKEN_PREFIX = "Bearer "
_LANGUAGES = compiled_languages(_DATA)


def code_samples(
    parts: RequestParts, *, reveal_token: bool = False, languages: Iterable[str] | None = None
) -> dict[str, str]:
    """``{language key: sample}`` for ``parts``, in the order of ``LANGUAGES`` (only ``languages`` if given)."""
    parts = _masked(parts, reveal_token)
    body = _body_kind(parts)  # parsed once for all: a body can be large
    wanted = None if languages is None else set(languages)
    return {
        key: _LANGUAGES[key].write(parts, body) for key, _ in LANGUAGES if wanted is None or key in wanted
    }


def shell_quote(text: str) -> str:
    """One single-quoted shell word, whatever ``text`` holds."""
    return "'" + text.replace("'", "'\\''") + "'"


def highlight_rules() -> dict[str, dict[str, list]]:
    """``{language key: {"tokens": [(class, pattern, interpolates)], "inside": [(class, pattern)]}}``: the
    rules that colour each language's samples (``orgdocs.render.site._highlight`` and ``code-samples.js``)."""
    return {
        key: {
            "tokens": [tuple(token) for token in lang.entry["highlight"]["tokens"]],
            "inside": [tuple(token) for token in lang.entry["highlight"]["inside"]],
        }
        for key, lang in _LANGUAGES.items()
    }


def browser_script() -> str:
    """The text of ``assets/samples.js``, the rule data the browser reads: the sample languages
    (``languages.json``, exported as ``sampleData``, for ``code-samples.js``), and how parameters and credentials are written into a
    request (``requests.json`` and ``security.json``, exported as ``requestRules``, for ``request.js``)."""
    languages = {
        "default": DEFAULT_LANGUAGE,
        "languages": [_LANGUAGES[key].browser() for key, _ in LANGUAGES],
    }
    rules = {
        "ignoredHeaders": sorted(IGNORED_HEADERS),
        "parameters": parameter_rules(),
        "security": security_rules(),
    }

    def text(data: Any) -> str:
        return json.dumps(data, ensure_ascii=True, separators=(",", ":"))

    return (
        "/* orgdocs: the rule data of request.js and code-samples.js: code sample languages, parameter styles,\n"
        " * security schemes. Written from orgdocs/project/{samples/languages,requests,security}.json by\n"
        " * `python -m orgdocs.project.samples`; do not edit (a test holds them equal). */\n"
        "export const sampleData = " + text(languages) + ";\n"
        "export const requestRules = " + text(rules) + ";\n"
    )


# --- the request as the samples show it ---------------------------------------------------------------


def _masked(parts: RequestParts, reveal_token: bool) -> RequestParts:
    """``parts`` with a real bearer token replaced by ``$TOKEN`` (unless ``reveal_token``)."""
    if reveal_token:
        return parts
    headers, variables = [], list(parts.variables)
    for name, value in parts.headers:
        bearer = name.lower() == "authorization" and value.startswith(_TOKEN_PREFIX)
        if bearer and not _is_variable(value[len(_TOKEN_PREFIX) :], variables):
            value = _TOKEN_PREFIX + "$TOKEN"
            variables += [] if "TOKEN" in variables else ["TOKEN"]
        headers.append((name, value))
    return dataclasses.replace(parts, headers=headers, variables=variables)


def _is_variable(text: str, names: list[str]) -> bool:
    """Whether ``text`` is exactly ``$NAME`` for one of ``names`` (a placeholder, not a credential)."""
    return text.startswith("$") and text[1:] in names


def _body_kind(parts: RequestParts) -> tuple[str, Any]:
    """``("multipart", fields)``, ``("json", parsed value)``, ``("raw", None)`` or ``("none", None)``."""
    if parts.body is None:
        return "none", None
    fields = multipart_fields(parts)
    if fields is not None:
        return "multipart", fields
    if is_json_media_type(parts.media_type):
        try:
            return "json", json.loads(parts.body, parse_constant=_refuse)
        except ValueError:
            pass
    return "raw", None


def _refuse(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
