"""The Organization Management API: its OpenAPI description and a real, persistent reference server.

The description ships as ``DESCRIPTION_PATH`` (``openapi.yaml``); the server serves it at ``/openapi.yaml``
and ``/openapi.json``. Run the server with ``orgdocs orgapi serve``, or in-process::

    from orgdocs.orgapi import create_app, in_process_client, open_store, seed_demo

    store = open_store("orgapi.sqlite3")
    demo = seed_demo(store)  # {organization_id, token, api_key_ids, webhook_ids}; the token is api_key_ids[0]
    app = create_app(store)
    with in_process_client(app, headers={"Authorization": f"Bearer {demo['token']}"}) as client:
        client.get(f"/organizations/{demo['organization_id']}/api-keys").json()

``in_process_client`` returns a plain synchronous ``httpx.Client`` (``httpx.ASGITransport`` serves only async
clients). ``starlette.testclient.TestClient(app)`` works too; on Starlette 1.x it warns on import unless the
``httpx2`` package is installed, and is then an ``httpx2.Client``.

More keys: ``create_api_key(store, organization_id, scopes)`` returns ``(token, key)``. The audit trail:
``verify_audit_chain(store, organization_id)``. Storage is behind :class:`Store`; :class:`SQLiteStore` is the
default (WAL, ``synchronous=FULL``). ``description()``: the description as data; ``uvicorn_config(app)``: a
uvicorn config with the server's bounds on every connection. Names load on first use (no Starlette before
a server is asked for).

Behind the face: ``_app`` (the Starlette app, thin handlers) reads a request strictly (``_validation``), runs
the operation (``_service``) and answers JSON or problem+json (``_problems``); ``_store`` and
``_sqlite_store`` (with ``_sqlite_schema``, ``_sqlite_rows``, ``_sqlite_setup``, ``_sqlite_api_keys`` and
``_sqlite_webhooks_audit``) keep the records, ``_audit`` chains their events, ``_cursors``, ``_idempotency``,
``_tokens`` and ``_clock`` are the small rules the service follows, ``_resources`` the JSON of each resource;
``_server``, ``_middleware`` and ``_inprocess`` run the app; ``_provisioning`` makes what the API cannot.
This package is a product beside the renderers: it imports nothing of orgdocs's layers.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from orgdocs._lazy import lazy_face
from orgdocs.orgapi._description import DESCRIPTION_PATH

__all__ = [
    "DESCRIPTION_PATH",
    "SQLiteStore",
    "Store",
    "create_api_key",
    "create_app",
    "description",
    "in_process_client",
    "open_store",
    "seed_demo",
    "uvicorn_config",
    "verify_audit_chain",
]

# Public name -> module; loaded on first use so that importing this package does not import Starlette.
_LAZY = {
    "create_app": "orgdocs.orgapi._app",
    "description": "orgdocs.orgapi._description",
    "uvicorn_config": "orgdocs.orgapi._server",
    "in_process_client": "orgdocs.orgapi._inprocess",
    "SQLiteStore": "orgdocs.orgapi._sqlite_store",
    "Store": "orgdocs.orgapi._store",
    "create_api_key": "orgdocs.orgapi._provisioning",
    "seed_demo": "orgdocs.orgapi._provisioning",
}

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.orgapi._app import create_app
    from orgdocs.orgapi._audit import ChainReport
    from orgdocs.orgapi._description import description
    from orgdocs.orgapi._inprocess import in_process_client
    from orgdocs.orgapi._provisioning import create_api_key, seed_demo
    from orgdocs.orgapi._server import uvicorn_config
    from orgdocs.orgapi._sqlite_store import SQLiteStore
    from orgdocs.orgapi._store import Store


def open_store(path: str | os.PathLike[str]) -> SQLiteStore:
    """The default store: a SQLite database file, created with its tables if missing."""
    from orgdocs.orgapi._sqlite_store import SQLiteStore

    return SQLiteStore(path)


def verify_audit_chain(store: Store, organization_id: str) -> ChainReport:
    """Check an organization's audit trail; ``report.ok`` is False at the first broken link, or when the trail
    does not end at its anchored head (events removed)."""
    from orgdocs.orgapi._audit import verify_chain

    return verify_chain(store.audit_events(organization_id), store.audit_head(organization_id))


__getattr__, __dir__ = lazy_face(__name__, _LAZY)
