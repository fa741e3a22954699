"""The audit hash chain: each event pins its content and its predecessor."""

from __future__ import annotations

import dataclasses

from orgdocs.orgapi._audit import GENESIS, event_hash, verify_chain
from orgdocs.orgapi._store import AuditEvent


def _chain(count: int) -> list[AuditEvent]:
    events, previous = [], GENESIS
    for seq in range(1, count + 1):
        fields = {
            "id": f"evt_{seq}",
            "organization_id": "org_a",
            "type": "api_key.revoked",
            "actor_key_id": "key_actor",
            "target_key_id": f"key_{seq}",
            "occurred_at": 1_714_564_800_000_000 + seq,
            "request_id": f"req_{seq}",
        }
        digest = event_hash(prev_hash=previous, **fields)
        events.append(AuditEvent(seq=seq, prev_hash=previous, hash=digest, **fields))
        previous = digest
    return events


def test_an_intact_chain_verifies():
    report = verify_chain(_chain(5))
    assert report.ok and report.count == 5
    assert verify_chain([]).ok


def test_a_changed_field_breaks_the_chain_at_that_event():
    events = _chain(5)
    events[2] = dataclasses.replace(events[2], target_key_id="key_other")
    report = verify_chain(events)
    assert not report.ok and report.broken_at.seq == 3 and "content" in report.reason


def test_a_removed_or_reordered_event_breaks_the_link():
    events = _chain(5)
    assert verify_chain(events[:2] + events[3:]).broken_at.seq == 4
    assert verify_chain([events[1], events[0], *events[2:]]).broken_at.seq == 2


def test_the_hash_covers_microseconds():
    events = _chain(1)
    moved = dataclasses.replace(events[0], occurred_at=events[0].occurred_at + 1)
    assert not verify_chain([moved]).ok
