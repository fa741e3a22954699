"""``orgdocs orgapi ...``: serve the reference API, create keys, seed a demo organization, check the audit trail.

Heavy imports (Starlette, uvicorn) happen inside the commands, so ``orgdocs --help`` stays instant.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from orgdocs._serving import bind, port_number
from orgdocs.cli._parsing import add_command
from orgdocs.errors import OrgdocsError

__all__ = ["DEFAULT_DB", "register"]

DEFAULT_DB = "./orgapi.sqlite3"


def register(commands: Any) -> None:
    """Add the ``orgapi`` command and its subcommands to the ``orgdocs`` argparse subparsers."""
    parser = add_command(commands, "orgapi", "the reference Organization Management API")
    sub = parser.add_subparsers(dest="orgapi_command", metavar="SUBCOMMAND", required=True)

    def add_db(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", default=DEFAULT_DB, help=f"SQLite database file (default {DEFAULT_DB})")

    p = add_command(sub, "serve", "run the API server (uvicorn)")
    add_db(p)
    p.add_argument("--host", default="127.0.0.1", help="interface to bind (default 127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8001, help="port (default 8001; 0 picks a free one)")
    p.add_argument(
        "--cors-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="browser origin allowed to call the API, e.g. http://127.0.0.1:8000 (repeatable; '*' for any)",
    )
    p.set_defaults(run=serve_command)

    p = add_command(sub, "create-key", "create an API key and print its secret, once")
    add_db(p)
    p.add_argument("--org", required=True, help="organization id (created if new)")
    p.add_argument(
        "--scopes", required=True, help="comma-separated: api_keys:read,api_keys:write,webhooks:write"
    )
    p.add_argument("--projects", default="", help="comma-separated project ids the key is limited to")
    p.add_argument("--name", default="API key", help="display name (default 'API key')")
    p.set_defaults(run=create_key_command)

    p = add_command(sub, "seed", "create a demo organization; print {organization_id, token, ...} as JSON")
    add_db(p)
    p.set_defaults(run=seed_command)

    p = add_command(sub, "audit", "list an organization's audit events and verify their hash chain")
    add_db(p)
    p.add_argument("--org", required=True, help="organization id")
    p.set_defaults(run=audit_command)


def _open(path: str) -> Any:
    import sqlite3

    from orgdocs.orgapi import SQLiteStore

    try:
        return SQLiteStore(path)
    except sqlite3.Error as error:
        raise OrgdocsError(f"cannot open the database: {error}", source=path) from None


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def create_key_command(args: argparse.Namespace) -> int:
    from orgdocs.orgapi import create_api_key

    store = _open(args.db)
    try:
        token, _ = create_api_key(
            store, args.org, _split(args.scopes), project_ids=_split(args.projects), name=args.name
        )
    finally:
        store.close()
    print(token)
    return 0


def seed_command(args: argparse.Namespace) -> int:
    from orgdocs.orgapi import seed_demo

    store = _open(args.db)
    try:
        demo = seed_demo(store)
    finally:
        store.close()
    print(json.dumps(demo))
    return 0


def audit_command(args: argparse.Namespace) -> int:
    from orgdocs.orgapi import verify_audit_chain

    if not Path(args.db).is_file():  # reading an audit trail never creates a database
        raise OrgdocsError("no such database file", source=args.db)
    store = _open(args.db)
    try:
        if args.org not in store.organization_ids():
            raise OrgdocsError(f"no organization {args.org!r}", source=args.db)
        events = store.audit_events(args.org)
        report = verify_audit_chain(store, args.org)
    finally:
        store.close()
    for event in events:
        when = event.occurred.isoformat(timespec="seconds").replace("+00:00", "Z")
        print(
            f"{event.seq:>6}  {when}  {event.type:<16} actor={event.actor_key_id} target={event.target_key_id}"
            f" request={event.request_id} hash={event.hash[:16]}"
        )
    if not report.ok:
        if report.broken_at is None:
            raise OrgdocsError(f"audit trail cut short: {report.reason}", source=args.db)
        raise OrgdocsError(
            f"audit chain broken at event {report.broken_at.seq} ({report.broken_at.id}): {report.reason}"
        )
    print(f"audit chain verified: {report.count} event(s)")
    return 0


def serve_command(args: argparse.Namespace) -> int:
    import uvicorn

    from orgdocs.orgapi import create_app, uvicorn_config

    listener = bind(args.host, args.port)
    store = _open(args.db)
    host, port = listener.getsockname()[:2]
    shown_host = f"[{host}]" if ":" in host else host
    print(f"orgapi: serving http://{shown_host}:{port} (database {args.db})", flush=True)
    if not store.organization_ids():
        print(
            f"orgapi: no organization yet; run `orgdocs orgapi seed --db {args.db}`",
            file=sys.stderr,
            flush=True,
        )
    app = create_app(store, cors_origins=args.cors_origin)
    server = uvicorn.Server(uvicorn_config(app, log_level="info", access_log=False, lifespan="on"))
    try:
        server.run(sockets=[listener])
    finally:
        listener.close()
        store.close()
    return 0
