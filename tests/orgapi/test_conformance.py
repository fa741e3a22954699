"""Our own API as the first customer of the response check: every answer of the reference server, success and
error alike, is what its description promises (status declared, media type, headers, body schema)."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

import orgdocs
from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.project._conformance import check_response


@pytest.fixture(scope="module")
def api():
    return orgdocs.load(DESCRIPTION_PATH)


def _checked(api, operation_id: str, response: httpx.Response, status: int) -> None:
    assert response.status_code == status, response.text
    operation = api.operation(operation_id)
    check = check_response(operation, api, response.status_code, response.headers, response.content)
    assert check.ok, [str(d) for d in check.differences]


def test_every_answer_of_every_operation_fits_the_description(api, client, org, demo: dict[str, Any]):
    keys, hooks = demo["api_key_ids"], demo["webhook_ids"]
    anonymous = httpx.Headers({"Authorization": ""})
    answers = [
        ("listApiKeys", client.get(f"{org}/api-keys"), 200),
        ("listApiKeys", client.get(f"{org}/api-keys", params={"limit": 2}), 200),
        ("listApiKeys", client.get(f"{org}/api-keys", params={"limit": 0}), 400),
        ("listApiKeys", client.get(f"{org}/api-keys", params={"cursor": "forged"}), 400),
        ("listApiKeys", client.get(f"{org}/api-keys", headers=anonymous), 401),
        ("listApiKeys", client.get("/organizations/org_nobody/api-keys"), 404),
        ("revokeApiKey", client.post(f"{org}/api-keys/{keys[-1]}/revoke"), 200),
        ("revokeApiKey", client.post(f"{org}/api-keys/{keys[-1]}/revoke"), 200),  # already revoked
        ("revokeApiKey", client.post(f"{org}/api-keys/key_missing/revoke"), 404),
        (
            "revokeApiKey",
            client.post(f"{org}/api-keys/{keys[-2]}/revoke", headers={"Idempotency-Key": "x"}),
            400,
        ),
        ("updateWebhook", client.patch(f"{org}/webhooks/{hooks[0]}", json={"status": "paused"}), 200),
        ("updateWebhook", client.patch(f"{org}/webhooks/{hooks[0]}", json={}), 200),
        ("updateWebhook", client.patch(f"{org}/webhooks/{hooks[0]}", json={"status": "asleep"}), 422),
        ("updateWebhook", client.patch(f"{org}/webhooks/{hooks[0]}", json={"colour": "red"}), 422),
        (
            "updateWebhook",
            client.patch(
                f"{org}/webhooks/{hooks[0]}", content=b"{", headers={"Content-Type": "application/json"}
            ),
            400,
        ),
        (
            "updateWebhook",
            client.patch(f"{org}/webhooks/{hooks[0]}", content=b"x", headers={"Content-Type": "text/plain"}),
            415,
        ),
        ("updateWebhook", client.patch(f"{org}/webhooks/wh_missing", json={"status": "active"}), 404),
    ]
    key = str(uuid.uuid4())
    first = client.post(f"{org}/api-keys/{keys[-3]}/revoke", headers={"Idempotency-Key": key})
    other = client.post(f"{org}/api-keys/{keys[-4]}/revoke", headers={"Idempotency-Key": key})
    answers += [("revokeApiKey", first, 200), ("revokeApiKey", other, 422)]
    for operation_id, response, status in answers:
        _checked(api, operation_id, response, status)


def test_a_forbidden_scope_fits_the_description(api, store, org, demo):
    from orgdocs.orgapi import create_app, in_process_client
    from orgdocs.orgapi._provisioning import create_api_key

    secret, _ = create_api_key(store, demo["organization_id"], scopes=["webhooks:write"])
    with in_process_client(create_app(store), headers={"Authorization": f"Bearer {secret}"}) as reader:
        _checked(api, "listApiKeys", reader.get(f"{org}/api-keys"), 403)
