"""Using the API in-process, as notebooks and widgets do: a plain synchronous httpx.Client, or Starlette's
TestClient; and the package stays light to import."""

from __future__ import annotations

import subprocess
import sys

import httpx
import pytest

from orgdocs.orgapi import in_process_client


def test_in_process_client_is_a_plain_httpx_client(app, demo, org):
    with in_process_client(app, headers={"Authorization": f"Bearer {demo['token']}"}) as client:
        assert isinstance(client, httpx.Client)
        assert str(client.base_url) == "http://127.0.0.1:8001"
        response = client.get(f"{org}/api-keys", params={"limit": 2})
        streamed = client.build_request(
            "PATCH", f"{org}/webhooks/{demo['webhook_ids'][0]}", json={"status": "paused"}
        )
        patched = client.send(streamed)
    assert response.status_code == 200 and len(response.json()["data"]) == 2
    assert response.headers.get_list("content-length") == [str(len(response.content))]
    assert patched.json()["status"] == "paused"


def test_a_closed_client_stops_its_thread(app):
    client = in_process_client(app)
    thread = client._transport._thread
    client.get("/openapi.json")
    client.close()
    assert not thread.is_alive()


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient` is deprecated")
def test_starlette_testclient_works_too(app, demo, org):
    from starlette.testclient import TestClient

    with TestClient(app, headers={"Authorization": f"Bearer {demo['token']}"}) as client:
        assert client.get(f"{org}/api-keys").status_code == 200
        assert client.post(f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke").json()["status"] == "revoked"


def test_importing_the_package_and_the_cli_does_not_load_the_server_stack():
    code = (
        "import sys, orgdocs.orgapi, orgdocs.cli._orgapi; "
        "print(sorted(m for m in ('starlette', 'uvicorn', 'httpx', 'anyio') if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_the_public_surface_is_pinned():
    import orgdocs.orgapi as package

    assert package.__all__ == [
        "DESCRIPTION_PATH",
        "SQLiteStore",
        "Store",
        "create_api_key",
        "create_app",
        "description",
        "in_process_client",
        "open_store",
        "seed_demo",
        "uvicorn_config",
        "verify_audit_chain",
    ]
    for name in package.__all__:
        assert getattr(package, name) is not None
    assert package.DESCRIPTION_PATH.is_file()
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018
