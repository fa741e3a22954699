"""The case files of the request rules (``tests/cases/requests/*.json``): inputs and the outputs both sides must
give. ``tests/test_request_cases.py`` runs them against Python, ``tests/browser/test_request_cases.py`` against
``assets/request.js`` in Chromium: one set of cases instead of comparing the two sides live.

A case file is JSON: ``cases``, each with its input and ``expected`` (the shapes are the browser's: a request's
``mediaType``, a header as ``[name, value]``). To add a case, write its input and the output you expect; a wrong
expectation fails on both sides and the message shows what was made instead."""

from __future__ import annotations

import json
from typing import Any

import case_files

from orgdocs.model import from_document
from orgdocs.model._objects import Operation
from orgdocs.project._requests import RequestParts


def load(name: str) -> dict[str, Any]:
    """The case file ``name`` of ``tests/cases/requests``."""
    return case_files.load("requests", name)


def cases(name: str) -> list[dict[str, Any]]:
    return load(name)["cases"]


def case_id(case: dict[str, Any]) -> str:
    return str(case.get("name") or case.get("url") or case.get("language") or "")


def model_operation(operation: dict[str, Any]) -> Operation:
    """A case's operation (``method``, ``path`` and the OpenAPI operation's own keys) in the model."""
    own = {key: value for key, value in operation.items() if key not in ("method", "path")}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "cases", "version": "1"},
        "paths": {
            operation["path"]: {operation["method"]: {**own, "responses": {"200": {"description": "ok"}}}}
        },
    }
    return from_document(document).operations[0]


def payload_operation(operation: dict[str, Any]) -> dict[str, Any]:
    """A case's operation as the page's payload gives it to the browser."""
    from orgdocs.project._payload_dicts import operation_dict

    return json.loads(json.dumps(operation_dict(model_operation(operation), [])))


def parts_of(request: dict[str, Any]) -> RequestParts:
    """A request of a case file (the browser's shape) as ``RequestParts``."""
    return RequestParts(
        request["method"],
        request["url"],
        headers=[tuple(header) for header in request["headers"]],
        body=request.get("body"),
        media_type=request.get("mediaType"),
        note=request.get("note", ""),
        variables=list(request.get("variables", [])),
    )


def request_dict(parts: RequestParts) -> dict[str, Any]:
    """``RequestParts`` in the browser's shape, as the case files write a request."""
    return {
        "method": parts.method,
        "url": parts.url,
        "headers": [list(header) for header in parts.headers],
        "body": parts.body,
        "mediaType": parts.media_type,
        "note": parts.note,
        "variables": parts.variables,
    }
