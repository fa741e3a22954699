"""``ExampleTypes``: a ``Walk``'s value for a schema's type: objects, arrays and scalars."""

from __future__ import annotations

from typing import Any

from orgdocs.project._example_limits import MAX_ITEMS
from orgdocs.project._example_values import (
    BINARY,
    left_out,
    number_value,
    own_value,
    string_value,
    type_of,
    undeclared_required,
)

__all__ = ["ExampleTypes"]


class ExampleTypes:
    """The part of ``Walk`` that generates a value of a schema's type."""

    __slots__ = ()

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
