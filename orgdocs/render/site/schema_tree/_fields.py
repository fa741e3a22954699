"""The rows of an object's fields: its properties, each marked where a direction leaves it out (a request,
readOnly ones; a response, writeOnly ones), pattern and additional properties, and tuple items; and their
count, for a row folded or cut before they are drawn."""

from __future__ import annotations

from html import escape
from typing import Any

from orgdocs.project import left_out
from orgdocs.render.site.schema_tree._keywords import _list


class _Fields:
    """The walker's methods that list an object's fields (a base of ``_Tree``, whose ``cache`` and
    ``target`` they use)."""

    __slots__ = ()

    def field_count(self, schema: dict, shared: bool) -> tuple[int, int, int]:
        """How many rows ``field_entries`` gives, without making them; and how many of them a request leaves
        out (read-only properties), and a response (write-only ones)."""
        properties = self.shown_properties(schema, shared)
        count = len(properties)
        reads, writes = left_out_counts(properties)
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            count += len(patterns)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            count += 1
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list) and isinstance(schema.get("items"), list):
            tuple_items = schema["items"]
        return count + (len(tuple_items) if isinstance(tuple_items, list) else 0), reads, writes

    def field_entries(self, schema: dict, origins: dict | None = None) -> list[tuple[str, Any, bool, str]]:
        """(name HTML, schema, required, the attributes of its row) of each row of fields: properties (with
        ``origins``: of an ``allOf``, merged for this place; see ``merge_all_of``), pattern and additional
        properties, and tuple items."""
        entries: list[tuple[str, Any, bool, str]] = list(self.shown_properties(schema, origins is None))
        if origins:  # a property merged from another schema says which (``data-from``)
            names = list(schema["properties"])
            entries = [
                (
                    *entry[:3],
                    entry[3] + (f' data-from="{escape(origins[name])}"' if origins.get(name) else ""),
                )
                for name, entry in zip(names, entries, strict=True)
            ]
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            for pattern, sub in patterns.items():
                entries.append((f"/{escape(str(pattern))}/", sub, False, ""))
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            entries.append(("[key: string]", extra, False, ""))
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list) and isinstance(schema.get("items"), list):
            tuple_items = schema["items"]
        if isinstance(tuple_items, list):
            for i, sub in enumerate(tuple_items):
                entries.append((f"[{i}]", sub, False, ""))
        return entries

    def shown_properties(self, schema: dict, shared: bool) -> list[tuple[str, Any, bool, str]]:
        """(name HTML, schema, required, direction mark) of each property: the mark (``data-only``) of one
        that a request leaves out (read-only) or a response (write-only). Made once per schema when it is
        one of the description's (``shared``), not made for one place."""
        cache = self.cache.properties if shared else None
        known = cache.get(id(schema)) if cache is not None else None
        if known is not None:
            return known[1]
        properties = schema.get("properties")
        shown = []
        if isinstance(properties, dict):
            required = set(s for s in _list(schema.get("required")) if isinstance(s, str))
            shown = [
                (escape(str(name)), sub, name in required, self.only(sub)) for name, sub in properties.items()
            ]
        if cache is not None:
            cache[id(schema)] = (schema, shown)
        return shown

    def only(self, schema: Any) -> str:
        """The direction mark of a property's row: read-only (a request leaves it out), write-only (a
        response does), or none."""
        if left_out(schema, "request", self.target):
            return _READ
        if left_out(schema, "response", self.target):
            return _WRITE
        return ""


def left_out_counts(entries: list[tuple[str, Any, bool, str]]) -> tuple[int, int]:
    """How many of the rows ``field_entries`` gives a request leaves out, and how many a response does."""
    reads = writes = 0
    for entry in entries:
        attrs = entry[3]
        if attrs.startswith(_READ):
            reads += 1
        elif attrs.startswith(_WRITE):
            writes += 1
    return reads, writes


_READ = ' data-only="read"'
_WRITE = ' data-only="write"'
