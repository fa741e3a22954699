"""pandas tables of an API: endpoints, parameters, responses and component schemas.

Each function takes a ``Description``, a ``Site``, a docs config (a ``Config``, a mapping, or a path named
``*config.yaml|yml|json``) or a description source (a path or an http(s) URL), and returns a ``Table``: a
plain ``pandas.DataFrame`` whose notebook HTML repr colors the ``method`` column like the site's method
badges. ``to_csv``, ``to_dict`` and every other export stay plain; ``style_methods(df)`` gives the same
``Styler`` for any DataFrame with a ``method`` column.

Granularity, one row per:

- ``endpoints``: operation (webhooks included, ``webhook`` True), in the site's navigation order (tag
  sections in the description's order, then untagged operations, then webhooks);
- ``parameters``: parameter of an operation (path-level ones merged in, as the model has them);
- ``responses``: declared status of an operation; its media types are joined in ``media_types`` (one
  string, ``", "`` between them) so that ``n_responses`` of ``endpoints`` counts the same rows;
- ``schemas``: component schema (``#/components/schemas/*``, or ``#/definitions/*`` in Swagger 2.0).

Lists (tags, media types, status codes, header names) are strings joined by ``", "``, so a CSV export reads
as it shows. Routes are the site's: ``/api/<tag>/<operation>`` for a lone description (the group ``API`` of
``Site.from_description``), the config's groups for a site.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from orgdocs.loading import is_local, iter_refs
from orgdocs.model import Description, Operation, load
from orgdocs.render._colors import METHOD_COLORS

if TYPE_CHECKING:
    from pandas.io.formats.style import Styler

    from orgdocs.project import Site

__all__ = [
    "METHOD_COLORS",
    "Table",
    "endpoints",
    "parameters",
    "responses",
    "schemas",
    "style_methods",
    "type_summary",
]


DEFAULT_GROUP = "API"  # the group label of Site.from_description


class Table(pd.DataFrame):
    """A DataFrame whose notebook HTML repr colors the ``method`` column (and keeps one line per row).
    Everything else is pandas."""

    @property
    def _constructor(self) -> type[Table]:
        return Table

    # columns left out of the notebook view (still in the frame, its CSV and every export): long and
    # the same on every row
    hidden_columns: tuple[str, ...] = ("source",)

    def _repr_html_(self) -> str | None:
        if "method" not in self.columns or self.empty:
            # pandas' own table (lighter than a Styler's), one line per row as the Styler's, and the class an
            # export's rules draw it by (its sanitizer drops the <style>)
            html = super()._repr_html_()
            if not html:
                return html
            one_line = f"<style>table.{TABLE_CLASS} :is(th, td) {{ white-space: nowrap; }}</style>"
            return one_line + html.replace('class="dataframe"', f'class="dataframe {TABLE_CLASS}"', 1)
        return compact_html(self, hidden=self.hidden_columns)


ELLIPSIS = "\u2026"
# what a page without the table's <style> (an export through the site's sanitizer, which keeps classes and
# drops styles; an untrusted notebook) still draws: the site's method badges, and the export's table rules
# (nbconvert page.css: one line per row)
TABLE_CLASS = "orgdocs-table"


def compact_html(df: pd.DataFrame, *, hidden: Iterable[str] = ()) -> str:
    """``df`` as a notebook shows it: pandas' head and tail around a row of "…" when it is longer than
    ``display.max_rows``, the row and column count in the caption, ``hidden`` columns left out (and named),
    one line per row (texts longer than ``display.max_colwidth`` cut, as pandas does)."""
    rows = len(df)
    left_out = [column for column in hidden if column in df.columns]
    shown = pd.DataFrame(df).drop(columns=left_out)
    max_rows = pd.get_option("display.max_rows")
    cut = max_rows is not None and rows > max_rows
    if cut:
        half = max(1, (pd.get_option("display.min_rows") or 10) // 2)
        gap = pd.DataFrame([[ELLIPSIS] * len(shown.columns)], columns=shown.columns, index=[ELLIPSIS])
        shown = pd.concat([shown.head(half).astype(object), gap, shown.tail(half).astype(object)])
    width = pd.get_option("display.max_colwidth")
    if width:  # as pandas' own repr: long texts cut, so that a row stays one line
        shown = shown.map(lambda v: v[: width - 1] + ELLIPSIS if isinstance(v, str) and len(v) > width else v)
    caption = f"{rows:,} rows × {len(df.columns)} columns"  # noqa: RUF001 (as pandas writes it)
    if left_out:
        caption += f" ({', '.join(left_out)} not shown: df[{left_out[0]!r}])"
    styler = style_methods(shown).set_table_attributes(f'class="{TABLE_CLASS}"')
    styler = styler.set_table_styles(
        [
            {"selector": "td, th", "props": "white-space: nowrap"},
            {"selector": "caption", "props": "caption-side: bottom; text-align: left"},
        ],
        overwrite=False,
    )
    if cut or left_out:
        styler = styler.set_caption(caption)
    return styler.to_html()


def _method_css(value: Any) -> str:
    color = METHOD_COLORS.get(str(value).upper())
    if not color:
        return ""
    return (
        f"background-color: {color}; color: #ffffff; font-weight: 600; "
        "font-family: ui-monospace, SFMono-Regular, Menlo, monospace; text-align: center"
    )


def _method_badge(value: Any) -> str:
    """The site's badge of a method (``<span class="method method-get">``), escaped before it comes here;
    any other value as it is."""
    method = str(value)
    if method.upper() not in METHOD_COLORS:
        return method
    return f'<span class="method method-{method.lower()}">{method}</span>'


def style_methods(df: pd.DataFrame) -> Styler:
    """A ``Styler`` with the ``method`` column drawn as colored badges and deprecated rows struck through."""
    # escape="html": titles, paths and tags come from a description and must never become markup
    from pandas.io.formats.style import Styler

    # cell_ids=False: an id only on the cells a rule styles (the method column), not on every cell
    styler = Styler(pd.DataFrame(df), cell_ids=False).format(escape="html")
    if "method" in df.columns:
        styler = styler.map(_method_css, subset=["method"])
        styler = styler.format(_method_badge, subset=["method"], escape="html")
    if "deprecated" in df.columns and "path" in df.columns:
        struck = "text-decoration: line-through; opacity: 0.7"
        styler = styler.apply(
            lambda column: [struck if flag is True else "" for flag in df["deprecated"]], subset=["path"]
        )
    return styler


# -- inputs ---------------------------------------------------------------------------------------------


@dataclass
class _Entry:
    route: str
    group: str
    operation: Operation
    description: Description


def _looks_like_config(source: str | Path) -> bool:
    name = Path(str(source)).name.lower()
    return name.endswith(("config.yaml", "config.yml", "config.json"))


def _coerce(x: Any) -> Description | Site:
    from orgdocs.project import Config, Site

    if isinstance(x, (Description, Site)):
        return x
    if isinstance(x, (Config, Mapping)) or x is None:
        return Site(x)
    if isinstance(x, (str, Path)):
        if _looks_like_config(x) and not str(x).startswith(("http://", "https://")):
            return Site(x)
        return load(x)
    raise TypeError(
        f"expected a Description, a Site, a docs config or a source path/URL, not {type(x).__name__}"
    )


def _entries(x: Any) -> list[_Entry]:
    """Operations in navigation order, with the route and group the site gives them."""
    from orgdocs.project import Site

    target = _coerce(x)
    site = target if isinstance(target, Site) else Site.from_description(target, group=DEFAULT_GROUP)
    return [_Entry(r, e.group, e.operation, e.description) for r, e in site.operations.items()]


def _descriptions(x: Any) -> list[tuple[str, Description]]:
    """(group label, description) for every description of ``x``."""
    from orgdocs.project import Site

    target = _coerce(x)
    if not isinstance(target, Site):
        return [(DEFAULT_GROUP, target)]
    groups = {id(entry.description): entry.group for entry in target.operations.values()}
    return [(groups.get(id(d), DEFAULT_GROUP), d) for d in target.descriptions]


# -- schema summaries -----------------------------------------------------------------------------------


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


# -- examples and unresolved references ----------------------------------------------------------------


def _media_examples(description: Description, media: Iterable[Any]) -> int:
    count = 0
    for item in media:
        if item.has_example:
            count += 1
        count += len(item.examples)
        schema = _deref(description, item.schema)
        if not item.has_example and not item.examples and isinstance(schema, dict) and "example" in schema:
            count += 1
    return count


def _operation_examples(description: Description, operation: Operation) -> int:
    """Examples the description itself gives for an operation (parameters, request and responses)."""
    count = 0
    for parameter in operation.parameters:
        count += (
            int(parameter.has_example)
            + len(parameter.examples)
            + _media_examples(description, parameter.content)
        )
    if operation.request_body is not None:
        count += _media_examples(description, operation.request_body.content)
    for response in operation.responses:
        count += _media_examples(description, response.content)
    return count


class _Unresolved:
    """Unresolved references reachable from an operation, with reference edges cached per description."""

    def __init__(self) -> None:
        self._reach: dict[int, Any] = {}
        self._kept: dict[int, set[str]] = {}

    def refs(self, description: Description, operation: Operation) -> list[str]:
        key = id(description)
        if key not in self._kept:
            self._kept[key] = {u.ref for u in description.unresolved}
        if not self._kept[key]:
            return []  # the common case costs one walk of the document, done once
        if key not in self._reach:
            from orgdocs.project import ReachIndex, operation_dict

            self._reach[key] = (ReachIndex(description), operation_dict)
        reach, operation_dict = self._reach[key]
        roots = [*iter_refs(operation.raw), *iter_refs(operation_dict(operation, []))]
        reached, unresolved = reach.closure(list(dict.fromkeys(roots)))
        # a reference in a cycle resolves, but Description.unresolved keeps it as it is: count it too
        kept = self._kept[key]
        return unresolved + [ref for ref in reached if ref in kept]


# -- the tables -----------------------------------------------------------------------------------------


def _security(description: Description, operation: Operation) -> str:
    return _joined(name for requirement in description.security_for(operation) for name in requirement)


def _operation_columns(entry: _Entry) -> dict[str, Any]:
    operation = entry.operation
    return {
        "group": entry.group,
        "tag": operation.first_tag or "",
        "method": operation.method.upper(),
        "path": operation.path,
        "operationId": operation.operation_id,
        "route": entry.route,
    }


ENDPOINT_COLUMNS = [
    "group", "tag", "tags", "method", "path", "operationId", "title", "route", "deprecated", "webhook",
    "n_parameters", "n_required_parameters", "has_request_body", "request_body_required",
    "request_media_types", "n_responses", "status_codes", "response_media_types", "security",
    "n_examples", "n_unresolved", "source",
]  # fmt: skip


def endpoints(x: Any) -> Table:
    """One row per operation: where it lives, what it takes and what it returns."""
    unresolved = _Unresolved()
    rows = []
    for entry in _entries(x):
        operation, description = entry.operation, entry.description
        body = operation.request_body
        base = _operation_columns(entry)
        rows.append(
            {
                **base,
                "tags": _joined(operation.tags),
                "title": operation.title,
                "deprecated": operation.deprecated,
                "webhook": operation.webhook,
                "n_parameters": len(operation.parameters),
                "n_required_parameters": sum(p.required for p in operation.parameters),
                "has_request_body": body is not None,
                "request_body_required": bool(body and body.required),
                "request_media_types": _joined(m.media_type for m in body.content) if body else "",
                "n_responses": len(operation.responses),
                "status_codes": _joined(r.status for r in operation.responses),
                "response_media_types": _joined(m.media_type for r in operation.responses for m in r.content),
                "security": _security(description, operation),
                "n_examples": _operation_examples(description, operation),
                "n_unresolved": len(unresolved.refs(description, operation)),
                "source": description.source,
            }
        )
    return Table(rows, columns=ENDPOINT_COLUMNS)


PARAMETER_COLUMNS = [
    "group", "tag", "method", "path", "operationId", "route", "name", "location", "required", "deprecated",
    "type", "format", "enum", "default", "style", "has_example", "description", "pointer",
]  # fmt: skip


def parameters(x: Any) -> Table:
    """One row per parameter of each operation (path-level parameters included)."""
    rows = []
    for entry in _entries(x):
        description = entry.description
        base = _operation_columns(entry)
        for parameter in entry.operation.parameters:
            schema = parameter.schema
            if schema is None and parameter.content:
                schema = parameter.content[0].schema
            target = _deref(description, schema)
            target = target if isinstance(target, dict) else {}
            enum = target.get("enum")
            rows.append(
                {
                    **base,
                    "name": parameter.name,
                    "location": parameter.location,
                    "required": parameter.required,
                    "deprecated": parameter.deprecated,
                    "type": type_summary(schema, description.resolve),
                    "format": target.get("format", "") if isinstance(target.get("format"), str) else "",
                    "enum": _joined(enum) if isinstance(enum, list) else "",
                    "default": _cell(target.get("default")),
                    "style": parameter.style or "",
                    "has_example": bool(parameter.has_example or parameter.examples or "example" in target),
                    "description": parameter.description,
                    "pointer": parameter.pointer,
                }
            )
    return Table(rows, columns=PARAMETER_COLUMNS)


RESPONSE_COLUMNS = [
    "group", "tag", "method", "path", "operationId", "route", "status", "status_class", "description",
    "media_types", "schema", "n_headers", "headers", "has_example", "pointer",
]  # fmt: skip


def _status_class(status: str) -> str:
    if status[:1].isdigit():
        return f"{status[0]}xx"
    return status.lower()


def responses(x: Any) -> Table:
    """One row per declared response status of each operation; media types joined in one cell."""
    rows = []
    for entry in _entries(x):
        description = entry.description
        base = _operation_columns(entry)
        for response in entry.operation.responses:
            first = response.content[0].schema if response.content else None
            rows.append(
                {
                    **base,
                    "status": response.status,
                    "status_class": _status_class(response.status),
                    "description": response.description,
                    "media_types": _joined(m.media_type for m in response.content),
                    "schema": type_summary(first),
                    "n_headers": len(response.headers),
                    "headers": _joined(response.headers),
                    "has_example": _media_examples(description, response.content) > 0,
                    "pointer": response.pointer,
                }
            )
    return Table(rows, columns=RESPONSE_COLUMNS)


SCHEMA_COLUMNS = [
    "group", "name", "pointer", "type", "title", "n_properties", "n_required", "required", "referenced_by",
    "deprecated", "description", "source",
]  # fmt: skip


def _schema_base(description: Description) -> str:
    return "#/definitions/" if description.format == "swagger" else "#/components/schemas/"


def _first_line(text: Any) -> str:
    if not isinstance(text, str):
        return ""
    for line in text.strip().splitlines():
        if line.strip():
            return line.strip()
    return ""


def _schema_rows(group: str, description: Description) -> Iterator[dict[str, Any]]:
    from orgdocs.loading import escape_token

    components = description.components.get("schemas") or {}
    if not components:
        return
    counts = Counter(iter_refs(description.document))
    base = _schema_base(description)
    for name, schema in components.items():
        pointer = base + escape_token(str(name))
        raw = schema if isinstance(schema, dict) else {}
        target = _deref(description, raw)
        target = target if isinstance(target, dict) else {}
        properties = target.get("properties")
        required = target.get("required")
        required = [str(r) for r in required] if isinstance(required, list) else []
        yield {
            "group": group,
            "name": str(name),
            "pointer": pointer,
            "type": type_summary(raw, description.resolve),
            "title": target.get("title", "") if isinstance(target.get("title"), str) else "",
            "n_properties": len(properties) if isinstance(properties, dict) else 0,
            "n_required": len(required),
            "required": ", ".join(required),
            "referenced_by": counts.get(pointer, 0),
            "deprecated": target.get("deprecated") is True,
            "description": _first_line(target.get("description")),
            "source": description.source,
        }


def schemas(x: Any) -> Table:
    """One row per component schema; ``referenced_by`` counts the ``$ref`` to it in the whole document."""
    rows = [row for group, description in _descriptions(x) for row in _schema_rows(group, description)]
    return Table(rows, columns=SCHEMA_COLUMNS)
