"""orgdocs.model._swagger: Swagger 2.0 read into the OpenAPI 3 shaped model, as the seed lists."""

from __future__ import annotations

import pytest

import orgdocs
from orgdocs.model import Description, from_document


@pytest.fixture(scope="module")
def description(data_dir) -> Description:
    return orgdocs.load(data_dir / "swagger2.json")


def _swagger(**fields) -> dict:
    return {"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}, **fields}


def test_format(description):
    assert (description.format, description.version) == ("swagger", "2.0")
    assert description.title == "Swagger mapping"
    assert len(description.operations) == 5
    assert description.webhooks == []


# --- host, basePath, schemes -> servers ------------------------------------------------------------------------


def test_host_base_path_and_schemes_give_servers(description):
    # "ws" yields no server; the trailing slash of basePath is dropped
    assert [s.url for s in description.servers] == ["https://api.example.com/v2", "http://api.example.com/v2"]


@pytest.mark.parametrize(
    ("fields", "urls"),
    [
        ({"host": "h.example"}, ["https://h.example"]),
        ({"host": "h.example", "schemes": []}, ["https://h.example"]),
        ({"host": "h.example", "schemes": ["HTTP"]}, ["http://h.example"]),
        ({"host": "h.example:8080", "basePath": "api"}, ["https://h.example:8080/api"]),
        ({"host": "h.example", "schemes": ["ws", "wss"]}, []),  # only http and https yield a server
        ({"basePath": "/v1"}, ["/v1"]),  # no host: relative to where the description is served
        ({"basePath": "/"}, ["/"]),
        ({"basePath": "/v1", "schemes": ["https"]}, ["/v1"]),
        ({}, []),
        ({"host": 12}, []),
    ],
)
def test_server_mapping(fields, urls):
    assert [s.url for s in from_document(_swagger(**fields), "x.json").servers] == urls


def test_operation_level_schemes_narrow_the_servers(description):
    photo = description.operation("POST /pets/{petId}/photo")
    assert [s.url for s in photo.servers] == ["http://api.example.com/v2"]
    assert description.operation("listPets").servers == description.servers


# --- securityDefinitions -> security schemes -------------------------------------------------------------------


def test_security_definitions(description):
    schemes = description.security_schemes
    assert (schemes["basicAuth"].type, schemes["basicAuth"].scheme) == ("http", "basic")
    assert schemes["basicAuth"].description == "user and password"
    assert (schemes["apiKey"].type, schemes["apiKey"].location, schemes["apiKey"].parameter_name) == (
        "apiKey",
        "header",
        "X-API-Key",
    )
    assert schemes["code"].flows == {
        "authorizationCode": {
            "authorizationUrl": "https://auth.example.com/authorize",
            "tokenUrl": "https://auth.example.com/token",
            "scopes": {"pets:read": "read pets"},
        }
    }
    assert list(schemes["machine"].flows) == ["clientCredentials"]
    assert list(schemes["browser"].flows) == ["implicit"]
    assert list(schemes["owner"].flows) == ["password"]
    assert not any(s.is_bearer for s in schemes.values())


def test_an_oauth2_definition_without_a_flow_has_no_flows():
    description = from_document(
        _swagger(securityDefinitions={"o": {"type": "oauth2"}, "x": "junk"}), "x.json"
    )
    assert description.security_schemes["o"].flows == {}
    assert set(description.security_schemes) == {"o"}


def test_security_requirements(description):
    assert description.security == [{"apiKey": []}]
    assert description.security_for(description.operation("listPets")) == [{"apiKey": []}]
    assert description.security_for(description.operation("createPet")) == []


# --- parameters ------------------------------------------------------------------------------------------------


def test_parameters_become_openapi_3_parameters(description):
    listing = description.operation("listPets")
    assert [(p.location, p.name) for p in listing.parameters] == [
        ("header", "X-Trace"),  # path level
        ("query", "limit"),  # through #/parameters/limit
        ("query", "tags"),  # overrides the path-level `tags`
        ("query", "fields"),
        ("query", "sort"),
        ("query", "cols"),
        ("query", "status"),
    ]
    limit = listing.parameters[1]
    assert limit.pointer == "#/parameters/limit"
    assert limit.schema == {"type": "integer", "maximum": 100, "default": 25}
    status = listing.parameters[-1]
    assert status.schema == {"type": "string", "enum": ["a", "b"]}
    assert (status.example, status.has_example) == ("a", True)  # from x-example
    assert listing.parameters[0].description == "path level"


@pytest.mark.parametrize(
    ("operation", "name", "style", "explode"),
    [
        ("listPets", "tags", "form", True),  # multi
        ("listPets", "fields", "pipeDelimited", False),  # pipes
        ("listPets", "sort", "spaceDelimited", False),  # ssv
        ("listPets", "cols", "tabDelimited", False),  # tsv
        ("listPets", "status", None, None),  # not an array
        ("createPet", "tags", "form", False),  # no collectionFormat: csv, the default, in a query
        ("POST /pets/{petId}/photo", "petId", "simple", False),  # csv in a path
        ("PUT /pets/{petId}/notes", "X-Ids", "simple", False),  # csv in a header
    ],
)
def test_collection_format_becomes_style_and_explode(description, operation, name, style, explode):
    [parameter] = [p for p in description.operation(operation).parameters if p.name == name]
    assert (parameter.style, parameter.explode) == (style, explode)


def test_path_parameters_are_required(description):
    [pet_id] = description.operation("PUT /pets/{petId}/notes").parameters[:1]
    assert pet_id.required is True


# --- body and formData -> request body, consumes/produces -> media types ---------------------------------------


def test_a_body_parameter_becomes_the_request_body(description):
    body = description.operation("createPet").request_body
    assert body.required is True
    assert body.pointer == "#/parameters/petBody"
    assert [m.media_type for m in body.content] == ["application/json"]  # the operation's own consumes
    assert body.content[0].schema == {"$ref": "#/definitions/Pet"}
    assert not any(p.location == "body" for p in description.operation("createPet").parameters)


def test_form_data_with_a_file_is_multipart(description):
    body = description.operation("POST /pets/{petId}/photo").request_body
    # consumes says urlencoded, but a file only travels in a multipart body
    assert [m.media_type for m in body.content] == ["multipart/form-data"]
    schema = body.content[0].schema
    assert schema == {
        "type": "object",
        "properties": {
            "file": {"type": "string", "format": "binary", "description": "the photo"},
            "caption": {"type": "string"},
        },
        "required": ["file"],
    }
    assert body.required is True


def test_form_data_without_a_file(description):
    body = description.operation("PUT /pets/{petId}/notes").request_body
    assert [m.media_type for m in body.content] == ["application/x-www-form-urlencoded"]
    assert body.content[0].schema["required"] == ["text"]
    assert body.content[0].encoding == {"labels": {"style": "form", "explode": True}}  # multi
    assert not any(
        p.location == "formData" for p in description.operation("PUT /pets/{petId}/notes").parameters
    )


def test_form_data_uses_the_form_types_of_consumes():
    document = _swagger(
        consumes=["multipart/form-data", "application/json"],
        paths={"/f": {"post": {"parameters": [{"name": "a", "in": "formData", "type": "string"}]}}},
    )
    [operation] = from_document(document, "x.json").operations
    assert [m.media_type for m in operation.request_body.content] == ["multipart/form-data"]


def test_responses_use_produces(description):
    ok, default = description.operation("listPets").responses
    assert [m.media_type for m in ok.content] == ["application/json", "text/csv"]  # text/csv: from examples
    assert ok.content[0].schema == {"type": "array", "items": {"$ref": "#/definitions/Pet"}}
    assert (ok.content[0].example, ok.content[1].example) == ([{"name": "Rex"}], "name\nRex\n")
    assert ok.headers == {"X-Total": {"description": "how many", "schema": {"type": "integer"}}}
    assert default.pointer == "#/responses/NotFound"
    assert default.content[0].schema == {"$ref": "#/definitions/Error"}


def test_a_response_without_schema(description):
    [stored] = description.operation("POST /pets/{petId}/photo").responses
    assert stored.content == []
    [ok] = description.operation("PUT /pets/{petId}/notes").responses
    assert [(m.media_type, m.schema, m.example) for m in ok.content] == [("text/plain", None, "done")]


def test_media_types_default_to_json():
    document = _swagger(
        paths={
            "/a": {
                "post": {
                    "parameters": [{"name": "b", "in": "body", "schema": {}}],
                    "responses": {"200": {"description": "ok", "schema": {}}},
                }
            }
        }
    )
    [operation] = from_document(document, "x.json").operations
    assert [m.media_type for m in operation.request_body.content] == ["application/json"]
    assert [m.media_type for m in operation.responses[0].content] == ["application/json"]


# --- definitions -----------------------------------------------------------------------------------------------


def test_definitions_refs_resolve(description):
    assert set(description.components) == {"schemas", "parameters", "responses"}
    assert description.components["schemas"] is description.document["definitions"]
    pet = description.resolve("#/definitions/Pet")
    assert pet["required"] == ["name"]
    assert description.deref(pet["properties"]["owner"])["properties"]["pets"]["items"] == {
        "$ref": "#/definitions/Pet"
    }
    assert description.unresolved == []


def test_odd_definition_names_resolve_percent_encoded(description):
    ok, created = description.operation("GET /bundles").responses
    assert description.deref(ok.content[0].schema) == {"type": "string"}
    assert description.deref(created.content[0].schema) == {"type": "object"}


def test_titles_and_deprecation(description):
    assert description.operation("listPets").title == "List pets"
    assert description.operation("POST /pets/{petId}/photo").title == "Upload a photo"
    notes = description.operation("PUT /pets/{petId}/notes")
    assert notes.title == "PUT /pets/{petId}/notes"
    assert notes.deprecated is True


def test_tags(description):
    assert [t.name for t in description.tags] == ["pets"]


# --- the corpus ------------------------------------------------------------------------------------------------


def test_a_real_swagger_description(corpus):
    description = orgdocs.load(corpus / "swagger2/oai-v2.0-petstore.json")
    assert [s.url for s in description.servers] == ["http://petstore.swagger.io/v1"]
    assert [(o.method, o.path, o.title) for o in description.operations] == [
        ("get", "/pets", "List all pets"),
        ("post", "/pets", "Create a pet"),
        ("get", "/pets/{petId}", "Info for a specific pet"),
    ]
    limit = description.operation("listPets").parameters[0]
    assert (limit.location, limit.schema) == ("query", {"type": "integer", "format": "int32"})


def test_numeric_swagger_version_loads(corpus):
    description = orgdocs.load(corpus / "edge/swagger-parser-invalid/numeric-version.yaml")
    assert description.format == "swagger"
    assert len(description.operations) == 1


def test_kubernetes_swagger(corpus):
    description = orgdocs.load(corpus / "swagger2/kubernetes-swagger.json")
    assert len(description.operations) == 1123
    assert description.unresolved == []
    assert all(o.request_body is None or o.request_body.content for o in description.operations)


def test_an_operation_with_only_non_http_schemes_has_no_server():
    from orgdocs.model import from_document

    description = from_document(
        {
            "swagger": "2.0",
            "host": "api.example.com",
            "schemes": ["https"],
            "paths": {"/x": {"get": {"schemes": ["ws"], "responses": {}}, "put": {"responses": {}}}},
        }
    )
    get, put = description.operations
    assert get.servers == []
    assert [s.url for s in put.servers] == ["https://api.example.com"]
