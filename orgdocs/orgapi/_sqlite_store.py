"""The default :class:`~orgdocs.orgapi._store.Store`: one SQLite file, safe for several threads and processes.

Every connection runs in WAL mode with ``synchronous=FULL``, so a commit is on disk before the server answers
and nothing acknowledged is lost in a crash. Writes open with ``BEGIN IMMEDIATE``: the write lock is taken up
front, so two writers queue (``busy_timeout``) instead of failing halfway, and a process killed before its
``COMMIT`` leaves no trace of that transaction. The audit table refuses ``UPDATE`` and ``DELETE`` by trigger.
Each organization's audit head (``audit_heads``: how many events, the newest one's hash) is moved forward in
the transaction that appends an event; its table refuses ``DELETE`` and any ``UPDATE`` but one event forward,
so that a trail cut short (events deleted with the triggers dropped) no longer ends at its head.
"""

from __future__ import annotations

import functools
import json
import os
import queue
import secrets
import sqlite3
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from orgdocs.orgapi._audit import EVENT_API_KEY_REVOKED, EVENT_WEBHOOK_UPDATED, GENESIS, AuditHead, event_hash
from orgdocs.orgapi._store import (
    ApiKey,
    AuditEvent,
    DeliveryHealth,
    IdempotentRequest,
    KeyPage,
    Position,
    Render,
    StoredResponse,
    Webhook,
)
from orgdocs.orgapi._tokens import new_id

__all__ = ["SQLiteStore"]

SCHEMA_VERSION = 2  # 2: audit_heads

_SCHEMA = """
CREATE TABLE IF NOT EXISTS secrets (
    name TEXT PRIMARY KEY,
    value BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    name TEXT NOT NULL,
    prefix TEXT NOT NULL UNIQUE,
    token_digest TEXT NOT NULL,
    scopes TEXT NOT NULL,
    project_ids TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER,
    last_used_at INTEGER,
    revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS api_keys_in_list_order ON api_keys (organization_id, created_at DESC, id);
CREATE TABLE IF NOT EXISTS webhooks (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL REFERENCES organizations(id),
    url TEXT NOT NULL,
    description TEXT NOT NULL,
    events TEXT NOT NULL,
    status TEXT NOT NULL,
    signing_secret TEXT NOT NULL,
    success_rate REAL NOT NULL,
    failed_last_24h INTEGER NOT NULL,
    last_delivery_at INTEGER,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    organization_id TEXT NOT NULL,
    type TEXT NOT NULL,
    actor_key_id TEXT NOT NULL,
    target_key_id TEXT NOT NULL,
    occurred_at INTEGER NOT NULL,
    request_id TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_events_by_organization ON audit_events (organization_id, seq);
CREATE TRIGGER IF NOT EXISTS audit_events_refuse_update BEFORE UPDATE ON audit_events
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only: events cannot be changed');
END;
CREATE TRIGGER IF NOT EXISTS audit_events_refuse_delete BEFORE DELETE ON audit_events
BEGIN
    SELECT RAISE(ABORT, 'audit_events is append-only: events cannot be deleted');
END;
CREATE TABLE IF NOT EXISTS audit_heads (
    organization_id TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    hash TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS audit_heads_refuse_delete BEFORE DELETE ON audit_heads
BEGIN
    SELECT RAISE(ABORT, 'audit_heads: an audit head cannot be deleted');
END;
CREATE TRIGGER IF NOT EXISTS audit_heads_one_forward BEFORE UPDATE ON audit_heads
WHEN NEW.organization_id != OLD.organization_id OR NEW.count != OLD.count + 1
BEGIN
    SELECT RAISE(ABORT, 'audit_heads: a head only moves one event forward');
END;
CREATE TABLE IF NOT EXISTS idempotency_keys (
    organization_id TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status INTEGER NOT NULL,
    body BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (organization_id, key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_by_age ON idempotency_keys (created_at);
"""

_KEY_COLUMNS = (
    "id, organization_id, name, prefix, scopes, project_ids, created_at, expires_at, last_used_at, revoked_at"
)
_WEBHOOK_COLUMNS = (
    "id, organization_id, url, description, events, status, signing_secret, success_rate, failed_last_24h,"
    " last_delivery_at, created_at"
)


@functools.lru_cache(maxsize=4096)
def _string_tuple(text: str) -> tuple[str, ...]:
    # Scope and project lists repeat across keys: parse each distinct one once.
    return tuple(json.loads(text))


@functools.lru_cache(maxsize=8192)
def _key_from_row(row: tuple) -> ApiKey:
    # Rows are value tuples and keys are immutable records: a listing mostly rebuilds keys it built before.
    return ApiKey(
        id=row[0],
        organization_id=row[1],
        name=row[2],
        prefix=row[3],
        scopes=_string_tuple(row[4]),
        project_ids=_string_tuple(row[5]),
        created_at=row[6],
        expires_at=row[7],
        last_used_at=row[8],
        revoked_at=row[9],
    )


def _webhook_from_row(row: tuple) -> Webhook:
    return Webhook(
        id=row[0],
        organization_id=row[1],
        url=row[2],
        description=row[3],
        events=tuple(json.loads(row[4])),
        status=row[5],
        signing_secret_last4=row[6][-4:],
        delivery_health=DeliveryHealth(success_rate=row[7], failed_last_24h=row[8], last_delivery_at=row[9]),
        created_at=row[10],
    )


class SQLiteStore:
    """A :class:`~orgdocs.orgapi._store.Store` in one SQLite database file (created if missing).

    Connections are pooled: each is used by one thread at a time, and the pool grows to the number of threads
    that use the store at once.
    """

    def __init__(self, path: str | os.PathLike[str], *, busy_timeout: float = 30.0) -> None:
        self.path = os.fspath(path)
        self.busy_timeout = busy_timeout
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._secrets: dict[str, bytes] = {}
        with self._connection() as connection:
            self._migrate(connection)

    # -- connections and transactions --------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: no implicit transactions; every write says BEGIN IMMEDIATE itself.
        connection = sqlite3.connect(
            self.path, timeout=self.busy_timeout, isolation_level=None, check_same_thread=False
        )
        connection.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        connection.execute("PRAGMA journal_mode = WAL")
        # FULL, not WAL's usual NORMAL: NORMAL may lose the last commits on power loss, FULL may not.
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        with self._lock:
            self._opened.append(connection)
        return connection

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        try:
            connection = self._idle.get_nowait()
        except queue.Empty:
            connection = self._connect()
        try:
            yield connection
        finally:
            # A read that failed inside BEGIN: never hand out a connection with a transaction still open.
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            with self._lock:
                still_open = connection in self._opened
            if still_open:
                self._idle.put(connection)

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed if the block succeeds, rolled back if it raises."""
        # SQLite has one writer at a time anyway. Queueing this process's writers on a lock hands the turn
        # over at once, where SQLite's busy handler would make them poll with growing sleeps (long tails).
        # Other processes still meet at the database lock, under busy_timeout.
        with self._write_lock, self._connection() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            self._commit(connection)

    def _commit(self, connection: sqlite3.Connection) -> None:
        # A seam of its own, so a test can stop a process between the writes and the commit.
        connection.execute("COMMIT")

    def _migrate(self, connection: sqlite3.Connection) -> None:
        (version,) = connection.execute("PRAGMA user_version").fetchone()
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"{self.path} was written by a newer orgdocs (schema {version}, this one knows {SCHEMA_VERSION})"
            )
        if version == SCHEMA_VERSION:
            return
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in _split_script(_SCHEMA):
                connection.execute(statement)
            # a database of schema 1 gets the heads of the trails it holds (anchored from now on)
            connection.execute(
                "INSERT OR IGNORE INTO audit_heads (organization_id, count, hash)"
                " SELECT o.id, (SELECT COUNT(*) FROM audit_events e WHERE e.organization_id = o.id),"
                " COALESCE((SELECT e.hash FROM audit_events e WHERE e.organization_id = o.id"
                " ORDER BY e.seq DESC LIMIT 1), ?) FROM organizations o",
                (GENESIS,),
            )
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            opened, self._opened = self._opened, []
        while True:
            try:
                self._idle.get_nowait()
            except queue.Empty:
                break
        for connection in opened:
            connection.close()

    # -- setup -------------------------------------------------------------------------------------------

    def secret(self, name: str) -> bytes:
        cached = self._secrets.get(name)
        if cached is not None:
            return cached
        with self._write() as connection:
            connection.execute(
                "INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)", (name, secrets.token_bytes(32))
            )
            (value,) = connection.execute("SELECT value FROM secrets WHERE name = ?", (name,)).fetchone()
        self._secrets[name] = bytes(value)
        return self._secrets[name]

    def ensure_organization(self, organization_id: str, name: str, now: int) -> bool:
        with self._write() as connection:
            cursor = connection.execute(
                "INSERT OR IGNORE INTO organizations (id, name, created_at) VALUES (?, ?, ?)",
                (organization_id, name, now),
            )
            connection.execute(
                "INSERT OR IGNORE INTO audit_heads (organization_id, count, hash) VALUES (?, 0, ?)",
                (organization_id, GENESIS),
            )
            return cursor.rowcount == 1

    def add_api_key(self, key: ApiKey, token_digest: str) -> None:
        with self._write() as connection:
            connection.execute(
                "INSERT INTO api_keys (id, organization_id, name, prefix, token_digest, scopes, project_ids,"
                " created_at, expires_at, last_used_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    key.id,
                    key.organization_id,
                    key.name,
                    key.prefix,
                    token_digest,
                    json.dumps(list(key.scopes)),
                    json.dumps(list(key.project_ids)),
                    key.created_at,
                    key.expires_at,
                    key.last_used_at,
                    key.revoked_at,
                ),
            )

    def add_webhook(self, webhook: Webhook, signing_secret: str) -> None:
        health = webhook.delivery_health
        with self._write() as connection:
            connection.execute(
                f"INSERT INTO webhooks ({_WEBHOOK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    webhook.id,
                    webhook.organization_id,
                    webhook.url,
                    webhook.description,
                    json.dumps(list(webhook.events)),
                    webhook.status,
                    signing_secret,
                    health.success_rate,
                    health.failed_last_24h,
                    health.last_delivery_at,
                    webhook.created_at,
                ),
            )

    # -- API keys ----------------------------------------------------------------------------------------

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

    # -- webhooks and audit ------------------------------------------------------------------------------

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
        columns = {"url": "url", "description": "description", "events": "events", "status": "status"}
        assignments = [f"{columns[name]} = ?" for name in changes]
        values = [json.dumps(list(value)) if name == "events" else value for name, value in changes.items()]
        with self._write() as connection:
            if assignments:
                cursor = connection.execute(
                    f"UPDATE webhooks SET {', '.join(assignments)} WHERE organization_id = ? AND id = ?",
                    (*values, organization_id, webhook_id),
                )
                if cursor.rowcount == 1:
                    self._append_audit_event(
                        connection,
                        organization_id=organization_id,
                        type=EVENT_WEBHOOK_UPDATED,
                        actor_key_id=actor_key_id,
                        target_key_id=webhook_id,
                        occurred_at=now,
                        request_id=request_id,
                    )
            row = connection.execute(
                f"SELECT {_WEBHOOK_COLUMNS} FROM webhooks WHERE organization_id = ? AND id = ?",
                (organization_id, webhook_id),
            ).fetchone()
        return None if row is None else _webhook_from_row(row)

    def audit_events(self, organization_id: str) -> list[AuditEvent]:
        with self._connection() as connection:
            rows = connection.execute(
                "SELECT seq, id, organization_id, type, actor_key_id, target_key_id, occurred_at, request_id,"
                " prev_hash, hash FROM audit_events WHERE organization_id = ? ORDER BY seq",
                (organization_id,),
            ).fetchall()
        return [AuditEvent(*row) for row in rows]

    def audit_head(self, organization_id: str) -> AuditHead | None:
        with self._connection() as connection:
            row = connection.execute(
                "SELECT count, hash FROM audit_heads WHERE organization_id = ?", (organization_id,)
            ).fetchone()
        return None if row is None else AuditHead(row[0], row[1])

    def organization_ids(self) -> list[str]:
        with self._connection() as connection:
            return [
                row[0] for row in connection.execute("SELECT id FROM organizations ORDER BY created_at, id")
            ]


def _split_script(script: str) -> list[str]:
    """Statements of the schema script; trigger bodies keep their inner semicolons."""
    statements: list[str] = []
    current: list[str] = []
    for line in script.strip().splitlines():
        current.append(line)
        text = "\n".join(current).strip()
        if text.endswith(";") and sqlite3.complete_statement(text):
            statements.append(text)
            current = []
    return statements
