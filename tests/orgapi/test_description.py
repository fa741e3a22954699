"""The shipped description: what the seed says, what CONTRACT 9 decides, and well-formed OpenAPI 3.1."""

from __future__ import annotations

import re

import jsonschema
import pytest

from orgdocs.orgapi import DESCRIPTION_PATH
from orgdocs.orgapi._description import description

DOC = description()
PATHS = DOC["paths"]
LIST = PATHS["/organizations/{organizationId}/api-keys"]["get"]
REVOKE = PATHS["/organizations/{organizationId}/api-keys/{apiKeyId}/revoke"]["post"]
UPDATE = PATHS["/organizations/{organizationId}/webhooks/{webhookId}"]["patch"]
SCHEMAS = DOC["components"]["schemas"]


def deref(node):
    while isinstance(node, dict) and "$ref" in node:
        target = DOC
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        node = target
    return node


def params(operation):
    return {deref(p)["name"]: deref(p) for p in operation["parameters"]}


def test_it_is_openapi_3_1_with_the_local_server_first():
    assert DESCRIPTION_PATH.name == "openapi.yaml"
    assert DOC["openapi"] == "3.1.0"
    assert DOC["servers"][0]["url"] == "http://127.0.0.1:8001"
    templated = DOC["servers"][1]
    assert set(re.findall(r"{(\w+)}", templated["url"])) == set(templated["variables"])


def test_exactly_the_three_operations_with_ids_tags_and_summaries():
    operations = [(path, method, op) for path, item in PATHS.items() for method, op in item.items()]
    assert [(method, op["operationId"]) for _, method, op in operations] == [
        ("get", "listApiKeys"),
        ("post", "revokeApiKey"),
        ("patch", "updateWebhook"),
    ]
    assert [op["tags"] for _, _, op in operations] == [["API keys"], ["API keys"], ["Webhooks"]]
    assert [tag["name"] for tag in DOC["tags"]] == ["API keys", "Webhooks"]
    for _, _, op in operations:
        assert op["summary"] and len(op["description"]) > 200


def test_parameters_as_the_seed_lists_them():
    listed = params(LIST)
    assert list(listed) == ["organizationId", "limit", "cursor"]
    assert listed["organizationId"]["in"] == "path" and listed["organizationId"]["required"] is True
    assert listed["limit"]["schema"] == {"type": "integer", "minimum": 1, "maximum": 100, "default": 25}
    assert listed["cursor"]["in"] == "query" and listed["cursor"]["schema"]["type"] == "string"
    revoke = params(REVOKE)
    assert list(revoke) == ["organizationId", "apiKeyId", "Idempotency-Key"]
    key = revoke["Idempotency-Key"]
    assert (key["in"], key["required"], key["schema"]) == (
        "header",
        False,
        {"type": "string", "format": "uuid"},
    )
    assert "24 hours" in key["description"]
    assert list(params(UPDATE)) == ["organizationId", "webhookId"]
    assert "requestBody" not in LIST and "requestBody" not in REVOKE


def test_the_update_body_is_required_and_every_member_optional():
    body = UPDATE["requestBody"]
    assert body["required"] is True and list(body["content"]) == ["application/json"]
    schema = deref(body["content"]["application/json"]["schema"])
    assert set(schema["properties"]) == {"url", "description", "events", "status"}
    assert "required" not in schema
    assert schema["properties"]["url"]["format"] == "uri"
    assert deref(schema["properties"]["status"])["enum"] == ["active", "paused", "disabled"]


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        (
            "ApiKey",
            [
                "id",
                "name",
                "prefix",
                "scopes",
                "project_ids",
                "status",
                "last_used_at",
                "expires_at",
                "created_at",
            ],
        ),
        ("PageInfo", ["next_cursor", "previous_cursor", "has_more"]),
        ("ApiKeyPage", ["data", "page", "request_id"]),
        (
            "Webhook",
            [
                "id",
                "url",
                "description",
                "events",
                "status",
                "signing_secret_last4",
                "delivery_health",
                "created_at",
            ],
        ),
        ("DeliveryHealth", ["success_rate", "failed_last_24h", "last_delivery_at"]),
    ],
)
def test_response_schemas_have_every_field_and_none_required(name, fields):
    schema = SCHEMAS[name]
    assert list(schema["properties"]) == fields
    assert "required" not in schema


def test_nullable_fields_use_3_1_type_arrays():
    key = SCHEMAS["ApiKey"]["properties"]
    for name in ("last_used_at", "expires_at"):
        assert key[name]["type"] == ["string", "null"] and key[name]["format"] == "date-time"
    assert key["created_at"] == {"type": "string", "format": "date-time", "description": "Creation time."}
    page = SCHEMAS["PageInfo"]["properties"]
    assert page["next_cursor"]["type"] == page["previous_cursor"]["type"] == ["string", "null"]
    assert "nullable" not in DESCRIPTION_PATH.read_text()


def test_statuses_scopes_and_the_event_catalog_are_enums():
    assert SCHEMAS["ApiKeyStatus"]["enum"] == ["active", "revoked", "expired"]
    assert SCHEMAS["Scope"]["enum"] == ["api_keys:read", "api_keys:write", "webhooks:write"]
    assert SCHEMAS["EventType"]["enum"] == [
        "api_key.created", "api_key.revoked", "api_key.expired", "webhook.updated", "member.added", "member.removed"
    ]  # fmt: skip


def test_bearer_auth_and_the_scope_of_each_operation():
    assert DOC["components"]["securitySchemes"]["BearerAuth"] | {"description": "", "bearerFormat": ""} == {
        "type": "http", "scheme": "bearer", "description": "", "bearerFormat": ""
    }  # fmt: skip
    assert DOC["security"] == [{"BearerAuth": []}]
    for operation, scope in ((LIST, "api_keys:read"), (REVOKE, "api_keys:write"), (UPDATE, "webhooks:write")):
        assert operation["security"] == [{"BearerAuth": [scope]}]
        assert f"**Scope:** `{scope}`" in operation["description"]


@pytest.mark.parametrize(
    ("operation", "statuses"),
    [
        (LIST, ["200", "400", "401", "403", "404"]),
        (REVOKE, ["200", "400", "401", "403", "404", "409", "422"]),
        (UPDATE, ["200", "400", "401", "403", "404", "413", "415", "422"]),
    ],
)
def test_errors_are_problem_json_with_a_request_id_header(operation, statuses):
    assert list(operation["responses"]) == statuses
    for status, response in operation["responses"].items():
        response = deref(response)
        assert deref(response["headers"]["X-Request-Id"])["required"] is True
        (media_type,) = response["content"]
        if status == "200":
            assert media_type == "application/json"
        else:
            assert media_type == "application/problem+json"
            assert response["content"][media_type]["schema"] == {"$ref": "#/components/schemas/Problem"}
    unauthorized = deref(operation["responses"]["401"])
    assert deref(unauthorized["headers"]["WWW-Authenticate"])["required"] is True


def test_the_list_response_links_to_revoke():
    links = LIST["responses"]["200"]["links"]
    assert links["RevokeFirstKey"] == {
        "operationId": "revokeApiKey",
        "description": "Revoke the first key of this page.",
        "parameters": {
            "organizationId": "$request.path.organizationId",
            "apiKeyId": "$response.body#/data/0/id",
        },
    }
    assert REVOKE["responses"]["200"]["links"]["ListApiKeys"]["operationId"] == "listApiKeys"


def test_limits_are_stated():
    text = DOC["info"]["description"]
    for needle in (
        "1 to 100, default 25",
        "24 hours",
        "64 KiB",
        "2048 characters",
        "1000 characters",
        "rate limit",
    ):
        assert needle in text
    update = SCHEMAS["WebhookUpdate"]["properties"]
    assert update["description"]["maxLength"] == 1000
    assert (update["events"]["minItems"], update["events"]["uniqueItems"]) == (1, True)


def test_every_schema_is_valid_json_schema_2020_12_and_every_ref_resolves():
    for schema in SCHEMAS.values():
        jsonschema.Draft202012Validator.check_schema(schema)
    refs = re.findall(r'\$ref: "([^"]+)"', DESCRIPTION_PATH.read_text())
    assert refs
    for ref in refs:
        deref({"$ref": ref})  # raises KeyError if it points nowhere


def test_examples_match_their_schemas():
    checked = 0
    for operation in (LIST, REVOKE, UPDATE):
        contents = [operation.get("requestBody", {}).get("content", {})]
        contents += [deref(response).get("content", {}) for response in operation["responses"].values()]
        for content in contents:
            for media in content.values():
                # The root carries `components`, so the description's own "#/components/..." refs resolve.
                validator = jsonschema.Draft202012Validator(
                    {"$ref": media["schema"]["$ref"], "components": DOC["components"]},
                    format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
                )
                for example in media.get("examples", {}).values():
                    validator.validate(deref(example)["value"])
                    checked += 1
    assert checked >= 8
