"""``orgdocs demo`` end to end: the real command in a subprocess, its docs' request form in headless Chromium.

The demo runs as ``python -m orgdocs demo`` on two free loopback ports, with its database in a temporary
folder. The browser lists the demo organization's API keys with the printed token, revokes one with an
Idempotency-Key (and replays it), lists again and sees it revoked, then pauses a webhook. Every wait has a
timeout, and a watchdog kills the demo if the test never ends.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

import orgdocs

from .keys import type_into

pytestmark = pytest.mark.browser

REPOSITORY = Path(orgdocs.__file__).resolve().parents[1]
START_TIMEOUT = 30.0  # seconds for the demo to print its token and answer on both ports
STOP_TIMEOUT = 10.0  # seconds between SIGINT and SIGKILL
WATCHDOG = 120.0  # the demo is killed after this long whatever happens
UI_TIMEOUT = 10_000  # milliseconds, for every browser wait

LINES = {
    "api": re.compile(r"^Organization Management API\s+(\S+)\s+\(database (.+)\)$"),
    "docs": re.compile(r"^Docs\s+(\S+)$"),
    "organization_id": re.compile(r"^Demo organization\s+(\S+)$"),
    "token": re.compile(r"^Demo bearer token\s+(odk_\S+)$"),
}


def _free_ports(count: int) -> list[int]:
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


@dataclass
class Demo:
    process: subprocess.Popen
    stdout: Path
    stderr: Path
    docs: str = ""
    api: str = ""
    database: Path | None = None
    organization_id: str = ""
    token: str = ""

    def own_key_id(self) -> str:
        """The id of the API key whose secret the token is, read from the demo database."""
        prefix = self.token.split("_")[1]
        connection = sqlite3.connect(f"{self.database.as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            query = "SELECT id FROM api_keys WHERE prefix IN (?, ?)"
            (found,) = connection.execute(query, (prefix, f"odk_{prefix}")).fetchone()
            return found
        finally:
            connection.close()

    def output(self) -> str:
        return f"stdout:\n{self.stdout.read_text()}\nstderr:\n{self.stderr.read_text()}"

    def wait_started(self) -> None:
        """Read the printed URLs, organization and token, then wait until both servers answer."""
        deadline = time.monotonic() + START_TIMEOUT
        found: dict[str, re.Match] = {}
        while len(found) < len(LINES):
            if self.process.poll() is not None:
                pytest.fail(f"orgdocs demo exited with {self.process.returncode}\n{self.output()}")
            if time.monotonic() > deadline:
                pytest.fail(f"orgdocs demo printed no token within {START_TIMEOUT} s\n{self.output()}")
            for line in self.stdout.read_text().splitlines():
                for name, pattern in LINES.items():
                    match = pattern.match(line.strip())
                    if match:
                        found[name] = match
            time.sleep(0.05)
        self.api = found["api"][1].rstrip("/")
        self.database = Path(found["api"][2])
        self.docs = found["docs"][1].rstrip("/")
        self.organization_id = found["organization_id"][1]
        self.token = found["token"][1]
        for url in (self.docs + "/", self.api + "/openapi.json"):
            while True:
                try:
                    if httpx.get(url, timeout=2).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline or self.process.poll() is not None:
                    pytest.fail(f"no answer at {url} within {START_TIMEOUT} s\n{self.output()}")
                time.sleep(0.05)

    def stop(self) -> int:
        """Ctrl-C, as a user would; SIGKILL if it has not stopped after ``STOP_TIMEOUT``."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=STOP_TIMEOUT)
        return self.process.returncode

    def webhooks(self) -> list[tuple[str, str]]:
        """(id, status) of the demo organization's webhooks, oldest first, read from the demo database.

        The API has no way to list webhooks, and the status must be seen where it is stored: the test reads
        the database file the demo printed, read-only."""
        connection = sqlite3.connect(f"{self.database.as_uri()}?mode=ro", uri=True, timeout=5)
        try:
            return connection.execute(
                "SELECT id, status FROM webhooks WHERE organization_id = ? ORDER BY created_at, id",
                (self.organization_id,),
            ).fetchall()
        finally:
            connection.close()


@pytest.fixture
def demo(tmp_path) -> Iterator[Demo]:
    docs_port, api_port = _free_ports(2)
    folder = tmp_path / "demo"
    out, err = tmp_path / "demo.out", tmp_path / "demo.err"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPOSITORY), env.get("PYTHONPATH")]))
    command = [sys.executable, "-m", "orgdocs", "demo", "--port", str(docs_port), "--api-port", str(api_port)]
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen(
            [*command, "--folder", str(folder)],
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            cwd=tmp_path,
            env=env,
        )
    watchdog = threading.Timer(WATCHDOG, process.kill)
    watchdog.daemon = True
    watchdog.start()
    running = Demo(process, out, err)
    try:
        yield running
    finally:
        watchdog.cancel()
        running.stop()


def _send(page, expected_status: str) -> dict | list:
    """Press Send, wait for the response, check its status and return its JSON body."""
    from playwright.sync_api import expect

    response = page.locator("[data-response]")
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("button", name="Send")).to_be_enabled(timeout=UI_TIMEOUT)
    expect(response.locator(".response-status .status")).to_have_text(expected_status, timeout=UI_TIMEOUT)
    return json.loads(response.locator(".response-body").text_content())


def _open(page, title: str) -> None:
    from playwright.sync_api import expect

    # the sidebar lists the current section's operations only: search finds any of them by its title
    type_into(page, page.get_by_role("combobox", name="Search endpoints"), title)
    expect(page.locator("#search-results .search-title").first).to_have_text(title, timeout=UI_TIMEOUT)
    page.keyboard.press("Enter")
    expect(page.locator("h1.op-title")).to_have_text(title, timeout=UI_TIMEOUT)
    expect(page.get_by_role("button", name="Send")).to_be_enabled(timeout=UI_TIMEOUT)


def test_the_readme_demo_steps_verbatim(demo, watched, tmp_path):
    """The README's "The demo" steps, as written: nothing typed but the token."""
    from playwright.sync_api import expect

    demo.wait_started()
    seen = watched()
    page = seen.page
    page.set_default_timeout(UI_TIMEOUT)
    own_prefix = "_".join(demo.token.split("_")[:2])  # odk_<prefix>, as listings show it
    assert f"The token's API key          {demo.own_key_id()}" in demo.stdout.read_text()
    preview = page.locator("[data-preview-url]")

    # 1. Open the docs and choose List API keys in the sidebar.
    page.goto(demo.docs + "/")
    _open(page, "List API keys")
    expect(preview).to_have_text(f"{demo.api}/organizations/{demo.organization_id}/api-keys")
    # 2. Paste the token into "BearerAuth (bearer token)" and press Send: 200, the organization's seven keys.
    type_into(page, page.get_by_label("BearerAuth (bearer token)"), demo.token)
    keys = _send(page, "200")["data"]
    assert len(keys) == 7
    assert [key["prefix"] for key in keys].count(own_prefix) == 1
    newest = keys[0]  # newest first
    assert newest["prefix"] != own_prefix and newest["status"] == "active"

    # 3. Choose Revoke an API key and press Send: 200, the newest key is revoked.
    _open(page, "Revoke an API key")
    expect(page.get_by_label("BearerAuth (bearer token)")).to_have_value(demo.token)
    revoked = _send(page, "200")
    assert (revoked["id"], revoked["status"]) == (newest["id"], "revoked")

    # 4. Choose Update a webhook subscription and press Send: 200, the webhook is paused.
    webhook_id, status = demo.webhooks()[0]
    assert status == "active"
    _open(page, "Update a webhook subscription")
    updated = _send(page, "200")
    assert (updated["id"], updated["status"]) == (webhook_id, "paused")
    assert demo.webhooks()[0] == (webhook_id, "paused")

    # beyond the README: an Idempotency-Key makes a retry a replay of the first response
    _open(page, "Revoke an API key")
    page.get_by_role("button", name="Generate a UUID").click()
    first = _send(page, "200")
    assert _send(page, "200") == first
    replayed = page.locator("[data-response] .headers th", has_text="idempotent-replayed")
    expect(replayed).to_have_count(1)
    _open(page, "List API keys")
    relisted = {key["id"]: key["status"] for key in _send(page, "200")["data"]}
    assert relisted == {key["id"]: key["status"] for key in keys} | {newest["id"]: "revoked"}

    page.locator("[data-response]").scroll_into_view_if_needed()
    page.screenshot(path=str(tmp_path / "demo.png"))
    assert seen.errors == []
    assert seen.dialogs == []
    # Ctrl-C with the page still open (its reload stream too) stops both servers at once, without errors;
    # 130 is the CLI's exit status for Ctrl-C
    assert demo.stop() in (0, 130), demo.output()
    assert "Traceback" not in demo.stderr.read_text() and "ERROR" not in demo.stderr.read_text(), (
        demo.output()
    )
    with pytest.raises(httpx.TransportError):
        httpx.get(demo.api + "/openapi.json", timeout=2)
