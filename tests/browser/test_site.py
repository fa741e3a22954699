"""The built static site in real headless Chromium: navigation, search, the request form, the token, Send.

The site is built under a sub-path (``/docs/``) of a static file server on 127.0.0.1, and its request form
talks to a small API on another port whose CORS allows the docs' origin.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.project._requests import build_request
from orgdocs.project.samples import code_samples
from orgdocs.render.site._build import build_site
from orgdocs.render.site._form import api_key

from .keys import type_into
from .sample_box import samples_in_every_language
from .script_page import page_modules

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[1] / "data" / "static"
TOKEN = "odk_browser1_s3cr3t-token"


@pytest.fixture(scope="module")
def shop() -> Site:
    return Site(STATIC / "shop" / "docs.config.yaml")


@pytest.fixture(scope="module")
def www(shop, tmp_path_factory) -> Path:
    """A folder served as the web root, the site built below it at ``docs/``."""
    root = tmp_path_factory.mktemp("www")
    build_site(shop, root / "docs", progress=False)
    return root


def _samples(page) -> dict[str, str]:
    return samples_in_every_language(page)


def test_navigate_search_fill_token_and_send(www, shop, static_server, api_server, watched, tmp_path):
    base = static_server(www) + "docs/"
    api = api_server(base.split("/docs/")[0])
    seen = watched()
    page = seen.page

    page.goto(base + "shop-api/pets/list-pets/")
    assert page.locator("h1.op-title").text_content() == "List pets"
    assert page.locator("#sidebar [aria-current=page]").text_content().strip().endswith("List pets")

    # the sidebar navigates, and marks the new page
    page.locator("#sidebar").get_by_role("link", name="Get a pet").click()
    page.wait_for_url("**/shop-api/pets/get-pet/")
    assert page.locator("h1.op-title").text_content() == "Get a pet"
    assert "Get a pet" in page.locator("#sidebar [aria-current=page]").text_content()

    # "/" focuses search; arrows move, Enter opens the highlighted result (ranked as Site.search ranks)
    page.locator("body").press("/")
    assert page.evaluate("document.activeElement.id") == "search-input"
    page.keyboard.type("pet")
    page.wait_for_selector("#search-results [role=option]")
    options = page.locator("#search-results [role=option]")
    expected = [entry["title"] for entry in shop.search("pet")]
    assert options.locator(".search-title").all_text_contents() == expected
    assert options.locator(".search-path").all_text_contents() == [e["path"] for e in shop.search("pet")]
    assert page.get_by_role("status").filter(has_text="matches").text_content() == f"{len(expected)} matches"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.locator("#search-results [aria-selected=true]").text_content().find(expected[2]) >= 0
    with page.expect_navigation():  # (the page may already be the one chosen)
        page.keyboard.press("Enter")
    page.wait_for_url("**" + shop.search("pet")[2]["route"] + "/")

    # parameters change the URL preview and every sample, exactly as the Python rules write them
    page.goto(base + "shop-api/pets/list-pets/")
    type_into(page, page.get_by_label("port"), str(api.port))
    type_into(page, page.get_by_label("limit"), "5")
    page.get_by_label("status").select_option("sold")
    page.get_by_label("verbose").check()
    type_into(page, page.get_by_label("tag"), "small, brown")
    url = f"http://127.0.0.1:{api.port}/v1/pets?limit=5&status=sold&verbose=true&tag=small&tag=brown"
    assert page.locator("[data-preview-url]").text_content() == url
    operation = shop.operations["/shop-api/pets/list-pets"].operation
    values = {"limit": 5, "status": "sold", "verbose": True, "tag": ["small", "brown"]}
    parts = build_request(
        operation,
        server_url=f"http://127.0.0.1:{api.port}/v1",
        values=values,
        credentials=[("header", "Authorization", "Bearer $TOKEN")],  # samples show the placeholder
    )
    assert parts.url == url
    assert _samples(page) == code_samples(parts)

    # a token is kept for the API: another page of the API finds it, the samples mask it
    key = "orgdocs:cred:" + api_key(shop.descriptions[0]) + ":bearer:value"
    type_into(page, page.get_by_label("Bearer token"), TOKEN)
    assert page.evaluate("key => sessionStorage.getItem(key)", key) == TOKEN
    assert (
        TOKEN not in _samples(page)["curl"] and '-H "Authorization: Bearer $TOKEN"' in _samples(page)["curl"]
    )
    page.locator("#sidebar").get_by_role("link", name="Get a pet").click()
    page.wait_for_url("**/shop-api/pets/get-pet/")
    assert page.get_by_label("Bearer token").input_value() == TOKEN

    # Send: status, time, headers and the pretty body; the API saw the token
    page.goto(base + "shop-api/pets/list-pets/")
    type_into(page, page.get_by_label("port"), str(api.port))
    page.get_by_role("button", name="Send").click()
    status = page.locator("[data-response] .response-status")
    status.wait_for()
    assert status.text_content().startswith("200") and " ms" in status.text_content()
    body = page.locator("[data-response] .response-body").text_content()
    assert (
        json.loads(body) == [{"id": 1, "name": "Rex", "status": "available"}] and '\n  {\n    "id": 1' in body
    )
    assert "x-request-id" in page.locator("[data-response] .headers").text_content()
    assert api.requests[-1]["authorization"] == f"Bearer {TOKEN}"
    assert api.requests[-1]["path"] == "/v1/pets"  # optional parameters start empty

    page.screenshot(path=str(tmp_path / "list-pets.png"), full_page=True)
    assert seen.errors == [] and seen.dialogs == []

    # remembered on this device -> localStorage; forget -> gone from both
    page.get_by_label("Remember on this device").check()
    assert page.evaluate("key => localStorage.getItem(key)", key) == TOKEN
    assert page.evaluate("key => sessionStorage.getItem(key)", key) is None
    page.get_by_role("button", name="Forget credentials").click()
    kept = page.evaluate("key => [localStorage.getItem(key), sessionStorage.getItem(key)]", key)
    assert kept == [None, None]
    assert page.get_by_label("Bearer token").input_value() == ""
    for path in www.rglob("*"):
        if path.is_file():
            assert TOKEN.encode() not in path.read_bytes()


def test_a_blocked_request_is_explained(www, static_server, api_server, watched):
    base = static_server(www) + "docs/"
    api = api_server("http://somewhere-else.test")  # CORS does not allow the docs' origin
    seen = watched()
    page = seen.page
    page.goto(base + "shop-api/pets/list-pets/")
    type_into(page, page.get_by_label("port"), str(api.port))
    page.get_by_role("button", name="Send").click()
    notice = page.locator("[data-response] .notice-error")
    notice.wait_for()
    text = notice.text_content()
    assert "could not complete the request" in text and "Access-Control-Allow-Origin" in text


def test_reads_without_javascript(www, static_server, browser):
    base = static_server(www) + "docs/"
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base + "shop-api/pets/create-pet/")
        assert page.locator("h1.op-title").text_content() == "Create a pet"
        assert "curl -X POST" in page.locator('[data-sample="curl"]').first.text_content()
        assert page.locator("#sidebar a", has_text="Delete a pet").count() == 1
        page.goto(base)
        assert page.locator("h1").first.text_content() == "Shop docs"
    finally:
        context.close()


def test_theme_toggle_is_remembered(www, static_server, watched):
    base = static_server(www) + "docs/"
    seen = watched(color_scheme="light")
    page = seen.page
    page.goto(base + "shop-api/pets/list-pets/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.get_by_role("button", name="Dark theme").click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background
    page.goto(base + "shop-api/pets/get-pet/")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert seen.errors == []


def test_nested_inline_rows_open_a_level_at_a_time_to_the_bottom(tmp_path, static_server, watched):
    """Nine levels of objects written inline are all in the page, each folded under its count."""
    deep: dict = {"type": "string", "description": "the bottom"}
    for i in range(9):
        deep = {"type": "object", "properties": {f"level{i}": deep}}
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Deep", "version": "1"},
        "paths": {
            "/deep": {
                "get": {
                    "operationId": "deep",
                    "responses": {
                        "200": {"description": "ok", "content": {"application/json": {"schema": deep}}}
                    },
                }
            }
        },
    }
    site = Site.from_description(_write(tmp_path / "deep.json", document))
    build_site(site, tmp_path / "site", progress=False)
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + next(iter(site.operations)).strip("/") + "/")
    assert page.locator("details.schema-lazy").count() == 0
    bottom = page.get_by_text("the bottom")
    assert bottom.count() == 1 and not bottom.is_visible()
    for _ in range(60):  # open the nested rows one by one
        if bottom.is_visible():
            break
        closed = page.locator(".op-responses details:not([open]) > summary:visible")
        if closed.count():
            closed.first.click()
        else:
            page.wait_for_timeout(50)  # the toggle event comes after the click
    assert page.get_by_text("the bottom").is_visible()
    assert seen.errors == []


def _write(path: Path, document: dict) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_hostile_description_runs_no_script(tmp_path, static_server, watched):
    site = Site(STATIC / "hostile" / "docs.config.yaml")
    build_site(site, tmp_path / "site", progress=False)
    base = static_server(tmp_path / "site")
    seen = watched()
    page = seen.page
    for route in ["", *site.routes]:
        page.goto(base + (route.strip("/") + "/" if route else ""))
        page.wait_for_load_state("load")
        for _ in range(40):  # open rows: lazy ones render from the payload too
            closed = page.locator("main details:not([open]) > summary:visible")
            if closed.count() == 0:
                break
            closed.first.click()
        page.mouse.move(10, 10)
        assert page.evaluate("typeof window.__pwned") == "undefined", route
    assert seen.dialogs == []


LABELLESS = """() => Array.from(document.querySelectorAll("input, select, textarea, button"))
    .filter((e) => !e.hidden && e.offsetParent !== null)
    .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute("aria-label") && !(e.textContent || "").trim())
    .map((e) => e.outerHTML.slice(0, 80))"""


def test_every_control_has_a_label_and_keyboard_focus_shows(www, static_server, watched):
    base = static_server(www) + "docs/"
    seen = watched()
    page = seen.page
    for path in ("shop-api/pets/create-pet/", "shop-api/pets/list-pets/", "shop-api/guides/intro/", ""):
        page.goto(base + path)
        assert page.evaluate(LABELLESS) == [], path
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.className") == "skip-link"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    assert seen.errors == []


def _big_description(path: Path) -> Path:
    """330 operations in 12 tags (one of them 230 long), and an operationId too long for a file name."""
    paths: dict = {}
    for i in range(330):
        tag = "crowd" if i < 230 else f"tag{i % 11}"
        paths[f"/things{i}"] = {
            "get": {
                "operationId": f"getThing{i}",
                "summary": f"Get thing {i}",
                "tags": [tag],
                "responses": {"200": {"description": "ok"}},
            }
        }
    long_id = "get" + "VeryLongOperationName" * 12
    paths["/long"] = {
        "get": {
            "operationId": long_id,
            "summary": "The long one",
            "tags": ["tag1"],
            "responses": {"200": {"description": "ok"}},
        }
    }
    return _write(path, {"openapi": "3.0.3", "info": {"title": "Big", "version": "1"}, "paths": paths})


def test_a_big_sidebar_lists_a_stretch_of_the_current_section_and_links_the_others(
    tmp_path, static_server, watched
):
    site = Site.from_description(_big_description(tmp_path / "big.json"))
    build_site(site, tmp_path / "site", progress=False)
    base = static_server(tmp_path / "site")
    seen = watched()
    page = seen.page
    page.goto(base + "api/crowd/get-thing150/")
    sidebar = page.locator("#sidebar")
    assert sidebar.locator("[aria-current=page]").text_content().endswith("Get thing 150")
    assert sidebar.locator(".nav-current .nav-items > li:not(.nav-more)").count() == 50  # one stretch
    assert sidebar.locator(".nav-more").all_text_contents() == ["150 before…", "30 more…"]
    sidebar.get_by_role("link", name="tag1", exact=True).click()  # another section: its page
    page.wait_for_url("**/api/tag1/")
    page.get_by_role("main").get_by_role("link", name="The long one").click()
    page.wait_for_load_state("load")
    assert page.locator("h1.op-title").text_content() == "The long one"
    page.locator("body").press("/")
    page.keyboard.type("thing 42")
    page.wait_for_selector("#search-results [role=option]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/api/crowd/get-thing42/")
    assert seen.errors == []


JSON_TEXTS = [
    '[\n  {\n    "id": 1,\n    "name": "Rex <b>&amp;</b>",\n    "ok": true\n  }\n]',
    '{"a\\"b": -1.5e3, "c" : null, "d": [false, "x:1"], "é2": "\\\\"}',
    "not json at all: 12 true",
]


def test_the_answer_shows_its_size_coloured_json_and_copy_and_download(
    www, static_server, api_server, watched
):
    from orgdocs.render.site._highlight import highlight

    base = static_server(www) + "docs/"
    api = api_server(base.split("/docs/")[0])
    seen = watched(permissions=["clipboard-read", "clipboard-write"])
    page = seen.page
    page.goto(base + "shop-api/pets/list-pets/")
    # the browser colours JSON as the build colours the examples: the same HTML for the same text
    page_modules(page, "code-samples.js")
    coloured = page.evaluate(
        """texts => texts.map(text => window.orgdocs.samples.jsonTokens(text).map(([css, value]) => {
             const escaped = value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
             return css ? `<span class="${css}">${escaped}</span>` : escaped;
           }).join(""))""",
        JSON_TEXTS,
    )
    assert coloured == [highlight(text, "json") for text in JSON_TEXTS]

    type_into(page, page.get_by_label("port"), str(api.port))
    page.get_by_role("button", name="Send").click()
    status = page.locator("[data-response] .response-status")
    status.wait_for()
    raw = json.dumps([{"id": 1, "name": "Rex", "status": "available"}])
    assert status.text_content().endswith(f" ms · {len(raw.encode())} B")
    body = page.locator("[data-response] .response-body code.hl")
    assert body.locator(".nt").all_text_contents() == ['"id"', '"name"', '"status"']
    assert body.locator(".s2").all_text_contents() == ['"Rex"', '"available"']
    assert body.locator(".m").all_text_contents() == ["1"]
    assert json.loads(body.text_content()) == json.loads(raw)
    page.get_by_role("button", name="Copy the response body").click()
    page.wait_for_function("() => navigator.clipboard.readText().then(t => t.includes('\"available\"'))")
    assert json.loads(page.evaluate("navigator.clipboard.readText()")) == json.loads(raw)
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the response body").click()
    assert download.value.suggested_filename == "response-200.json"
    assert Path(download.value.path()).read_text() == raw
    assert seen.errors == [] and seen.dialogs == []


def test_search_marks_webhooks(www, static_server, watched):
    seen = watched()
    page = seen.page
    page.goto(static_server(www) + "docs/shop-api/pets/list-pets/")
    page.locator("body").press("/")
    page.keyboard.type("adopted")
    option = page.locator("#search-results [role=option]").first
    option.wait_for()
    assert option.locator(".search-title").text_content() == "Pet adopted"
    assert option.locator(".badge-webhook").text_content() == "webhook"
    type_into(page, page.get_by_role("combobox", name="Search endpoints"), "list pets")
    page.wait_for_function(
        "() => document.querySelector('#search-results [role=option] .search-title')?.textContent === 'List pets'"
    )
    assert page.locator("#search-results [role=option]").first.locator(".badge-webhook").count() == 0
    assert seen.errors == []


def test_a_webhook_page_shows_its_payload_without_a_form(www, static_server, watched):
    """A webhook is sent by the API to the reader's server: its page has the payload's example beside the
    reference, copied by its button, and no request form nor the form's scripts (none fails for want of it)."""
    seen = watched(permissions=["clipboard-read", "clipboard-write"])
    page = seen.page
    page.goto(static_server(www) + "docs/shop-api/webhooks/post-pet-adopted/")
    aside = page.get_by_role("complementary", name="Examples and request form")
    assert aside.get_by_role("heading", name="Payload example").is_visible()
    assert (
        page.locator("form[data-form]").count() == 0 and page.get_by_role("button", name="Send").count() == 0
    )
    aside.get_by_role("button", name=re.compile("^Copy")).first.click()
    page.wait_for_function("() => navigator.clipboard.readText().then(t => t.trim().startsWith('{'))")
    json.loads(page.evaluate("navigator.clipboard.readText()"))
    assert seen.errors == []
