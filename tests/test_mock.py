"""The mock of a description: requests checked, answers from examples or schemas, in the kernel and over HTTP."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time

import httpx
import pytest

import orgdocs
from orgdocs.model import from_document
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.project._conformance import check_response
from orgdocs.project._mock import Mock
from orgdocs.render.widgets import RequestForm, TokenStore

TOKEN = {"Authorization": "Bearer anything"}


@pytest.fixture(scope="module")
def orgapi():
    return orgdocs.load(DESCRIPTION_PATH)


@pytest.fixture(scope="module")
def mock(orgapi):
    return Mock(orgapi)


def _json(answer):
    return json.loads(answer.body)


def test_every_operation_answers_its_declared_status_with_a_body_that_passes_the_check(orgapi):
    client = orgdocs.mock_client(orgapi)
    for operation in orgapi.operations:
        form = RequestForm(operation, client=client, tokens=TokenStore(), values={"organizationId": "org_1"})
        form.set_values({"apiKeyId": "key_1", "webhookId": "wh_1"})
        form.set_token("anything")
        response = form.send()
        declared = {str(r.status) for r in operation.responses}
        assert str(response.status_code) in declared and 200 <= response.status_code < 300, operation.path
        assert form.check().empty, form.check()


def test_the_request_is_checked(mock):
    path = "/organizations/org_1/api-keys"
    missing = mock.answer("GET", path, {})
    assert missing.status == 401 and missing.header("WWW-Authenticate").startswith("Bearer")
    # in the shape the operation declares for a 401 (its problem schema, its X-Request-Id), saying why
    assert missing.header("Content-Type") == "application/problem+json" and missing.header("X-Request-Id")
    assert _json(missing)["detail"] == "credentials are required: BearerAuth"
    bad = mock.answer("GET", path + "?limit=many", TOKEN)
    assert bad.status == 400 and _json(bad)["errors"] == [
        {"parameter": "limit", "in": "query", "detail": "limit: 'many' is not an integer"}
    ]
    webhook = "/organizations/org_1/webhooks/wh_1"
    typed = {**TOKEN, "Content-Type": "application/json"}
    wrong = mock.answer("PATCH", webhook, typed, b'{"status": "asleep", "events": "all"}')
    assert wrong.status == 422 and {e["pointer"] for e in _json(wrong)["errors"]} == {"/status", "/events"}
    assert mock.answer("PATCH", webhook, {**TOKEN, "Content-Type": "text/plain"}, b"x").status == 415
    assert mock.answer("PATCH", webhook, TOKEN, b"").status == 400  # the body is required
    assert mock.answer("PATCH", webhook, typed, b"{nope").status == 400


def test_routes_prefer_and_accept(mock):
    unknown = mock.answer("GET", "/organisations/org_1/api-keys", TOKEN)
    assert (
        unknown.status == 404 and _json(unknown)["matches"][0] == "/organizations/{organizationId}/api-keys"
    )
    other_method = mock.answer("DELETE", "/organizations/org_1/api-keys", TOKEN)
    assert other_method.status == 405 and other_method.header("Allow") == "GET"
    revoke = "/organizations/org_1/api-keys/key_1/revoke"
    chosen = mock.answer("POST", revoke, {**TOKEN, "Prefer": "code=404"})
    assert chosen.status == 404 and _json(chosen)["status"] == 404  # the description's own 404 example
    assert mock.answer("POST", revoke, {**TOKEN, "Prefer": "code=418"}).status == 400
    assert mock.answer("GET", "/organizations/o/api-keys", {**TOKEN, "Accept": "text/csv"}).status == 406
    head = mock.answer("HEAD", "/organizations/o/api-keys", TOKEN)
    assert head.status == 200 and head.body == b""


def test_the_same_request_gets_the_same_answer(mock):
    first = mock.answer("GET", "/organizations/org_1/api-keys?limit=2", TOKEN)
    again = mock.answer("GET", "/organizations/org_1/api-keys?limit=2", TOKEN)
    assert (first.status, first.headers, first.body) == (again.status, again.headers, again.body)


def _description(**operation):
    return from_document(
        {
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "servers": [{"url": "https://api.example.test/v2"}],
            "paths": {"/things/{id}": {"get": {"operationId": "getThing", **operation}}},
        },
        "t.json",
    )


def test_a_declared_example_that_fails_its_schema_gives_way_to_a_generated_one():
    api = _description(
        parameters=[{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}],
        responses={
            "200": {
                "description": "ok",
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "required": ["n"],
                            "properties": {"n": {"type": "integer"}},
                        },
                        "examples": {"good": {"value": {"n": 7}}, "bad": {"value": {"n": "seven"}}},
                    }
                },
            }
        },
    )
    mock = Mock(api)
    path = "/v2/things/5"  # under the declared server's base path
    assert _json(mock.answer("GET", path, {"Prefer": "example=good"})) == {"n": 7}
    assert mock.answer("GET", path, {"Prefer": "example=none"}).status == 400
    assert mock.answer("GET", "/v2/things/five", {}).status == 400  # a path parameter of the wrong type
    del api.operations[0].responses[0].content[0].examples["good"]  # only the bad one left
    fallback = Mock(api).answer("GET", path, {})
    assert _json(fallback) == {"n": 0} and "does not match" in fallback.header("X-Mock-Example")


def test_a_hostile_description_makes_the_mock_read_no_file_and_reach_no_host(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    api = _description(
        responses={
            "200": {
                "description": "ok",
                "content": {
                    "application/json": {
                        "schema": {"$ref": f"file://{secret}"},
                        "examples": {"x": {"externalValue": f"file://{secret}"}},
                    },
                },
            }
        }
    )
    answer = Mock(api).answer("GET", "/v2/things/1", {})
    assert answer.status == 200 and b"top secret" not in answer.body


def test_mock_client_answers_a_form_for_its_declared_servers(orgapi):
    form = RequestForm(orgapi.operations[0], client=orgdocs.mock_client(orgapi), tokens=TokenStore())
    form.set_values({"organizationId": "org_1"})
    assert form.send().status_code == 401  # no credential: the mock says so, as the API would
    assert form.check().empty  # in the shape the description declares for a 401
    history = form.history
    assert list(history["status"])[-1] == 401


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_orgdocs_mock_serves_on_loopback_with_cors(tmp_path):
    port = _free_port()
    command = [sys.executable, "-m", "orgdocs", "mock", str(DESCRIPTION_PATH), "--port", str(port)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stderr.readline()
        assert f"http://127.0.0.1:{port}" in line and "3 operations" in line
        deadline = time.monotonic() + 20
        while True:
            try:
                response = httpx.get(
                    f"http://127.0.0.1:{port}/organizations/o/api-keys",
                    headers={**TOKEN, "Origin": "http://docs.test"},
                    timeout=5,
                )
                break
            except httpx.ConnectError:
                assert time.monotonic() < deadline, "the mock did not start"
                time.sleep(0.1)
        assert response.status_code == 200 and response.headers["access-control-allow-origin"] == "*"
        operation = orgdocs.load(DESCRIPTION_PATH).operations[0]
        api = operation.api_description
        assert check_response(operation, api, response.status_code, response.headers, response.content).ok
        taken = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert taken.returncode == 1 and "--port" in taken.stderr and taken.stderr.count("\n") == 1
    finally:
        process.terminate()
        process.wait(timeout=10)
        process.stderr.close()
