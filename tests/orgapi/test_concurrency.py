"""Concurrent writers: one idempotent revocation under 64 simultaneous requests over real connections to a
uvicorn server, several processes writing to one database, and the audit chain after all of it."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import uuid
from typing import Any

import httpx

from orgdocs.orgapi import create_api_key
from orgdocs.orgapi.audit import verify_chain

from .conftest import serve_in_thread


def test_64_concurrent_revokes_with_one_idempotency_key_act_once(app, store, demo):
    organization_id = demo["organization_id"]
    target = demo["api_key_ids"][1]
    headers = {"Authorization": f"Bearer {demo['token']}", "Idempotency-Key": str(uuid.uuid4())}
    events_before = len(store.audit_events(organization_id))
    barrier = threading.Barrier(64)
    responses: list[httpx.Response] = []
    lock = threading.Lock()

    def revoke(base_url: str) -> None:
        # One client per thread: 64 separate connections.
        with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
            barrier.wait(timeout=60)
            response = client.post(f"/organizations/{organization_id}/api-keys/{target}/revoke")
        with lock:
            responses.append(response)

    with serve_in_thread(app) as base_url:
        threads = [threading.Thread(target=revoke, args=(base_url,)) for _ in range(64)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)

    assert len(responses) == 64
    assert {response.status_code for response in responses} == {200}
    assert len({response.content for response in responses}) == 1
    assert json.loads(responses[0].content)["status"] == "revoked"
    originals = [response for response in responses if "idempotent-replayed" not in response.headers]
    assert len(originals) == 1
    assert len({response.headers["x-request-id"] for response in responses}) == 64
    events = store.audit_events(organization_id)
    assert len(events) == events_before + 1
    assert events[-1].target_key_id == target
    assert events[-1].request_id == originals[0].headers["x-request-id"]
    assert verify_chain(events).ok


_WRITER = """
import sys
from orgdocs.orgapi import SQLiteStore
store = SQLiteStore(sys.argv[1])
for key_id in sys.argv[3:]:
    store.revoke_api_key(sys.argv[2], key_id, now=1, actor_key_id="key_cli", request_id="req_" + key_id,
                         idempotency=None, render=lambda key: (200, b""))
store.close()
"""


def test_several_processes_revoking_at_once_keep_one_valid_chain(store, demo, clock):
    organization_id = demo["organization_id"]
    keys = [
        create_api_key(store, organization_id, ["api_keys:read"], name=f"bulk {index}", clock=clock)[1].id
        for index in range(24)
    ]
    writers = [
        subprocess.Popen([sys.executable, "-c", _WRITER, store.path, organization_id, *keys[index::4]])
        for index in range(4)
    ]
    for writer in writers:
        assert writer.wait(timeout=120) == 0
    events = store.audit_events(organization_id)
    assert sorted(event.target_key_id for event in events[-24:]) == sorted(keys)
    assert verify_chain(events).ok


def test_many_threads_on_one_store_keep_every_write(store, demo, clock):
    organization_id = demo["organization_id"]
    keys = [
        create_api_key(store, organization_id, ["api_keys:read"], name=f"bulk {index}", clock=clock)[1].id
        for index in range(32)
    ]
    errors: list[BaseException] = []

    def revoke(key_id: str) -> Any:
        try:
            store.revoke_api_key(
                organization_id,
                key_id,
                now=2,
                actor_key_id="key_thread",
                request_id=f"req_{key_id}",
                idempotency=None,
                render=lambda key: (200, b""),
            )
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=revoke, args=(key_id,)) for key_id in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert errors == []
    assert {event.target_key_id for event in store.audit_events(organization_id)} >= set(keys)
    assert verify_chain(store.audit_events(organization_id)).ok
