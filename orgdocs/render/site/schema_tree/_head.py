"""What a schema shows wherever it is met, above its nested rows (``_Head``): its type ("array of" an item's is
added by the walker), its ``allOf`` members' type, format and flags merged in (``orgdocs.project._schemas``),
a ``oneOf``/``anyOf`` of scalars read inline ("string or integer"), its badges (nullable, read-only,
write-only, deprecated), and its description and facts (bounds, lengths, pattern, enum, const, default,
example). ``_Tree.head`` makes it once per schema of a description, so nothing here depends on the place.

Every text from the description is escaped; descriptions go through ``markdown_html``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from json.encoder import encode_basestring as _quote
from typing import Any, NamedTuple

from orgdocs.project import merged_schema, scalar_union
from orgdocs.render.site._markdown import markdown_html
from orgdocs.render.site.schema_tree._keywords import _is_null, _list, _mapping_names

MAX_ENUM = 40  # enum members listed before "and N more"
MAX_VALUE = 160  # characters of a default or example value shown inline


class _Head(NamedTuple):
    schema: dict  # with its allOf members' facts merged in
    type_html: str  # the type as shown, before "array of" an item's
    array: bool
    union: bool  # a oneOf/anyOf of scalars, shown inline as "string or integer"
    badges: tuple[str, ...]  # nullable, read-only, write-only, deprecated
    body: str  # description and facts
    has_children: bool


def _head(schema: dict, target: Callable[[str], tuple[bool, Any]]) -> _Head:
    schema = merged_schema(schema, target)
    kinds, nullable = _types(schema)
    variants = [s for key in ("oneOf", "anyOf") for s in _list(schema.get(key))]
    if variants and any(_is_null(s) for s in variants):
        nullable = True
    fmt = schema.get("format")
    union = scalar_union(variants, target) if variants and kinds == [""] else None
    if union:
        type_html = " or ".join(_format_label(label) for label in union)
    else:
        type_html = escape(" or ".join(kinds)) if kinds != [""] else _combinator_label(schema)
    if isinstance(fmt, str) and fmt and not union:
        type_html += f' <span class="schema-format">({escape(fmt)})</span>'
    badges = []
    if nullable:
        badges.append(_badge("nullable"))
    if schema.get("readOnly") is True:
        badges.append(_badge("read-only", "ro"))
    if schema.get("writeOnly") is True:
        badges.append(_badge("write-only", "wo"))
    if schema.get("deprecated") is True:
        badges.append(_badge("deprecated", "warn"))
    return _Head(
        schema, type_html, "array" in kinds, bool(union), tuple(badges), _body(schema), _has_children(schema)
    )


def _badge(text: str, kind: str = "") -> str:
    return f'<span class="schema-badge{" schema-badge-" + kind if kind else ""}">{text}</span>'


def _value(value: Any) -> str:
    """A value as JSON in ``<code>``, cut at ``MAX_VALUE`` characters."""
    if isinstance(value, str):
        text = _quote(value)  # the C encoder itself: enum lists call this thousands of times
    elif value is None or isinstance(value, (bool, int)):
        text = (
            "null"
            if value is None
            else ("true" if value is True else "false" if value is False else str(value))
        )
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = str(value)
    return _code(text)


def _code(text: str) -> str:
    """``text`` as it is (a pattern is shown as written, not as a JSON string), cut at ``MAX_VALUE``."""
    if len(text) > MAX_VALUE:
        text = text[: MAX_VALUE - 1] + "…"
    return f"<code>{escape(text)}</code>"


def _has_children(schema: dict) -> bool:
    properties = schema.get("properties")
    extra = schema.get("additionalProperties")
    return bool(
        (isinstance(properties, dict) and properties)
        or (isinstance(extra, dict) and extra)
        or isinstance(schema.get("patternProperties"), dict)
        or isinstance(schema.get("prefixItems"), list)
        or isinstance(schema.get("items"), list)
        or any(isinstance(schema.get(k), list) and schema[k] for k in ("allOf", "oneOf", "anyOf"))
        or isinstance(schema.get("not"), dict)
        or ("discriminator" in schema and bool(_mapping_names(schema)))
    )


def _types(schema: dict) -> tuple[list[str], bool]:
    kind = schema.get("type")
    kinds = [k for k in (kind if isinstance(kind, list) else [kind]) if isinstance(k, str)]
    nullable = schema.get("nullable") is True or "null" in kinds
    kinds = [k for k in kinds if k != "null"]
    if not kinds:
        if "properties" in schema or "additionalProperties" in schema:
            kinds = ["object"]
        elif "items" in schema or "prefixItems" in schema:
            kinds = ["array"]
        elif isinstance(schema.get("enum"), list) and schema["enum"]:
            kinds = [_json_type(next((v for v in schema["enum"] if v is not None), None))]
        elif "const" in schema:
            kinds = [_json_type(schema["const"])]
        elif any(k in schema for k in ("allOf", "oneOf", "anyOf")):
            kinds = [""]
        elif kind == "null":
            kinds = ["null"]
        else:
            kinds = ["any"]
    return kinds, nullable


def _format_label(label: str) -> str:
    """``"string (date-time)"`` with its format set apart, as a single type shows it."""
    kind, _, fmt = label.partition(" (")
    if not fmt:
        return escape(kind)
    return f'{escape(kind)} <span class="schema-format">({escape(fmt.rstrip(")"))})</span>'


def _combinator_label(schema: dict) -> str:
    for key, label in (("oneOf", "one of"), ("anyOf", "any of"), ("allOf", "object")):
        if key in schema:
            return label
    return "any"


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "any"


def _bound(schema: dict, key: str, exclusive_key: str, inclusive: str, exclusive: str) -> str:
    value = schema.get(key)
    flag = schema.get(exclusive_key)
    if isinstance(flag, (int, float)) and not isinstance(flag, bool):
        return f"{exclusive} {flag}"  # OpenAPI 3.1: exclusiveMinimum is the bound itself
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{exclusive if flag is True else inclusive} {value}"
    return ""


def _range(schema: dict, low_key: str, high_key: str, what: str) -> str:
    low, high = schema.get(low_key), schema.get(high_key)
    low = low if isinstance(low, int) and not isinstance(low, bool) else None
    high = high if isinstance(high, int) and not isinstance(high, bool) else None
    if low is not None and high is not None:
        return f"{what} {low}..{high}" if low != high else f"{what} exactly {low}"
    if low is not None:
        return f"{what} ≥ {low}"
    if high is not None:
        return f"{what} ≤ {high}"
    return ""


_FACT_KEYS = frozenset(
    (
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems",
        "maxItems", "minProperties", "maxProperties", "multipleOf", "uniqueItems", "pattern", "enum", "const",
        "default", "example", "examples", "additionalProperties", "discriminator",
    )
)  # fmt: skip


def _body(schema: dict) -> str:
    if _FACT_KEYS.isdisjoint(schema):  # most schemas: a type and a description
        description = schema.get("description")
        if isinstance(description, str) and description:
            return f'<div class="schema-description">{markdown_html(description)}</div>'
        if isinstance(schema.get("title"), str) and schema["title"]:
            return f'<div class="schema-description"><p>{escape(schema["title"])}</p></div>'
        return ""
    facts = []
    for text in (
        _bound(schema, "minimum", "exclusiveMinimum", "≥", ">"),
        _bound(schema, "maximum", "exclusiveMaximum", "≤", "<"),
        _range(schema, "minLength", "maxLength", "length"),
        _range(schema, "minItems", "maxItems", "items"),
        _range(schema, "minProperties", "maxProperties", "properties"),
    ):
        if text:
            facts.append(escape(text))
    step = schema.get("multipleOf")
    if isinstance(step, (int, float)) and not isinstance(step, bool):
        facts.append(f"multiple of {escape(str(step))}")
    if schema.get("uniqueItems") is True:
        facts.append("unique items")
    if isinstance(schema.get("pattern"), str):
        facts.append(f"pattern {_code(schema['pattern'])}")
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        shown = ", ".join(_value(v) for v in enum[:MAX_ENUM])
        more = f" and {len(enum) - MAX_ENUM} more" if len(enum) > MAX_ENUM else ""
        facts.append(f"one of {shown}{more}")
    if "const" in schema:
        facts.append(f"value {_value(schema['const'])}")
    if "default" in schema:
        facts.append(f"default {_value(schema['default'])}")
    if "example" in schema:
        facts.append(f"example {_value(schema['example'])}")
    elif isinstance(schema.get("examples"), list) and schema["examples"]:
        facts.append(f"example {_value(schema['examples'][0])}")
    if schema.get("additionalProperties") is False:
        facts.append("no other properties")
    discriminator = schema.get("discriminator")
    if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
        facts.append(f"discriminator {_value(discriminator['propertyName'])}")
    description = schema.get("description")
    html = markdown_html(description) if isinstance(description, str) else ""
    if not html and isinstance(schema.get("title"), str) and schema["title"]:
        html = f"<p>{escape(schema['title'])}</p>"
    out = f'<div class="schema-description">{html}</div>' if html else ""
    if facts:
        out += '<ul class="schema-facts">' + "".join(f"<li>{fact}</li>" for fact in facts) + "</ul>"
    return out
