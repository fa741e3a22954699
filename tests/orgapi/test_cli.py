"""``orgdocs orgapi``: create-key, seed and audit in-process, and ``serve`` as a real server process on
127.0.0.1 driven over HTTP."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

from orgdocs.cli import main
from orgdocs.orgapi import SQLiteStore, seed_demo
from orgdocs.orgapi._tokens import TOKEN_PATTERN


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_create_key_prints_only_the_secret_and_creates_the_organization(capsys, tmp_path):
    db = str(tmp_path / "cli.sqlite3")
    code, out, err = run(
        capsys, "orgapi", "create-key", "--db", db, "--org", "acme", "--scopes", "api_keys:read, webhooks:write",
        "--projects", "proj_a,proj_b",
    )  # fmt: skip
    assert (code, err) == (0, "")
    token = out.strip()
    assert out == token + "\n" and TOKEN_PATTERN.fullmatch(token)
    store = SQLiteStore(db)
    try:
        assert store.organization_ids() == ["acme"]
        (key,) = store.list_api_keys("acme", 10).keys
        assert key.scopes == ("api_keys:read", "webhooks:write") and key.project_ids == ("proj_a", "proj_b")
        assert token not in Path(db).read_bytes().decode("latin-1")  # only a hash is stored
    finally:
        store.close()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--org", "acme", "--scopes", "admin"], "invalid scopes admin"),
        (["--org", "acme", "--scopes", ""], "invalid scopes (none)"),
        (["--org", "bad id!", "--scopes", "api_keys:read"], "invalid organization id"),
        (["--org", "acme", "--scopes", "api_keys:read", "--projects", "a b"], "invalid project ids"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, "orgapi", "create-key", "--db", str(tmp_path / "x.sqlite3"), *argv)
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and message in err


def test_an_unopenable_database_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "orgapi", "seed", "--db", str(tmp_path / "missing-folder" / "x.sqlite3"))
    assert code == 1 and "cannot open the database" in err and err.count("\n") == 1


def test_seed_prints_one_json_object(capsys, tmp_path):
    code, out, _ = run(capsys, "orgapi", "seed", "--db", str(tmp_path / "seed.sqlite3"))
    assert code == 0
    demo = json.loads(out)
    assert set(demo) == {"organization_id", "token", "api_key_ids", "webhook_ids"}
    assert TOKEN_PATTERN.fullmatch(demo["token"])
    assert len(demo["api_key_ids"]) == 7 and len(demo["webhook_ids"]) == 3


def test_audit_lists_the_events_and_verifies_the_chain(capsys, tmp_path):
    db = str(tmp_path / "audit.sqlite3")
    run(capsys, "orgapi", "seed", "--db", db)
    store = SQLiteStore(db)
    organization_id = store.organization_ids()[0]
    store.close()
    code, out, _ = run(capsys, "orgapi", "audit", "--db", db, "--org", organization_id)
    assert code == 0
    lines = out.splitlines()
    assert (
        len(lines) == 2 and "api_key.revoked" in lines[0] and lines[1] == "audit chain verified: 1 event(s)"
    )

    tampered = SQLiteStore(db)
    with tampered._connection() as connection:
        connection.execute("DROP TRIGGER audit_events_refuse_update")
        connection.execute("UPDATE audit_events SET request_id = 'req_forged'")
    tampered.close()
    code, _, err = run(capsys, "orgapi", "audit", "--db", db, "--org", organization_id)
    assert code == 1 and "audit chain broken at event 1" in err

    code, _, err = run(capsys, "orgapi", "audit", "--db", db, "--org", "org_unknown")
    assert code == 1 and "no organization 'org_unknown'" in err


def test_help_lists_the_subcommands(capsys):
    with pytest.raises(SystemExit):
        main(["orgapi", "--help"])
    out = capsys.readouterr().out
    for name in ("serve", "create-key", "seed", "audit"):
        assert name in out


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    """``python -m orgdocs orgapi serve`` on 127.0.0.1, over a seeded database; stopped after the test."""
    db = tmp_path / "served.sqlite3"
    store = SQLiteStore(db)
    demo = seed_demo(store)
    store.close()
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "orgdocs", "orgapi", "serve", "--db", str(db), "--port", str(port),
         "--cors-origin", "http://127.0.0.1:8000"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    errors = ""
    try:
        banner = process.stdout.readline()
        assert banner.startswith(f"orgapi: serving http://127.0.0.1:{port} "), process.stderr.read()
        yield f"http://127.0.0.1:{port}", demo, db
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            _, errors = process.communicate(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
                process.communicate(timeout=30)
    # uvicorn shuts down gracefully, then re-raises SIGTERM so the exit status says how the server ended.
    assert process.returncode in (0, -signal.SIGTERM)
    assert "Shutting down" in errors and "Traceback" not in errors


def test_serve_answers_list_revoke_list_patch_over_real_http(server):
    base_url, demo, _ = server
    organization = f"/organizations/{demo['organization_id']}"
    headers = {"Authorization": f"Bearer {demo['token']}"}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as client:
        first = client.get(f"{organization}/api-keys", params={"limit": 3})
        assert first.status_code == 200 and first.headers["x-request-id"]
        newest = first.json()["data"][0]
        assert newest["status"] == "active"

        retry_safe = {"Idempotency-Key": str(uuid.uuid4())}
        revoked = client.post(f"{organization}/api-keys/{newest['id']}/revoke", headers=retry_safe)
        assert revoked.status_code == 200 and revoked.json()["status"] == "revoked"

        again = client.get(f"{organization}/api-keys", params={"limit": 3})
        assert again.json()["data"][0] == {**newest, "status": "revoked"}

        webhook = client.patch(f"{organization}/webhooks/{demo['webhook_ids'][1]}", json={"status": "active"})
        assert webhook.status_code == 200 and webhook.json()["status"] == "active"

        described = client.get("/openapi.yaml")
        assert described.status_code == 200 and b"openapi: 3.1.0" in described.content
        preflight = client.options(
            f"{organization}/api-keys",
            headers={"Origin": "http://127.0.0.1:8000", "Access-Control-Request-Method": "GET"},
        )
        assert preflight.headers["access-control-allow-origin"] == "http://127.0.0.1:8000"


def test_serve_on_a_busy_port_is_one_line_and_exit_1(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "orgdocs",
                "orgapi",
                "serve",
                "--db",
                str(tmp_path / "x.sqlite3"),
                "--port",
                str(port),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in result.stderr


def test_keys_made_by_the_cli_work_against_the_server(server, capsys):
    base_url, demo, db = server
    code, out, _ = run(
        capsys,
        "orgapi",
        "create-key",
        "--db",
        str(db),
        "--org",
        demo["organization_id"],
        "--scopes",
        "api_keys:read",
    )
    assert code == 0
    with httpx.Client(
        base_url=base_url, headers={"Authorization": f"Bearer {out.strip()}"}, timeout=30
    ) as client:
        listing = client.get(f"/organizations/{demo['organization_id']}/api-keys")
    assert listing.status_code == 200 and len(listing.json()["data"]) == 8


def test_audit_of_a_missing_database_creates_nothing(tmp_path):
    from orgdocs.cli import main

    missing = tmp_path / "missing.sqlite3"
    assert main(["orgapi", "audit", "--db", str(missing), "--org", "org_x"]) == 1
    assert not missing.exists()
