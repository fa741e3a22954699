"""The Explorer in a real JupyterLab, driven by headless Chromium: run, search, select, read, in both themes.

JupyterLab runs as a subprocess on 127.0.0.1 with a random token and a temporary root folder; the notebook
creates an ``Explorer`` of GitHub's description (1,223 operations). The widget draws into a shadow root:
playwright's locators look inside it. JupyterLab's fixture lives here, Chromium is the session's (``browser``
in conftest.py); each step has a timeout and teardown kills the server and its kernels.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import sys
from pathlib import Path

import pytest

from .keys import type_into

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
GITHUB = "large/github-api.github.com.json"  # in the dev corpus (the ``corpus`` fixture, tests/conftest.py)

ORGAPI_CELLS = [
    """\
import pathlib

from orgdocs.orgapi import DESCRIPTION_PATH, create_app, in_process_client, open_store, seed_demo
from orgdocs.widgets import Explorer

store = open_store("orgapi.sqlite3")
demo = seed_demo(store)
client = in_process_client(create_app(store))
explorer = Explorer(DESCRIPTION_PATH, client=client, values={"organizationId": demo["organization_id"]})
pathlib.Path("token.txt").write_text(demo["token"])  # for the test to type in; not shown in the page
explorer""",
]


def github_cells(description: Path) -> list[str]:
    return [
        f"""\
from orgdocs.widgets import Explorer

explorer = Explorer({str(description)!r})
explorer""",
    ]


@pytest.fixture
def lab(tmp_path, free_port, jupyter_server):
    """A JupyterLab server: (base URL, token, root folder). Killed, with its kernels, at teardown."""
    assert shutil.which("jupyter"), "jupyter is not installed: pip install -e '.[test]'"
    root = tmp_path / "root"
    root.mkdir()
    token = secrets.token_hex(16)
    port = free_port
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces"),
        "JUPYTER_PLATFORM_DIRS": "1",
    }
    # no "Jupyter news?" prompt over the page, no update check
    notification = (
        tmp_path / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings"
    )
    notification.parent.mkdir(parents=True)
    notification.write_text(json.dumps({"fetchNews": "false", "checkForUpdates": False}), encoding="utf-8")
    # JupyterLab saves widget state into the notebook: the test checks that the token is not in it
    widget_settings = (
        tmp_path / "settings" / "@jupyter-widgets" / "jupyterlab-manager" / "plugin.jupyterlab-settings"
    )
    widget_settings.parent.mkdir(parents=True)
    widget_settings.write_text(json.dumps({"saveState": True}), encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--IdentityProvider.token={token}",  # ServerApp.token's current name
        "--ServerApp.ip=127.0.0.1",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # CI containers run as root
    base = f"http://127.0.0.1:{port}"
    jupyter_server(command, root, env, f"{base}/api/status?token={token}")
    return base, token, root


def _write_notebook(path: Path, sources: list[str]) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}
        for source in sources
    ]
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


def open_and_run(page, base: str, token: str, name: str) -> None:
    """Open notebook ``name`` in JupyterLab, wait for its kernel and run every cell (Run All)."""
    page.goto(f"{base}/lab/tree/{name}?token={token}", wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=60_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function(
        """() => {
            const panel = window.jupyterapp.shell.currentWidget;
            const kernel = panel && panel.sessionContext && panel.sessionContext.session
                && panel.sessionContext.session.kernel;
            return kernel && kernel.status === "idle";
        }""",
        timeout=60_000,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def active_cell(page) -> int:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.activeCellIndex")


@pytest.mark.corpus(GITHUB)
def test_github_explorer_search_keyboard_and_theme(corpus, lab, page, tmp_path):
    base, token, root = lab
    _write_notebook(root / "github.ipynb", github_cells(corpus / GITHUB))
    open_and_run(page, base, token, "github.ipynb")

    listbox = page.get_by_role("listbox", name="Operations")
    listbox.get_by_role("option").first.wait_for(timeout=90_000)
    # the whole navigation, every row drawn: 1,223 operations and 270 x-webhooks
    assert listbox.get_by_role("option").count() == 1493
    page.screenshot(path=str(tmp_path / "github-navigation.png"))

    search = page.get_by_role("combobox", name="Search endpoints")
    type_into(page, search, "create issue")
    results = page.get_by_role("listbox", name="Search results")
    option = results.get_by_role("option", name="Create an issue", exact=False).filter(
        has_text="/repos/{owner}/{repo}/issues"
    )
    option.first.wait_for(timeout=10_000)
    row = option.first
    text = row.inner_text()
    assert "POST" in text and "Create an issue" in text and "/repos/{owner}/{repo}/issues" in text
    # nothing cut off, nothing scrolled sideways: the row and the list fit their boxes
    fits = row.evaluate(
        """(row) => {
            const list = row.closest('[role=listbox]');
            const box = row.getBoundingClientRect(), outer = list.getBoundingClientRect();
            const parts = [row, ...row.querySelectorAll('*')];
            return {
                list: list.scrollWidth <= list.clientWidth,
                parts: parts.every((el) => el.scrollWidth <= el.clientWidth + 1),
                inside: box.left >= outer.left - 1 && box.right <= outer.right + 1,
            };
        }"""
    )
    assert fits == {"list": True, "parts": True, "inside": True}
    page.screenshot(path=str(tmp_path / "github-search.png"))

    # the arrows move through the results, not through the notebook's cells; Enter opens
    cell = active_cell(page)
    titles = [t.strip() for t in results.get_by_role("option").all_inner_texts()]
    position = next(i for i, t in enumerate(titles) if t.startswith("POST\nCreate an issue\n"))
    for _ in range(position):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    heading = page.get_by_role("heading", name="Create an issue", exact=True)
    heading.wait_for(timeout=15_000)
    assert active_cell(page) == cell
    assert row.get_attribute("aria-selected") == "true"
    # the form's live samples: a Language select and Copy buttons, as on the site; the reference's static ones
    # are gone
    tabs = page.get_by_label("Language", exact=True)
    tabs.wait_for(timeout=15_000)
    assert tabs.count() == 1
    assert tabs.locator("option").all_inner_texts()[:3] == ["curl", "Python (httpx)", "Python (requests)"]
    assert page.get_by_role("button", name="Copy curl").count() == 1
    tabs.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "github-samples.png"))
    page.screenshot(path=str(tmp_path / "github-operation.png"))

    # a component folded in the reference opens with the tree the kernel renders for it (its page's, on a site)
    user = page.locator(
        '.ow-operation #response-201 li.schema-row[data-schema-ref="#/components/schemas/nullable-simple-user"]'
    )
    user.first.locator(":scope > details.schema-lazy > summary").click()
    login = user.first.locator("details .schema-name").filter(has_text=re.compile("^login$"))
    login.wait_for(timeout=15_000)
    assert login.is_visible() and active_cell(page) == cell
    user.first.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "github-folded-component-opened.png"))

    # "/" from anywhere in the widget goes back to the search box
    heading.click()
    page.keyboard.press("/")
    assert search.evaluate("(input) => input.getRootNode().activeElement === input")
    assert active_cell(page) == cell

    # light, then dark with JupyterLab's theme
    assert _luminance(page, ".ow-root", "backgroundColor") > 0.8
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=20_000)
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=20_000)
    page.locator(".orgdocs-widget-host[data-theme=dark]").wait_for(timeout=10_000)
    assert _luminance(page, ".ow-root", "backgroundColor") < 0.2
    assert _luminance(page, ".ow-root", "color") > 0.7
    page.screenshot(path=str(tmp_path / "github-operation-dark.png"))


def open_operation(scope, name: str) -> None:
    """Search for the operation ``name`` in an Explorer (``scope``: a page or one widget) and open it."""
    box = scope.get_by_role("combobox", name="Search endpoints")
    type_into(box.page, box, name.lower())
    scope.get_by_role("listbox", name="Search results").get_by_role("option", name=name).first.click()
    scope.get_by_role("heading", name=name, exact=True).wait_for(timeout=15_000)


def test_explorer_sends_from_the_kernel_and_saves_no_credential(lab, page, tmp_path):
    base, token, root = lab
    _write_notebook(root / "orgapi.ipynb", ORGAPI_CELLS)
    open_and_run(page, base, token, "orgapi.ipynb")
    page.get_by_role("listbox", name="Operations").get_by_role("option").first.wait_for(timeout=60_000)
    open_operation(page, "List API keys")

    form = page.locator(".ow-form")
    send = form.get_by_role("button", name="Send")
    send.click()
    response = form.locator("[data-response]")
    response.get_by_text("401", exact=True).first.wait_for(
        timeout=15_000
    )  # no credential yet: the server says so

    # a credential typed into the site's form reaches kernel memory, and the kernel sends it
    api_token = (root / "token.txt").read_text()
    type_into(page, form.locator("input[data-cred-scheme], input[data-token]").first, api_token)
    send.click()
    response.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    assert "OK" in response.inner_text()
    response.get_by_text("Table").click()
    assert response.get_by_role("table").count() == 1 and "Staging smoke tests" in response.inner_text()
    response.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "orgapi-sent.png"))

    # saved with its widget state, the notebook holds the answer's page but not the credential
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=15_000)
    saved = (root / "orgapi.ipynb").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in saved and "List API keys" in saved
    assert api_token not in saved


def test_notebook_01_after_run_all_sends_list_api_keys(lab, page, tmp_path):
    base, token, root = lab
    shutil.copytree(NOTEBOOKS, root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    open_and_run(page, base, token, "notebooks/01-explore-org-api.ipynb")
    page.get_by_text("audit chain intact: True").wait_for(timeout=120_000)
    explorer = page.locator(".orgdocs-widget-host").nth(1)  # the one bound to the reference server
    open_operation(explorer, "List API keys")
    explorer.locator(".ow-form").get_by_role("button", name="Send").click()
    response = explorer.locator("[data-response]")
    response.get_by_text("200", exact=True).first.wait_for(timeout=15_000)
    assert "OK" in response.inner_text()
    page.screenshot(path=str(tmp_path / "notebook-01-sent.png"))


def _luminance(page, selector: str, prop: str) -> float:
    """Relative brightness (0..1) of a computed color of the first element matching ``selector`` (looked for
    in the document and in the widgets' shadow roots)."""
    color = page.locator(selector).first.evaluate(f"(element) => getComputedStyle(element).{prop}")
    red, green, blue = (int(part) for part in color[color.index("(") + 1 : color.index(")")].split(",")[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
