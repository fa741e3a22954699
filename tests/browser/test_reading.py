"""Reading an operation page in headless Chromium: deep links, the sample language, copy buttons, variant choices,
callouts, found by role and label (tests/data/reading.yaml)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from orgdocs.project.samples import LANGUAGES

from .keys import type_into
from .sample_box import sample_in

pytestmark = pytest.mark.browser

CREATE = "api/notes/create-note/"
GET = "api/notes/get-note/"


def test_a_deep_link_opens_and_shows_its_response(reading_site, static_server, watched):
    seen = watched()
    page = seen.page
    page.set_viewport_size({"width": 1000, "height": 400})  # shorter than the page
    page.goto(static_server(reading_site) + CREATE + "#response-404")
    response = page.locator("#response-404")
    assert response.get_attribute("open") is not None  # closed on the page, opened by the link
    assert response.is_visible()
    top = response.evaluate("element => element.getBoundingClientRect().top")
    assert page.evaluate("window.scrollY") > 0 and 40 <= top < 200  # scrolled to, below the top bar
    link = page.get_by_role("link", name="Link to response default")
    assert link.get_attribute("href") == "#response-default"
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**#response-default")
    # site.js opens it on the hashchange event, which may come after the URL has changed
    page.wait_for_selector("#response-default[open]", timeout=5000)
    assert page.locator("#response-default").get_attribute("open") is not None
    assert page.get_by_role("link", name="Link to Responses", exact=True).count() == 1
    assert page.get_by_role("link", name="Link to Try it", exact=True).count() == 1
    assert seen.errors == []


def test_headings_are_named_by_their_text_and_their_deep_links_sit_beside_them(
    reading_site, static_server, watched
):
    seen = watched()
    page = seen.page
    page.goto(static_server(reading_site) + CREATE)
    opacity = "element => getComputedStyle(element).opacity"
    focused = "document.activeElement.getAttribute('aria-label')"
    # in the page's order: the reference, then the column of examples and the form
    for name in ("Request body", "Responses", "Request example", "Response examples", "Try it"):
        heading = page.get_by_role("heading", name=name, exact=True)
        assert heading.count() == 1, name  # not "Responses Link to Responses"
        link = page.get_by_role("link", name=f"Link to {name}", exact=True)
        assert link.count() == 1, name
        page.mouse.move(0, 0)
        assert link.evaluate(opacity) == "0"  # out of the way while reading
        heading.hover()
        assert link.evaluate(opacity) == "1"
        page.mouse.move(0, 0)
        # reachable with Tab (in the page's order), and shown when focused
        for _ in range(60):
            page.keyboard.press("Tab")
            if page.evaluate(focused) == f"Link to {name}":
                break
        assert page.evaluate(focused) == f"Link to {name}"
        assert link.evaluate(opacity) == "1"
    page.get_by_role("link", name="Link to Responses", exact=True).press("Enter")
    page.wait_for_url("**#responses")
    assert seen.errors == []


def test_previous_and_next_follow_the_navigation(reading_site, static_server, watched):
    page = watched().page
    page.goto(static_server(reading_site) + CREATE)
    pager = page.get_by_role("navigation", name="Previous and next operations")
    pager.get_by_role("link", name="Next GET Get a note").click()
    page.wait_for_url("**/" + GET)
    page.get_by_role("navigation", name="Previous and next operations").get_by_role(
        "link", name="Previous POST Create a note"
    ).click()
    page.wait_for_url("**/" + CREATE)


def test_the_sample_language_is_chosen_with_the_keyboard(reading_site, static_server, watched):
    """One "Language" select: every generated language, then the description's own samples."""
    seen = watched()
    page = seen.page
    page.goto(static_server(reading_site) + CREATE)
    select = page.get_by_label("Language", exact=True)
    names = select.locator("option").all_text_contents()
    assert names == [label for _, label in LANGUAGES] + ["Ruby SDK", "PHP"]
    assert select.locator("optgroup").evaluate_all("groups => groups.map(g => g.label)") == [
        "Made from the request",
        "From the description",
    ]
    sample = page.locator("[data-sample]")
    assert sample.text_content().startswith("curl -X POST")
    select.focus()
    page.keyboard.press("ArrowDown")
    assert select.input_value() == "made:python" and "import httpx" in sample.text_content()
    assert sample.locator(".kn").count() >= 1  # coloured as the build colours it
    page.keyboard.press("End")
    php = page.locator(".code-sample-own", has_text="$client->notes()")
    assert php.is_visible() and not sample.is_visible()
    assert php.locator(".nv").count() >= 1  # highlighted at build time
    page.keyboard.press("Home")
    assert sample.is_visible() and sample.text_content().startswith("curl -X POST")
    assert seen.errors == []


def test_the_sample_language_is_remembered_across_pages(reading_site, static_server, watched):
    seen = watched()
    page = seen.page
    site = static_server(reading_site)  # one origin: localStorage is per origin
    page.goto(site + CREATE)
    select = page.get_by_label("Language", exact=True)
    select.focus()
    for _ in range(5):  # from curl: httpx, requests, JavaScript, Node.js, Go
        page.keyboard.press("ArrowDown")
    assert select.input_value() == "made:go"
    assert page.locator("[data-sample]").text_content().startswith("package main")
    page.goto(site + GET)
    expect(page.get_by_label("Language", exact=True)).to_have_value("made:go")  # once the form has started
    go = page.locator("[data-sample]")
    assert go.text_content().startswith("package main") and "/v1/notes/" in go.text_content()
    assert page.locator("figure.code-sample:not([hidden]) .copy-button").get_attribute("aria-label") == (
        "Copy Go (net/http)"
    )
    type_into(page, page.locator('[data-param-name="id"]'), "42")
    assert "/v1/notes/42" in go.text_content()  # the chosen language follows the form
    page.reload()
    expect(page.locator("[data-sample]")).to_contain_text("package main")
    assert seen.errors == []


def test_generated_samples_still_follow_the_form(reading_site, static_server, watched):
    page = watched().page
    page.goto(static_server(reading_site) + GET)
    curl = page.locator('[data-sample="curl"]')
    built_html = curl.inner_html()
    assert curl.locator(".s1").count() >= 1  # highlighted at build time
    type_into(page, page.locator('[data-param-name="id"]'), "42")
    assert "/v1/notes/42" in curl.text_content()
    # the rewritten sample keeps its colours: the URL is one string token, as the build wrote it
    assert curl.locator(".s1", has_text="/v1/notes/42").count() == 1
    assert "import httpx" in sample_in(page, "python")
    python = page.locator('[data-sample="python"]')
    assert python.locator(".kn").count() >= 1 and python.locator(".s2").count() >= 1
    type_into(page, page.locator('[data-param-name="id"]'), "<b>y</b>")
    assert python.locator("b").count() == 0 and "%3Cb%3Ey%3C%2Fb%3E" in python.text_content()
    sample_in(page, "curl")
    assert built_html.count('class="s1"') == curl.inner_html().count('class="s1"')


def test_copy_buttons_copy_the_current_text(reading_site, static_server, watched):
    seen = watched(permissions=["clipboard-read", "clipboard-write"])
    page = seen.page
    page.goto(static_server(reading_site) + GET)
    type_into(page, page.locator('[data-param-name="id"]'), "7")
    button = page.get_by_role("button", name="Copy curl")
    button.click()
    expect(button).to_have_text("Copied")  # not wait_for_function: its string is eval, which the CSP refuses
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("curl -X GET") and "/v1/notes/7" in copied
    example = page.get_by_role("button", name=re.compile(r"^Copy 200 The note application.json")).first
    example.click()
    expect(example).to_have_text("Copied")
    assert '"text"' in page.evaluate("navigator.clipboard.readText()")
    assert seen.errors == []


def test_a_variant_is_chosen_with_a_selector(reading_site, static_server, watched):
    seen = watched()
    page = seen.page
    page.goto(static_server(reading_site) + CREATE)
    response = page.locator("#response-201")
    response.locator("details.schema-more > summary", has_text="1 field, 2 variants").first.click()  # pet's
    choice = response.get_by_role("group", name="One of: choose a variant")
    cat = choice.get_by_role("button", name="cat")
    dog = choice.get_by_role("button", name="dog")
    assert cat.get_attribute("aria-pressed") == "true" and dog.get_attribute("aria-pressed") == "false"
    response.get_by_text("How well the cat hunts.").wait_for()  # a component: fetched from its page
    assert not response.get_by_text("The size of the pack.").is_visible()
    dog.click()
    assert dog.get_attribute("aria-pressed") == "true"
    response.get_by_text("The size of the pack.").wait_for()
    assert not response.get_by_text("How well the cat hunts.").is_visible()
    assert response.get_by_text("string or integer").first.is_visible()  # a union of scalars, inline
    assert seen.errors == []


def test_callouts_and_wide_tables(reading_site, static_server, watched):
    page = watched().page
    page.goto(static_server(reading_site) + CREATE)
    note = page.get_by_role("note").filter(has_text="Notes are kept for thirty days.")
    assert note.get_by_text("Note", exact=True).is_visible()
    assert page.get_by_role("note").filter(has_text="Deleting is final.").get_by_text("Warning").is_visible()
    code = page.locator(".op-description td code").first
    assert code.evaluate("element => getComputedStyle(element).whiteSpace") == "nowrap"


def test_without_javascript_every_sample_is_readable(reading_site, static_server, browser):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(static_server(reading_site) + CREATE)
        for caption in ("curl", "Ruby SDK", "PHP"):  # the default language's sample, and the description's
            assert page.locator("figcaption", has_text=caption).first.is_visible()
        assert page.get_by_text('client.notes.create(text: "hi")').is_visible()
        # a component below a tree's root is read on its page, and its variants on theirs, a link away each
        response = page.locator("#response-201")
        pet = response.locator("li.schema-row", has=page.locator(".schema-name", has_text="pet")).first
        pet.locator(":scope > details > summary").click()
        assert pet.get_by_text("on its own page: follow its name").is_visible()
        pet.locator(".schema-type a.schema-ref").first.click()
        page.locator(".schema-tree a.schema-ref", has_text="Cat").first.click()
        assert page.get_by_text("How well the cat hunts.").count() >= 1
    finally:
        context.close()


_CONTRAST = """element => {
  const rgb = value => value.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(c => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  const style = getComputedStyle(element);
  const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((x, y) => y - x);
  return {ratio: (a + 0.05) / (b + 0.05), opacity: style.opacity, background: style.backgroundColor};
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_copy_buttons_read_at_4_5_to_1_and_code_blocks_take_the_focus(
    reading_site, static_server, watched, scheme
):
    seen = watched(color_scheme=scheme)
    page = seen.page
    page.goto(static_server(reading_site) + CREATE)
    button = page.get_by_role("button", name="Copy curl")
    found = button.evaluate(_CONTRAST)
    # an opaque button (its colors are what the reader sees) at WCAG's 4.5:1 for text at rest
    assert found["opacity"] == "1" and not found["background"].startswith("rgba"), found
    assert found["ratio"] >= 4.5, found
    blocks = page.locator("pre")
    assert blocks.count() >= 4
    assert blocks.evaluate_all("pres => pres.every(pre => pre.tabIndex === 0)")
    example = page.locator(".example-panel pre.code").first
    example.focus()
    assert page.evaluate("document.activeElement.tagName") == "PRE"
    assert seen.errors == []


def test_every_schema_field_has_an_anchor_and_a_link_that_opens_it(reading_site, static_server, watched):
    seen = watched()
    page = seen.page
    page.set_viewport_size({"width": 1000, "height": 500})
    page.goto(static_server(reading_site) + CREATE + "#response-201.pet.dog.packSize")
    # the deep link fetched the variant it names (a component folded in the page), chose it, opened the
    # fields around it and scrolled to it
    target = page.locator('[id="response-201.pet.dog.packSize"]')
    target.wait_for()
    page.wait_for_function(
        "() => { const top = document.getElementById('response-201.pet.dog.packSize').getBoundingClientRect().top;"
        " return 40 <= top && top < 300; }"
    )
    ids = page.evaluate("Array.from(document.querySelectorAll('.schema-row > .schema-head')).map(h => h.id)")
    assert "request-body.text" in ids and "response-201.pet.dog.packSize" in ids
    assert "" not in ids and len(ids) == len(set(ids))  # every row, each once
    assert page.get_by_role("button", name="dog").get_attribute("aria-pressed") == "true"
    link = page.get_by_role("link", name="Link to field text", exact=True)
    assert link.count() == 2  # the request's and the response's text
    assert link.first.get_attribute("href") == "#request-body.text"
    link.first.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**#request-body.text")
    assert seen.errors == []


def test_opened_from_disk_a_page_says_how_to_serve_it_and_reads_as_without_scripts(
    reading_site, static_server, watched
):
    # browsers load no module script from file://: the page must not look as if search and Try it worked
    seen = watched()
    seen.page.goto((reading_site / CREATE.strip("/") / "index.html").as_uri())
    note = seen.page.get_by_role("note").filter(has_text="opened from a file")
    assert note.is_visible()
    assert note.get_by_text("python -m http.server --bind 127.0.0.1").is_visible()
    assert seen.page.get_by_role("combobox", name="Search endpoints").is_disabled()
    assert not seen.page.get_by_role("button", name="Dark theme").is_visible()
    for caption in ("curl", "Ruby SDK"):  # laid out as without scripts: every sample shown, none behind a tab
        assert seen.page.locator("figcaption", has_text=caption).first.is_visible()

    served = watched()
    served.page.goto(static_server(reading_site) + CREATE)
    served.page.get_by_role("button", name="Dark theme").wait_for()
    assert served.page.get_by_role("note").filter(has_text="opened from a file").count() == 0
