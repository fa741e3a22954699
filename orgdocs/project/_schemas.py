"""What a schema says about its value once ``$ref`` and ``allOf`` members are merged: type, format, flags.

OpenAPI 3.0 cannot put a description beside a ``$ref``, so descriptions wrap it: a property
``{description: ..., allOf: [{$ref: ServerTimestamp}]}``, where ServerTimestamp is a read-only date-time
string, is a read-only date-time string too, not an object. ``schema_facts`` gathers the facts the schema
tree, the examples and the request form read:

- ``FACT_KEYS`` (type, format, enum, items, default, example): the schema's own; else the first ``allOf``
  member (depth first, ``$ref`` followed) that states it;
- ``FLAGS`` (readOnly, writeOnly, nullable, deprecated): true when the schema or any member says so.

``merged_schema`` is the schema with those facts filled in. References are followed at most ``MAX_HOPS``
deep and never twice (cycles).

``implicit_subtypes`` reads OpenAPI's implicit discriminator rule: without a ``mapping``, the subtypes of a
base schema are the component schemas whose ``allOf`` names it, each named by its component's name.

``fields_label`` words the count of a folded object's nested rows ("12 fields").
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

__all__ = [
    "COMPONENT_SCHEMAS",
    "FACT_KEYS",
    "FLAGS",
    "MAX_HOPS",
    "fields_label",
    "implicit_subtypes",
    "merged_schema",
    "scalar_union",
    "schema_facts",
    "target_of",
]

FACT_KEYS = ("type", "format", "enum", "items", "default", "example")
FLAGS = ("readOnly", "writeOnly", "nullable", "deprecated")
MAX_HOPS = 16
SCALAR_TYPES = frozenset(("string", "integer", "number", "boolean"))
COMPONENT_SCHEMAS = "#/components/schemas/"

Target = Callable[[str], tuple[bool, Any]]  # $ref -> (found, schema)


def target_of(resolve: Callable[[str], Any]) -> Target:
    """A ``Target`` from a resolver that raises (``LookupError``) when it cannot resolve."""

    def target(ref: str) -> tuple[bool, Any]:
        try:
            return True, resolve(ref)
        except (LookupError, ValueError, TypeError):
            return False, None

    return target


def schema_facts(schema: Any, target: Target) -> dict:
    """The facts of ``schema`` (see the module docstring): its own first, then its ``$ref`` target's and
    its ``allOf`` members', in order."""
    facts: dict = {}
    _collect(schema, target, facts, set(), 0)
    return facts


def merged_schema(schema: Any, target: Target) -> Any:
    """``schema`` with the facts of its ``allOf`` members filled in where it states none (the same object
    when it has no ``allOf``: the common case costs nothing)."""
    if not isinstance(schema, dict) or not isinstance(schema.get("allOf"), list):
        return schema
    facts = schema_facts(schema, target)
    if facts.get("type") == "object":  # a base's example is not the example of what extends it
        facts = {k: v for k, v in facts.items() if k not in ("default", "example") or k in schema}
    if all(key in schema for key in facts):
        return schema
    return {**schema, **facts}


def scalar_union(branches: Any, target: Target) -> list[str] | None:
    """The type labels of a ``oneOf``/``anyOf`` whose branches are all scalars (``"string"``,
    ``"string (date-time)"``, null branches left out), so that it reads inline: "string or integer";
    None when a branch is anything else (an object, an array, a nested choice, an unknown type)."""
    if not isinstance(branches, list) or not branches:
        return None
    labels: list[str] = []
    for branch in branches:
        if not isinstance(branch, dict):
            return None
        facts = schema_facts(branch, target)
        kind = facts.get("type")
        kinds = kind if isinstance(kind, list) else [kind]
        if kinds == ["null"]:
            continue
        followed = _followed(branch, target)
        if any(k in followed for k in ("properties", "oneOf", "anyOf", "items", "not")):
            return None
        scalars = [k for k in kinds if k != "null"]
        if not scalars or not all(k in SCALAR_TYPES for k in scalars):
            return None
        fmt = facts.get("format")
        for k in scalars:
            label = f"{k} ({fmt})" if isinstance(fmt, str) and fmt else k
            if label not in labels:
                labels.append(label)
    return labels or None


def implicit_subtypes(schemas: Any) -> dict[str, list[tuple[str, str]]]:
    """``{base $ref: [(subtype name, subtype $ref), ...]}``: for every component schema, the components whose
    ``allOf`` has a member ``{$ref: base}``, in document order (OpenAPI's rule for a discriminator without a
    mapping: the value naming a subtype is its component's name)."""
    subtypes: dict[str, list[tuple[str, str]]] = {}
    if not isinstance(schemas, dict):
        return subtypes
    for name, schema in schemas.items():
        members = schema.get("allOf") if isinstance(schema, dict) else None
        if not isinstance(members, list):
            continue
        ref = COMPONENT_SCHEMAS + str(name).replace("~", "~0").replace("/", "~1")
        for member in members:
            base = member.get("$ref") if isinstance(member, dict) else None
            if isinstance(base, str) and base != ref:
                subtypes.setdefault(base, []).append((str(name), ref))
    return subtypes


@functools.lru_cache(maxsize=1024)
def fields_label(fields: int, variants: int) -> str:
    """The summary of a folded object: "1 field", "12 fields", "3 variants", "1 field, 2 variants"."""
    words = [
        f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((fields, "field"), (variants, "variant")) if n
    ]
    return ", ".join(words) or "Fields"


def _followed(schema: dict, target: Target) -> dict:
    """``schema`` with a chain of ``$ref`` followed (its own keys beside the last one kept)."""
    seen: set[str] = set()
    while isinstance(schema.get("$ref"), str) and schema["$ref"] not in seen and len(seen) < MAX_HOPS:
        seen.add(schema["$ref"])
        found, resolved = target(schema["$ref"])
        if not found or not isinstance(resolved, dict):
            break
        schema = {**resolved, **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def _collect(node: Any, target: Target, facts: dict, seen: set[str], hops: int) -> None:
    if not isinstance(node, dict) or hops > MAX_HOPS:
        return
    for key in FACT_KEYS:
        if key in node and key not in facts:
            facts[key] = node[key]
    for flag in FLAGS:
        if node.get(flag) is True:
            facts[flag] = True
    ref = node.get("$ref")
    if isinstance(ref, str) and ref not in seen:
        seen.add(ref)
        found, resolved = target(ref)
        if found:
            _collect(resolved, target, facts, seen, hops + 1)
    members = node.get("allOf")
    if isinstance(members, list):
        for member in members:
            _collect(member, target, facts, seen, hops + 1)
