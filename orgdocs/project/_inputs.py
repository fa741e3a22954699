"""A parameter's input in a request form, one set of rules for every view (the site's form and its script
``assets/form-state.js``, the notebook's ``RequestForm``): what kind of input a parameter's schema asks for,
what a text typed into it is as a value, what is wrong with a text that is not of its kind, and a value
written as its text. The case files of ``tests/cases/inputs`` hold Python and ``form-state.js`` to them.

Kinds: ``enum`` (a choice of the schema's members), ``boolean`` (a checkbox), ``integer``, ``number``,
``array`` (a JSON array, or comma-separated items read by ``item_kind``), ``object`` (JSON), ``content`` (a
parameter declared with ``content``: the value's text in that media type, sent as it is), ``string``.

A text that is not of its kind has a problem (``'"x" is not an integer'``), and a lenient value too: the text
as it is (an array's item that is not of its kind stays text). A form refuses to send a problem; a page built
from a description's examples shows the lenient value and never fails.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from orgdocs.loading import follow
from orgdocs.model import Parameter
from orgdocs.project._parameter_values import content_media, schema_type
from orgdocs.project._schemas import merged_schema, target_of
from orgdocs.project._value_text import text_of

__all__ = ["InputKind", "input_kind", "input_text", "read_input"]

_INTEGER = re.compile(r"-?[0-9]+")  # ASCII digits, as in JavaScript
_NUMBER = re.compile(r"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?")
_ITEM_KINDS = ("integer", "number", "boolean")


@dataclass(frozen=True)
class InputKind:
    """How a parameter's input reads what it holds."""

    kind: str  # enum, boolean, integer, number, array, object, content, string
    item_kind: str = (
        "string"  # how an array's items and an enum's members are read: integer, number, boolean, string
    )
    options: tuple[Any, ...] = ()  # an enum's members
    required: bool = False  # a path parameter is always required
    default: bool = False  # what a boolean is when it is not sent: its schema's default, else false


def _schema(schema: Any, resolve: Any) -> dict:
    schema = follow(schema, resolve)
    # {allOf: [$ref: X]} is typed as X says (orgdocs.project._schemas)
    schema = merged_schema(schema, target_of(resolve)) if isinstance(schema, dict) else None
    return schema if isinstance(schema, dict) else {}


def _item_kind(schema: dict) -> str:
    kind = schema_type(schema)
    return kind if kind in _ITEM_KINDS else "string"


def input_kind(param: Parameter, resolve: Any) -> InputKind:
    """The input ``param`` asks for: a parameter declared with ``content`` holds its value's text; an enum
    (with a member other than null) is a choice; else the schema's type says (``string`` when it says none)."""
    required = param.required or param.location == "path"
    if content_media(param) is not None:  # its schema says what the text holds, not how the input reads it
        return InputKind("content", required=required)
    schema = _schema(param.schema, resolve)
    members = schema.get("enum")
    options = tuple(v for v in members if v is not None) if isinstance(members, list) else ()
    if options:
        return InputKind("enum", _item_kind(schema), options, required=required)
    kind = schema_type(schema)
    if kind == "array":
        items = _schema(schema.get("items"), resolve)
        return InputKind("array", _item_kind(items), required=required)
    if kind == "boolean":
        default = schema.get("default")
        return InputKind("boolean", required=required, default=default is True)
    if kind in ("integer", "number", "object"):
        return InputKind(kind, required=required)
    return InputKind("string", required=required)


def read_input(kind: InputKind, held: Any) -> tuple[Any, str]:
    """``(value, problem)`` of what an input holds (its text, or a checkbox's ``bool``; an enum's member is
    its own value). ``None`` is no value: empty text, and an optional checkbox where it is its default (an
    unchecked box sends nothing, a box checked by default sends false when unchecked). ``problem`` is ``""``
    when the text is of its kind; else the value is the lenient one (see the module's docstring)."""
    if kind.kind == "boolean":
        checked = held is True or held == "true"
        return (checked if kind.required or checked != kind.default else None), ""
    if not isinstance(held, str):
        return held, ""
    text = held.strip()
    if text == "":
        return None, ""
    if kind.kind in ("integer", "number"):
        return _scalar(kind.kind, text)
    if kind.kind == "enum":
        return _scalar(kind.item_kind, text)
    if kind.kind == "array":
        return _array(kind.item_kind, text)
    if kind.kind == "object":
        try:
            return json.loads(text), ""
        except ValueError:
            return held, "not JSON"
    return held, ""  # a string or a content parameter: the text as it was typed


def _scalar(kind: str, text: str) -> tuple[Any, str]:
    if kind in ("integer", "number"):
        if _INTEGER.fullmatch(text):
            return int(text), ""
        if kind == "number" and _NUMBER.fullmatch(text):
            return float(text), ""
        return text, f"{_quoted(text)} is not {'an integer' if kind == 'integer' else 'a number'}"
    if kind == "boolean":
        if text.lower() in ("true", "false"):
            return text.lower() == "true", ""
        return text, f"{_quoted(text)} is not true or false"
    return text, ""


def _array(item_kind: str, text: str) -> tuple[Any, str]:
    if text.startswith("["):
        try:
            value = json.loads(text)
        except ValueError:
            value = None
        return (value, "") if isinstance(value, list) else (text, "not a JSON array")
    items = [_scalar(item_kind, item.strip()) for item in text.split(",")]
    return [value for value, _ in items], next((problem for _, problem in items if problem), "")


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JavaScript's JSON.stringify: both sides word it alike


def input_text(kind: InputKind, value: Any) -> str:
    """``value`` written as ``kind``'s input shows it, which ``read_input`` reads back: an array's items
    comma-separated (as a JSON array when an item holds a comma or is not a scalar), an object as JSON, a
    checkbox ``"true"`` or ``""``, else the text of the value (``_value_text.text_of``)."""
    if value is None:
        return ""
    if kind.kind == "boolean":
        return "true" if value is True or value == "true" else ""
    if kind.kind == "object" and not isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (list, tuple)) and kind.kind != "content":
        items = [text_of(v) for v in value]
        nested = any(isinstance(v, (dict, list)) or "," in t for v, t in zip(value, items, strict=True))
        if nested or (items and items[0].startswith("[")):
            return json.dumps(list(value), ensure_ascii=False)
        return ",".join(items)
    return text_of(value)
