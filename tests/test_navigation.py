"""Navigation: schema sections replaced in place by tag sections, untagged under Endpoints, titles."""

from __future__ import annotations

import json

from site_projects import PROJECT_CONFIG, api, op, site_of, write_project

from orgdocs import Site


def outline(site: Site) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """(group, [(section title, [item titles])]) of the navigation."""
    return [
        (group["group"], [(s["title"], [item["title"] for item in s["items"]]) for s in group["sections"]])
        for group in site.navigation
    ]


def test_the_project_navigation():
    site = Site(PROJECT_CONFIG)
    assert outline(site) == [
        (
            "Pet Store",
            [
                ("Guides", ["Getting started", "Explore the pets"]),
                # the schema section, replaced at its exact position: declared tags, then first use
                ("Pets", ["List all pets", "Create pet", "Info for a specific pet", "Search pets"]),
                ("Store Admin", ["Get inventory"]),
                ("Orders", ["List orders"]),
                ("Endpoints", ["List API keys of an organization", "DELETE /{id}"]),
                ("More", ["Notes on showPetById", "Frequently asked questions"]),
            ],
        ),
        ("Admin API", [("Users", ["List users", "Create user"])]),
        ("Changelog", [("Changelog", ["Changelog", "Cursor pagination", "Webhooks", "First release"])]),
    ]


def test_navigation_items_carry_route_kind_and_method():
    site = Site(PROJECT_CONFIG)
    store = site.navigation[0]
    assert {k: store[k] for k in ("group", "slug", "kind")} == {
        "group": "Pet Store",
        "slug": "pet-store",
        "kind": "docs",
    }
    guides, pets = store["sections"][:2]
    assert guides["kind"] == "pages"
    assert guides["items"][1] == {
        "title": "Explore the pets",
        "route": "/pet-store/guides/explore",
        "kind": "notebook",
    }
    assert pets["kind"] == "tag"
    assert pets["items"][1] == {
        "title": "Create pet",
        "route": "/pet-store/pets/create-pet",
        "kind": "operation",
        "method": "POST",
        "deprecated": False,
    }
    assert site.navigation[2]["kind"] == "changelog"
    json.dumps(site.navigation)  # JSON-ready


def test_an_operation_is_listed_once_under_its_first_tag(tmp_path):
    paths = {
        "/a": {"get": op(tags=["Second", "First"], operationId="a")},
        "/b": {"get": op(tags=["First"], operationId="b")},
    }
    site = site_of(tmp_path, api(paths, tags=[{"name": "First"}, {"name": "Second"}]))
    assert outline(site) == [("API", [("First", ["B"]), ("Second", ["A"])])]
    assert site.operations["/api/second/a"].section == "Second"


def test_tag_order_is_the_tags_list_then_first_use_and_unused_tags_have_no_section(tmp_path):
    paths = {
        "/1": {"get": op(tags=["Zebra"], operationId="z1")},
        "/2": {"get": op(tags=["Apple"], operationId="a1")},
        "/3": {"get": op(tags=["Mango"], operationId="m1")},
        "/4": {"get": op(tags=["Zebra"], operationId="z2")},
    }
    tags = [{"name": "Mango"}, {"name": "Kiwi"}, {"name": "Zebra", "description": "Stripes"}]
    site = site_of(tmp_path, api(paths, tags=tags))
    assert [s["title"] for s in site.navigation[0]["sections"]] == ["Mango", "Zebra", "Apple"]
    assert outline(site)[0][1][1] == ("Zebra", ["Z1", "Z2"])


def test_untagged_operations_go_to_endpoints_after_the_tag_sections(tmp_path):
    paths = {
        "/health": {"get": op(operationId="health")},
        "/pets": {"get": op(tags=["Pets"], operationId="listPets")},
        "/{id}": {"delete": op()},
    }
    site = site_of(tmp_path, api(paths))
    assert outline(site) == [("API", [("Pets", ["List pets"]), ("Endpoints", ["Health", "DELETE /{id}"])])]
    assert [e.section for e in site.operations.values()] == ["Pets", "Endpoints", "Endpoints"]


def test_a_description_without_tags_has_only_endpoints(tmp_path):
    site = site_of(tmp_path, api({"/a": {"get": op()}, "/b": {"post": op()}}))
    assert outline(site) == [("API", [("Endpoints", ["GET /a", "POST /b"])])]


def test_schema_sections_are_replaced_at_their_exact_positions(tmp_path):
    one = api({"/one": {"get": op(tags=["One"], operationId="one")}})
    two = api(
        {
            "/two": {
                "get": op(tags=["Two A"], operationId="twoA"),
                "post": op(tags=["Two B"], operationId="twoB"),
            }
        }
    )
    files = {f"content/{name}.md": f"# {name.title()}\n" for name in ("intro", "middle", "outro")}
    groups = [
        {
            "group": "API",
            "sections": [
                {"section": "Start", "pages": ["intro.md"]},
                {"schema": "two.json"},
                {"section": "Between", "pages": ["middle.md"]},
                {"schema": "one.json"},
                {"section": "End", "pages": ["outro.md"]},
            ],
        }
    ]
    site = Site(write_project(tmp_path, {"one.json": one, "two.json": two}, files=files, groups=groups))
    assert outline(site) == [
        (
            "API",
            [
                ("Start", ["Intro"]),
                ("Two A", ["Two a"]),
                ("Two B", ["Two b"]),
                ("Between", ["Middle"]),
                ("One", ["One"]),
                ("End", ["Outro"]),
            ],
        )
    ]
    # operations and the index follow the navigation
    assert [e["title"] for e in site.index["endpoints"]] == ["Two a", "Two b", "One"]


def test_two_page_sections_with_one_name_keep_their_own_pages(tmp_path):
    files = {"content/a.md": "# A\n", "content/b.md": "# B\n"}
    groups = [
        {
            "group": "API",
            "sections": [{"section": "Guides", "pages": ["a.md"]}, {"section": "Guides", "pages": ["b.md"]}],
        }
    ]
    site = Site(write_project(tmp_path, files=files, groups=groups))
    assert outline(site) == [("API", [("Guides", ["A"]), ("Guides", ["B"])])]


def test_titles_summary_then_readable_operation_id_then_method_and_path(tmp_path):
    paths = {
        "/a": {
            "get": op(summary="  Fetch   the a  ", operationId="getA"),
            "post": op(operationId="createAPIKeyForUser"),
            "put": op(),
            "patch": op(summary="", operationId="__"),
        }
    }
    site = site_of(tmp_path, api(paths))
    titles = ["Fetch the a", "Create api key for user", "PUT /a", "PATCH /a"]  # in document order
    assert [item["title"] for item in site.navigation[0]["sections"][0]["items"]] == titles
    assert [entry.title for entry in site.operations.values()] == titles


def test_deprecated_operations_are_marked(tmp_path):
    site = site_of(tmp_path, api({"/old": {"get": op(deprecated=True)}}))
    assert site.navigation[0]["sections"][0]["items"][0]["deprecated"] is True


def test_the_changelog_group_lists_updates_newest_first():
    site = Site(PROJECT_CONFIG)
    changelog = site.navigation[2]
    routes = [item["route"] for item in changelog["sections"][0]["items"]]
    assert routes == [
        "/changelog",
        "/changelog/2026-03-02-pagination",
        "/changelog/2026-02-10-webhooks",
        "/changelog/2026-01-15-first-release",
    ]
    listing = site.pages["/changelog"]
    assert listing.page is None and listing.title == "Changelog"
    assert [u.title for u in listing.updates] == ["Cursor pagination", "Webhooks", "First release"]


def test_webhooks_without_tags_get_their_own_section_after_endpoints(tmp_path):
    description = {
        "openapi": "3.1.0",
        "info": {"title": "W", "version": "1"},
        "paths": {"/a": {"get": op()}, "/b": {"get": op(tags=["B"])}},
        "webhooks": {
            "petAdded": {"post": op(summary="A pet was added")},
            "tagged": {"post": op(tags=["Hooks"])},
        },
    }
    site = site_of(tmp_path, description)
    assert outline(site) == [
        (
            "API",
            [
                ("B", ["GET /b"]),
                ("Hooks", ["POST tagged"]),
                ("Endpoints", ["GET /a"]),
                ("Webhooks", ["A pet was added"]),
            ],
        )
    ]


def test_section_order_is_kept_across_groups(tmp_path):
    description = api({"/x": {"get": op(tags=["X"])}})
    groups = [
        {"group": "Zeta", "sections": [{"schema": "a.json"}]},
        {"group": "Alpha", "sections": [{"schema": "a.json"}]},
    ]
    site = Site(write_project(tmp_path, {"a.json": description}, groups=groups))
    assert [g["group"] for g in site.navigation] == ["Zeta", "Alpha"]
    assert list(site.operations) == ["/zeta/x/get-x", "/alpha/x/get-x"]


# -- the sidebar of every page (orgdocs.render.site._navigation) -------------------------------------------


def sidebar_outline(html_text: str) -> list[str]:
    """The sidebar as lines: ``GROUP``, ``# section title``, ``> tag`` (``>>`` open), ``  item``,
    ``-- label``, ``*`` after the current page's line."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html_text, "html.parser")
    lines = []
    for group in soup.select(".nav-group"):
        lines.append(group.select_one(".nav-group-title").get_text().upper())
        if group.select_one(".nav-group-title a[aria-current]"):
            lines[-1] += " *"
        for li in group.select_one(".nav-sections").find_all("li", recursive=False):
            if "nav-label" in (li.get("class") or []):
                lines.append(f"-- {li.get_text()}")
                continue
            title = li.find("p", class_="nav-section-title", recursive=False)
            heading = li.find("a", recursive=False)
            items = li.find("ul", class_="nav-items", recursive=False)
            if title:
                lines.append(f"# {title.get_text()}")
            if heading:
                lines.append(
                    f"{'>>' if items else '>'} {heading.get_text()}{' *' if heading.get('aria-current') else ''}"
                )
            for item in items.find_all("a") if items else ():
                badge = item.find("i")
                text = (
                    f"{badge.get_text()} {item.get_text()[len(badge.get_text()) :]}"
                    if badge
                    else item.get_text()
                )
                lines.append(f"  {text}{' *' if item.get('aria-current') else ''}")
    return lines


BUNDLED_SIDEBAR = [
    "ORGANIZATION API",
    "# Guides",
    "  Quickstart",
    "-- API reference",
    ">> API keys",
    "  GET List API keys",
    "  POST Revoke an API key",
    ">> Webhooks",
    "  PATCH Update a webhook subscription",
    "> Schemas",
    "CHANGELOG",
    "  Webhook subscriptions can be paused",
    "  Idempotent key revocation",
]


def test_a_group_of_few_operations_lists_every_operation_on_every_page():
    """The README's demo: 'choose List API keys in the sidebar' of the home page, with nothing to open first;
    tags are headings under an "API reference" label, apart from the guides; the changelog one heading."""
    from orgdocs.project._bundled import BUNDLED_CONFIG
    from orgdocs.render.site._navigation import Sidebar

    site = Site(BUNDLED_CONFIG)
    sidebar = Sidebar(site)
    assert sidebar_outline(sidebar.html("")) == BUNDLED_SIDEBAR  # the home page
    for route in ["/organization-api", *site.pages, *site.sections, *site.operations]:
        lines = sidebar_outline(sidebar.html(route))
        assert [line.removesuffix(" *") for line in lines] == BUNDLED_SIDEBAR, route
        assert sum(line.endswith(" *") for line in lines) == 1, route
    assert sidebar_outline(sidebar.html("/organization-api/api-keys/revoke-api-key"))[6] == (
        "  POST Revoke an API key *"
    )
    assert sidebar_outline(sidebar.html("/organization-api/webhooks"))[7] == ">> Webhooks *"
    assert sidebar_outline(sidebar.html("/changelog"))[10] == "CHANGELOG *"  # the list page: the heading
    assert sidebar.html("/changelog").count(">Changelog<") == 1


def _tags(count: int, per_tag: int) -> dict:
    return {
        f"/t{t}/{i}": {"get": op(operationId=f"op{t}x{i}", summary=f"Op {t}.{i}", tags=[f"tag{t}"])}
        for t in range(count)
        for i in range(per_tag)
    }


def test_a_larger_group_opens_only_the_current_tag(tmp_path):
    from orgdocs.render.site._navigation import FEW, Sidebar

    groups = [
        {"group": "API", "sections": [{"section": "Guides", "pages": ["intro.md"]}, {"schema": "a.json"}]},
        {"group": "Small", "sections": [{"schema": "b.json"}]},
    ]
    files = {"content/intro.md": "# Intro\n"}
    many, few = api(_tags(3, FEW // 3 + 1)), api(_tags(2, FEW // 2))
    site = Site(write_project(tmp_path, {"a.json": many, "b.json": few}, groups=groups, files=files))
    sidebar = Sidebar(site)
    lines = sidebar_outline(sidebar.html("/api/tag1/op1x0"))
    big, small = lines[: lines.index("SMALL")], lines[lines.index("SMALL") :]
    assert big[:6] == ["API", "# Guides", "  Intro", "-- API reference", "> tag0", ">> tag1"]
    assert big[6] == "  GET Op 1.0 *" and big[-1] == "> tag2"
    assert len(big) == 6 + FEW // 3 + 1 + 1
    # a group of exactly FEW operations, the other group's page current: every operation listed
    assert small[:2] == ["SMALL", ">> tag0"] and len(small) == 1 + 2 + FEW
    assert "-- API reference" not in small  # no hand-written pages to tell the tags from
    home = sidebar_outline(sidebar.html(""))
    assert home[: home.index("SMALL")] == [
        "API",
        "# Guides",
        "  Intro",
        "-- API reference",
        "> tag0",
        "> tag1",
        "> tag2",
    ]


def test_a_tags_x_display_name_is_its_title_and_its_name_keeps_the_routes(tmp_path):
    description = api(
        {
            "/tokens": {"get": op(summary="List access tokens", tags=["accessToken"])},
            "/certs": {"get": op(summary="List certificates", tags=["sniCertificate"])},
            "/plain": {"get": op(summary="Plain", tags=["plain"])},
        },
        tags=[
            {"name": "accessToken", "x-displayName": "Access  tokens", "description": "Tokens."},
            {"name": "sniCertificate", "x-displayName": "SNI certificates"},
            {"name": "plain", "x-displayName": ""},  # empty: the name
        ],
    )
    site = site_of(tmp_path, description)
    assert outline(site) == [
        (
            "API",
            [
                ("Access tokens", ["List access tokens"]),
                ("SNI certificates", ["List certificates"]),
                ("plain", ["Plain"]),
            ],
        )
    ]
    # routes are the names': a display name may change without breaking a link
    assert list(site.sections) == ["/api/access-token", "/api/sni-certificate", "/api/plain"]
    assert list(site.operations) == [
        "/api/access-token/get-tokens",
        "/api/sni-certificate/get-certs",
        "/api/plain/get-plain",
    ]
    assert site.sections["/api/access-token"].title == "Access tokens"
    assert site.sections["/api/access-token"].description == "Tokens."
    assert [entry.section for entry in site.operations.values()] == [
        "Access tokens",
        "SNI certificates",
        "plain",
    ]
    # search matches the display name as it matches the name
    assert [entry["tags"] for entry in site.index["endpoints"]] == [
        ["accessToken", "Access tokens"],
        ["sniCertificate", "SNI certificates"],
        ["plain"],
    ]
    assert site.search("sni")[0]["title"] == "List certificates"
    from orgdocs.render.site._navigation import Sidebar

    lines = sidebar_outline(Sidebar(site).html(""))
    assert lines == [
        "API",
        ">> Access tokens",
        "  GET List access tokens",
        ">> SNI certificates",
        "  GET List certificates",
        ">> plain",
        "  GET Plain",
    ]


def test_without_x_display_name_the_index_tags_are_the_names(tmp_path):
    site = site_of(
        tmp_path, api({"/a": {"get": op(tags=["b", "a"])}}, tags=[{"name": "a", "description": "A"}])
    )
    assert site.index["endpoints"][0]["tags"] == ["b", "a"]
    assert [s["title"] for s in site.navigation[0]["sections"]] == ["b"]
