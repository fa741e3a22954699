"""orgdocs.loading._refs: local references followed lazily; escapes, cycles, dangling and external refs."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import orgdocs
from orgdocs.loading._refs import Resolver, escape_token, iter_refs, join_pointer, pointer_tokens

# --- JSON pointers -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ref", "tokens"),
    [
        ("#/paths/~1pets~1{id}/get", ["paths", "/pets/{id}", "get"]),
        ("#/components/schemas/a~1b", ["components", "schemas", "a/b"]),
        ("#/components/schemas/til~0de", ["components", "schemas", "til~de"]),
        ("#/x/~01", ["x", "~1"]),  # ~0 is unescaped last: "~01" is "~1", not "/"
        ("#/paths/~1items~1%7Bid%7D", ["paths", "/items/{id}"]),
        ("#/definitions/Ref%20(of%20Bundle)", ["definitions", "Ref (of Bundle)"]),
        ("#/definitions/Entry%C2%ABstring,long%C2%BB", ["definitions", "Entry«string,long»"]),
        ("#/a//b", ["a", "", "b"]),
        ("#", []),
    ],
)
def test_pointer_tokens(ref, tokens):
    assert pointer_tokens(ref) == tokens


def test_pointer_tokens_without_percent_decoding():
    assert pointer_tokens("#/a%20b", percent_decode=False) == ["a%20b"]


def test_a_plain_name_fragment_is_not_a_pointer():
    with pytest.raises(KeyError):
        pointer_tokens("#anchor")


@pytest.mark.parametrize("token", ["a/b", "til~de", "~1", "/~/", "plain", ""])
def test_escape_and_split_round_trip(token):
    assert pointer_tokens(join_pointer("components", token)) == ["components", token]
    assert "/" not in escape_token(token)


def test_join_pointer():
    assert join_pointer("paths", "/pets/{id}", "get") == "#/paths/~1pets~1{id}/get"
    assert join_pointer("responses", 200) == "#/responses/200"


# --- Resolver ------------------------------------------------------------------------------------------------

DOCUMENT = {
    "a/b": {"type": "string"},
    "til~de": {"type": "integer"},
    "with space": 1,
    "100%": "percent sign in the key",
    "a%20b": "a key that holds %20 literally",
    "list": ["zero", "one"],
    "codes": {200: "an integer key, as YAML reads 200:"},
    "Chain1": {"$ref": "#/Chain2"},
    "Chain2": {"$ref": "#/Chain3"},
    "Chain3": {"type": "number"},
    "Self": {"$ref": "#/Self"},
    "MutualA": {"$ref": "#/MutualB"},
    "MutualB": {"$ref": "#/MutualA"},
    "Dangling": {"$ref": "#/Nowhere"},
    "External": {"$ref": "other.yaml#/X"},
    "Alias": {"$ref": "#/Target"},
    "Target": {"get": {"summary": "reached through Alias"}},
    "ThroughA": {"$ref": "#/ThroughB/x"},
    "ThroughB": {"$ref": "#/ThroughA/x"},
}


@pytest.mark.parametrize(
    ("ref", "target"),
    [
        ("#/a~1b", {"type": "string"}),
        ("#/til~0de", {"type": "integer"}),
        ("#/with%20space", 1),
        ("#/100%25", "percent sign in the key"),
        ("#/a%20b", "a key that holds %20 literally"),  # decoded "a b" is missing: the key as written
        ("#/list/1", "one"),
        ("#/codes/200", "an integer key, as YAML reads 200:"),
        ("#/Chain1", {"$ref": "#/Chain2"}),  # one step only
        ("#/Alias/get/summary", "reached through Alias"),  # a pointer through a reference
        ("#", DOCUMENT),
    ],
)
def test_resolve(ref, target):
    assert Resolver(DOCUMENT).resolve(ref) == target


@pytest.mark.parametrize(
    "ref",
    [
        "#/Nowhere",
        "#/list/2",
        "#/list/-",
        "#/list/\N{SUPERSCRIPT TWO}",  # a digit to str.isdigit, not an index
        "#/with space/deeper",
        "#anchor",
        "other.yaml#/X",
        "https://example.com/schema.json",
        "#/ThroughA/y",  # two references that reach through each other
        "#/Self/x",
    ],
)
def test_unresolvable_refs_raise_key_error(ref):
    with pytest.raises(KeyError):
        Resolver(DOCUMENT).resolve(ref)


@pytest.mark.parametrize("ref", [None, 1, ["#/a"], {"$ref": "#/a"}])
def test_a_ref_that_is_not_a_string_is_a_key_error(ref):
    with pytest.raises(KeyError):
        Resolver(DOCUMENT).resolve(ref)


def test_resolve_returns_the_document_object_itself():
    resolver = Resolver(DOCUMENT)
    assert resolver.resolve("#/Chain3") is DOCUMENT["Chain3"]
    assert resolver.resolve("#/Chain3") is resolver.resolve("#/Chain3")


def test_deref_follows_a_chain_to_its_end():
    assert Resolver(DOCUMENT).deref({"$ref": "#/Chain1"}) == ({"type": "number"}, "#/Chain3")


def test_deref_of_a_plain_node_is_the_node():
    node = {"type": "string"}
    assert Resolver(DOCUMENT).deref(node) == (node, None)


@pytest.mark.parametrize(
    ("node", "stops_at"),
    [
        ({"$ref": "#/Self"}, {"$ref": "#/Self"}),
        ({"$ref": "#/MutualA"}, {"$ref": "#/MutualA"}),
        ({"$ref": "#/Dangling"}, {"$ref": "#/Nowhere"}),
        ({"$ref": "#/External"}, {"$ref": "other.yaml#/X"}),
        ({"$ref": "#/Nowhere"}, {"$ref": "#/Nowhere"}),
    ],
)
def test_deref_stops_where_a_chain_cannot_go_on(node, stops_at):
    target, _ = Resolver(DOCUMENT).deref(node)
    assert target == stops_at  # still the {"$ref": ...} it is: kept, never expanded


def test_resolves():
    resolver = Resolver(DOCUMENT)
    assert resolver.resolves("#/Chain1")
    assert not resolver.resolves("#/Nowhere")


# --- iter_refs -----------------------------------------------------------------------------------------------


def test_iter_refs_finds_references_and_skips_data():
    schema = {
        "properties": {
            "default": {"$ref": "#/a"},  # a property called "default" is a schema
            "example": {"$ref": "#/b"},
            "$ref": {"type": "string"},  # a property called "$ref" is not a reference
        },
        "items": [{"$ref": "#/c"}],
        "discriminator": {"mapping": {"x": "#/d", "y": "JustAName", "z": "other.yaml#/e"}},
        "example": {"$ref": "#/data"},
        "default": {"$ref": "#/data"},
        "enum": [{"$ref": "#/data"}],
        "const": {"$ref": "#/data"},
        "x-example": {"$ref": "#/data"},
        "examples": {"one": {"$ref": "#/f"}, "two": {"value": {"$ref": "#/data"}}},
    }
    assert sorted(iter_refs(schema)) == ["#/a", "#/b", "#/c", "#/d", "#/f"]


def test_iter_refs_yields_a_reference_with_siblings_and_walks_them():
    assert sorted(iter_refs({"$ref": "#/a", "description": "x", "allOf": [{"$ref": "#/b"}]})) == [
        "#/a",
        "#/b",
    ]


def test_iter_refs_of_a_scalar_document():
    assert list(iter_refs([1, "two", None])) == []


# --- the fixture description, through Description --------------------------------------------------------------


def test_unresolved_lists_external_missing_and_cyclic_refs(data_dir):
    description = orgdocs.load(data_dir / "refs.yaml")
    assert [(u.ref, u.reason) for u in description.unresolved] == [
        ("#/components/schemas/Cat", "missing"),  # a discriminator mapping target
        ("#/components/schemas/DoesNotExist", "missing"),
        ("#/components/schemas/MutualA", "cycle"),
        ("#/components/schemas/MutualB", "cycle"),
        ("#/components/schemas/Self", "cycle"),
        ("#/paths/~1loop", "cycle"),
        ("common.yaml#/components/schemas/Outside", "external"),
        ("other.yaml#/paths/~1elsewhere", "external"),
    ]


def test_refs_into_paths_and_path_item_refs(data_dir):
    description = orgdocs.load(data_dir / "refs.yaml")
    assert [(o.path, o.operation_id) for o in description.operations] == [
        ("/items/{id}", "getItem"),
        ("/copies", "listCopies"),
        ("/alias", "getItem"),  # the path item is a $ref (percent-encoded braces) to /items/{id}
    ]
    copies = description.operation("listCopies")
    assert copies.responses[0].description == "one item"
    assert copies.responses[0].pointer == "#/paths/~1items~1%7Bid%7D/get/responses/200"
    alias = description.operations[2]
    assert [p.name for p in alias.parameters] == ["id"]


def test_refs_stay_in_the_model(data_dir):
    description = orgdocs.load(data_dir / "refs.yaml")
    media = description.operation("getItem").responses[0].content[0]
    assert media.schema == {"$ref": "#/components/schemas/Item"}
    item = description.resolve(media.schema["$ref"])
    assert item is description.document["components"]["schemas"]["Item"]  # not a copy
    properties = item["properties"]
    assert description.deref(properties["default"])["description"] == "the name has a tilde"
    assert description.deref(properties["example"]) == {"type": "string"}
    assert description.deref(properties["braces"]) == {"type": "string"}
    assert description.deref(properties["chain"]) == {"type": "integer"}
    assert description.deref(properties["self"]) == {"$ref": "#/components/schemas/Self"}
    assert description.deref(properties["gone"]) == {"$ref": "#/components/schemas/DoesNotExist"}
    not_found = description.operation("getItem").responses[1]
    assert description.deref(not_found.content[0].schema)["description"] == "the name has a slash"


def test_a_recursive_schema_is_not_unresolved(data_dir):
    description = orgdocs.load(data_dir / "refs.yaml")
    assert not any("Tree" in u.ref for u in description.unresolved)
    tree = description.resolve("#/components/schemas/Tree")
    assert tree["properties"]["children"]["items"] == {"$ref": "#/components/schemas/Tree"}


# --- the corpus ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "escaped"),
    [
        ("oas30/apisguru-brex.io-2021.12-openapi.yaml", 15),  # into other operations' responses
        ("oas30/apisguru-opensuse.org-obs-2.10.50-openapi.yaml", 36),  # into #/paths, ~1 and %7B..%7D
        ("oas30/apisguru-nexmo.com-application.v2-2.1.1-openapi.yaml", 6),  # .../application~1json/...
        ("oas30/apisguru-surevoip.co.uk-9dcb0dc8-openapi.yaml", 8),
        ("edge/readme-oas-examples/3.0-circular-paths.json", 1),
        ("swagger2/apisguru-azure.com-network-applicationGateway-2019-08-01-swagger.yaml", 3),
        ("swagger2/apisguru-clarify.io-1.3.7-swagger.yaml", 2),  # 'Ref (of Bundle)' as Ref%20(of%20Bundle)
        ("swagger2/apisguru-geneea.com-1.0-swagger.yaml", 2),  # guillemets, percent-encoded
        ("swagger2/apisguru-semantria.com-4.0-swagger.yaml", 1),
        pytest.param("large/digitalocean.json", 247, marks=pytest.mark.slow),
    ],
)
def test_escaped_and_encoded_corpus_refs_resolve(corpus, path, escaped):
    description = orgdocs.load(corpus / path)
    refs = {ref for ref in iter_refs(description.document) if ref.startswith("#")}
    assert sum(1 for ref in refs if "~1" in ref or "%" in ref) == escaped
    missing = {u.ref for u in description.unresolved if u.reason == "missing"}
    if path == "large/digitalocean.json":  # four discriminator mappings left dangling by its bundler
        assert missing == {
            f"#/{kind}_ip_action_{act}" for kind in ("floating", "reserved") for act in ("assign", "unassign")
        }
    else:
        assert missing == set()
    for ref in refs - missing:
        assert description.resolver.resolves(ref)


def test_refs_into_paths_reach_the_operations(corpus):
    description = orgdocs.load(corpus / "oas30/apisguru-brex.io-2021.12-openapi.yaml")
    into_paths = {ref for ref in iter_refs(description.document) if ref.startswith("#/paths/")}
    assert len(into_paths) > 10
    for ref in into_paths:
        assert isinstance(description.resolve(ref), dict)


@pytest.mark.parametrize(
    ("path", "cycle"),
    [
        ("edge/swagger-api-parser-31-pathitem-direct-circular.json", {"#/paths/~1path1", "#/paths/~1path2"}),
        (
            "edge/swagger-api-parser-31-pathitem-indirect-circular.json",
            {"#/paths/~1path1", "#/paths/~1path2", "#/paths/~1path3"},
        ),
    ],
)
def test_path_item_cycles_give_no_operations_and_are_reported(corpus, path, cycle):
    description = orgdocs.load(corpus / path)
    assert description.operations == []
    assert {(u.ref, u.reason) for u in description.unresolved} == {(ref, "cycle") for ref in cycle}


@pytest.mark.parametrize(
    "path",
    [
        "edge/readme-oas-examples/3.0-circular-paths.json",
        "edge/swagger-api-parser-mutual-recursion.yaml",
        "edge/swagger-api-parser-recursive.yaml",
        "edge/swagger-api-parser-recursive2.yaml",
        "edge/readme-oas-examples/2.0-schema-circular.yaml",
        "oas30/apisguru-bungie.net-2.11.1-openapi.yaml",
        "oas30/apisguru-presalytics.io-ooxml-0.1.0-openapi.yaml",
        "swagger2/apisguru-azure.com-network-2016-06-01-swagger.yaml",
    ],
)
def test_recursive_schemas_resolve_and_stay_references(corpus, path):
    description = orgdocs.load(corpus / path)
    reachable = _closure(description, [op.raw for op in description.operations])
    # a recursive schema reaches itself again, through a {"$ref": ...} that stays as it is
    assert any(ref in _closure(description, [description.resolve(ref)]) for ref in sorted(reachable))
    assert not description.unresolved


def _closure(description, nodes):
    """The references reachable from ``nodes``, each followed once: this ends however recursive they are."""
    reached, pending = set(), list(nodes)
    while pending:
        for ref in iter_refs(pending.pop()):
            if ref not in reached:
                reached.add(ref)
                pending.append(description.resolve(ref))
    return reached


def test_dangling_refs_are_reported_not_fatal(corpus):
    description = orgdocs.load(corpus / "edge/apisguru-statsocial.com-1.0.0.-openapi.yaml")
    assert len(description.operations) == 17
    assert {u.ref for u in description.unresolved} == {
        "#/components/schemas/18_24",
        "#/components/schemas/25_34",
        "#/components/schemas/35_44",
    }
    assert {u.reason for u in description.unresolved} == {"missing"}


def test_integer_response_keys_resolve(corpus):
    # `200:` unquoted in YAML, and a `$ref` to ".../responses/200/schema"
    description = orgdocs.load(corpus / "edge/swagger-parser-deep-circular/deep-circular.yaml")
    assert [(u.ref, u.reason) for u in description.unresolved] == [("definitions/name.yaml", "external")]
    assert description.resolve("#/paths/~1family-tree/get/responses/200/schema")["type"] == "object"


def test_one_resolver_serves_many_threads():
    refs = ["#/Alias/get/summary", "#/a~1b", "#/Chain1", "#/ThroughA/y", "#/a%20b", "#/Nowhere"] * 50

    def answer(ref):
        try:
            return resolver.resolve(ref)
        except KeyError:
            return KeyError

    for _ in range(5):
        resolver = Resolver(DOCUMENT)
        with ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(answer, refs))
        assert answers == [answer(ref) for ref in refs]
        assert answers[0] == "reached through Alias"


CHAIN = 50_000  # references chained one to the next: recursion or quadratic work would show at once
S = "#/components/schemas/"


def _schemas(make) -> Resolver:
    schemas = {f"S{i}": make(i) for i in range(CHAIN)}
    schemas[f"S{CHAIN}"] = {"type": "object", "properties": {"x": {"type": "string"}}}
    return Resolver({"components": {"schemas": schemas}})


def test_a_pointer_chain_longer_than_the_recursion_limit_is_followed_to_its_end():
    """``#/.../S0/properties/x`` reaches through S0's ``$ref`` into S1/properties/x, and so on to the end,
    where the pointer lands on a string schema that has no properties: none of them resolves."""
    resolver = _schemas(lambda i: {"$ref": f"{S}S{i + 1}/properties/x"})
    assert not resolver.resolves(f"{S}S0/properties/x")
    assert resolver.resolve(f"{S}S{CHAIN}/properties/x") == {"type": "string"}
    for i in range(0, CHAIN, 5_000):
        assert not resolver.resolves(f"{S}S{i}/properties/x")
        assert resolver.resolve(f"{S}S{i}") == {"$ref": f"{S}S{i + 1}/properties/x"}


def test_an_alias_chain_derefs_to_its_end_from_every_link():
    resolver = _schemas(lambda i: {"$ref": f"{S}S{i + 1}"})
    end = resolver.resolve(f"{S}S{CHAIN}")
    for i in range(CHAIN):
        assert resolver.deref({"$ref": f"{S}S{i}"}) == (end, f"{S}S{CHAIN}")


def _old_deref(resolver: Resolver, node):
    """``deref`` as it was written before chains were memoized: the reference for the memoized one."""
    if not (isinstance(node, dict) and "$ref" in node):
        return node, None
    seen, ref = set(), None
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        nxt = node["$ref"]
        if nxt in seen:
            break
        seen.add(nxt)
        try:
            node = resolver.resolve(nxt)
        except KeyError:
            break
        ref = nxt
    return node, ref


@pytest.mark.parametrize("seed", range(6))
def test_memoized_deref_stops_where_following_the_chain_does(seed):
    import random

    rng = random.Random(seed)
    size = 40
    schemas = {}
    for i in range(size):  # bare references to random targets (loops, tails into loops, dead ends)
        roll = rng.random()
        schemas[f"S{i}"] = {"$ref": f"{S}S{rng.randrange(size + 3)}"} if roll < 0.8 else {"type": "string"}
    resolver = Resolver({"components": {"schemas": schemas}})
    order = list(range(size + 3))
    rng.shuffle(order)  # memoized ends are found from every entry order
    for i in order:
        node = {"$ref": f"{S}S{i}"}
        assert resolver.deref(node) == _old_deref(resolver, node), i
