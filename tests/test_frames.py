"""``orgdocs.frame``: a JSON response as a DataFrame of its records, several pages as one frame."""

from __future__ import annotations

import httpx
import pandas as pd
import pytest

import orgdocs
from orgdocs.model import from_document
from orgdocs.render._frame_types import column_kinds, kind_of, response_schema, typed_column
from orgdocs.render._frames import Pagination, fetch_pages, next_request, pagination, records


def test_records_are_found_inside_the_envelope():
    assert records({"data": [{"id": 1}], "next_cursor": None}) == [{"id": 1}]
    assert records({"total": 2, "things": [{"a": 1}, {"a": 2}], "tags": [{"t": 1}]}) == [{"a": 1}, {"a": 2}]
    assert records([{"id": 1}, {"id": 2}]) == [{"id": 1}, {"id": 2}]
    assert records({"id": 1, "name": "x"}) == [{"id": 1, "name": "x"}]
    assert records({"result": {"items": [{"x": 1}]}}, key="result.items") == [{"x": 1}]
    assert records(3) == [{"value": 3}]


def test_frame_flattens_a_response():
    response = httpx.Response(
        200,
        json={"data": [{"id": "k1", "owner": {"login": "ada"}}, {"id": "k2", "owner": {"login": "bob"}}]},
        request=httpx.Request("GET", "https://api.test/keys"),
    )
    df = orgdocs.frame(response)
    assert list(df.columns) == ["id", "owner.login"]
    assert df["owner.login"].tolist() == ["ada", "bob"]
    assert orgdocs.frame([1, 2])["value"].tolist() == [1, 2]


def pages_client(kind: str) -> httpx.Client:
    """A client of an API with 3 pages of 2 records, paging by ``kind``: link, next, or cursor."""

    def handler(request: httpx.Request) -> httpx.Response:
        page = int(request.url.params.get("cursor") or request.url.params.get("page") or 1)
        body: dict = {"data": [{"n": 2 * page - 1}, {"n": 2 * page}]}
        headers = {}
        if page < 3:
            if kind == "link":
                headers["Link"] = f'<https://api.test/items?page={page + 1}>; rel="next"'
            elif kind == "next":
                body["next"] = f"/items?page={page + 1}"
            else:
                body["next_cursor"] = str(page + 1)
        return httpx.Response(200, json=body, headers=headers)

    return httpx.Client(transport=httpx.MockTransport(handler), base_url="https://api.test")


@pytest.mark.parametrize("kind", ["link", "next", "cursor"])
def test_pages_are_followed_into_one_frame(kind):
    with pages_client(kind) as client:
        first = client.get("/items")
        assert orgdocs.frame(first, pages=10, client=client)["n"].tolist() == [1, 2, 3, 4, 5, 6]
        assert orgdocs.frame(first, pages=2, client=client)["n"].tolist() == [1, 2, 3, 4]
        assert orgdocs.frame(first)["n"].tolist() == [1, 2]


def test_paging_stops_at_an_error():
    def handler(request: httpx.Request) -> httpx.Response:
        if "cursor" in request.url.params:
            return httpx.Response(400, json={"title": "bad cursor"})
        return httpx.Response(200, json={"data": [{"n": 1}], "next_cursor": "x"})

    with httpx.Client(transport=httpx.MockTransport(handler), base_url="https://api.test") as client:
        first = client.get("/items")
        assert [r.status_code for r in fetch_pages(client, first, pages=5)] == [200]
        assert next_request(httpx.Response(200, text="not json", request=first.request)) is None


def test_the_reference_apis_list_declares_its_cursor():
    from orgdocs.orgapi import DESCRIPTION_PATH

    description = orgdocs.load(DESCRIPTION_PATH)
    assert pagination(description.operation("listApiKeys"), description) == Pagination(
        "page.next_cursor", "cursor"
    )
    assert pagination(description.operation("revokeApiKey"), description) is None


def test_pages_of_the_reference_server(tmp_path):
    from orgdocs.orgapi import create_app, in_process_client, open_store, seed_demo

    store = open_store(str(tmp_path / "orgapi.sqlite3"))
    demo = seed_demo(store)
    with in_process_client(create_app(store)) as client:
        url = f"/organizations/{demo['organization_id']}/api-keys"
        headers = {"Authorization": f"Bearer {demo['token']}"}
        everything = client.get(url, headers=headers).json()["data"]
        first = client.get(url, params={"limit": 1}, headers=headers)
        df = orgdocs.frame(first, pages=100, client=client)
    store.close()
    assert len(everything) > 1 and df["id"].tolist() == [key["id"] for key in everything]


# Following pages needs the first request's response and the client that sent it


def test_pages_without_a_client_is_a_clear_error():
    with pages_client("cursor") as client:
        first = client.get("/items")
    with pytest.raises(ValueError, match=r"client that sent the first request.*client=client"):
        orgdocs.frame(first, pages=3)
    with pytest.raises(ValueError, match=r"httpx\.Response of the first request.*not a dict"):
        orgdocs.frame(first.json(), pages=3, client=client)
    made = httpx.Response(200, json={"data": [{"n": 1}], "next_cursor": "2"})  # no request set on it
    with pytest.raises(ValueError, match="not a response with no request set on it"):
        orgdocs.frame(made, pages=3, client=client)
    with pytest.raises(ValueError, match=r"needs an httpx\.Client, not AsyncClient"):
        orgdocs.frame(first, pages=3, client=httpx.AsyncClient(transport=httpx.MockTransport(lambda r: None)))
    assert orgdocs.frame(first)["n"].tolist() == [1, 2]  # one page needs neither
    assert orgdocs.frame(first.json(), pages=1)["n"].tolist() == [1, 2]


# Column dtypes from the response schema


def dtypes(df: pd.DataFrame) -> dict[str, str]:
    """The frame's dtypes by column, datetimes without their unit (pandas 3 picks microseconds, 2 nanoseconds)."""
    named = {}
    for column, dtype in df.dtypes.items():
        if isinstance(dtype, pd.DatetimeTZDtype):
            named[column] = f"datetime64[{dtype.tz}]"
        else:
            named[column] = "datetime64" if dtype.kind == "M" else str(dtype)
    return named


ORG_KEYS = [
    {
        "id": "key_1",
        "name": "Smoke tests",
        "prefix": "odk_7hq2m4xk",
        "scopes": ["api_keys:read", "webhooks:write"],
        "project_ids": ["proj_staging"],
        "status": "active",
        "last_used_at": "2024-05-02T09:14:03Z",
        "expires_at": "2024-05-09T10:00:00+02:00",
        "created_at": "2024-05-01T08:00:00Z",
    },
    {
        "id": "key_2",
        "name": "Incident bot",
        "prefix": "odk_p4w0ta9e",
        "scopes": [],
        "project_ids": [],
        "status": "revoked",
        "last_used_at": None,
        "expires_at": None,
        "created_at": "2024-04-26T11:30:00Z",
    },
    {
        "id": "key_3",
        "name": "Old",
        "prefix": "odk_a1b2c3d4",
        "scopes": ["api_keys:write"],
        "project_ids": [],
        "status": "expired",
        "last_used_at": None,
        "expires_at": "2024-01-01T00:00:00Z",
        "created_at": "2023-12-01T00:00:00.250Z",
    },
]


def org_api_client() -> httpx.Client:
    """The Organization Management API's list of API keys, two keys a page, paged by ``page.next_cursor``."""

    def handler(request: httpx.Request) -> httpx.Response:
        start = int(request.url.params.get("cursor") or 0)
        more = start + 2 < len(ORG_KEYS)
        page = {"next_cursor": str(start + 2) if more else None, "previous_cursor": None, "has_more": more}
        return httpx.Response(
            200, json={"data": ORG_KEYS[start : start + 2], "page": page, "request_id": "r"}
        )

    return httpx.Client(transport=httpx.MockTransport(handler), base_url="https://api.test")


@pytest.fixture(scope="module")
def org_api():
    from orgdocs.orgapi import DESCRIPTION_PATH

    return orgdocs.load(DESCRIPTION_PATH)


def test_the_org_apis_list_of_keys_takes_its_declared_dtypes(org_api):
    operation = org_api.operation("listApiKeys")
    with org_api_client() as client:
        first = client.get("/organizations/org_1/api-keys")
        df = orgdocs.frame(
            first, pages=5, client=client, operation=operation, cursor=pagination(operation, org_api)
        )
        untyped = orgdocs.frame(first, pages=5, client=client)
    assert df["id"].tolist() == ["key_1", "key_2", "key_3"]
    assert dtypes(df) == {
        "id": "string",
        "name": "string",
        "prefix": "string",
        "scopes": "object",
        "project_ids": "object",
        "status": "string",
        "last_used_at": "datetime64[UTC]",
        "expires_at": "datetime64[UTC]",
        "created_at": "datetime64[UTC]",
    }
    assert df["expires_at"].iloc[0] == pd.Timestamp("2024-05-09T08:00:00Z")  # +02:00 in UTC
    assert df["last_used_at"].isna().tolist() == [False, True, True]
    assert df["created_at"].iloc[2] == pd.Timestamp("2023-12-01T00:00:00.250Z")
    assert df["scopes"].tolist() == [["api_keys:read", "webhooks:write"], [], ["api_keys:write"]]
    # without the operation: the same columns and values, as pandas infers them
    assert list(untyped.columns) == list(df.columns)
    assert untyped["last_used_at"].tolist()[0] == "2024-05-02T09:14:03Z"


def test_nested_objects_are_typed_by_their_properties(org_api):
    operation = org_api.operation("listApiKeys")
    with org_api_client() as client:
        answer = client.get("/organizations/org_1/api-keys")
    page = orgdocs.frame(answer, key="page", operation=operation)  # the object at "page" is the record
    assert dtypes(page) == {
        "next_cursor": "string",
        "previous_cursor": "string",
        "has_more": "boolean",
    }
    assert page["has_more"].tolist() == [True]
    whole = orgdocs.frame({"request_id": "r", "page": {"has_more": False, "next_cursor": None}}, schema=None)
    assert whole["page.has_more"].dtype == bool  # no schema: as pandas infers
    schema = org_api.deref({"$ref": "#/components/schemas/ApiKeyPage"})
    record = orgdocs.frame(
        {"request_id": "r", "page": {"has_more": False}}, operation=operation, schema=schema
    )
    assert str(record["page.has_more"].dtype) == "boolean" and str(record["request_id"].dtype) == "string"


SCHEMA_31 = {
    "type": "object",
    "properties": {
        "id": {"type": "integer", "format": "int64"},
        "when": {"type": ["string", "null"], "format": "date-time"},
        "day": {"type": "string", "format": "date"},
        "score": {"type": "number"},
        "ok": {"type": ["boolean", "null"]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "owner": {
            "allOf": [
                {"type": "object", "properties": {"login": {"type": "string"}}},
                {
                    "properties": {
                        "since": {"type": "string", "format": "date-time"},
                        "age": {"type": "integer"},
                    }
                },
            ]
        },
        "maybe": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        "either": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
        "@odata.etag": {"type": "string"},
        "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
        "loose": {},
    },
}


def test_column_kinds_read_the_schema():
    columns = [
        "id", "when", "day", "score", "ok", "tags", "owner.login", "owner.since", "owner.age", "maybe",
        "either", "@odata.etag", "counts.a", "loose", "unknown", "owner.unknown",
    ]  # fmt: skip
    assert column_kinds(SCHEMA_31, columns) == {
        "id": "integer",
        "when": "datetime",
        "day": "date",
        "score": "number",
        "ok": "boolean",
        "tags": "array",
        "owner.login": "string",
        "owner.since": "datetime",
        "owner.age": "integer",
        "maybe": "integer",
        "@odata.etag": "string",
        "counts.a": "integer",
    }
    # OpenAPI 3.0: nullable, and $ref followed by the description's deref
    description = from_document(
        {
            "openapi": "3.0.3",
            "info": {"title": "t", "version": "1"},
            "paths": {},
            "components": {
                "schemas": {
                    "Base": {"type": "object", "properties": {"created": {"$ref": "#/components/schemas/Time"}}},
                    "Time": {"type": "string", "format": "date-time", "nullable": True},
                    "Thing": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"properties": {"n": {"type": "integer"}}}]},
                }
            },
        }
    )  # fmt: skip
    thing = {"$ref": "#/components/schemas/Thing"}
    assert column_kinds(thing, ["created", "n"], description.deref) == {"created": "datetime", "n": "integer"}
    assert column_kinds(thing, ["created", "n"]) == {}  # a $ref not followed: nothing known
    assert kind_of({"type": ["integer", "number"]}) == "number"
    assert kind_of({"type": ["integer", "string"]}) is None


def test_cyclic_schemas_are_read_as_deep_as_the_columns():
    ref = {"$ref": "#/components/schemas/Node"}
    description = from_document(
        {
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "paths": {},
            "components": {
                "schemas": {
                    "Node": {
                        "allOf": [ref, {"$ref": "#/components/schemas/Named"}],
                        "properties": {"n": {"type": "integer"}, "parent": ref},
                    },
                    "Named": {"allOf": [ref], "properties": {"name": {"type": "string"}}},
                    "Loop": {"$ref": "#/components/schemas/Loop"},
                }
            },
        }
    )
    columns = ["n", "name", "parent.n", "parent.parent.parent.name", "parent.other"]
    assert column_kinds(ref, columns, description.deref) == {
        "n": "integer",
        "name": "string",
        "parent.n": "integer",
        "parent.parent.parent.name": "string",
    }
    assert column_kinds({"$ref": "#/components/schemas/Loop"}, ["x"], description.deref) == {}


def test_typed_columns_convert_or_leave_the_column():
    assert typed_column(["2024-05-01T08:00:00Z", "not a date", None], "datetime").isna().tolist() == [
        False,
        True,
        True,
    ]
    assert typed_column([1714550400, "2024-05-01T08:00:00Z"], "datetime") is None  # a number: left as it is
    day = typed_column(["2024-05-01", "2024-13-01"], "date")
    assert day.dtype.kind == "M" and day.dt.tz is None and day.isna().tolist() == [False, True]
    assert typed_column([1, 2.0, None], "integer").tolist() == [1, 2, pd.NA]
    assert typed_column([1, 1.5], "integer") is None
    assert typed_column([True, 1], "integer") is None
    assert typed_column([2**70], "integer") is None  # beyond Int64
    assert typed_column([1, 2.5, None], "number").dtype == "float64"
    assert typed_column([2**60 + 1], "number") is None  # float64 would round it
    assert typed_column([True, None], "boolean").tolist() == [True, pd.NA]
    assert typed_column(["true"], "boolean") is None
    assert typed_column([["a"], None], "array").tolist() == [["a"], None]
    assert typed_column([{"a": 1}], "object") is None


def test_frame_with_a_schema_types_columns_and_keeps_what_does_not_fit():
    rows = [
        {"id": 2**60 + 1, "when": "2024-05-01T08:00:00Z", "day": "2024-05-01", "score": 1, "ok": True,
         "tags": ["a", "b"], "owner": {"login": "ada", "since": "2020-01-01T00:00:00Z", "age": 36},
         "@odata.etag": "W/1", "counts": {"x": 3}, "either": 1},
        {"id": None, "when": None, "day": "someday", "score": 2.5, "ok": None, "tags": [],
         "owner": {"login": "bob", "since": "yesterday", "age": "old"}, "counts": {"x": None}, "either": "z"},
    ]  # fmt: skip
    schema = {"type": "object", "properties": {"items": {"type": "array", "items": SCHEMA_31}}}
    df = orgdocs.frame({"items": rows}, schema=schema)
    assert dtypes(df) == {
        "id": "Int64",
        "when": "datetime64[UTC]",
        "day": "datetime64",
        "score": "float64",
        "ok": "boolean",
        "tags": "object",
        "owner.login": "string",
        "owner.since": "datetime64[UTC]",
        "owner.age": "object",  # as without a schema: "old" is no integer
        "@odata.etag": "string",
        "counts.x": "Int64",
        "either": "object",
    }
    assert df["id"].tolist() == [2**60 + 1, pd.NA]  # exact: not through json_normalize's float64
    assert df["owner.age"].tolist() == [36, "old"]  # "old" is no integer: the column is left as it was
    assert df["owner.since"].isna().tolist() == [False, True]
    assert df["day"].isna().tolist() == [False, True]
    assert df["tags"].tolist() == [["a", "b"], []]
    bare = orgdocs.frame([1, 2, None], schema={"type": "array", "items": {"type": "integer"}})
    assert str(bare["value"].dtype) == "Int64"


def test_the_response_schema_follows_status_range_default_and_json():
    description = from_document(
        {
            "openapi": "3.1.0",
            "info": {"title": "t", "version": "1"},
            "paths": {
                "/things": {
                    "get": {
                        "operationId": "listThings",
                        "responses": {
                            "200": {"content": {
                                "application/xml": {"schema": {"type": "string"}},
                                "application/vnd.things+json; charset=utf-8": {"schema": {"const": "vnd"}},
                                "application/json": {"schema": {"const": "json"}},
                            }},
                            "2XX": {"content": {"*/*": {"schema": {"const": "range"}}}},
                            "204": {"description": "nothing"},
                            "default": {"content": {"application/problem+json": {"schema": {"const": "problem"}}}},
                        },
                    }
                }
            },
        }
    )  # fmt: skip
    operation = description.operation("listThings")
    assert response_schema(operation, 200) == {"const": "vnd"}  # the first JSON one
    assert response_schema(operation, 200, "application/json; charset=utf-8") == {"const": "json"}
    assert response_schema(operation, 200, "text/plain") == {"const": "vnd"}
    assert response_schema(operation, 201) == {"const": "range"}
    assert response_schema(operation, 204) is None  # declared without a body
    assert response_schema(operation, 404) == {"const": "problem"}
    assert response_schema(operation) == {"const": "vnd"}  # parsed JSON: the first success


def test_swagger_2_responses_type_the_frame():
    description = from_document(
        {
            "swagger": "2.0",
            "info": {"title": "t", "version": "1"},
            "produces": ["application/xml"],
            "paths": {
                "/events": {
                    "get": {
                        "operationId": "listEvents",
                        "responses": {
                            "200": {"description": "ok", "schema": {"$ref": "#/definitions/Events"}}
                        },
                    }
                }
            },
            "definitions": {
                "Events": {"type": "object", "properties": {"events": {"type": "array", "items": {"$ref": "#/definitions/Event"}}}},
                "Event": {"type": "object", "properties": {
                    "at": {"type": "string", "format": "date-time"},
                    "count": {"type": "integer", "x-nullable": True},
                }},
            },
        }
    )  # fmt: skip
    answer = httpx.Response(
        200,
        json={"events": [{"at": "2024-01-01T00:00:00Z", "count": 3}, {"at": "2024-01-02T00:00:00Z"}]},
        request=httpx.Request("GET", "https://api.test/events"),
    )
    df = orgdocs.frame(answer, operation=description.operation("listEvents"))
    assert dtypes(df) == {"at": "datetime64[UTC]", "count": "Int64"}
    assert df["count"].tolist() == [3, pd.NA]


def test_an_error_answer_takes_the_schema_of_its_status(org_api):
    operation = org_api.operation("listApiKeys")
    problem = httpx.Response(
        401,
        json={"type": "urn:x", "title": "Unauthorized", "status": 401, "request_id": "r"},
        request=httpx.Request("GET", "https://api.test/organizations/o/api-keys"),
    )
    df = orgdocs.frame(problem, operation=operation)
    assert str(df["status"].dtype) == "Int64" and str(df["title"].dtype) == "string"


def test_the_reference_servers_pages_take_the_declared_dtypes(tmp_path, org_api):
    from orgdocs.orgapi import create_app, in_process_client, open_store, seed_demo

    operation = org_api.operation("listApiKeys")
    store = open_store(str(tmp_path / "orgapi.sqlite3"))
    demo = seed_demo(store)
    with in_process_client(create_app(store)) as client:
        url = f"/organizations/{demo['organization_id']}/api-keys"
        first = client.get(url, params={"limit": 2}, headers={"Authorization": f"Bearer {demo['token']}"})
        df = orgdocs.frame(first, pages=100, client=client, operation=operation)
    store.close()
    assert len(df) == len(demo["api_key_ids"])
    assert dtypes(df)["created_at"] == "datetime64[UTC]" and df["created_at"].notna().all()
    assert df["created_at"].is_monotonic_decreasing  # newest first, as the description says
    assert all(isinstance(scopes, list) for scopes in df["scopes"])


def test_a_corpus_petstore_is_typed(corpus):
    api = orgdocs.load(corpus / "large" / "petstore-3.0.json")
    pets = [
        {"id": 10, "name": "doggie", "category": {"id": 1, "name": "Dogs"}, "photoUrls": ["u"],
         "tags": [{"id": 1, "name": "t"}], "status": "available"},
        {"id": 11, "name": "kitty", "photoUrls": [], "status": "sold"},
    ]  # fmt: skip
    answer = httpx.Response(
        200, json=pets, request=httpx.Request("GET", "https://petstore3.swagger.io/api/v3/pet/findByStatus")
    )
    df = orgdocs.frame(answer, operation=api.operation("findPetsByStatus"))  # xml declared first, then json
    assert dtypes(df) == {
        "id": "Int64",
        "name": "string",
        "photoUrls": "object",
        "tags": "object",
        "status": "string",
        "category.id": "Int64",
        "category.name": "string",
    }
    assert df["tags"].tolist() == [[{"id": 1, "name": "t"}], None]
