"""The case files of ``tests/cases/inputs`` against ``assets/form-state.js`` in Chromium: the browser must read
what an input holds as they expect, as Python does (``tests/test_input_cases.py``); and a form's Send shows a
text that is not of its input's kind under the field, and sends nothing."""

from __future__ import annotations

import pytest
from input_cases import case_id, cases

from orgdocs.render.site.templating import ASSETS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    for name in ("samples.js", "request.js", "form-state.js"):
        page.add_script_tag(path=str(ASSETS / name))
    yield page
    context.close()
    assert errors == []


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
