"""What one schema says of its example by its own keywords, for ``orgdocs.project._examples``'s rules.

Its declared value (``own_value``: example, examples, default, const, enum, when it has the schema's type),
its type (``type_of``, ``nullable``, ``fits_type``), a string or a number that fits its format, pattern,
length and bounds (``string_value``, ``number_value``), what a direction leaves out (``left_out``: readOnly
properties in requests, writeOnly ones in responses), merged allOf parts (``deep_merged``), the branch of a oneOf
or anyOf an example takes (``chosen_branch``) and JSON-ready copies (``plain``: YAML dates and timestamps as
ISO text, no NaN).
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import re
from collections.abc import Callable
from typing import Any

from orgdocs.project._pattern_example import pattern_example
from orgdocs.project._schemas import schema_facts

__all__ = [
    "BINARY",
    "SHAPE_KEYWORDS",
    "chosen_branch",
    "deep_merged",
    "fits_type",
    "inverted_mapping",
    "is_null_schema",
    "left_out",
    "nullable",
    "number_value",
    "own_value",
    "plain",
    "string_value",
    "type_of",
    "undeclared_required",
]

_UUID = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
BINARY = "<binary>"
_STRING_FORMATS = {
    "date-time": "2024-01-01T12:00:00Z",
    "date": "2024-01-01",
    "time": "12:00:00Z",
    "duration": "P1D",
    "uuid": _UUID,
    "uri": "https://example.com",
    "url": "https://example.com",
    "uri-reference": "https://example.com",
    "iri": "https://example.com",
    "iri-reference": "https://example.com",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "c3RyaW5n",  # base64 of "string"
    "binary": BINARY,
    "password": "********",
    "int32": "0",
    "int64": "0",
    "float": "0",
    "double": "0",
    "decimal": "0",
}
_OBJECT_KEYWORDS = (
    "properties",
    "additionalProperties",
    "patternProperties",
    "minProperties",
    "maxProperties",
)
_ARRAY_KEYWORDS = ("items", "prefixItems", "minItems", "maxItems", "contains")
_STRING_KEYWORDS = ("minLength", "maxLength", "pattern")
_NUMBER_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
# keywords that make a schema generate something of its own beside allOf/oneOf/anyOf
SHAPE_KEYWORDS = frozenset(("type", "format", *_OBJECT_KEYWORDS, *_ARRAY_KEYWORDS))


def own_value(schema: dict) -> tuple[bool, Any]:
    """The value a schema states itself: the first of example, examples[0], default, const and enum that has
    the schema's type and is one of its enum (``fits_type``), else the first of them."""
    candidates = _own_values(schema)
    if not candidates:
        return False, None
    return True, next((value for value in candidates if fits_type(value, schema)), candidates[0])


def _own_values(schema: dict) -> list[Any]:
    found = []
    if "example" in schema:
        found.append(schema["example"])
    examples = schema.get("examples")
    if isinstance(examples, list) and examples:
        found.append(examples[0])
    elif isinstance(examples, dict) and examples:  # a 3.0 misuse: a map of Example Objects
        first = next(iter(examples.values()))
        found.append(first.get("value") if isinstance(first, dict) else first)
    for key in ("default", "const"):
        if key in schema:
            found.append(schema[key])
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        found.append(next((member for member in enum if member is not None), None))
    return found


def left_out(schema: Any, direction: str | None, target: Callable[[str], tuple[bool, Any]]) -> bool:
    """readOnly properties are not sent (``request``), writeOnly ones are not received (``response``).

    ``target(ref)`` gives ``(found, schema)``: a property that is a reference, or wraps one in ``allOf``,
    carries the flag on its target (``orgdocs.project._schemas.schema_facts``).
    """
    if direction is None or not isinstance(schema, dict):
        return False
    flag = "writeOnly" if direction == "response" else "readOnly"
    if schema.get(flag) is True:
        return True
    if "$ref" not in schema and "allOf" not in schema:
        return False
    return schema_facts(schema, target).get(flag) is True  # a flag of a reference or an allOf member


def is_null_schema(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or schema.get("type") == ["null"])


def type_of(schema: dict) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if isinstance(kind, str):
        return kind
    if any(k in schema for k in _OBJECT_KEYWORDS):
        return "object"
    if any(k in schema for k in _ARRAY_KEYWORDS):
        return "array"
    fmt = schema.get("format")
    if fmt in ("int32", "int64"):
        return "integer"
    if fmt in ("float", "double"):
        return "number"
    if fmt in _STRING_FORMATS or any(k in schema for k in _STRING_KEYWORDS):
        return "string"
    if any(k in schema for k in _NUMBER_KEYWORDS):
        return "number"
    return None


_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str, _dt.date, _dt.time, bytes),  # YAML dates and timestamps become ISO text (plain)
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list, tuple),
    "object": (dict,),
}


def nullable(schema: dict) -> bool:
    kind = schema.get("type")
    return (
        schema.get("nullable") is True
        or schema.get("x-nullable") is True
        or kind == "null"
        or (isinstance(kind, list) and "null" in kind)
    )


def undeclared_required(schema: dict) -> list[str]:
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    return [name for name in required if isinstance(name, str) and name not in properties]


def fits_type(value: Any, schema: dict) -> bool:
    """Whether a value a schema declares for itself (``example``, ``default``...) has the schema's type and
    is one of its ``enum``: a description's ``example: 500`` for a string, or a ``default`` outside its own
    enum, is not used (the example is generated instead)."""
    enum = schema.get("enum")
    if (isinstance(enum, list) and enum and value not in enum) or (
        "const" in schema and value != schema["const"]
    ):
        return False
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
    if value is None:
        return not kinds or "null" in kinds or nullable(schema) or "enum" in schema
    return not kinds or any(_has_type(value, name) for name in kinds)


def _has_type(value: Any, name: str) -> bool:
    wanted = _JSON_TYPES.get(name)
    if wanted is None:
        return True  # a type this check does not know (Swagger's file): not refused
    if isinstance(value, bool) and name != "boolean":
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, wanted)


def string_value(schema: dict) -> str:
    fmt = schema.get("format")
    if schema.get("contentEncoding") == "base64":
        fmt = "byte"
    pattern = schema.get("pattern")
    formatted = _STRING_FORMATS.get(fmt) if isinstance(fmt, str) else None
    matched = pattern_example(pattern) if isinstance(pattern, str) else None
    if matched is not None and not (formatted and re.search(pattern, formatted)):
        return matched  # the format's text where the pattern takes it, else the pattern's own
    if isinstance(fmt, str) and fmt in _STRING_FORMATS:
        return _STRING_FORMATS[fmt]
    text = "string"
    min_length, max_length = schema.get("minLength"), schema.get("maxLength")
    if isinstance(min_length, int) and min_length > len(text):
        text = (text * (min_length // len(text) + 1))[:min_length]
    if isinstance(max_length, int) and 0 <= max_length < len(text):
        text = text[:max_length]
    return text


def _bound(schema: dict, inclusive_key: str, exclusive_key: str) -> tuple[float | None, bool]:
    """A bound and whether it is exclusive: OpenAPI 3.0 boolean or 3.1 numeric ``exclusive*``."""
    bound = schema.get(inclusive_key)
    if not _is_number(bound):
        bound = None
    exclusive = schema.get(exclusive_key)
    if isinstance(exclusive, bool):
        return bound, exclusive and bound is not None
    if _is_number(exclusive):
        if bound is None:
            return exclusive, True
        tighter = exclusive >= bound if inclusive_key == "minimum" else exclusive <= bound
        return (exclusive, True) if tighter else (bound, False)
    return bound, False


def number_value(schema: dict, *, integer: bool) -> int | float:
    low, low_open = _bound(schema, "minimum", "exclusiveMinimum")
    high, high_open = _bound(schema, "maximum", "exclusiveMaximum")
    step = schema.get("multipleOf")
    step = step if _is_number(step) and step > 0 else None
    if integer and step is not None:
        step = int(step) if float(step).is_integer() else None  # a fractional step on integers: ignored
    unit = step or 1
    if low is not None:
        value = low
        if low_open:
            value = math.floor(low) + 1 if integer else low + unit
            if not integer and high is not None and value >= high:
                value = (low + high) / 2
        elif integer:
            value = math.ceil(low)
        if step is not None:
            value = math.ceil(value / step) * step
            if low_open and value <= low:
                value += step
    elif high is not None and (high < 0 or (high_open and high <= 0)):
        value = high
        if high_open:
            value = math.ceil(high) - 1 if integer else high - unit
        elif integer:
            value = math.floor(high)
        if step is not None:
            value = math.floor(value / step) * step
            if high_open and value >= high:
                value -= step
    else:
        value = 0
    if integer:
        return int(value)
    value = round(value, 12)
    return int(value) if float(value).is_integer() else value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def deep_merged(base: Any, extra: Any) -> Any:
    """allOf: objects deep-merged (later keys win), else the last non-null value."""
    if isinstance(base, dict) and isinstance(extra, dict):
        merged = dict(base)
        for key, value in extra.items():
            merged[key] = deep_merged(merged[key], value) if key in merged else value
        return merged
    if extra is None:
        return base
    return extra


def plain(value: Any) -> Any:
    """A JSON-ready copy: YAML dates as ISO text, tuples as lists, keys as strings, no NaN."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    try:  # the C encoder and decoder copy large examples several times faster than Python code
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False, default=_unusual))
    except (TypeError, ValueError):
        return _plain_slowly(value)


def _unusual(value: Any) -> Any:
    if isinstance(value, (_dt.date, _dt.time)):  # YAML parses unquoted dates and timestamps
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    raise TypeError(type(value).__name__)


def _plain_slowly(value: Any) -> Any:
    if isinstance(value, str) or value is None or isinstance(value, bool):
        return value
    if isinstance(value, dict):
        return {str(k): _plain_slowly(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_slowly(v) for v in value]
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (_dt.date, _dt.time)):  # YAML parses unquoted dates and timestamps
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def chosen_branch(schema: dict, branches: list) -> tuple[Any, str | None]:
    """The branch of a oneOf/anyOf an example takes, and the discriminator value to set (or None)."""
    discriminator = schema.get("discriminator")
    prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
    mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
    if isinstance(prop, str) and isinstance(mapping, dict) and mapping:
        branch_refs = [b.get("$ref") for b in branches if isinstance(b, dict)]
        known = set(branch_refs)
        key, value = next(
            ((k, v) for k, v in mapping.items() if _mapping_ref(v, branch_refs) in known),
            next(iter(mapping.items())),
        )
        return {"$ref": _mapping_ref(value, branch_refs)}, str(key)
    branch = next((b for b in branches if not is_null_schema(b)), branches[0])
    if isinstance(prop, str) and isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
        return branch, branch["$ref"].rsplit("/", 1)[-1]
    return branch, None


def inverted_mapping(mapping: Any) -> dict[str, str]:
    """``{subschema ref: first mapping key naming it}``."""
    inverted: dict[str, str] = {}
    for key, value in (mapping if isinstance(mapping, dict) else {}).items():
        inverted.setdefault(_mapping_ref(value, []), str(key))
    return inverted


def _mapping_ref(value: Any, branch_refs: list) -> str:
    """A discriminator mapping value is a reference or a bare schema name."""
    value = str(value)
    if "/" in value or value.startswith("#"):
        return value
    for ref in branch_refs:
        if isinstance(ref, str) and ref.rsplit("/", 1)[-1] == value:
            return ref
    return "#/components/schemas/" + value
