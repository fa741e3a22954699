"""Search: every word must match, case-insensitive, over the index fields, with CONTRACT 5's ranking."""

from __future__ import annotations

import pytest
from site_projects import PROJECT_CONFIG, api, op, site_of

from orgdocs import Site
from orgdocs.site.search import SearchIndex, haystack, normalize


@pytest.fixture(scope="module")
def site() -> Site:
    return Site(PROJECT_CONFIG)


def titles(results: list[dict]) -> list[str]:
    return [entry["title"] for entry in results]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("inventory", ["Get inventory"]),  # title
        ("DELETE", ["DELETE /{id}"]),  # method
        ("/store/inventory", ["Get inventory"]),  # path
        ("showpetbyid", ["Info for a specific pet"]),  # operationId
        (
            "store admin",
            ["Info for a specific pet", "Get inventory"],
        ),  # tags: every tag counts, not only the first
        ("organizationId", ["List API keys of an organization"]),  # parameter name
        ("limit", ["List all pets"]),
        ("users", ["List users", "Create user"]),  # another group
    ],
)
def test_every_searchable_field(site, query, expected):
    assert titles(site.search(query)) == expected


def test_every_word_must_match(site):
    assert titles(site.search("pets get")) == ["List all pets", "Info for a specific pet", "Search pets"]
    assert titles(site.search("pets get inventory")) == []
    # "Search pets" matches through its operationId (listPets); a title prefix ranks first
    assert titles(site.search("list")) == [
        "List all pets",
        "List orders",
        "List API keys of an organization",
        "List users",
        "Search pets",
    ]
    assert titles(site.search("list q")) == ["Search pets"]  # q: a parameter of Search pets only


def test_search_is_case_insensitive(site):
    assert site.search("INFO FOR") == site.search("info for") == site.search("Info For")


def test_descriptions_are_not_searched(site):
    assert site.search("ten at a time") == []  # words of listPets' description


def test_exact_operation_id_or_path_first_then_title_prefix_then_the_rest(tmp_path):
    paths = {
        "/pets/all": {
            "get": op(operationId="allPets", summary="Pets, all of them")
        },  # rest (contains "pets")
        "/animals": {"get": op(operationId="animals", summary="Pets and other animals")},  # title prefix
        "/pets": {
            "get": op(operationId="listing", summary="Every pet")
        },  # exact path "/pets"? no: query is "pets"
        "/x": {"get": op(operationId="pets", summary="Something else")},  # exact operationId
    }
    site = site_of(tmp_path, api(paths))
    assert titles(site.search("pets")) == [
        "Something else",
        "Pets, all of them",
        "Pets and other animals",
        "Every pet",
    ]
    assert titles(site.search("/pets")) == ["Every pet", "Pets, all of them"]  # exact path first
    assert titles(site.search("PETS and")) == ["Pets and other animals"]


def test_ties_keep_navigation_order(tmp_path):
    paths = {
        "/b": {"get": op(tags=["Later"], summary="Find b")},
        "/a": {"get": op(tags=["Sooner"], summary="Find a")},
    }
    site = site_of(tmp_path, api(paths, tags=[{"name": "Sooner"}, {"name": "Later"}]))
    assert titles(site.search("find")) == ["Find a", "Find b"]


def test_limit_and_empty_queries(site):
    assert len(site.search("pet", limit=2)) == 2
    assert site.search("pet", limit=2) == site.search("pet")[:2]
    assert site.search("") == site.search("   ") == []


def test_results_are_index_entries(site):
    (entry,) = site.search("getInventory")
    assert entry is next(e for e in site.index["endpoints"] if e["operationId"] == "getInventory")


def test_search_index_on_its_own():
    entries = [
        {
            "title": "List keys",
            "method": "GET",
            "path": "/keys",
            "operationId": "listKeys",
            "tags": ["Keys"],
            "params": ["limit"],
        },
        {
            "title": "Revoke a key",
            "method": "POST",
            "path": "/keys/{id}/revoke",
            "operationId": "revokeKey",
            "tags": [],
            "params": ["id"],
        },
    ]
    index = SearchIndex(entries)
    assert index.search("KEY") == entries
    assert index.search("revokekey") == [entries[1]]
    assert index.search("limit get") == [entries[0]]
    assert index.search("limit post") == []
    assert haystack(entries[0]) == "list keys\nget\n/keys\nlistkeys\nkeys\nlimit"
    assert normalize("  List\tKEYS \n") == "list keys"


def test_words_do_not_span_fields():
    entry = {"title": "Alpha", "method": "GET", "path": "/beta", "operationId": "", "tags": [], "params": []}
    assert SearchIndex([entry]).search("alphaget") == []
