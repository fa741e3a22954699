"""Fixtures for the reference server tests: a fresh SQLite store, a fake clock, a seeded demo organization,
the app and an in-process client that carries the demo token."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx
import pytest

from orgdocs.orgapi import SQLiteStore, create_app, in_process_client, seed_demo
from orgdocs.orgapi._audit import verify_chain


class FakeClock:
    """A clock that stands still until a test moves it."""

    def __init__(self, start: datetime) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> datetime:
        with self._lock:
            return self.now

    def advance(self, delta: timedelta) -> None:
        with self._lock:
            self.now += delta


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2024, 5, 1, 12, 0, tzinfo=timezone.utc))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "orgapi.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(db_path)
    yield store
    # Whatever a test did, the audit trail it leaves behind must still verify.
    for organization_id in store.organization_ids():
        report = verify_chain(store.audit_events(organization_id), store.audit_head(organization_id))
        assert report.ok, report
    store.close()


@pytest.fixture
def demo(store: SQLiteStore, clock: FakeClock) -> dict[str, Any]:
    return seed_demo(store, clock=clock)


@pytest.fixture
def app(store: SQLiteStore, clock: FakeClock) -> Any:
    return create_app(store, clock=clock)


@pytest.fixture
def client(app: Any, demo: dict[str, Any]) -> Iterator[httpx.Client]:
    with in_process_client(app, headers={"Authorization": f"Bearer {demo['token']}"}) as client:
        yield client


@pytest.fixture
def org(demo: dict[str, Any]) -> str:
    """Path of the demo organization."""
    return f"/organizations/{demo['organization_id']}"


@contextlib.contextmanager
def serve_in_thread(app: Any) -> Iterator[str]:
    """Run ``app`` under uvicorn on 127.0.0.1 (a free port) in a thread; yield its base URL; stop it."""
    import uvicorn

    from orgdocs.orgapi._server import uvicorn_config

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(256)
    server = uvicorn.Server(
        uvicorn_config(app, log_level="warning", lifespan="off", timeout_graceful_shutdown=5)
    )
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        for _ in range(1000):  # up to 10 s
            if server.started or not thread.is_alive():
                break
            time.sleep(0.01)
        assert server.started, "uvicorn did not start"
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        listener.close()
