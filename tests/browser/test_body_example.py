"""A generated request body starts from its required fields; one click fills in every field, and back. An
optional body with nothing in it (Stripe declares one on its GETs) is folded out of the way and not sent, on
the site's form and a notebook view's alike."""

from __future__ import annotations

import json

import pytest

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.render.site._build import build_site
from orgdocs.widgets import Explorer

from .keys import type_into
from .view_host import view_host

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
        "/customers": {  # as Stripe declares its lists: an optional form-encoded body with no fields
            "get": {
                "operationId": "listCustomers",
                "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer"}}],
                "requestBody": {
                    "required": False,
                    "content": {
                        "application/x-www-form-urlencoded": {
                            "schema": {"type": "object", "properties": {}, "additionalProperties": False}
                        }
                    },
                },
                "responses": {"200": {"description": "ok"}},
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


def _folded_body(page) -> None:
    """The optional empty body is folded, sent nowhere; one click opens it, and what is typed there is sent."""
    fold = page.locator(".body-fold")
    body = page.get_by_role("textbox", name="Body application/x-www-form-urlencoded")
    assert not body.is_visible()
    assert page.get_by_text("not sent while empty").is_visible()
    curl = page.locator('[data-sample="curl"]').first
    assert "Content-Type" not in curl.text_content() and " -d " not in curl.text_content()
    page.get_by_text("Body (optional)").click()
    assert fold.evaluate("(box) => box.open") and body.is_visible()
    type_into(page, body, "email=a%40b.test")
    assert "email=a%40b.test" in curl.text_content()


def test_an_optional_empty_body_is_folded_and_not_sent_on_the_site(shop, static_server, watched):
    site, out = shop
    page = watched().page
    page.goto(static_server(out) + _route(site, "listCustomers").strip("/") + "/")
    _folded_body(page)


def test_an_optional_empty_body_is_folded_and_not_sent_in_a_notebook_view(shop, browser):
    site, _ = shop
    explorer = Explorer(site, route=_route(site, "listCustomers"))
    with view_host(browser, explorer) as (page, _kernel):
        page.locator(".ow-form .body-fold").wait_for(state="attached")
        assert explorer.form.request.content == b""
        _folded_body(page)
