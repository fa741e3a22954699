"""The default :class:`~orgdocs.orgapi._store.Store`: one SQLite file, safe for several threads and processes.

Every connection runs in WAL mode with ``synchronous=FULL``, so a commit is on disk before the server answers
and nothing acknowledged is lost in a crash. Writes open with ``BEGIN IMMEDIATE``: the write lock is taken up
front, so two writers queue (``busy_timeout``) instead of failing halfway, and a process killed before its
``COMMIT`` leaves no trace of that transaction. The audit table refuses ``UPDATE`` and ``DELETE`` by trigger.
Each organization's audit head (``audit_heads``: how many events, the newest one's hash) is moved forward in
the transaction that appends an event; its table refuses ``DELETE`` and any ``UPDATE`` but one event forward,
so that a trail cut short (events deleted with the triggers dropped) no longer ends at its head.

Here: connections, transactions and migration; the schema is in ``_sqlite_schema``, records from rows in
``_sqlite_rows``, and the store's methods in ``_sqlite_setup``, ``_sqlite_api_keys`` and
``_sqlite_webhooks_audit``.
"""

from __future__ import annotations

import os
import queue
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from orgdocs.orgapi._audit import GENESIS
from orgdocs.orgapi._sqlite_api_keys import SQLiteApiKeys
from orgdocs.orgapi._sqlite_schema import _SCHEMA, SCHEMA_VERSION, _split_script
from orgdocs.orgapi._sqlite_setup import SQLiteSetup
from orgdocs.orgapi._sqlite_webhooks_audit import SQLiteWebhooksAndAudit

__all__ = ["SQLiteStore"]


class SQLiteStore(SQLiteSetup, SQLiteApiKeys, SQLiteWebhooksAndAudit):
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
