"""Idempotency keys for revocation: what makes two requests "the same", and who is handling a key right now.

A response is kept for 24 hours under ``(organization, Idempotency-Key)`` together with a fingerprint of the
request (method, path, calling key). A retry with the same fingerprint gets the stored response again; a
different request under the same key is refused with 422. Storage makes that exact across processes (the
stored response is written in the revocation's own transaction). Within one server process, a request that
arrives while another holds its key waits for it, then the stored response decides: the same request
replays, a different one gets 422. If the holder is still running after ``wait`` seconds, the waiter gets 409.

The holder is not necessarily the first request under the key: a stranger that reuses a key already
answered holds it too until the store has refused it. So a waiter never judges by the holder's fingerprint,
only by what is stored.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio

from orgdocs.orgapi._problems import FieldError, Problem

__all__ = ["RETENTION_US", "InFlight", "fingerprint", "reused_key_problem"]

RETENTION_US = 24 * 3600 * 1_000_000  # 24 hours, in the microseconds the clock module speaks

_POLL_SECONDS = 0.005


def fingerprint(method: str, path: str, caller_key_id: str) -> str:
    return hashlib.sha256(
        "\n".join((method, path, caller_key_id)).encode("utf-8", "surrogatepass")
    ).hexdigest()


def reused_key_problem() -> Problem:
    detail = "this Idempotency-Key was already used for a different request; use a new key for a new request"
    return Problem(422, "idempotency-key-reused", detail, [FieldError(detail, header="Idempotency-Key")])


class InFlight:
    """Idempotency keys that requests in this process are handling at this moment.

    Thread-safe and independent of any event loop, because one application may be driven by several loops
    (uvicorn's, a test client's portal, schemathesis' own thread).
    """

    def __init__(self, wait: float = 5.0) -> None:
        self.wait = wait
        self._lock = threading.Lock()
        self._running: set[tuple[str, str]] = set()

    @asynccontextmanager
    async def hold(self, organization_id: str, key: str) -> AsyncIterator[None]:
        """Claim the key for the duration of the block, waiting for whoever holds it to finish first."""
        slot = (organization_id, key)
        deadline = time.monotonic() + self.wait
        while True:
            with self._lock:
                if slot not in self._running:
                    self._running.add(slot)
                    break
            if time.monotonic() >= deadline:
                raise Problem(
                    409,
                    "idempotency-key-in-use",
                    "a request with this Idempotency-Key is still being processed; retry in a moment",
                    headers={"Retry-After": "1"},
                )
            # Polling keeps this loop-agnostic; waiters hold no worker thread, so the first request can finish.
            await anyio.sleep(_POLL_SECONDS)
        try:
            yield
        finally:
            with self._lock:
                self._running.discard(slot)
