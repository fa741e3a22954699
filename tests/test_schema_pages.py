"""Schema pages (orgdocs/project/_schema_pages.py, orgdocs/render/site/_schema_page.py): routes, "used by",
the pages and lists, type labels linking to them, the sidebar entry, the build and dev."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

import httpx
import pytest

from orgdocs.cli._dev import DevState, create_dev_app, render_route
from orgdocs.project import Site
from orgdocs.render.site._build import build_site
from orgdocs.render.site._pages import PageRenderer

DATA = Path(__file__).parent / "data"
SHELTER = DATA / "schema-pages.yaml"


@pytest.fixture(scope="module")
def site() -> Site:
    return Site.from_description(SHELTER)


def _resolve(page_route: str, href: str) -> str:
    """The route a relative link on the page at ``page_route`` leads to."""
    parts = [p for p in page_route.strip("/").split("/") if p]
    for piece in href.split("#")[0].strip("/").split("/"):
        if piece == "..":
            parts.pop()
        elif piece and piece != ".":
            parts.append(piece)
    return "/" + "/".join(parts)


def test_every_component_schema_has_a_page_routed_after_the_operations(site):
    pages = site.schema_pages
    # a tag named "schemas" holds /api/schemas: the list takes the next free route, operations keep theirs
    assert "/api/schemas/get-owner" in site.operations
    assert list(pages.listings) == ["/api/schemas-2"]
    names = {entry.name: route for route, entry in pages.schemas.items()}
    assert set(names) == {"Pet", "Owner", "Adoption", "Pet_Status", "pet-status", "<b>Odd</b>"}
    assert names["Pet"] == "/api/schemas-2/pet"
    # a name that is a route segment already keeps it; its kebab-cased twin gets the suffix
    assert names["pet-status"] == "/api/schemas-2/pet-status"
    assert names["Pet_Status"] == "/api/schemas-2/pet-status-2"
    assert names["<b>Odd</b>"] == "/api/schemas-2/b-odd-b"
    assert not set(pages.schemas) & set(site.operations)
    assert list(pages.listings["/api/schemas-2"].routes) == list(pages.schemas)  # the description's order


def test_used_by_lists_direct_references_through_other_components(site):
    pages = site.schema_pages
    operations, schemas = pages.used_by("/api/schemas-2/pet")
    # listPets names Pet through #/components/responses/PetList
    assert operations == ["/api/pets/list-pets", "/api/pets/create-pet"]
    assert schemas == []
    operations, schemas = pages.used_by("/api/schemas-2/owner")
    assert operations == ["/api/schemas/get-owner"]
    assert schemas == ["/api/schemas-2/pet"]  # not Owner itself, though best_friend refers to it
    assert pages.used_by("/api/schemas-2/pet-status") == ([], [])


def test_a_schema_page_shows_its_tree_example_and_users(site):
    page = PageRenderer(site).schema("/api/schemas-2/pet")
    assert '<h1 class="op-title schema-page-name">Pet</h1>' in page
    assert "A pet of the shelter." in page
    assert 'id="example"' in page and "Rex" in page  # the example, from the schema's own values
    used = page[page.index('id="used-by"') :]
    links = re.findall(r'href="([^"]+)"', used.split("</section>")[0])
    targets = {_resolve("/api/schemas-2/pet", href) for href in links if not href.startswith("#")}
    assert targets == {"/api/pets/list-pets", "/api/pets/create-pet"}
    # the rows of another schema link to its page; the page carries no payload: its tree is whole
    assert 'href="../../schemas-2/owner/"' in page
    assert '<a class="schema-ref" aria-current="page" href="../../schemas-2/pet/"' in page  # its own name
    assert 'id="orgdocs-payload"' not in page


def test_the_example_is_the_one_of_a_response_or_of_a_request_body_where_only_sent(site):
    pet = PageRenderer(site).schema("/api/schemas-2/pet")
    example = pet[pet.index('id="example"') : pet.index('id="used-by"')]
    assert '"id"' in example  # read-only: a response has it
    assert site.schema_pages.only_sent("/api/schemas-2/adoption")
    adoption = PageRenderer(site).schema("/api/schemas-2/adoption")
    example = adoption[adoption.index('id="example"') : adoption.index('id="used-by"')]
    assert "a quiet home" in example and "ad-1" not in example  # as the request body sends it


def test_a_schema_page_draws_its_own_fields_and_folds_other_schemas(site):
    """Its tree is what other pages' folded rows of it show: every field of its own, nested inline ones too;
    another component's fields are on that one's page, which the folded row names."""
    page = PageRenderer(site).schema("/api/schemas-2/pet")
    tree = page[page.index('id="schema"') : page.index('id="example"')]
    rows = re.findall(r'<code class="schema-name">([^<]+)</code>', tree)
    assert {"id", "name", "tags", "owner"} <= set(rows)
    assert {"kind", "keeper"} <= set(rows)  # the inline "tags" object: drawn here
    assert re.search(
        r'<details class="schema-more schema-lazy" data-ref="#/components/schemas/Owner" '
        r'data-page="../../schemas-2/owner/"><summary>\d+ fields?</summary>',
        tree,
    )
    assert "best_friend" not in tree  # Owner's own field: on Owner's page
    # the read-only id says so: a request's tree that opens this one leaves it out
    assert re.search(
        r'<li class="schema-row" data-only="read"><div class="schema-head"><code class="schema-name">id<',
        tree,
    )


def test_description_text_and_names_are_escaped(site):
    renderer = PageRenderer(site)
    owner = renderer.schema("/api/schemas-2/owner")
    assert "<script>alert" not in owner
    odd = renderer.schema("/api/schemas-2/b-odd-b")
    assert "<b>Odd</b>" not in odd
    assert "&lt;b&gt;Odd&lt;/b&gt;" in odd
    listing = renderer.schema_list("/api/schemas-2")
    assert "<b>Odd</b>" not in listing and "<script>alert" not in listing


def test_the_list_links_every_schema_with_its_first_sentence(site):
    listing = PageRenderer(site).schema_list("/api/schemas-2")
    links = re.findall(r'<li>\s*<a href="([^"]+)"', listing[listing.index("<main") :])
    assert [_resolve("/api/schemas-2", href) for href in links] == list(site.schema_pages.schemas)
    assert "Another status, whose name is a route segment already." in listing
    assert "6 schemas" in listing


def test_the_landing_page_leads_to_the_list_of_schemas_with_their_count(site):
    [route] = site.landings
    page = PageRenderer(site).landing(route)
    found = re.search(
        r'<a class="landing-section" href="([^"]+)">Schemas</a>\s*<span class="landing-count">([^<]+)<', page
    )
    assert found and _resolve(route, found.group(1)) == "/api/schemas-2"
    assert found.group(2) == f"{len(site.schema_pages.schemas)} component schemas"


def test_type_labels_of_operation_pages_link_to_schema_pages(site):
    page = PageRenderer(site).operation("/api/pets/create-pet")
    labels = re.findall(r'<a class="schema-ref" href="([^"]+)" title="([^"]+)"', page)
    assert labels
    for href, ref in labels:
        route = _resolve("/api/pets/create-pet", href)
        assert site.schema_pages.schemas[route].ref == html.unescape(ref)
    # a cycle links inside the page, never to another one
    assert not re.search(r'class="schema-ref schema-cycle" href="[^#]', page)
    # a component below the root is drawn folded: its fields on its page, or opened in place
    assert re.search(r'<details class="schema-more schema-lazy" data-ref="#/components/schemas/', page)


def test_every_page_lists_the_schemas_in_the_sidebar(site):
    renderer = PageRenderer(site)
    operation = renderer.operation("/api/pets/list-pets")
    assert '<a href="../../schemas-2/">Schemas</a>' in operation
    schema = renderer.schema("/api/schemas-2/owner")
    assert '<li class="nav-current"><a href="../">Schemas</a>' in schema
    assert '<a href="../schemas-2/" aria-current="page">Schemas</a>' in renderer.schema_list("/api/schemas-2")


def test_swagger_definitions_have_pages(data_dir):
    site = Site.from_description(data_dir / "swagger2.json")
    pages = site.schema_pages
    assert pages.schemas
    for entry in pages.schemas.values():
        assert entry.ref.startswith("#/definitions/")
    route = next(iter(pages.schemas))
    page = PageRenderer(site).schema(route)
    assert site.schema_pages.schemas[route].name in page


def test_a_description_without_schemas_has_no_list(tmp_path):
    spec = tmp_path / "plain.json"
    spec.write_text(json.dumps({"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {}}))
    site = Site.from_description(spec)
    assert site.schema_pages.listings == {} and site.schema_pages.schemas == {}
    assert "Schemas</a>" not in PageRenderer(site).home()


def test_the_build_writes_schema_pages_whose_links_all_resolve(tmp_path):
    site = Site.from_description(SHELTER)
    result = build_site(site, tmp_path / "out", progress=False)
    out = tmp_path / "out"
    assert result.operations == len(site.operations)
    for route in [*site.schema_pages.schemas, *site.schema_pages.listings]:
        assert (out / route.strip("/") / "index.html").is_file()
    for page in out.glob("api/**/index.html"):
        route = "/" + page.parent.relative_to(out).as_posix()
        for href in re.findall(r'<a class="schema-ref" href="([^"#][^"]*)"', page.read_text()):
            assert (out / _resolve(route, href).strip("/") / "index.html").is_file(), (route, href)
    manifest = json.loads((out / "_docs/build-manifest.json").read_text())["files"]
    assert "api/schemas-2/pet/index.html" in manifest
    # every folded row opens the schema page it names
    for page in out.glob("api/**/index.html"):
        route = "/" + page.parent.relative_to(out).as_posix()
        for ref, href in re.findall(
            r'class="schema-more schema-lazy" data-ref="([^"]+)" data-page="([^"]+)"', page.read_text()
        ):
            target = out / _resolve(route, href).strip("/") / "index.html"
            assert '<div class="schema-tree" id="' in target.read_text() and html.unescape(
                ref
            ) in html.unescape(target.read_text())


def test_dev_serves_schema_pages_and_lists(tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    (content / "shelter.yaml").write_text(SHELTER.read_text())
    config = tmp_path / "docs.config.yaml"
    config.write_text(
        "content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: ./shelter.yaml\n"
    )
    state = DevState(config, log=lambda text: None)
    renderer = state.renderer()
    assert "<h1" in render_route(renderer, "/api/schemas-2/pet") and "A pet of the shelter." in render_route(
        renderer, "/api/schemas-2/pet"
    )
    assert "Pet_Status" in render_route(renderer, "/api/schemas-2")
    with pytest.raises(KeyError):
        render_route(renderer, "/api/schemas-2/no-such-schema")
    (page,) = asyncio.run(_dev_get(state, "/api/schemas-2/owner/"))
    assert page.status_code == 200 and page.headers["cache-control"] == "no-store"
    assert "Who looks after a pet." in page.text


async def _dev_get(state: DevState, *paths: str) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=create_dev_app(state))
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000") as client:
        return [await client.get(path) for path in paths]


def test_two_descriptions_in_one_group_get_a_list_each(tmp_path, data_dir):
    content = tmp_path / "content"
    content.mkdir()
    (content / "shelter.yaml").write_text(SHELTER.read_text())
    (content / "store.json").write_text((data_dir / "swagger2.json").read_text())
    config = tmp_path / "docs.config.yaml"
    config.write_text(
        "content: ./content\ngroups:\n  - group: API\n    sections:\n"
        "      - schema: ./shelter.yaml\n      - schema: ./store.json\n"
    )
    site = Site(config)
    listings = list(site.schema_pages.listings.values())
    assert [listing.route for listing in listings] == ["/api/schemas-2", "/api/schemas-3"]
    assert [listing.title for listing in listings] == [
        f"{description.title} schemas" for description in site.descriptions
    ]
    sidebar = PageRenderer(site).operation("/api/pets/list-pets")
    for listing in listings:
        assert f">{html.escape(listing.title)}</a>" in sidebar
