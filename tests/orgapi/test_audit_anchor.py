"""The audit trail's anchor (issue 28, finding 11) and webhook updates in the trail (finding 16).

With write access to the database file, dropping the append-only triggers and deleting the newest events (or
all of them) left a shorter chain that still verified. Each organization's head (count and newest hash) is
kept apart from the events and moved in the same transaction: ``orgdocs orgapi audit`` then says the trail
was cut short. A real SQLite file and the real command line.
"""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from orgdocs.cli import main
from orgdocs.orgapi import verify_audit_chain
from orgdocs.orgapi._audit import GENESIS, AuditHead, verify_chain


def _revoke_three(client, org: str, demo: dict[str, Any]) -> None:
    for key_id in demo["api_key_ids"][1:4]:
        assert client.post(f"{org}/api-keys/{key_id}/revoke").status_code == 200


def _tamper(db_path, statement: str) -> None:
    """What someone with write access to the file can do: drop the triggers, then change the events."""
    with sqlite3.connect(db_path) as connection:
        connection.execute("DROP TRIGGER audit_events_refuse_delete")
        connection.execute(statement)
    connection.close()


@pytest.mark.parametrize(
    "removed",
    [
        "DELETE FROM audit_events WHERE seq = (SELECT MAX(seq) FROM audit_events)",
        "DELETE FROM audit_events",
    ],
    ids=["newest event", "every event"],
)
def test_removing_the_newest_events_is_detected(client, store, org, demo, db_path, capsys, removed):
    _revoke_three(client, org, demo)
    assert verify_audit_chain(store, demo["organization_id"]).ok
    _tamper(db_path, removed)
    report = verify_audit_chain(store, demo["organization_id"])
    assert not report.ok and report.broken_at is None and "events were removed" in report.reason
    assert main(["orgapi", "audit", "--db", str(db_path), "--org", demo["organization_id"]]) == 1
    err = capsys.readouterr().err
    assert "audit trail cut short: the trail holds" in err and "its anchored head says 4" in err  # seed + 3
    # put back what the store expects at teardown (the fixture verifies every trail it leaves)
    with sqlite3.connect(db_path) as connection:
        connection.execute("DROP TRIGGER audit_heads_one_forward")
        count, last = connection.execute(
            "SELECT COUNT(*), (SELECT hash FROM audit_events ORDER BY seq DESC LIMIT 1) FROM audit_events"
        ).fetchone()
        connection.execute("UPDATE audit_heads SET count = ?, hash = ?", (count, last or GENESIS))
    connection.close()


def test_the_head_cannot_be_deleted_nor_moved_back(client, org, demo, db_path):
    _revoke_three(client, org, demo)
    with sqlite3.connect(db_path) as connection:
        with pytest.raises(sqlite3.DatabaseError, match="cannot be deleted"):
            connection.execute("DELETE FROM audit_heads")
        with pytest.raises(sqlite3.DatabaseError, match="only moves one event forward"):
            connection.execute("UPDATE audit_heads SET count = 2")
    connection.close()


def test_a_database_of_schema_1_gets_the_heads_of_its_trails(client, store, org, demo, db_path):
    _revoke_three(client, org, demo)
    store.close()
    with sqlite3.connect(db_path) as connection:  # as an earlier orgdocs left it
        connection.execute("DROP TRIGGER audit_heads_refuse_delete")
        connection.execute("DROP TABLE audit_heads")
        connection.execute("PRAGMA user_version = 1")
    connection.close()
    from orgdocs.orgapi import SQLiteStore

    reopened = SQLiteStore(db_path)
    try:
        events = reopened.audit_events(demo["organization_id"])
        assert reopened.audit_head(demo["organization_id"]) == AuditHead(4, events[-1].hash)  # seed + 3
        assert verify_chain(events, reopened.audit_head(demo["organization_id"])).ok
    finally:
        reopened.close()


def test_a_webhook_update_is_audited(client, store, org, demo):
    webhook = demo["webhook_ids"][0]
    answer = client.patch(f"{org}/webhooks/{webhook}", json={"status": "paused"})
    assert answer.status_code == 200
    before = len(store.audit_events(demo["organization_id"])) - 1  # the seed's revocation
    events = store.audit_events(demo["organization_id"])[before:]
    assert [(e.type, e.target_key_id, e.actor_key_id) for e in events] == [
        ("webhook.updated", webhook, demo["api_key_ids"][0])
    ]
    assert events[0].request_id == answer.headers["x-request-id"]
    assert client.patch(f"{org}/webhooks/whk_missing", json={"status": "paused"}).status_code == 404
    assert len(store.audit_events(demo["organization_id"])) == before + 1  # nothing changed, nothing recorded
    assert verify_audit_chain(store, demo["organization_id"]).ok
