"""Finding and reading in real headless Chromium: relevance search and its results list, the landing and
section pages, the 404 page, and the phone layout (a drawer that opens without JavaScript, full-width
search, Try it below the reference)."""

from __future__ import annotations

import functools
import http.server
import json
import threading
from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

from .keys import type_into

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[1] / "data" / "static"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def shop() -> Site:
    return Site(STATIC / "shop" / "docs.config.yaml")


@pytest.fixture(scope="module")
def www(shop, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("find")
    build_site(shop, root, progress=False)
    return root


class _WithNotFoundPage(http.server.SimpleHTTPRequestHandler):
    """A static host that answers a missing file with the site's 404.html, as GitHub Pages and others do."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def host(www):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_WithNotFoundPage, directory=str(www))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    timer = threading.Timer(300, server.shutdown)  # stops by itself if a test never ends
    timer.daemon = True
    timer.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    timer.cancel()
    server.shutdown()
    server.server_close()


def _many(path: Path) -> Path:
    """130 operations whose titles all hold "thing", with descriptions, in two tags."""
    paths = {
        f"/things/{i}": {
            "get": {
                "operationId": f"getThing{i}",
                "summary": f"Get thing {i}",
                "description": f"Returns thing number {i}. More text.",
                "tags": ["crowd" if i % 2 else "pairs"],
                "responses": {"200": {"description": "ok"}},
            }
        }
        for i in range(130)
    }
    path.write_text(
        json.dumps({"openapi": "3.0.3", "info": {"title": "Many", "version": "1"}, "paths": paths})
    )
    return path


def test_search_lists_every_match_ranked_as_python_ranks(tmp_path, static_server, watched):
    from playwright.sync_api import expect

    site = Site.from_description(_many(tmp_path / "many.json"))
    build_site(site, tmp_path / "site", progress=False)
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + "index.html")
    search = page.get_by_role("combobox", name="Search endpoints")
    type_into(page, search, "thing")
    options = page.get_by_role("listbox", name="Search results").get_by_role("option")
    options.first.wait_for()
    expected = site.search("thing")
    assert page.get_by_role("status").text_content() == f"{len(expected)} matches" == "130 matches"
    assert options.count() == 50  # rendered 50 at a time
    while options.count() < len(expected):  # scrolling to the end renders the rest, 50 at a time
        shown = options.count()
        page.locator(".search-panel").evaluate("panel => { panel.scrollTop = panel.scrollHeight; }")
        expect(options).to_have_count(min(shown + 50, len(expected)))
    titles = page.locator("#search-results .search-title").all_text_contents()
    assert titles == [entry["title"] for entry in expected]
    first = options.first
    assert first.locator(".search-path").text_content() == expected[0]["path"]  # the whole path
    assert first.locator(".search-text").text_content().startswith("Returns thing number")  # the search file
    # words of the description text count, at a lower weight; a typo is forgiven
    first_title = page.locator("#search-results .search-title").first
    type_into(page, search, "number 7")
    expect(first_title).to_have_text("Get thing 7")
    type_into(page, search, "thnig 12")
    expect(first_title).to_have_text("Get thing 12")
    page.keyboard.press("Enter")
    page.wait_for_url("**/api/pairs/get-thing12/")
    assert seen.errors == []


def test_focusing_search_loads_the_index_before_the_first_key(host, watched):
    """The index and the search file are fetched when the reader focuses the box (pressing / or clicking),
    not on page load and not only at the first key; a failed load is told when the reader types."""
    seen = watched()
    page = seen.page
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.rsplit("/", 1)[-1]))
    page.goto(host + "index.html")
    page.wait_for_load_state("load")
    assert "index.json" not in fetched and "search.json" not in fetched
    with page.expect_response("**/index.json") as index, page.expect_response("**/search.json"):
        page.keyboard.press("/")
    assert index.value.ok
    search = page.get_by_role("combobox", name="Search endpoints")
    assert search.evaluate("box => box === document.activeElement")
    type_into(page, search, "order")
    page.get_by_role("listbox", name="Search results").get_by_role("option").first.wait_for()
    assert fetched.count("index.json") == 1
    assert seen.errors == []

    broken = watched()
    broken.page.route("**/index.json", lambda route: route.fulfill(status=503, body="down"))
    broken.page.goto(host + "index.html")
    with broken.page.expect_response("**/index.json"):
        broken.page.get_by_role("combobox", name="Search endpoints").focus()
    type_into(broken.page, broken.page.get_by_role("combobox", name="Search endpoints"), "order")
    status = broken.page.get_by_role("status")
    status.wait_for()
    assert status.text_content() == "Search is unavailable: index.json: HTTP 503"
    assert [error for error in broken.errors if "503" not in error] == []  # the failed load, and nothing else


def test_landing_and_section_pages(www, host, watched):
    seen = watched()
    page = seen.page
    page.goto(host)
    main = page.get_by_role("main")
    assert main.get_by_role("heading", level=1).text_content() == "Shop docs"
    assert main.get_by_role("heading", name="Authentication").count() == 1
    pets = main.get_by_role("link", name="pets", exact=True)
    assert pets.locator("xpath=..").text_content().count("operations") == 1
    pets.click()
    page.wait_for_url("**/shop-api/pets/")
    assert main.get_by_role("heading", level=1).text_content() == "pets"
    assert "Everything about pets" in main.text_content()
    # the sidebar marks the current section, and links the others to their pages; a group of few operations
    # lists every one of them (a larger group: the current section's only, tests/test_extras.py)
    sidebar = page.get_by_role("navigation", name="Documentation")
    assert sidebar.get_by_role("link", name="pets", exact=True).get_attribute("aria-current") == "page"
    assert sidebar.get_by_role("link", name="Create a pet").count() == 1
    assert sidebar.get_by_role("link", name="List orders").count() == 1
    main.get_by_role("link", name="Create a pet").click()
    page.wait_for_url("**/shop-api/pets/create-pet/")
    sidebar.get_by_role("link", name="orders", exact=True).click()
    page.wait_for_url("**/shop-api/orders/")
    assert main.get_by_role("heading", level=1).text_content() == "orders"
    assert seen.errors == []


def test_an_unknown_address_shows_the_404_page_with_working_search(host, watched):
    seen = watched()
    page = seen.page
    response = page.goto(host + "shop-api/no/such/page/")
    assert response.status == 404
    assert page.get_by_role("heading", level=1).text_content() == "Page not found"
    type_into(page, page.get_by_role("combobox", name="Search endpoints"), "create pet")
    page.get_by_role("option").first.wait_for()
    assert page.locator("#search-results .search-title").first.text_content() == "Create a pet"
    page.get_by_role("navigation", name="Documentation").get_by_role("link", name="pets", exact=True).click()
    page.wait_for_url("**/shop-api/pets/")
    # Chromium reports the 404 answer of the page itself; no asset, index or search file is missing
    assert seen.errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]


def test_phone_layout_full_width_search_drawer_and_try_it_below(host, watched):
    seen = watched()
    page = seen.page
    page.set_viewport_size(PHONE)
    page.emulate_media(reduced_motion="reduce")  # the drawer moves at once: no transition to wait for
    page.goto(host + "shop-api/pets/create-pet/")
    search = page.get_by_role("combobox", name="Search endpoints")
    assert search.bounding_box()["width"] >= PHONE["width"] - 40  # full width, not 140 px
    type_into(page, search, "pet")
    panel = page.locator(".search-panel")
    page.get_by_role("option").first.wait_for()
    box = panel.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] and box["width"] >= PHONE["width"] - 40
    path = page.locator("#search-results .search-path").first
    assert path.evaluate("code => code.scrollWidth <= code.clientWidth + 1")  # the whole path, wrapped
    page.keyboard.press("Escape")

    sidebar = page.get_by_role("navigation", name="Documentation")
    menu = page.get_by_role("checkbox", name="Menu")
    assert sidebar.bounding_box()["x"] + sidebar.bounding_box()["width"] <= 0  # the drawer is closed
    page.locator("label[for=nav-drawer]").click()
    assert menu.is_checked()
    assert (
        sidebar.bounding_box()["x"] == 0
        and sidebar.get_by_role("link", name="orders", exact=True).is_visible()
    )
    page.keyboard.press("Escape")  # site.js closes it
    assert not menu.is_checked()

    # Try it comes after the reference, not beside it
    responses = page.get_by_role("heading", name="Responses", exact=True).bounding_box()
    try_it = page.get_by_role("heading", name="Try it").bounding_box()
    assert try_it["y"] > responses["y"]
    assert seen.errors == []


def test_phone_drawer_opens_and_navigates_without_javascript(host, browser):
    context = browser.new_context(java_script_enabled=False, viewport=PHONE, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(host + "shop-api/pets/create-pet/")
        sidebar = page.get_by_role("navigation", name="Documentation")
        assert sidebar.bounding_box()["x"] < 0  # closed
        page.locator("label[for=nav-drawer]").click()
        assert sidebar.bounding_box()["x"] == 0
        sidebar.get_by_role("link", name="orders", exact=True).click()
        page.wait_for_url("**/shop-api/orders/")
        assert page.get_by_role("heading", level=1).text_content() == "orders"
    finally:
        context.close()


def test_the_sites_search_reads_the_whole_search_file(tmp_path, static_server, watched):
    """A word only a request body's field names hold finds its operation in the browser, as Site.search
    finds it (the page's search once read only the file's short texts)."""
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Fields", "version": "1"},
        "paths": {
            "/orders": {
                "post": {
                    "operationId": "createOrder",
                    "summary": "Create an order",
                    "requestBody": {
                        "content": {
                            "application/json": {
                                "schema": {"type": "object", "properties": {"couponcode": {"type": "string"}}}
                            }
                        }
                    },
                    "responses": {"201": {"description": "created"}},
                }
            },
            "/orders/{id}": {
                "get": {
                    "operationId": "getOrder",
                    "summary": "Get an order",
                    "parameters": [
                        {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
                    ],
                    "responses": {"200": {"description": "ok"}},
                }
            },
        },
    }
    path = tmp_path / "fields.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    site = Site.from_description(path)
    assert [entry["title"] for entry in site.search("couponcode")] == ["Create an order"]
    build_site(site, tmp_path / "site", progress=False)
    page = watched().page
    page.goto(static_server(tmp_path / "site") + "index.html")
    search = page.get_by_role("combobox", name="Search endpoints")
    search.click()
    page.keyboard.type("couponcode")
    options = page.get_by_role("listbox", name="Search results").get_by_role("option")
    options.first.wait_for()
    assert page.locator("#search-results .search-title").all_text_contents() == ["Create an order"]
