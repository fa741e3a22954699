"""``ExampleCuts``: what a ``Walk`` leaves where it cuts a value (a cycle, or a limit passed)."""

from __future__ import annotations

from typing import Any

from orgdocs.project._example_limits import MAX_DEPTH, MAX_ITEMS
from orgdocs.project._example_values import (
    deep_merged,
    fits_type,
    nullable,
    own_value,
    plain,
    type_of,
    undeclared_required,
)

__all__ = ["ExampleCuts"]

_SMALLEST_DEPTH = 4  # levels a cut value fills with required properties
_SMALLEST_HOPS = 16  # references a cut value follows in a row


class ExampleCuts:
    """The part of ``Walk`` that writes the smallest value a schema accepts in place of a cut."""

    __slots__ = ()

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
