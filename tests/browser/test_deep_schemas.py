"""Schema trees in the browser: every row is rendered on the server; a component folded below a tree's root
opens with the fields of its own page's tree (fetched, once per page), shown as the tree's direction keeps
them; a link to a field inside folded components opens them on its way; a choice of variants shows one."""

from __future__ import annotations

import json
import re
import shutil

from orgdocs.project import Site
from orgdocs.render.site._build import build_site

from .script_page import load_modules

S = "#/components/schemas/"


def _row(scope, name: str):
    """The first row of the field ``name`` in ``scope`` (a page or a part of it)."""
    page = scope if hasattr(scope, "goto") else scope.page
    head = page.locator(":scope > .schema-head > .schema-name").filter(has_text=re.compile(f"^{name}$"))
    return scope.locator("li.schema-row").filter(has=head).first


def _open(row) -> None:
    """Open a row's folded fields as a reader does: a click on its count."""
    row.locator(":scope > details.schema-more > summary").click()


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


# Schemas that scan (issue 32): counts, subtypes, a drop-down for many of them, deep links into folded rows.

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


def _site(tmp_path, schemas: dict, response: dict, body: dict | None = None) -> str:
    """Build a description of one POST whose 200 response is ``response`` (and request body ``body``);
    return its page's route."""
    operation: dict = {
        "operationId": "scan",
        "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": response}}}},
    }
    if body is not None:
        operation["requestBody"] = {"content": {"application/json": {"schema": body}}}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Scan", "version": "1"},
        "paths": {"/scan": {"post": operation}},
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


def test_a_folded_component_opens_with_the_fields_of_its_page(tmp_path, static_server, watched):
    """Owner, below the response's root, is folded under its count; opened, its fields are its page's tree:
    the inline address drawn, the pets' schema folded in its turn and opening the same way, a choice of
    subtypes among them. The same component opened twice on a page gets ids of its own each time."""
    schema = {
        "type": "object",
        "properties": {"near": {"$ref": f"{S}Owner"}, "far": _deep({"$ref": f"{S}Owner"}, 2)},
    }
    route = _site(tmp_path, SCAN_SCHEMAS, schema)
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    near = _row(page, "near")
    assert near.locator(":scope > details.schema-lazy > summary").inner_text() == "4 fields"
    assert not page.get_by_text("The owner's name.").count()  # on Owner's page, not here
    _open(near)
    near.get_by_text("The owner's name.").wait_for()
    assert near.locator("details .schema-name").all_text_contents()[:5] == [
        "name",
        "address",
        "street",
        "city",
        "pets",
    ]
    pets = _row(near, "pets")
    _open(pets)
    choice = pets.get_by_role("group", name="One of: choose a variant")
    choice.wait_for()
    pets.get_by_text("purrs", exact=True).wait_for()  # the first subtype, chosen and opened
    choice.get_by_role("button", name="Dog").click()
    pets.get_by_text("barks", exact=True).wait_for()
    assert not pets.get_by_text("purrs", exact=True).is_visible()
    for name in ("far", "level1", "level0"):  # inline objects, then Owner again
        _open(_row(page, name))
    _row(page, "level0").get_by_text("The owner's name.").wait_for()
    ids = page.evaluate("Array.from(document.querySelectorAll('[id]')).map(e => e.id)")
    assert len(ids) == len(set(ids))
    assert seen.errors == []


def test_a_subtype_under_its_base_shows_only_what_it_adds(tmp_path, static_server, watched):
    """Cat and Dog extend Pet (allOf), whose discriminator has no mapping: under Pet, each is folded and
    opens with its page's fields but for Pet's, shown above it; on its own page, all of them."""
    route = _site(tmp_path, SCAN_SCHEMAS, {"$ref": f"{S}Pet"})
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    responses = page.locator("#responses")
    responses.get_by_text("purrs", exact=True).wait_for()  # the first subtype: chosen, opened, fetched
    cat = responses.locator(
        "li.schema-row", has=page.locator(":scope > .schema-head .schema-variant", has_text="Cat")
    )
    assert cat.locator("details .schema-name").all_text_contents() == ["purrs"]
    assert cat.locator(":scope > details > summary").inner_text() == "1 field"
    page.goto(static_server(tmp_path / "site") + "api/schemas/cat/")
    assert page.locator("#schema .schema-name").all_text_contents() == ["petType", "name", "purrs"]
    assert seen.errors == []


def test_a_request_shows_what_it_sends_and_a_response_what_it_answers(
    tmp_path, static_server, watched, browser
):
    """A component's page shows every field; opened in a request body's tree, its read-only fields are not
    shown, in a response's its write-only ones, and each says its own count; without JavaScript too, for
    the fields drawn in the page."""
    schemas = {
        "Account": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "readOnly": True},
                "password": {"type": "string", "writeOnly": True},
                "name": {"type": "string"},
            },
        },
        "Box": {"type": "object", "properties": {"account": {"$ref": f"{S}Account"}}},
    }
    route = _site(tmp_path, schemas, {"$ref": f"{S}Box"}, {"$ref": f"{S}Box"})
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    for section, shown, hidden in (("#request-body", "password", "id"), ("#responses", "id", "password")):
        account = _row(page.locator(section), "account")
        assert account.locator(":scope > details > summary").inner_text() == "2 fields"
        _open(account)
        account.get_by_text(shown, exact=True).wait_for()
        assert account.get_by_text("name", exact=True).is_visible()
        assert not account.get_by_text(hidden, exact=True).is_visible()
    assert seen.errors == []
    # a tree drawn in the page leaves out the same fields without JavaScript
    (tmp_path / "plain").mkdir()
    route = _site(tmp_path / "plain", schemas, {"$ref": f"{S}Account"}, {"$ref": f"{S}Account"})
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(static_server(tmp_path / "plain" / "site") + route)
        request, response = page.locator("#request-body"), page.locator("#responses")
        assert request.get_by_text("password", exact=True).is_visible()
        assert not request.get_by_text("id", exact=True).is_visible()
        assert response.get_by_text("id", exact=True).is_visible()
        assert not response.get_by_text("password", exact=True).is_visible()
    finally:
        context.close()


def test_a_component_whose_page_cannot_be_fetched_says_where_its_fields_are(tmp_path, static_server, watched):
    route = _site(tmp_path, SCAN_SCHEMAS, {"type": "object", "properties": {"near": {"$ref": f"{S}Owner"}}})
    shutil.rmtree(tmp_path / "site" / "api" / "schemas" / "owner")
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    _open(_row(page, "near"))
    page.get_by_text("Its fields could not be loaded: follow its name to its page.").wait_for()
    assert all("404" in error for error in seen.errors)  # the failed fetch, and no script error


def test_a_component_a_silent_kernel_cannot_render_says_to_run_the_cell(tmp_path, static_server, watched):
    """In a notebook view a folded row has no page (no data-page) and its tree comes from the kernel
    (schemaTrees's componentTree); with no kernel answering, the row says so, not to follow a link."""
    route = _site(tmp_path, SCAN_SCHEMAS, {"type": "object", "properties": {"near": {"$ref": f"{S}Owner"}}})
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    reference = page.locator("main").inner_html()
    load_modules(page, "schema.js")
    page.evaluate(
        """(html) => {
            document.body.innerHTML = html;
            // as a view has it: no page to fetch, the kernel's tree instead
            document.querySelectorAll("details.schema-lazy").forEach((d) => d.removeAttribute("data-page"));
            const silent = () => Promise.reject(new Error("no kernel"));
            window.orgdocs.schemaTrees(document.body, { componentTree: silent });
        }""",
        reference,
    )
    _open(_row(page, "near"))
    page.get_by_text("the notebook's kernel does not answer. Run the view's cell again.").wait_for()
    assert not page.get_by_text("follow its name to its page").count()
    assert seen.errors == []


def test_many_subtypes_are_chosen_from_a_drop_down_named_by_the_discriminator(
    tmp_path, static_server, watched
):
    """Rebilly's gateway account has 230 subtypes: past eight, the choice is a drop-down list labelled by
    the discriminator's property; choosing one shows its fields (fetched from its page: each subtype is a
    component) and hides the others'."""
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
    route = _site(tmp_path, schemas, {"$ref": f"{S}Gateway"})
    seen = watched()
    page = seen.page
    page.goto(static_server(tmp_path / "site") + route)
    responses = page.locator("#responses")
    menu = responses.get_by_role("combobox", name="One of: choose a variant")
    assert menu.count() == 1 and responses.get_by_role("button", name="Gateway0").count() == 0
    assert responses.get_by_text("gatewayName", exact=True).last.is_visible()
    assert responses.get_by_text("setting0", exact=True).is_visible()
    menu.select_option(label="Gateway7")
    responses.get_by_text("setting7", exact=True).wait_for()  # fetched from its page
    assert not responses.get_by_text("setting0", exact=True).is_visible()
    assert seen.errors == []


def test_without_javascript_every_subtype_is_named_and_links_to_its_page(tmp_path, static_server, browser):
    route = _site(tmp_path, SCAN_SCHEMAS, {"$ref": f"{S}Pet"})
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(static_server(tmp_path / "site") + route)
        responses = page.locator("#responses")
        assert responses.locator(".schema-variant").all_text_contents() == ["Cat", "Dog"]
        for name in ("Cat", "Dog"):
            link = responses.get_by_role("link", name=name, exact=True)
            assert link.get_attribute("href") == f"../../schemas/{name.lower()}/"
        assert (
            responses.get_by_text("Its fields are shown with JavaScript on, and on its own page").count() == 2
        )
    finally:
        context.close()


def test_a_link_to_a_field_inside_folded_components_opens_them(tmp_path, static_server, watched):
    """A field inside two folded components (Owner, then Pet among its pets) has no row until they are
    opened: a link to it (the page opened at that address) fetches them in turn, opens the rows down to it
    and scrolls to it."""
    route = _site(tmp_path, SCAN_SCHEMAS, _deep({"$ref": f"{S}Owner"}))
    field = "response-200." + ".".join(f"level{i}" for i in reversed(range(7))) + ".pets.petType"
    seen = watched()
    page = seen.page
    page.set_viewport_size({"width": 1000, "height": 600})
    page.goto(static_server(tmp_path / "site") + route + "#" + field)
    target = page.locator(f'[id="{field}"]')
    target.wait_for()
    page.wait_for_function(
        "id => { const r = document.getElementById(id).getBoundingClientRect(); return r.top >= 0 && r.top < 600; }",
        arg=field,
    )
    assert target.is_visible()
    assert seen.errors == []


def test_field_links_are_24_pixels_square_at_least(tmp_path, static_server, watched):
    route = _site(tmp_path, SCAN_SCHEMAS, {"$ref": f"{S}Owner"})
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
