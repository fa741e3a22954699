"""A generated request body starts from its required fields; one click fills in every field, and back."""

from __future__ import annotations

import json

import pytest

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.render.site._build import build_site

pytestmark = pytest.mark.browser

DOCUMENT = {
    "openapi": "3.0.3",
    "info": {"title": "Shop", "version": "1"},
    "servers": [{"url": "https://shop.test"}],
    "paths": {
        "/orders": {
            "post": {
                "operationId": "createOrder",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {
                                "type": "object",
                                "required": ["sku"],
                                "properties": {
                                    "sku": {"type": "string", "example": "A-1"},
                                    "note": {"type": "string"},
                                    "gift": {"type": "boolean"},
                                },
                            }
                        }
                    },
                },
                "responses": {"201": {"description": "created"}},
            }
        },
        "/notes": {
            "post": {
                "operationId": "addNote",
                "requestBody": {"content": {"application/json": {"example": {"text": "hi"}}}},
                "responses": {"201": {"description": "created"}},
            }
        },
    },
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    site = Site.from_description(from_document(DOCUMENT, "shop.json"))
    out = tmp_path_factory.mktemp("shop")
    build_site(site, out, progress=False)
    return site, out


def _route(site, operation_id):
    return next(r for r, e in site.operations.items() if e.operation.operation_id == operation_id)


def test_the_body_starts_from_the_required_fields_and_fills_in_on_a_click(shop, static_server, watched):
    site, out = shop
    page = watched().page
    page.goto(static_server(out) + _route(site, "createOrder").strip("/") + "/")
    body = page.get_by_role("textbox", name="Body application/json")
    assert json.loads(body.input_value()) == {"sku": "A-1"}
    switch = page.get_by_role("button", name="Fill in every field")
    switch.click()
    assert json.loads(body.input_value()) == {"sku": "A-1", "note": "string", "gift": True}
    assert page.get_by_role("button", name="Required fields only").get_attribute("aria-pressed") == "true"
    assert '"gift": true' in page.locator('[data-sample="curl"]').first.text_content()  # the samples follow
    page.get_by_role("button", name="Required fields only").click()
    assert json.loads(body.input_value()) == {"sku": "A-1"}


def test_a_declared_example_is_the_body_as_it_is(shop, static_server, watched):
    site, out = shop
    page = watched().page
    page.goto(static_server(out) + _route(site, "addNote").strip("/") + "/")
    assert json.loads(page.get_by_role("textbox", name="Body application/json").input_value()) == {
        "text": "hi"
    }
    assert page.get_by_role("button", name="Fill in every field").count() == 0
