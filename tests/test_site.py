"""``Site``: evaluation of a config (sources below content, public and on the network), the endpoint index,
entries, problems, and errors that name the place with nothing half-evaluated escaping."""

from __future__ import annotations

import functools
import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from site_projects import PROJECT, PROJECT_CONFIG, REACH, api, op, site_of, write_project

import orgdocs
from orgdocs import ConfigError, DescriptionError, Site, SourceError
from orgdocs.project import OperationEntry, PageEntry, payload_url

INDEX_FIELDS = {
    "route",
    "group",
    "section",
    "title",
    "method",
    "path",
    "operationId",
    "tags",
    "params",
    "deprecated",
    "data",
}


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[str, Path]]:
    """A real HTTP server on 127.0.0.1 serving a folder: (base URL, folder)."""
    folder = tmp_path / "served"
    folder.mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", folder
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def project() -> Site:
    return Site(PROJECT_CONFIG)


def test_a_site_evaluates_every_group(project):
    assert project.title == "Pet Store Docs"
    assert [d.title for d in project.descriptions] == ["Pet Store", "Admin API"]
    assert [d.source for d in project.descriptions] == [
        "./openapi/pets.yaml",
        "/specs/admin.json",
    ]  # as configured
    assert len(project.operations) == 10
    assert len(project.pages) == 8
    assert project.routes == [*project.pages, *project.operations]
    assert repr(project) == "<Site 'Pet Store Docs': 10 operations, 8 pages>"


def test_entries(project):
    entry = project.entry("/pet-store/pets/list-pets")
    assert isinstance(entry, OperationEntry)
    assert (entry.route, entry.group, entry.section, entry.title) == (
        "/pet-store/pets/list-pets",
        "Pet Store",
        "Pets",
        "List all pets",
    )
    assert entry.operation.operation_id == "listPets" and entry.description is project.descriptions[0]
    assert project.entry("pet-store/pets/list-pets/") is entry
    page = project.entry("/pet-store/guides/quickstart")
    assert isinstance(page, PageEntry)
    assert (page.group, page.section, page.title) == ("Pet Store", "Guides", "Getting started")
    with pytest.raises(KeyError):
        project.entry("/nope")


def test_the_index_is_compact_with_the_contract_fields(project):
    index = project.index
    assert set(index) == {"title", "endpoints", "navigation"}
    assert index["navigation"] == project.navigation
    assert len(index["endpoints"]) == len(project.operations)
    assert [e["route"] for e in index["endpoints"]] == list(project.operations)
    for entry in index["endpoints"]:
        assert set(entry) == INDEX_FIELDS
        assert entry["data"] == payload_url(entry["route"]) == f"/_docs/openapi{entry['route']}.json"
    first = index["endpoints"][0]
    assert first == {
        "route": "/pet-store/pets/list-pets",
        "group": "Pet Store",
        "section": "Pets",
        "title": "List all pets",
        "method": "GET",
        "path": "/pets",
        "operationId": "listPets",
        "tags": ["Pets"],
        "params": ["limit"],
        "deprecated": False,
        "data": "/_docs/openapi/pet-store/pets/list-pets.json",
    }
    text = json.dumps(index)
    assert "Returns every pet" not in text  # no descriptions
    assert '"properties"' not in text and "$ref" not in text  # no schemas


def test_the_index_stays_small_on_a_description_with_large_schemas():
    site = Site.from_description(REACH)
    index_size = len(json.dumps(site.index))
    assert index_size < sum(len(text) for _, text in site.payloads())


def test_sources_below_content_below_public_and_nested(tmp_path):
    description = api({"/x": {"get": op(operationId="x")}})
    config = write_project(
        tmp_path,
        {"./top.json": description, "specs/nested.json": description},
        files={"public/specs/public.json": json.dumps(description), "content/specs/public.json": "not used"},
        groups=[
            {"group": "A", "sections": [{"schema": "./top.json"}]},
            {"group": "B", "sections": [{"schema": "specs/nested.json"}]},
            {"group": "C", "sections": [{"schema": "/specs/public.json"}]},
        ],
    )
    site = Site(config)
    assert [d.path for d in site.descriptions] == [
        tmp_path / "content" / "top.json",
        tmp_path / "content" / "specs" / "nested.json",
        tmp_path / "public" / "specs" / "public.json",  # below public, not a URL path, not content
    ]
    assert list(site.operations) == ["/a/x/x", "/b/x/x", "/c/x/x"]


def test_a_configured_public_folder(tmp_path):
    description = api({"/x": {"get": op(operationId="x")}})
    config = write_project(
        tmp_path,
        files={"static/o.json": json.dumps(description)},
        groups=[{"group": "A", "sections": [{"schema": "/o.json"}]}],
        public="./static",
    )
    assert Site(config).descriptions[0].path == tmp_path / "static" / "o.json"


def test_http_sources_are_fetched(served, tmp_path):
    base, folder = served
    (folder / "openapi.json").write_text(json.dumps(api({"/remote": {"get": op(operationId="remote")}})))
    (folder / "openapi.yaml").write_text(
        "openapi: 3.0.3\ninfo: {title: Y, version: '1'}\npaths:\n  /y:\n    get: {operationId: y}\n"
    )
    groups = [
        {"group": "API", "sections": [{"schema": f"{base}/openapi.json"}, {"schema": f"{base}/openapi.yaml"}]}
    ]
    site = Site(write_project(tmp_path / "project", groups=groups))
    assert list(site.operations) == ["/api/remote/remote", "/api/y/y"]
    assert site.descriptions[0].source == f"{base}/openapi.json"
    # fetched again at each evaluation: a change on the server shows in the next Site
    (folder / "openapi.json").write_text(json.dumps(api({"/changed": {"get": op(operationId="changed")}})))
    again = Site(write_project(tmp_path / "project", groups=groups))
    assert list(again.operations) == ["/api/changed/changed", "/api/y/y"]


def test_a_remote_404_fails_loading_and_names_the_place(served, tmp_path):
    base, _ = served
    groups = [
        {"group": "API", "sections": [{"section": "S", "pages": []}, {"schema": f"{base}/missing.json"}]}
    ]
    config = write_project(tmp_path / "project", groups=groups)
    with pytest.raises(SourceError) as caught:
        Site(config)
    assert (
        str(caught.value) == f"{config}: groups[0].sections[1]: {base}/missing.json: HTTP 404 File not found"
    )


def test_a_missing_description_names_the_config_place_and_the_entry(tmp_path):
    config = write_project(tmp_path, groups=[{"group": "API", "sections": [{"schema": "./nope.yaml"}]}])
    with pytest.raises(SourceError) as caught:
        Site(config)
    assert str(caught.value) == (
        f"{config}: groups[0].sections[0]: ./nope.yaml: no such file: {tmp_path / 'content' / 'nope.yaml'} "
        f"(a path without a leading '/' is read below the content folder, {tmp_path / 'content'})"
    )


def test_an_invalid_description_names_the_place_and_the_line(tmp_path):
    config = write_project(tmp_path, {"broken.json": '{"openapi": "3.0.3",\n "paths": {,}}'})
    with pytest.raises(DescriptionError) as caught:
        Site(config)
    message = str(caught.value)
    assert message.startswith(f"{config}: groups[0].sections[0]: broken.json: line 2 column")
    assert "\n" not in message


def test_a_document_without_paths_is_rejected_with_its_pointer(tmp_path):
    config = write_project(tmp_path, {"nopaths.json": {"openapi": "3.0.3", "info": {}}})
    with pytest.raises(DescriptionError) as caught:
        Site(config)
    assert (
        str(caught.value)
        == f"{config}: groups[0].sections[0]: nopaths.json: #/paths: top-level 'paths' object is missing"
    )


def test_nothing_half_evaluated_escapes(tmp_path):
    good = api({"/x": {"get": op()}})
    config = write_project(
        tmp_path,
        {"good.json": good, "bad.json": "{"},
        groups=[
            {"group": "A", "sections": [{"schema": "good.json"}]},
            {"group": "B", "sections": [{"schema": "bad.json"}]},
        ],
    )
    site = None
    with pytest.raises(DescriptionError):
        site = Site(config)
    assert site is None
    with pytest.raises(DescriptionError):
        Site.from_description(tmp_path / "content" / "bad.json")


def test_a_missing_page_is_a_config_error_naming_its_place(tmp_path):
    config = write_project(
        tmp_path, groups=[{"group": "API", "sections": [{"section": "Guides", "pages": ["a.md"]}]}]
    )
    with pytest.raises(ConfigError) as caught:
        Site(config)
    assert str(caught.value).startswith(f"{config}: groups[0].sections[0].pages[0]: page 'a.md' not found")


def test_site_accepts_a_path_a_mapping_or_a_config(tmp_path):
    mapping = json.loads(json.dumps(orgdocs.load_config(PROJECT_CONFIG).raw))
    from_mapping = Site(orgdocs.load_config(mapping, base=PROJECT))
    from_config = Site(orgdocs.load_config(PROJECT_CONFIG))
    from_path = Site(str(PROJECT_CONFIG))
    assert from_mapping.routes == from_config.routes == from_path.routes


def test_from_description(tmp_path):
    site = Site.from_description(REACH, group="Reach API")
    assert site.title == "Reach"
    assert all(route.startswith("/reach-api/") for route in site.operations)
    assert site.pages == {}
    assert site.navigation[0]["group"] == "Reach API" and site.navigation[0]["slug"] == "reach-api"
    loaded = orgdocs.load(REACH)
    assert Site.from_description(loaded).descriptions == [loaded]


def test_problems_name_the_file_and_the_place(project):
    messages = [p.message for p in project.problems]
    assert messages == [
        "./openapi/pets.yaml: #/paths/~1pets~1search/get: duplicate operationId 'listPets' (also at #/paths/~1pets/get)",
        "./openapi/pets.yaml: #/paths/~1pets~1{petId}/get: route /pet-store/pets/show-pet-by-id is taken by the page "
        "pets/show-pet-by-id.md: given /pet-store/pets/show-pet-by-id-2",
        "./openapi/pets.yaml: #/paths/~1pets~1search/get: route /pet-store/pets/list-pets is taken by "
        "./openapi/pets.yaml: #/paths/~1pets/get: given /pet-store/pets/list-pets-2",
    ]
    assert [p.kind for p in project.problems] == ["duplicate-operation-id", "route-suffix", "route-suffix"]


def test_unresolved_references_are_problems_at_their_first_use():
    site = Site.from_description(REACH)
    assert [p.message for p in site.problems] == [
        f"{REACH}: #/paths/~1kept/get/responses/200/content/application~1json/schema/properties/missing: "
        "reference '#/components/schemas/DoesNotExist' kept as it is (missing)",
        f"{REACH}: #/paths/~1kept/get/responses/200/content/application~1json/schema/properties/external: "
        "reference 'other.yaml#/components/schemas/Ext' kept as it is (external)",
    ]


def test_undeclared_security_schemes_and_empty_descriptions_are_problems(tmp_path):
    description = api({"/x": {"get": op(security=[{"nope": []}])}}, security=[{"missing": []}])
    site = site_of(tmp_path / "a", description)
    assert [p.message for p in site.problems] == [
        "openapi.json: #/paths/~1x/get/security: security scheme 'nope' is not declared",
        "openapi.json: #/security: security scheme 'missing' is not declared",
    ]
    empty = site_of(tmp_path / "b", api({}))
    assert [p.message for p in empty.problems] == ["openapi.json: #/paths: no operations"]


def test_the_bundled_site():
    site = Site()
    assert site.title == "Organization Management API"
    assert site.operations and all(route.startswith("/organization-api/") for route in site.operations)
    assert "/changelog" in site.pages


def test_a_tag_named_by_a_number_keeps_its_declared_description(tmp_path):
    """YAML reads ``name: 2024`` as a number; operations name the tag "2024": one tag, described."""
    site = site_of(
        tmp_path,
        api(
            {"/reports": {"get": op(tags=[2024])}},
            tags=[
                {
                    "name": 2024,
                    "description": "The year's reports",
                    "externalDocs": {"url": "https://x.test/y"},
                }
            ],
        ),
    )
    (section,) = site.sections.values()
    assert (section.title, section.description) == ("2024", "The year's reports")
    assert section.external_docs["url"] == "https://x.test/y"
