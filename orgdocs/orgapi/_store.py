"""The storage seam of the reference server: the records it keeps and the one interface that keeps them.

Everything the HTTP layer needs from storage goes through :class:`Store`, so a PostgreSQL store for several
server instances can be added beside :class:`~orgdocs.orgapi._sqlite_store.SQLiteStore` without touching the
handlers. Methods are synchronous (the server runs them in a worker thread) and every write is one transaction:
either all of it is stored or none of it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from orgdocs.orgapi._clock import to_datetime

if TYPE_CHECKING:
    from orgdocs.orgapi._audit import AuditHead

__all__ = [
    "SCOPES",
    "STATUSES",
    "ApiKey",
    "AuditEvent",
    "DeliveryHealth",
    "IdempotentRequest",
    "KeyPage",
    "Position",
    "Render",
    "Store",
    "StoredResponse",
    "Webhook",
]

SCOPES = ("api_keys:read", "api_keys:write", "webhooks:write")
"""Scopes an API key can carry: list keys, revoke keys, update webhooks."""

STATUSES = ("active", "revoked", "expired")
"""Lifecycle states of an API key."""


@dataclass(frozen=True, slots=True)
class ApiKey:
    id: str
    organization_id: str
    name: str
    prefix: str
    scopes: tuple[str, ...]
    project_ids: tuple[str, ...]
    created_at: int  # instants are microseconds since the epoch (see _clock.py)
    expires_at: int | None = None
    last_used_at: int | None = None
    revoked_at: int | None = None

    def status(self, now: int) -> str:
        """Revocation wins over expiry; expiry is read against the clock, so nothing has to flip it."""
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at is not None and self.expires_at <= now:
            return "expired"
        return "active"


@dataclass(frozen=True, slots=True)
class DeliveryHealth:
    success_rate: float
    failed_last_24h: int
    last_delivery_at: int | None


@dataclass(frozen=True, slots=True)
class Webhook:
    id: str
    organization_id: str
    url: str
    description: str
    events: tuple[str, ...]
    status: str
    signing_secret_last4: str
    delivery_health: DeliveryHealth
    created_at: int


@dataclass(frozen=True, slots=True)
class AuditEvent:
    """One entry of an organization's append-only audit trail, chained to the previous one by ``prev_hash``."""

    seq: int
    id: str
    organization_id: str
    type: str
    actor_key_id: str
    target_key_id: str
    occurred_at: int  # microseconds since the epoch (``_clock``)
    request_id: str
    prev_hash: str
    hash: str

    @property
    def occurred(self) -> datetime:
        """When it happened, in UTC."""
        return to_datetime(self.occurred_at)


@dataclass(frozen=True, slots=True)
class Position:
    """Where a page starts or ends in the key order (newest ``created_at`` first, then ``id``)."""

    created_at: int
    id: str


@dataclass(frozen=True, slots=True)
class KeyPage:
    keys: list[ApiKey]
    has_before: bool  # records precede the first key of this page
    has_after: bool  # records follow the last key of this page


@dataclass(frozen=True, slots=True)
class StoredResponse:
    """A response kept for an idempotency key, replayed byte for byte to a retry of the same request."""

    fingerprint: str
    status: int
    body: bytes


@dataclass(frozen=True, slots=True)
class IdempotentRequest:
    key: str  # the Idempotency-Key header, a lower-case UUID
    fingerprint: str  # what the request was: method, path and caller
    created_at: int  # now
    expired_before: int  # records created before this instant are gone (retention window)


Render = Callable[[ApiKey | None], tuple[int, bytes]]
"""Turns the outcome of a revocation (the key, or None when not found) into the status and body to send."""


class Store(Protocol):
    """What the Organization Management API needs from storage."""

    def secret(self, name: str) -> bytes:
        """A random 32-byte secret made on first use and kept with the data (e.g. the cursor signing key)."""
        ...

    def ensure_organization(self, organization_id: str, name: str, now: int) -> bool:
        """Create the organization unless it exists; True when it was created."""
        ...

    def add_api_key(self, key: ApiKey, token_digest: str) -> None: ...

    def add_webhook(self, webhook: Webhook, signing_secret: str) -> None: ...

    def key_by_prefix(self, prefix: str) -> tuple[ApiKey, str] | None:
        """The key with this public prefix and the digest of its token."""
        ...

    def touch_api_key(self, key_id: str, now: int, stale_before: int) -> None:
        """Set ``last_used_at`` to ``now`` unless it is already later than ``stale_before``."""
        ...

    def list_api_keys(
        self,
        organization_id: str,
        limit: int,
        *,
        after: Position | None = None,
        before: Position | None = None,
    ) -> KeyPage:
        """Up to ``limit`` keys strictly after (or before) a position, in list order."""
        ...

    def revoke_api_key(
        self,
        organization_id: str,
        api_key_id: str,
        *,
        now: int,
        actor_key_id: str,
        request_id: str,
        idempotency: IdempotentRequest | None,
        render: Render,
    ) -> tuple[StoredResponse, bool]:
        """Revoke a key, record its audit event and keep the rendered response, all in one transaction.

        Returns the response and whether it is a replay: with an idempotency key that already holds a live
        response, nothing is changed and that stored response (with its fingerprint) is returned instead.
        Revoking a revoked key changes nothing and records no event.
        """
        ...

    def update_webhook(
        self,
        organization_id: str,
        webhook_id: str,
        changes: Mapping[str, object],
        *,
        now: int,
        actor_key_id: str,
        request_id: str,
    ) -> Webhook | None:
        """Apply already validated changes (``url``, ``description``, ``events``, ``status``) and record a
        ``webhook.updated`` audit event (when there is a change), in one transaction; None if absent."""
        ...

    def audit_events(self, organization_id: str) -> list[AuditEvent]:
        """The organization's audit trail, oldest first."""
        ...

    def audit_head(self, organization_id: str) -> AuditHead | None:
        """Where the organization's trail ends, kept apart from the events; None when none is kept."""
        ...

    def organization_ids(self) -> list[str]:
        """Every organization, oldest first."""
        ...

    def close(self) -> None:
        """Release connections; the store opens new ones if it is used again."""
        ...
