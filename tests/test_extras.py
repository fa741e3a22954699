"""Landing and section pages, 404.html, llms.txt, the Markdown twins and the search file of a build; and
the sidebar that every page carries (``orgdocs.render.site._extras``, ``_pages``, ``_navigation``)."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re

import pytest
from site_projects import api, op, site_of

from orgdocs.render.site._build import build_site
from orgdocs.render.site._navigation import WINDOW, Sidebar, relative_href
from orgdocs.render.site._pages import PageRenderer

INTRO = """Manage **pets**.

<script>alert(1)</script><img src=x onerror=alert(2)>

| a | b |
|---|---|
| 1 | 2 |
"""


def _description() -> dict:
    paths = {
        "/pets": {
            "get": op(
                operationId="listPets", summary="List pets", tags=["pets"], description="Lists pets. More."
            ),
            "post": op(operationId="createPet", tags=["pets"], parameters=[{"name": "x|y", "in": "query"}]),
        },
        "/pets/{id}": {
            "delete": op(operationId="deletePet", summary="Delete a pet", tags=["pets"], deprecated=True),
        },
        "/stores": {"get": op(operationId="listStores", summary="List stores", tags=["stores"])},
        "/misc": {"get": op(operationId="misc", summary="Miscellaneous")},
    }
    return api(
        paths,
        info={"title": "Pet API", "version": "2.1.0", "description": INTRO},
        servers=[{"url": "https://api.example.test/v2", "description": "Production"}],
        tags=[
            {
                "name": "pets",
                "description": "Everything about *pets*. And more.",
                "externalDocs": {"url": "https://docs.example.test/pets", "description": "Pet guide"},
            },
            {"name": "stores", "externalDocs": {"url": "javascript:alert(1)"}},
        ],
        components={
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
                "key": {"type": "apiKey", "in": "header", "name": "X-Key", "description": "Ask **us**."},
                "oauth": {
                    "type": "oauth2",
                    "flows": {"clientCredentials": {"tokenUrl": "https://t", "scopes": {}}},
                },
            }
        },
        security=[{"bearer": []}],
    )


@pytest.fixture
def site(tmp_path):
    return site_of(tmp_path, _description(), group="Pet API")


@pytest.fixture
def built(site, tmp_path):
    build_site(site, tmp_path / "out", progress=False)
    return tmp_path / "out"


def test_sections_and_landing_have_routes_beside_their_operations(site):
    assert list(site.sections) == ["/pet-api/pets", "/pet-api/stores", "/pet-api/endpoints"]
    pets = site.sections["/pet-api/pets"]
    assert pets.routes == ["/pet-api/pets/list-pets", "/pet-api/pets/create-pet", "/pet-api/pets/delete-pet"]
    assert pets.external_docs == {"url": "https://docs.example.test/pets", "description": "Pet guide"}
    assert site.sections["/pet-api/stores"].external_docs == {}  # not an http(s) link
    assert list(site.landings) == ["/pet-api"]
    assert [s.get("route") for s in site.navigation[0]["sections"]] == list(site.sections)
    assert site.navigation[0]["route"] == "/pet-api"


def test_the_landing_page_shows_the_apis_own_words(built):
    page = (built / "pet-api" / "index.html").read_text(encoding="utf-8")
    assert "<h1" in page and "Manage <strong>pets</strong>." in page and "<table>" in page
    assert "<script>alert" not in page and "onerror" not in page  # sanitized
    assert "version 2.1.0" in page
    assert "https://api.example.test/v2" in page and "Production" in page
    assert "HTTP bearer token (JWT)" in page
    assert "API key in the header X-Key" in page and "Ask <strong>us</strong>." in page
    assert "OAuth 2.0 (client credentials)" in page
    sections = re.findall(
        r'class="landing-section" href="([^"]+)">([^<]+)</a>\s*<span class="landing-count">([^<]+)<', page
    )
    assert sections == [
        ("pets/", "pets", "3 operations"),
        ("stores/", "stores", "1 operation"),
        ("endpoints/", "Endpoints", "1 operation"),
    ]
    assert "Everything about pets." in page  # the first sentence of the tag's description
    home = (built / "index.html").read_text(encoding="utf-8")
    assert "Manage <strong>pets</strong>." in home and 'href="pet-api/pets/"' in home


def test_a_section_page_lists_its_operations_with_method_path_and_first_sentence(built):
    page = (built / "pet-api" / "pets" / "index.html").read_text(encoding="utf-8")
    assert "<h1>pets</h1>" in page and "Everything about <em>pets</em>. And more." in page
    assert '<a href="https://docs.example.test/pets" rel="noopener nofollow">Pet guide</a>' in page
    assert "<h2>3 operations</h2>" in page
    main = page.split('id="main"')[1]
    assert re.findall(r'<a href="([^"]+)"', main)[1:] == ["list-pets/", "create-pet/", "delete-pet/"]
    assert (
        '<code class="tag-op-path">/pets/{id}</code>' in main
        and "Lists pets." in main
        and "More." not in main
    )
    stores = (built / "pet-api" / "stores" / "index.html").read_text(encoding="utf-8")
    assert "javascript:" not in stores


def test_404_links_from_the_root_and_is_a_page_of_the_site(built):
    page = (built / "404.html").read_text(encoding="utf-8")
    assert "<h1>Page not found</h1>" in page
    assert 'href="/_docs/assets/site.css' in page and 'data-index="/_docs/openapi/index.json"' in page
    assert 'href="/pet-api/pets/"' in page  # the sidebar, from the root


def test_404s_one_inline_script_is_allowed_by_its_hash_alone(built):
    # not_found.js rebases the page below a sub-path (tests/browser/test_not_found.py)
    page = (built / "404.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    assert len(scripts) == 1
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode("ascii")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)
    assert "script-src 'self' 'sha256-" + digest + "';" in policy
    home = (built / "index.html").read_text(encoding="utf-8")
    assert "<script>" not in home and "script-src 'self';" in home


def test_llms_txt_lists_every_page_on_one_line(built, site):
    text = (built / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith("# Pet API\n\n> Manage pets.\n")
    assert "- [pets](pet-api/pets/): Everything about pets." in text
    assert "- [List pets](pet-api/pets/list-pets/index.md): `GET /pets` Lists pets." in text
    for route in site.operations:
        assert f"({route.strip('/')}/index.md)" in text


def test_llms_txt_lists_the_component_schemas_of_each_description():
    from orgdocs.project import Site
    from orgdocs.project._bundled import BUNDLED_CONFIG
    from orgdocs.render.site._extras import llms_txt

    site = Site(BUNDLED_CONFIG)
    text = llms_txt(site)
    [(route, listing)] = site.schema_pages.listings.items()
    assert f"- [Schemas]({route.strip('/')}/): {len(listing.routes)} component schemas\n" in text
    assert len(listing.routes) > 1


def test_every_operation_has_a_markdown_twin(built, site):
    for route in site.operations:
        assert (built / route.strip("/") / "index.md").is_file()
    twin = (built / "pet-api" / "pets" / "create-pet" / "index.md").read_text(encoding="utf-8")
    assert twin.startswith("# Create pet\n\n`POST /pets`\n")
    assert "| `x\\|y` | query |" in twin  # a table cell cannot break the table
    assert "- `bearer`" in twin and "- `https://api.example.test/v2`" in twin
    assert (
        "[_docs/openapi/pet-api/pets/create-pet.json](../../../_docs/openapi/pet-api/pets/create-pet.json)"
        in twin
    )
    deleted = (built / "pet-api" / "pets" / "delete-pet" / "index.md").read_text(encoding="utf-8")
    assert "**Deprecated.**" in deleted


def test_the_search_file_holds_a_short_text_per_index_entry(built, site):
    search = json.loads((built / "_docs" / "openapi" / "search.json").read_text(encoding="utf-8"))
    index = json.loads((built / "_docs" / "openapi" / "index.json").read_text(encoding="utf-8"))
    assert len(search["texts"]) == len(index["endpoints"])
    assert search["texts"][0] == "Lists pets."
    assert "Lists pets" not in json.dumps(index)  # the index stays compact


# -- the sidebar ---------------------------------------------------------------------------------------------


def test_relative_links_are_as_short_as_the_routes_allow():
    folder = ["api", "pets", "list-pets"]
    assert relative_href(folder, "/api/pets/get-pet") == "../get-pet/"
    assert relative_href(folder, "/api/pets/list-pets") == "./"
    assert relative_href(folder, "/api/pets") == "../"
    assert relative_href(folder, "/api/stores") == "../../stores/"
    assert relative_href(folder, "/") == "../../../index.html"
    assert relative_href([], "/api/pets") == "api/pets/"


def test_the_sidebar_opens_only_the_current_section_and_links_the_others(site, monkeypatch):
    # as in a large group; a group of few operations lists them all (tests/test_navigation.py)
    monkeypatch.setattr("orgdocs.render.site._navigation.FEW", 0)
    sidebar = Sidebar(site)
    nav = sidebar.html("/pet-api/pets/create-pet")
    assert re.findall(r'<li(?: class="nav-current")?><a href="([^"]+)">([^<]+)<', nav) == [
        ("../", "pets"),
        ("../../stores/", "stores"),
        ("../../endpoints/", "Endpoints"),
    ]
    assert '<a href="../create-pet/" aria-current="page"><i class="post">POST</i>Create pet</a>' in nav
    assert '<a href="../delete-pet/" class="dep" title="deprecated"><i class="delete">DELETE</i>' in nav
    assert "List stores" not in nav
    section_page = sidebar.html("/pet-api/pets")
    assert '<li class="nav-current"><a href="../pets/" aria-current="page">pets</a>' in section_page
    assert "List pets" in section_page


def test_a_sections_fragment_is_rendered_once_and_reused(tmp_path):
    paths = {
        f"/t{i}": {"get": op(operationId=f"op{i}", tags=["big" if i < 120 else "small"])} for i in range(130)
    }
    site = site_of(tmp_path, api(paths))
    sidebar = Sidebar(site)
    renders = []
    original = sidebar._group
    sidebar._group = lambda *args: renders.append(args) or original(*args)
    pages = [sidebar.html(route) for route in site.operations]
    # one render per (folder, section, stretch): 3 stretches of "big", 1 of "small"
    assert len(renders) == 3 + 1
    first = pages[0]
    assert first.count("<li><a") == WINDOW + 1  # one stretch, and the other section's link
    more = re.compile(r'class="nav-more"><a href="([^"]+)">([^<]+)<')
    assert [(link, html.unescape(text)) for link, text in more.findall(first)] == [("../op50/", "70 more…")]
    middle = pages[60]
    assert [html.unescape(text) for _, text in more.findall(middle)] == [
        "50 before…",
        "20 more…",
    ]


def test_the_chrome_of_a_page_is_ascii_so_that_an_ascii_description_makes_ascii_pages(tmp_path):
    # Python joins and encodes an ASCII string as it is, a string with one other character four times slower
    paths = {f"/t{i}": {"get": op(operationId=f"op{i}", tags=["big"])} for i in range(120)}
    doc = api(paths)
    doc["components"] = {
        "securitySchemes": {
            "oauth": {
                "type": "oauth2",
                "flows": {"authorizationCode": {"authorizationUrl": "/a", "tokenUrl": "/t", "scopes": {}}},
            }
        }
    }
    doc["security"] = [{"oauth": []}]
    site = site_of(tmp_path, doc)
    renderer = PageRenderer(site)
    page = renderer.operation("/api/big/op60")
    assert "50 before&hellip;" in page and "authorization <code>/a</code>" in page
    assert page.isascii()
    assert all(text.isascii() for text in (renderer.home(), renderer.not_found()))


def test_renderer_pages_for_landing_and_sections(site):
    renderer = PageRenderer(site)
    assert "Pet guide" in renderer.section("/pet-api/pets")
    assert "Manage <strong>pets</strong>." in renderer.landing("/pet-api")
    assert "Page not found" in renderer.not_found()


def test_a_landing_page_reads_a_servers_description_as_inline_markdown(tmp_path):
    servers = [{"url": "https://a.test", "description": "Run by `orgdocs demo` <img src=x onerror=alert(1)>"}]
    site = site_of(tmp_path, api({"/a": {"get": op()}}, servers=servers))
    page = PageRenderer(site).landing("/api")
    assert '<code>https://a.test</code> <span class="landing-note">Run by <code>orgdocs demo</code>' in page
    assert "onerror" not in page and "`orgdocs demo`" not in page


def test_the_markdown_twin_lists_links_and_callbacks():
    from pathlib import Path

    from orgdocs.project import Site
    from orgdocs.render.site._extras import operation_markdown

    site = Site.from_description(Path(__file__).parent / "data" / "callbacks.yaml")
    twin = operation_markdown(site, "/api/subscriptions/create-subscription")
    links = twin[twin.index("### Links of the 201 response") : twin.index("## Callbacks")]
    assert (
        "- `GetSubscription`: operation `getSubscription` (parameter `id` = `$response.body#/id`). "
        "The new subscription, by its id." in links
    )
    assert 'request body = `{"reason": "$request.body#/reason"}`' in links
    assert "- `CancelSubscription`: operationRef `#/paths/~1subscriptions~1{id}/delete`" in links
    callbacks = twin[twin.index("## Callbacks") : twin.index("## Servers")]
    assert "### onEvent: `POST {$request.body#/callbackUrl}`\n\nEvent delivered\n" in callbacks
    assert "### onRenewal: `PUT {$request.body#/callbackUrl}/renewals`" in callbacks
    assert "| 410 | Gone; the subscription is cancelled. |  |" in callbacks
    assert "Request body:\n\n- `application/json`: object" in callbacks
    plain = operation_markdown(site, "/api/subscriptions/get-subscription")
    assert "Callbacks" not in plain and "Links" not in plain
