"""orgdocs.model: one normalized description for OpenAPI 3.x (the Swagger 2.0 mapping is in test_swagger.py)."""

from __future__ import annotations

import copy
import gzip
import json
import random

import pytest

import orgdocs
from orgdocs.cli._endpoints import format_endpoints
from orgdocs.errors import DescriptionError
from orgdocs.model import METHODS, Description, from_document


@pytest.fixture(scope="module")
def description(data_dir) -> Description:
    return orgdocs.load(data_dir / "openapi31.json")


def _minimal(**fields) -> dict:
    return {"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {}, **fields}


# --- what a description is -------------------------------------------------------------------------------------


def test_description_basics(description, data_dir):
    assert description.format == "openapi"
    assert description.version == "3.1.0"
    assert description.title == "Model fixture"
    assert description.api_version == "1.4"
    assert description.source == str(data_dir / "openapi31.json")
    assert description.path == data_dir / "openapi31.json"
    assert description.document["info"]["title"] == "Model fixture"
    assert repr(description) == "<Description 'Model fixture' (openapi 3.1.0): 14 operations>"


def test_a_description_without_a_title_is_named_by_its_source():
    assert from_document(_minimal(info={}), "spec.json").title == "spec.json"


def test_operations_in_document_order(description):
    assert [(o.method, o.path) for o in description.operations] == [
        ("get", "/orgs/{orgId}/api-keys"),
        ("post", "/orgs/{orgId}/api-keys"),
        ("get", "/orgs/{orgId}/api-keys/{keyId}"),
        ("delete", "/orgs/{orgId}/api-keys/{keyId}"),
        *((method, "/health") for method in METHODS),
        ("get", "/elsewhere"),
        ("put", "/shared-op"),
    ]


def test_only_the_eight_method_keys_are_operations(description):
    # `x-internal` is an extension of the Paths Object; `query` is no method before OpenAPI 3.2; and
    # /odd's `get: "not an operation"` and `post: null` are no operation objects
    assert "extensionNotAPath" not in {o.operation_id for o in description.operations}
    assert "notAMethodBefore32" not in {o.operation_id for o in description.operations}
    assert not [o for o in description.operations if o.path == "/odd"]


def test_an_operation(description):
    operation = description.operation("listAPIKeys")
    assert operation.pointer == "#/paths/~1orgs~1{orgId}~1api-keys/get"
    assert operation.title == "List api keys"
    assert operation.tags == ["keys", "admin"]
    assert operation.first_tag == "keys"
    assert operation.deprecated is False
    assert operation.webhook is False
    assert operation.raw is description.document["paths"]["/orgs/{orgId}/api-keys"]["get"]


def test_operation_lookup(description):
    assert description.operation("GET /health").path == "/health"
    assert description.operation("get /health").method == "get"
    assert description.operation("revokeKey").method == "delete"
    for key in ("nope", "GET /nope", "FETCH /health", "GET"):
        with pytest.raises(KeyError):
            description.operation(key)


def test_path_level_parameters_are_merged_and_overridden(description):
    listing = description.operation("listAPIKeys")
    assert [(p.location, p.name, p.description) for p in listing.parameters] == [
        ("header", "X-Trace", ""),
        ("path", "orgId", "operation level"),  # overrides the path-level one (same name and location)
        ("query", "limit", ""),
        ("query", "orgId", ""),  # same name, another location: both kept
    ]
    creating = description.operation("POST /orgs/{orgId}/api-keys")
    assert [(p.location, p.name, p.description) for p in creating.parameters] == [
        ("path", "orgId", "path level"),
        ("header", "X-Trace", ""),
    ]


def test_parameters(description):
    orgs, limit = description.operation("listAPIKeys").parameters[1:3]
    assert orgs.required is True  # path parameters always are
    assert orgs.pointer == "#/paths/~1orgs~1{orgId}~1api-keys/get/parameters/0"
    assert limit.pointer == "#/components/parameters/Limit"
    assert (limit.required, limit.example, limit.has_example) == (False, 10, True)
    assert (limit.style, limit.explode) == ("form", False)
    assert limit.schema is description.document["components"]["parameters"]["Limit"]["schema"]
    assert limit.key == ("query", "limit")


def test_a_dangling_parameter_ref_is_left_out_and_reported(description):
    assert "#/components/parameters/Missing" in {u.ref for u in description.unresolved}


def test_responses(description):
    ok, problem = description.operation("listAPIKeys").responses
    assert ok.status == "200"
    assert ok.pointer == "#/paths/~1orgs~1{orgId}~1api-keys/get/responses/200"
    assert ok.headers == {"X-Next": {"$ref": "#/components/headers/Next"}}  # kept as written
    assert ok.links == {"self": {"operationId": "listAPIKeys"}}
    [media] = ok.content
    assert media.media_type == "application/json"
    assert media.schema == {"$ref": "#/components/schemas/KeyList"}
    assert (media.example, media.has_example) == (None, True)  # an explicit `example: null`
    assert problem.status == "4XX"
    assert problem.pointer == "#/components/responses/Problem"
    assert problem.description == "a problem"
    assert problem.content[0].media_type == "application/problem+json"


def test_request_body_through_a_ref(description):
    body = description.operation("POST /orgs/{orgId}/api-keys").request_body
    assert body.pointer == "#/components/requestBodies/NewKey"
    assert (body.description, body.required) == ("the new key", True)
    json_body, form = body.content
    assert json_body.examples == {"one": {"value": {"name": "ci"}}}
    assert form.encoding == {"file": {"contentType": "image/png"}}
    assert description.operation("listAPIKeys").request_body is None


def test_the_model_keeps_the_documents_objects(description):
    """Lazy: schemas are the description's own dicts, never inlined copies."""
    components = description.document["components"]
    body = description.operation("POST /orgs/{orgId}/api-keys").request_body
    assert (
        body.content[0].schema
        is components["requestBodies"]["NewKey"]["content"]["application/json"]["schema"]
    )
    assert description.resolve("#/components/schemas/Key") is components["schemas"]["Key"]
    assert components["schemas"]["Key"]["properties"]["parent"] == {"$ref": "#/components/schemas/Key"}


def test_loading_does_not_change_the_document(data_dir):
    document = json.loads((data_dir / "openapi31.json").read_text())
    pristine = copy.deepcopy(document)
    description = from_document(document, "x.json")
    _ = description.unresolved, description.components, [o.title for o in description.operations]
    assert document == pristine


def test_path_item_ref_with_siblings(description):
    key = description.operation("getKey")
    assert key.path == "/orgs/{orgId}/api-keys/{keyId}"
    assert key.pointer == "#/components/pathItems/Key/get"
    assert [p.name for p in key.parameters] == ["keyId"]


def test_an_operation_that_is_a_ref(description):
    shared = description.operation("PUT /shared-op")
    assert shared.pointer == "#/components/pathItems/Key/delete"
    assert shared.operation_id == "revokeKey"
    external = description.operation("GET /elsewhere")
    assert external.raw == {"$ref": "resources/elsewhere.yml"}  # not loaded, still an operation
    assert external.title == "GET /elsewhere"
    assert ("resources/elsewhere.yml", "external") in {(u.ref, u.reason) for u in description.unresolved}


def test_servers_and_variables(description):
    regional, relative = description.servers
    assert regional.description == "regional"
    assert regional.variables["region"].enum == ["eu", "us"]
    assert regional.variables["region"].description == "where"
    assert regional.resolved_url() == "https://eu.example.com/v1"
    assert regional.resolved_url({"region": "us"}) == "https://us.example.com/v1"
    assert relative.url == "/relative"


def test_servers_are_inherited_and_overridden(description):
    assert [s.url for s in description.operation("listAPIKeys").servers] == ["https://keys.example.com"]
    assert [s.url for s in description.operation("POST /orgs/{orgId}/api-keys").servers] == [
        "https://write.example.com"
    ]
    assert description.operation("GET /health").servers == description.servers


def test_no_servers_declared_means_none():
    assert from_document(_minimal(), "x.json").servers == []


def test_security_schemes(description):
    schemes = description.security_schemes
    assert set(schemes) == {"bearer", "apiKey", "oauth", "oidc", "aliased"}  # "broken" has no type
    assert schemes["bearer"].is_bearer
    assert (schemes["bearer"].scheme, schemes["bearer"].bearer_format) == ("bearer", "odk_...")
    assert (schemes["apiKey"].location, schemes["apiKey"].parameter_name) == ("query", "key")
    assert schemes["oauth"].flows["clientCredentials"]["scopes"] == {"a": "b"}
    assert schemes["oidc"].open_id_connect_url.startswith("https://auth.example.com/")
    assert schemes["aliased"].is_bearer


def test_security_requirements(description):
    assert description.security == [{"bearer": []}]
    listing = description.operation("listAPIKeys")
    assert listing.security is None
    assert description.security_for(listing) == [{"bearer": []}]
    creating = description.operation("POST /orgs/{orgId}/api-keys")
    assert description.security_for(creating) == []  # `security: []`: explicitly none
    assert description.security_for(description.operation("TRACE /health")) == [{"apiKey": []}, {}]


def test_tags_declared_first_then_in_order_of_use(description):
    assert [(t.name, t.description) for t in description.tags] == [
        ("keys", "API keys"),
        ("unused", ""),
        ("admin", ""),
    ]


def test_components(description):
    assert set(description.components) == {
        "securitySchemes", "parameters", "headers", "requestBodies", "responses", "pathItems", "schemas",
    }  # fmt: skip
    assert description.components["schemas"] is description.document["components"]["schemas"]


def test_webhooks_are_kept_apart(description):
    [webhook] = description.webhooks
    assert (webhook.method, webhook.path, webhook.operation_id) == ("post", "keyRevoked", "keyRevoked")
    assert webhook.webhook is True
    assert webhook.pointer == "#/webhooks/keyRevoked/post"
    assert webhook not in description.operations


def test_deprecated_and_callbacks(description):
    creating = description.operation("POST /orgs/{orgId}/api-keys")
    assert creating.deprecated is True
    assert list(creating.callbacks) == ["created"]


def test_titles_follow_the_seed(description):
    assert description.operation("listAPIKeys").title == "List api keys"
    assert description.operation("POST /orgs/{orgId}/api-keys").title == "Create an API key"
    assert description.operation("GET /health").title == "GET /health"


def test_unresolved_of_the_fixture(description):
    assert [(u.ref, u.reason) for u in description.unresolved] == [
        ("#/components/parameters/Missing", "missing"),
        ("resources/elsewhere.yml", "external"),
    ]


# --- what is not a description ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (None, "not an API description (the document is empty)"),
        ([1, 2], "not an API description (the document is a list, not a mapping)"),
        ("text", "not an API description (the document is a str, not a mapping)"),
        ({"openapi": "3.0.0"}, "#/paths: top-level 'paths' object is missing"),
        ({"openapi": "3.0.0", "paths": None}, "#/paths: top-level 'paths' object is not an object"),
        ({"openapi": "3.0.0", "paths": ["/a"]}, "#/paths: top-level 'paths' object is not an object"),
        ({"openapi": "3.1.0", "webhooks": {}}, "webhooks-only documents are not supported"),
        (
            {"asyncapi": "2.6.0", "channels": {}},
            "#/asyncapi: an AsyncAPI document (asyncapi '2.6.0'), not an OpenAPI 3.x or Swagger 2.0 description",
        ),
        (
            {"type": "object", "properties": {}},  # a JSON Schema
            "#/paths: top-level 'paths' object is missing, and no 'openapi' or 'swagger' field names a version",
        ),
        ({"swagger": "1.2", "paths": {}}, "#/swagger: unsupported Swagger version '1.2'"),
        ({"swagger": "3.0", "paths": {}}, "#/swagger: unsupported Swagger version '3.0'"),
        ({"swagger": 2, "paths": {}}, "#/swagger: unsupported Swagger version 2"),
    ],
)
def test_not_a_description(document, message):
    with pytest.raises(DescriptionError) as failure:
        from_document(document, "spec.yaml")
    assert str(failure.value).startswith("spec.yaml: ")
    assert message in str(failure.value)
    assert "\n" not in str(failure.value)


def test_a_numeric_swagger_version_starting_with_2_is_swagger():
    description = from_document({"swagger": 2.0, "paths": {"/a": {"get": {}}}}, "x.yaml")
    assert (description.format, description.version) == ("swagger", "2.0")


@pytest.mark.parametrize("version", ["3.0.0", "3.1.0", "3.2.0", None])
def test_anything_but_swagger_is_read_as_openapi_3(version):
    document = {"paths": {"/a": {"get": {}}}} | ({"openapi": version} if version else {})
    description = from_document(document, "x.json")
    assert description.format == "openapi"
    assert len(description.operations) == 1


def test_load_a_gzipped_file(tmp_path, data_dir):
    path = tmp_path / "spec.json.gz"
    path.write_bytes(gzip.compress((data_dir / "openapi31.json").read_bytes()))
    assert len(orgdocs.load(path).operations) == 14


def test_load_of_garbage_names_the_file(tmp_path):
    path = tmp_path / "spec.json"
    path.write_text('{"openapi": "3.0.0",\n "paths": {\n')
    with pytest.raises(DescriptionError) as failure:
        orgdocs.load(path)
    assert str(failure.value).startswith(f"{path}: line 3 column 1: invalid JSON")


def test_odd_values_do_not_break_the_reader():
    document = _minimal(
        servers=[{"url": "https://x", "variables": {"v": {"default": 443, "enum": [443, 8443]}}}, "junk"],
        tags=[{"name": 7}, "junk", {"description": "no name"}],
        security="junk",
        paths={
            "/a": {
                "parameters": [{"in": "query"}, 5, {"name": "ok", "in": "query"}],
                "get": {
                    "summary": 12,
                    "tags": ["t", None, 3],
                    "deprecated": "yes",
                    "security": [{"a": []}, "junk"],
                    "responses": {200: {"description": "int key"}, "bad": "junk"},
                    "requestBody": "junk",
                },
            },
            "/b": "junk",
        },
        components={"securitySchemes": {"x": {"type": "http"}, "y": "junk"}, "schemas": "junk"},
    )
    description = from_document(document, "x.json")
    [operation] = description.operations
    assert operation.summary == "12"
    assert operation.tags == ["t", "3"]
    assert operation.deprecated is False  # only `true` is
    assert operation.security == [{"a": []}]
    assert [r.status for r in operation.responses] == ["200"]
    assert operation.request_body is None
    assert [p.name for p in operation.parameters] == ["ok"]
    assert description.servers[0].variables["v"].default == "443"
    assert description.servers[0].variables["v"].enum == ["443", "8443"]
    assert [t.name for t in description.tags] == ["7", "t", "3"]
    assert description.security == []
    assert set(description.security_schemes) == {"x"}
    assert "schemas" not in description.components


_ODD_VALUES = [
    None, 0, 1.5, True, "", "x", "#/paths", [], {}, [None], {"$ref": "#/paths"}, {"$ref": "#"}, {"$ref": 5},
    {"$ref": "x.yaml"}, {"$ref": "#/paths/~1pets/get"}, {"in": "body"}, {"in": "formData", "type": "file"},
    {"type": "array"},
]  # fmt: skip


@pytest.mark.parametrize("fixture", ["openapi31.json", "swagger2.json"])
def test_damaged_descriptions_never_fail_unhandled(data_dir, fixture):
    """Any value swapped for an odd one: the reader keeps going, or says DescriptionError."""
    pristine = json.loads((data_dir / fixture).read_text())
    chance = random.Random(fixture)
    for _ in range(200):
        document = copy.deepcopy(pristine)
        places = list(_places(document))
        for _ in range(chance.randint(1, 5)):
            parent, key = chance.choice(places)
            parent[key] = copy.deepcopy(chance.choice(_ODD_VALUES))
        try:
            description = from_document(document, "damaged.json")
        except DescriptionError:
            continue
        _ = description.unresolved, description.components, description.tags
        assert all(
            isinstance(o.title, str) and o.title for o in description.operations + description.webhooks
        )
        for fmt in ("table", "csv", "json"):
            format_endpoints(description, fmt)


def _places(node):
    """``(container, key)`` of every value below ``node``."""
    pending = [node]
    while pending:
        current = pending.pop()
        items = current.items() if isinstance(current, dict) else enumerate(current)
        for key, value in items:
            yield current, key
            if isinstance(value, (dict, list)):
                pending.append(value)


def test_methods_are_read_in_document_order():
    from orgdocs.model import from_document

    description = from_document(
        {"openapi": "3.0.0", "paths": {"/x": {"post": {"responses": {}}, "get": {"responses": {}}}}}
    )
    assert [o.method for o in description.operations] == ["post", "get"]


def test_references_that_cannot_be_followed_are_kept_on_the_operation():
    from orgdocs.model import from_document

    description = from_document(
        {
            "openapi": "3.0.0",
            "paths": {
                "/x": {
                    "parameters": [{"$ref": "#/components/parameters/Missing"}],
                    "get": {
                        "parameters": [{"$ref": "other.yaml#/P"}],
                        "responses": {"200": {"$ref": "#/components/responses/Nope"}},
                    },
                }
            },
        }
    )
    (operation,) = description.operations
    assert operation.parameters == []
    assert operation.kept_refs == [
        "#/components/parameters/Missing",
        "other.yaml#/P",
        "#/components/responses/Nope",
    ]
