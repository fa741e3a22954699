"""Deep schemas in the browser: a lazy row opening onto a long chain of aliases names it, without error."""

from __future__ import annotations

import json

from site_projects import PATTERN_AND_OPTIONS

from orgdocs.project import Site
from orgdocs.render.site.build import build_site

S = "#/components/schemas/"


def _open_operation(tmp_path, static_server, watched, version: str, schema: dict, schemas: dict):
    """Build a description of one operation whose response is ``schema``, under 7 objects of one property
    each (below the server's depth cut), with ``schemas`` as its components; open the operation's page and
    return what the page reports (``.page``, ``.errors``)."""
    for i in range(7):
        schema = {"type": "object", "properties": {f"level{i}": schema}}
    response = {"description": "ok", "content": {"application/json": {"schema": schema}}}
    document = {
        "openapi": version,
        "info": {"title": "Deep", "version": "1"},
        "paths": {"/deep": {"get": {"operationId": "deep", "responses": {"200": response}}}},
        "components": {"schemas": schemas},
    }
    source = tmp_path / "description.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    site = Site.from_description(source)
    build_site(site, tmp_path / "site", progress=False)
    seen = watched()
    seen.page.goto(static_server(tmp_path / "site") + next(iter(site.operations)).strip("/") + "/")
    return seen


def _open_every_row(page) -> None:
    """Open every closed row of the responses; lazy ones render from the payload when toggled."""
    for _ in range(60):
        closed = page.locator("#responses details.schema-more:not([open])")
        if not closed.count():
            break
        closed.first.evaluate("d => { d.open = true; }")
        page.wait_for_timeout(20)


def test_a_lazy_row_over_a_chain_of_aliases_names_it_past_the_limit(tmp_path, static_server, watched):
    """The server cuts the tree by depth into a lazy row; schema.js renders it when opened, with the same
    rule as the server: past 64 open references a reference is named, not expanded (a chain of 5,000
    would otherwise exhaust the browser's stack)."""
    chain = {f"A{i}": {"$ref": f"{S}A{i + 1}"} for i in range(5000)}
    chain["A5000"] = {"type": "string", "description": "the end of the chain"}
    seen = _open_operation(tmp_path, static_server, watched, "3.1.0", {"$ref": f"{S}A0"}, chain)
    page = seen.page
    assert page.locator("details.schema-lazy").count() == 1
    cut = page.locator(".op-responses .schema-badge", has_text="nested too deep")
    assert cut.count() == 0  # below the server's depth cut: schema.js renders it
    for _ in range(60):  # open the rows one by one; the lazy one renders from the payload when toggled
        if cut.count() and cut.first.is_visible():
            break
        closed = page.locator(".op-responses details:not([open]) > summary:visible")
        if closed.count():
            closed.first.click()
        else:
            page.wait_for_timeout(50)  # the toggle event comes after the click
    assert cut.count() >= 1 and cut.first.is_visible()
    assert page.locator("details.schema-lazy[data-filled]").count() >= 1
    assert seen.errors == []


def test_a_lazy_row_merges_all_of_parts_as_the_server_does(tmp_path, static_server, watched):
    """An object made of ``allOf`` parts (a base by reference, its own properties) reads as one list of
    fields on the server's trees; a row cut by depth and opened in the browser reads the same, not as an
    "All of" list of parts. A part that cannot merge (variants of its own) keeps the "All of" list."""
    schemas = {
        "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
        "Pet": {
            "allOf": [{"$ref": f"{S}Base"}, {"type": "object", "properties": {"name": {"type": "string"}}}]
        },
        "Odd": {"allOf": [{"$ref": f"{S}Base"}, {"oneOf": [{"type": "string"}, {"type": "integer"}]}]},
    }
    both = {"type": "object", "properties": {"pet": {"$ref": f"{S}Pet"}, "odd": {"$ref": f"{S}Odd"}}}
    seen = _open_operation(tmp_path, static_server, watched, "3.0.3", both, schemas)
    page = seen.page
    assert page.locator("details.schema-lazy").count() >= 1
    _open_every_row(page)
    pet = page.locator(
        "li.schema-row", has=page.locator(":scope > .schema-head .schema-name", has_text="pet")
    )
    names = pet.locator(
        ":scope > details > ul.schema-props > li > .schema-head .schema-name"
    ).all_text_contents()
    assert names == ["id", "name"]
    assert pet.get_by_text("All of").count() == 0
    assert pet.locator(".schema-required").count() == 1  # id, required by the base
    odd = page.locator(
        "li.schema-row", has=page.locator(":scope > .schema-head .schema-name", has_text="odd")
    )
    assert odd.get_by_text("All of").count() == 1
    assert seen.errors == []


def test_a_mapped_variant_the_payload_lacks_is_named_not_called_unresolved(tmp_path, static_server, watched):
    """A row opened in the browser lists a discriminator's mapped variants, as the server's trees do. A
    payload does not follow mappings: a variant it lacks is named with "not on this page", not flagged as a
    broken reference; a reference the description cannot resolve still reads "unresolved"."""
    schemas = {
        "Pet": {
            "type": "object",
            "discriminator": {"propertyName": "kind", "mapping": {"cat": f"{S}Cat"}},
            "properties": {"kind": {"type": "string"}, "owner": {"$ref": f"{S}Missing"}},
        },
        "Cat": {"allOf": [{"$ref": f"{S}Pet"}, {"properties": {"purrs": {"type": "boolean"}}}]},
    }
    seen = _open_operation(tmp_path, static_server, watched, "3.0.3", {"$ref": f"{S}Pet"}, schemas)
    page = seen.page
    assert page.locator("details.schema-lazy").count() >= 1
    _open_every_row(page)
    variant = page.locator(
        "li.schema-row", has=page.locator(":scope > .schema-head .schema-variant", has_text="cat")
    )
    assert variant.count() >= 1
    assert variant.first.locator(":scope > .schema-head .schema-badge").all_text_contents() == [
        "not on this page"
    ]
    owner = page.locator(
        "li.schema-row", has=page.locator(":scope > .schema-head .schema-name", has_text="owner")
    )
    assert "unresolved" in owner.first.locator(":scope > .schema-head").inner_text()
    assert seen.errors == []


def test_long_one_word_names_wrap_instead_of_running_off(tmp_path, static_server, watched):
    """Microsoft Graph's names are single words of 40 characters and more (``microsoft.graph.
    pkcs12CertificateInformation``, tag ``identity.customAuthenticationExtension``): a section link in the
    sidebar, a variant's button and a type label wrap within their box, on a desktop and on a phone."""
    long = "microsoft.graph.pkcs12CertificateInformationWithAnEvenLongerName"
    schemas = {
        long: {"type": "object", "properties": {"a": {"type": "string"}}},
        "Other": {"type": "object", "properties": {"b": {"type": "string"}}},
    }
    choice = {"oneOf": [{"$ref": f"{S}{long}"}, {"$ref": f"{S}Other"}]}
    response = {"description": "ok", "content": {"application/json": {"schema": choice}}}
    tags = ["identity.customAuthenticationExtensionWithAVeryLongName", "other"]
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Long", "version": "1"},
        "paths": {
            f"/{tag}": {"get": {"operationId": f"get{i}", "tags": [tag], "responses": {"200": response}}}
            for i, tag in enumerate(tags)
        },
        "components": {"schemas": schemas},
    }
    source = tmp_path / "description.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    site = Site.from_description(source)
    build_site(site, tmp_path / "site", progress=False)
    route = next(r for r in site.operations if r.endswith("get1"))  # the long tag is another section
    fits = "els => els.every(e => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().right <= innerWidth)"
    for width in (390, 1400):
        seen = watched()
        page = seen.page
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(static_server(tmp_path / "site") + route.strip("/") + "/")
        button = page.get_by_role("button", name=long)
        assert button.count() == 1
        assert page.locator(".schema-choice-button, .op-responses .schema-type").evaluate_all(fits)
        if width == 1400:  # on a phone the sidebar is a closed drawer
            assert page.locator(".nav-sections > li > a").evaluate_all(fits)
        assert seen.errors == []


def test_a_lazy_row_shows_a_pattern_and_numbers_options_as_the_server_does(tmp_path, static_server, watched):
    """Rows that schema.js renders from the payload read like the server's: a regex as written (not a JSON
    string with doubled backslashes), and options numbered without a gap where a ``null`` branch is left out."""
    schemas = {"Code": PATTERN_AND_OPTIONS}
    seen = _open_operation(tmp_path, static_server, watched, "3.1.0", {"$ref": f"{S}Code"}, schemas)
    page = seen.page
    assert page.locator("details.schema-lazy").count() >= 1
    _open_every_row(page)
    responses = page.locator("#responses")
    assert responses.get_by_text(r"pattern ^\d{6}$", exact=True).count() == 1
    assert responses.get_by_role("button", name="Option 2").count() == 1
    assert responses.get_by_role("button", name="Option 3").count() == 0
    assert seen.errors == []


# Schemas that scan (issue 32): counts, subtypes, a drop-down for many of them, deep links into lazy rows.

SCAN_SCHEMAS = {
    "Pet": {
        "type": "object",
        "required": ["petType"],
        "discriminator": {"propertyName": "petType"},  # no mapping: the subtypes are those extending it
        "properties": {"petType": {"type": "string"}, "name": {"type": "string"}},
    },
    "Cat": {"allOf": [{"$ref": f"{S}Pet"}, {"properties": {"purrs": {"type": "boolean"}}}]},
    "Dog": {"allOf": [{"$ref": f"{S}Pet"}, {"properties": {"barks": {"type": "boolean"}}}]},
    "Owner": {
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "The owner's name."},
            "address": {"type": "object", "properties": {"street": {"type": "string"}, "city": {}}},
            "pets": {"type": "array", "items": {"$ref": f"{S}Pet"}},
            "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    },
}


def _scan_site(tmp_path, schemas: dict, schema: dict) -> str:
    """Build a description of one GET whose 200 response is ``schema``; return its page's route."""
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Scan", "version": "1"},
        "paths": {
            "/scan": {
                "get": {
                    "operationId": "scan",
                    "responses": {
                        "200": {"description": "ok", "content": {"application/json": {"schema": schema}}}
                    },
                }
            }
        },
        "components": {"schemas": schemas},
    }
    source = tmp_path / "description.json"
    source.write_text(json.dumps(document), encoding="utf-8")
    site = Site.from_description(source)
    build_site(site, tmp_path / "site", progress=False)
    return next(iter(site.operations)).strip("/") + "/"


def _deep(schema: dict, levels: int = 7) -> dict:
    for i in range(levels):
        schema = {"type": "object", "properties": {f"level{i}": schema}}
    return schema


_SUBTREE = """row => {
  const more = row.querySelector(':scope > details.schema-more');
  return {
    summaries: Array.from(more.querySelectorAll('summary')).map(s => s.textContent),
    names: Array.from(more.querySelectorAll('.schema-name, .schema-variant')).map(c => c.textContent),
  };
}"""


def test_rows_opened_in_the_browser_count_and_list_subtypes_as_the_servers_do(
    tmp_path, static_server, watched
):
    """The same schema near the top (drawn by the server) and below the depth cut (drawn by schema.js when
    opened) reads the same: the counts of folded fields ("2 fields, 2 variants"), the rows, and the subtypes
    of a discriminator without a mapping, each with only what it adds to its base."""
    schema = {
        "type": "object",
        "properties": {
            "near": {"$ref": f"{S}Owner"},
            "either": {"oneOf": [{"$ref": f"{S}Cat"}, {"$ref": f"{S}Dog"}]},  # the page carries both
            "far": _deep({"$ref": f"{S}Owner"}),
        },
    }
    route = _scan_site(tmp_path, SCAN_SCHEMAS, schema)
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    assert page.locator("details.schema-lazy").count() >= 1
    _open_every_row(page)
    assert page.locator("details.schema-lazy[data-filled]").count() >= 1

    def row(name: str):
        return page.locator(
            "li.schema-row", has=page.locator(":scope > .schema-head .schema-name", has_text=name)
        ).first

    near = row("near").evaluate(_SUBTREE)
    far = row("level0").evaluate(_SUBTREE)
    assert near["summaries"][:4] == ["4 fields", "2 fields", "2 fields, 2 variants", "1 field"]
    assert near["names"][:6] == ["name", "address", "street", "city", "pets", "petType"]
    assert [n for n in near["names"] if n in ("Cat", "purrs", "Dog", "barks")] == [
        "Cat",
        "purrs",
        "Dog",
        "barks",
    ]
    assert far == near
    assert row("level6").locator(":scope > details > summary").first.inner_text() == "1 field"
    assert seen.errors == []


def test_many_subtypes_are_chosen_from_a_drop_down_named_by_the_discriminator(
    tmp_path, static_server, watched
):
    """Rebilly's gateway account has 230 subtypes: past eight, the choice is a drop-down list labelled by
    the discriminator's property; choosing one shows its fields and hides the others'."""
    schemas = {
        "Gateway": {
            "type": "object",
            "discriminator": {"propertyName": "gatewayName"},
            "properties": {"gatewayName": {"type": "string"}},
        }
    }
    for i in range(12):
        schemas[f"Gateway{i}"] = {
            "allOf": [{"$ref": f"{S}Gateway"}, {"properties": {f"setting{i}": {"type": "string"}}}]
        }
    route = _scan_site(tmp_path, schemas, {"$ref": f"{S}Gateway"})
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    responses = page.locator("#responses")
    menu = responses.get_by_role("combobox", name="One of: choose a variant")
    assert menu.count() == 1 and responses.get_by_role("button", name="Gateway0").count() == 0
    assert responses.get_by_text("gatewayName", exact=True).last.is_visible()
    assert responses.get_by_text("setting0", exact=True).is_visible()
    menu.select_option(label="Gateway7")
    assert responses.get_by_text("setting7", exact=True).is_visible()
    assert not responses.get_by_text("setting0", exact=True).is_visible()
    assert seen.errors == []


def test_without_javascript_every_subtype_is_in_the_page(tmp_path, static_server, browser):
    route = _scan_site(tmp_path, SCAN_SCHEMAS, {"$ref": f"{S}Pet"})
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(static_server(tmp_path / "site") + route)
        responses = page.locator("#responses")
        assert responses.locator(".schema-variant").all_text_contents() == ["Cat", "Dog"]
        assert responses.get_by_text("purrs", exact=True).count() == 1
        assert responses.get_by_text("barks", exact=True).count() == 1
    finally:
        context.close()


def test_a_link_to_a_field_folded_in_a_lazy_row_opens_it(tmp_path, static_server, watched):
    """A field below the server's depth cut has no row until its lazy row is opened: a link to it (the page
    opened at that address) renders the rows down to it, opens them and scrolls to it."""
    route = _scan_site(tmp_path, SCAN_SCHEMAS, _deep({"$ref": f"{S}Owner"}))
    field = "response-200." + ".".join(f"level{i}" for i in reversed(range(7))) + ".address.city"
    seen = watched()
    page = seen.page
    page.set_viewport_size({"width": 1000, "height": 600})
    page.goto(static_server(tmp_path / "site") + route + "#" + field)
    target = page.locator(f'[id="{field}"]')
    target.wait_for()
    assert target.is_visible()
    assert 0 <= target.evaluate("element => element.getBoundingClientRect().top") < 600
    assert seen.errors == []


def test_field_links_are_24_pixels_square_at_least(tmp_path, static_server, watched):
    route = _scan_site(tmp_path, SCAN_SCHEMAS, {"$ref": f"{S}Owner"})
    for width in (390, 1440):
        seen = watched()
        page = seen.page
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(static_server(tmp_path / "site") + route)
        link = page.get_by_role("link", name="Link to field name", exact=True)
        link.focus()  # shown on keyboard focus (and on hover)
        box = link.bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, box
        assert box["x"] + box["width"] <= width
        assert seen.errors == []
