"""The audit trail's hash chain: how an event is hashed and how a trail is verified.

Each event's ``hash`` is the SHA-256 of its canonical JSON form, which includes the previous event's hash
(``GENESIS`` for the first event of an organization). Changing, removing or reordering any event breaks every
hash after it, so :func:`verify_chain` finds tampering that got past the table's append-only triggers.

Removing the newest events (or all of them) breaks no link: what is left is a shorter, valid chain. The chain
is therefore anchored: each organization's head (``AuditHead``: how many events, and the newest one's hash)
is kept apart from the events, moved forward in the same transaction as each new event, and a trail that
does not end at its head does not verify. The store keeps the head in a table of its own that refuses
deletion and any change but one event forward (``orgdocs.orgapi._sqlite_store``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass

from orgdocs.orgapi._clock import to_datetime
from orgdocs.orgapi._store import AuditEvent

__all__ = [
    "EVENT_API_KEY_REVOKED",
    "EVENT_WEBHOOK_UPDATED",
    "GENESIS",
    "AuditHead",
    "ChainReport",
    "event_hash",
    "verify_chain",
]

EVENT_API_KEY_REVOKED = "api_key.revoked"
EVENT_WEBHOOK_UPDATED = "webhook.updated"  # its target_key_id holds the webhook subscription's id
GENESIS = "0" * 64


def event_hash(
    *,
    id: str,
    organization_id: str,
    type: str,
    actor_key_id: str,
    target_key_id: str,
    occurred_at: int,
    request_id: str,
    prev_hash: str,
) -> str:
    canonical = {
        "id": id,
        "organization_id": organization_id,
        "type": type,
        "actor_key_id": actor_key_id,
        "target_key_id": target_key_id,
        # Full microsecond precision: the hash must pin the stored value, not its rounded display.
        "occurred_at": to_datetime(occurred_at).isoformat(),
        "request_id": request_id,
        "prev_hash": prev_hash,
    }
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@dataclass(frozen=True, slots=True)
class AuditHead:
    """Where an organization's trail ends: how many events it holds, and the newest one's hash."""

    count: int
    hash: str


@dataclass(frozen=True, slots=True)
class ChainReport:
    count: int
    broken_at: AuditEvent | None = None  # the first event whose link or hash does not check out
    reason: str = ""  # also set, with broken_at None, for a trail that does not end at its head

    @property
    def ok(self) -> bool:
        return not self.reason


def verify_chain(events: Iterable[AuditEvent], head: AuditHead | None = None) -> ChainReport:
    """Check one organization's events, oldest first: each links to its predecessor and hashes to itself,
    and (``head`` given) the trail ends where its anchored head says: as many events, the same last hash."""
    previous = GENESIS
    count = 0
    for event in events:
        count += 1
        if event.prev_hash != previous:
            return ChainReport(count, event, "does not link to the previous event")
        expected = event_hash(
            id=event.id,
            organization_id=event.organization_id,
            type=event.type,
            actor_key_id=event.actor_key_id,
            target_key_id=event.target_key_id,
            occurred_at=event.occurred_at,
            request_id=event.request_id,
            prev_hash=event.prev_hash,
        )
        if event.hash != expected:
            return ChainReport(count, event, "its content does not match its hash")
        previous = event.hash
    if head is not None and (count, previous) != (head.count, head.hash):
        return ChainReport(
            count,
            None,
            f"the trail holds {count} event(s) ending in {previous[:16]}, but its anchored head says"
            f" {head.count} ending in {head.hash[:16]}: events were removed (or added outside the store)",
        )
    return ChainReport(count)
