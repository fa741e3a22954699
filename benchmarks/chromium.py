"""Headless Chromium (Debian's /usr/bin/chromium) on a folder served from 127.0.0.1: what the benchmarks that
time a reader's wait in the browser share (``build.py``'s first page, ``search.py --browser``)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextlib.contextmanager
def served_page(folder: Path) -> Iterator[tuple[Any, str]]:
    """A new page of headless Chromium and the URL ``folder`` is served at (``http://127.0.0.1:PORT/``)."""
    from playwright.sync_api import sync_playwright

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            try:
                yield browser.new_page(), f"http://127.0.0.1:{server.server_address[1]}/"
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
