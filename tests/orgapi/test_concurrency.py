"""Concurrent writers: one idempotent revocation under 64 simultaneous requests over real connections to a
uvicorn server, several processes writing to one database, and the audit chain after all of it."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from orgdocs.orgapi import SQLiteStore, create_api_key, create_app, seed_demo
from orgdocs.orgapi._audit import verify_chain

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


# -- Idempotency-Key held by a request in flight --------------------------------------------------------------


class _GatedStore(SQLiteStore):
    """A SQLite store whose revocation of ``gated`` waits for ``release``: a request held in flight."""

    def __init__(self, path: Any) -> None:
        super().__init__(path)
        self.gated = ""
        self.entered = threading.Event()
        self.release = threading.Event()

    def revoke_api_key(self, organization_id: str, api_key_id: str, **kwargs: Any) -> Any:
        if api_key_id == self.gated:
            self.entered.set()
            assert self.release.wait(timeout=60)
        return super().revoke_api_key(organization_id, api_key_id, **kwargs)


@pytest.fixture
def gated(db_path, clock) -> Iterator[tuple[_GatedStore, dict[str, Any]]]:
    store = _GatedStore(db_path)
    yield store, seed_demo(store, clock=clock)
    store.release.set()
    for organization_id in store.organization_ids():
        assert verify_chain(store.audit_events(organization_id)).ok
    store.close()


def _post_in_thread(base_url: str, path: str, headers: dict[str, str]) -> tuple[threading.Thread, list]:
    answers: list[httpx.Response] = []

    def post() -> None:
        with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
            answers.append(client.post(path))

    thread = threading.Thread(target=post)
    thread.start()
    return thread, answers


def test_a_retry_waits_behind_a_stranger_holding_its_key_then_replays(gated, clock):
    store, demo = gated
    org = f"/organizations/{demo['organization_id']}"
    original, other = demo["api_key_ids"][1], demo["api_key_ids"][2]
    headers = {"Authorization": f"Bearer {demo['token']}", "Idempotency-Key": str(uuid.uuid4())}
    app = create_app(store, clock=clock, idempotency_wait=60)
    with serve_in_thread(app) as base_url:
        with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
            first = client.post(f"{org}/api-keys/{original}/revoke")
        assert first.status_code == 200
        # a stranger reuses the key and is held in the store; the original's retry arrives meanwhile
        store.gated = other
        stranger, stranger_answers = _post_in_thread(base_url, f"{org}/api-keys/{other}/revoke", headers)
        assert store.entered.wait(timeout=30)
        retry, retry_answers = _post_in_thread(base_url, f"{org}/api-keys/{original}/revoke", headers)
        retry.join(timeout=1)  # room for a wrong early answer to arrive
        store.release.set()
        for thread in (stranger, retry):
            thread.join(timeout=60)
    assert stranger_answers[0].status_code == 422
    assert retry_answers[0].status_code == 200
    assert retry_answers[0].headers["idempotent-replayed"] == "true"
    assert retry_answers[0].content == first.content
    assert other not in {event.target_key_id for event in store.audit_events(demo["organization_id"])}


def test_while_the_original_is_in_flight_a_twin_replays_and_a_stranger_gets_422(gated, clock):
    store, demo = gated
    org = f"/organizations/{demo['organization_id']}"
    original, other = demo["api_key_ids"][1], demo["api_key_ids"][2]
    headers = {"Authorization": f"Bearer {demo['token']}", "Idempotency-Key": str(uuid.uuid4())}
    store.gated = original
    with serve_in_thread(create_app(store, clock=clock, idempotency_wait=60)) as base_url:
        first, first_answers = _post_in_thread(base_url, f"{org}/api-keys/{original}/revoke", headers)
        assert store.entered.wait(timeout=30)
        store.gated = ""  # the twin reaches the store only after the original: it must not wait there
        twin, twin_answers = _post_in_thread(base_url, f"{org}/api-keys/{original}/revoke", headers)
        stranger, stranger_answers = _post_in_thread(base_url, f"{org}/api-keys/{other}/revoke", headers)
        twin.join(timeout=1)
        store.release.set()
        for thread in (first, twin, stranger):
            thread.join(timeout=60)
    assert first_answers[0].status_code == 200
    assert "idempotent-replayed" not in first_answers[0].headers
    assert twin_answers[0].status_code == 200
    assert twin_answers[0].headers["idempotent-replayed"] == "true"
    assert twin_answers[0].content == first_answers[0].content
    assert stranger_answers[0].status_code == 422


def test_a_twin_still_waiting_after_the_wait_gets_409(gated, clock):
    store, demo = gated
    org = f"/organizations/{demo['organization_id']}"
    target = demo["api_key_ids"][1]
    headers = {"Authorization": f"Bearer {demo['token']}", "Idempotency-Key": str(uuid.uuid4())}
    store.gated = target
    with serve_in_thread(create_app(store, clock=clock, idempotency_wait=0.2)) as base_url:
        first, first_answers = _post_in_thread(base_url, f"{org}/api-keys/{target}/revoke", headers)
        assert store.entered.wait(timeout=30)
        with httpx.Client(base_url=base_url, headers=headers, timeout=60) as client:
            twin = client.post(f"{org}/api-keys/{target}/revoke")
        store.release.set()
        first.join(timeout=60)
    assert twin.status_code == 409
    assert twin.headers["retry-after"] == "1"
    assert twin.headers["content-type"] == "application/problem+json"
    assert first_answers[0].status_code == 200
