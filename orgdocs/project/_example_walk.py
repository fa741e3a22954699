"""Generating an example from a schema, as ``orgdocs.project._examples`` states the rules: one ``Walk`` per
example, over the references it expands, cutting cycles and what passes the limits (``MAX_DEPTH``,
``MAX_VALUES``, ``MAX_OPEN_SCHEMAS``, in ``_example_limits``), with a memo of the examples of references per
resolver (``_store_for``). What a cut leaves is in ``_example_cuts``, the combinators in
``_example_combinators``, the value of each type in ``_example_types``.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from typing import Any

from orgdocs.project._example_combinators import ExampleCombinators
from orgdocs.project._example_cuts import ExampleCuts
from orgdocs.project._example_limits import MAX_DEPTH, MAX_OPEN_SCHEMAS, MAX_VALUES
from orgdocs.project._example_types import ExampleTypes
from orgdocs.project._example_values import fits_type, own_value, plain

__all__ = ["Resolve", "Walk", "generate"]

Resolve = Callable[[str], Any]  # $ref -> target; KeyError when it cannot be resolved
_DEPTH, _SIZE = 1, 2  # which limit cut a value


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


class Walk(ExampleCuts, ExampleCombinators, ExampleTypes):
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
