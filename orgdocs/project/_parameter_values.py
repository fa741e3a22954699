"""Which value a form gives a parameter, and which one the description declares for it.

- **Values** are keyed by ``"in:name"`` (``"header:X-Id"``) or by the parameter name alone (which then
  serves every location that has that name). ``None``, ``""``, ``[]`` and ``{}`` count as no value:
  an optional parameter without value is left out; a path parameter without value keeps its ``{name}``
  placeholder, so the preview shows what is missing.
- **Declared values** (``declared_value``): what a form starts with, never a generated value; a content
  parameter's (``content_media``) is written in its media type by ``content_text`` (JSON media types quote a
  string: ``"abc"``).
- **Order** (``path_order``): the form lists the path's parameters first, in the order the path names them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from orgdocs.loading import follow
from orgdocs.model import MediaType, Operation, Parameter
from orgdocs.project._examples import Resolve, declared_example
from orgdocs.project._value_text import integral_numbers, is_json_media_type, text_of

__all__ = [
    "content_media",
    "content_text",
    "declared_value",
    "parameter_value",
    "path_order",
    "schema_type",
]


def parameter_value(param: Parameter, values: dict[str, Any]) -> Any:
    """The value given for ``param``: by ``"in:name"`` first, else by name."""
    key = f"{param.location}:{param.name}"
    if key in values:
        return values[key]
    return values.get(param.name)


def declared_value(param: Parameter, resolve: Resolve) -> tuple[bool, Any]:
    """(found, value): what the description itself gives ``param`` to start with. Its ``example``, else
    its first ``examples`` value (or its ``content``'s), else its schema's ``example``, ``examples[0]``,
    ``default``, or its enum when it has a single value. Never a generated value (forms prefill only
    this; what ``_examples.parameter_example`` makes up is a placeholder hint)."""
    found, value = declared_example(param.example, param.has_example, param.examples, resolve)
    if not found and param.content:
        media = param.content[0]
        # unlike the parameter's own, the media type's explicit ``example: null`` prefills nothing
        found, value = declared_example(
            media.example if media.has_example else None, False, media.examples, resolve
        )
    if found:
        return True, value
    schema = param.schema if param.schema is not None or not param.content else param.content[0].schema
    schema = follow(schema, resolve)
    if not isinstance(schema, dict):
        return False, None
    if "example" in schema:
        return True, schema["example"]
    if isinstance(schema.get("examples"), list) and schema["examples"]:
        return True, schema["examples"][0]
    if "default" in schema:
        return True, schema["default"]
    if isinstance(schema.get("enum"), list) and len(schema["enum"]) == 1:
        return True, schema["enum"][0]
    return False, None


def content_media(param: Parameter) -> MediaType | None:
    """The media type ``param`` is written in when it is declared with ``content`` instead of ``schema``
    (the map holds one entry; its first is taken), else None."""
    return param.content[0] if param.schema is None and param.content else None


def content_text(param: Parameter, value: Any) -> str:
    """A value the description declares for the content parameter ``param``, written in its media type:
    JSON text (compact) for a JSON media type, so a string is quoted; ``text_of`` for any other. This is
    the text a form's input starts with; what it holds is then sent as it is. ``None`` is no value, as
    everywhere: ``""``."""
    if value is None:
        return ""
    media = content_media(param)
    if media is not None and is_json_media_type(media.media_type):
        return json.dumps(integral_numbers(value), separators=(",", ":"), ensure_ascii=False)
    return text_of(value)


def path_order(operation: Operation) -> list[Parameter]:
    """The parameters as a form lists them: the path's own, in the order the path names them, then the
    others in the description's order."""
    names = re.findall(r"\{([^{}]+)\}", operation.path)
    in_path = [p for p in operation.parameters if p.location == "path"]
    in_path.sort(key=lambda p: names.index(p.name) if p.name in names else len(names))
    return in_path + [p for p in operation.parameters if p.location != "path"]


def schema_type(schema: Any) -> str | None:
    """The JSON type of a parameter's schema: ``type`` (its first non-null one in 3.1), else what
    ``properties`` or ``items`` imply; None when the schema does not say."""
    if not isinstance(schema, dict):
        return None
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1: ["integer", "null"]
        kind = next((k for k in kind if k != "null"), None)
    if isinstance(kind, str):
        return kind
    if "properties" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return None


def _is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, (str, list, tuple, dict)) and len(value) == 0)
