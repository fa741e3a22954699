"""A table's cells: a schema's short type (``type_summary``), and lists as strings joined by ``", "``, so
that a CSV export reads as it shows."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from orgdocs.loading import is_local
from orgdocs.model import Description

__all__ = ["type_summary"]


def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~") or ref


def type_summary(schema: Any, resolve: Any = None, depth: int = 2) -> str:
    """A short type for a table cell: ``string``, ``integer|null``, ``array[Pet]``, ``oneOf[Cat|Dog]``.

    A ``$ref`` is shown by its component name; with ``resolve`` given, a reference at the top is followed
    once so that a parameter typed ``{"$ref": ".../Id"}`` reads ``string``.
    """
    if schema is None:
        return ""
    if schema is True:
        return "any"
    if schema is False:
        return "never"
    if not isinstance(schema, dict):
        return ""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        if resolve is not None and is_local(ref):
            try:
                target = resolve(ref)
            except KeyError:
                return _ref_name(ref)
            if isinstance(target, dict) and "$ref" not in target:
                return type_summary(target, None, depth)
        return _ref_name(ref)
    kind = schema.get("type")
    if isinstance(kind, list):
        text = "|".join(str(k) for k in kind)
    elif isinstance(kind, str):
        text = kind
    elif "properties" in schema or "additionalProperties" in schema:
        text = "object"
    elif "items" in schema:
        text = "array"
    elif "enum" in schema:
        text = "enum"
    else:
        text = ""
    if text in ("array", "array|null", "null|array") and depth > 0 and "items" in schema:
        inner = type_summary(schema.get("items"), None, depth - 1)
        text = text.replace("array", f"array[{inner}]" if inner else "array")
    if not text:
        for combinator in ("oneOf", "anyOf", "allOf"):
            options = schema.get(combinator)
            if isinstance(options, list) and options:
                inner = (
                    "|".join(type_summary(o, None, depth - 1) or "?" for o in options) if depth > 0 else "…"
                )
                text = f"{combinator}[{inner}]"
                break
    if schema.get("nullable") is True and "null" not in text:
        text = f"{text}|null" if text else "null"
    return text


def _deref(description: Description, node: Any) -> Any:
    return description.deref(node) if isinstance(node, dict) and "$ref" in node else node


def _joined(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in dict.fromkeys(values) if v != "")


def _cell(value: Any) -> Any:
    """A scalar for a table cell: lists and dicts become their compact JSON text."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    import json

    return json.dumps(value, ensure_ascii=False, default=str)
