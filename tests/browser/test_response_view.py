"""The try-it answer in headless Chromium: JSON that folds, the time, the headers, and hostile text kept text.

A loopback server answers two operations of a built site: a small answer carrying markup in a string, a
number JavaScript would round and nested objects; and a large one (250 records) that must start folded past
its first levels and show its list a page at a time.
"""

from __future__ import annotations

import http.server
import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.render.site._build import build_site

from .local_server import LocalServer

pytestmark = pytest.mark.browser

HOSTILE = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
BIG = "12345678901234567890"  # above 2**53: JSON.parse alone would show 12345678901234567000
SMALL = (
    f'{{"id": 7, "name": {json.dumps(HOSTILE)}, "count": {BIG}, "tags": ["a", "b"], "empty": {{}},'
    ' "none": null, "nested": {"deep": {"deeper": {"ok": true}}}}'
)
LARGE = json.dumps(
    {"items": [{"id": i, "name": f"item {i}", "owner": {"login": f"u{i}"}} for i in range(250)]}
)


class Answers(LocalServer):
    """GET /small and /large with a JSON body, an X-Request-Id header and CORS open to any origin."""

    def __init__(self) -> None:
        bodies = {"/small": SMALL, "/large": LARGE}

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                body = bodies.get(self.path, "{}").encode()
                self.send_response(200)
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Access-Control-Expose-Headers", "X-Request-Id")
                self.send_header("Content-Type", "application/json")
                self.send_header("X-Request-Id", "req_view_1")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        super().__init__(Handler)


@pytest.fixture(scope="module")
def answers() -> Iterator[Answers]:
    server = Answers()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def built(answers, tmp_path_factory):
    ok = {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object"}}}}}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Answers", "version": "1"},
        "servers": [{"url": answers.url}],
        "paths": {
            "/small": {"get": {"operationId": "small", "tags": ["answers"], "responses": ok}},
            "/large": {"get": {"operationId": "large", "tags": ["answers"], "responses": ok}},
        },
    }
    root = tmp_path_factory.mktemp("answers-site")
    build_site(Site.from_description(from_document(document, "answers.json")), root, progress=False)
    return root


def _send(page, url: str):
    page.goto(url)
    page.get_by_role("button", name="Send").click()
    view = page.locator("[data-response] .json-view")
    view.wait_for()
    return view


def test_a_small_answer_opens_whole_and_its_text_stays_text(built, static_server, watched):
    seen = watched()
    page = seen.page
    view = _send(page, static_server(built) + "api/answers/small/")
    assert view.locator("details.json-node:not([open])").count() == 0
    text = view.inner_text()
    assert json.dumps(HOSTILE) in text  # shown as the string it is
    assert view.locator("img, script").count() == 0 and not seen.dialogs
    assert BIG in text
    status = page.locator("[data-response] .response-status").inner_text()
    assert re.search(r"\b200\b", status) and re.search(r"\d+ ms", status) and "B" in status
    # the headers: a folded table, one row per header
    headers = page.locator("[data-response] .response-headers")
    assert not headers.evaluate("d => d.open")
    headers.locator("summary").click()
    row = headers.get_by_role("row", name=re.compile("x-request-id", re.I))
    assert row.get_by_role("cell").inner_text() == "req_view_1"
    # folding: a click on a node's line folds it to one line that says how many keys it holds
    line = view.locator("summary", has_text='"nested"')
    line.click()
    assert not line.evaluate("s => s.parentNode.open")
    assert re.fullmatch(r'"nested": \{ … \},? 1 key', line.inner_text())
    # Copy takes the answer as shown, the big number exact
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Copy the response body").click()
    page.locator(".response-actions button", has_text="Copied").wait_for()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert BIG in copied and json.loads(copied)["name"] == HOSTILE
    assert not seen.errors, seen.errors


def test_a_large_answer_starts_folded_and_opens_with_the_keyboard(built, static_server, watched):
    seen = watched()
    page = seen.page
    view = _send(page, static_server(built) + "api/answers/large/")
    records = view.locator(".json-children .json-children > details.json-node")
    assert records.count() == 100  # a page of the list, each record folded
    assert records.first.evaluate("d => !d.open")
    more = view.get_by_role("button", name="Show 100 more of 150")
    more.click()
    view.get_by_role("button", name="Show 50 more of 50").click()
    assert records.count() == 250
    assert view.get_by_role("button", name=re.compile("^Show")).count() == 0
    first = records.first.locator("> summary")
    first.focus()
    page.keyboard.press("Enter")
    assert records.first.evaluate("d => d.open")
    expect(records.first).to_contain_text('"name": "item 0"')  # built when first opened (the toggle event)
    page.get_by_role("button", name="Collapse all").click()
    assert view.locator("details.json-node[open]").count() == 0
    page.get_by_role("button", name="Expand all").click()
    assert view.locator("details.json-node:not([open])").count() == 0
    assert not seen.errors, seen.errors


def test_the_body_as_text_is_one_click_away(built, static_server, watched):
    page = watched().page
    view = _send(page, static_server(built) + "api/answers/small/")
    raw = page.locator("[data-response] .response-body")
    assert raw.is_hidden()
    page.get_by_role("button", name="Show the response body as text").click()
    assert raw.is_visible() and view.is_hidden()
    assert json.loads(raw.inner_text())["name"] == HOSTILE
    assert page.get_by_role("button", name="Expand all").is_disabled()
    page.get_by_role("button", name="Show the response body as text").click()
    assert view.is_visible() and raw.is_hidden()
