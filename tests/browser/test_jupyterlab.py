"""The Explorer in a real JupyterLab, driven by headless Chromium: run, search, select, send, see the answer.

JupyterLab runs as a subprocess on 127.0.0.1 with a random token and a temporary root folder; the notebook
creates an ``Explorer`` of the Organization Management API whose forms talk to the in-process reference
server. The fixtures live here so the test stands alone; each step has a timeout and teardown kills the
server.
"""

from __future__ import annotations

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

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

NOTEBOOK_CELLS = [
    """\
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
explorer.set_token(demo["token"])
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
    if shutil.which("jupyter") is None:
        pytest.skip("jupyter is not installed")
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
        process = subprocess.Popen(command, cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_server(f"{base}/api/status?token={token}", process, log)
        yield base, token, root
    finally:
        # the server and the kernels it started share its process group
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            process.wait(timeout=10)


@pytest.fixture
def page():
    """A headless Chromium page (Debian's chromium), closed at teardown."""
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    playwright_api = pytest.importorskip("playwright.sync_api")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000)
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.set_default_timeout(30_000)
            yield context.new_page()
        finally:
            browser.close()


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
    assert "A token is set" in form.inner_text()
    form.get_by_role("button", name="Send").click()

    result = form.locator(".orgdocs-result")
    result.get_by_text("200 OK").wait_for(timeout=15_000)
    shown = result.inner_text()
    assert '"status": "revoked"' in shown
    assert "/revoke" in shown
    page.screenshot(path=str(tmp_path / "explorer-jupyterlab.png"), full_page=True)
