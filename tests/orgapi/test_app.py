"""The reference server over HTTP (in-process): authentication, scopes, pagination, revocation with
idempotency, webhook updates, and a problem+json 4xx with a request id for every kind of bad input."""

from __future__ import annotations

import json
import threading
import uuid
from datetime import timedelta
from typing import Any

import httpx
import pytest

from orgdocs.orgapi import create_api_key, create_app, in_process_client
from orgdocs.orgapi._cursors import Cursor, CursorSigner
from orgdocs.orgapi._sqlite_store import SQLiteStore
from orgdocs.orgapi._store import Position

PROBLEM = "application/problem+json"


def assert_problem(response: httpx.Response, status: int, slug: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == PROBLEM
    body = response.json()
    assert body["type"] == f"urn:orgdocs:problem:{slug}"
    assert body["status"] == status
    assert body["title"] and body["detail"]
    assert body["request_id"] == response.headers["x-request-id"]
    return body


def all_keys(client: httpx.Client, org: str, limit: int = 100) -> list[dict[str, Any]]:
    return client.get(f"{org}/api-keys", params={"limit": limit}).json()["data"]


# -- authentication and authorization ------------------------------------------------------------------


def test_no_token_is_401_with_a_bearer_challenge(app, org):
    with in_process_client(app) as anonymous:
        response = anonymous.get(f"{org}/api-keys")
    assert_problem(response, 401, "unauthorized")
    assert response.headers["www-authenticate"] == 'Bearer realm="orgdocs"'


@pytest.mark.parametrize(
    "authorization",
    [
        "Bearer odk_aaaaaaaa_" + "x" * 32,  # well formed, unknown
        "Bearer not-a-token",
        "Basic dXNlcjpwYXNz",
        "Bearer",
        "Bearer  ",
        "bearer odk_\u00e9",
    ],
)
def test_invalid_tokens_are_401(app, org, authorization):
    with in_process_client(app) as anonymous:
        response = anonymous.get(f"{org}/api-keys", headers={"Authorization": authorization.encode("utf-8")})
    assert_problem(response, 401, "unauthorized")
    assert response.headers["www-authenticate"].startswith('Bearer realm="orgdocs", error=')


def test_a_token_with_the_right_prefix_and_a_wrong_secret_is_401(app, org, demo):
    forged = demo["token"][:-4] + ("AAAA" if not demo["token"].endswith("AAAA") else "BBBB")
    with in_process_client(app, headers={"Authorization": f"Bearer {forged}"}) as forger:
        assert_problem(forger.get(f"{org}/api-keys"), 401, "unauthorized")


def test_a_revoked_key_stops_working_at_once(client, app, store, demo, org):
    token, key = create_api_key(store, demo["organization_id"], ["api_keys:read"], name="short-lived")
    with in_process_client(app, headers={"Authorization": f"Bearer {token}"}) as holder:
        assert holder.get(f"{org}/api-keys").status_code == 200
        assert client.post(f"{org}/api-keys/{key.id}/revoke").json()["status"] == "revoked"
        body = assert_problem(holder.get(f"{org}/api-keys"), 401, "unauthorized")
    assert "revoked" in body["detail"]


def test_an_expired_key_is_401(app, store, demo, org, clock):
    now = int(clock().timestamp() * 1_000_000)
    token, _ = create_api_key(
        store, demo["organization_id"], ["api_keys:read"], expires_at=now + 60_000_000, clock=clock
    )
    with in_process_client(app, headers={"Authorization": f"Bearer {token}"}) as holder:
        assert holder.get(f"{org}/api-keys").status_code == 200
        clock.advance(timedelta(minutes=1))
        body = assert_problem(holder.get(f"{org}/api-keys"), 401, "unauthorized")
    assert "expired" in body["detail"]


@pytest.mark.parametrize(
    ("method", "path", "scope"),
    [
        ("GET", "/api-keys", "api_keys:read"),
        ("POST", "/api-keys/key_x/revoke", "api_keys:write"),
        ("PATCH", "/webhooks/wh_x", "webhooks:write"),
    ],
)
def test_each_operation_requires_its_scope(app, store, demo, org, method, path, scope):
    others = [s for s in ("api_keys:read", "api_keys:write", "webhooks:write") if s != scope]
    token, _ = create_api_key(store, demo["organization_id"], others, project_ids=["proj_web"])
    with in_process_client(app, headers={"Authorization": f"Bearer {token}"}) as limited:
        response = limited.request(method, f"{org}{path}", json={} if method == "PATCH" else None)
    body = assert_problem(response, 403, "insufficient-scope")
    assert scope in body["detail"]
    assert f'scope="{scope}"' in response.headers["www-authenticate"]


def test_a_key_limited_to_projects_still_manages_its_organization(app, store, demo, org):
    token, _ = create_api_key(store, demo["organization_id"], ["api_keys:read"], project_ids=["proj_web"])
    with in_process_client(app, headers={"Authorization": f"Bearer {token}"}) as limited:
        assert limited.get(f"{org}/api-keys").status_code == 200


def test_other_organizations_and_their_resources_are_404(client, store, demo, clock):
    _, stranger_key = create_api_key(store, "org_other", ["api_keys:read"], clock=clock)
    for response in (
        client.get("/organizations/org_other/api-keys"),
        client.post(f"/organizations/org_other/api-keys/{stranger_key.id}/revoke"),
        client.patch("/organizations/org_other/webhooks/wh_x", json={}),
        client.get("/organizations/org_that_does_not_exist/api-keys"),
        # another organization's key, addressed through one's own organization
        client.post(f"/organizations/{demo['organization_id']}/api-keys/{stranger_key.id}/revoke"),
    ):
        assert_problem(response, 404, "not-found")
    assert store.key_by_prefix(stranger_key.prefix)[0].revoked_at is None


def test_using_a_key_sets_its_last_used_at(client, org, demo, clock):
    before = {key["id"]: key["last_used_at"] for key in all_keys(client, org)}
    assert before[demo["api_key_ids"][0]] == "2024-05-01T12:00:00Z"  # this very listing used the key
    clock.advance(timedelta(seconds=30))
    after = {key["id"]: key["last_used_at"] for key in all_keys(client, org)}
    assert after[demo["api_key_ids"][0]] == "2024-05-01T12:00:30Z"
    assert after[demo["api_key_ids"][1]] is None  # never used


# -- listing and cursors -------------------------------------------------------------------------------


def test_list_returns_metadata_newest_first_and_never_a_secret(client, org, demo):
    response = client.get(f"{org}/api-keys")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["request_id"] == response.headers["x-request-id"]
    assert body["page"] == {"next_cursor": None, "previous_cursor": None, "has_more": False}
    keys = body["data"]
    assert {key["id"] for key in keys} == set(demo["api_key_ids"])
    assert [key["created_at"] for key in keys] == sorted((key["created_at"] for key in keys), reverse=True)
    assert {key["status"] for key in keys} == {"active", "revoked", "expired"}
    for key in keys:
        assert set(key) == {
            "id", "name", "prefix", "scopes", "project_ids", "status", "last_used_at", "expires_at", "created_at"
        }  # fmt: skip
        assert key["prefix"].startswith("odk_")
    assert demo["token"] not in response.text
    assert demo["token"].split("_", 2)[2] not in response.text  # the secret part


def test_cursors_walk_forward_and_back_over_every_key(client, org, store, demo, clock):
    for index in range(13):  # 20 keys, several sharing one created_at: ties are broken by id
        create_api_key(store, demo["organization_id"], ["api_keys:read"], name=f"bulk {index}", clock=clock)
    expected = [key["id"] for key in all_keys(client, org)]
    assert len(expected) == 20

    pages, cursor = [], None
    while True:
        params = {"limit": 3} if cursor is None else {"limit": 3, "cursor": cursor}
        page = client.get(f"{org}/api-keys", params=params).json()
        pages.append(page)
        assert page["page"]["has_more"] is (page["page"]["next_cursor"] is not None)
        cursor = page["page"]["next_cursor"]
        if cursor is None:
            break
    assert [key["id"] for page in pages for key in page["data"]] == expected
    assert pages[0]["page"]["previous_cursor"] is None
    assert [len(page["data"]) for page in pages] == [3] * 6 + [2]

    backwards, cursor = [], pages[-1]["page"]["previous_cursor"]
    while cursor is not None:
        page = client.get(f"{org}/api-keys", params={"limit": 3, "cursor": cursor}).json()
        backwards.append([key["id"] for key in page["data"]])
        cursor = page["page"]["previous_cursor"]
    assert backwards == [[key["id"] for key in page["data"]] for page in reversed(pages[:-1])]


@pytest.mark.parametrize("limit", ["0", "101", "-1", "abc", "2.5", "", "1e1", " 5", "99999999999999999999"])
def test_limit_outside_1_to_100_is_400(client, org, limit):
    body = assert_problem(client.get(f"{org}/api-keys", params={"limit": limit}), 400, "invalid-parameter")
    assert body["errors"] == [{"detail": body["detail"], "parameter": "limit"}]


def test_limit_bounds_are_accepted_and_repeats_are_not(client, org):
    assert len(client.get(f"{org}/api-keys", params={"limit": 1}).json()["data"]) == 1
    assert client.get(f"{org}/api-keys", params={"limit": 100}).status_code == 200
    assert_problem(client.get(f"{org}/api-keys?limit=1&limit=2"), 400, "invalid-parameter")


def test_tampered_foreign_and_made_up_cursors_are_400(client, app, store, org, demo, clock):
    cursor = client.get(f"{org}/api-keys", params={"limit": 2}).json()["page"]["next_cursor"]
    payload, signature = cursor.split(".")
    flipped = payload[:-1] + ("A" if payload[-1] != "A" else "B")
    token, _ = create_api_key(store, "org_other", ["api_keys:read"], clock=clock)
    with in_process_client(app, headers={"Authorization": f"Bearer {token}"}) as other:
        foreign = other.get("/organizations/org_other/api-keys", params={"cursor": cursor})
    assert_problem(foreign, 400, "invalid-cursor")
    for bad in (
        f"{flipped}.{signature}",
        f"{payload}.{signature[:-2]}",
        "garbage",
        "a.b.c",
        "\u00e9.\u00e9",
        "x" * 600,
    ):
        body = assert_problem(client.get(f"{org}/api-keys", params={"cursor": bad}), 400, "invalid-cursor")
        assert body["errors"][0]["parameter"] == "cursor"
    # A well-formed cursor signed by another database is refused as well.
    elsewhere = CursorSigner(b"another database's secret").issue(
        demo["organization_id"], Cursor("after", Position(0, "key_x"))
    )
    assert_problem(client.get(f"{org}/api-keys", params={"cursor": elsewhere}), 400, "invalid-cursor")


# -- revocation and idempotency ------------------------------------------------------------------------


def test_revoke_records_one_audit_event_and_is_idempotent_without_a_key(client, org, store, demo):
    target = demo["api_key_ids"][1]
    events_before = len(store.audit_events(demo["organization_id"]))
    first = client.post(f"{org}/api-keys/{target}/revoke")
    assert first.status_code == 200
    assert first.json()["status"] == "revoked" and first.json()["id"] == target
    again = client.post(f"{org}/api-keys/{target}/revoke")
    assert again.status_code == 200 and again.json() == first.json()
    assert "idempotent-replayed" not in again.headers
    events = store.audit_events(demo["organization_id"])
    assert len(events) == events_before + 1
    event = events[-1]
    assert (event.type, event.target_key_id, event.actor_key_id) == (
        "api_key.revoked",
        target,
        demo["api_key_ids"][0],
    )
    assert event.request_id == first.headers["x-request-id"]


def test_revoking_an_unknown_key_is_404(client, org):
    assert_problem(client.post(f"{org}/api-keys/key_nope/revoke"), 404, "not-found")


def test_an_idempotency_key_replays_the_first_response(client, org, store, demo):
    key = str(uuid.uuid4())
    target = demo["api_key_ids"][2]
    first = client.post(f"{org}/api-keys/{target}/revoke", headers={"Idempotency-Key": key})
    replay = client.post(f"{org}/api-keys/{target}/revoke", headers={"Idempotency-Key": key.upper()})
    assert first.status_code == replay.status_code == 200
    assert replay.content == first.content
    assert replay.headers["idempotent-replayed"] == "true"
    assert "idempotent-replayed" not in first.headers
    assert replay.headers["x-request-id"] != first.headers["x-request-id"]
    # A 404 is kept and replayed as well, request id and all.
    missing = client.post(
        f"{org}/api-keys/key_nope/revoke",
        headers={"Idempotency-Key": str(uuid.uuid5(uuid.NAMESPACE_DNS, key))},
    )
    missing_again = client.post(
        f"{org}/api-keys/key_nope/revoke",
        headers={"Idempotency-Key": str(uuid.uuid5(uuid.NAMESPACE_DNS, key))},
    )
    assert missing.status_code == missing_again.status_code == 404
    assert missing_again.content == missing.content and missing_again.headers["idempotent-replayed"] == "true"


def test_an_idempotency_key_reused_for_another_request_is_422(client, app, store, org, demo):
    key = str(uuid.uuid4())
    assert (
        client.post(
            f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke", headers={"Idempotency-Key": key}
        ).status_code
        == 200
    )
    other_target = client.post(
        f"{org}/api-keys/{demo['api_key_ids'][2]}/revoke", headers={"Idempotency-Key": key}
    )
    body = assert_problem(other_target, 422, "idempotency-key-reused")
    assert body["errors"][0]["header"] == "Idempotency-Key"
    statuses = {key["id"]: key["status"] for key in all_keys(client, org)}
    assert statuses[demo["api_key_ids"][2]] == "active"  # nothing was done under the reused key
    token, _ = create_api_key(store, demo["organization_id"], ["api_keys:write"], name="another caller")
    with in_process_client(app, headers={"Authorization": f"Bearer {token}"}) as other_caller:
        response = other_caller.post(
            f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke", headers={"Idempotency-Key": key}
        )
    assert_problem(response, 422, "idempotency-key-reused")


def test_idempotency_keys_are_kept_24_hours(client, org, demo, clock):
    key = str(uuid.uuid4())
    first = client.post(f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke", headers={"Idempotency-Key": key})
    clock.advance(timedelta(hours=23, minutes=59))
    assert (
        client.post(
            f"{org}/api-keys/{demo['api_key_ids'][2]}/revoke", headers={"Idempotency-Key": key}
        ).status_code
        == 422
    )
    replay = client.post(f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke", headers={"Idempotency-Key": key})
    assert replay.headers["idempotent-replayed"] == "true" and replay.content == first.content
    clock.advance(timedelta(minutes=1))
    assert (
        client.post(
            f"{org}/api-keys/{demo['api_key_ids'][2]}/revoke", headers={"Idempotency-Key": key}
        ).status_code
        == 422
    )
    clock.advance(timedelta(microseconds=1))
    # Past 24 hours: the key is free again, and this time it revokes another key.
    reused = client.post(f"{org}/api-keys/{demo['api_key_ids'][2]}/revoke", headers={"Idempotency-Key": key})
    assert reused.status_code == 200 and "idempotent-replayed" not in reused.headers
    assert reused.json()["id"] == demo["api_key_ids"][2]


@pytest.mark.parametrize(
    "value", ["not-a-uuid", "5f0c6d2e8a4b4c1e9f3a2b7d8e6c1a90", "{5f0c6d2e-8a4b-4c1e-9f3a-2b7d8e6c1a90}", ""]
)
def test_an_idempotency_key_must_be_a_uuid(client, org, demo, value):
    response = client.post(
        f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke", headers={"Idempotency-Key": value}
    )
    body = assert_problem(response, 400, "invalid-header")
    assert body["errors"][0]["header"] == "Idempotency-Key"


class GatedStore(SQLiteStore):
    """A store whose revocations wait at a gate, so a test can hold a request in flight."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.entered = threading.Event()
        self.gate = threading.Event()

    def revoke_api_key(self, *args: Any, **kwargs: Any) -> Any:
        self.entered.set()
        assert self.gate.wait(timeout=30)
        return super().revoke_api_key(*args, **kwargs)


def _in_background(call: Any) -> tuple[threading.Thread, list[Any]]:
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(call()), daemon=True)
    thread.start()
    return thread, result


def test_a_retry_while_the_first_request_runs_is_409_after_the_wait(store, demo, clock, org):
    gated = GatedStore(store.path)
    try:
        app = create_app(gated, clock=clock, idempotency_wait=0.05)
        headers = {"Authorization": f"Bearer {demo['token']}", "Idempotency-Key": str(uuid.uuid4())}
        url = f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke"
        with (
            in_process_client(app, headers=headers) as first,
            in_process_client(app, headers=headers) as retry,
        ):
            thread, result = _in_background(lambda: first.post(url))
            assert gated.entered.wait(timeout=30)
            conflict = retry.post(url)
            body = assert_problem(conflict, 409, "idempotency-key-in-use")
            assert conflict.headers["retry-after"] == "1" and "still being processed" in body["detail"]
            gated.gate.set()
            thread.join(timeout=30)
            assert result[0].status_code == 200
            later = retry.post(url)
        assert later.headers["idempotent-replayed"] == "true" and later.content == result[0].content
    finally:
        gated.gate.set()
        gated.close()


def test_a_retry_while_the_first_request_runs_waits_and_replays(store, demo, clock, org):
    gated = GatedStore(store.path)
    try:
        app = create_app(gated, clock=clock, idempotency_wait=30)
        headers = {"Authorization": f"Bearer {demo['token']}", "Idempotency-Key": str(uuid.uuid4())}
        url = f"{org}/api-keys/{demo['api_key_ids'][1]}/revoke"
        with (
            in_process_client(app, headers=headers) as first,
            in_process_client(app, headers=headers) as retry,
        ):
            first_thread, first_result = _in_background(lambda: first.post(url))
            assert gated.entered.wait(timeout=30)
            retry_thread, retry_result = _in_background(lambda: retry.post(url))
            gated.gate.set()
            first_thread.join(timeout=30)
            retry_thread.join(timeout=30)
        assert first_result[0].status_code == retry_result[0].status_code == 200
        assert retry_result[0].content == first_result[0].content
        assert retry_result[0].headers["idempotent-replayed"] == "true"
        assert len(store.audit_events(demo["organization_id"])) == 2  # the seed's and this one
    finally:
        gated.gate.set()
        gated.close()


# -- webhooks ------------------------------------------------------------------------------------------


def test_patch_merges_the_given_members_and_keeps_the_rest(client, org, demo):
    url = f"{org}/webhooks/{demo['webhook_ids'][0]}"
    before = client.patch(url, json={}).json()
    assert before["status"] == "active" and "signing_secret" not in before
    assert len(before["signing_secret_last4"]) == 4
    paused = client.patch(url, json={"status": "paused"})
    assert paused.status_code == 200
    assert paused.json() == {**before, "status": "paused"}
    changed = client.patch(
        url,
        json={
            "url": "http://127.0.0.1:9000/hook?x=1",
            "description": "",
            "events": ["member.added"],
            "status": "disabled",
        },
    ).json()
    assert changed == {
        **before,
        "url": "http://127.0.0.1:9000/hook?x=1",
        "description": "",
        "events": ["member.added"],
        "status": "disabled",
    }
    assert client.patch(url, json={"status": "active"}).json()["status"] == "active"  # any transition
    assert client.patch(url, json={}).json() == {**changed, "status": "active"}


@pytest.mark.parametrize(
    ("body", "pointers"),
    [
        ({"colour": "red"}, ["/colour"]),
        ({"url": None}, ["/url"]),
        ({"url": "ftp://example.com/x"}, ["/url"]),
        ({"url": "/relative/path"}, ["/url"]),
        ({"url": "https://user:pw@example.com/"}, ["/url"]),
        ({"url": "https://example.com/#fragment"}, ["/url"]),
        ({"url": "https://example.com/%zz"}, ["/url"]),
        ({"url": "https://example.com/a b"}, ["/url"]),
        ({"url": "https://example.com/\n"}, ["/url"]),
        ({"url": "https://" + "a" * 2048 + ".com"}, ["/url"]),
        ({"description": 5}, ["/description"]),
        ({"description": "x" * 1001}, ["/description"]),
        ({"events": []}, ["/events"]),
        ({"events": "api_key.created"}, ["/events"]),
        ({"events": ["api_key.created", "api_key.created"]}, ["/events/1"]),
        ({"events": ["api_key.created", "billing.paid", 3]}, ["/events/1", "/events/2"]),
        ({"status": "deleted"}, ["/status"]),
        ({"status": None}, ["/status"]),
        ({"status": ["active"]}, ["/status"]),
        ({"a/b~c": 1, "status": "nope"}, ["/a~1b~0c", "/status"]),
    ],
)
def test_patch_validation_is_strict_and_all_or_nothing(client, org, demo, body, pointers):
    url = f"{org}/webhooks/{demo['webhook_ids'][0]}"
    before = client.patch(url, json={}).json()
    response = client.patch(url, json=body)
    problem = assert_problem(response, 422, "validation-failed")
    assert [error["pointer"] for error in problem["errors"]] == pointers
    assert client.patch(url, json={}).json() == before


def test_patch_of_an_unknown_webhook_is_404(client, org):
    assert_problem(client.patch(f"{org}/webhooks/wh_nope", json={"status": "paused"}), 404, "not-found")


@pytest.mark.parametrize(
    ("content", "content_type", "status", "slug"),
    [
        (b'{"status": "paused"', "application/json", 400, "malformed-json"),
        (b"", "application/json", 400, "malformed-json"),
        (b'{"status": NaN}', "application/json", 400, "malformed-json"),
        (b'{"status": "paused", "status": "active"}', "application/json", 400, "malformed-json"),
        (b"\xff\xfe{}", "application/json", 400, "malformed-json"),
        (b"[" * 100_00 + b"]" * 100_00, "application/json", 400, "malformed-json"),
        (b'"paused"', "application/json", 422, "validation-failed"),
        (b'[{"status": "paused"}]', "application/json", 422, "validation-failed"),
        (b'{"description": "\\ud800"}', "application/json", 422, "validation-failed"),
        (b'{"status": "paused"}', "text/plain", 415, "unsupported-media-type"),
        (b'{"status": "paused"}', "application/json; charset=latin-1", 415, "unsupported-media-type"),
        (b'{"status": "paused"}', "application/x-www-form-urlencoded", 415, "unsupported-media-type"),
        (b'{"status": "paused"}', None, 415, "unsupported-media-type"),
        (b'{"description": "' + b"x" * 70_000 + b'"}', "application/json", 413, "body-too-large"),
    ],
)
def test_bad_bodies_get_a_4xx_problem(client, org, demo, content, content_type, status, slug):
    headers = {} if content_type is None else {"Content-Type": content_type}
    response = client.patch(f"{org}/webhooks/{demo['webhook_ids'][0]}", content=content, headers=headers)
    assert_problem(response, status, slug)


def test_a_streamed_body_over_the_cap_is_413(client, org, demo):
    def chunks():
        for _ in range(20):
            yield b"x" * 4096

    response = client.patch(
        f"{org}/webhooks/{demo['webhook_ids'][0]}",
        content=chunks(),
        headers={"Content-Type": "application/json"},
    )
    assert_problem(response, 413, "body-too-large")


def test_json_with_a_charset_is_accepted(client, org, demo):
    response = client.patch(
        f"{org}/webhooks/{demo['webhook_ids'][0]}",
        content=json.dumps({"status": "paused"}).encode(),
        headers={"Content-Type": "Application/JSON; charset=UTF-8"},
    )
    assert response.status_code == 200 and response.json()["status"] == "paused"


# -- every response: request id, problem shape, routing errors, CORS, the description ------------------


def test_routing_errors_are_problems_with_a_request_id(client, org):
    assert_problem(client.get("/nowhere"), 404, "not-found")
    assert_problem(client.get(f"{org}//api-keys"), 404, "not-found")
    wrong_method = client.delete(f"{org}/api-keys")
    assert_problem(wrong_method, 405, "method-not-allowed")
    assert "GET" in wrong_method.headers["allow"]


def test_request_ids_are_unique(client, org):
    ids = {client.get(f"{org}/api-keys").headers["x-request-id"] for _ in range(5)}
    assert len(ids) == 5


def test_cors_allows_the_configured_origin_only(store, demo, clock, org):
    app = create_app(store, clock=clock, cors_origins=["http://127.0.0.1:8000"])
    preflight = {
        "Origin": "http://127.0.0.1:8000",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, idempotency-key",
    }
    with in_process_client(app) as browser:
        allowed = browser.options(f"{org}/api-keys/key_x/revoke", headers=preflight)
        refused = browser.options(
            f"{org}/api-keys/key_x/revoke", headers={**preflight, "Origin": "http://evil.test"}
        )
        actual = browser.get(
            f"{org}/api-keys",
            headers={"Origin": "http://127.0.0.1:8000", "Authorization": f"Bearer {demo['token']}"},
        )
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "http://127.0.0.1:8000"
    assert "idempotency-key" in allowed.headers["access-control-allow-headers"].lower()
    assert "x-request-id" in allowed.headers
    assert refused.status_code == 400 and "x-request-id" in refused.headers
    assert actual.headers["access-control-allow-origin"] == "http://127.0.0.1:8000"
    assert "x-request-id" in actual.headers["access-control-expose-headers"].lower()


def test_the_description_is_served_as_yaml_and_json(client):
    from orgdocs.orgapi import DESCRIPTION_PATH

    as_yaml = client.get("/openapi.yaml")
    assert as_yaml.status_code == 200 and as_yaml.content == DESCRIPTION_PATH.read_bytes()
    assert as_yaml.headers["content-type"].startswith("application/yaml")
    as_json = client.get("/openapi.json").json()
    assert as_json["openapi"] == "3.1.0"
    assert client.get("/").json()["description"]["json"] == "/openapi.json"


def test_an_unexpected_failure_is_a_500_problem_with_a_request_id(store, demo, clock, org):
    class BrokenStore(SQLiteStore):
        def list_api_keys(self, *args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("disk on fire")

    broken = BrokenStore(store.path)
    try:
        with in_process_client(
            create_app(broken, clock=clock), headers={"Authorization": f"Bearer {demo['token']}"}
        ) as client:
            response = client.get(f"{org}/api-keys")
    finally:
        broken.close()
    body = assert_problem(response, 500, "internal-error")
    assert "disk on fire" not in response.text and body["request_id"]


def test_an_app_over_a_path_creates_its_database(tmp_path, clock):
    app = create_app(tmp_path / "own.sqlite3", clock=clock)
    try:
        with in_process_client(app) as client:
            assert client.get("/openapi.json").status_code == 200
        assert (tmp_path / "own.sqlite3").exists()
    finally:
        app.state.store.close()
