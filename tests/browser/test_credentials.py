"""The request form's credentials, honest inputs and send checks in headless Chromium, against an echo server.

A description declaring one scheme of each kind is built into a static site on 127.0.0.1; its only server is a
loopback echo server (CORS open to the docs' origin) that records what each request carried. For each kind the
test fills the credential input found by its label, presses Send and asserts the header, query or
Authorization value received, and that the samples show a placeholder, never the value.
"""

from __future__ import annotations

import base64
import http.server
import json
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.render.site._build import build_site

from .keys import type_into
from .local_server import LocalServer

pytestmark = pytest.mark.browser

UI_TIMEOUT = 10_000  # milliseconds, for every browser wait
SECRET = "s3cr3t-value+/="  # header values are Latin-1: the basic test sends non-ASCII
# one scheme of each kind, shared with tests/widgets/test_request_form_security.py
SCHEMES = json.loads(
    (Path(__file__).parents[1] / "data" / "security-schemes.json").read_text(encoding="utf-8")
)


class Echo(LocalServer):
    """A loopback server that answers every request with 200 and records it; CORS allows any origin."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        echo = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def _cors(self) -> None:
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                asked = self.headers.get("Access-Control-Request-Headers")
                if asked:
                    self.send_header("Access-Control-Allow-Headers", asked)
                self.send_header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE")

            def do_OPTIONS(self) -> None:
                self.send_response(204)
                self._cors()
                self.end_headers()

            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode() if length else ""
                split = urllib.parse.urlsplit(self.path)
                echo.requests.append(
                    {
                        "method": self.command,
                        "path": split.path,
                        "query": urllib.parse.parse_qs(split.query),
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": body,
                    }
                )
                data = b'{"ok": true}'
                self.send_response(200)
                self._cors()
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _answer

        super().__init__(Handler)


@pytest.fixture(scope="module")
def echo() -> Iterator[Echo]:
    server = Echo()
    yield server
    server.stop()


def _get(security: list, **extra) -> dict:
    return {"security": security, "responses": {"200": {"description": "ok"}}, **extra}


def description(server: str) -> dict:
    return {
        "openapi": "3.0.3",
        "info": {"title": "Echo", "version": "1"},
        "servers": [{"url": server}],
        "components": {
            "securitySchemes": SCHEMES,
        },
        "paths": {
            "/header": {"get": _get([{"LedgerKey": []}], operationId="headerKey")},
            "/query": {"get": _get([{"QueryKey": []}], operationId="queryKey")},
            "/cookie": {"get": _get([{"CookieKey": []}], operationId="cookieKey")},
            "/basic": {"get": _get([{"BasicAuth": []}], operationId="basic")},
            "/bearer": {"get": _get([{"BearerAuth": []}], operationId="bearer")},
            "/custom": {"get": _get([{"Custom": []}], operationId="custom")},
            "/oauth": {"get": _get([{"OAuth": ["things:read"]}], operationId="oauth")},
            "/oidc": {"get": _get([{"OIDC": []}], operationId="oidc")},
            "/either": {"get": _get([{"LedgerKey": []}, {"BasicAuth": []}], operationId="either")},
            "/items/{itemId}/parts/{partId}": {
                "post": _get(
                    [],
                    operationId="addPart",
                    parameters=[
                        {"name": "partId", "in": "path", "required": True, "schema": {"type": "string"}},
                        {"name": "q", "in": "query", "required": True, "schema": {"type": "string"}},
                        {"name": "itemId", "in": "path", "required": True, "schema": {"type": "string"}},
                        {
                            "name": "Idempotency-Key",
                            "in": "header",
                            "schema": {"type": "string", "format": "uuid"},
                        },
                    ],
                    requestBody={
                        "required": True,
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                )
            },
        },
    }


@pytest.fixture(scope="module")
def site_url(echo, tmp_path_factory) -> Iterator[Callable]:
    root = tmp_path_factory.mktemp("credentials-site")
    site = Site.from_description(from_document(description(echo.url), "echo.json"), group="Echo API")
    build_site(site, root / "docs", progress=False)
    yield root


@pytest.fixture
def docs(site_url, static_server) -> str:
    return static_server(site_url) + "docs/echo-api/"


def _send(page) -> None:
    from playwright.sync_api import expect

    page.evaluate("document.querySelector('[data-response]').textContent = ''")  # the last answer is gone
    page.get_by_role("button", name="Send").click()
    expect(page.locator("[data-response] .response-status .status")).to_have_text("200", timeout=UI_TIMEOUT)


def _samples(page) -> str:
    return "\n".join(page.locator("[data-sample]").all_text_contents())


CASES = [
    # page, label of the input, what the echo server must see, the placeholder the curl sample shows
    ("header/header-key", "LedgerKey (header X-Ledger-Key)", ("header", "x-ledger-key", SECRET), "$API_KEY"),
    ("query/query-key", "QueryKey (query api_key)", ("query", "api_key", SECRET), "api_key=$API_KEY"),
    ("bearer/bearer", "BearerAuth (bearer token)", ("header", "authorization", f"Bearer {SECRET}"), "$TOKEN"),
    (
        "custom/custom",
        "Custom (Authorization header value",
        ("header", "authorization", SECRET),
        "$AUTHORIZATION",
    ),
    ("oauth/oauth", "OAuth (OAuth 2 access token", ("header", "authorization", f"Bearer {SECRET}"), "$TOKEN"),
    (
        "oidc/oidc",
        "OIDC (OpenID Connect access token",
        ("header", "authorization", f"Bearer {SECRET}"),
        "$TOKEN",
    ),
]


@pytest.mark.parametrize(("page_path", "label", "received", "placeholder"), CASES, ids=[c[0] for c in CASES])
def test_each_scheme_kind_reaches_the_server(docs, echo, watched, page_path, label, received, placeholder):
    seen = watched()
    page = seen.page
    page.goto(docs + page_path + "/")
    type_into(page, page.get_by_label(label), SECRET)
    samples = _samples(page)
    assert SECRET not in samples and placeholder in samples
    _send(page)
    where, name, value = received
    got = echo.requests[-1]
    assert (got["headers"].get(name) if where == "header" else got["query"].get(name, [None])[0]) == value
    # kept in this session only: not in localStorage unless "remember" is ticked
    assert page.evaluate("JSON.stringify(localStorage)") == "{}"
    assert SECRET in page.evaluate("JSON.stringify(sessionStorage)")
    assert seen.errors == []


def test_basic_credentials_and_remember(docs, echo, watched, site_url):
    seen = watched()
    page = seen.page
    page.goto(docs + "basic/basic/")
    type_into(page, page.get_by_label("BasicAuth username (http basic)"), "zoë")
    type_into(page, page.get_by_label("BasicAuth password (http basic)"), SECRET)
    assert '-u "$USERNAME:$PASSWORD"' in _samples(page) and SECRET not in _samples(page)
    _send(page)
    expected = base64.b64encode(f"zoë:{SECRET}".encode()).decode()
    assert echo.requests[-1]["headers"]["authorization"] == f"Basic {expected}"
    assert page.evaluate("localStorage.length") == 0
    page.get_by_label("Remember on this device").check()
    assert SECRET in page.evaluate("JSON.stringify(localStorage)")
    assert page.evaluate("sessionStorage.length") == 0
    # the other page of the group that uses the scheme finds it; its alternatives pick the satisfied one
    page.goto(docs + "either/either/")
    assert page.get_by_label("BasicAuth password (http basic)").input_value() == SECRET
    assert page.get_by_label("Credentials to send").input_value() == "1"
    _send(page)
    assert echo.requests[-1]["headers"]["authorization"] == f"Basic {expected}"
    assert "x-ledger-key" not in echo.requests[-1]["headers"]
    page.get_by_label("Credentials to send").select_option(label="LedgerKey")
    type_into(page, page.get_by_label("LedgerKey (header X-Ledger-Key)"), "lk")
    _send(page)
    assert echo.requests[-1]["headers"]["x-ledger-key"] == "lk"
    assert "authorization" not in echo.requests[-1]["headers"]
    page.get_by_role("button", name="Forget credentials").click()
    assert page.evaluate("localStorage.length + sessionStorage.length") == 0
    for path in site_url.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes()
    assert seen.errors == []


def test_a_cookie_key_is_explained_and_shown_in_samples(docs, echo, watched):
    seen = watched()
    page = seen.page
    page.goto(docs + "cookie/cookie-key/")
    assert page.get_by_text("Browsers do not let a page set a cookie on a request").is_visible()
    type_into(page, page.get_by_label("CookieKey (cookie SID)"), SECRET)
    assert '-H "Cookie: SID=$API_KEY"' in _samples(page)
    _send(page)
    assert "cookie" not in echo.requests[-1]["headers"]
    assert page.get_by_text("Browsers do not let a page set the Cookie header").is_visible()


def test_flows_are_shown(docs, watched):
    page = watched().page
    page.goto(docs + "oauth/oauth/")
    page.get_by_text("Where to get a token for OAuth").click()
    flows = page.locator("details.flows")
    assert flows.get_by_text("https://auth.example.test/token").is_visible()
    assert flows.get_by_text("things:read").is_visible() and flows.get_by_text("Read things").is_visible()


def test_honest_inputs_block_send(docs, echo, watched):
    seen = watched()
    page = seen.page
    page.goto(docs + "items/add-part/")
    fields = page.locator("[data-param-name]")
    # the path's own parameters first, in the path's order; nothing prefilled
    assert [fields.nth(i).get_attribute("data-param-name") for i in range(fields.count())] == [
        "itemId",
        "partId",
        "q",
        "Idempotency-Key",
    ]
    assert all(fields.nth(i).input_value() == "" for i in range(fields.count()))
    before = len(echo.requests)
    body = page.get_by_role("region", name="Try it").get_by_label("Body")  # not "Link to Request body"
    type_into(page, body, "")
    page.get_by_role("button", name="Send").click()
    assert page.get_by_text("itemId is required").is_visible()
    assert page.get_by_text("the body is required").is_visible()
    type_into(page, page.get_by_label("itemId"), "i 1")
    type_into(page, page.get_by_label("partId"), "p1")
    type_into(page, page.get_by_role("textbox", name="q query required", exact=True), "x")
    type_into(page, body, "{broken")
    page.get_by_role("button", name="Send").click()
    assert page.get_by_text("the body is not valid JSON").is_visible()
    assert len(echo.requests) == before  # nothing was sent
    type_into(page, body, '{"n": 1}')
    page.get_by_role("button", name="Generate a UUID").click()
    key = page.get_by_label("Idempotency-Key").input_value()
    assert len(key) == 36 and key[14] == "4"
    page.get_by_role("button", name="Add a header").click()
    type_into(page, page.get_by_label("Header name 1"), "X-Extra")
    type_into(page, page.get_by_label("Header value 1"), "yes")
    _send(page)
    got = echo.requests[-1]
    assert got["path"] == "/items/i%201/parts/p1" and got["query"] == {"q": ["x"]}
    assert got["headers"]["idempotency-key"] == key and got["headers"]["x-extra"] == "yes"
    assert json.loads(got["body"]) == {"n": 1}
    type_into(page, page.get_by_label("Header name 1"), "Bad Name")
    page.get_by_role("button", name="Send").click()
    assert page.get_by_text("not a valid header name or value: Bad Name").is_visible()
    assert len(echo.requests) == before + 1
    assert seen.errors == []


def test_no_server_means_the_pages_origin_and_a_path_cannot_change_the_host(tmp_path, static_server, watched):
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Steal", "version": "1"},
        "components": {"securitySchemes": {"B": {"type": "http", "scheme": "bearer"}}},
        "security": [{"B": []}],
        "paths": {"//127.0.0.2:9999/steal": {"get": {"operationId": "steal", "responses": {}}}},
    }
    site = Site.from_description(from_document(document, "steal.json"), group="Steal")
    build_site(site, tmp_path / "site", progress=False)
    base = static_server(tmp_path / "site")
    page = watched().page
    page.goto(base + "steal/127-0-0-2-9999/steal/")
    assert page.locator("[data-preview-url]").text_content() == base + "127.0.0.2:9999/steal"
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    type_into(page, page.get_by_label("B (bearer token)"), SECRET)
    page.get_by_role("button", name="Send").click()
    page.locator("[data-response] .response-status, [data-response] .notice").first.wait_for()
    assert all(url.startswith(base) for url in requests), requests
