"""Fixtures of the static site's browser tests: headless Chromium, a static file server, a small API, and
the build of tests/data/reading.yaml that several test modules read.

Chromium is Debian's ``/usr/bin/chromium`` driven by Python playwright; without either, the tests that use it
are skipped with one line saying what is missing. Both servers listen on 127.0.0.1 in daemon threads, stop at
the end of the test, and stop by themselves after ``SERVER_LIFETIME`` seconds if a test never ends.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_LIFETIME = 300.0  # seconds
READING = Path(__file__).resolve().parents[1] / "data" / "reading.yaml"


def _serve(server: http.server.ThreadingHTTPServer) -> Callable[[], None]:
    """Serve in a daemon thread; returns the function that stops it (also called by a timer)."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    stopped = threading.Event()

    def stop() -> None:
        if not stopped.is_set():
            stopped.set()
            server.shutdown()
            server.server_close()

    timer = threading.Timer(SERVER_LIFETIME, stop)
    timer.daemon = True
    timer.start()

    def stop_now() -> None:
        timer.cancel()
        stop()
        thread.join(timeout=5)

    return stop_now


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def static_server() -> Iterator[Callable[[Path], str]]:
    """``static_server(folder)`` serves ``folder`` and returns its base URL (``http://127.0.0.1:PORT/``)."""
    stops = []

    def start(folder: Path) -> str:
        handler = functools.partial(_QuietFiles, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        stops.append(_serve(server))
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for stop in stops:
        stop()


@pytest.fixture(scope="session")
def reading_site(tmp_path_factory) -> Path:
    """tests/data/reading.yaml built once for every test that reads its pages; they only read it."""
    out = tmp_path_factory.mktemp("reading")
    build_site(Site.from_description(READING), out, progress=False)
    return out


@dataclass
class Api:
    """A tiny API on 127.0.0.1: ``GET /v1/pets`` answers a JSON list; CORS allows ``origin`` only."""

    url: str
    port: int
    origin: str
    requests: list[dict] = field(default_factory=list)


@pytest.fixture
def api_server() -> Iterator[Callable[[str], Api]]:
    """``api_server(origin)`` starts the API, allowing browser requests from ``origin``."""
    stops = []

    def start(origin: str) -> Api:
        api = Api("", 0, origin.rstrip("/"))

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def _cors(self) -> None:
                if self.headers.get("Origin") == api.origin:
                    self.send_header("Access-Control-Allow-Origin", api.origin)
                    self.send_header("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Trace")
                    self.send_header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")
                    self.send_header("Access-Control-Expose-Headers", "X-Request-Id")
                    self.send_header("Vary", "Origin")

            def do_OPTIONS(self) -> None:
                self.send_response(204)
                self._cors()
                self.end_headers()

            def do_GET(self) -> None:
                api.requests.append(
                    {"method": "GET", "path": self.path, "authorization": self.headers.get("Authorization")}
                )
                if not self.path.startswith("/v1/pets"):
                    self.send_response(404)
                    self._cors()
                    self.end_headers()
                    return
                body = json.dumps([{"id": 1, "name": "Rex", "status": "available"}]).encode()
                self.send_response(200)
                self._cors()
                self.send_header("Content-Type", "application/json")
                self.send_header("X-Request-Id", "req_test_1")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        api.port = server.server_address[1]
        api.url = f"http://127.0.0.1:{api.port}/v1"
        stops.append(_serve(server))
        return api

    yield start
    for stop in stops:
        stop()


@pytest.fixture(scope="package")
def browser():
    """One headless Chromium for the browser tests. Package-scoped: playwright's sync API keeps an event loop
    running in the main thread while it lives, which later tests calling ``anyio.run`` must not see."""
    if not CHROMIUM.exists():
        pytest.skip(f"Chromium not found at {CHROMIUM}: apt install chromium")
    try:
        from playwright import sync_api
    except ImportError:
        pytest.skip("playwright not installed: pip install -e '.[test]'")

    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser):
    """A page in a fresh context of the session's headless Chromium, sized for a notebook and its views."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    try:
        yield context.new_page()
    finally:
        context.close()


@dataclass
class Watched:
    """A browser page with what it reported: console errors, uncaught errors, dialogs."""

    page: object
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)


@pytest.fixture
def watched(browser) -> Iterator[Callable[..., Watched]]:
    """``watched()`` opens a new browser context and page that records console errors and dialogs."""
    contexts = []

    def open_page(**options: object) -> Watched:
        context = browser.new_context(viewport={"width": 1400, "height": 1000}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        found = Watched(page)
        page.on("console", lambda m: found.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: found.errors.append(str(error)))

        def on_dialog(dialog) -> None:
            found.dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        return found

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def jupyter_server(tmp_path) -> Iterator[Callable[..., subprocess.Popen]]:
    """``jupyter_server(command, cwd, env, ready_url)`` starts a Jupyter server (JupyterLab, Voila) in its own
    process group and waits until ``ready_url`` answers (any HTTP status). Teardown sends SIGTERM (the server shuts its kernels
    down), then SIGKILL to the group if it hangs."""
    started: list[subprocess.Popen] = []
    log = tmp_path / "jupyter-server.log"

    def start(command: list[str], cwd: Path, env: dict[str, str], ready_url: str) -> subprocess.Popen:
        with log.open("wb") as out:
            process = subprocess.Popen(
                command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        started.append(process)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(
                    f"{command[2]} exited with {process.returncode}:\n{log.read_text()[-3000:]}"
                )
            try:
                urllib.request.urlopen(ready_url, timeout=2).close()
                return process
            except urllib.error.HTTPError:
                return process
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"{command[2]} did not answer within 60 s:\n{log.read_text()[-3000:]}")

    yield start
    for process in started:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
