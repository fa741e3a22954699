"""Code samples of one request (curl, Python httpx, JavaScript fetch), written from ``RequestParts``.

The browser's request form ports this module line for line and a test compares both on the same inputs,
so the generation is a handful of plain rules:

**Common**

- ``Q(s)``, a string literal in Python and JavaScript, is ``json.dumps(s, ensure_ascii=False)`` /
  ``JSON.stringify(s)``: the same text in both languages.
- ``SH(s)``, a shell word, is ``'`` + ``s`` with every ``'`` replaced by ``'\\''`` + ``'``.
- Credentials are never values: a request built with ``security.placeholder_credentials`` carries
  ``$NAME`` placeholders and lists their names in ``parts.variables``. A string holding one (the URL, a
  header value) is written with the environment variable in its place: curl ``"...$NAME..."`` (double
  quotes; ``\\ " $`` and backquote escaped), Python ``f"...{os.environ['NAME']}..."`` (the literal parts as
  in ``Q``, braces doubled), JavaScript `` `...${process.env.NAME}...` `` (the literal parts as in ``Q``
  without its quotes, backquote and ``${`` escaped). ``Authorization: Basic $USER:$PASS`` becomes curl
  ``-u "$USER:$PASS"``, Python ``auth=(os.environ['USER'], os.environ['PASS']),`` after the headers and
  JavaScript ``"Authorization": "Basic " + btoa(`${process.env.USER}:${process.env.PASS}`),``. An
  ``Authorization`` header whose value starts with ``Bearer `` but is not a placeholder is masked unless
  ``reveal_token``: it is written as ``Bearer $TOKEN``. Setting the variables is not shown.
- The body kind: **multipart** when the media type is ``multipart/form-data`` and the body is a JSON object
  (fields from ``requests.multipart_fields``: arrays give one field per item, values as text), then no
  ``Content-Type`` header is written (the client adds the boundary); **json** when the media type is a
  JSON one (``requests.is_json_media_type``) and the body parses as JSON (``JSON.parse``; Python refuses
  ``NaN``/``Infinity`` like JavaScript does); else **raw** text.
- ``LIT(v, indent)``, a literal of a parsed JSON value: like ``JSON.stringify(v, null, indent)`` (empty
  ``{}``/``[]`` on one line, ``Q(key): value``), but every member line ends with ``,``; numbers as
  ``requests.text_of`` writes them; ``true``/``false``/``null`` are ``True``/``False``/``None`` in Python.
  It starts on a line indented once (``indent`` spaces), so the members of the outer value are indented
  by ``2 * indent`` spaces, the next level by ``3 * indent``, and its closing bracket by ``indent``.

**curl**: line 1 is ``curl -X METHOD SH(url)`` (``curl --head SH(url)`` for HEAD); then one line per header
``-H SH("Name: value")`` (with placeholders: ``-H "Authorization: Bearer $TOKEN"``); then the body: multipart
``--form-string SH("name=value")`` per field, else ``--data-raw SH(body)`` (the exact body text). Every
line but the last ends with `` \\``; continuation lines start with two spaces.

**python**: ``import os`` and a blank line when a placeholder is written; ``import httpx``; a blank line;
``response = httpx.request(`` with 4-space indented arguments, each ending with ``,``: ``Q(method)``,
``Q(url)``, ``headers={`` one ``Q(name): Q(value),`` line per header ``},``, the basic ``auth=`` line;
then the body: json ``json=LIT(v, 4),``;
multipart ``files=[`` one ``(Q(name), (None, Q(value))),`` line per field ``],``; raw
``content=Q(body),``. Then ``)``, ``print(response.status_code)``, ``print(response.text)``. No headers,
no ``headers=`` line; no body, no body line.

**javascript**: multipart first writes ``const form = new FormData();``, one ``form.append(Q(name),
Q(value));`` per field and a blank line. Then ``const response = await fetch(Q(url), {``, 2-space indented
``method: Q(method),``, ``headers: {`` one ``Q(name): Q(value),`` line per header ``},`` and the body: json
``body: JSON.stringify(LIT(v, 2)),``, multipart ``body: form,``, raw ``body: Q(body),``. Then ``});``,
``console.log(response.status);`` and ``console.log(await response.text());``.

Every sample ends with a newline.
"""

from __future__ import annotations

import dataclasses
import json
import re
from json.encoder import encode_basestring  # type: ignore[attr-defined]
from typing import Any

from orgdocs.site.requests import RequestParts, is_json_media_type, multipart_fields, text_of
from orgdocs.site.security import PLACEHOLDER

__all__ = ["code_samples", "shell_quote"]

_TOKEN_PREFIX = "Bearer "
_BASIC = re.compile(r"^Basic (\$[A-Z][A-Z0-9_]*):(\$[A-Z][A-Z0-9_]*)$")


def code_samples(parts: RequestParts, *, reveal_token: bool = False) -> dict[str, str]:
    """``{"curl": ..., "python": ..., "javascript": ...}`` for ``parts`` (rules in the module docstring)."""
    parts = _masked(parts, reveal_token)
    body = _body_kind(parts)  # parsed once for the three (a body of Microsoft Graph's is 200 KB)
    return {
        "curl": _curl(parts, body),
        "python": _python(parts, body),
        "javascript": _javascript(parts, body),
    }


def shell_quote(text: str) -> str:
    """One single-quoted shell word, whatever ``text`` holds."""
    return "'" + text.replace("'", "'\\''") + "'"


# --- the three languages ----------------------------------------------------------------------------------


def _curl(parts: RequestParts, body: tuple[str, Any]) -> str:
    names = parts.variables
    url = _sh(parts.url, names)
    lines = [f"curl --head {url}" if parts.method == "HEAD" else f"curl -X {parts.method} {url}"]
    kind, data = body
    for name, value in _headers(parts, kind):
        basic = _basic(name, value, names)
        if basic:
            lines.append(f'-u "{basic[0]}:{basic[1]}"')
        else:
            lines.append("-H " + _sh(f"{name}: {value}", names))
    if kind == "multipart":
        lines.extend("--form-string " + shell_quote(f"{name}={value}") for name, value in data)
    elif parts.body is not None:
        lines.append("--data-raw " + shell_quote(parts.body))
    return " \\\n  ".join(lines) + "\n"


def _python(parts: RequestParts, body: tuple[str, Any]) -> str:
    names = parts.variables
    kind, data = body
    headers = _headers(parts, kind)
    basic = next((_basic(n, v, names) for n, v in headers if _basic(n, v, names)), None)
    headers = [(n, v) for n, v in headers if not _basic(n, v, names)]
    placeholders = basic is not None or any(
        _has(text, names) for text in [parts.url, *(v for _, v in headers)]
    )
    lines = ["import os", ""] if placeholders else []
    lines += ["import httpx", "", "response = httpx.request("]
    lines += [f"    {_q(parts.method)},", f"    {_py(parts.url, names)},"]
    if headers:
        lines.append("    headers={")
        lines.extend(f"        {_q(name)}: {_py(value, names)}," for name, value in headers)
        lines.append("    },")
    if basic:
        lines.append(f"    auth=(os.environ['{basic[0][1:]}'], os.environ['{basic[1][1:]}']),")
    if kind == "json":
        lines.append(f"    json={_literal(data, 4, 1, 'python')},")
    elif kind == "multipart":
        lines.append("    files=[")
        lines.extend(f"        ({_q(name)}, (None, {_q(value)}))," for name, value in data)
        lines.append("    ],")
    elif parts.body is not None:
        lines.append(f"    content={_q(parts.body)},")
    lines += [")", "print(response.status_code)", "print(response.text)"]
    return "\n".join(lines) + "\n"


def _javascript(parts: RequestParts, body: tuple[str, Any]) -> str:
    names = parts.variables
    kind, data = body
    lines = []
    if kind == "multipart":
        lines.append("const form = new FormData();")
        lines.extend(f"form.append({_q(name)}, {_q(value)});" for name, value in data)
        lines.append("")
    lines += [f"const response = await fetch({_js(parts.url, names)}, {{", f"  method: {_q(parts.method)},"]
    headers = _headers(parts, kind)
    if headers:
        lines.append("  headers: {")
        for name, value in headers:
            basic = _basic(name, value, names)
            if basic:
                pair = f"${{process.env.{basic[0][1:]}}}:${{process.env.{basic[1][1:]}}}"
                lines.append(f'    {_q(name)}: "Basic " + btoa(`{pair}`),')
            else:
                lines.append(f"    {_q(name)}: {_js(value, names)},")
        lines.append("  },")
    if kind == "json":
        lines.append(f"  body: JSON.stringify({_literal(data, 2, 1, 'javascript')}),")
    elif kind == "multipart":
        lines.append("  body: form,")
    elif parts.body is not None:
        lines.append(f"  body: {_q(parts.body)},")
    lines += ["});", "console.log(response.status);", "console.log(await response.text());"]
    return "\n".join(lines) + "\n"


# --- shared rules -----------------------------------------------------------------------------------------


def _q(text: str) -> str:
    return encode_basestring(text)  # json.dumps(text, ensure_ascii=False) without its per-call set-up


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


def _pieces(text: str, names: list[str]) -> list[tuple[bool, str]]:
    """``text`` split into (is a placeholder, text) pieces; only the placeholders of ``names`` count."""
    pieces, last = [], 0
    for match in PLACEHOLDER.finditer(text):
        if match.group(0)[1:] in names:
            pieces.append((False, text[last : match.start()]))
            pieces.append((True, match.group(0)[1:]))
            last = match.end()
    pieces.append((False, text[last:]))
    return [(var, piece) for var, piece in pieces if var or piece]


def _has(text: str, names: list[str]) -> bool:
    return any(var for var, _ in _pieces(text, names))


def _sh(text: str, names: list[str]) -> str:
    if not _has(text, names):
        return shell_quote(text)
    out = ""
    for var, piece in _pieces(text, names):
        out += "$" + piece if var else re.sub(r'([\\"$`])', r"\\\1", piece)
    return '"' + out + '"'


def _py(text: str, names: list[str]) -> str:
    if not _has(text, names):
        return _q(text)
    out = ""
    for var, piece in _pieces(text, names):
        out += f"{{os.environ['{piece}']}}" if var else _q(piece)[1:-1].replace("{", "{{").replace("}", "}}")
    return 'f"' + out + '"'


def _js(text: str, names: list[str]) -> str:
    if not _has(text, names):
        return _q(text)
    out = ""
    for var, piece in _pieces(text, names):
        out += (
            f"${{process.env.{piece}}}" if var else _q(piece)[1:-1].replace("`", "\\`").replace("${", "\\${")
        )
    return "`" + out + "`"


def _basic(name: str, value: str, names: list[str]) -> tuple[str, str] | None:
    """The two placeholders of ``Authorization: Basic $USER:$PASS``, else None."""
    match = _BASIC.match(value) if name.lower() == "authorization" else None
    if match and match.group(1)[1:] in names and match.group(2)[1:] in names:
        return match.group(1), match.group(2)
    return None


def _headers(parts: RequestParts, kind: str) -> list[tuple[str, str]]:
    if kind == "multipart":
        return [(name, value) for name, value in parts.headers if name.lower() != "content-type"]
    return list(parts.headers)


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


def _literal(value: Any, indent: int, level: int, language: str) -> str:
    """LIT(value): a JSON-like literal whose nested lines are indented from ``level`` on."""
    if isinstance(value, dict):
        if not value:
            return "{}"
        inner = " " * (indent * (level + 1))
        members = [
            f"{inner}{_q(str(k))}: {_literal(v, indent, level + 1, language)}," for k, v in value.items()
        ]
        return "{\n" + "\n".join(members) + "\n" + " " * (indent * level) + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        inner = " " * (indent * (level + 1))
        members = [f"{inner}{_literal(v, indent, level + 1, language)}," for v in value]
        return "[\n" + "\n".join(members) + "\n" + " " * (indent * level) + "]"
    if isinstance(value, str):
        return _q(value)
    if isinstance(value, bool) or value is None:
        if language == "python":
            return {True: "True", False: "False", None: "None"}[value]
        return {True: "true", False: "false", None: "null"}[value]
    return text_of(value)
