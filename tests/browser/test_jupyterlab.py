"""The Explorer in a real JupyterLab, driven by headless Chromium: run, search, select, send, see the answer.

JupyterLab runs as a subprocess on 127.0.0.1 with a random token and a temporary root folder; the notebook
creates an ``Explorer`` of the Organization Management API whose forms talk to the in-process reference
server. JupyterLab's fixture lives here, Chromium is the session's (``browser`` in conftest.py); each step
has a timeout and teardown kills the server and its kernels.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK_CELLS = [
    """\
import pathlib

from orgdocs.orgapi import DESCRIPTION_PATH, create_app, in_process_client, open_store, seed_demo
from orgdocs.widgets import Explorer

store = open_store("orgapi.sqlite3")
demo = seed_demo(store)
client = in_process_client(create_app(store))
explorer = Explorer(
    DESCRIPTION_PATH,
    client=client,
    values={"organizationId": demo["organization_id"], "apiKeyId": demo["api_key_ids"][1]},
)
pathlib.Path("token.txt").write_text(demo["token"])  # for the test to type in; not shown in the page
explorer""",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_server(url: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"jupyter lab did not answer {url} within {timeout} s:\n{log.read_text()[-3000:]}")


@pytest.fixture
def lab(tmp_path):
    """A JupyterLab server: (base URL, token, root folder). Killed, with its kernels, at teardown."""
    assert shutil.which("jupyter"), "jupyter is not installed: pip install -e '.[test]'"
    root = tmp_path / "root"
    root.mkdir()
    token = secrets.token_hex(16)
    port = _free_port()
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
    log = tmp_path / "jupyter-lab.log"
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
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_server(f"{base}/api/status?token={token}", process, log)
        yield base, token, root
    finally:
        # SIGTERM: the server shuts its kernels down and exits; SIGKILL to its process group if it hangs
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


@pytest.fixture
def page(browser):
    """A page in a fresh context of the session's headless Chromium (``browser``, tests/browser/conftest.py)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def _write_notebook(path: Path) -> None:
    cells = [
        {"cell_type": "code", "metadata": {}, "source": source, "outputs": [], "execution_count": None}
        for source in NOTEBOOK_CELLS
    ]
    notebook = {
        "cells": cells,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook), encoding="utf-8")


def test_explorer_in_jupyterlab_revokes_an_api_key(lab, page, tmp_path):
    base, token, root = lab
    _write_notebook(root / "explore.ipynb")
    page.goto(f"{base}/lab/tree/explore.ipynb?token={token}", wait_until="domcontentloaded", timeout=60_000)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.started", timeout=60_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    # wait for the kernel, then run every cell through JupyterLab's own command
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

    search = page.locator(".orgdocs-navigator input[type=text]")
    search.wait_for(timeout=60_000)
    listbox = page.locator(".orgdocs-nav-list select")
    assert listbox.locator("option").count() == 6  # a group heading, 2 tag headings, 3 operations

    page.screenshot(path=str(tmp_path / "navigator-jupyterlab.png"))
    search.fill("revoke")
    page.wait_for_function(
        "() => document.querySelectorAll('.orgdocs-nav-list select option').length === 1", timeout=10_000
    )
    option = listbox.locator("option").first
    assert "Revoke an API key" in option.inner_text().replace("\xa0", " ")  # the view shows spaces as nbsp
    listbox.select_option(index=0)

    form = page.locator(".orgdocs-request-form")
    form.wait_for(timeout=15_000)
    page.locator(".orgdocs-operation-view").wait_for(timeout=15_000)
    page.screenshot(path=str(tmp_path / "operation-jupyterlab.png"))

    # type the token as a reader would: it moves to kernel memory and the box is emptied
    assert "No credentials set" in form.inner_text()
    api_token = (root / "token.txt").read_text()
    password = form.locator("input[type=password]")
    password.fill(api_token)
    password.press("Enter")
    form.get_by_text("Credentials are set").wait_for(timeout=15_000)
    page.wait_for_function(
        "() => document.querySelector('.orgdocs-request-form input[type=password]').value === ''",
        timeout=10_000,
    )
    form.get_by_role("button", name="Send").click()

    result = form.locator(".orgdocs-result")
    result.get_by_text("200 OK").wait_for(timeout=15_000)
    shown = result.inner_text()
    assert '"status": "revoked"' in shown
    assert "/revoke" in shown
    result.scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "explorer-jupyterlab.png"), full_page=True)
    assert _luminance(page, ".orgdocs-nav-list select", "backgroundColor") > 0.5

    # saved with its widget state, the notebook holds the response but not the token
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=15_000)
    saved = (root / "explore.ipynb").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in saved and "revoked" in saved
    assert api_token not in saved

    # the dark theme: the widgets follow JupyterLab's --jp-* variables
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=20_000)
    page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=20_000)
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('.orgdocs-nav-list select')).backgroundColor"
        " !== 'rgb(255, 255, 255)'",
        timeout=10_000,
    )
    assert _luminance(page, ".orgdocs-nav-list select", "backgroundColor") < 0.3
    assert _luminance(page, ".orgdocs-nav-list select", "color") > 0.5
    assert _luminance(page, ".orgdocs-result pre", "color") > 0.5
    page.screenshot(path=str(tmp_path / "explorer-jupyterlab-dark.png"), full_page=True)


def _luminance(page, selector: str, prop: str) -> float:
    """Relative brightness (0..1) of a computed color of the first element matching ``selector``."""
    color = page.evaluate(f"() => getComputedStyle(document.querySelector({selector!r})).{prop}")
    red, green, blue = (int(part) for part in color[color.index("(") + 1 : color.index(")")].split(",")[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255
