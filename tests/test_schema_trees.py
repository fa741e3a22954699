"""Schema trees that scan (issue 32): folded fields say their count, a discriminator without a mapping offers
the components that extend its base, and a tree does not repeat the description said above it."""

from __future__ import annotations

import re

from orgdocs.project._schemas import fields_label, implicit_subtypes
from orgdocs.render.site.schema_tree import TreeContext, schema_tree_html

S = "#/components/schemas/"
SCHEMAS = {
    "Pet": {
        "type": "object",
        "required": ["petType"],
        "discriminator": {"propertyName": "petType"},
        "properties": {"petType": {"type": "string"}, "name": {"type": "string", "description": "Its name."}},
    },
    "Cat": {
        "description": "A cat.",
        "allOf": [{"$ref": f"{S}Pet"}, {"type": "object", "properties": {"purrs": {"type": "boolean"}}}],
    },
    "Dog": {
        "allOf": [
            {"$ref": f"{S}Pet"},
            {"type": "object", "properties": {"barks": {"type": "boolean"}, "pack": {"type": "integer"}}},
        ]
    },
    "Owner": {
        "type": "object",
        "description": "Who keeps pets.",
        "properties": {
            "name": {"type": "string"},
            "address": {
                "type": "object",
                "properties": {"street": {"type": "string"}, "city": {"type": "string"}, "zip": {}},
            },
            "pets": {"type": "array", "items": {"$ref": f"{S}Pet"}},
            "tags": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    },
}


def resolve(ref: str):
    if ref == S.rstrip("/"):
        return SCHEMAS
    if not ref.startswith(S) or ref[len(S) :] not in SCHEMAS:
        raise KeyError(ref)
    return SCHEMAS[ref[len(S) :]]


def _rows(html: str) -> list[str]:
    """The names of the rows, in order (fields and variants)."""
    return re.findall(r'<code class="schema-(?:name|variant)">([^<]*)</code>', html)


def test_implicit_subtypes_are_the_components_whose_all_of_names_the_base():
    assert implicit_subtypes(SCHEMAS) == {f"{S}Pet": [("Cat", f"{S}Cat"), ("Dog", f"{S}Dog")]}
    assert implicit_subtypes({"A~b/c": {"allOf": [{"$ref": f"{S}B"}]}}) == {
        f"{S}B": [("A~b/c", f"{S}A~0b~1c")]
    }
    assert implicit_subtypes({"Self": {"allOf": [{"$ref": f"{S}Self"}]}, "X": "not a schema"}) == {}
    assert implicit_subtypes(None) == {}


def test_fields_label_counts_fields_and_variants():
    assert fields_label(1, 0) == "1 field"
    assert fields_label(12, 0) == "12 fields"
    assert fields_label(0, 3) == "3 variants"
    assert fields_label(1, 2) == "1 field, 2 variants"
    assert fields_label(0, 0) == "Fields"


def test_a_discriminator_without_a_mapping_offers_the_subtypes_that_extend_its_base():
    html = schema_tree_html({"$ref": f"{S}Pet"}, resolve)
    box = html[html.index('<div class="schema-variants"') :]
    assert box.startswith('<div class="schema-variants" data-choice data-discriminator="petType">')
    # every subtype is in the page (readable without JavaScript), named by its component, with only what it
    # adds to the base: the base's fields are listed once, above the choice
    assert _rows(box) == ["Cat", "purrs", "Dog", "barks", "pack"]
    assert _rows(html[: html.index('<div class="schema-variants"')]) == ["petType", "name"]
    assert "A cat." in box


def test_a_subtype_shown_alone_has_its_base_fields_and_no_choice():
    html = schema_tree_html({"$ref": f"{S}Cat"}, resolve)
    assert _rows(html) == ["petType", "name", "purrs"]
    assert "data-choice" not in html


def test_a_folded_object_says_how_many_fields_it_holds():
    html = schema_tree_html({"$ref": f"{S}Owner"}, resolve)
    summaries = re.findall(r"<summary>([^<]*)</summary>", html)
    # address (3 fields), each pet (2 fields and the choice of Cat or Dog), tags (the [key: string] row);
    # and a pet's subtypes below it, folded in their turn
    assert summaries[:2] == ["3 fields", "2 fields, 2 variants"]
    assert summaries[2:4] == ["1 field", "2 fields"]
    assert summaries[4] == "1 field"
    address = html[html.index("<summary>3 fields</summary>") :]
    assert _rows(address)[:3] == ["street", "city", "zip"]


def test_a_row_cut_by_depth_says_its_count_too():
    html = schema_tree_html({"$ref": f"{S}Owner"}, resolve, context=TreeContext(max_depth=1))
    cut = re.findall(
        r'<details class="schema-more"><summary>([^<]*)</summary><p class="schema-cut">Not shown', html
    )
    assert cut == ["3 fields", "2 fields, 2 variants", "1 field"]


def test_a_tree_does_not_repeat_the_description_said_above_it():
    said = schema_tree_html({"$ref": f"{S}Owner"}, resolve, said="Who keeps pets.")
    assert "Who keeps pets." not in said
    other = schema_tree_html({"$ref": f"{S}Owner"}, resolve, said="The owner.")
    assert "Who keeps pets." in other


def test_a_merged_read_only_field_counts_out_of_a_requests_fields():
    """A property merged from an allOf member (it says where from) and read-only there is left out of a
    request's count of fields as any read-only property is."""
    schemas = {
        "Base": {"type": "object", "properties": {"id": {"type": "string", "readOnly": True}}},
        "Item": {"allOf": [{"$ref": f"{S}Base"}, {"properties": {"name": {"type": "string"}}}]},
    }
    box = {"type": "object", "properties": {"item": {"$ref": f"{S}Item"}}}
    html = schema_tree_html(box, lambda ref: schemas[ref.rsplit("/", 1)[1]], direction="request")
    assert 'data-only="read" data-from="#/components/schemas/Base"' in html
    summary = re.search(r"<summary>(.*?)</summary>", html).group(1)
    assert (
        summary == '<span data-count="all response">2 fields</span><span data-count="request">1 field</span>'
    )
