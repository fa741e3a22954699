"""Voila serves notebook 01 as an app (the README's Binder link): the Explorers work there, in Chromium.

Voila runs the notebook top to bottom in a fresh kernel and shows only the outputs; nothing a cell does may
close what a widget above still uses. Voila runs as a subprocess on 127.0.0.1 with a random token, on a copy
of ``notebooks/``; teardown stops it and its kernel.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .keys import type_into
from .test_notebook_keys import write_notebook

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def serve_voila(notebook: Path, tmp_path: Path, port: int, jupyter_server) -> str:
    """Voila serving ``notebook`` on 127.0.0.1: the app's URL (with its token)."""
    token = secrets.token_hex(16)
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--token={token}",
    ]
    base = f"http://127.0.0.1:{port}"
    jupyter_server(command, notebook.parent, env, f"{base}/voila/static/")  # any answer: Voila listens
    return f"{base}/?token={token}"


@pytest.fixture
def voila(tmp_path, free_port, jupyter_server):
    """Voila serving a copy of notebook 01: (URL of the app, folder)."""
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.html"))
    notebook = folder / "01-explore-org-api.ipynb"
    return serve_voila(notebook, tmp_path, free_port, jupyter_server), folder


@contextlib.contextmanager
def _app_page(browser, url: str) -> Iterator[tuple]:
    """A page of the Voila app at ``url`` (1300 x 1000) and the errors it throws; closed after the block."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    context.set_default_timeout(30_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url, timeout=120_000)
        yield page, errors
    finally:
        context.close()


def test_voila_serves_notebook_01_and_its_explorer_sends(voila, browser, tmp_path):
    url, _ = voila
    with _app_page(browser, url) as (page, errors):
        # every cell ran: the last output (the revoked key, after the audit trail) is on the page
        page.get_by_text("audit chain intact: True").wait_for(timeout=120_000)
        explorers = page.locator(".orgdocs-widget-host")
        explorers.nth(1).wait_for(timeout=60_000)
        assert explorers.count() == 2
        # the second Explorer is bound to the reference server and holds the demo token
        second = explorers.nth(1)
        second.get_by_role("option").first.wait_for(timeout=30_000)
        type_into(page, second.get_by_role("combobox", name="Search endpoints"), "list api keys")
        second.get_by_role("listbox", name="Search results").get_by_role("option").first.click()
        second.get_by_role("heading", name="List API keys", exact=True).wait_for(timeout=15_000)
        # Send: the kernel sends with the notebook's client and the token it set in kernel memory
        second.locator(".ow-form").get_by_role("button", name="Send").click()
        response = second.locator("[data-response]")
        response.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
        assert "OK" in response.inner_text()
        response.scroll_into_view_if_needed()
        page.screenshot(path=str(tmp_path / "voila-explorer.png"))
        assert not errors, errors


MOCK_EXPLORER = """\
import orgdocs
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.widgets import Explorer

api = orgdocs.load(DESCRIPTION_PATH)
client = orgdocs.mock_client(api)
Explorer(api, client=client)"""


def _list_api_keys_sent(page):
    """The app's "List API keys" found by keys and sent (the mock answers 401: it wants a token): its view and form."""
    view = page.locator(".orgdocs-widget-host")
    type_into(page, view.get_by_role("combobox", name="Search endpoints"), "list api keys")
    page.keyboard.press("Enter")
    view.get_by_role("heading", name="List API keys", exact=True).wait_for()
    form = view.locator(".ow-form")
    form.get_by_role("button", name="Send").click()
    form.locator("[data-response]").get_by_text("401", exact=True).first.wait_for()
    return view, form


def test_in_voila_a_view_speaks_of_python_and_the_page_not_of_cells(
    tmp_path, free_port, jupyter_server, browser
):
    """A Voila app has no cells: Copy as code offers Python (a script or a notebook's cell), never "a cell" to
    paste into, and the request still goes to the mock through the kernel. Its reader has none of the
    kernel's variables either: the code sends with a new connection, not with the notebook's ``client``; and
    the kernel's environment is the app server's, not the reader's: no credential is read from it."""
    folder = tmp_path / "app"
    folder.mkdir()
    write_notebook(folder / "app.ipynb", [("code", MOCK_EXPLORER)])
    url = serve_voila(folder / "app.ipynb", tmp_path, free_port, jupyter_server)
    with _app_page(browser, url) as (page, errors):
        _, form = _list_api_keys_sent(page)
        assert form.get_by_role("button", name="Copy as code").count() == 0
        form.get_by_role("button", name="Copy as Python (httpx)").click()
        code = form.locator(".ow-code-shown")
        code.locator("pre").wait_for()
        said = code.inner_text()
        assert "sends this request again" in said and "into a cell" not in said
        assert "httpx.request(" in said and "client" not in said
        form.get_by_role("button", name="Copy as Python (orgdocs)").click()
        code.get_by_text("RequestForm(").wait_for()
        assert "response = form.send()" in code.inner_text() and "client" not in code.inner_text()
        # nor the app server's environment: a credential is typed, never read from a variable there
        assert form.get_by_label("BearerAuth (bearer token)").is_visible()
        assert form.get_by_label("from an environment variable").count() == 0
        kept = form.locator(".ow-kept-note").inner_text()  # the reader has no notebook: nothing is saved
        assert "never saved" in kept and "notebook" not in kept
        assert all("cell" not in name.lower() for name in form.get_by_role("button").all_inner_texts())
        page.screenshot(path=str(tmp_path / "voila-copy.png"))
        assert not errors, errors


def test_in_a_narrow_app_try_it_keeps_the_view_whole(tmp_path, free_port, jupyter_server, browser):
    """A phone-wide Voila app, an answer shown: "Try it ↓" brings the form into sight by scrolling the view's
    pane and the page, never the view's own box in its output (which clipped the view's top and left a blank
    band under it: what an answer positions in the pane overflowed into the box)."""
    folder = tmp_path / "app"
    folder.mkdir()
    write_notebook(folder / "app.ipynb", [("code", MOCK_EXPLORER)])
    url = serve_voila(folder / "app.ipynb", tmp_path, free_port, jupyter_server)
    context = browser.new_context(viewport={"width": 390, "height": 800})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        page.goto(url, timeout=120_000)
        view, _ = _list_api_keys_sent(page)
        view.get_by_role("button", name="Try it ↓").click()
        shifted = view.evaluate(
            """(host) => { const box = host.closest(".jp-OutputArea-output");
                return host.getBoundingClientRect().top - box.getBoundingClientRect().top; }"""
        )
        page.screenshot(path=str(tmp_path / "voila-narrow-try-it.png"))
        assert shifted == 0
    finally:
        context.close()
