"""A server killed between a write and its commit: nothing acknowledged is lost, nothing half-done remains."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import httpx

from orgdocs.orgapi import SQLiteStore
from orgdocs.orgapi._audit import verify_chain

# The server under test: the real app over a store that, once armed, stops inside a revocation's transaction
# (every row written, COMMIT not yet sent), tells the test so, and waits to be killed.
_SERVER = """
import os, socket, sys, threading, time
import uvicorn
from orgdocs.orgapi import create_app
from orgdocs.orgapi._sqlite_store import SQLiteStore

db, folder = sys.argv[1], sys.argv[2]
revoking = threading.local()

class StallingStore(SQLiteStore):
    def revoke_api_key(self, *args, **kwargs):
        revoking.active = True
        try:
            return super().revoke_api_key(*args, **kwargs)
        finally:
            revoking.active = False

    def _commit(self, connection):
        if getattr(revoking, "active", False) and os.path.exists(os.path.join(folder, "armed")):
            open(os.path.join(folder, "stalled"), "w").close()
            time.sleep(600)
        super()._commit(connection)

listener = socket.socket()
listener.bind(("127.0.0.1", 0))
listener.listen(16)
print(listener.getsockname()[1], flush=True)
uvicorn.Server(uvicorn.Config(create_app(StallingStore(db)), log_level="warning")).run(sockets=[listener])
"""


def _wait_for(path: Path, process: subprocess.Popen) -> None:
    for _ in range(3000):  # up to 30 s
        if path.exists() or process.poll() is not None:
            break
        time.sleep(0.01)
    assert path.exists(), "the server never reached the stalled commit"


def test_a_request_killed_before_commit_leaves_no_trace(store, demo, tmp_path):
    organization_id = demo["organization_id"]
    acknowledged_target, doomed_target = demo["api_key_ids"][1], demo["api_key_ids"][2]
    events_before = store.audit_events(organization_id)
    store.close()  # the server process owns the database from here on

    server = subprocess.Popen(
        [sys.executable, "-c", _SERVER, store.path, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        port = int(server.stdout.readline())
        headers = {"Authorization": f"Bearer {demo['token']}"}
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=30) as client:
            acknowledged = client.post(
                f"/organizations/{organization_id}/api-keys/{acknowledged_target}/revoke"
            )
            assert acknowledged.status_code == 200

            (tmp_path / "armed").touch()
            outcome: list[object] = []

            def doomed_request() -> None:
                try:
                    outcome.append(
                        client.post(
                            f"/organizations/{organization_id}/api-keys/{doomed_target}/revoke",
                            headers={"Idempotency-Key": str(uuid.uuid4())},
                        )
                    )
                except httpx.TransportError as error:
                    outcome.append(error)

            thread = threading.Thread(target=doomed_request)
            thread.start()
            _wait_for(tmp_path / "stalled", server)
            os.kill(server.pid, signal.SIGKILL)
            thread.join(timeout=30)
        assert len(outcome) == 1 and isinstance(outcome[0], httpx.TransportError)  # never acknowledged
    finally:
        if server.poll() is None:
            server.kill()
        server.wait(timeout=30)
        server.stdout.close()

    reopened = SQLiteStore(store.path)  # recovers from the WAL left by the killed process
    try:
        statuses = {key.id: key for key in reopened.list_api_keys(organization_id, 100).keys}
        assert statuses[acknowledged_target].revoked_at is not None
        assert statuses[doomed_target].revoked_at is None
        events = reopened.audit_events(organization_id)
        assert [event.target_key_id for event in events] == [
            *(event.target_key_id for event in events_before),
            acknowledged_target,
        ]
        assert verify_chain(events).ok
        with reopened._connection() as connection:
            assert connection.execute("SELECT COUNT(*) FROM idempotency_keys").fetchone() == (0,)
            assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        reopened.close()
