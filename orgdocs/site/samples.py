"""Code samples of one request (curl, Python httpx, JavaScript fetch), written from ``RequestParts``.

The browser's request form ports this module line for line and a test compares both on the same inputs,
so the generation is a handful of plain rules:

**Common**

- ``Q(s)``, a string literal in Python and JavaScript, is ``json.dumps(s, ensure_ascii=False)`` /
  ``JSON.stringify(s)``: the same text in both languages.
- ``SH(s)``, a shell word, is ``'`` + ``s`` with every ``'`` replaced by ``'\\''`` + ``'``.
- The token: an ``Authorization`` header whose value starts with ``Bearer `` is masked unless
  ``reveal_token``; the sample reads it from the environment variable ``TOKEN`` (curl ``$TOKEN``, Python
  ``os.environ['TOKEN']``, JavaScript ``process.env.TOKEN``). Setting the variable is not shown.
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
``-H SH("Name: value")`` (masked: ``-H "Authorization: Bearer $TOKEN"``); then the body: multipart
``--form-string SH("name=value")`` per field, else ``--data-raw SH(body)`` (the exact body text). Every
line but the last ends with `` \\``; continuation lines start with two spaces.

**python**: ``import os`` and a blank line when the token is masked; ``import httpx``; a blank line;
``response = httpx.request(`` with 4-space indented arguments, each ending with ``,``: ``Q(method)``,
``Q(url)``, ``headers={`` one ``Q(name): Q(value),`` line per header (masked:
``"Authorization": f"Bearer {os.environ['TOKEN']}",``) ``},``; then the body: json ``json=LIT(v, 4),``;
multipart ``files=[`` one ``(Q(name), (None, Q(value))),`` line per field ``],``; raw
``content=Q(body),``. Then ``)``, ``print(response.status_code)``, ``print(response.text)``. No headers,
no ``headers=`` line; no body, no body line.

**javascript**: multipart first writes ``const form = new FormData();``, one ``form.append(Q(name),
Q(value));`` per field and a blank line. Then ``const response = await fetch(Q(url), {``, 2-space indented
``method: Q(method),``, ``headers: {`` one ``Q(name): Q(value),`` line per header (masked:
``"Authorization": `Bearer ${process.env.TOKEN}`,``) ``},`` and the body: json
``body: JSON.stringify(LIT(v, 2)),``, multipart ``body: form,``, raw ``body: Q(body),``. Then ``});``,
``console.log(response.status);`` and ``console.log(await response.text());``.

Every sample ends with a newline.
"""

from __future__ import annotations

import json
from typing import Any

from orgdocs.site.requests import RequestParts, is_json_media_type, multipart_fields, text_of

__all__ = ["code_samples", "shell_quote"]

_TOKEN_PREFIX = "Bearer "


def code_samples(parts: RequestParts, *, reveal_token: bool = False) -> dict[str, str]:
    """``{"curl": ..., "python": ..., "javascript": ...}`` for ``parts`` (rules in the module docstring)."""
    return {
        "curl": _curl(parts, reveal_token),
        "python": _python(parts, reveal_token),
        "javascript": _javascript(parts, reveal_token),
    }


def shell_quote(text: str) -> str:
    """One single-quoted shell word, whatever ``text`` holds."""
    return "'" + text.replace("'", "'\\''") + "'"


# --- the three languages ----------------------------------------------------------------------------------


def _curl(parts: RequestParts, reveal_token: bool) -> str:
    first = f"curl --head {shell_quote(parts.url)}" if parts.method == "HEAD" else ""
    lines = [first or f"curl -X {parts.method} {shell_quote(parts.url)}"]
    kind, data = _body_kind(parts)
    for name, value in _headers(parts, kind):
        if _masked(name, value, reveal_token):
            lines.append('-H "Authorization: Bearer $TOKEN"')
        else:
            lines.append("-H " + shell_quote(f"{name}: {value}"))
    if kind == "multipart":
        lines.extend("--form-string " + shell_quote(f"{name}={value}") for name, value in data)
    elif parts.body is not None:
        lines.append("--data-raw " + shell_quote(parts.body))
    return " \\\n  ".join(lines) + "\n"


def _python(parts: RequestParts, reveal_token: bool) -> str:
    kind, data = _body_kind(parts)
    headers = _headers(parts, kind)
    masked = any(_masked(name, value, reveal_token) for name, value in headers)
    lines = ["import os", ""] if masked else []
    lines += ["import httpx", "", "response = httpx.request("]
    lines += [f"    {_q(parts.method)},", f"    {_q(parts.url)},"]
    if headers:
        lines.append("    headers={")
        for name, value in headers:
            if _masked(name, value, reveal_token):
                lines.append(f"        {_q(name)}: f\"Bearer {{os.environ['TOKEN']}}\",")
            else:
                lines.append(f"        {_q(name)}: {_q(value)},")
        lines.append("    },")
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


def _javascript(parts: RequestParts, reveal_token: bool) -> str:
    kind, data = _body_kind(parts)
    lines = []
    if kind == "multipart":
        lines.append("const form = new FormData();")
        lines.extend(f"form.append({_q(name)}, {_q(value)});" for name, value in data)
        lines.append("")
    lines += [f"const response = await fetch({_q(parts.url)}, {{", f"  method: {_q(parts.method)},"]
    headers = _headers(parts, kind)
    if headers:
        lines.append("  headers: {")
        for name, value in headers:
            if _masked(name, value, reveal_token):
                lines.append(f"    {_q(name)}: `Bearer ${{process.env.TOKEN}}`,")
            else:
                lines.append(f"    {_q(name)}: {_q(value)},")
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
    return json.dumps(text, ensure_ascii=False)


def _masked(name: str, value: str, reveal_token: bool) -> bool:
    return not reveal_token and name.lower() == "authorization" and value.startswith(_TOKEN_PREFIX)


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
