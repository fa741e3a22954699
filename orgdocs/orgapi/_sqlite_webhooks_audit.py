"""``SQLiteWebhooksAndAudit``: the SQLite store's webhook updates, audit trail and head, and organizations
listed."""

from __future__ import annotations

import json
from collections.abc import Mapping

from orgdocs.orgapi._audit import EVENT_WEBHOOK_UPDATED, AuditHead
from orgdocs.orgapi._sqlite_rows import _WEBHOOK_COLUMNS, _webhook_from_row
from orgdocs.orgapi._store import AuditEvent, Webhook

__all__ = ["SQLiteWebhooksAndAudit"]


class SQLiteWebhooksAndAudit:
    """The part of ``SQLiteStore`` that updates webhooks and reads the audit trail."""

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
