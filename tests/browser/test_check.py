"""The site's form checks each answer against the description in the browser (check.js, with the shipped
validator), and finds what the Python check finds on the same cases (tests/data/conformance-cases.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.render.site._build import build_site

from .script_page import page_modules

pytestmark = pytest.mark.browser

CASES = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "conformance-cases.json").read_text("utf-8")
)["cases"]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    site = Site.from_description(from_document(CASES[0]["document"], "cases.json"))
    out = tmp_path_factory.mktemp("check")
    build_site(site, out, progress=False)
    return site, out


def test_check_js_finds_what_python_finds(built, static_server, watched):
    site, out = built
    seen = watched()
    page = seen.page
    route = next(iter(site.operations))
    page.goto(static_server(out) + route.strip("/") + "/")
    page_modules(page, "check.js")
    for case in CASES:
        case_site = Site.from_description(from_document(case["document"], "cases.json"))
        payload = case_site.payload(next(iter(case_site.operations)))
        found = page.evaluate(
            "([p, s, h, t]) => window.orgdocs.checkResponse(p, s, h, t)",
            [payload, case["status"], case["headers"], case["text"]],
        )
        assert sorted(d["pointer"] for d in found["differences"]) == case["pointers"], case["name"]
    assert seen.errors == []


def test_send_shows_whether_the_answer_matches(tmp_path, static_server, watched):
    """A real Send from a built page to a server that answers one good and one bad body."""
    import http.server
    import threading

    answers = [b'{"id": 1, "name": "Rex"}', b'{"id": "1"}']

    class Answer(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = answers.pop(0)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        document = dict(
            CASES[0]["document"], servers=[{"url": f"http://127.0.0.1:{server.server_address[1]}"}]
        )
        site = Site.from_description(from_document(document, "cases.json"))
        build_site(site, tmp_path / "site", progress=False)
        page = watched().page
        page.goto(static_server(tmp_path / "site") + next(iter(site.operations)).strip("/") + "/")
        field = page.get_by_label("id path required", exact=True)
        field.click()
        page.keyboard.type("1")
        page.get_by_role("button", name="Send").click()
        page.get_by_text("The answer matches the description.").wait_for()
        page.get_by_role("button", name="Send").click()
        page.get_by_text("2 differences from the description:").wait_for()
        items = sorted(page.locator(".check-differences li").all_text_contents())
        assert items == [
            '/id: expected type integer, got "1"',
            "/name: expected this property (required), got missing",
        ]
    finally:
        server.shutdown()
        server.server_close()
