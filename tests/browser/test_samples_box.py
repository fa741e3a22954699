"""The samples box beside no form (a notebook's OperationView shows ``operation_html``): the request it was
built from travels in the box, so every language is there too, written as Python writes it."""

from __future__ import annotations

import html
import json
import re

import pytest

from orgdocs.project import Site
from orgdocs.project._requests import RequestParts
from orgdocs.project.samples import LANGUAGES, code_samples
from orgdocs.render._html import operation_html

from .conftest import READING
from .script_page import load_modules

pytestmark = pytest.mark.browser


def test_a_box_without_a_form_writes_every_language(watched):
    out = operation_html(Site.from_description(READING), "/api/notes/create-note")
    given = json.loads(html.unescape(re.search(r'data-request="([^"]*)"', out).group(1)))
    parts = RequestParts(
        given["method"],
        given["url"],
        [tuple(h) for h in given["headers"]],
        given["body"],
        given["mediaType"],
        variables=given["variables"],
    )
    seen = watched()
    page = seen.page
    load_modules(page, "code-samples.js", "code.js")
    # a notebook's OperationView: the reference alone, its code blocks wired with the samples
    page.evaluate(
        """(html) => {
            document.body.innerHTML = html;
            window.orgdocs.codeBlocks(document.body, { samples: window.orgdocs.samples });
        }""",
        out,
    )
    select = page.get_by_label("Language", exact=True)
    labels = select.locator("option").all_text_contents()
    assert labels[: len(LANGUAGES)] == [label for _, label in LANGUAGES]
    select.focus()
    expected = code_samples(parts)
    for key, _ in LANGUAGES:
        assert select.input_value() == "made:" + key
        assert page.locator("[data-sample]").text_content() == expected[key], key
        page.keyboard.press("ArrowDown")
    assert seen.errors == []
