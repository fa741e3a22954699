"""The three operations and their authorization, free of HTTP plumbing.

Each method is synchronous (the application runs it in a worker thread, next to the storage it calls) and
either returns the body to send or raises a :class:`~orgdocs.orgapi._problems.Problem`.
"""

from __future__ import annotations

from collections.abc import Mapping

from orgdocs.orgapi._clock import Clock, from_datetime, system_clock
from orgdocs.orgapi._cursors import Cursor, CursorError, CursorSigner, Direction
from orgdocs.orgapi._idempotency import RETENTION_US, InFlight
from orgdocs.orgapi._problems import FieldError, Problem, problem_body
from orgdocs.orgapi._resources import api_key_json, api_key_page, dump, webhook_json
from orgdocs.orgapi._store import ApiKey, IdempotentRequest, Position, Store, StoredResponse
from orgdocs.orgapi._tokens import matches_digest, split_token

__all__ = ["OrgApi"]

REALM = 'Bearer realm="orgdocs"'
LAST_USED_GRANULARITY_US = 1_000_000
"""``last_used_at`` is written at most once a second per key, so reads do not each cost a disk sync."""


def _unauthorized(detail: str, error: str | None = "invalid_token") -> Problem:
    challenge = REALM if error is None else f'{REALM}, error="{error}"'
    return Problem(401, "unauthorized", detail, headers={"WWW-Authenticate": challenge})


class OrgApi:
    """The Organization Management API over a :class:`~orgdocs.orgapi._store.Store`."""

    def __init__(self, store: Store, *, clock: Clock | None = None, idempotency_wait: float = 5.0) -> None:
        self.store = store
        self.clock = clock or system_clock
        self.in_flight = InFlight(idempotency_wait)
        self._cursors: CursorSigner | None = None

    def now(self) -> int:
        return from_datetime(self.clock())

    @property
    def cursors(self) -> CursorSigner:
        if self._cursors is None:  # the secret lives in the database, read once
            self._cursors = CursorSigner(self.store.secret("cursor-signing"))
        return self._cursors

    # -- authorization -----------------------------------------------------------------------------------

    def authorize(self, authorization: list[str], organization_id: str, scope: str) -> ApiKey:
        """The calling key, if its token is valid, it belongs to the organization and carries ``scope``.

        The three steps are public too, so the application can read in its event loop and leave only the
        ``last_used_at`` write (at most once a second per key) to a worker thread.
        """
        key = self.authenticate(authorization)
        if self.needs_touch(key):
            self.touch(key)
        self.check_access(key, organization_id, scope)
        return key

    def authenticate(self, authorization: list[str]) -> ApiKey:
        """The active key whose token is in the ``Authorization`` header values, else 401."""
        if not authorization:
            raise _unauthorized("send an API key as `Authorization: Bearer <token>`", error=None)
        scheme, _, token = authorization[0].partition(" ")
        token = token.strip(" ")
        if len(authorization) > 1 or scheme.lower() != "bearer" or not token:
            raise _unauthorized("the Authorization header must be `Bearer <token>`", error="invalid_request")
        prefix = split_token(token)
        found = self.store.key_by_prefix(prefix) if prefix else None
        if found is None or not matches_digest(token, found[1]):
            raise _unauthorized("the token is not a valid API key")
        key = found[0]
        status = key.status(self.now())
        if status != "active":
            raise _unauthorized(f"the API key is {status}")
        return key

    def needs_touch(self, key: ApiKey) -> bool:
        return key.last_used_at is None or key.last_used_at < self.now() - LAST_USED_GRANULARITY_US

    def touch(self, key: ApiKey) -> None:
        """Record that the key was used (a write: run it where blocking is fine)."""
        now = self.now()
        self.store.touch_api_key(key.id, now, now - LAST_USED_GRANULARITY_US)

    def check_access(self, key: ApiKey, organization_id: str, scope: str) -> None:
        if key.organization_id != organization_id:
            # Not 403: whether another organization exists is none of this caller's business.
            raise Problem(404, "not-found", "organization not found")
        if scope not in key.scopes:
            raise Problem(
                403,
                "insufficient-scope",
                f"this API key lacks the `{scope}` scope",
                headers={"WWW-Authenticate": f'{REALM}, error="insufficient_scope", scope="{scope}"'},
            )

    # -- operations --------------------------------------------------------------------------------------

    def list_api_keys(self, organization_id: str, limit: int, cursor: list[str], request_id: str) -> bytes:
        after = before = None
        if cursor:
            read = self._read_cursor(organization_id, cursor)
            if read.direction == "after":
                after = read.position
            else:
                before = read.position
        page = self.store.list_api_keys(organization_id, limit, after=after, before=before)
        now = self.now()
        next_cursor = previous_cursor = None
        if page.keys and page.has_after:
            last = page.keys[-1]
            next_cursor = self.cursors.issue(organization_id, _cursor("after", last))
        if page.keys and page.has_before:
            first = page.keys[0]
            previous_cursor = self.cursors.issue(organization_id, _cursor("before", first))
        links = {
            "next_cursor": next_cursor,
            "previous_cursor": previous_cursor,
            "has_more": next_cursor is not None,
        }
        return api_key_page(page.keys, now, links, request_id)

    def _read_cursor(self, organization_id: str, values: list[str]) -> Cursor:
        try:
            if len(values) > 1:
                raise CursorError("give `cursor` at most once")
            return self.cursors.read(organization_id, values[0])
        except CursorError as error:
            detail = f"invalid cursor: {error}; use `next_cursor` or `previous_cursor` from a response"
            raise Problem(400, "invalid-cursor", detail, [FieldError(detail, parameter="cursor")]) from None

    def revoke_api_key(
        self,
        caller: ApiKey,
        organization_id: str,
        api_key_id: str,
        *,
        request_id: str,
        idempotency_key: str | None = None,
        request_fingerprint: str = "",
    ) -> tuple[StoredResponse, bool]:
        """Revoke and return ``(response, replayed)``; a replay's fingerprint is for the caller to compare."""
        now = self.now()

        def render(key: ApiKey | None) -> tuple[int, bytes]:
            if key is None:
                return 404, problem_body(Problem(404, "not-found", "API key not found"), request_id)
            return 200, dump(api_key_json(key, now))

        idempotency = None
        if idempotency_key is not None:
            idempotency = IdempotentRequest(idempotency_key, request_fingerprint, now, now - RETENTION_US)
        return self.store.revoke_api_key(
            organization_id,
            api_key_id,
            now=now,
            actor_key_id=caller.id,
            request_id=request_id,
            idempotency=idempotency,
            render=render,
        )

    def update_webhook(
        self,
        caller: ApiKey,
        organization_id: str,
        webhook_id: str,
        changes: Mapping[str, object],
        *,
        request_id: str,
    ) -> bytes:
        """Apply the changes; a change is recorded in the audit trail (``webhook.updated``)."""
        webhook = self.store.update_webhook(
            organization_id,
            webhook_id,
            changes,
            now=self.now(),
            actor_key_id=caller.id,
            request_id=request_id,
        )
        if webhook is None:
            raise Problem(404, "not-found", "webhook subscription not found")
        return dump(webhook_json(webhook))


def _cursor(direction: Direction, key: ApiKey) -> Cursor:
    return Cursor(direction, Position(key.created_at, key.id))
