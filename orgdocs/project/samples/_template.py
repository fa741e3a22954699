"""One language of ``languages.json``, compiled: its strings, expressions, literals and template, and the
slots a request fills (the rules are in ``orgdocs.project.samples``'s docstring; ``code-samples.js`` runs the same)."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from orgdocs.project._requests import RequestParts
from orgdocs.project._security import PLACEHOLDER
from orgdocs.project._value_text import text_of

__all__ = ["BOUNDARY", "Language", "compiled_languages"]

_BASIC = re.compile(r"^Basic (\$[A-Z][A-Z0-9_]*):(\$[A-Z][A-Z0-9_]*)$")
_GUARD = re.compile(r"\[([!*]?)(\w+)\]")
_SLOT = re.compile(r"\{\{(\w+)\}\}")
_LINES = re.compile(r"[^\n]*\n|[^\n]+$")
_JS_SPECIAL = re.compile(r"[.*+?^${}()|[\]\\/-]")
BOUNDARY = "orgdocs-sample-boundary"


# --- strings ----------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Style:
    table: dict[str, str]
    control: tuple[str, int, int] | None
    pattern: re.Pattern | None

    @classmethod
    def make(cls, table: dict[str, str], control: Any) -> _Style:
        keys = sorted(table, key=len, reverse=True)
        alternatives = [re.escape(key) for key in keys] + ([r"[\x00-\x1f]"] if control else [])
        pattern = re.compile("|".join(alternatives)) if alternatives else None
        return cls(table, tuple(control) if control else None, pattern)

    def escape(self, text: str) -> str:
        return self.pattern.sub(self._one, text) if self.pattern else text

    def browser(self) -> dict[str, Any]:
        """This style as ``code-samples.js`` reads it: its table, ``control``, and the pattern in JavaScript's syntax."""
        keys = sorted(self.table, key=len, reverse=True)
        alternatives = [_JS_SPECIAL.sub(r"\\\g<0>", key) for key in keys]
        alternatives += [r"[\x00-\x1f]"] if self.control else []
        control = list(self.control) if self.control else None
        return {"pattern": "|".join(alternatives), "table": self.table, "control": control}

    def _one(self, match: re.Match) -> str:
        found = match.group()
        if found in self.table:
            return self.table[found]
        prefix, radix, digits = self.control  # type: ignore[misc]
        return prefix + format(ord(found), f"0{digits}{'x' if radix == 16 else 'o'}")


def _styles(raw: dict[str, dict]) -> dict[str, tuple[dict[str, str], Any]]:
    out: dict[str, tuple[dict[str, str], Any]] = {}
    for name, style in raw.items():
        base = raw.get(style.get("extends", ""), {})
        table = {**base.get("escape", {}), **style.get("escape", {})}
        out[name] = (table, style.get("control", base.get("control")))
    return out


def _style(styles: dict, name: str, extra: dict[str, str] | None = None) -> _Style:
    table, control = styles[name]
    return _Style.make({**table, **(extra or {})}, control)


# --- one language -----------------------------------------------------------------------------------------


class Language:
    """A language of ``languages.json``, compiled: its styles, its template's lines and the slots they use."""

    def __init__(self, entry: dict, styles: dict):
        self.entry = entry
        string, env = entry["string"], entry["env"]
        self.string = (_style(styles, string["style"]), string["open"], string["close"])
        env_style = _style(styles, env["style"], env.get("extra")) if "style" in env else None
        self.env = (env, env_style)
        self.block = entry.get("block")
        self.block_style = (
            _style(styles, self.block["style"]) if self.block and "style" in self.block else None
        )
        self.literal = entry.get("literal")
        self.content_type_apart = bool(entry.get("contentTypeApart"))
        self.join = entry.get("join", "\n")
        self.lines = [_parse_line(line) for line in entry["template"]]
        self.slots = {name for guards, text in self.lines for name in _SLOT.findall(text)}
        self.slots |= {name for guards, _ in self.lines for _, name in guards}

    def browser(self) -> dict[str, Any]:
        """This language as ``code-samples.js`` reads it (``assets/samples.js``): ``like`` and ``extends`` resolved,
        styles compiled, template lines parsed into guards and text."""
        style, open_, close = self.string
        env, env_style = self.env
        block = None
        if self.block:
            block = {key: value for key, value in self.block.items() if key != "style"}
            block["forbid"] = self.block.get("forbid", [])
            block["escape"] = self.block_style.browser() if self.block_style else None
        return {
            "key": self.entry["key"],
            "label": self.entry["label"],
            "string": {"open": open_, "close": close, "escape": style.browser()},
            "env": {
                **{key: value for key, value in env.items() if key not in ("style", "extra")},
                "escape": env_style.browser() if env_style else None,
            },
            "block": block,
            "literal": self.literal,
            "contentTypeApart": self.content_type_apart,
            "join": self.join,
            "lines": [[[list(guard) for guard in guards], text] for guards, text in self.lines],
            "highlight": self.entry["highlight"],
        }

    def quote(self, text: str) -> str:
        style, open_, close = self.string
        return open_ + style.escape(text) + close

    def expression(self, text: str, names: list[str]) -> str:
        pieces = _pieces(text, names)
        if not any(var for var, _ in pieces):
            return self.quote(text)
        env, style = self.env
        if "concat" in env:
            return env["concat"].join(
                _fill(env["var"], name=piece) if var else self.quote(piece) for var, piece in pieces
            )
        inner = "".join(
            _fill(env["hole"], name=piece) if var else style.escape(piece) for var, piece in pieces
        )
        return env["open"] + inner + env["close"]

    def variable(self, name: str) -> str:
        return _fill(self.env[0]["var"], name=name)

    def block_text(self, text: str) -> str:
        block = self.block
        if not block or any(bad in text for bad in block.get("forbid", [])):
            return self.quote(text)
        if "lines" in block:
            lines = _LINES.findall(text) or [""]  # at "\n" alone, as code-samples.js splits them
            return block["lines"].join(self.quote(line) for line in lines)
        return block["open"] + self.block_style.escape(text) + block["close"]  # type: ignore[union-attr]

    def write(self, parts: RequestParts, body: tuple[str, Any]) -> str:
        makers = _slot_makers(self, parts, body)
        slots = {name: makers[name]() for name in self.slots if name in makers}
        out = []
        for guards, text in self.lines:
            scopes: list[dict] = [slots]
            for sign, name in guards:
                value = slots[name]
                if sign == "*":
                    scopes = [{**slots, **item} for item in value]
                elif bool(value) == (sign == "!"):
                    scopes = []
            out.extend(_SLOT.sub(lambda m, s=scope: s[m.group(1)], text) for scope in scopes)
        return self.join.join(out) + "\n"


def _parse_line(line: str) -> tuple[list[tuple[str, str]], str]:
    guards, pos = [], 0
    while match := _GUARD.match(line, pos):
        guards.append((match.group(1), match.group(2)))
        pos = match.end()
    return guards, line[pos:]


def _fill(template: str, **slots: str) -> str:
    return _SLOT.sub(lambda m: slots[m.group(1)], template)


def _slot_makers(lang: Language, parts: RequestParts, body: tuple[str, Any]) -> dict[str, Callable[[], Any]]:
    """Each slot's maker: only the slots a template uses are made (a large body is quoted once)."""
    names = parts.variables
    kind, data = body
    headers = _headers(parts, kind)
    basic = next((pair for n, v in headers if (pair := _basic(n, v, names))), None)
    headers = [(n, v) for n, v in headers if not _basic(n, v, names)]
    content_type = None
    if lang.content_type_apart and kind in ("json", "raw"):
        content_type = next((v for n, v in headers if n.lower() == "content-type"), None)
        headers = [(n, v) for n, v in headers if n.lower() != "content-type"]
    fields = data if kind == "multipart" else []
    text = parts.body if kind in ("json", "raw") else None
    q, expr = lang.quote, lang.expression
    return {
        "method": lambda: parts.method,
        "methodString": lambda: q(parts.method),
        "methodTitle": lambda: parts.method.capitalize(),
        "head": lambda: parts.method == "HEAD",
        "url": lambda: expr(parts.url, names),
        "headers": lambda: [_header_item(lang, n, v, names) for n, v in headers],
        "anyHeaders": lambda: bool(headers) or basic is not None,
        "contentType": lambda: q(content_type) if content_type is not None else "",
        "basic": lambda: basic is not None,
        "basicUser": lambda: lang.variable(basic[0][1:]) if basic else "",
        "basicPassword": lambda: lang.variable(basic[1][1:]) if basic else "",
        "basicPair": lambda: expr(f"{basic[0]}:{basic[1]}", names) if basic else "",
        "env": lambda: (
            basic is not None or any(_has(t, names) for t in [parts.url, *(v for _, v in headers)])
        ),
        "variables": lambda: [{"name": name} for name in names],
        "json": lambda: kind == "json",
        "raw": lambda: kind == "raw",
        "body": lambda: text is not None,
        "multipart": lambda: kind == "multipart",
        "nobody": lambda: kind == "none",
        "text": lambda: q(text) if text is not None else "",
        "block": lambda: lang.block_text(text) if text is not None else "",
        "literal": lambda: _literal(data, lang, 1) if kind == "json" and lang.literal else "",
        "fields": lambda: [_field_item(lang, n, v) for n, v in fields],
        "multipartType": lambda: q(f"multipart/form-data; boundary={BOUNDARY}"),
        "multipartHeader": lambda: q(f"Content-Type: multipart/form-data; boundary={BOUNDARY}"),
        "multipartBody": lambda: q(_multipart_text(fields)),
    }


def _header_item(lang: Language, name: str, value: str, names: list[str]) -> dict[str, str]:
    """A header's slots, only those the template uses (curl writes a header's line alone)."""
    item = {}
    if "name" in lang.slots:
        item["name"] = lang.quote(name)
    if "value" in lang.slots:
        item["value"] = lang.expression(value, names)
    if "line" in lang.slots:
        item["line"] = lang.expression(f"{name}: {value}", names)
    return item


def _field_item(lang: Language, name: str, value: str) -> dict[str, str]:
    item = {"name": lang.quote(name), "value": lang.quote(value)}
    if "pair" in lang.slots:
        item["pair"] = lang.quote(f"{name}={value}")
    return item


def compiled_languages(data: dict) -> dict[str, Language]:
    """``{key: Language}`` of ``languages.json``'s ``data`` (``like``: another language's entries first)."""
    styles = _styles(data["styles"])
    by_key = {entry["key"]: entry for entry in data["languages"]}
    return {
        key: Language({**by_key.get(entry.get("like", ""), {}), **entry}, styles)
        for key, entry in by_key.items()
    }


# --- texts of a request ----------------------------------------------------------------------------------


def _pieces(text: str, names: list[str]) -> list[tuple[bool, str]]:
    """``text`` split into (is a placeholder, text) pieces; only the placeholders of ``names`` count."""
    if "$" not in text or not names:
        return [(False, text)] if text else []
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


def _multipart_text(fields: list[tuple[str, str]]) -> str:
    """The multipart/form-data body of ``fields`` (names escaped as browsers escape them)."""
    out = []
    for name, value in fields:
        name = name.replace('"', "%22").replace("\r", "%0D").replace("\n", "%0A")
        out.append(f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n')
    return "".join(out) + f"--{BOUNDARY}--\r\n"


def _literal(value: Any, lang: Language, level: int) -> str:
    """A JSON-like literal of ``value`` whose nested lines are indented from ``level`` on."""
    spec = lang.literal
    indent = spec["indent"]  # type: ignore[index]
    if isinstance(value, dict) and value:
        inner = " " * (indent * (level + 1))
        members = [f"{inner}{lang.quote(str(k))}: {_literal(v, lang, level + 1)}," for k, v in value.items()]
        return "{\n" + "\n".join(members) + "\n" + " " * (indent * level) + "}"
    if isinstance(value, list) and value:
        inner = " " * (indent * (level + 1))
        members = [f"{inner}{_literal(v, lang, level + 1)}," for v in value]
        return "[\n" + "\n".join(members) + "\n" + " " * (indent * level) + "]"
    if isinstance(value, dict | list):
        return "{}" if isinstance(value, dict) else "[]"
    if isinstance(value, str):
        return lang.quote(value)
    if isinstance(value, bool) or value is None:
        return spec[{True: "true", False: "false", None: "null"}[value]]  # type: ignore[index]
    return text_of(value)
