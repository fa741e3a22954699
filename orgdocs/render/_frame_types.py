"""Column dtypes for ``orgdocs.frame`` from the JSON schema of the answer, without HTTP.

``response_schema(operation, status, content_type)`` is the schema an operation declares for one answer: the
response of that status code, else its range (``2XX``), else ``default``; of its JSON media type (Swagger 2.0:
the response's ``schema``). ``records_schema`` walks it to the records (the items of the array they came
from). ``column_kinds`` gives each flattened column (``page.next_cursor``) a kind from the property it comes
from, following ``$ref``, merging ``allOf``, and reading ``nullable`` (3.0), type lists such as
``["string", "null"]`` (3.1) and a ``oneOf``/``anyOf`` with one alternative besides ``null``:

    ==========================  ==========================================================
    kind                        column
    ==========================  ==========================================================
    ``datetime`` (date-time)    ``datetime64[..., UTC]``; a string that is no date-time: NaT
    ``date`` (format: date)     ``datetime64`` (naive); a string that is no date: NaT
    ``integer``                 ``Int64`` (nullable)
    ``number``                  ``float64``
    ``boolean``                 ``boolean`` (nullable)
    ``string``                  ``string`` (pandas' nullable text dtype)
    ``array``                   ``object``: the JSON lists as they are
    ==========================  ==========================================================

``typed_column(values, kind)`` converts one column's JSON values, or gives ``None`` when a value does not
fit the kind (a number in a date-time column, 1.5 in an integer one): the column is then left as it was.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

    from orgdocs.model import Operation

__all__ = ["column_kinds", "kind_of", "records_schema", "response_schema", "typed_column"]

Deref = Callable[[Any], Any]

_MAX_DEPTH = 16  # allOf inside allOf, oneOf inside allOf ...: real descriptions nest a few levels


def _same(node: Any) -> Any:
    return node


def _is_null(schema: Any) -> bool:
    kind = schema.get("type") if isinstance(schema, dict) else None
    return kind == "null" or kind == ["null"]


def merged(schema: Any, deref: Deref = _same, _within: tuple[int, ...] = ()) -> dict:
    """``schema`` with its ``$ref`` followed, its ``allOf`` parts merged in (properties joined; ``type``,
    ``format``, ``items`` taken from the first that has them), and a ``oneOf``/``anyOf`` of one alternative
    besides ``{"type": "null"}`` taken as that alternative. ``{}`` for anything that is not a schema."""
    schema = deref(schema)
    if not isinstance(schema, dict) or id(schema) in _within or len(_within) > _MAX_DEPTH:
        return {}  # not a schema, or one that contains itself (allOf: [$ref to itself])
    parts = [p for p in schema.get("allOf") or () if not _is_null(deref(p))]
    for key in ("oneOf", "anyOf"):
        alternatives = [a for a in schema.get(key) or () if not _is_null(deref(a))]
        if len(alternatives) == 1:
            parts.append(alternatives[0])
    if not parts:
        return schema
    out = {k: v for k, v in schema.items() if k not in ("allOf", "oneOf", "anyOf")}
    properties = dict(out.get("properties") or {}) if isinstance(out.get("properties"), dict) else {}
    for part in parts:
        inner = merged(part, deref, (*_within, id(schema)))
        for name, value in (inner.get("properties") or {}).items():
            properties.setdefault(name, value)
        for key in ("type", "format", "items", "additionalProperties"):
            if key not in out and key in inner:
                out[key] = inner[key]
    if properties:
        out["properties"] = properties
    return out


def _types(schema: dict) -> set[str]:
    declared = schema.get("type")
    if isinstance(declared, str):
        types = {declared}
    elif isinstance(declared, list):
        types = {t for t in declared if isinstance(t, str)}
    else:  # no type: what the other keywords imply
        if isinstance(schema.get("properties"), dict):
            return {"object"}
        if "items" in schema:
            return {"array"}
        return {"string"} if schema.get("format") in ("date-time", "date") else set()
    return types - {"null"}


def kind_of(schema: Any, deref: Deref = _same) -> str | None:
    """The column kind of one property's schema (see the module docstring), ``None`` when it has none:
    no type, or several (``["string", "integer"]``)."""
    schema = merged(schema, deref)
    types = _types(schema)
    if types == {"string"}:
        return {"date-time": "datetime", "date": "date"}.get(schema.get("format"), "string")
    if types == {"integer"}:
        return "integer"
    if types and types <= {"integer", "number"}:
        return "number"
    if len(types) == 1 and types & {"boolean", "array", "object"}:
        return next(iter(types))
    return None


def _property(schema: dict, column: str, deref: Deref) -> Any:
    """The schema of the flattened ``column`` inside the object ``schema``, or ``None``. A property name
    may itself hold dots (``@odata.type``): the longest name that matches is taken first."""
    node, rest = schema, column
    while True:
        properties = node.get("properties")
        properties = properties if isinstance(properties, dict) else {}
        if rest in properties:
            return properties[rest]
        heads = [i for i, char in enumerate(rest) if char == "."]
        for i in reversed(heads):
            if rest[:i] in properties:
                node, rest = merged(properties[rest[:i]], deref), rest[i + 1 :]
                break
        else:  # a map (``additionalProperties: {schema}``): its keys are the next part
            extra = node.get("additionalProperties")
            if not isinstance(extra, dict) or not extra:
                return None
            if not heads:
                return extra
            node, rest = merged(extra, deref), rest[heads[0] + 1 :]


def column_kinds(schema: Any, columns: Iterable[str], deref: Deref = _same) -> dict[str, str]:
    """``{column: kind}`` for the flattened ``columns`` (``owner.login``) of records of the object
    ``schema``; columns it does not describe are left out. ``deref`` follows a ``$ref``
    (``Description.deref``); the default leaves them, so only a self-contained schema is fully read."""
    record = merged(schema, deref)
    kinds = {}
    for column in columns:
        found = _property(record, str(column), deref)
        kind = kind_of(found, deref) if found is not None else None
        if kind is not None:
            kinds[column] = kind
    return kinds


def records_schema(schema: Any, path: Iterable[str], listed: bool, deref: Deref = _same) -> Any:
    """The schema of the records of an answer of ``schema``: down the properties of ``path`` (where
    ``frame`` found them, ``("data",)``), then the ``items`` when they are the elements of that array."""
    node = schema
    for name in path:
        properties = merged(node, deref).get("properties")
        node = properties.get(name) if isinstance(properties, dict) else None
        if node is None:
            return None
    if listed:
        node = merged(node, deref).get("items")
    return node


def _essence(media_type: str) -> str:
    return media_type.split(";")[0].strip().lower()


def _is_json(media_type: str) -> bool:
    return _essence(media_type).endswith(("/json", "+json"))


def response_schema(operation: Operation, status: int | str | None = None, content_type: str | None = None):
    """The schema ``operation`` declares for an answer of ``status`` (its code, else its ``2XX`` range, else
    ``default``; without a status: its first success response) in JSON: the media type of the answer's
    ``content_type`` if declared, else the first JSON one (``application/json``, ``*+json``), else a
    wildcard (``*/*``). Swagger 2.0: the response's ``schema``. ``None`` when none is declared."""
    responses = {str(r.status).upper(): r for r in operation.responses}
    if status is not None:
        code = str(status)
        order = [code, f"{code[:1]}XX", "DEFAULT"]
    else:
        order = [*sorted(s for s in responses if s.isdigit() and s.startswith("2")), "2XX", "DEFAULT"]
    response = next((responses[s] for s in order if s in responses), None)
    if response is None:
        return None
    media = [m for m in response.content if m.schema is not None]
    description = operation.api_description
    if description is not None and description.format == "swagger":
        return media[0].schema if media else None  # one schema for every type it produces
    answer = _essence(content_type) if content_type and _is_json(content_type) else None
    ranked = [
        *(m for m in media if _essence(m.media_type) == answer),
        *(m for m in media if _is_json(m.media_type)),
        *(m for m in media if _essence(m.media_type) in ("*/*", "application/*")),
    ]
    return ranked[0].schema if ranked else None


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


_EXACT_FLOAT = 2**53  # integers beyond it do not survive float64


def typed_column(values: list[Any], kind: str, index: Any = None) -> pd.Series | None:
    """The JSON ``values`` of one column (``None`` where a record lacks it) as a Series of ``kind``;
    ``None`` when a value does not fit it, or for ``object`` (flattened into columns of its own)."""
    import pandas as pd

    present = [v for v in values if not _missing(v)]
    values = [None if _missing(v) else v for v in values]
    try:
        if kind in ("datetime", "date", "string"):
            if not all(isinstance(v, str) for v in present):
                return None
            if kind == "string":
                return pd.Series(pd.array(values, dtype="string"), index=index)
            raw = pd.Series(values, dtype=object, index=index)
            if kind == "date":
                series = pd.to_datetime(raw, format="%Y-%m-%d", errors="coerce")
            else:
                series = pd.to_datetime(raw, utc=True, format="ISO8601", errors="coerce")
            if series.dt.unit in ("s", "ms"):  # pandas picks the unit from the values: one for every column
                series = series.dt.as_unit("us")
            return series
        if kind == "integer":
            if not all(_is_integral(v) for v in present):
                return None
            ints = [None if v is None else int(v) for v in values]
            return pd.Series(pd.array(ints, dtype="Int64"), index=index)
        if kind == "number":
            numbers = (isinstance(v, (int, float)) and not isinstance(v, bool) for v in present)
            if not all(numbers) or any(isinstance(v, int) and abs(v) > _EXACT_FLOAT for v in present):
                return None
            return pd.Series(
                [math.nan if v is None else float(v) for v in values], dtype="float64", index=index
            )
        if kind == "boolean":
            if not all(isinstance(v, bool) for v in present):
                return None
            return pd.Series(pd.array(values, dtype="boolean"), index=index)
        if kind == "array":
            if not all(isinstance(v, list) for v in present):
                return None
            return pd.Series(values, dtype=object, index=index)
    except (OverflowError, TypeError, ValueError):  # beyond Int64, a date pandas cannot hold ...
        return None
    return None


def _is_integral(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
