"""orgdocs.render._tables: endpoints, parameters, responses and schemas as pandas DataFrames (``Table``:
``_styled_table``; ``type_summary``: ``_table_cells``)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pandas as pd
import pytest

import orgdocs
from orgdocs.model import from_document
from orgdocs.model._description import Description
from orgdocs.render import _tables as tables
from orgdocs.render._colors import METHOD_COLORS
from orgdocs.render._styled_table import TABLE_CLASS, Table, style_methods
from orgdocs.render._table_cells import type_summary

CORPUS = Path(
    os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[1].parent / "shared" / "corpus")
)
needs_corpus = pytest.mark.skipif(not CORPUS.exists(), reason=f"corpus not found at {CORPUS}")

SHOP = {
    "openapi": "3.0.3",
    "info": {"title": "Shop", "version": "1"},
    "tags": [{"name": "items"}, {"name": "orders"}],
    "components": {
        "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        "schemas": {
            "Id": {"type": "string", "format": "uuid"},
            "Item": {
                "type": "object",
                "description": "Something to sell.\nSecond line.",
                "required": ["id", "name"],
                "properties": {"id": {"$ref": "#/components/schemas/Id"}, "name": {"type": "string"}},
            },
            "Items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
            "Old": {"type": "object", "deprecated": True, "nullable": True},
        },
        "parameters": {"ItemId": {"name": "itemId", "in": "path", "required": True, "schema": {"$ref": "#/components/schemas/Id"}}},
    },
    "security": [{"bearer": []}],
    "paths": {
        "/items": {
            "get": {
                "operationId": "listItems",
                "tags": ["items"],
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 25}, "example": 10},
                    {"name": "sort", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}},
                ],
                "responses": {
                    "200": {
                        "description": "The items",
                        "headers": {"X-Total": {"schema": {"type": "integer"}}},
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Items"}, "example": []},
                            "text/csv": {"schema": {"type": "string"}},
                        },
                    },
                    "default": {"description": "Error"},
                },
            },
            "post": {
                "summary": "Add an item",
                "tags": ["items"],
                "security": [],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}},
                },
                "responses": {"201": {"description": "Created"}},
            },
        },
        "/items/{itemId}": {
            "parameters": [{"$ref": "#/components/parameters/ItemId"}],
            "delete": {"operationId": "deleteItem", "tags": ["items"], "deprecated": True, "responses": {"204": {"description": "Gone"}}},
        },
        "/orders": {
            "get": {
                "operationId": "listOrders",
                "tags": ["orders"],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Missing"}}}}},
            }
        },
        "/health": {"get": {"responses": {"200": {"description": "ok"}}}},
    },
}  # fmt: skip

SWAGGER = {
    "swagger": "2.0",
    "info": {"title": "Pets", "version": "1"},
    "definitions": {
        "Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
        "Pets": {"type": "array", "items": {"$ref": "#/definitions/Pet"}},
    },
    "paths": {
        "/pets": {
            "get": {
                "operationId": "listPets",
                "produces": ["application/json"],
                "parameters": [{"name": "limit", "in": "query", "type": "integer", "format": "int32"}],
                "responses": {"200": {"description": "ok", "schema": {"$ref": "#/definitions/Pets"}}},
            }
        }
    },
}


@pytest.fixture
def shop() -> Description:
    return from_document(copy.deepcopy(SHOP), "shop.yaml")


def test_endpoints_one_row_per_operation_in_site_order(shop):
    frame = tables.endpoints(shop)
    site = orgdocs.Site.from_description(shop)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame["route"]) == list(site.operations)
    assert list(frame["method"]) == ["GET", "POST", "DELETE", "GET", "GET"]
    assert frame.columns[:8].tolist() == [
        "group",
        "tag",
        "tags",
        "method",
        "path",
        "operationId",
        "title",
        "route",
    ]
    first = frame.iloc[0]
    assert first["group"] == "API" and first["tag"] == "items" and first["operationId"] == "listItems"
    assert first["title"] == "List items" and first["route"] == "/api/items/list-items"
    assert (first["n_parameters"], first["n_required_parameters"], first["n_responses"]) == (2, 0, 2)
    assert first["status_codes"] == "200, default"
    assert first["response_media_types"] == "application/json, text/csv"
    assert first["security"] == "bearer" and first["n_examples"] == 2


def test_rows_follow_the_navigation_order():
    document = copy.deepcopy(SHOP)
    document["tags"].reverse()  # orders first
    description = from_document(document, "shop.yaml")
    assert tables.endpoints(description)["operationId"].tolist() == [
        "listOrders",
        "listItems",
        "",
        "deleteItem",
        "",
    ]
    assert tables.parameters(description)["operationId"].tolist() == ["listItems", "listItems", "deleteItem"]


def test_endpoints_flags_and_counts(shop):
    frame = tables.endpoints(shop).set_index("route")
    post = frame.loc["/api/items/post-items"]
    assert post["has_request_body"] and post["request_body_required"]
    assert post["request_media_types"] == "application/json" and post["security"] == ""
    delete = frame.loc["/api/items/delete-item"]
    assert delete["deprecated"] and delete["n_required_parameters"] == 1
    assert frame.loc["/api/orders/list-orders", "n_unresolved"] == 1
    assert frame.loc["/api/health/get-health", "tag"] == ""
    assert frame["n_unresolved"].sum() == 1
    assert list(frame.index[frame["n_examples"] == 0]) == [
        "/api/items/post-items",
        "/api/items/delete-item",
        "/api/orders/list-orders",
        "/api/health/get-health",
    ]


def test_parameters(shop):
    frame = tables.parameters(shop)
    assert len(frame) == tables.endpoints(shop)["n_parameters"].sum() == 3
    limit, sort, item = (row for _, row in frame.iterrows())
    assert (limit["name"], limit["location"], limit["type"], limit["default"], limit["has_example"]) == (
        "limit",
        "query",
        "integer",
        25,
        True,
    )
    assert sort["enum"] == "asc, desc" and not sort["required"]
    # a path-level parameter given by reference, typed by reference: followed for the type
    assert (item["name"], item["required"], item["type"], item["format"]) == (
        "itemId",
        True,
        "string",
        "uuid",
    )
    assert item["pointer"] == "#/components/parameters/ItemId" and item["operationId"] == "deleteItem"
    # as the description gives it, beside rows without one: 25, not 25.0, and None rather than NaN
    assert repr(limit["default"]) == "25" and item["default"] is None
    assert "\n25" not in frame.to_csv() and ",25," in frame.to_csv()


def test_responses_one_row_per_status(shop):
    frame = tables.responses(shop)
    assert len(frame) == tables.endpoints(shop)["n_responses"].sum() == 6
    ok = frame.iloc[0]
    assert (ok["status"], ok["status_class"], ok["media_types"], ok["schema"]) == (
        "200",
        "2xx",
        "application/json, text/csv",
        "Items",
    )
    assert ok["headers"] == "X-Total" and ok["n_headers"] == 1 and ok["has_example"]
    assert frame.iloc[1]["status_class"] == "default" and frame.iloc[1]["media_types"] == ""


def test_schemas(shop):
    frame = tables.schemas(shop).set_index("name")
    assert list(frame.index) == ["Id", "Item", "Items", "Old"]
    item = frame.loc["Item"]
    assert item["pointer"] == "#/components/schemas/Item" and item["type"] == "object"
    assert (item["n_properties"], item["n_required"], item["required"]) == (2, 2, "id, name")
    assert item["description"] == "Something to sell."
    assert item["referenced_by"] == 2  # Items.items and the POST request body
    assert frame.loc["Id", "referenced_by"] == 2 and frame.loc["Items", "type"] == "array[Item]"
    assert frame.loc["Old", "deprecated"] and frame.loc["Old", "type"] == "object|null"


def test_a_schemas_description_is_its_first_sentence_and_a_table_is_not_one():
    document = {
        "openapi": "3.1.0",
        "info": {"title": "t", "version": "1"},
        "paths": {},
        "components": {
            "schemas": {
                "Status": {
                    "description": "| Value | Meaning |\n|---|---|\n| `on` | Sent. |\n\nAny may change."
                },
                "Scope": {"description": "| Scope | Allows |\n|---|---|\n| `read` | reading |\n"},
                "Key": {"description": "An API key's *metadata*. The secret is never in it."},
            }
        },
    }
    frame = tables.schemas(from_document(document, "t.json")).set_index("name")
    assert frame.loc["Status", "description"] == "Any may change."
    assert frame.loc["Scope", "description"] == ""
    assert frame.loc["Key", "description"] == "An API key's metadata."


def test_swagger2():
    description = from_document(copy.deepcopy(SWAGGER), "pets.json")
    assert tables.parameters(description).iloc[0][["type", "format"]].tolist() == ["integer", "int32"]
    assert tables.responses(description).iloc[0]["schema"] == "Pets"
    frame = tables.schemas(description).set_index("name")
    assert frame.loc["Pet", "pointer"] == "#/definitions/Pet" and frame.loc["Pet", "referenced_by"] == 1


def test_accepts_a_source_and_a_site(tmp_path):
    source = tmp_path / "shop.json"
    source.write_text(json.dumps(SHOP), encoding="utf-8")
    from_path = tables.endpoints(source)
    assert from_path["route"].tolist() == tables.endpoints(str(source))["route"].tolist()
    (tmp_path / "content").mkdir()
    config = {
        "content": str(tmp_path / "content"),
        "public": str(tmp_path),
        "groups": [{"group": "Shop API", "sections": [{"schema": "/shop.json"}]}],
    }
    site = orgdocs.Site(config)
    from_site = tables.endpoints(site)
    assert from_site["route"].tolist() == list(site.operations)
    assert set(from_site["group"]) == {"Shop API"} and from_site["route"][0].startswith("/shop-api/")
    assert tables.endpoints(config)["route"].tolist() == list(site.operations)
    assert set(tables.schemas(site)["group"]) == {"Shop API"}
    with pytest.raises(TypeError):
        tables.endpoints(42)


def test_lazy_top_level_names(shop):
    assert orgdocs.endpoints is tables.endpoints and orgdocs.schemas is tables.schemas
    assert len(orgdocs.responses(shop)) == 6 and len(orgdocs.parameters(shop)) == 3


def test_html_repr_colors_methods_and_csv_stays_plain(shop):
    frame = tables.endpoints(shop)
    html = frame._repr_html_()
    assert METHOD_COLORS["GET"] in html and METHOD_COLORS["DELETE"] in html
    assert "line-through" in html  # the deprecated operation's path
    csv = frame.to_csv(index=False)
    assert "background" not in csv and "<" not in csv
    assert csv.splitlines()[1].startswith(
        "API,items,items,GET,/items,listItems,List items,/api/items/list-items,"
    )
    # filtering keeps the colored repr; a table without a method column is pandas' own
    assert isinstance(frame[frame["method"] == "GET"], Table)
    assert METHOD_COLORS["GET"] in frame[frame["method"] == "GET"]._repr_html_()
    assert "background-color" not in tables.schemas(shop)._repr_html_()
    styled = style_methods(pd.DataFrame(frame)).to_html()
    assert METHOD_COLORS["POST"] in styled


def test_html_repr_of_a_long_table_is_compact(shop):
    frame = tables.endpoints(shop)
    long = Table(pd.concat([frame] * 30, ignore_index=True))
    long["title"] = [f"operation {i}" for i in range(len(long))]
    with pd.option_context("display.max_rows", 60, "display.min_rows", 10):
        html = long._repr_html_()
        short = frame._repr_html_()
    # pandas' head and tail around a row of dots, the count in the caption, the source column left out
    assert "150 rows × 22 columns (source not shown" in html  # noqa: RUF001
    assert ">operation 0<" in html and ">operation 4<" in html and ">operation 149<" in html
    assert ">operation 5<" not in html and ">operation 144<" not in html and "\u2026" in html
    assert html.count("<tr>") < 20
    assert frame["source"].iloc[0] not in html and frame["source"].iloc[0] not in short
    assert list(long.columns)[-1] == "source"  # still in the frame


def test_type_summary():
    summary = type_summary
    assert summary({"type": ["string", "null"]}) == "string|null"
    assert summary({"type": "array", "items": {"type": "integer"}}) == "array[integer]"
    assert summary(
        {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]}
    ) == ("oneOf[Cat|Dog]")
    assert summary({"properties": {}}) == "object" and summary(True) == "any" and summary(None) == ""
    assert summary({"$ref": "#/definitions/a~1b"}) == "a/b"


# -- the corpus --------------------------------------------------------------------------------------------

CORPUS_SAMPLE = [
    "oas30/oai-v3.0-petstore-expanded.yaml",
    "oas30/oai-v3.0-uspto.json",
    "oas30/apisguru-xkcd.com-1.0.0-openapi.yaml",
    "oas31/readme-train-travel.yaml",
    "oas31/redoc-demo-museum.yaml",
    "edge/apisguru-statsocial.com-1.0.0.-openapi.yaml",
    "edge/apisguru-azure.com-network-networkInterface-2017-03-01-swagger.yaml",
    "edge/readme-oas-examples/3.0-circular.json",
    "edge/readme-oas-examples/2.0-schema-circular.yaml",
    "large/petstore-3.0.json",
]


@needs_corpus
@pytest.mark.parametrize("name", CORPUS_SAMPLE)
def test_corpus_sample(name):
    path = CORPUS / name
    description = orgdocs.load(path)
    frame = tables.endpoints(description)
    assert len(frame) == len(description.operations) + len(description.webhooks)
    assert frame["route"].is_unique and frame["method"].isin(list(METHOD_COLORS)).all()
    assert len(tables.parameters(description)) == frame["n_parameters"].sum()
    assert len(tables.responses(description)) == frame["n_responses"].sum()
    assert len(tables.schemas(description)) == len(description.components.get("schemas") or {})
    if description.unresolved and any(u.reason != "cycle" for u in description.unresolved):
        assert frame["n_unresolved"].sum() > 0
    frame.to_csv()
    frame._repr_html_()


def test_method_colors_are_the_sites():
    import re

    css = (Path(tables.__file__).parent / "site" / "assets" / "site.css").read_text(encoding="utf-8")
    root = css[css.index(":root") : css.index("}", css.index(":root"))]
    for method, color in METHOD_COLORS.items():
        variable = method.lower() if method in ("GET", "POST", "PUT", "PATCH", "DELETE") else "other"
        # light-dark(<light>, <dark>): the badge colors are the light theme's
        found = re.search(rf"--{variable}:\s*light-dark\(\s*{color}\s*,", root, re.I)
        assert found, f"{method}: {color} is not the site's"


def test_a_hostile_description_stays_text_in_the_notebook_view():
    from orgdocs.model import from_document

    hostile = from_document(
        {
            "openapi": "3.0.0",
            "info": {"title": "x", "version": "1"},
            "paths": {
                "/x": {"get": {"summary": "<img src=x onerror=pwn()>", "tags": ["<svg onload=pwn()>"]}}
            },
        }
    )
    html = tables.endpoints(hostile)._repr_html_()
    assert "<img" not in html and "<svg" not in html
    assert "&lt;img src=x onerror=pwn()&gt;" in html


def test_a_table_exported_through_the_sites_sanitizer_keeps_its_badges_and_its_class(shop):
    """``--to orgdocs`` sanitizes outputs (styles dropped, classes kept): the site's stylesheet still draws the
    method badges, and the export's page.css keeps each row on one line by the table's class."""
    import nbformat

    from orgdocs.render.nbconvert._chrome import PAGE_CSS
    from orgdocs.render.nbconvert._preprocessors import SanitizeOutputs

    output = nbformat.v4.new_output(
        "execute_result", {"text/html": tables.endpoints(shop)._repr_html_()}, execution_count=1
    )
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("endpoints", outputs=[output])])
    notebook, _ = SanitizeOutputs().preprocess(notebook, {})
    exported = notebook.cells[0].outputs[0]["data"]["text/html"]
    assert "background-color" not in exported  # what the sanitizer takes away
    assert '<span class="method method-get">GET</span>' in exported
    assert '<span class="method method-delete">DELETE</span>' in exported
    assert f'<table class="{TABLE_CLASS}">' in exported
    assert f"table.{TABLE_CLASS}" in PAGE_CSS.read_text(encoding="utf-8")
    schemas = tables.schemas(shop)._repr_html_()  # no method column: pandas' table, the same one-line rows
    assert TABLE_CLASS in schemas and "background-color" not in schemas
