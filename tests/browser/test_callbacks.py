"""Callbacks and response links in headless Chromium (tests/data/callbacks.yaml): a callback opens by its
name and shows the request body the API sends, deep fields included; a link leads to its operation's page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

pytestmark = pytest.mark.browser

CALLBACKS = Path(__file__).resolve().parents[1] / "data" / "callbacks.yaml"
CREATE = "api/subscriptions/create-subscription/"


@pytest.fixture(scope="module")
def callbacks_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("callbacks")
    build_site(Site.from_description(CALLBACKS), out, progress=False)
    return out


def _opened_to(scope, text: str):
    """Open the closed schema rows in ``scope`` until ``text`` shows. Returns the locator of ``text``."""
    target = scope.get_by_text(text)
    for _ in range(100):
        if target.count() and target.is_visible():
            break
        closed = scope.locator("details.schema-more:not([open]) > summary")
        if closed.count():
            closed.first.click()
        else:
            scope.page.wait_for_timeout(50)
    return target


def test_a_callback_opens_by_its_name_and_shows_the_request_the_api_sends(
    callbacks_site, static_server, watched
):
    seen = watched()
    page = seen.page
    page.goto(static_server(callbacks_site) + CREATE)
    assert page.get_by_role("heading", name="Callbacks", exact=True).is_visible()
    callback = page.get_by_role("group", name="POST onEvent Event delivered")
    assert not callback.get_by_text("What happened.").is_visible()  # closed like a response
    callback.get_by_text("onEvent", exact=True).click()
    assert callback.get_by_text("{$request.body#/callbackUrl}", exact=True).is_visible()
    assert callback.get_by_role("heading", name="Request body").is_visible()
    assert callback.get_by_text("What happened.").is_visible()
    assert callback.get_by_text("X-Signature").is_visible()
    assert callback.get_by_text("Gone; the subscription is cancelled.").first.is_visible()
    # deep in the request body, folded row after folded row
    assert not callback.get_by_text("Far below the cut.").is_visible()
    assert _opened_to(callback, "Far below the cut.").is_visible()
    # a callback reached through $refs (components/callbacks, pathItems, requestBodies): the same
    renewal = page.get_by_role("group", name="PUT onRenewal")
    renewal.get_by_text("onRenewal", exact=True).click()
    assert renewal.get_by_text("When it was renewed.").is_visible()
    assert _opened_to(renewal, "The plan renewed into.").is_visible()
    assert seen.errors == []


def test_a_deep_link_opens_a_callback_and_a_link_leads_to_its_operation(
    callbacks_site, static_server, watched
):
    seen = watched()
    page = seen.page
    page.goto(static_server(callbacks_site) + CREATE + "#callback-on-renewal-put-response-202")
    assert page.get_by_text("Accepted, will retry otherwise.").first.is_visible()
    response = page.locator("#response-201")
    assert response.get_by_role("heading", name="Links").is_visible()
    assert response.get_by_role("cell", name="$response.body#/id").first.is_visible()
    response.get_by_role("link", name="getSubscription").first.click()
    page.wait_for_url("**/api/subscriptions/get-subscription/")
    assert page.get_by_role("heading", name="Get a subscription", level=1).is_visible()
    assert seen.errors == []


def test_a_long_callback_name_moves_its_summary_below_instead_of_squeezing_it(
    tmp_path, static_server, watched
):
    """On a phone, a callback whose name fills the line shows its summary on the next line at full width, not
    in a sliver beside the name running past the box (ContentGroove's media.processing_finished)."""
    callback = {
        "{$request.body#/url}": {
            "post": {
                "summary": "The webhook that is sent after the media is finished processing",
                "responses": {"200": {"description": "ok"}},
            }
        }
    }
    operation = {"operationId": "createMedia", "callbacks": {"media.processing_finished": callback}}
    operation["responses"] = {"201": {"description": "Validation failed, or the endpoint has been spammed."}}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {"/medias": {"post": operation}},
    }
    source = tmp_path / "description.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    site = Site.from_description(source)
    build_site(site, tmp_path / "site", progress=False)
    seen = watched()
    page = seen.page
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(static_server(tmp_path / "site") + next(iter(site.operations)).strip("/") + "/")

    def boxes(summary):
        return summary.evaluate(
            """s => { const r = s.getBoundingClientRect(), d = s.closest('details').getBoundingClientRect();
                      return [r.left, r.right, r.width, d.right]; }"""
        )

    left, right, width, outer = boxes(page.locator(".callback > summary .response-summary"))
    assert right <= outer and width >= 200
    # a response's short status keeps its summary beside it, as before
    status = page.locator("#response-201 .status").bounding_box()
    left, right, width, outer = boxes(page.locator("#response-201 .response-summary"))
    assert left > status["x"] + status["width"] and right <= outer
    assert seen.errors == []
