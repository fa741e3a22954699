"""Parameters declared with ``content`` on a built page: the form's text input holds the value's text, and
the URL preview, the header and the code samples send it as one value, as ``orgdocs.project._requests`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.project._requests import build_request
from orgdocs.project.samples import code_samples
from orgdocs.render.site._build import build_site

from .keys import type_into
from .sample_box import samples_in_every_language

pytestmark = pytest.mark.browser

CONTENT = Path(__file__).resolve().parents[1] / "data" / "param-content.yaml"


@pytest.fixture(scope="module")
def content_site(tmp_path_factory) -> tuple[Site, Path]:
    site = Site.from_description(CONTENT)
    out = tmp_path_factory.mktemp("content")
    build_site(site, out, progress=False)
    return site, out


def test_the_form_sends_a_content_parameter_as_one_json_text(content_site, static_server, watched):
    site, out = content_site
    route, entry = next(iter(site.operations.items()))
    seen = watched()
    page = seen.page
    page.goto(static_server(out) + route.strip("/") + "/")

    # text inputs labelled with their media type; the required ones start with the description's own example, as JSON text
    assert (
        page.get_by_label("sel path application/json required", exact=True).input_value() == '{"ids":[1,2]}'
    )
    assert (
        page.get_by_label("X-Filter header application/json required", exact=True).input_value()
        == '{"status":"sold"}'
    )
    assert page.get_by_label("q query application/json", exact=True).input_value() == ""
    assert page.get_by_label("q query application/json", exact=True).get_attribute("type") == "text"

    type_into(page, page.get_by_label("q query application/json", exact=True), "[1,2]")
    type_into(page, page.get_by_label("filter query application/json", exact=True), '{"a": 1}')
    type_into(page, page.get_by_label("note query text/plain", exact=True), "a,b c")
    type_into(page, page.get_by_label("sel path application/json required", exact=True), "[5]")
    url = "https://api.example.test/v1/items/%5B5%5D?q=%5B1%2C2%5D&filter=%7B%22a%22%3A%201%7D&note=a%2Cb%20c"
    assert page.locator("[data-preview-url]").text_content() == url
    curl = page.locator('[data-sample="curl"]').first.text_content()
    assert curl == f"curl -X GET '{url}' \\\n  -H 'X-Filter: {{\"status\":\"sold\"}}'\n"

    # every sample is what Python writes for the same texts
    values = {
        "sel": "[5]",
        "q": "[1,2]",
        "filter": '{"a": 1}',
        "X-Filter": '{"status":"sold"}',
        "note": "a,b c",
    }
    parts = build_request(entry.operation, server_url="https://api.example.test/v1", values=values)
    assert parts.url == url
    assert samples_in_every_language(page) == code_samples(parts)
    assert seen.errors == []
