"""A development server on 127.0.0.1 over a small docs project in a temporary folder."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from orgdocs.cli._dev import DevState, serve_dev

DESCRIPTION = """\
openapi: 3.0.3
info: {title: Pets, version: "1"}
servers: [{url: "http://127.0.0.1:9/api"}]
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      summary: List pets
      responses:
        "200": {description: ok}
"""

CONFIG = """\
content: ./content
groups:
  - group: Pets API
    sections:
      - section: Guides
        pages: [intro.md]
      - schema: ./pets.yaml
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class DevServer:
    url: str
    project: Path
    state: DevState

    @property
    def description(self) -> Path:
        return self.project / "content" / "pets.yaml"

    def wait_for(self, condition, timeout: float = 10.0):
        """Poll ``condition()`` until it returns a truthy value; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"condition not met within {timeout} s")


@pytest.fixture
def dev_server(tmp_path: Path) -> Iterator[DevServer]:
    project = tmp_path / "project"
    (project / "content").mkdir(parents=True)
    (project / "docs.config.yaml").write_text(CONFIG)
    (project / "content" / "pets.yaml").write_text(DESCRIPTION)
    (project / "content" / "intro.md").write_text("# Introduction\n\nHello.\n")
    state = DevState(project / "docs.config.yaml", log=lambda text: None)
    port = free_port()
    server = serve_dev(state, port=port)
    stop = threading.Event()
    threads = [
        threading.Thread(target=server.run, daemon=True),
        threading.Thread(target=state.watch, args=(stop, 0.05), daemon=True),
    ]
    for thread in threads:
        thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started, "dev server did not start"
    try:
        yield DevServer(url, project, state)
    finally:
        stop.set()
        server.should_exit = True
        for thread in threads:
            thread.join(timeout=5)


@pytest.fixture
def client(dev_server: DevServer) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=dev_server.url, timeout=10) as http:
        yield http
