"""Fixtures of the widget tests: a small description with every kind of input, and the reference server."""

from __future__ import annotations

import json

import httpx
import pytest

from orgdocs.model import from_document
from orgdocs.project import Site

PETS = {
    "openapi": "3.0.3",
    "info": {"title": "Pet shop", "version": "1"},
    "servers": [
        {"url": "https://api.pets.test/v1", "description": "production"},
        {
            "url": "https://{region}.pets.test/{base}",
            "variables": {"region": {"enum": ["eu", "us"], "default": "eu"}, "base": {"default": "v2"}},
        },
    ],
    "security": [{"bearer": []}],
    "tags": [{"name": "pets"}, {"name": "store"}],
    "paths": {
        "/pets": {
            "get": {
                "operationId": "listPets",
                "summary": "List pets",
                "tags": ["pets"],
                "parameters": [
                    {
                        "name": "limit",
                        "in": "query",
                        "schema": {"type": "integer", "maximum": 100},
                        "example": 20,
                    },
                    {
                        "name": "status",
                        "in": "query",
                        "schema": {"type": "string", "enum": ["available", "sold"]},
                    },
                    {"name": "verbose", "in": "query", "schema": {"type": "boolean"}},
                    {"name": "tags", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                    {"name": "X-Trace", "in": "header", "schema": {"type": "string"}},
                    {"name": "weight", "in": "query", "schema": {"type": "number"}},
                ],
                "responses": {"200": {"description": "ok"}},
            },
            "post": {
                "operationId": "createPet",
                "summary": "Create a pet",
                "tags": ["pets"],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}},
                },
                "responses": {"201": {"description": "created"}},
            },
        },
        "/pets/{petId}": {
            "parameters": [{"name": "petId", "in": "path", "required": True, "schema": {"type": "integer"}}],
            "get": {
                "operationId": "getPet",
                "summary": "Get a pet",
                "tags": ["pets"],
                "responses": {"200": {"description": "ok"}},
            },
            "delete": {
                "operationId": "deletePet",
                "summary": "Delete a pet",
                "tags": ["pets"],
                "deprecated": True,
                "responses": {"204": {"description": "gone"}},
            },
        },
        "/store/inventory": {
            "get": {
                "operationId": "getInventory",
                "summary": "Inventory",
                "tags": ["store"],
                "security": [],
                "responses": {"200": {"description": "ok"}},
            }
        },
        "/store/orders": {
            "post": {
                "operationId": "placeOrder",
                "summary": "Place an order",
                "tags": ["store"],
                "requestBody": {
                    "content": {
                        "application/x-www-form-urlencoded": {
                            "schema": {
                                "type": "object",
                                "properties": {"petId": {"type": "integer"}, "quantity": {"type": "integer"}},
                            }
                        },
                        "application/json": {
                            "schema": {"type": "object", "properties": {"petId": {"type": "integer"}}}
                        },
                    }
                },
                "responses": {"200": {"description": "ok"}},
            }
        },
    },
    "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        "schemas": {
            "Pet": {
                "type": "object",
                "required": ["name"],
                "properties": {
                    "id": {"type": "integer", "readOnly": True},
                    "name": {"type": "string", "example": "Rex"},
                    "kind": {"type": "string", "enum": ["dog", "cat"]},
                },
            }
        },
    },
}


@pytest.fixture(scope="session")
def pets_document():
    return PETS


@pytest.fixture
def description():
    return from_document(PETS, source="pets.yaml")


@pytest.fixture
def pets_file(tmp_path):
    path = tmp_path / "pets.json"
    path.write_text(json.dumps(PETS), encoding="utf-8")
    return path


@pytest.fixture
def site(description):
    return Site.from_description(description)


@pytest.fixture
def tokens():
    from orgdocs.render.widgets._tokens import TokenStore

    return TokenStore()


class Recorder:
    """An ``httpx.MockTransport`` handler that keeps every request and answers with JSON."""

    def __init__(self, status: int = 200, body: object = None):
        self.requests: list[httpx.Request] = []
        self.status = status
        self.body = {"ok": True} if body is None else body

    def __call__(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        return httpx.Response(self.status, json=self.body, headers={"X-Request-Id": "req_1"})


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def mock_client(recorder):
    with httpx.Client(transport=httpx.MockTransport(recorder)) as client:
        yield client


@pytest.fixture
def orgapi(tmp_path):
    """The in-process reference server: (client, site, demo) with demo = {organization_id, token, ...}."""
    from orgdocs.orgapi import DESCRIPTION_PATH, create_app, in_process_client, open_store, seed_demo

    store = open_store(str(tmp_path / "orgapi.sqlite3"))
    demo = seed_demo(store)
    with in_process_client(create_app(store)) as client:
        yield client, Site.from_description(DESCRIPTION_PATH), demo
    close = getattr(store, "close", None)
    if close is not None:
        close()
