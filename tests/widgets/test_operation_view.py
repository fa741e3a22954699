"""OperationView: the static page's operation HTML, from (site, route), an entry or an operation."""

from __future__ import annotations

import pytest

from orgdocs.render.widgets import OperationView
from orgdocs.render.widgets._operation_view import operation_target


def test_shows_the_static_pages_html(site):
    from orgdocs.render._html import operation_html

    view = OperationView(site, "/api/pets/create-pet")
    assert view.html == operation_html(site, "/api/pets/create-pet")
    assert "Create a pet" in view.html
    assert view._kind == "operation" and view._route == "/api/pets/create-pet"
    assert view.snapshot() == f'<div class="orgdocs-widget-snapshot">{view.html}</div>'


def test_targets(site, description):
    entry = site.operations["/api/pets/get-pet"]
    assert operation_target(site, "api/pets/get-pet") == (site, "/api/pets/get-pet")
    found_site, route = operation_target(entry)
    assert route == "/api/pets/get-pet" and found_site.operations[route].operation is entry.operation
    operation = description.operation("deletePet")
    found_site, route = operation_target(operation, description=description)
    assert found_site.operations[route].operation is operation
    assert operation_target(operation, description=description)[0] is found_site  # one site per description
    lone_site, lone_route = operation_target(operation)  # without its description: refs stay as they are
    assert lone_site.operations[lone_route].operation.operation_id == "deletePet"
    with pytest.raises(KeyError):
        operation_target(site, "/api/nope")
    with pytest.raises(TypeError):
        operation_target(site)


def test_description_markup_is_sanitized():
    from orgdocs.model import from_document
    from orgdocs.project import Site

    document = {
        "openapi": "3.0.0",
        "info": {"title": "x"},
        "paths": {
            "/a": {
                "get": {
                    "operationId": "a",
                    "description": "Hi <script>alert(1)</script><img src=x onerror=alert(2)>",
                    "responses": {},
                }
            }
        },
    }
    view = OperationView(Site.from_description(from_document(document)), "/api/a/a")
    assert "<script" not in view.html and "onerror" not in view.html


def test_shows_callbacks_and_links_as_the_page_does():
    from pathlib import Path

    from orgdocs.project import Site

    site = Site.from_description(Path(__file__).parents[1] / "data" / "callbacks.yaml")
    view = OperationView(site, "/api/subscriptions/create-subscription")
    assert '<section class="op-section op-callbacks" id="callbacks">' in view.html
    assert "{$request.body#/callbackUrl}" in view.html and '<h3 class="response-part">Links</h3>' in view.html
