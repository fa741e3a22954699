"""Examples taken from descriptions or generated from schemas (``orgdocs.project._examples``)."""

from __future__ import annotations

import base64
import datetime
import ipaddress
import json
import uuid

import pytest

from orgdocs.model._objects import MediaType, Operation, Parameter, RequestBody, Response
from orgdocs.project._examples import (
    MAX_DEPTH,
    example_from_schema,
    media_example,
    operation_examples,
    parameter_example,
)


def resolver(document: dict):
    """A resolver of local ``#/...`` pointers over ``document``; KeyError for anything else."""

    def resolve(ref: str):
        if not ref.startswith("#/"):
            raise KeyError(ref)
        node = document
        for token in ref[2:].split("/"):
            token = token.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, dict) or token not in node:
                raise KeyError(ref)
            node = node[token]
        return node

    return resolve


def schemas(**components) -> dict:
    return {"components": {"schemas": components}}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def request(schema, document=None):
    return example_from_schema(schema, resolver(document or {}), direction="request")


def response(schema, document=None):
    return example_from_schema(schema, resolver(document or {}), direction="response")


# --- precedence -----------------------------------------------------------------------------------------


def test_example_comes_first():
    schema = {"type": "string", "example": "ex", "examples": ["exs"], "default": "d", "enum": ["ex", "e"]}
    assert request(schema) == "ex"
    # a stated value the schema's own enum refuses gives way to the next one it accepts
    assert request({**schema, "enum": ["d", "e"]}) == "d"


def test_examples_array_first_item_before_default():
    assert request({"type": "string", "examples": ["one", "two"], "default": "d"}) == "one"


def test_default_before_const_and_enum():
    assert request({"type": "integer", "default": 7, "enum": [3, 7]}) == 7
    assert request({"type": "integer", "default": 7, "const": 3, "enum": [3]}) == 3  # 7 is not allowed


def test_const_before_enum():
    assert request({"const": "fixed", "enum": ["other"]}) == "fixed"


def test_enum_first_member_skipping_null():
    assert request({"type": "string", "enum": ["b", "a"]}) == "b"
    assert request({"type": "string", "nullable": True, "enum": [None, "a"]}) == "a"


def test_explicit_null_example_is_kept_where_null_is_allowed():
    assert request({"type": "string", "nullable": True, "example": None}) is None
    assert request({"type": ["string", "null"], "example": None}) is None
    assert request({"example": None}) is None  # no type says otherwise


def test_a_declared_value_of_another_type_gives_way_to_a_generated_one():
    # a description's own mistake (example: 500 for a string, example: null for a non-null string) would
    # make a mock answer that fails its own schema
    assert request({"type": "string", "example": 500}) == "string"
    assert request({"type": "string", "example": None}) == "string"
    assert request({"type": "integer", "example": "3"}) == 0
    assert request({"type": "integer", "example": 3.0}) == 3.0
    assert request({"type": "boolean", "default": 1}) is True


def test_a_pattern_gives_a_string_it_matches():
    assert request({"type": "string", "pattern": "^(0|[1-9][0-9]*)$"}) == "0"
    assert request({"type": "string", "pattern": "^[A-Z]{3}-\\d{2}$"}) == "AAA-00"
    assert request({"type": "string", "format": "uuid", "pattern": "^[0-9a-f-]{36}$"}).count("-") == 4
    assert request({"type": "string", "pattern": "(?=.*[a-z])x"}) == "string"  # a lookahead: not attempted


def test_a_cut_value_is_the_smallest_the_schema_accepts():
    document = schemas(
        Node={
            "type": "object",
            "required": ["name", "kind", "child"],
            "properties": {
                "name": {"type": "string"},
                "kind": {"type": "string", "enum": ["leaf", "branch"]},
                "child": {"$ref": "#/components/schemas/Node"},
                "parent": {"allOf": [{"$ref": "#/components/schemas/Node"}], "nullable": True},
            },
        }
    )
    node = request(ref("Node"), document)
    assert node["child"]["name"] == "string" and node["child"]["kind"] == "leaf"  # not null
    assert set(node["child"]["child"]) == {"name", "kind", "child"}  # only what is required, below the cut
    assert node["parent"] is None or isinstance(node["parent"], dict)


def test_a_discriminator_value_follows_the_branchs_enum():
    document = schemas(
        Usage={"type": "object", "properties": {"object": {"type": "string", "enum": ["usage.result"]}}},
        Other={"type": "object", "properties": {"object": {"type": "string", "const": "other.result"}}},
    )
    schema = {
        "oneOf": [ref("Usage"), ref("Other")],
        "discriminator": {"propertyName": "object"},
    }
    assert request(schema, document)["object"] == "usage.result"  # not the component's name


def test_ref_siblings_win_over_the_target():
    document = schemas(Name={"type": "string", "example": "from target"})
    assert request({"$ref": "#/components/schemas/Name", "example": "sibling"}, document) == "sibling"
    assert request(ref("Name"), document) == "from target"


def test_property_examples_are_used_inside_objects():
    schema = {"type": "object", "properties": {"id": {"type": "integer", "example": 42}}}
    assert request(schema) == {"id": 42}


# --- types and formats ------------------------------------------------------------------------------------


def test_scalar_types():
    assert request({"type": "string"}) == "string"
    assert request({"type": "integer"}) == 0
    assert request({"type": "number"}) == 0
    assert request({"type": "boolean"}) is True
    assert request({"type": "null"}) is None
    assert request({"type": "file"}) == "<binary>"  # Swagger 2.0


def test_type_list_takes_first_non_null():
    assert request({"type": ["null", "integer"]}) == 0
    assert request({"type": ["string", "null"]}) == "string"
    assert request({"type": ["null"]}) is None


def test_nullable_still_gives_a_value():
    assert request({"type": "string", "nullable": True}) == "string"


def test_type_inferred_from_keywords():
    assert request({"properties": {"a": {"type": "boolean"}}}) == {"a": True}
    assert request({"items": {"type": "string"}}) == ["string"]
    assert request({"format": "uuid"}) == "3fa85f64-5717-4562-b3fc-2c963f66afa6"
    assert request({"minimum": 5}) == 5
    assert request({}) is None


def test_string_formats_are_valid_values():
    assert request({"type": "string", "format": "date-time"}) == "2024-01-01T12:00:00Z"
    datetime.date.fromisoformat(request({"type": "string", "format": "date"}))
    assert request({"type": "string", "format": "time"}).startswith("12:00:00")
    uuid.UUID(request({"type": "string", "format": "uuid"}))
    assert request({"type": "string", "format": "uri"}).startswith("https://")
    assert request({"type": "string", "format": "url"}).startswith("https://")
    assert "@" in request({"type": "string", "format": "email"})
    assert request({"type": "string", "format": "hostname"}) == "example.com"
    assert ipaddress.ip_address(request({"type": "string", "format": "ipv4"})).version == 4
    assert ipaddress.ip_address(request({"type": "string", "format": "ipv6"})).version == 6
    assert base64.b64decode(request({"type": "string", "format": "byte"}), validate=True)
    assert request({"type": "string", "format": "binary"}) == "<binary>"
    assert request({"type": "string", "format": "password"}) == "********"


def test_numeric_formats():
    assert request({"type": "integer", "format": "int32"}) == 0
    assert request({"type": "integer", "format": "int64"}) == 0
    assert request({"type": "number", "format": "double"}) == 0
    assert request({"type": "string", "format": "int64"}) == "0"  # Stripe-style big integers as text


def test_string_lengths_and_pattern():
    assert request({"type": "string", "minLength": 10}) == "stringstri"
    assert request({"type": "string", "maxLength": 3}) == "str"
    assert request({"type": "string", "pattern": "^[A-Z]{3}$"}) == "AAA"  # a string the regex matches


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "integer", "minimum": 5}, 5),
        ({"type": "integer", "minimum": 5, "exclusiveMinimum": True}, 6),  # OpenAPI 3.0
        ({"type": "integer", "exclusiveMinimum": 5}, 6),  # OpenAPI 3.1
        ({"type": "integer", "maximum": -3}, -3),
        ({"type": "integer", "exclusiveMaximum": -3}, -4),
        ({"type": "integer", "maximum": 100}, 0),
        ({"type": "integer", "minimum": 7, "multipleOf": 5}, 10),
        ({"type": "number", "minimum": 0.25}, 0.25),
        ({"type": "number", "minimum": 1.5, "exclusiveMinimum": True, "maximum": 2}, 1.75),
        ({"type": "number", "minimum": 0.25, "multipleOf": 0.1}, 0.3),
        ({"type": "integer", "minimum": 2.5}, 3),
    ],
)
def test_number_bounds(schema, expected):
    assert request(schema) == expected


# --- combinators ------------------------------------------------------------------------------------------


def test_all_of_merges_objects():
    document = schemas(
        Base={"type": "object", "properties": {"id": {"type": "integer"}, "meta": {"properties": {"a": {}}}}},
    )
    schema = {
        "allOf": [
            ref("Base"),
            {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "meta": {"properties": {"b": {"type": "boolean"}}},
                },
            },
        ]
    }
    assert request(schema, document) == {"id": 0, "meta": {"a": None, "b": True}, "name": "string"}


def test_all_of_with_own_properties():
    schema = {"allOf": [{"properties": {"a": {"type": "integer"}}}], "properties": {"b": {"type": "string"}}}
    assert request(schema) == {"a": 0, "b": "string"}


def test_all_of_scalars_take_the_last_value():
    assert request({"allOf": [{"type": "string"}, {"format": "date"}]}) == "2024-01-01"


def test_one_of_takes_first_branch():
    assert request({"oneOf": [{"type": "integer"}, {"type": "string"}]}) == 0
    assert request({"anyOf": [{"type": "string"}, {"type": "integer"}]}) == "string"


def test_one_of_skips_a_null_branch():
    assert request({"oneOf": [{"type": "null"}, {"type": "boolean"}]}) is True


def test_discriminator_mapping_selects_branch_and_sets_property():
    document = schemas(
        Cat={"type": "object", "properties": {"kind": {"type": "string"}, "meows": {"type": "boolean"}}},
        Dog={"type": "object", "properties": {"kind": {"type": "string"}, "barks": {"type": "boolean"}}},
    )
    schema = {
        "oneOf": [ref("Cat"), ref("Dog")],
        "discriminator": {
            "propertyName": "kind",
            "mapping": {"wolf": "#/components/schemas/Wolf", "dog": "#/components/schemas/Dog"},
        },
    }
    # "wolf" names no branch: the first mapping entry that names one is taken
    assert request(schema, document) == {"kind": "dog", "barks": True}


def test_discriminator_mapping_with_bare_names():
    document = schemas(Cat={"type": "object", "properties": {"meows": {"type": "boolean"}}})
    schema = {"oneOf": [ref("Cat")], "discriminator": {"propertyName": "pet", "mapping": {"c": "Cat"}}}
    assert request(schema, document) == {"meows": True, "pet": "c"}


def test_discriminator_without_mapping_uses_the_schema_name():
    document = schemas(Cat={"type": "object", "properties": {"pet": {"type": "string"}}})
    schema = {"oneOf": [ref("Cat")], "discriminator": {"propertyName": "pet"}}
    assert request(schema, document) == {"pet": "Cat"}


def test_discriminator_inherited_through_all_of():
    document = schemas(
        Pet={
            "type": "object",
            "properties": {"pet_type": {"type": "string"}},
            "discriminator": {"propertyName": "pet_type", "mapping": {"kitty": "#/components/schemas/Cat"}},
        },
        Cat={"allOf": [ref("Pet"), {"properties": {"hunts": {"type": "boolean"}}}]},
        Dog={"allOf": [ref("Pet"), {"properties": {"barks": {"type": "boolean"}}}]},
    )
    assert request(ref("Cat"), document) == {"pet_type": "kitty", "hunts": True}
    assert request(ref("Dog"), document) == {"pet_type": "Dog", "barks": True}
    assert request(ref("Pet"), document) == {"pet_type": "string"}


# --- objects and arrays -----------------------------------------------------------------------------------


def test_read_only_left_out_of_requests_write_only_out_of_responses():
    document = schemas(Stamp={"type": "string", "format": "date-time", "readOnly": True})
    schema = {
        "type": "object",
        "properties": {
            "id": {"type": "string", "readOnly": True},
            "created": ref("Stamp"),
            "password": {"type": "string", "writeOnly": True},
            "name": {"type": "string"},
        },
    }
    assert request(schema, document) == {"password": "string", "name": "string"}
    assert response(schema, document) == {"id": "string", "created": "2024-01-01T12:00:00Z", "name": "string"}


def test_additional_properties_entry_only_without_properties():
    assert request({"type": "object", "additionalProperties": {"type": "integer"}}) == {"additionalProp1": 0}
    schema = {
        "type": "object",
        "properties": {"a": {"type": "integer"}},
        "additionalProperties": {"type": "string"},
    }
    assert request(schema) == {"a": 0}
    assert request({"type": "object", "additionalProperties": True}) == {}


def test_arrays():
    assert request({"type": "array", "items": {"type": "integer"}}) == [0]
    assert request({"type": "array", "items": {"type": "integer"}, "minItems": 2}) == [0, 0]
    assert len(request({"type": "array", "items": {"type": "integer"}, "minItems": 500})) == 3
    assert request({"type": "array", "items": {"type": "integer"}, "maxItems": 0}) == []
    assert request({"type": "array"}) == []
    assert request({"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]}) == [
        0,
        "string",
    ]


# --- references -------------------------------------------------------------------------------------------


def test_self_reference_is_cut_after_one_level():
    document = schemas(
        Node={
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "parent": ref("Node"),
                "children": {"type": "array", "items": ref("Node")},
            },
        }
    )
    assert request(ref("Node"), document) == {"name": "string", "parent": {}, "children": []}


def test_mutual_recursion_is_cut():
    document = schemas(
        A={"type": "object", "properties": {"b": ref("B"), "x": {"type": "integer"}}},
        B={"type": "object", "properties": {"a": ref("A"), "list": {"type": "array", "items": ref("B")}}},
    )
    assert request(ref("A"), document) == {"b": {"a": {}, "list": []}, "x": 0}
    assert request(ref("B"), document) == {"a": {"b": {}, "x": 0}, "list": []}


def test_recursive_array_schema_is_cut_to_an_empty_array():
    document = schemas(Tree={"type": "array", "items": ref("Tree")})
    assert request(ref("Tree"), document) == []


def test_memoized_examples_do_not_depend_on_what_came_before():
    document = schemas(
        A={"type": "object", "properties": {"b": ref("B"), "c": ref("C")}},
        B={"type": "object", "properties": {"a": ref("A"), "c": ref("C")}},
        C={"type": "object", "properties": {"b": ref("B"), "n": {"type": "integer"}}},
        D={"type": "object", "properties": {"a": ref("A"), "c": ref("C"), "b": ref("B")}},
    )
    names = ["A", "B", "C", "D"]
    alone = {name: request(ref(name), document) for name in names}  # a fresh resolver (and memo) each

    for order in (names, names[::-1], ["C", "A", "D", "B"]):
        resolve = resolver(document)  # one memo shared by the whole order
        for name in order:
            for _ in range(2):
                assert example_from_schema(ref(name), resolve, direction="request") == alone[name]


def nested(levels: int, inner: dict) -> dict:
    for _ in range(levels):
        inner = {"type": "object", "properties": {"next": inner}}
    return inner


def test_memoized_examples_cut_by_depth_do_not_depend_on_what_came_before():
    document = schemas(
        Event={"type": "object", "properties": {"calendar": ref("Calendar")}},
        Calendar={"type": "object", "properties": {"view": {"type": "array", "items": ref("Event")}}},
        ToCalendar=nested(MAX_DEPTH - 1, ref("Calendar")),  # Calendar one level above the depth limit
        ToEvent=nested(MAX_DEPTH - 2, ref("Event")),  # the same Calendar, below an Event
    )
    alone = request(ref("ToEvent"), document)
    resolve = resolver(document)
    example_from_schema(ref("ToCalendar"), resolve, direction="request")
    assert example_from_schema(ref("ToEvent"), resolve, direction="request") == alone


def test_unresolvable_refs_give_none():
    document = schemas(
        Holder={"type": "object", "properties": {"x": ref("Missing"), "y": {"type": "integer"}}}
    )
    assert request(ref("Missing"), document) is None
    assert request({"$ref": "other.yaml#/components/schemas/Pet"}, document) is None
    assert request({"$ref": "#/not/a/pointer~"}, document) is None
    assert request(ref("Holder"), document) == {"x": None, "y": 0}


def test_deep_schemas_are_capped():
    schema: dict = {"type": "string"}
    for _ in range(40):
        schema = {"type": "object", "properties": {"next": schema}}
    value = request(schema)
    levels = 0
    while value:
        value = value["next"]
        levels += 1
    assert value == {}  # the level past MAX_DEPTH is cut like a cycle
    assert levels == MAX_DEPTH + 1


def test_a_web_of_recursive_schemas_stays_small_and_fast():
    names = [f"S{i}" for i in range(30)]
    document = schemas(
        **{name: {"type": "object", "properties": {other: ref(other) for other in names}} for name in names}
    )
    value = request(ref("S0"), document)
    assert len(json.dumps(value)) < 1_000_000


def test_returned_values_are_fresh_copies():
    document = schemas(
        Thing={"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}
    )
    resolve = resolver(document)
    first = example_from_schema(ref("Thing"), resolve, direction="request")
    first["tags"].append("changed")
    assert example_from_schema(ref("Thing"), resolve, direction="request") == {"tags": ["string"]}


def test_values_are_json_ready():
    schema = {
        "type": "object",
        "properties": {"day": {"type": "string", "example": datetime.date(2020, 5, 17)}},
    }
    assert request(schema) == {"day": "2020-05-17"}  # YAML reads an unquoted date as a date


# --- media types, parameters, operations ------------------------------------------------------------------


def test_media_example_prefers_the_description_own():
    resolve = resolver({})
    media = MediaType("application/json", schema={"type": "integer"}, example={"a": 1}, has_example=True)
    assert media_example(media, resolve, direction="response") == (False, {"a": 1})
    null_example = MediaType("application/json", schema={"type": "integer"}, example=None, has_example=True)
    assert media_example(null_example, resolve, direction="response") == (False, None)
    assert media_example(
        MediaType("application/json", schema={"type": "integer"}), resolve, direction="response"
    ) == (
        True,
        0,
    )


def test_media_examples_follow_refs_and_skip_external_values():
    document = {"components": {"examples": {"Full": {"summary": "x", "value": {"id": 9}}}}}
    media = MediaType(
        "application/json",
        schema={"type": "object"},
        examples={
            "remote": {"externalValue": "https://example.com/example.json"},
            "broken": {"$ref": "#/components/examples/Nope"},
            "full": {"$ref": "#/components/examples/Full"},
        },
    )
    assert media_example(media, resolver(document), direction="request") == (False, {"id": 9})
    only_external = MediaType(
        "application/json", schema={"type": "boolean"}, examples={"e": {"externalValue": "x.json"}}
    )
    assert media_example(only_external, resolver(document), direction="request") == (True, True)


def test_parameter_example():
    resolve = resolver({})
    assert parameter_example(Parameter("limit", "query", example=5, has_example=True), resolve) == 5
    by_examples = Parameter("q", "query", examples={"one": {"value": "cats"}}, schema={"type": "string"})
    assert parameter_example(by_examples, resolve) == "cats"
    by_schema = Parameter("id", "path", schema={"type": "string", "format": "uuid", "example": "abc"})
    assert parameter_example(by_schema, resolve) == "abc"
    by_content = Parameter("f", "query", content=[MediaType("application/json", schema={"type": "integer"})])
    assert parameter_example(by_content, resolve) == 0
    assert parameter_example(Parameter("x", "query"), resolve) is None


def test_operation_examples_shape():
    document = schemas(
        Key={
            "type": "object",
            "properties": {"id": {"type": "string", "readOnly": True}, "name": {"type": "string"}},
        }
    )
    operation = Operation(
        method="post",
        path="/keys",
        pointer="#/paths/~1keys/post",
        request_body=RequestBody(
            content=[
                MediaType("application/json", schema=ref("Key")),
                MediaType("text/plain", schema={"type": "string"}, example="hi", has_example=True),
            ]
        ),
        responses=[
            Response("201", content=[MediaType("application/json", schema=ref("Key"))]),
            Response("204"),
        ],
    )
    examples = operation_examples(operation, resolver(document))
    assert examples == {
        "request": {
            # a form's body starts from the required fields only (none here): "start"
            "application/json": {"value": {"name": "string"}, "generated": True, "start": {}},
            "text/plain": {"value": "hi", "generated": False},
        },
        "responses": {
            "201": {"application/json": {"value": {"id": "string", "name": "string"}, "generated": True}}
        },
    }
    json.dumps(examples)


# --- the corpus -------------------------------------------------------------------------------------------

CORPUS_FILES = [
    "edge/readme-oas-examples/3.0-schema-circular.json",
    "edge/readme-oas-examples/3.0-discriminators.json",
    "edge/readme-oas-examples/3.0-polymorphism.json",
    "edge/readme-oas-examples/3.1-schema-types.json",
    "edge/swagger-api-parser-mutual-recursion.yaml",
    "edge/swagger-parser-deep-circular/deep-circular.yaml",
    "edge/apisguru-statsocial.com-1.0.0.-openapi.yaml",
    "swagger2/oai-v2.0-petstore-expanded.json",
]


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_examples_serialize(corpus, name):
    import orgdocs

    description = orgdocs.load(corpus / name)
    for operation in description.operations:
        json.dumps(operation_examples(operation, description.resolve), allow_nan=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["large/github-api.github.com.json", "large/stripe-spec3.json"])
def test_examples_of_every_operation_of_a_large_description(corpus, name):
    import orgdocs

    description = orgdocs.load(corpus / name)
    examples = [operation_examples(operation, description.resolve) for operation in description.operations]
    for value in examples:
        json.dumps(value, allow_nan=False)
    again = operation_examples(description.operations[-1], description.resolve)
    assert again == examples[-1]


def _linked(count: int, make) -> dict:
    return schemas(**{f"S{i}": make(i) for i in range(count)}, **{f"S{count}": {"type": "integer"}})


@pytest.mark.parametrize(
    "make",
    [
        lambda i: {"allOf": [ref(f"S{i + 1}"), {"properties": {f"p{i}": {"type": "string"}}}]},
        lambda i: ref(f"S{i + 1}"),
        lambda i: {"oneOf": [ref(f"S{i + 1}")]},
    ],
    ids=["allOf", "aliases", "oneOf"],
)
def test_2000_linked_schemas_give_an_example_cut_where_nesting_stops(make):
    """References and combinators count as nesting: a long chain is cut, never a RecursionError."""
    from orgdocs.project._examples import MAX_OPEN_SCHEMAS

    document = _linked(2000, make)
    value = request(ref("S0"), document)
    json.dumps(value)
    if isinstance(value, dict):  # allOf: the properties of the links reached before the cut
        assert f"p{MAX_OPEN_SCHEMAS // 3}" in value and "p1999" not in value
    else:
        assert value is None  # the integer at the end lies past the cut


def test_short_chains_are_not_cut():
    document = _linked(
        20, lambda i: {"allOf": [ref(f"S{i + 1}"), {"properties": {f"p{i}": {"type": "string"}}}]}
    )
    assert request(ref("S0"), document) == {f"p{i}": "string" for i in range(20)}


def test_required_properties_the_schema_does_not_declare_are_there():
    schema = {"type": "object", "required": ["id", "_class"], "properties": {"id": {"type": "integer"}}}
    assert request(schema) == {"id": 0, "_class": "string"}
    typed = {
        "type": "object",
        "required": ["n"],
        "additionalProperties": {"type": "integer"},
        "minProperties": 2,
    }
    assert request(typed) == {"additionalProp1": 0, "additionalProp2": 0, "n": 0}
