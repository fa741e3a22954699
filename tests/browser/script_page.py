"""A blank page in Chromium holding some of the site's modules, for tests that call them directly (the case
files of ``tests/cases``): it fails the test when a script logs an error.

The modules import their neighbours by relative URL, so the page is served, with ``assets/``, from an origin
that only this page's routes answer (nothing reaches the network); the exports of the modules asked for are
gathered on ``window.orgdocs`` for the test to call (``window.orgdocs.request.buildRequest(...)``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

from orgdocs.render.site._templating import ASSETS

__all__ = ["load_modules", "page_modules", "script_page"]

ORIGIN = "http://orgdocs.test"
BLANK = "<!DOCTYPE html><html><body></body></html>"
_GATHER = """async (urls) => {
  window.orgdocs = {};
  for (const url of urls) Object.assign(window.orgdocs, await import(url));
}"""


def _serve(route) -> None:
    path = urlsplit(route.request.url).path
    name = path.removeprefix("/assets/")
    if path == "/":
        route.fulfill(body=BLANK, content_type="text/html")
    elif path.startswith("/assets/") and "/" not in name and (ASSETS / name).is_file():
        route.fulfill(path=str(ASSETS / name), content_type="text/javascript")
    else:
        route.fulfill(status=404, body="")


def load_modules(page, *names: str) -> None:
    """``page`` made a blank page that has imported the asset modules ``names``, their exports on
    ``window.orgdocs``."""
    page.route(f"{ORIGIN}/**", _serve)
    page.goto(f"{ORIGIN}/")
    page.evaluate(_GATHER, [f"{ORIGIN}/assets/{name}" for name in names])


_FROM_PAGE = """async (names) => {
  const entry = document.querySelector('script[type="module"][src*="/site.js"]');
  window.orgdocs = {};
  for (const name of names) Object.assign(window.orgdocs, await import(new URL(name, entry.src).href));
}"""


def page_modules(page, *names: str) -> None:
    """The exports of the asset modules ``names`` on ``window.orgdocs`` of a page of a built site: imported
    from the folder of the page's own modules, they are the very modules the page runs."""
    page.evaluate(_FROM_PAGE, list(names))


@contextmanager
def script_page(browser, *names: str) -> Iterator:
    """A page with the asset modules ``names`` imported (``load_modules``); no error may reach its console."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    load_modules(page, *names)
    try:
        yield page
    finally:
        context.close()
    assert errors == []
