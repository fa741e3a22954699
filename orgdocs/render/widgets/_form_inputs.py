"""Parameter inputs of a request form: what kind of input a parameter asks for, what it starts with, and how
what was typed becomes a value for ``orgdocs.project._requests.build_request``.

The notebook's ``RequestForm`` holds each input's value as the site's form shows it (text, a checkbox's
``bool``, an enum's member or ``None``); ``parse_input`` reads it by the rules every view shares
(``orgdocs.project._inputs``), and refuses a text that is not of its input's kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from orgdocs.loading import follow
from orgdocs.project import (
    InputKind,
    content_media,
    content_text,
    declared_value,
    input_kind,
    parameter_example,
    read_input,
    text_of,
)
from orgdocs.project import input_text as shared_input_text

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
    """How one parameter is asked for: its input's rules (``orgdocs.project._inputs``) and what it is prefilled
    with."""

    key: str  # "in:name", the key of ``build_request``'s values
    name: str
    location: str
    rules: InputKind
    example: Any = None  # what the description declares (``orgdocs.project.declared_value``): the prefill
    hint: Any = None  # the declared or a generated example: the grey placeholder
    description: str = ""
    uuid: bool = False  # ``format: uuid``: a "Generate" button fills it
    media_type: str = ""  # of a content parameter: its input holds the value's text in this media type

    @property
    def kind(self) -> str:  # enum, boolean, integer, number, array, object, string, content
        return self.rules.kind

    @property
    def required(self) -> bool:
        return self.rules.required

    @property
    def options(self) -> list[Any]:  # an enum's members
        return list(self.rules.options)

    @property
    def item_kind(self) -> str:
        return self.rules.item_kind

    @property
    def default(self) -> bool:  # a boolean's value when it is not sent
        return self.rules.default


def input_spec(param: Parameter, description: Description | None = None) -> InputSpec:
    """The input for ``param`` (its kind: ``orgdocs.project._inputs.input_kind``); a parameter declared with
    ``content`` holds its value's text in that media type (``orgdocs.project.content_text``)."""
    resolve = description.resolve if description is not None else _no_refs
    rules = input_kind(param, resolve)
    schema = follow(param.schema, resolve)
    media = content_media(param)
    found, example = declared_value(param, resolve)
    try:
        hint = example if found else parameter_example(param, resolve)
    except Exception:  # a hint is a convenience; a schema it cannot read still gets an input
        hint = None
    if media is not None:  # declared values are values; the input holds their text
        example = content_text(param, example) if found else None
        hint = content_text(param, hint) if hint is not None else None
    return InputSpec(
        key=f"{param.location}:{param.name}",
        name=param.name,
        location=param.location,
        rules=rules,
        example=example,
        hint=hint,
        description=param.description,
        uuid=rules.kind == "string" and isinstance(schema, dict) and schema.get("format") == "uuid",
        media_type=media.media_type if media is not None else "",
    )


def _no_refs(ref: str) -> Any:
    raise KeyError(ref)


def input_text(value: Any) -> str:
    """A value as it is written into a text input (``orgdocs.project._inputs.input_text``)."""
    return shared_input_text(InputKind("string"), value)


def parse_input(spec: InputSpec, raw: Any) -> Any:
    """The value of ``spec``'s input for ``build_request`` (``orgdocs.project._inputs.read_input``); ``None``
    for no value. ``ValueError`` when its text is not of its kind: the notebook does not send it."""
    value, problem = read_input(spec.rules, raw)
    if problem:
        raise ValueError(problem)
    return value


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
    """``value`` as ``spec``'s input holds it: an enum's member, the one written as ``value`` is (``None``,
    or the first member of a required enum, when none is), a checkbox's ``bool``, else its text."""
    if spec.kind == "enum":
        text = text_of(value)
        member = next((option for option in spec.options if text_of(option) == text), None)
        empty = not spec.required or spec.example is None  # the choices start with an empty one
        return member if member is not None or empty else spec.options[0]
    if spec.kind == "boolean":
        return value is True or value == "true"
    if spec.kind == "content":  # a list is its JSON text here, not comma-separated items
        return text_of(value)
    return shared_input_text(spec.rules, value)


def initial_value(spec: InputSpec, prefill: dict[str, Any]) -> Any:
    """What ``spec``'s input starts with: a value given for it (by ``in:name`` or name), else the
    description's own example of a required parameter, else nothing (a generated example is only a hint)."""
    if spec.key in prefill or spec.name in prefill:
        return input_value(spec, prefill.get(spec.key, prefill.get(spec.name)))
    if spec.required and spec.example is not None:
        return input_value(spec, spec.example)
    if spec.kind == "boolean":
        return spec.default
    return None if spec.kind == "enum" else ""
