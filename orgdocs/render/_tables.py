"""pandas tables of an API: endpoints, parameters, responses and component schemas.

Each function takes a ``Description``, a ``Site``, a docs config or a description source (``_table_sources``),
and returns a ``Table`` (``_styled_table``), whose cells ``_table_cells`` writes.

Granularity, one row per:

- ``endpoints``: operation (webhooks included, ``webhook`` True), in the site's navigation order (tag
  sections in the description's order, then untagged operations, then webhooks); its counts of examples
  and unresolved references are ``_table_counts``'s;
- ``parameters``: parameter of an operation (path-level ones merged in, as the model has them);
- ``responses``: declared status of an operation; its media types are joined in ``media_types`` (one
  string, ``", "`` between them) so that ``n_responses`` of ``endpoints`` counts the same rows;
- ``schemas``: component schema (``#/components/schemas/*``, or ``#/definitions/*`` in Swagger 2.0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pandas as pd

from orgdocs.loading import iter_refs
from orgdocs.model import Description, Operation
from orgdocs.project import first_sentence
from orgdocs.render._styled_table import Table
from orgdocs.render._table_cells import _cell, _deref, _joined, type_summary
from orgdocs.render._table_counts import _media_examples, _operation_examples, _Unresolved
from orgdocs.render._table_sources import _descriptions, _entries, _Entry

__all__ = ["endpoints", "parameters", "responses", "schemas"]


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
    table = Table(rows, columns=PARAMETER_COLUMNS)
    # as the description gives them (20, not 20.0 beside the rows without one), None where it gives none
    table["default"] = pd.Series([row["default"] for row in rows], index=table.index, dtype=object)
    return table


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
            "description": first_sentence(target.get("description") or ""),
            "source": description.source,
        }


def schemas(x: Any) -> Table:
    """One row per component schema; ``referenced_by`` counts the ``$ref`` to it in the whole document."""
    rows = [row for group, description in _descriptions(x) for row in _schema_rows(group, description)]
    return Table(rows, columns=SCHEMA_COLUMNS)
