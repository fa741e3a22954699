"""Generating an example from a schema, as ``orgdocs.project._examples`` states the rules: one ``Walk`` per
example, over the references it expands, cutting cycles and what passes the limits (``MAX_DEPTH``,
``MAX_VALUES``, ``MAX_OPEN_SCHEMAS``), with a memo of the examples of references per resolver (``_store_for``).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from typing import Any

from orgdocs.project._example_values import (
    BINARY,
    SHAPE_KEYWORDS,
    chosen_branch,
    deep_merged,
    fits_type,
    inverted_mapping,
    left_out,
    nullable,
    number_value,
    own_value,
    plain,
    string_value,
    type_of,
    undeclared_required,
)

__all__ = ["MAX_DEPTH", "MAX_ITEMS", "MAX_OPEN_SCHEMAS", "MAX_VALUES", "Resolve", "Walk", "generate"]

Resolve = Callable[[str], Any]  # $ref -> target; KeyError when it cannot be resolved
MAX_DEPTH = 12  # levels of nested values (object properties, array items)
MAX_ITEMS = 3  # items of a generated array, whatever minItems says
MAX_VALUES = 4000  # schema visits per example: large cyclic descriptions would otherwise explode
MAX_OPEN_SCHEMAS = 64  # schemas open at once (references and combinators included): Python's stack is finite
_DEPTH, _SIZE = 1, 2  # which limit cut a value
_SMALLEST_DEPTH = 4  # levels a cut value fills with required properties
_SMALLEST_HOPS = 16  # references a cut value follows in a row


def generate(schema: Any, resolve: Resolve, direction: str) -> Any:
    """The example, shared with the memo: not to be changed."""
    return Walk(_store_for(resolve), resolve, direction).value(schema, 0)


class _Memo:
    """What one resolver's examples share: memoized examples, resolved targets, discriminator labels."""

    __slots__ = ("__weakref__", "entries", "labels", "targets")

    def __init__(self) -> None:
        # (ref, direction) -> example valid at any depth; (ref, direction, depth) -> one cut by MAX_DEPTH
        self.entries: dict[tuple, _Entry] = {}
        self.targets: dict[str, tuple[bool, Any]] = {}
        self.labels: dict[str, dict[str, str]] = {}  # base ref -> {subschema ref: discriminator value}


class _Entry:
    """A memoized example: its value, how deep it nests, how many visits it took, and the references it went
    through when it contains a cycle or depth cut (it may be reused only where none is on the current path)."""

    __slots__ = ("height", "reached", "size", "value")

    def __init__(self, value: Any, height: int | None, size: int, reached: frozenset[str] | None):
        self.value = value
        self.height = height  # levels of nesting below the value; None: cut by MAX_DEPTH where it was made
        self.size = size  # schema visits it took (counted against MAX_VALUES wherever it is reused)
        self.reached = reached


# resolver's owner (a Description) -> resolver function -> memo; a plain function is its own owner
_STORES: weakref.WeakKeyDictionary[Any, dict[Any, _Memo]] = weakref.WeakKeyDictionary()


def _store_for(resolve: Resolve) -> _Memo:
    owner = getattr(resolve, "__self__", resolve)
    key = getattr(resolve, "__func__", None)  # never the owner itself: the weak key would never die
    try:
        per_owner = _STORES.get(owner)
        if per_owner is None:
            per_owner = _STORES[owner] = {}
    except TypeError:  # not weak-referenceable: memoize within this call only
        return _Memo()
    memo = per_owner.get(key)
    if memo is None:
        memo = per_owner[key] = _Memo()
    return memo


class Walk:
    """One generation: the path of references being expanded, and what the current one has met.

    A reference's example may be memoized when nothing in it depends on where it was met: no cut of a
    reference from outside it (``floor`` below its position), and no cut by ``MAX_VALUES``. One cut by
    ``MAX_DEPTH`` is memoized for the depth it was met at. An example that contains a cut of its own
    references, or a depth cut, records the references around them (``reached``): on a path that holds one
    of them, the example would have been cut differently, so it is generated again there. The result is the same value a walk without any memo
    would give.
    """

    __slots__ = (
        "capped",
        "deepest",
        "direction",
        "floor",
        "memo",
        "open_schemas",
        "positions",
        "reached",
        "resolve",
        "spent",
        "stack",
    )

    def __init__(self, memo: _Memo, resolve: Resolve, direction: str):
        self.memo = memo
        self.resolve = resolve
        self.direction = direction
        self.stack: list[str] = []
        self.positions: dict[str, int] = {}
        self.floor = math.inf  # lowest path position of a reference cut inside the current frame
        self.reached: set[str] | None = None
        self.capped = 0  # _DEPTH, _SIZE: a limit was hit, the value depends on where it was met
        self.deepest = 0
        self.spent = 0  # schema visits of this generation, memo hits counted at their full size
        self.open_schemas = 0  # schemas open on the way here

    def target(self, ref: str) -> tuple[bool, Any]:
        try:
            return self.memo.targets[ref]
        except KeyError:
            pass
        try:
            found = (True, self.resolve(ref))
        except (LookupError, ValueError, TypeError):
            found = (False, None)
        self.memo.targets[ref] = found
        return found

    def value(self, schema: Any, depth: int) -> Any:
        if not isinstance(schema, dict):
            return None  # a boolean schema, or nonsense
        if depth > self.deepest:
            self.deepest = depth
        self.spent += 1
        if depth > MAX_DEPTH or self.spent > MAX_VALUES or self.open_schemas >= MAX_OPEN_SCHEMAS:
            # a cut for too many open schemas depends on the path like a size cut: neither is memoized
            self.capped |= _DEPTH if depth > MAX_DEPTH else _SIZE
            ref = schema.get("$ref")
            if isinstance(ref, str):  # an array whose items it is would have been [] had it been on the path
                self.reached = {ref} if self.reached is None else self.reached | {ref}
            return self.empty(schema)
        self.open_schemas += 1
        try:
            return self.own_or_generated(schema, depth)
        finally:
            self.open_schemas -= 1

    def own_or_generated(self, schema: dict, depth: int) -> Any:
        declared, value = own_value(schema)
        if declared and (fits_type(value, schema) or "type" not in schema):
            return plain(value)  # once: the example the walk builds around it is not copied
        ref = schema.get("$ref")
        if isinstance(ref, str):
            return self.ref_value(ref, depth)
        if "allOf" in schema and isinstance(schema["allOf"], list):
            return self.all_of(schema, depth)
        for key in ("oneOf", "anyOf"):
            if isinstance(schema.get(key), list) and schema[key]:
                return self.one_of(schema, key, depth)
        return self.typed(schema, depth)

    # references

    def ref_value(self, ref: str, depth: int) -> Any:
        if ref in self.positions:
            return self.cut(ref)
        found, target = self.target(ref)
        if not found:
            return None
        entries = self.memo.entries
        entry = entries.get((ref, self.direction))
        if entry is None or not self.reusable(entry, depth):
            entry = entries.get((ref, self.direction, depth))
        if entry is not None and self.reusable(entry, depth):
            if entry.height is None:
                self.capped |= _DEPTH
                self.deepest = max(self.deepest, MAX_DEPTH + 1)
            else:
                self.deepest = max(self.deepest, depth + entry.height)
            self.spent += entry.size
            if entry.reached is not None:
                self.reached = set(entry.reached) if self.reached is None else self.reached | entry.reached
            return entry.value
        outer = (self.floor, self.reached, self.capped, self.deepest)
        position = len(self.stack)
        self.stack.append(ref)
        self.positions[ref] = position
        self.floor, self.reached, self.capped, self.deepest = math.inf, None, 0, depth
        spent = self.spent
        try:
            value = self.value(target, depth)
        finally:
            self.stack.pop()
            del self.positions[ref]
        floor, reached, capped, deepest = self.floor, self.reached, self.capped, self.deepest
        if floor != math.inf or reached is not None or capped & _DEPTH:
            # a cycle cut, or a depth cut (which may hide one): where one of these is on the path, the
            # example would come out cut differently
            reached = {ref} if reached is None else reached | {ref}
        if not capped & _SIZE and floor >= position:
            frozen = frozenset(reached) if reached else None
            if capped & _DEPTH:
                entries[(ref, self.direction, depth)] = _Entry(value, None, self.spent - spent, frozen)
            else:
                entries[(ref, self.direction)] = _Entry(value, deepest - depth, self.spent - spent, frozen)
        outer_floor, outer_reached, outer_capped, outer_deepest = outer
        self.floor = min(outer_floor, floor)
        if reached is not None:
            self.reached = reached if outer_reached is None else outer_reached | reached
        else:
            self.reached = outer_reached
        self.capped = outer_capped | capped
        self.deepest = max(outer_deepest, deepest)
        return value

    def reusable(self, entry: _Entry, depth: int) -> bool:
        """Whether generating again here would give the memoized value: no limit hit, no other cut."""
        if entry.height is not None and depth + entry.height > MAX_DEPTH:
            return False
        if self.spent + entry.size > MAX_VALUES:
            return False
        return entry.reached is None or not any(ref in entry.reached for ref in self.stack)

    def cut(self, ref: str) -> Any:
        position = self.positions[ref]
        if position < self.floor:
            self.floor = position
        return self.smallest(self.target(ref)[1])

    def empty(self, schema: dict) -> Any:
        return self.smallest(schema)

    def smallest(self, schema: Any, depth: int = 0, hops: int = 0) -> Any:
        """What a cut leaves in place of ``schema``: the smallest value it accepts, without going deeper
        than a few levels: ``None`` where null is allowed, an enum's first member, an object of its
        required properties only, an array of its ``minItems``, a scalar as generated."""
        if not isinstance(schema, dict) or depth > _SMALLEST_DEPTH:
            return None
        ref = schema.get("$ref")
        if isinstance(ref, str):
            found, target = self.target(ref)
            return self.smallest(target, depth, hops + 1) if found and hops < _SMALLEST_HOPS else None
        if nullable(schema):
            return None
        declared, value = own_value(schema)
        if declared and fits_type(value, schema):
            return plain(value)
        for key in ("allOf", "oneOf", "anyOf"):
            parts = [p for p in schema.get(key) or [] if isinstance(p, dict)]
            if key != "allOf" and any(self.smallest(p, depth + 1) is None and nullable(p) for p in parts):
                return None
            if parts:
                merged: Any = None
                for part in parts if key == "allOf" else parts[:1]:
                    merged = deep_merged(merged, self.smallest(part, depth + 1))
                return merged
        kind = type_of(schema)
        if kind == "object":
            properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
            required = [n for n in schema.get("required") or [] if isinstance(n, str) and n in properties]
            value = {name: self.smallest(properties[name], depth + 1) for name in required}
            return {**value, **dict.fromkeys(undeclared_required(schema), "string")}
        if kind == "array":
            count = schema.get("minItems") if isinstance(schema.get("minItems"), int) else 0
            return [self.smallest(schema.get("items"), depth + 1)] * min(max(count, 0), MAX_ITEMS)
        return self.typed(schema, MAX_DEPTH) if kind in ("string", "integer", "number", "boolean") else None

    # combinators

    def all_of(self, schema: dict, depth: int) -> Any:
        parts = [self.value(part, depth) for part in schema["allOf"]]
        own = {k: v for k, v in schema.items() if k != "allOf"}
        if SHAPE_KEYWORDS.intersection(own) or "oneOf" in own or "anyOf" in own:
            parts.append(self.value(own, depth))
        merged: Any = None
        for part in parts:
            merged = deep_merged(merged, part)
        if isinstance(merged, dict) and self.stack and self.target(self.stack[-1])[1] is schema:
            merged = self.inherited_label(schema["allOf"], self.stack[-1], merged)
        return merged

    def inherited_label(self, parts: list, ref: str, value: dict) -> dict:
        """A component that extends a base with a discriminator (``allOf: [$ref: Pet]``) names itself."""
        for part in parts:
            if not (isinstance(part, dict) and isinstance(part.get("$ref"), str)):
                continue
            base = self.target(part["$ref"])[1]
            discriminator = base.get("discriminator") if isinstance(base, dict) else None
            prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
            if isinstance(prop, str):
                labels = self.memo.labels.get(part["$ref"])
                if labels is None:
                    labels = self.memo.labels[part["$ref"]] = inverted_mapping(discriminator.get("mapping"))
                label = labels.get(ref, ref.rsplit("/", 1)[-1])
                return {**value, prop: self.declared_label({"$ref": ref}, prop, label)}
        return value

    def one_of(self, schema: dict, key: str, depth: int) -> Any:
        branch, label = chosen_branch(schema, schema[key])
        prop = schema["discriminator"]["propertyName"] if label is not None else None
        value = self.value(branch, depth)
        own = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "discriminator")}
        if SHAPE_KEYWORDS.intersection(own) or "allOf" in own:
            value = deep_merged(self.value(own, depth), value)
        if label is not None and isinstance(value, dict):
            value = {**value, prop: self.declared_label(branch, prop, label)}
        return value

    def declared_label(self, branch: Any, prop: str, label: str) -> Any:
        """The discriminator value a branch declares for itself (its property's single ``enum`` member or
        ``const``, directly or in an ``allOf`` part), else ``label``."""
        if isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
            branch = self.target(branch["$ref"])[1]
        if not isinstance(branch, dict):
            return label
        parts = [branch, *(p for p in branch.get("allOf") or [] if isinstance(p, dict))]
        for part in parts:
            if isinstance(part.get("$ref"), str):
                part = self.target(part["$ref"])[1]
            properties = part.get("properties") if isinstance(part, dict) else None
            own = properties.get(prop) if isinstance(properties, dict) else None
            if isinstance(own, dict) and isinstance(own.get("$ref"), str):
                own = self.target(own["$ref"])[1]
            if isinstance(own, dict):
                if "const" in own:
                    return own["const"]
                enum = [v for v in own.get("enum") or [] if v is not None]
                if len(enum) == 1 or (enum and label not in enum):
                    return label if label in enum else enum[0]
        return label

    # types

    def typed(self, schema: dict, depth: int) -> Any:
        kind = type_of(schema)
        if kind == "object":
            return self.object(schema, depth)
        if kind == "array":
            return self.array(schema, depth)
        if kind == "string":
            return string_value(schema)
        if kind == "integer":
            return number_value(schema, integer=True)
        if kind == "number":
            return number_value(schema, integer=False)
        if kind == "boolean":
            return True
        if kind == "file":
            return BINARY
        return None

    def object(self, schema: dict, depth: int) -> dict:
        result: dict[str, Any] = {}
        properties = schema.get("properties")
        extra = schema.get("additionalProperties")
        if isinstance(properties, dict) and properties:
            required = schema.get("required") if isinstance(schema.get("required"), list) else []
            for name, sub in properties.items():
                if self.direction == "required" and name not in required:
                    continue
                if not self.left_out(sub):
                    result[str(name)] = self.value(sub, depth + 1)
        elif isinstance(extra, dict):
            wanted = schema.get("minProperties")
            count = min(max(wanted if isinstance(wanted, int) else 1, 1), MAX_ITEMS)
            for number in range(1, count + 1):
                result[f"additionalProp{number}"] = self.value(extra, depth + 1)
        # required, yet not among the properties (an allOf part that only lists required names is left to
        # the part that declares them)
        for name in undeclared_required(schema) if properties or extra is not None else ():
            result.setdefault(name, self.value(extra, depth + 1) if isinstance(extra, dict) else "string")
        return result

    def left_out(self, schema: Any) -> bool:
        return left_out(schema, self.direction, self.target)

    def array(self, schema: dict, depth: int) -> list:
        max_items = schema.get("maxItems")
        if isinstance(max_items, int) and not isinstance(max_items, bool) and max_items <= 0:
            return []
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list):
            tuple_items = schema.get("items") if isinstance(schema.get("items"), list) else None
        if tuple_items is not None:
            return [self.value(item, depth + 1) for item in tuple_items[:MAX_ITEMS]]
        items = schema.get("items")
        if not isinstance(items, dict):
            return []
        ref = items.get("$ref")
        if isinstance(ref, str) and ref in self.positions and not own_value(items)[0]:
            self.cut(ref)
            return []
        min_items = schema.get("minItems")
        count = min_items if isinstance(min_items, int) and not isinstance(min_items, bool) else 1
        # a few items make an example; a schema that asks for more gets as many as it asks (up to a limit)
        count = max(1, min(count, MAX_ITEMS))
        if isinstance(max_items, int) and not isinstance(max_items, bool):
            count = min(count, max_items)
        item = self.value(items, depth + 1)
        return [item] * count
