"""The SQLite store's schema: its version, the tables, indexes and triggers, and the script split into
statements (``SQLiteStore`` migrates a database to it)."""

from __future__ import annotations

import sqlite3

__all__ = ["SCHEMA_VERSION"]

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
