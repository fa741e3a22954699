"""A blank page in Chromium holding some of the site's scripts, for tests that call them directly (the case
files of ``tests/cases``): it fails the test when a script logs an error."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from orgdocs.render.site._templating import ASSETS


@contextmanager
def script_page(browser, *names: str) -> Iterator:
    """A page with the assets ``names`` loaded in order; no error may reach its console."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_content("<!DOCTYPE html><html><body></body></html>")
    for name in names:
        page.add_script_tag(path=str(ASSETS / name))
    try:
        yield page
    finally:
        context.close()
    assert errors == []
