"""404.html in headless Chromium, served the way static hosts serve it: for any unknown address at any depth,
also when the site lives below a sub-path (https://user.github.io/project/). Its links, stylesheet, scripts
and search work from there (tests/data/reading.yaml)."""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from .keys import type_into

pytestmark = pytest.mark.browser


class _PagesHost(http.server.SimpleHTTPRequestHandler):
    """Serves the build below ``/project/`` and answers every unknown address with its 404.html (status 404),
    as GitHub Pages does for a project site; nothing is served outside ``/project/``."""

    PREFIX = "/project/"

    def send_head(self):
        path = self.path.split("?", 1)[0]
        if path.startswith(self.PREFIX):
            self.path = "/" + self.path[len(self.PREFIX) :]
            local = Path(self.translate_path(self.path))
            if local.is_file() or (local / "index.html").is_file():
                return super().send_head()
            page = (Path(self.directory) / "404.html").read_bytes()
        else:
            page = b"<!DOCTYPE html><title>Not here</title><p>Nothing at the host's root."
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        return _Body(page)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Body:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, *args: object) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        pass


@pytest.fixture(scope="module")
def host(reading_site) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_PagesHost, directory=str(reading_site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def _script_errors(errors: list[str]) -> list[str]:
    # the page first asks for its files at the host's root, which has none: those loads fail by design
    return [e for e in errors if "Failed to load resource" not in e and "MIME type" not in e]


@pytest.mark.parametrize("missing", ["nothing-here", "some/missing/deep/route", "api/notes/gone/"])
def test_the_404_page_works_below_a_sub_path_at_any_depth(host, watched, missing):
    seen = watched()
    page = seen.page
    response = page.goto(host + "project/" + missing)
    assert response.status == 404
    assert page.get_by_role("heading", name="Page not found", exact=True).is_visible()
    # the site's stylesheet and scripts: the theme button is shown by theme.js, styled by site.css
    toggle = page.get_by_role("button", name="Dark theme")
    toggle.wait_for()
    assert page.locator(".skip-link").evaluate("e => getComputedStyle(e).position") == "absolute"
    # search loads the endpoint index from the site's folder
    type_into(page, page.get_by_role("combobox", name="Search endpoints"), "note")
    page.get_by_role("option").first.wait_for()
    # links lead into the site
    sidebar = page.get_by_role("navigation", name="Documentation")
    assert sidebar.get_by_role("link").first.get_attribute("href").startswith("/project/")
    page.get_by_role("link", name="the home page").click()
    page.wait_for_url(host + "project/index.html")
    assert page.title() and "Page not found" not in page.title()
    assert _script_errors(seen.errors) == []


def test_the_404_page_at_the_hosts_root_needs_no_rewriting(reading_site, static_server, watched):
    seen = watched()
    page = seen.page
    page.goto(static_server(reading_site) + "404.html")
    page.get_by_role("button", name="Dark theme").wait_for()
    assert page.get_by_role("link", name="the home page").get_attribute("href") == "/index.html"
    assert seen.errors == []
