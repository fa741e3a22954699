"""Keys typed in a notebook view are the view's, never the notebook's: in JupyterLab 4 and Notebook 7, driven by
headless Chromium with real key presses (``page.keyboard``, never ``fill``).

Each test opens a notebook of four cells (markdown, the Explorer of the bundled Organization API, code,
markdown), runs it, and then puts the focus on parts of the view that are not text inputs (a result row, the
title, the sample language select) before clicking an input and typing: what JupyterLab would take for
command-mode shortcuts (``r``, ``a``, ``d d``, Ctrl+A, Ctrl+X, Ctrl+V...) must reach the input, and the notebook's cells, read from
the page and from the saved file, stay what they were. The servers (one per test, random port and token,
temporary root) are killed with their kernels at teardown.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
from pathlib import Path

import pytest

from .keys import type_into

pytestmark = pytest.mark.browser

MARKDOWN_BEFORE = "# Keys\n\nThe view below takes every key typed in it."
EXPLORER_CELL = """\
from orgdocs.orgapi import DESCRIPTION_PATH, create_app, in_process_client, open_store, seed_demo
from orgdocs.widgets import Explorer

store = open_store("orgapi.sqlite3")
demo = seed_demo(store)
client = in_process_client(create_app(store))
explorer = Explorer(DESCRIPTION_PATH, client=client, values={"organizationId": demo["organization_id"]})
explorer"""
CODE_AFTER = "answer = 6 * 7\nanswer"
MARKDOWN_AFTER = "The end."
CELLS = [
    ("markdown", MARKDOWN_BEFORE),
    ("code", EXPLORER_CELL),
    ("code", CODE_AFTER),
    ("markdown", MARKDOWN_AFTER),
]

APPS = {
    # name: (jupyter subcommand, URL path of a notebook)
    "lab": ("lab", "lab/tree"),
    "notebook": ("notebook", "notebooks"),
}


def write_notebook(path: Path, cells: list[tuple[str, str]]) -> None:
    def cell(kind: str, source: str) -> dict:
        if kind == "markdown":
            return {"cell_type": "markdown", "metadata": {}, "source": source}
        return {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}

    notebook = {
        "cells": [cell(kind, source) for kind, source in cells],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


def start_app(app: str, tmp_path: Path, port: int, jupyter_server, save_state: bool = True):
    """JupyterLab (``app="lab"``) or Notebook 7 (``"notebook"``) on 127.0.0.1: (base URL, token, root)."""
    assert shutil.which("jupyter"), "jupyter is not installed: pip install -e '.[test]'"
    if app == "notebook":
        pytest.importorskip("notebook", minversion="7")
    subcommand = APPS[app][0]
    root = tmp_path / "root"
    root.mkdir(exist_ok=True)
    token = secrets.token_hex(16)
    settings = tmp_path / "settings"
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    notification = settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    notification.parent.mkdir(parents=True, exist_ok=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    widgets = settings / "@jupyter-widgets" / "jupyterlab-manager" / "plugin.jupyterlab-settings"
    widgets.parent.mkdir(parents=True, exist_ok=True)
    widgets.write_text(json.dumps({"saveState": save_state}), encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "jupyter",
        subcommand,
        "--no-browser",
        f"--IdentityProvider.token={token}",
        "--ServerApp.ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        "--expose-app-in-browser",
    ]
    if app == "lab":
        command += ["--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    base = f"http://127.0.0.1:{port}"
    jupyter_server(command, root, env, f"{base}/api/status?token={token}")
    return base, token, root


KERNEL_IDLE = """() => {
    const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const kernel = panel && panel.sessionContext && panel.sessionContext.session
        && panel.sessionContext.session.kernel;
    return !!kernel && kernel.status === "idle";
}"""

CELLS_ON_PAGE = """() => window.jupyterapp.shell.currentWidget.content.model.toJSON().cells.map(
    (cell) => [cell.cell_type, Array.isArray(cell.source) ? cell.source.join("") : cell.source])"""


def open_notebook(page, app: str, base: str, token: str, name: str, run: bool = True) -> None:
    """Open ``name`` in the app, wait for its kernel and (``run``) run every cell."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    for attempt in (
        1,
        2,
    ):  # a page whose front-end never started (the server still busy) is loaded again once
        page.goto(
            f"{base}/{APPS[app][1]}/{name}?token={token}", wait_until="domcontentloaded", timeout=60_000
        )
        try:
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=60_000)
            break
        except PlaywrightTimeoutError:
            if attempt == 2:
                raise
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    if run:
        page.wait_for_function(KERNEL_IDLE, timeout=60_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def open_explorer(page, app: str, tmp_path: Path, port: int, jupyter_server, name: str, cells) -> Path:
    """A new notebook ``name`` of ``cells`` (``[(cell_type, source)]``), opened in ``app`` and run, once its
    Explorer is drawn and its kernel idle; the server's folder."""
    base, token, root = start_app(app, tmp_path, port, jupyter_server)
    write_notebook(root / name, cells)
    open_notebook(page, app, base, token, name)
    page.get_by_role("listbox", name="Operations").get_by_role("option").first.wait_for(timeout=60_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    return root


def cells_on_page(page) -> list[list[str]]:
    return page.evaluate(CELLS_ON_PAGE)


def focus_in_widget(page) -> bool:
    """The page's focus is inside the view's shadow root (not on the page's body or a cell)."""
    return page.evaluate(
        """() => {
            const host = document.activeElement;
            return !!(host && host.shadowRoot && host.shadowRoot.activeElement);
        }"""
    )


def search_box(page):
    return page.get_by_role("combobox", name="Search endpoints")


@pytest.fixture(params=sorted(APPS))
def app(request):
    return request.param


def test_keys_typed_in_the_view_never_reach_the_notebook(app, tmp_path, free_port, jupyter_server, page):
    root = open_explorer(page, app, tmp_path, free_port, jupyter_server, "keys.ipynb", CELLS)
    operations = page.get_by_role("listbox", name="Operations")
    before = cells_on_page(page)
    assert before == [list(cell) for cell in CELLS]

    # 1. a result row has the focus; then the search box, and a word whose letters are notebook commands
    operations.get_by_role("option").nth(1).click()
    type_into(page, search_box(page), "revoke")
    assert search_box(page).input_value() == "revoke"
    assert cells_on_page(page) == before

    # 2. the view's title; then the search box again
    page.get_by_role("heading", name="Organization Management API").click()
    type_into(page, search_box(page), "list api keys")
    assert search_box(page).input_value() == "list api keys"
    assert cells_on_page(page) == before

    # 3. keys the view has no use for, on parts of it that are not inputs: nothing happens to the cells
    page.get_by_role("heading", name="Organization Management API").click()
    for key in ("a", "b", "r", "m", "y", "d", "d", "x", "c", "v", "z", "Control+a", "Control+x", "Control+v"):
        page.keyboard.press(key)
    results = page.get_by_role("listbox", name="Search results")
    results.get_by_role("option").first.click()
    for key in ("r", "d", "d", "Shift+m", "Control+z"):
        page.keyboard.press(key)
    assert cells_on_page(page) == before

    # 4. an operation with a path parameter: the sample language select has the focus, then the form's input
    type_into(page, search_box(page), "revoke")
    results.get_by_role("option", name="Revoke an API key").first.click()
    page.get_by_role("heading", name="Revoke an API key", exact=True).wait_for(timeout=15_000)
    language = page.get_by_label("Language", exact=True)
    language.wait_for(timeout=15_000)
    # every language is offered once the view's form has made its request (the kernel sends the form)
    page.wait_for_function(
        "(select) => select.options.length > 1", arg=language.element_handle(), timeout=15_000
    )
    language.focus()
    page.keyboard.press("ArrowDown")  # the next sample language: the select's key, not the notebook's
    assert language.input_value() == "made:python"
    assert "import httpx" in page.locator(".ow-form [data-sample]").text_content()
    key_id = page.locator(".ow-form [data-param-name=apiKeyId]")
    type_into(page, key_id, "key_rdma 01")
    assert key_id.input_value() == "key_rdma 01"
    assert cells_on_page(page) == before

    # 5. Send keeps the focus in the view: the next keys are the view's too
    send = page.locator(".ow-form").get_by_role("button", name="Send")
    send.click()
    page.locator(".ow-form [data-response]").get_by_text("401", exact=True).first.wait_for(timeout=15_000)
    page.wait_for_function("() => { const h = document.activeElement; return !!(h && h.shadowRoot); }")
    assert focus_in_widget(page)
    for key in ("r", "a", "d", "d"):
        page.keyboard.press(key)
    assert cells_on_page(page) == before

    # 6. Ctrl+S, the one key let through, saves the notebook; the file holds the cells as they were
    key_id.click()
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=15_000)
    saved = json.loads((root / "keys.ipynb").read_text(encoding="utf-8"))
    assert [[c["cell_type"], "".join(c["source"])] for c in saved["cells"]] == before


def test_what_the_kernel_echoes_never_overwrites_newer_keys(app, tmp_path, free_port, jupyter_server, page):
    open_explorer(page, app, tmp_path, free_port, jupyter_server, "echo.ipynb", CELLS)
    box = search_box(page)
    for pause in (170, 400):  # the query reaches the kernel 150 ms after the last key, and comes back
        box.click()
        page.keyboard.press("Control+a")
        page.keyboard.press("Backspace")
        page.keyboard.type("revo")
        page.wait_for_timeout(pause)
        page.keyboard.type("ke")
        page.wait_for_timeout(600)  # the echo of "revo", then of "revoke", have come back
        assert box.input_value() == "revoke"
    # and the kernel has the box's text
    page.keyboard.press("Escape")  # the search box cleared by the view
    page.wait_for_timeout(400)
    assert box.input_value() == ""


ACTIVE_CELL = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"


def test_escape_with_nothing_to_dismiss_gives_the_keys_back_to_the_notebook(
    app, tmp_path, free_port, jupyter_server, page
):
    """Escape clears the search; pressed again, with nothing left in the view to dismiss, it leaves the view
    as Escape leaves a cell's editor: the notebook's keys work again (``j`` goes to the next cell), where
    the view kept every key until the reader clicked outside it or tabbed through all its controls."""
    open_explorer(page, app, tmp_path, free_port, jupyter_server, "escape.ipynb", CELLS)
    type_into(page, search_box(page), "revoke")
    page.keyboard.press("Escape")
    assert search_box(page).input_value() == ""
    assert focus_in_widget(page)
    view_cell = page.evaluate(ACTIVE_CELL)
    page.keyboard.press("Escape")
    assert not focus_in_widget(page)
    page.keyboard.press("j")
    assert page.evaluate(ACTIVE_CELL) == view_cell + 1
    assert cells_on_page(page) == [list(cell) for cell in CELLS]
