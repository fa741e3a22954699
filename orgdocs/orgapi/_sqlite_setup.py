"""``SQLiteSetup``: the SQLite store's secrets, organizations and what is created in them (API keys,
webhooks)."""

from __future__ import annotations

import json
import secrets

from orgdocs.orgapi._audit import GENESIS
from orgdocs.orgapi._sqlite_rows import _WEBHOOK_COLUMNS
from orgdocs.orgapi._store import ApiKey, Webhook

__all__ = ["SQLiteSetup"]


class SQLiteSetup:
    """The part of ``SQLiteStore`` that creates secrets, organizations, API keys and webhooks."""

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
