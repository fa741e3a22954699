"""allOf members merge their type, format and flags; unions of scalars read inline (orgdocs.project._schemas),
and the tree, the examples and the form follow the same rule."""

from __future__ import annotations

import re
from pathlib import Path

from site_projects import PATTERN_AND_OPTIONS

import orgdocs
from orgdocs.project._examples import example_from_schema, left_out
from orgdocs.project._schemas import merged_schema, scalar_union, schema_facts, target_of
from orgdocs.render.site._form import form_fields
from orgdocs.render.site.schema_tree import schema_tree_html

DATA = Path(__file__).parent / "data"
SCHEMAS = {
    "#/components/schemas/ServerTimestamp": {
        "type": "string",
        "format": "date-time",
        "readOnly": True,
        "example": "2024-01-01T00:00:00Z",
    },
    "#/components/schemas/Secret": {"allOf": [{"$ref": "#/components/schemas/Hidden"}]},
    "#/components/schemas/Hidden": {"type": "string", "writeOnly": True, "deprecated": True},
    "#/components/schemas/Loop": {"allOf": [{"$ref": "#/components/schemas/Loop"}], "nullable": True},
    "#/components/schemas/Base": {"type": "object", "example": {"a": 1}, "properties": {"a": {}}},
}
STAMP = {"description": "When.", "allOf": [{"$ref": "#/components/schemas/ServerTimestamp"}]}
NOTE = {"type": "object", "properties": {"text": {"type": "string"}, "created_at": STAMP}}


def resolve(ref: str):
    return SCHEMAS[ref]


target = target_of(resolve)


def test_facts_merge_type_format_and_flags_through_references():
    facts = schema_facts(STAMP, target)
    assert facts["type"] == "string" and facts["format"] == "date-time" and facts["readOnly"] is True
    nested = schema_facts({"allOf": [{"$ref": "#/components/schemas/Secret"}]}, target)
    assert nested["writeOnly"] is True and nested["deprecated"] is True and nested["type"] == "string"


def test_own_facts_win_and_cycles_end():
    assert schema_facts({"type": "integer", "allOf": [STAMP]}, target)["type"] == "integer"
    assert schema_facts({"$ref": "#/components/schemas/Loop"}, target) == {"nullable": True}
    assert target("#/nowhere") == (False, None)


def test_merged_schema_fills_in_and_keeps_a_plain_schema_as_it_is():
    plain = {"type": "string"}
    assert merged_schema(plain, target) is plain
    merged = merged_schema(STAMP, target)
    assert merged["description"] == "When." and merged["format"] == "date-time" and merged["readOnly"] is True
    extended = merged_schema({"allOf": [{"$ref": "#/components/schemas/Base"}]}, target)
    assert extended["type"] == "object" and "example" not in extended  # a base's example is its own


def test_scalar_union_reads_inline_only_for_scalars():
    assert scalar_union([{"type": "string"}, {"type": "integer"}, {"type": "null"}], target) == [
        "string",
        "integer",
    ]
    assert scalar_union([{"$ref": "#/components/schemas/ServerTimestamp"}], target) == ["string (date-time)"]
    assert scalar_union([{"type": "string"}, {"type": "object", "properties": {}}], target) is None
    assert scalar_union([{"type": "string"}, {"description": "anything"}], target) is None
    assert scalar_union([], target) is None


def test_a_read_only_allof_property_stays_out_of_requests():
    assert left_out(STAMP, "request", target) and not left_out(STAMP, "response", target)
    assert example_from_schema(NOTE, resolve, direction="request") == {"text": "string"}
    response = example_from_schema(NOTE, resolve, direction="response")
    assert response["created_at"] == "2024-01-01T00:00:00Z"


def test_the_tree_shows_the_merged_type_and_flags():
    response = schema_tree_html(NOTE, resolve, direction="response")
    row = response[response.index(">created_at<") :]
    assert row.index("string") < row.index("(date-time)") < row.index("read-only") < row.index("When.")
    assert "object" not in row[: row.index("When.")]
    # read-only through its allOf member: the row says so, and a request's tree does not show it
    assert re.search(
        r'<li class="schema-row" data-only="read"><div class="schema-head"><code class="schema-name">created_at<',
        response,
    )
    assert '<li class="schema-row"><div class="schema-head"><code class="schema-name">text<' in response


def test_the_form_types_an_allof_parameter_as_its_member():
    description = orgdocs.load(DATA / "reading.yaml")
    get_note = next(op for op in description.operations if op.operation_id == "getNote")
    fields = {field.param.name: field for field in form_fields(get_note, description.resolve)}
    assert fields["limit"].kind == "number" and fields["limit"].item_type == "integer"
    assert fields["id"].kind == "text"


def test_discriminator_variants_are_named_and_a_choice():
    description = orgdocs.load(DATA / "reading.yaml")
    out = schema_tree_html({"$ref": "#/components/schemas/Pet"}, description.resolve)
    assert out.count("data-choice") == 1
    assert (
        '<code class="schema-variant">cat</code>' in out and '<code class="schema-variant">dog</code>' in out
    )
    assert "How well the cat hunts." in out and "The size of the pack." in out
    union = schema_tree_html({"$ref": "#/components/schemas/Note"}, description.resolve)
    assert "string or integer" in union


def test_rows_shared_by_a_descriptions_pages_do_not_carry_what_depends_on_their_place():
    """A row is made once for all pages only when nothing in it depends on where it is: the same schema
    reads whole in a response after a request left out its read-only field, and a nested object keeps its
    rows after being drawn at the depth cut."""
    from orgdocs.render.site.schema_tree import TreeCache, TreeContext

    def resolve(ref):
        raise KeyError(ref)

    box = {"type": "object", "properties": {"id": {"type": "string", "readOnly": True}}}
    schema = {"type": "object", "properties": {"box": box}}
    cache = TreeCache()
    request = schema_tree_html(schema, resolve, direction="request", context=TreeContext(cache=cache))
    response = schema_tree_html(schema, resolve, direction="response", context=TreeContext(cache=cache))
    alone = schema_tree_html(schema, resolve, direction="response")
    assert (
        response == alone
        and 'data-only="read"><div class="schema-head"><code class="schema-name">id<' in response
    )
    assert request.replace('"request"', '"response"', 1) == response  # one rendering for both directions

    cut = TreeContext(cache=cache, max_depth=1)
    shallow = schema_tree_html({"type": "object", "properties": {"wrap": schema}}, resolve, context=cut)
    assert "schema-cut" in shallow  # box drawn at the cut: its fields are not shown there
    deep = schema_tree_html(schema, resolve, context=TreeContext(cache=cache))
    assert deep == schema_tree_html(schema, resolve) and ">id<" in deep


def test_a_pattern_reads_as_written_and_options_are_numbered_without_nulls():
    """A regex is shown as the description writes it (``^\\d{6}$``), not as a JSON string with every backslash
    doubled; a ``null`` branch is left out of the options, and the options after it are not renumbered
    with a gap."""
    out = schema_tree_html(PATTERN_AND_OPTIONS, resolve)
    assert r"pattern <code>^\d{6}$</code>" in out
    assert ">Option 1<" in out and ">Option 2<" in out and "Option 3" not in out
