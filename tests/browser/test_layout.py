"""The layout of the site's pages in headless Chromium (tests/data/layout.yaml): on wide screens the examples
sit beside the reference and stay in sight as the reader scrolls, on phones one column; the responses'
examples are tabs; the form is one click away; and what axe-core asks of every page, checked directly
(axe-core is not vendored): heading levels that never skip, a meta description, tap targets of 24px at
least (44px under a finger)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

pytestmark = pytest.mark.browser

LAYOUT = Path(__file__).resolve().parents[1] / "data" / "layout.yaml"
PLACE = "api/orders/place-order/"
PAGES = ("", "api/", "api/orders/", PLACE, "api/orders/get-order/")  # home, landing, tag, operations

_HEADING_LEVELS = "Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).map(h => +h.tagName[1])"
_TOP = "element => element.getBoundingClientRect().top"


@pytest.fixture(scope="module")
def layout_site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("layout")
    build_site(Site.from_description(LAYOUT), out, progress=False)
    return out


def _opened(watched, width: int, height: int, **options):
    """A watched page of ``width`` x ``height`` CSS pixels."""
    seen = watched(**options)
    seen.page.set_viewport_size({"width": width, "height": height})
    return seen


def _in_view(locator) -> bool:
    box = locator.evaluate("e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }")
    height = locator.page.viewport_size["height"]
    return box[0] >= 0 and box[0] < height and box[1] > 0


def test_wide_screens_show_the_examples_beside_the_reference_as_the_reader_scrolls(
    layout_site, static_server, watched
):
    seen = _opened(watched, 1440, 900)
    page = seen.page
    page.goto(static_server(layout_site) + PLACE)
    column = page.get_by_role("complementary", name="Examples and request form")
    reference = page.locator("article.op")
    left = reference.evaluate("e => e.getBoundingClientRect().right")
    assert column.evaluate("e => e.getBoundingClientRect().left") > left  # beside, not below
    curl = column.locator("[data-samples] pre:has([data-sample=curl])")  # the select shows curl first
    placed = column.get_by_role("tabpanel", name="201 json")
    assert "curl -X POST" in curl.text_content() and '"o-1"' in placed.text_content()
    assert _in_view(curl) and _in_view(placed)  # on the first screen
    # the reference scrolls on; the examples stay
    page.evaluate("window.scrollBy(0, 1200)")
    assert page.evaluate("window.scrollY") > 300
    assert _in_view(placed) and _in_view(column.get_by_role("heading", name="Request example"))
    # the examples left the reference: its responses show schemas, not the same example again
    assert reference.locator("pre.code").count() == 0
    assert seen.errors == []


def test_response_examples_are_tabs_by_status_and_media_type(layout_site, static_server, watched):
    seen = _opened(watched, 1440, 900)
    page = seen.page
    page.goto(static_server(layout_site) + PLACE)
    tabs = page.get_by_role("tablist", name="Response status")
    assert [tab.text_content() for tab in tabs.get_by_role("tab").all()] == ["201 json", "201 xml", "404"]
    first = tabs.get_by_role("tab", name="201 json")
    assert first.get_attribute("aria-selected") == "true"
    first.focus()
    page.keyboard.press("ArrowRight")
    xml = page.get_by_role("tabpanel", name="201 xml")
    assert xml.is_visible() and "<order>" in xml.text_content() and "application/xml" in xml.text_content()
    assert not page.get_by_role("tabpanel", name="201 json").is_visible()
    page.keyboard.press("End")
    problem = page.get_by_role("tabpanel", name="404")
    assert problem.is_visible() and "No such cart 404" in problem.text_content()
    assert "application/problem+json" in problem.text_content()
    page.keyboard.press("ArrowRight")  # wraps around
    assert page.evaluate("document.activeElement.textContent") == "201 json"
    # a response opened in the reference shows its example beside it
    page.locator("#response-404 > summary").click()
    problem.wait_for()  # on the toggle event, which comes after the click
    assert tabs.get_by_role("tab", name="404").get_attribute("aria-selected") == "true"
    linked = _opened(watched, 1440, 900)  # and so does a link to it
    linked.page.goto(static_server(layout_site) + PLACE + "#response-404")
    linked.page.get_by_role("tabpanel", name="404").wait_for()
    assert seen.errors == [] and linked.errors == []


def test_the_form_is_one_click_away_and_still_rewrites_the_samples(layout_site, static_server, watched):
    seen = _opened(watched, 1440, 900)
    page = seen.page
    page.goto(static_server(layout_site) + "api/orders/get-order/")
    page.get_by_role("link", name="Try it", exact=True).click()
    page.wait_for_url("**#try-it")
    form = page.get_by_role("region", name="Try it")
    field = form.get_by_label("id path required")
    assert _in_view(form.get_by_role("heading", name="Try it")) and _in_view(field)
    field.focus()
    page.keyboard.type("o-7")
    # the samples sit above the form, in the same column, and follow what is typed
    assert "/orders/o-7" in page.locator('[data-sample="curl"]').text_content()
    assert seen.errors == []


def test_phones_read_one_column_reference_first(layout_site, static_server, watched):
    seen = _opened(watched, 390, 844, is_mobile=True, has_touch=True)
    page = seen.page
    page.goto(static_server(layout_site) + PLACE)
    column = page.get_by_role("complementary", name="Examples and request form")
    reference_bottom = page.locator("article.op").evaluate("e => e.getBoundingClientRect().bottom")
    assert column.evaluate(_TOP) >= reference_bottom
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    # a finger's tap targets: the "#" links of headings and responses are 44px square
    for link in page.locator(".heading > .anchor, .response-item > .anchor").all():
        box = link.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, link.get_attribute("href")
    assert seen.errors == []


def test_without_javascript_every_example_is_readable(layout_site, static_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1440, "height": 900})
    try:
        page = context.new_page()
        page.goto(static_server(layout_site) + PLACE)
        column = page.get_by_role("complementary", name="Examples and request form")
        for text in ('"o-1"', "<order>", "No such cart 404", "curl -X POST"):
            assert column.get_by_text(text).first.is_visible(), text
        column.get_by_role("link", name="Try it", exact=True).click()
        assert _in_view(page.get_by_role("heading", name="Try it"))
    finally:
        context.close()


@pytest.mark.parametrize("route", PAGES)
def test_every_page_has_a_meta_description_and_headings_that_never_skip_a_level(
    layout_site, static_server, watched, route
):
    page = _opened(watched, 1440, 900).page
    page.goto(static_server(layout_site) + route)
    description = page.locator('meta[name="description"]')
    assert description.count() == 1 and description.get_attribute("content").strip()
    levels = page.evaluate(_HEADING_LEVELS)
    assert levels[0] == 1 and levels.count(1) == 1, levels
    assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), levels
    # the 24px of WCAG 2.5.8 for every "#" link a pointer can reach
    for link in page.locator(".anchor").all():
        if link.is_visible():  # not inside a closed <details>
            box = link.bounding_box()
            assert box["width"] >= 24 and box["height"] >= 24, link.get_attribute("href")


def test_meta_descriptions_say_what_each_page_is_about(layout_site, static_server, watched):
    page = watched().page
    url = static_server(layout_site)
    expected = {
        "": "Orders of a shop, and what happens to them.",  # the API's introduction, its first sentence
        "api/orders/": "Orders you place.",  # the tag's
        PLACE: "Places an order for the items of a cart.",  # the operation's
        "api/orders/get-order/": "Get order: GET /orders/{id}",  # no words of its own: what it is
    }
    for route, text in expected.items():
        page.goto(url + route)
        assert page.locator('meta[name="description"]').get_attribute("content") == text


def test_the_server_select_keeps_its_description_whole_and_variables_read_as_markdown(
    layout_site, static_server, watched
):
    seen = _opened(watched, 1440, 900)
    page = seen.page
    page.goto(static_server(layout_site) + PLACE)
    server = page.get_by_label("Server", exact=True)
    assert server.locator("option").first.text_content() == "https://{region}.shop.test/{version}"
    note = page.get_by_text("The shop's API in the region you chose", exact=False).first
    assert note.is_visible()
    variables = page.locator(".server-variables")
    assert variables.locator("code", has_text="orders").count() == 1  # `orders` is code, not backticks
    assert "`" not in variables.text_content()
    assert seen.errors == []
