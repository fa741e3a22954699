"""The rows of an object's fields: the properties the tree's direction keeps (a request leaves out readOnly
ones, a response writeOnly ones), pattern and additional properties, and tuple items; and their count, for
a row cut before they are drawn."""

from __future__ import annotations

from html import escape
from typing import Any

from orgdocs.project.examples import left_out
from orgdocs.render.site.schema_tree._keywords import _list


class _Fields:
    """The walker's methods that list an object's fields (a base of ``_Tree``, whose ``cache``, ``direction``
    and ``target`` they use)."""

    __slots__ = ()

    def field_count(self, schema: dict, shared: bool) -> int:
        """How many rows ``field_entries`` gives, without making them."""
        count = len(self.shown_properties(schema, shared))
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            count += len(patterns)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            count += 1
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list) and isinstance(schema.get("items"), list):
            tuple_items = schema["items"]
        return count + (len(tuple_items) if isinstance(tuple_items, list) else 0)

    def field_entries(self, schema: dict, merged: bool = False) -> list[tuple[str, Any, bool]]:
        """(name HTML, schema, required) of each row of fields: properties (``merged``: of an ``allOf``, made
        for this place), pattern and additional properties, and tuple items."""
        entries = []
        for _, name_html, sub, required in self.shown_properties(schema, not merged):
            entries.append((name_html, sub, required))
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            for pattern, sub in patterns.items():
                entries.append((f"/{escape(str(pattern))}/", sub, False))
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            entries.append(("[key: string]", extra, False))
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list) and isinstance(schema.get("items"), list):
            tuple_items = schema["items"]
        if isinstance(tuple_items, list):
            for i, sub in enumerate(tuple_items):
                entries.append((f"[{i}]", sub, False))
        return entries

    def shown_properties(self, schema: dict, shared: bool) -> list[tuple[Any, str, Any, bool]]:
        """(name, its HTML, schema, required) of each property the direction keeps; made once per schema
        when it is one of the description's (``shared``), not made for one place."""
        cache = self.cache.properties if shared else None
        key = (id(schema), self.direction)
        known = cache.get(key) if cache is not None else None
        if known is not None:
            return known[1]
        properties = schema.get("properties")
        shown = []
        if isinstance(properties, dict):
            required = set(s for s in _list(schema.get("required")) if isinstance(s, str))
            shown = [
                (name, escape(str(name)), sub, name in required)
                for name, sub in properties.items()
                if not self.left_out(sub)
            ]
        if cache is not None:
            cache[key] = (schema, shown)
        return shown

    def left_out(self, schema: Any) -> bool:
        return left_out(schema, self.direction, self.target)
