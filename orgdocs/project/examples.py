"""Example values for request bodies, responses and parameters, taken from the description or generated.

When a description gives no example, one is generated from the schema, deterministically: the same schema
always gives the same value, whatever was generated before. Every renderer (static pages, the browser's
body editor, the notebook form, tables) shows these values, and the per-operation payload carries them.

Rules of ``example_from_schema``, in order:

1. The schema's own value: ``example``, else the first of ``examples`` (a JSON Schema array), ``default``,
   ``const``, the first non-null ``enum`` member, when it has the schema's ``type`` (a description's
   ``example: 500`` for a string, or ``null`` where null is not allowed, is passed over: generated values
   must pass the schema, as a mock's answers are checked). A ``$ref`` with such siblings uses them.
2. ``$ref``: the target's example. A reference met again on the current path is cut, and a cut leaves the
   smallest value the schema accepts (``_Walk.smallest``): ``None`` where null is allowed, an object of its
   required properties only (a few levels deep), ``[]`` (or ``minItems`` smallest items), a scalar as
   generated. An array whose items are cut is ``[]``. An unresolvable reference gives ``None``.
3. ``allOf``: the parts' examples merged (objects deep-merged, later keys win; else the last non-null).
4. ``oneOf``/``anyOf``: with a ``discriminator`` mapping, the first mapping entry that names a branch (else
   the first entry), with the discriminator property set to its key; else the first branch that is not
   ``{"type": "null"}`` (its component name set as the discriminator value, if there is a discriminator).
   A component that extends, through ``allOf``, a base with a discriminator sets the property to its
   mapping key, else to its own name. Where the branch declares the property's value itself (one ``enum``
   member, or ``const``), that value is set instead of a name its schema would refuse.
5. By type (a 3.1 type list uses its first non-null member; without ``type``, ``properties`` means
   object, ``items`` array, a string format or length string, bounds number): objects list every property
   (the ``required`` direction: the required ones only) except ``readOnly`` ones in requests and
   ``writeOnly`` ones in responses, and only when there is no
   property an ``additionalProp1`` entry from an ``additionalProperties`` schema; arrays hold one item (or
   ``minItems``, up to 3); strings match their ``pattern`` (``pattern_example``; the format's text where the
   pattern takes it), else come from ``format`` (``_STRING_FORMATS``) or are ``"string"`` fitted to
   ``minLength``/``maxLength``; numbers are 0 moved into ``minimum``/
   ``maximum`` (exclusive too) and onto ``multipleOf``; booleans ``True``; Swagger's ``file`` ``"<binary>"``.

Values nest at most ``MAX_DEPTH`` levels, one example visits at most ``MAX_VALUES`` schemas (so a large
web of mutually recursive schemas stays small), and at most ``MAX_OPEN_SCHEMAS`` schemas are open at once,
``$ref``, ``allOf``, ``oneOf`` and ``anyOf`` counted (so a chain of 50,000 references or ``allOf`` links is cut,
not a ``RecursionError``); past any limit values are cut like cycles. Results are
memoized per ``(ref, direction)`` for each resolver (a ``Description.resolve``, kept as long as its
description lives, which must not change meanwhile), so a pass over every operation of a large description
reuses the shared components; a memoized value is reused only where generating it again would give the same.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import re
import weakref
from collections.abc import Callable
from typing import Any, Literal

from orgdocs.loading.refs import follow
from orgdocs.model.objects import MediaType, Operation, Parameter
from orgdocs.project.pattern_example import pattern_example
from orgdocs.project.schemas import schema_facts

__all__ = [
    "MAX_DEPTH",
    "MAX_OPEN_SCHEMAS",
    "MAX_VALUES",
    "Direction",
    "Resolve",
    "declared_example",
    "example_from_schema",
    "left_out",
    "media_example",
    "operation_examples",
    "parameter_example",
]

Resolve = Callable[[str], Any]  # $ref -> target; KeyError when it cannot be resolved
# "required": a request body of the required properties only (what a form's body editor starts from)
Direction = Literal["request", "response", "required"]

MAX_DEPTH = 12  # levels of nested values (object properties, array items)
MAX_ITEMS = 3  # items of a generated array, whatever minItems says
MAX_VALUES = 4000  # schema visits per example: large cyclic descriptions would otherwise explode
MAX_OPEN_SCHEMAS = 64  # schemas open at once (references and combinators included): Python's stack is finite
_DEPTH, _SIZE = 1, 2  # which limit cut a value

_UUID = "3fa85f64-5717-4562-b3fc-2c963f66afa6"
_BINARY = "<binary>"
_STRING_FORMATS = {
    "date-time": "2024-01-01T12:00:00Z",
    "date": "2024-01-01",
    "time": "12:00:00Z",
    "duration": "P1D",
    "uuid": _UUID,
    "uri": "https://example.com",
    "url": "https://example.com",
    "uri-reference": "https://example.com",
    "iri": "https://example.com",
    "iri-reference": "https://example.com",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "c3RyaW5n",  # base64 of "string"
    "binary": _BINARY,
    "password": "********",
    "int32": "0",
    "int64": "0",
    "float": "0",
    "double": "0",
    "decimal": "0",
}
_OBJECT_KEYWORDS = (
    "properties",
    "additionalProperties",
    "patternProperties",
    "minProperties",
    "maxProperties",
)
_ARRAY_KEYWORDS = ("items", "prefixItems", "minItems", "maxItems", "contains")
_STRING_KEYWORDS = ("minLength", "maxLength", "pattern")
_NUMBER_KEYWORDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
# keywords that make a schema generate something of its own beside allOf/oneOf/anyOf
_SHAPE_KEYWORDS = frozenset(("type", "format", *_OBJECT_KEYWORDS, *_ARRAY_KEYWORDS))


def example_from_schema(schema: Any, resolve: Resolve, *, direction: Direction) -> Any:
    """A deterministic example of ``schema`` (see the module docstring): JSON-ready, a fresh copy."""
    return _plain(_generate(schema, resolve, direction))


def media_example(media: MediaType, resolve: Resolve, *, direction: Direction) -> tuple[bool, Any]:
    """``(generated, value)``: the media type's own ``example`` or first usable ``examples`` entry, else a
    value generated from its schema. An Example Object with only ``externalValue`` is skipped (not fetched).
    """
    generated, value = _media_example(media, resolve, direction)
    return generated, _plain(value)


def parameter_example(param: Parameter, resolve: Resolve) -> Any:
    """A parameter's ``example``, else its first usable ``examples`` entry, else one from its schema (or from
    the first media type of its ``content``)."""
    found, value = declared_example(param.example, param.has_example, param.examples, resolve)
    if found:
        return _plain(value)
    if param.schema is None and param.content:
        return media_example(param.content[0], resolve, direction="request")[1]
    return example_from_schema(param.schema, resolve, direction="request")


def operation_examples(operation: Operation, resolve: Resolve) -> dict[str, Any]:
    """``{"request": {media type: {"value", "generated"[, "start"]}}, "responses": {status: {media type: ...}}}``.

    ``start``, for a generated request body, is the example of its required properties only (what a form's
    body editor starts from), where it differs from the whole one; not for a webhook, which has no form.

    Every media type of the request body is listed; responses without content are left out. The values
    are JSON-ready but not copied (they share parts with each other and with later results, which keeps a
    pass over a large description cheap): serialize them, or copy before changing one.
    """
    request: dict[str, Any] = {}
    if operation.request_body is not None:
        for media in operation.request_body.content:
            generated, value = _media_example(media, resolve, "request")
            request[media.media_type] = {"value": value, "generated": generated}
            if generated and not operation.webhook:  # a form starts from the required fields only
                start = _generate(media.schema, resolve, "required")
                if start != value:
                    request[media.media_type]["start"] = start
    responses: dict[str, Any] = {}
    for response in operation.responses:
        entries = {}
        for media in response.content:
            generated, value = _media_example(media, resolve, "response")
            entries[media.media_type] = {"value": value, "generated": generated}
        if entries:
            responses[str(response.status)] = entries
    return {"request": request, "responses": responses}


# --- declared examples ------------------------------------------------------------------------------------


def _generate(schema: Any, resolve: Resolve, direction: str) -> Any:
    """The example, shared with the memo: not to be changed."""
    return _Walk(_store_for(resolve), resolve, direction).value(schema, 0)


def _media_example(media: MediaType, resolve: Resolve, direction: str) -> tuple[bool, Any]:
    found, value = declared_example(media.example, media.has_example, media.examples, resolve)
    if found:
        return False, _plain(value)
    return True, _generate(media.schema, resolve, direction)


def declared_example(example: Any, has_example: bool, examples: dict, resolve: Resolve) -> tuple[bool, Any]:
    """``(found, value)``: the ``example`` of a parameter or media type (``has_example``: an explicit
    ``example: null`` counts), else the ``value`` of its first usable ``examples`` entry."""
    if has_example or example is not None:
        return True, example
    for entry in (examples or {}).values():
        entry = follow(entry, resolve)
        if isinstance(entry, dict) and "value" in entry:
            return True, entry["value"]
    return False, None


def _own_value(schema: dict) -> tuple[bool, Any]:
    """The value a schema states itself: the first of example, examples[0], default, const and enum that has
    the schema's type and is one of its enum (``_fits_type``), else the first of them."""
    candidates = _own_values(schema)
    if not candidates:
        return False, None
    return True, next((value for value in candidates if _fits_type(value, schema)), candidates[0])


def _own_values(schema: dict) -> list[Any]:
    found = []
    if "example" in schema:
        found.append(schema["example"])
    examples = schema.get("examples")
    if isinstance(examples, list) and examples:
        found.append(examples[0])
    elif isinstance(examples, dict) and examples:  # a 3.0 misuse: a map of Example Objects
        first = next(iter(examples.values()))
        found.append(first.get("value") if isinstance(first, dict) else first)
    for key in ("default", "const"):
        if key in schema:
            found.append(schema[key])
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        found.append(next((member for member in enum if member is not None), None))
    return found


# --- generation -------------------------------------------------------------------------------------------


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


class _Walk:
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
        declared, value = _own_value(schema)
        if declared and (_fits_type(value, schema) or "type" not in schema):
            return _plain(value)  # once: the example the walk builds around it is not copied
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
        if _nullable(schema):
            return None
        declared, value = _own_value(schema)
        if declared and _fits_type(value, schema):
            return _plain(value)
        for key in ("allOf", "oneOf", "anyOf"):
            parts = [p for p in schema.get(key) or [] if isinstance(p, dict)]
            if key != "allOf" and any(self.smallest(p, depth + 1) is None and _nullable(p) for p in parts):
                return None
            if parts:
                merged: Any = None
                for part in parts if key == "allOf" else parts[:1]:
                    merged = _merge(merged, self.smallest(part, depth + 1))
                return merged
        kind = _type_of(schema)
        if kind == "object":
            properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
            required = [n for n in schema.get("required") or [] if isinstance(n, str) and n in properties]
            value = {name: self.smallest(properties[name], depth + 1) for name in required}
            return {**value, **dict.fromkeys(_undeclared_required(schema), "string")}
        if kind == "array":
            count = schema.get("minItems") if isinstance(schema.get("minItems"), int) else 0
            return [self.smallest(schema.get("items"), depth + 1)] * min(max(count, 0), MAX_ITEMS)
        return self.typed(schema, MAX_DEPTH) if kind in ("string", "integer", "number", "boolean") else None

    # combinators

    def all_of(self, schema: dict, depth: int) -> Any:
        parts = [self.value(part, depth) for part in schema["allOf"]]
        own = {k: v for k, v in schema.items() if k != "allOf"}
        if _SHAPE_KEYWORDS.intersection(own) or "oneOf" in own or "anyOf" in own:
            parts.append(self.value(own, depth))
        merged: Any = None
        for part in parts:
            merged = _merge(merged, part)
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
                    labels = self.memo.labels[part["$ref"]] = _inverted_mapping(discriminator.get("mapping"))
                label = labels.get(ref, ref.rsplit("/", 1)[-1])
                return {**value, prop: self.declared_label({"$ref": ref}, prop, label)}
        return value

    def one_of(self, schema: dict, key: str, depth: int) -> Any:
        branch, label = _choose_branch(schema, schema[key])
        prop = schema["discriminator"]["propertyName"] if label is not None else None
        value = self.value(branch, depth)
        own = {k: v for k, v in schema.items() if k not in ("oneOf", "anyOf", "discriminator")}
        if _SHAPE_KEYWORDS.intersection(own) or "allOf" in own:
            value = _merge(self.value(own, depth), value)
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
        kind = _type_of(schema)
        if kind == "object":
            return self.object(schema, depth)
        if kind == "array":
            return self.array(schema, depth)
        if kind == "string":
            return _string(schema)
        if kind == "integer":
            return _number(schema, integer=True)
        if kind == "number":
            return _number(schema, integer=False)
        if kind == "boolean":
            return True
        if kind == "file":
            return _BINARY
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
        for name in _undeclared_required(schema) if properties or extra is not None else ():
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
        if isinstance(ref, str) and ref in self.positions and not _own_value(items)[0]:
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


def _choose_branch(schema: dict, branches: list) -> tuple[Any, str | None]:
    """The branch of a oneOf/anyOf an example takes, and the discriminator value to set (or None)."""
    discriminator = schema.get("discriminator")
    prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
    mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
    if isinstance(prop, str) and isinstance(mapping, dict) and mapping:
        branch_refs = [b.get("$ref") for b in branches if isinstance(b, dict)]
        known = set(branch_refs)
        key, value = next(
            ((k, v) for k, v in mapping.items() if _mapping_ref(v, branch_refs) in known),
            next(iter(mapping.items())),
        )
        return {"$ref": _mapping_ref(value, branch_refs)}, str(key)
    branch = next((b for b in branches if not _is_null_schema(b)), branches[0])
    if isinstance(prop, str) and isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
        return branch, branch["$ref"].rsplit("/", 1)[-1]
    return branch, None


def _inverted_mapping(mapping: Any) -> dict[str, str]:
    """``{subschema ref: first mapping key naming it}``."""
    inverted: dict[str, str] = {}
    for key, value in (mapping if isinstance(mapping, dict) else {}).items():
        inverted.setdefault(_mapping_ref(value, []), str(key))
    return inverted


def _mapping_ref(value: Any, branch_refs: list) -> str:
    """A discriminator mapping value is a reference or a bare schema name."""
    value = str(value)
    if "/" in value or value.startswith("#"):
        return value
    for ref in branch_refs:
        if isinstance(ref, str) and ref.rsplit("/", 1)[-1] == value:
            return ref
    return "#/components/schemas/" + value


def left_out(schema: Any, direction: str | None, target: Callable[[str], tuple[bool, Any]]) -> bool:
    """readOnly properties are not sent (``request``), writeOnly ones are not received (``response``).

    ``target(ref)`` gives ``(found, schema)``: a property that is a reference, or wraps one in ``allOf``,
    carries the flag on its target (``orgdocs.project.schemas.schema_facts``).
    """
    if direction is None or not isinstance(schema, dict):
        return False
    flag = "writeOnly" if direction == "response" else "readOnly"
    if schema.get(flag) is True:
        return True
    if "$ref" not in schema and "allOf" not in schema:
        return False
    return schema_facts(schema, target).get(flag) is True  # a flag of a reference or an allOf member


def _is_null_schema(schema: Any) -> bool:
    return isinstance(schema, dict) and (schema.get("type") == "null" or schema.get("type") == ["null"])


def _type_of(schema: dict) -> str | None:
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if isinstance(kind, str):
        return kind
    if any(k in schema for k in _OBJECT_KEYWORDS):
        return "object"
    if any(k in schema for k in _ARRAY_KEYWORDS):
        return "array"
    fmt = schema.get("format")
    if fmt in ("int32", "int64"):
        return "integer"
    if fmt in ("float", "double"):
        return "number"
    if fmt in _STRING_FORMATS or any(k in schema for k in _STRING_KEYWORDS):
        return "string"
    if any(k in schema for k in _NUMBER_KEYWORDS):
        return "number"
    return None


_SMALLEST_DEPTH = 4  # levels a cut value fills with required properties
_SMALLEST_HOPS = 16  # references a cut value follows in a row
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str, _dt.date, _dt.time, bytes),  # YAML dates and timestamps become ISO text (_plain)
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list, tuple),
    "object": (dict,),
}


def _nullable(schema: dict) -> bool:
    kind = schema.get("type")
    return (
        schema.get("nullable") is True
        or schema.get("x-nullable") is True
        or kind == "null"
        or (isinstance(kind, list) and "null" in kind)
    )


def _undeclared_required(schema: dict) -> list[str]:
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    return [name for name in required if isinstance(name, str) and name not in properties]


def _fits_type(value: Any, schema: dict) -> bool:
    """Whether a value a schema declares for itself (``example``, ``default``...) has the schema's type and
    is one of its ``enum``: a description's ``example: 500`` for a string, or a ``default`` outside its own
    enum, is not used (the example is generated instead)."""
    enum = schema.get("enum")
    if (isinstance(enum, list) and enum and value not in enum) or (
        "const" in schema and value != schema["const"]
    ):
        return False
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if isinstance(kind, str) else []
    if value is None:
        return not kinds or "null" in kinds or _nullable(schema) or "enum" in schema
    return not kinds or any(_has_type(value, name) for name in kinds)


def _has_type(value: Any, name: str) -> bool:
    wanted = _JSON_TYPES.get(name)
    if wanted is None:
        return True  # a type this check does not know (Swagger's file): not refused
    if isinstance(value, bool) and name != "boolean":
        return False
    if name == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, wanted)


def _empty_for(schema: Any) -> Any:
    """What a cut leaves in place of ``schema``: an empty object or array, else None."""
    if not isinstance(schema, dict):
        return None
    kind = _type_of(schema)
    if kind == "object":
        return {}
    if kind == "array":
        return []
    return None


def _string(schema: dict) -> str:
    fmt = schema.get("format")
    if schema.get("contentEncoding") == "base64":
        fmt = "byte"
    pattern = schema.get("pattern")
    formatted = _STRING_FORMATS.get(fmt) if isinstance(fmt, str) else None
    matched = pattern_example(pattern) if isinstance(pattern, str) else None
    if matched is not None and not (formatted and re.search(pattern, formatted)):
        return matched  # the format's text where the pattern takes it, else the pattern's own
    if isinstance(fmt, str) and fmt in _STRING_FORMATS:
        return _STRING_FORMATS[fmt]
    text = "string"
    min_length, max_length = schema.get("minLength"), schema.get("maxLength")
    if isinstance(min_length, int) and min_length > len(text):
        text = (text * (min_length // len(text) + 1))[:min_length]
    if isinstance(max_length, int) and 0 <= max_length < len(text):
        text = text[:max_length]
    return text


def _bound(schema: dict, inclusive_key: str, exclusive_key: str) -> tuple[float | None, bool]:
    """A bound and whether it is exclusive: OpenAPI 3.0 boolean or 3.1 numeric ``exclusive*``."""
    bound = schema.get(inclusive_key)
    if not _is_number(bound):
        bound = None
    exclusive = schema.get(exclusive_key)
    if isinstance(exclusive, bool):
        return bound, exclusive and bound is not None
    if _is_number(exclusive):
        if bound is None:
            return exclusive, True
        tighter = exclusive >= bound if inclusive_key == "minimum" else exclusive <= bound
        return (exclusive, True) if tighter else (bound, False)
    return bound, False


def _number(schema: dict, *, integer: bool) -> int | float:
    low, low_open = _bound(schema, "minimum", "exclusiveMinimum")
    high, high_open = _bound(schema, "maximum", "exclusiveMaximum")
    step = schema.get("multipleOf")
    step = step if _is_number(step) and step > 0 else None
    if integer and step is not None:
        step = int(step) if float(step).is_integer() else None  # a fractional step on integers: ignored
    unit = step or 1
    if low is not None:
        value = low
        if low_open:
            value = math.floor(low) + 1 if integer else low + unit
            if not integer and high is not None and value >= high:
                value = (low + high) / 2
        elif integer:
            value = math.ceil(low)
        if step is not None:
            value = math.ceil(value / step) * step
            if low_open and value <= low:
                value += step
    elif high is not None and (high < 0 or (high_open and high <= 0)):
        value = high
        if high_open:
            value = math.ceil(high) - 1 if integer else high - unit
        elif integer:
            value = math.floor(high)
        if step is not None:
            value = math.floor(value / step) * step
            if high_open and value >= high:
                value -= step
    else:
        value = 0
    if integer:
        return int(value)
    value = round(value, 12)
    return int(value) if float(value).is_integer() else value


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _merge(base: Any, extra: Any) -> Any:
    """allOf: objects deep-merged (later keys win), else the last non-null value."""
    if isinstance(base, dict) and isinstance(extra, dict):
        merged = dict(base)
        for key, value in extra.items():
            merged[key] = _merge(merged[key], value) if key in merged else value
        return merged
    if extra is None:
        return base
    return extra


def _plain(value: Any) -> Any:
    """A JSON-ready copy: YAML dates as ISO text, tuples as lists, keys as strings, no NaN."""
    if value is None or isinstance(value, (str, bool, int)):
        return value
    try:  # the C encoder and decoder copy large examples several times faster than Python code
        return json.loads(json.dumps(value, allow_nan=False, ensure_ascii=False, default=_unusual))
    except (TypeError, ValueError):
        return _plain_slowly(value)


def _unusual(value: Any) -> Any:
    if isinstance(value, (_dt.date, _dt.time)):  # YAML parses unquoted dates and timestamps
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    raise TypeError(type(value).__name__)


def _plain_slowly(value: Any) -> Any:
    if isinstance(value, str) or value is None or isinstance(value, bool):
        return value
    if isinstance(value, dict):
        return {str(k): _plain_slowly(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain_slowly(v) for v in value]
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, (_dt.date, _dt.time)):  # YAML parses unquoted dates and timestamps
        return value.isoformat()
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)
