"""Fixtures for the reference server tests: a fresh SQLite store, a seeded demo organization, the app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from orgdocs.orgapi import SQLiteStore, create_app, in_process_client, seed_demo
from orgdocs.orgapi.audit import verify_chain


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "orgapi.sqlite3"


@pytest.fixture
def store(db_path: Path) -> Iterator[SQLiteStore]:
    store = SQLiteStore(db_path)
    yield store
    # Whatever a test did, the audit trail it leaves must still verify.
    for organization_id in store.organization_ids():
        assert verify_chain(store.audit_events(organization_id)).ok
    store.close()


@pytest.fixture
def demo(store: SQLiteStore) -> dict[str, Any]:
    return seed_demo(store)


@pytest.fixture
def app(store: SQLiteStore) -> Any:
    return create_app(store)


@pytest.fixture
def client(app: Any, demo: dict[str, Any]) -> Iterator[httpx.Client]:
    with in_process_client(app, headers={"Authorization": f"Bearer {demo['token']}"}) as client:
        yield client
