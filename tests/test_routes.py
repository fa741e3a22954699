"""Routes: ``/<group>/<tag>/<operation>`` in kebab case, fallbacks, pages first, ``-2``/``-3`` suffixes."""

from __future__ import annotations

import re

import pytest
from site_projects import PROJECT_CONFIG, api, op, site_of, write_project

from orgdocs import ConfigError, Site
from orgdocs.model import Operation
from orgdocs.project._routes import RouteTable, operation_segments, tag_segment

KEBAB_ROUTE = re.compile(r"^(/[a-z0-9]+(?:-[a-z0-9]+)*)+$")


def operation(method: str = "get", path: str = "/", **fields) -> Operation:
    return Operation(method=method, path=path, pointer="#", **fields)


def routes_of(tmp_path, paths: dict, group: str = "API", **top) -> list[str]:
    return list(site_of(tmp_path, api(paths, **top), group).operations)


def test_route_shape_group_then_first_tag_then_operation_id(tmp_path):
    paths = {
        "/organizations/{organizationId}/api-keys": {
            "get": op(tags=["API Keys", "Admin"], operationId="listAPIKeys")
        }
    }
    assert routes_of(tmp_path, paths, group="Organization API") == [
        "/organization-api/api-keys/list-api-keys"
    ]


@pytest.mark.parametrize(
    ("fields", "path", "expected"),
    [
        ({"tags": ["Pets"]}, "/stores/{id}", "pets"),
        ({"tags": ["Store Admin", "Pets"]}, "/stores/{id}", "store-admin"),
        ({}, "/stores/{id}/pets", "stores"),
        ({}, "/{org}/{id}/pets", "pets"),
        ({}, "/{org}/{id}", "endpoints"),
        ({}, "/", "endpoints"),
        ({"tags": ["???"]}, "/v1/users", "v1"),  # a tag with nothing left in kebab case: the path decides
    ],
)
def test_tag_segment_and_its_fallbacks(fields, path, expected):
    assert tag_segment(operation(path=path, **fields)) == expected


@pytest.mark.parametrize(
    ("method", "path", "operation_id", "expected"),
    [
        ("get", "/organizations/{organizationId}/api-keys", "", "get-organizations-organization-id-api-keys"),
        ("post", "/", "", "post"),
        ("delete", "/{id}", "", "delete-id"),
        ("get", "/x", "listAPIKeys", "list-api-keys"),
        ("get", "/x", "repos/list-for-org", "repos-list-for-org"),
        ("get", "/x", "getUserByID", "get-user-by-id"),
        ("get", "/x", "Crème_Brûlée", "creme-brulee"),
        ("get", "/files/{path}", "???", "get-files-path"),  # nothing left of the operationId: method and path
    ],
)
def test_operation_segment_is_the_operation_id_else_method_and_path(method, path, operation_id, expected):
    assert operation_segments(operation(method, path, operation_id=operation_id))[1] == expected


def test_the_contract_example_without_operation_id(tmp_path):
    paths = {"/organizations/{organizationId}/api-keys": {"get": op()}}
    assert routes_of(tmp_path, paths) == ["/api/organizations/get-organizations-organization-id-api-keys"]


def test_every_segment_is_kebab_case(tmp_path):
    paths = {
        "/Ünïcode Path/{id}": {"get": op(tags=["Ça marche!"], operationId="GET_Thing.v2")},
        "/x": {"put": op(tags=["HTTPServer"], operationId="putHTTPServerV2Config")},
    }
    routes = routes_of(tmp_path, paths, group="Mein Großes API")
    assert routes == [
        "/mein-grosses-api/ca-marche/get-thing-v2",
        "/mein-grosses-api/http-server/put-http-server-v2-config",
    ]
    assert all(KEBAB_ROUTE.match(route) for route in routes)


def test_colliding_operations_are_both_kept_with_suffixes_in_document_order(tmp_path):
    paths = {
        "/a": {
            "get": op(tags=["Pets"], operationId="listPets"),
            "post": op(tags=["Pets"], operationId="listPets"),
        },
        "/b": {"get": op(tags=["pets"], operationId="list_pets")},
        "/c": {"get": op(tags=["Pets"], operationId="createPet")},
    }
    site = site_of(tmp_path, api(paths))
    by_pointer = {entry.operation.pointer: route for route, entry in site.operations.items()}
    assert by_pointer == {
        "#/paths/~1a/get": "/api/pets/list-pets",
        "#/paths/~1a/post": "/api/pets/list-pets-2",
        "#/paths/~1b/get": "/api/pets/list-pets-3",
        "#/paths/~1c/get": "/api/pets/create-pet",
    }


def test_a_suffix_is_the_smallest_free_one(tmp_path):
    paths = {
        "/a": {"get": op(operationId="x-2")},  # takes /api/a/x-2 first
        "/b": {"get": op(tags=["a"], operationId="x")},
        "/c": {"get": op(tags=["a"], operationId="x")},  # x-2 is taken: x-3
        "/d": {"get": op(tags=["a"], operationId="x-2")},  # x-2 taken by the first: x-2-2
    }
    site = site_of(tmp_path, api(paths))
    by_path = {entry.operation.path: route for route, entry in site.operations.items()}
    assert by_path == {"/a": "/api/a/x-2", "/b": "/api/a/x", "/c": "/api/a/x-3", "/d": "/api/a/x-2-2"}


def test_hand_written_pages_are_reserved_first_and_win():
    site = Site(PROJECT_CONFIG)
    page = site.pages["/pet-store/pets/show-pet-by-id"]
    assert page.page.path.name == "show-pet-by-id.md"
    moved = site.operations["/pet-store/pets/show-pet-by-id-2"]
    assert moved.operation.operation_id == "showPetById"


def test_a_page_wins_even_when_its_section_comes_after_the_schema(tmp_path):
    config = write_project(
        tmp_path,
        {"openapi.json": api({"/guides": {"get": op(operationId="intro")}})},
        files={"content/guides/intro.md": "# Intro\n"},
        groups=[
            {
                "group": "API",
                "sections": [{"schema": "openapi.json"}, {"section": "Guides", "pages": ["guides/intro.md"]}],
            }
        ],
    )
    site = Site(config)
    assert list(site.pages) == ["/api/guides/intro"]
    assert list(site.operations) == ["/api/guides/intro-2"]
    assert site.route_problems()[0].message.endswith(
        "route /api/guides/intro is taken by the page guides/intro.md: given /api/guides/intro-2"
    )


def test_routes_are_unique_across_groups_pages_and_descriptions(tmp_path):
    description = api({"/pets": {"get": op(tags=["Pets"], operationId="listPets")}})
    config = write_project(
        tmp_path,
        {"one.json": description, "two.json": description},
        files={"content/pets/list-pets.md": "# Pets\n"},
        groups=[
            {"group": "API", "sections": [{"schema": "one.json"}, {"schema": "two.json"}]},
            {
                "group": "Other",
                "sections": [{"schema": "one.json"}, {"section": "P", "pages": ["pets/list-pets.md"]}],
            },
        ],
    )
    site = Site(config)
    assert site.routes == [
        "/other/pets/list-pets",
        "/api/pets/list-pets",
        "/api/pets/list-pets-2",
        "/other/pets/list-pets-2",
    ]
    assert len(set(site.routes)) == len(site.routes)


def test_two_pages_with_one_route_are_a_config_error(tmp_path):
    config = write_project(
        tmp_path,
        files={"content/guides/Intro.md": "# A\n", "content/guides/intro.mdx": "# B\n"},
        groups=[
            {"group": "API", "sections": [{"section": "G", "pages": ["guides/Intro.md", "guides/intro.mdx"]}]}
        ],
    )
    with pytest.raises(ConfigError) as caught:
        Site(config)
    assert str(caught.value) == (
        f"{config}: groups[0].sections[0].pages[1]: the page guides/intro.mdx and the page guides/Intro.md "
        "share the route /api/guides/intro"
    )


def test_webhooks_get_routes_too(tmp_path):
    description = {
        "openapi": "3.1.0",
        "info": {"title": "W", "version": "1"},
        "paths": {"/pets": {"post": op(operationId="newPet")}},
        "webhooks": {"newPet": {"post": op(operationId="newPet")}, "petGone": {"post": op(tags=["Pets"])}},
    }
    assert routes_of(tmp_path, description["paths"], openapi="3.1.0", webhooks=description["webhooks"]) == [
        "/api/pets/post-pet-gone",
        "/api/pets/new-pet",
        "/api/webhooks/new-pet",
    ]


def test_route_table_hands_out_suffixes_and_remembers_them():
    table = RouteTable()
    assert table.reserve("/api/pets/list")
    assert not table.reserve("/api/pets/list")
    assert table.claim("/api/pets/list") == "/api/pets/list-2"
    assert table.claim("/api/pets/list") == "/api/pets/list-3"
    assert table.claim("/api/pets/other") == "/api/pets/other"
    assert table.suffixed == [("/api/pets/list", "/api/pets/list-2"), ("/api/pets/list", "/api/pets/list-3")]


def test_an_over_long_segment_is_cut_and_stays_unique():
    from orgdocs.project._routes import MAX_SEGMENT, segment

    first, second = segment("a" * 300 + "One"), segment("a" * 300 + "Two")
    assert len(first) == len(second) == MAX_SEGMENT
    assert first != second
    assert first.startswith("a" * 100)
    assert segment("listApiKeys") == "list-api-keys"
