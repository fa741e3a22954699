"""Answers checked against their description: status, media type, headers, body against the schema."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

import orgdocs
from orgdocs.model import from_document
from orgdocs.project._conformance import check_response, value_problems


def _api(version: str = "3.0.3", **components):
    pet = {
        "type": "object",
        "required": ["id", "name", "secret"],
        "properties": {
            "id": {"type": "integer", "readOnly": True},
            "name": {"type": "string"},
            "tag": {"type": "string", "nullable": True}
            if version.startswith("3.0")
            else {"type": ["string", "null"]},
            "born": {"type": "string", "format": "date-time"},
            "secret": {"type": "string", "writeOnly": True},
            "code": {"type": "string", "pattern": "^[A-Z]{2}$"},
        },
    }
    document = {
        "openapi": version,
        "info": {"title": "pets", "version": "1"},
        "paths": {
            "/pets/{id}": {
                "get": {
                    "operationId": "getPet",
                    "responses": {
                        "200": {
                            "description": "ok",
                            "headers": {"X-Rate": {"required": True, "schema": {"type": "integer"}}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}},
                        },
                        "4XX": {
                            "description": "error",
                            "content": {"application/problem+json": {"schema": {}}},
                        },
                        "204": {"description": "nothing"},
                    },
                }
            }
        },
        "components": {"schemas": {"Pet": pet, **components}},
    }
    return from_document(document, "pets.json")


def _check(api, status, body, headers=None, content_type="application/json"):
    operation = api.operation("getPet")
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    sent = {"Content-Type": content_type, "X-Rate": "5", **(headers or {})}
    return check_response(operation, api, status, sent, content)


def test_an_answer_that_fits_matches():
    check = _check(_api(), 200, {"id": 1, "name": "Rex", "tag": None})
    assert check.ok and check.summary() == "matches the description"


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_each_difference_names_its_pointer(version):
    check = _check(_api(version), 200, {"id": "1", "tag": 5, "code": "abc"})
    found = {d.pointer: d for d in check.differences}
    assert set(found) == {"/id", "/name", "/tag", "/code"}
    assert found["/id"].expected == "type integer" and found["/id"].actual == '"1"'
    assert found["/name"].expected == "this property (required)" and found["/name"].actual == "missing"
    assert "null" in found["/tag"].expected  # nullable (3.0) and a type list (3.1) alike
    assert "/secret" not in found  # writeOnly: never in a response, so not required there


def test_status_media_type_and_headers():
    api = _api()
    undeclared = _check(api, 500, {})
    assert [(d.pointer, d.actual) for d in undeclared.differences] == [("status", "500")]
    assert _check(api, 404, {"title": "x"}, content_type="application/problem+json").ok  # by its range
    wrong_media = _check(api, 200, b"<pet/>", content_type="application/xml")
    assert wrong_media.differences[0].pointer == "media type"
    no_header = check_response(
        api.operation("getPet"), api, 200, {"Content-Type": "application/json"}, b'{"id": 1, "name": "a"}'
    )
    assert [d.pointer for d in no_header.differences] == ["headers/X-Rate"]
    assert _check(api, 204, b"").ok
    not_json = _check(api, 200, b"{oops")
    assert not_json.differences[0].expected == "a JSON body"


def test_a_request_does_not_need_read_only_properties_but_needs_write_only_ones():
    api = _api()
    schema = {"$ref": "#/components/schemas/Pet"}
    found, _ = value_problems(schema, {"name": "Rex"}, api, direction="request")
    assert [d.pointer for d in found] == ["/secret"]  # id is readOnly: the server sets it


def test_a_discriminator_checks_the_branch_it_names():
    cat = {"type": "object", "required": ["kind", "claws"], "properties": {"kind": {"type": "string"}}}
    dog = {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}}
    api = _api(Cat=cat, Dog=dog)
    schema = {
        "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}],
        "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat"}},
    }
    # without the discriminator a dog-like cat would match Dog; with it, Cat's rules apply
    found, _ = value_problems(schema, {"kind": "cat"}, api, direction="response")
    assert [d.pointer for d in found] == ["/claws"]
    assert value_problems(schema, {"kind": "Dog"}, api, direction="response")[0] == []  # by component name


@pytest.mark.parametrize("first", ["the whole schema", "the pointer into it"])
def test_a_reference_into_another_schema_reads_it_whichever_is_checked_first(first):
    # a check converts only what its schema reaches: what a later check reaches joins it, at its own pointer
    api = _api(Name={"$ref": "#/components/schemas/Pet/properties/name"})
    into = {"$ref": "#/components/schemas/Name"}
    whole = {"$ref": "#/components/schemas/Pet"}
    checks = [(whole, {"id": 1, "name": 7}), (into, 7)]
    for schema, value in checks if first == "the whole schema" else checks[::-1]:
        found, _ = value_problems(schema, value, api, direction="response")
        assert [(d.pointer, d.expected) for d in found] == [
            ("/name" if schema is whole else "", "type string")
        ]
    assert value_problems(into, "Rex", api, direction="response")[0] == []


def test_a_recursive_schema_is_checked_at_any_depth():
    node = {
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": {"type": "string"},
            "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
        },
    }
    api = _api(Node=node)
    tree = {"name": "a", "children": [{"name": "b", "children": [{"children": []}]}]}
    found, _ = value_problems({"$ref": "#/components/schemas/Node"}, tree, api, direction="response")
    assert [d.pointer for d in found] == ["/children/0/children/0/name"]


def test_unresolved_references_are_not_checked_and_said():
    api = _api(Owner={"$ref": "./people.yaml#/Person"})
    found, notes = value_problems({"$ref": "#/components/schemas/Owner"}, 42, api, direction="response")
    assert found == [] and notes == ["not checked: ./people.yaml#/Person (unresolved reference)"]


def test_swagger_2_nullable_and_exclusive_bounds():
    document = {
        "swagger": "2.0",
        "info": {"title": "s", "version": "1"},
        "paths": {},
        "definitions": {
            "Count": {"type": "integer", "minimum": 0, "exclusiveMinimum": True, "x-nullable": True},
        },
    }
    api = from_document(document, "s.json")
    schema = {"$ref": "#/definitions/Count"}
    assert value_problems(schema, None, api, direction="response")[0] == []
    assert value_problems(schema, 1, api, direction="response")[0] == []
    assert value_problems(schema, 0, api, direction="response")[0][0].expected.startswith("exclusiveMinimum")


def test_check_response_as_a_frame():
    api = _api()
    request = httpx.Request("GET", "https://pets.test/pets/1")
    good = httpx.Response(200, json={"id": 1, "name": "Rex"}, headers={"X-Rate": "1"}, request=request)
    assert orgdocs.check_response(api.operation("getPet"), good).empty
    bad = httpx.Response(200, json={"id": 1}, headers={"X-Rate": "1"}, request=request)
    df = orgdocs.check_response(api.operation("getPet"), bad)
    assert df.to_dict("records") == [
        {"pointer": "/name", "expected": "this property (required)", "actual": "missing"}
    ]


CASES = json.loads((Path(__file__).resolve().parent / "data" / "conformance-cases.json").read_text("utf-8"))[
    "cases"
]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_shared_cases(case):
    """The cases the browser's check.js is held to as well (tests/browser/test_check.py)."""
    api = from_document(case["document"], "cases.json")
    found = check_response(
        api.operation(case["operationId"]), api, case["status"], dict(case["headers"]), case["text"].encode()
    )
    assert sorted(d.pointer for d in found.differences) == case["pointers"]
