"""Navigator: rows from the site's navigation, search as you type, selection as ``.value``."""

from __future__ import annotations

import pytest
import traitlets

from orgdocs.render.widgets.navigator import DEPRECATED_MARK, Navigator, navigation_rows, search_rows


def test_navigation_rows_have_group_and_tag_headings(site):
    rows = navigation_rows(site)
    labels = [label for label, _ in rows]
    assert labels[0] == "\u25c6 API"
    assert labels[1] == "\u25b8 pets"
    assert rows[0][1] is None and rows[1][1] is None
    assert labels[2].split() == ["GET", "List", "pets"]
    assert "\u25b8 store" in labels
    routes = [route for _, route in rows if route]
    assert routes == list(site.operations)


def test_rows_mark_deprecated_operations(site):
    rows = dict((route, label) for label, route in navigation_rows(site) if route)
    assert rows["/api/pets/delete-pet"].endswith(DEPRECATED_MARK)
    assert DEPRECATED_MARK not in rows["/api/pets/get-pet"]


def test_search_rows_follow_site_search_ranking_and_name_the_section(site):
    rows = search_rows(site, "pet")
    assert [route for _, route in rows] == [e["route"] for e in site.search("pet")]
    assert all(label.endswith("\u00b7 pets") or label.endswith("\u00b7 store") for label, _ in rows)
    assert search_rows(site, "nothing-like-this") == []


def test_typing_filters_the_list(site):
    navigator = Navigator(site)
    assert len(navigator.routes) == len(site.operations)
    navigator._search.value = "inventory"
    assert navigator.routes == ["/api/store/get-inventory"]
    assert "1 of 6 operations match" in navigator._status.value
    navigator._search.value = "zzz"
    assert navigator.routes == []
    assert "No operation matches" in navigator._status.value
    navigator._search.value = ""
    assert len(navigator.routes) == 6


def test_typing_does_not_select_anything(site):
    navigator = Navigator(site)
    seen = []
    navigator.observe(lambda change: seen.append(change["new"]), "value")
    for query in ("p", "pe", "pet", "pets", ""):
        navigator.search(query)
    assert seen == [] and navigator.value is None
    assert navigator._list.index is None


def test_selecting_a_row_sets_value_and_fires_observers(site):
    navigator = Navigator(site)
    seen = []
    navigator.observe(lambda change: seen.append(change["new"]), "value")
    navigator.search("get a pet")
    navigator._list.index = 0
    assert navigator.value == "/api/pets/get-pet"
    assert seen == ["/api/pets/get-pet"]
    # the selection survives a new search that still lists it, and clearing the search
    navigator.search("pet")
    assert navigator._list.index == navigator.routes.index("/api/pets/get-pet")
    navigator.search("")
    assert navigator._rows[navigator._list.index][1] == "/api/pets/get-pet"
    assert seen == ["/api/pets/get-pet"]


def test_selecting_a_heading_keeps_the_selection(site):
    navigator = Navigator(site)
    navigator.value = "/api/store/place-order"
    navigator._list.index = 0  # the group heading
    assert navigator.value == "/api/store/place-order"
    assert navigator._rows[navigator._list.index][1] == "/api/store/place-order"


def test_setting_value_selects_the_row_and_rejects_unknown_routes(site):
    navigator = Navigator(site)
    navigator.value = "/api/pets/create-pet"
    assert navigator._rows[navigator._list.index][1] == "/api/pets/create-pet"
    with pytest.raises(traitlets.TraitError):
        navigator.value = "/api/nope"
    navigator.value = None
    assert navigator._list.index is None


def test_navigator_accepts_a_description_or_a_path(description, pets_file):
    assert len(Navigator(description).routes) == 6
    path = pets_file
    assert len(Navigator(str(path)).routes) == 6
    with pytest.raises(TypeError):
        Navigator(42)


def test_long_result_lists_are_cut(site, monkeypatch):
    from orgdocs.render.widgets import navigator as module

    monkeypatch.setattr(module, "MAX_RESULTS", 2)
    navigator = Navigator(site)
    navigator.search("pet")
    assert len(navigator.routes) == 2
    assert navigator.routes == [e["route"] for e in site.search("pet")][:2]
    assert "the first 2 are listed" in navigator._status.value


def test_a_docs_site_lists_its_operations_not_its_pages():
    from orgdocs.site import Site

    site = Site()  # the bundled project: a guide, the Organization API and a changelog
    navigator = Navigator(site)
    assert navigator.routes == list(site.operations)
    assert navigator.labels[0] == "\u25c6 Organization API"
    assert not any("Guides" in label or "Changelog" in label for label in navigator.labels)
