"""Parameter inputs of a request form: what kind of input a parameter asks for, what it starts with, and how
what was typed becomes a value for ``orgdocs.project.requests.build_request``.

The notebook's ``RequestForm`` holds each input's value as the site's form shows it (text, a checkbox's
``bool``, an enum's member or ``None``); ``parse_input`` reads it with the same rules as the browser's form.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orgdocs.project.examples import parameter_example
from orgdocs.project.requests import content_media, content_text, declared_value, schema_type, text_of

if TYPE_CHECKING:
    from orgdocs.model import Description, Parameter

__all__ = [
    "InputSpec",
    "initial_value",
    "input_spec",
    "input_text",
    "input_value",
    "parse_header_lines",
    "parse_input",
]


@dataclass
class InputSpec:
    """How one parameter is asked for: its kind of input, choices and what it is prefilled with."""

    key: str  # "in:name", the key of ``build_request``'s values
    name: str
    location: str
    kind: str  # enum, boolean, integer, number, array, object, string, content
    required: bool = False
    options: list[Any] = field(default_factory=list)  # enum members
    item_kind: str = "string"  # for arrays
    default: Any = None
    example: Any = None  # what the description declares (``requests.declared_value``): the prefill
    hint: Any = None  # the declared or a generated example: the grey placeholder
    description: str = ""
    uuid: bool = False  # ``format: uuid``: a "Generate" button fills it
    media_type: str = ""  # of a content parameter: its input holds the value's text in this media type


def _kind_of(schema: Any, deref: Any) -> tuple[str, list[Any]]:
    schema = deref(schema) if deref is not None else schema
    if not isinstance(schema, dict):
        return "string", []
    enum = schema.get("enum")
    if isinstance(enum, list) and [v for v in enum if v is not None]:
        return "enum", [v for v in enum if v is not None]
    kind = schema_type(schema)
    if kind in ("boolean", "integer", "number", "array", "object"):
        return kind, []
    return "string", []


def input_spec(param: Parameter, description: Description | None = None) -> InputSpec:
    """The input for ``param``: enum -> choice, boolean -> checkbox, integer/number, array, object, else text;
    a parameter declared with ``content`` -> its value's text in that media type (``requests.content_text``)."""
    deref = description.deref if description is not None else None
    resolve = description.resolve if description is not None else _no_refs
    schema = deref(param.schema) if deref is not None else param.schema
    media = content_media(param)
    if media is not None:
        kind, options = "content", []
    else:
        kind, options = _kind_of(schema, deref)
    item_kind = "string"
    if kind == "array" and isinstance(schema, dict):
        item_kind, _ = _kind_of(schema.get("items"), deref)
        if item_kind not in ("integer", "number", "boolean"):
            item_kind = "string"
    found, example = declared_value(param, resolve)
    try:
        hint = example if found else parameter_example(param, resolve)
    except Exception:  # a hint is a convenience; a schema it cannot read still gets an input
        hint = None
    if media is not None:  # declared values are values; the input holds their text
        example = content_text(param, example) if found else None
        hint = content_text(param, hint) if hint is not None else None
    default = schema.get("default") if isinstance(schema, dict) else None
    return InputSpec(
        key=f"{param.location}:{param.name}",
        name=param.name,
        location=param.location,
        kind=kind,
        required=param.required or param.location == "path",
        options=options,
        item_kind=item_kind,
        default=default,
        example=example,
        hint=hint,
        description=param.description,
        uuid=kind == "string" and isinstance(schema, dict) and schema.get("format") == "uuid",
        media_type=media.media_type if media is not None else "",
    )


def _no_refs(ref: str) -> Any:
    raise KeyError(ref)


def input_text(value: Any) -> str:
    """A value as it is written into a text input."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple)) and all(not isinstance(v, (dict, list)) for v in value):
        return ",".join(text_of(v) for v in value)
    return text_of(value)


def _scalar(kind: str, text: str) -> Any:
    if kind == "integer":
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not an integer") from None
    if kind == "number":
        try:
            number = float(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a number") from None
        return int(number) if number.is_integer() and "." not in text and "e" not in text.lower() else number
    if kind == "boolean":
        if text.lower() in ("true", "false"):
            return text.lower() == "true"
        raise ValueError(f"{text!r} is not true or false")
    return text


def parse_input(spec: InputSpec, raw: Any) -> Any:
    """The value of ``spec``'s input for ``build_request``; ``None`` for no value. ``ValueError`` if invalid.

    Text inputs are parsed by kind: integers and numbers (empty is no value), arrays as comma-separated
    items or a JSON array, objects as JSON. A checkbox of an optional boolean sends a value only when it
    differs from the schema's default (false when there is none), so an unchecked box adds nothing. A
    content parameter's text is its value as it is sent (``requests.build_request`` encodes it as one value).
    """
    if spec.kind == "boolean":
        if spec.required:
            return bool(raw)
        default = spec.default if isinstance(spec.default, bool) else False
        return bool(raw) if bool(raw) != default else None
    if spec.kind == "enum":
        return raw
    text = (raw or "").strip() if isinstance(raw, str) else raw
    if text in (None, ""):
        return None
    if spec.kind == "content":
        return raw
    if spec.kind in ("integer", "number"):
        return _scalar(spec.kind, text)
    if spec.kind == "array":
        if text.startswith("["):
            try:
                value = json.loads(text)
            except ValueError as error:
                raise ValueError(f"not a JSON array ({error})") from None
            if not isinstance(value, list):
                raise ValueError("not a JSON array")
            return value
        return [_scalar(spec.item_kind, item.strip()) for item in text.split(",")]
    if spec.kind == "object":
        try:
            return json.loads(text)
        except ValueError as error:
            raise ValueError(f"not JSON ({error})") from None
    return raw


def parse_header_lines(text: str) -> list[tuple[str, str]]:
    """Extra request headers typed one per line as ``Name: value`` (blank lines skipped; a line without a
    colon is a name with an empty value, which ``request_problems`` then checks)."""
    headers = []
    for line in text.splitlines():
        if line.strip():
            name, _, value = line.partition(":")
            headers.append((name.strip(), value.strip()))
    return headers


def input_value(spec: InputSpec, value: Any) -> Any:
    """``value`` as ``spec``'s input holds it: an enum's member (``None``, or the first member of a required
    enum, when ``value`` is not one), a checkbox's ``bool``, else its text."""
    if spec.kind == "enum":
        empty = not spec.required or spec.example is None  # the choices start with an empty one
        return value if value in spec.options else (None if empty else spec.options[0])
    if spec.kind == "boolean":
        return bool(value)
    if spec.kind == "content":  # a list is its JSON text here, not comma-separated items
        return text_of(value)
    return input_text(value)


def initial_value(spec: InputSpec, prefill: dict[str, Any]) -> Any:
    """What ``spec``'s input starts with: a value given for it (by ``in:name`` or name), else the
    description's own example of a required parameter, else nothing (a generated example is only a hint)."""
    if spec.key in prefill or spec.name in prefill:
        return input_value(spec, prefill.get(spec.key, prefill.get(spec.name)))
    if spec.required and spec.example is not None:
        return input_value(spec, spec.example)
    if spec.kind == "boolean":
        return spec.default if isinstance(spec.default, bool) else False
    return None if spec.kind == "enum" else ""
