"""The case files of ``tests/cases/inputs`` against ``orgdocs.project._inputs`` (``tests/browser/
test_input_cases.py`` runs the same against ``form-state.js``), and the kind of input a parameter asks for."""

from __future__ import annotations

import pytest
from input_cases import case_id, cases, input_kind_of

from orgdocs.model import from_document
from orgdocs.project._inputs import InputKind, input_kind, input_text, read_input


@pytest.mark.parametrize("case", cases("read_input"), ids=case_id)
def test_read_input(case):
    value, problem = read_input(input_kind_of(case["input"]), case["held"])
    assert {"value": value, "problem": problem} == case["expected"]


@pytest.mark.parametrize("case", cases("input_text"), ids=case_id)
def test_input_text(case):
    kind = input_kind_of(case["input"])
    text = input_text(kind, case["value"])
    assert text == case["expected"]
    assert read_input(kind, text) == (case["readBack"], "")


def _parameters(*parameters: dict) -> dict:
    document = {
        "openapi": "3.1.0",
        "info": {"title": "inputs", "version": "1"},
        "paths": {
            "/x/{id}": {"get": {"parameters": list(parameters), "responses": {"200": {"description": "ok"}}}}
        },
        "components": {
            "schemas": {
                "Id": {"type": "integer"},
                "Ids": {"type": "array", "items": {"$ref": "#/components/schemas/Id"}},
            }
        },
    }
    description = from_document(document)
    operation = description.operations[0]
    return {p.name: input_kind(p, description.resolve) for p in operation.parameters}


def test_input_kind_from_the_schema():
    kinds = _parameters(
        {"name": "id", "in": "path", "required": True, "schema": {"$ref": "#/components/schemas/Id"}},
        {"name": "ids", "in": "query", "schema": {"$ref": "#/components/schemas/Ids"}},
        {"name": "size", "in": "query", "schema": {"type": ["number", "null"]}},
        {"name": "status", "in": "query", "schema": {"type": "integer", "enum": [1, 2, None]}},
        {"name": "only-null", "in": "query", "schema": {"enum": [None]}},
        {"name": "all", "in": "query", "schema": {"allOf": [{"$ref": "#/components/schemas/Id"}]}},
        {"name": "flag", "in": "query", "schema": {"type": "boolean", "default": True}},
        {"name": "filter", "in": "query", "schema": {"properties": {"a": {"type": "string"}}}},
        {"name": "sel", "in": "query", "content": {"application/json": {"schema": {"type": "object"}}}},
        {"name": "q", "in": "query"},
    )
    assert kinds == {
        "id": InputKind("integer", required=True),  # a path parameter is required
        "ids": InputKind("array", "integer"),
        "size": InputKind("number"),
        "status": InputKind("enum", "integer", (1, 2)),
        "only-null": InputKind("string"),
        "all": InputKind("integer"),
        "flag": InputKind("boolean", default=True),
        "filter": InputKind("object"),
        "sel": InputKind("content"),
        "q": InputKind("string"),
    }
