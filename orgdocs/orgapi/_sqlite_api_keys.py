"""``SQLiteApiKeys``: the SQLite store's API keys found, used, listed a page at a time and revoked, and the
audit events appended in the same transaction."""

from __future__ import annotations

import sqlite3

from orgdocs.orgapi._audit import EVENT_API_KEY_REVOKED, GENESIS, event_hash
from orgdocs.orgapi._sqlite_rows import _KEY_COLUMNS, _key_from_row
from orgdocs.orgapi._store import ApiKey, IdempotentRequest, KeyPage, Position, Render, StoredResponse
from orgdocs.orgapi._tokens import new_id

__all__ = ["SQLiteApiKeys"]


class SQLiteApiKeys:
    """The part of ``SQLiteStore`` that reads, lists and revokes API keys."""

    def key_by_prefix(self, prefix: str) -> tuple[ApiKey, str] | None:
        with self._connection() as connection:
            row = connection.execute(
                f"SELECT {_KEY_COLUMNS}, token_digest FROM api_keys WHERE prefix = ?", (prefix,)
            ).fetchone()
        return None if row is None else (_key_from_row(row), row[10])

    def touch_api_key(self, key_id: str, now: int, stale_before: int) -> None:
        with self._write() as connection:
            connection.execute(
                "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)",
                (now, key_id, stale_before),
            )

    def list_api_keys(
        self,
        organization_id: str,
        limit: int,
        *,
        after: Position | None = None,
        before: Position | None = None,
    ) -> KeyPage:
        # List order is created_at DESC, id ASC; "after" walks that order, "before" walks it backwards.
        select = f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE organization_id = ?"
        forward = "ORDER BY created_at DESC, id ASC LIMIT ?"
        backward = "ORDER BY created_at ASC, id DESC LIMIT ?"
        follows = " AND (created_at < ? OR (created_at = ? AND id > ?))"
        precedes = " AND (created_at > ? OR (created_at = ? AND id < ?))"
        exists = "SELECT EXISTS (SELECT 1 FROM api_keys WHERE organization_id = ?"
        with self._connection() as connection:
            if after is None and before is None:  # the first page: one query, its own snapshot
                rows = connection.execute(f"{select} {forward}", (organization_id, limit + 1)).fetchall()
                page = [_key_from_row(row) for row in rows[:limit]]
                return KeyPage(page, has_before=False, has_after=len(rows) > limit)
            # Two queries from here on: one read transaction, so page and neighbours share a snapshot.
            connection.execute("BEGIN")
            if before is not None:
                rows = connection.execute(
                    f"{select}{precedes} {backward}",
                    (organization_id, before.created_at, before.created_at, before.id, limit + 1),
                ).fetchall()
                has_before = len(rows) > limit
                rows = rows[:limit][::-1]
                has_after = bool(rows) and self._exists(
                    connection, exists + follows + ")", organization_id, rows[-1]
                )
            else:
                assert after is not None
                rows = connection.execute(
                    f"{select}{follows} {forward}",
                    (organization_id, after.created_at, after.created_at, after.id, limit + 1),
                ).fetchall()
                has_after = len(rows) > limit
                rows = rows[:limit]
                has_before = bool(rows) and self._exists(
                    connection, exists + precedes + ")", organization_id, rows[0]
                )
            connection.execute("COMMIT")
        return KeyPage([_key_from_row(row) for row in rows], has_before=has_before, has_after=has_after)

    @staticmethod
    def _exists(connection: sqlite3.Connection, query: str, organization_id: str, row: tuple) -> bool:
        created_at, key_id = row[6], row[0]
        return bool(
            connection.execute(query, (organization_id, created_at, created_at, key_id)).fetchone()[0]
        )

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
        with self._write() as connection:
            if idempotency is not None:
                row = connection.execute(
                    "SELECT fingerprint, status, body FROM idempotency_keys"
                    " WHERE organization_id = ? AND key = ? AND created_at >= ?",
                    (organization_id, idempotency.key, idempotency.expired_before),
                ).fetchone()
                if row is not None:
                    return StoredResponse(row[0], row[1], bytes(row[2])), True
            row = connection.execute(
                f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE organization_id = ? AND id = ?",
                (organization_id, api_key_id),
            ).fetchone()
            key = None if row is None else _key_from_row(row)
            if key is not None and key.revoked_at is None:
                connection.execute("UPDATE api_keys SET revoked_at = ? WHERE id = ?", (now, key.id))
                self._append_audit_event(
                    connection,
                    organization_id=organization_id,
                    type=EVENT_API_KEY_REVOKED,
                    actor_key_id=actor_key_id,
                    target_key_id=key.id,
                    occurred_at=now,
                    request_id=request_id,
                )
                key = _key_from_row(
                    connection.execute(
                        f"SELECT {_KEY_COLUMNS} FROM api_keys WHERE id = ?", (key.id,)
                    ).fetchone()
                )
            status, body = render(key)
            fingerprint = idempotency.fingerprint if idempotency is not None else ""
            if idempotency is not None:
                # Expired records go first, so the key can be reused and the table does not grow forever.
                connection.execute(
                    "DELETE FROM idempotency_keys WHERE created_at < ?", (idempotency.expired_before,)
                )
                connection.execute(
                    "INSERT INTO idempotency_keys (organization_id, key, fingerprint, status, body, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (organization_id, idempotency.key, fingerprint, status, body, idempotency.created_at),
                )
        return StoredResponse(fingerprint, status, body), False

    def _append_audit_event(self, connection: sqlite3.Connection, **fields: object) -> None:
        # Runs inside the caller's BEGIN IMMEDIATE, so no other writer can append between read and insert. The
        # head is the trail's end: an event chains to it, and moves it forward in the same transaction.
        organization_id = fields["organization_id"]
        connection.execute(
            "INSERT OR IGNORE INTO audit_heads (organization_id, count, hash) VALUES (?, 0, ?)",
            (organization_id, GENESIS),
        )
        (prev_hash,) = connection.execute(
            "SELECT hash FROM audit_heads WHERE organization_id = ?", (organization_id,)
        ).fetchone()
        event_id = new_id("evt")
        digest = event_hash(id=event_id, prev_hash=prev_hash, **fields)  # type: ignore[arg-type]
        connection.execute(
            "INSERT INTO audit_events (id, organization_id, type, actor_key_id, target_key_id, occurred_at,"
            " request_id, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                event_id,
                fields["organization_id"],
                fields["type"],
                fields["actor_key_id"],
                fields["target_key_id"],
                fields["occurred_at"],
                fields["request_id"],
                prev_hash,
                digest,
            ),
        )
        connection.execute(
            "UPDATE audit_heads SET count = count + 1, hash = ? WHERE organization_id = ?",
            (digest, organization_id),
        )
