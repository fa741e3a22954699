"""The SQLite store: durable settings on every connection, an append-only audit table, one transaction per
write, and the list order its cursors rely on."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from orgdocs.orgapi import create_api_key
from orgdocs.orgapi._audit import verify_chain
from orgdocs.orgapi._sqlite_store import SQLiteStore
from orgdocs.orgapi._store import Position


def test_every_connection_is_wal_with_full_sync(store):
    seen: list[tuple] = []
    barrier = threading.Barrier(4)

    def inspect() -> None:
        with store._connection() as connection:
            barrier.wait(timeout=30)  # four connections open at once: the pool had to make new ones
            seen.append(
                (
                    connection.execute("PRAGMA journal_mode").fetchone()[0],
                    connection.execute("PRAGMA synchronous").fetchone()[0],
                    connection.execute("PRAGMA foreign_keys").fetchone()[0],
                )
            )

    threads = [threading.Thread(target=inspect) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert seen == [("wal", 2, 1)] * 4  # synchronous=2 is FULL


def test_the_audit_table_refuses_update_and_delete(store, demo):
    with store._connection() as connection:
        for statement in ("UPDATE audit_events SET type = 'x'", "DELETE FROM audit_events"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                connection.execute(statement)
    assert verify_chain(store.audit_events(demo["organization_id"])).ok


def test_verification_finds_tampering_that_bypassed_the_triggers(store, demo):
    organization_id = demo["organization_id"]
    store.revoke_api_key(
        organization_id, demo["api_key_ids"][2], now=5, actor_key_id="key_a", request_id="req_b",
        idempotency=None, render=lambda key: (200, b""),
    )  # fmt: skip
    with store._connection() as connection:
        connection.execute("DROP TRIGGER audit_events_refuse_update")
        connection.execute("UPDATE audit_events SET actor_key_id = 'key_someone_else' WHERE seq = 1")
    report = verify_chain(store.audit_events(organization_id))
    assert not report.ok and report.broken_at.seq == 1
    with store._connection() as connection:  # put the table back as it was for the fixture's own check
        connection.execute(
            "UPDATE audit_events SET actor_key_id = ? WHERE seq = 1", (demo["api_key_ids"][0],)
        )


def test_a_failed_write_changes_nothing(store, demo):
    organization_id = demo["organization_id"]

    def explode(key):
        raise RuntimeError("rendering failed after the writes")

    with pytest.raises(RuntimeError):
        store.revoke_api_key(
            organization_id, demo["api_key_ids"][1], now=5, actor_key_id="key_a", request_id="req_c",
            idempotency=None, render=explode,
        )  # fmt: skip
    keys = {key.id: key for key in store.list_api_keys(organization_id, 100).keys}
    assert keys[demo["api_key_ids"][1]].revoked_at is None
    assert len(store.audit_events(organization_id)) == 1  # only the seed's


def test_keys_are_listed_newest_first_then_by_id_and_pages_meet(store, clock):
    ids = [create_api_key(store, "org_a", ["api_keys:read"], clock=clock)[1].id for _ in range(7)]
    expected = sorted(ids)  # one created_at for all: ties go by id
    assert [key.id for key in store.list_api_keys("org_a", 100).keys] == expected
    first = store.list_api_keys("org_a", 3)
    assert (first.has_before, first.has_after) == (False, True)
    last_of_first = first.keys[-1]
    second = store.list_api_keys("org_a", 3, after=Position(last_of_first.created_at, last_of_first.id))
    assert [key.id for key in second.keys] == expected[3:6] and (second.has_before, second.has_after) == (
        True,
        True,
    )
    head = second.keys[0]
    back = store.list_api_keys("org_a", 3, before=Position(head.created_at, head.id))
    assert [key.id for key in back.keys] == expected[:3] and (back.has_before, back.has_after) == (
        False,
        True,
    )
    assert store.list_api_keys("org_b", 3).keys == []


def test_a_newer_schema_is_refused(db_path):
    connection = sqlite3.connect(db_path)
    connection.execute("PRAGMA user_version = 99")
    connection.close()
    with pytest.raises(sqlite3.DatabaseError, match="newer orgdocs"):
        SQLiteStore(db_path)


def test_a_closed_store_opens_new_connections_when_used_again(store, demo):
    store.close()
    assert store.organization_ids() == [demo["organization_id"]]


def test_secrets_are_made_once_and_kept(store, db_path):
    secret = store.secret("cursor-signing")
    assert len(secret) == 32
    other = SQLiteStore(db_path)
    try:
        assert other.secret("cursor-signing") == secret
    finally:
        other.close()
