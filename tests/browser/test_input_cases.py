"""The case files of ``tests/cases/inputs`` against ``assets/form-state.js`` in Chromium: the browser must read
what an input holds as they expect, as Python does (``tests/test_input_cases.py``); and a form's Send shows a
text that is not of its input's kind under the field, and sends nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from input_cases import case_id, cases

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

from .keys import type_into
from .script_page import script_page

pytestmark = pytest.mark.browser

STATIC = Path(__file__).resolve().parents[1] / "data" / "static"


@pytest.fixture(scope="module")
def page(browser):
    with script_page(browser, "samples.js", "request.js", "form-state.js") as page:
        yield page


def test_read_input(page):
    found = page.evaluate(
        """(cases) => cases.map((c) => {
            const [value, problem] = window.orgdocs.readInput(c.input, c.held);
            return {value: value === undefined ? "undefined" : value, problem: problem};
        })""",
        cases("read_input"),
    )
    differences = [
        f"{case_id(case)}: expected {case['expected']!r}, form-state.js gives {made!r}"
        for case, made in zip(cases("read_input"), found, strict=True)
        if made != case["expected"]
    ]
    assert differences == []


def test_send_shows_a_text_not_of_its_kind_under_its_field(static_server, api_server, watched, tmp_path):
    www = tmp_path / "www"
    build_site(Site(STATIC / "shop" / "docs.config.yaml"), www / "docs", progress=False)
    base = static_server(www) + "docs/"
    api = api_server(base.split("/docs/")[0])
    seen = watched()
    page = seen.page
    page.goto(base + "shop-api/pets/list-pets/")
    type_into(page, page.get_by_label("port"), str(api.port))
    limit = page.get_by_label("limit")
    type_into(page, limit, "2.5")  # a number input takes it; the parameter is an integer
    page.get_by_role("button", name="Send").click()
    error = page.locator('[data-error-for="query:limit"]')
    assert error.text_content() == '"2.5" is not an integer' and error.is_visible()
    assert limit.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.getAttribute('data-param-name')") == "limit"
    assert api.requests == []

    type_into(page, limit, "5")
    page.get_by_role("button", name="Send").click()
    page.locator("[data-response] .response-status").wait_for()
    assert api.requests[-1]["path"] == "/v1/pets?limit=5"
    assert not error.is_visible() and limit.get_attribute("aria-invalid") is None
    assert seen.errors == [] and seen.dialogs == []
