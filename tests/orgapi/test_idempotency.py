"""In-flight idempotency keys within one process: whoever holds a key, the next request waits its turn."""

from __future__ import annotations

import anyio
import pytest

from orgdocs.orgapi._idempotency import InFlight, fingerprint
from orgdocs.orgapi._problems import Problem


def test_fingerprints_tell_requests_apart():
    assert fingerprint("POST", "/a", "key_1") == fingerprint("POST", "/a", "key_1")
    assert fingerprint("POST", "/a", "key_1") != fingerprint("POST", "/b", "key_1")
    assert fingerprint("POST", "/a", "key_1") != fingerprint("POST", "/a", "key_2")


def test_a_twin_waits_for_the_holder_and_then_proceeds():
    in_flight = InFlight(wait=30)
    order: list[str] = []

    async def main() -> None:
        holding = anyio.Event()

        async def first() -> None:
            async with in_flight.hold("org", "k"):
                holding.set()
                order.append("first in")
                await anyio.sleep(0.05)
                order.append("first out")

        async def twin() -> None:
            await holding.wait()
            async with in_flight.hold("org", "k"):
                order.append("twin in")

        async with anyio.create_task_group() as group:
            group.start_soon(first)
            group.start_soon(twin)

    anyio.run(main)
    assert order == ["first in", "first out", "twin in"]


def test_a_waiter_past_the_wait_gets_409_and_keys_are_per_organization():
    in_flight = InFlight(wait=0)

    async def main() -> list[int]:
        statuses = []
        async with in_flight.hold("org", "k"):
            with pytest.raises(Problem) as caught:
                async with in_flight.hold("org", "k"):
                    pass  # pragma: no cover
            statuses.append(caught.value.status)
            async with in_flight.hold("other-org", "k"):  # keys are per organization
                statuses.append(0)
        async with in_flight.hold("org", "k"):  # released: free for anyone
            statuses.append(200)
        return statuses

    assert anyio.run(main) == [409, 0, 200]
