"""Navigator: the site's navigation and search, ``value`` and ``query`` synced, the index sent by message."""

from __future__ import annotations

import copy
import re

import pytest
import traitlets

from orgdocs.model import from_document
from orgdocs.project import Site
from orgdocs.render.widgets._navigator import Navigator, navigation_routes


def answers(widget, message: dict) -> list[dict]:
    """What the kernel side answers to a custom message from the front-end."""
    sent = []
    widget.send = lambda content, buffers=None: sent.append(content)
    widget._on_message(widget, message, [])
    return sent


def test_lists_every_operation_in_navigation_order(site):
    navigator = Navigator(site)
    assert navigator.routes == navigation_routes(site) == list(site.operations)
    assert navigator._kind == "navigator" and navigator._title == "Pet shop"


def test_search_follows_site_search_ranking(site):
    navigator = Navigator(site)
    navigator.search("pet")
    assert navigator.query == "pet"
    assert navigator.routes == [e["route"] for e in site.search("pet")]
    navigator.search("inventory")
    assert navigator.routes == ["/api/store/get-inventory"]
    navigator.search("zzz")
    assert navigator.routes == []
    navigator.search("")
    assert len(navigator.routes) == 6


def test_typing_does_not_select_anything(site):
    navigator = Navigator(site)
    seen = []
    navigator.observe(lambda change: seen.append(change["new"]), "value")
    for query in ("p", "pe", "pet", ""):
        navigator.search(query)
    assert seen == [] and navigator.value is None


def test_a_selection_from_the_front_end_sets_value(site):
    navigator = Navigator(site)
    seen = []
    navigator.observe(lambda change: seen.append(change["new"]), "value")
    navigator.set_state({"value": "/api/pets/get-pet", "query": "get a pet"})
    assert navigator.value == "/api/pets/get-pet" and navigator.query == "get a pet"
    assert seen == ["/api/pets/get-pet"]


def test_value_is_a_route_of_the_site(site):
    navigator = Navigator(site)
    navigator.value = "api/pets/create-pet"
    assert navigator.value == "/api/pets/create-pet"
    with pytest.raises(traitlets.TraitError):
        navigator.value = "/api/nope"
    navigator.value = None
    assert navigator.value is None


def test_the_index_is_sent_by_message_not_synced(site):
    navigator = Navigator(site)
    (answer,) = answers(navigator, {"type": "index", "id": "q1"})
    assert answer["id"] == "q1" and answer["type"] == "index"
    entries = answer["index"]["endpoints"]
    assert [e["route"] for e in entries] == [e["route"] for e in site.index["endpoints"]]
    assert set(entries[0]) == {
        "route",
        "section",
        "title",
        "method",
        "path",
        "operationId",
        "tags",
        "params",
        "deprecated",
    }
    assert answer["index"]["navigation"] == site.index["navigation"]
    state = navigator.get_state()
    assert "listPets" not in str({k: v for k, v in state.items() if k != "_esm"})


def test_unknown_messages_and_routes_are_answered_with_an_error(site):
    navigator = Navigator(site)
    (answer,) = answers(navigator, {"type": "tree", "route": "/nope", "ref": "#/x", "id": 7})
    assert answer["id"] == 7 and "no operation" in answer["error"]
    (answer,) = answers(navigator, {"type": "dance", "id": 8})
    assert "unknown message" in answer["error"]
    assert answers(navigator, {"no": "id"}) == []
    route = "/api/pets/create-pet"
    (answer,) = answers(navigator, {"type": "tree", "route": route, "ref": "#/paths/x", "id": 9})
    assert "no component schema" in answer["error"]  # only a component's tree is asked for


def test_a_folded_component_is_rendered_by_the_kernel_when_asked(pets_document):
    """A notebook view folds a component below a tree's root as a site's page does, without a link (it has no
    schema pages); opened, it asks the kernel for the component's tree, the one its page would show."""
    document = copy.deepcopy(pets_document)
    schemas = document["components"]["schemas"]
    schemas["Owner"] = {"type": "object", "properties": {"name": {"type": "string"}}}
    schemas["Pet"]["properties"]["owner"] = {"$ref": "#/components/schemas/Owner"}
    navigator = Navigator(Site.from_description(from_document(document, source="pets.yaml")))
    page = navigator.page_html("/api/pets/create-pet")
    folded = re.findall(r'<details class="schema-more schema-lazy" data-ref="([^"]+)">', page)
    assert folded and 'data-page="' not in page and '<a class="schema-ref"' not in page
    (answer,) = answers(
        navigator, {"type": "tree", "route": "/api/pets/create-pet", "ref": folded[0], "id": 3}
    )
    tree = answer["html"]
    assert tree.startswith('<div class="schema-tree"') and '<ul class="schema-props">' in tree
    assert f'data-schema-ref="{folded[0]}"' in tree


def test_navigator_accepts_a_description_or_a_path(description, pets_file):
    assert len(Navigator(description).routes) == 6
    assert len(Navigator(str(pets_file)).routes) == 6
    with pytest.raises(TypeError):
        Navigator(42)


def test_a_docs_site_lists_its_operations_not_its_pages():
    from orgdocs.project import Site

    site = Site()  # the bundled project: a guide, the Organization API and a changelog
    assert Navigator(site).routes == list(site.operations)


def test_the_front_end_is_the_sites_own():
    from orgdocs.render.widgets import _frontend as frontend

    for name in ("search.js", "request.js", "schema.js"):  # bundled, each under its path
        assert f"\n// orgdocs/render/site/assets/{name}\n" in frontend.ESM
    assert "export {\n  widget_default as default\n};" in frontend.ESM
    # the site's colours, moved from :root to the shadow host
    assert ":root" not in frontend.STYLE and ':host([data-theme="dark"])' in frontend.STYLE
    assert "--bg:" in frontend.STYLE


def test_shadow_css_moves_document_rules_to_the_host():
    from orgdocs.render.widgets._frontend import shadow_css

    css = ':root { --a: 1; }\n:root[data-theme="dark"] { color-scheme: dark; }\nhtml { font-size: 16px; }\nbody { margin: 0; }\n.body { x: 1; }'
    assert shadow_css(css) == (
        ':host { --a: 1; }\n:host([data-theme="dark"]) { color-scheme: dark; }\n:host { font-size: 16px; }\n'
        ":host { margin: 0; }\n.body { x: 1; }"
    )


def test_the_view_ranks_with_the_sites_whole_search_file(site):
    from orgdocs.render.widgets._site_widget import widget_index

    # the reader's words, body fields and descriptions the site's search reads: the view's search.js gets them
    # too, so that a view ranks and counts as Site.search does
    assert widget_index(site)["search"] == site.search_file
