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
from orgdocs.render.site._templating import ASSETS

from .conftest import READING

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
    page.set_content(f"<!DOCTYPE html><html><body>{out}</body></html>")
    for name in ("samples.js", "request.js", "code-samples.js", "code.js"):
        page.add_script_tag(path=str(ASSETS / name))
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
