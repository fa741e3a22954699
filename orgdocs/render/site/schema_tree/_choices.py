"""Choices below a schema: ``allOf`` members merged into one object, and the variants of ``oneOf``/``anyOf``
and of a ``discriminator``.

``allOf`` members merge their type, format and flags (``orgdocs.project._schemas``) and their properties (here:
``merge_all_of``); parts that cannot merge (a cycle, an unresolvable reference, variants of their own) are an
"All of" list. A ``oneOf``/``anyOf`` of scalars reads inline ("string or integer", ``_head``); other
``oneOf``/``anyOf`` branches, and the subtypes of a ``discriminator`` (those its mapping names or, without a
mapping, the components whose ``allOf`` names its base: ``implicit_subtypes``), are rows of a
``.schema-variants[data-choice]`` box (``data-discriminator``: the property that tells them apart), each
named by its title, its component or its mapping key; ``assets/schema.js`` turns the box into a selector
(one variant shown at a time, Redoc's way). A variant that extends the base it is listed under
(``allOf: [$ref: Pet]`` below Pet) shows only what it adds.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any, NamedTuple

from orgdocs.project import COMPONENT_SCHEMAS, implicit_subtypes
from orgdocs.render.site.schema_tree._context import Where
from orgdocs.render.site.schema_tree._keywords import (
    _discriminator,
    _is_null,
    _list,
    _mapped_variants,
    _mapping_names,
    _variant_name,
)


class _Choices:
    """The walker's methods for ``allOf`` merging and variants (a base of ``_Tree``, whose ``bases``,
    ``frames``, ``positions``, ``stack``, ``cache``, ``target`` and ``row`` they use)."""

    __slots__ = ()

    def choices(
        self, schema: dict, chooser: dict | None, base: str | None, inline_union: bool
    ) -> list[tuple[str, list, dict]]:
        """(label, branches, their names by $ref) of each choice below ``schema``: its
        ``oneOf`` and ``anyOf``, else the subtypes of the discriminator choosing here, from its mapping or,
        without one, the components whose ``allOf`` names its base (OpenAPI's implicit rule)."""
        groups = []
        for key, label in (("oneOf", "One of"), ("anyOf", "Any of")):
            branches = _list(schema.get(key))
            if branches and not inline_union and not all(_is_null(b) for b in branches):
                groups.append((label, branches, _mapping_names(schema)))
        if chooser is not None and not any(k in chooser for k in ("oneOf", "anyOf")):
            subtypes = self.subtypes(chooser, base)
            if subtypes:
                names = {ref: key for key, ref in subtypes}
                groups.append(("One of", [{"$ref": ref} for _, ref in subtypes], names))
        return groups

    def subtypes(self, chooser: dict, base: str | None) -> list[tuple[str, str]]:
        """(value, $ref) of each subtype of a discriminator: its mapping's, else its base's implicit ones."""
        mapped = _mapped_variants(chooser)
        if mapped or base is None or _discriminator(chooser) is None:
            return mapped
        index = self.cache.subtypes
        if index is None:
            found, schemas = self.target(COMPONENT_SCHEMAS.rstrip("/"))
            index = self.cache.subtypes = implicit_subtypes(schemas if found else None)
        return index.get(base, [])

    def discriminated(self, schema: dict, where: Where | None) -> tuple[dict | None, str | None]:
        """(the schema whose discriminator chooses among this one's variants, its $ref or None): the schema
        itself, else an ``allOf`` member with a discriminator whose mapping does not name this schema (a
        request body ``allOf: [$ref: Pet]`` chooses among Pet's variants; Cat, one of them, does not)."""
        own = where or ""
        if _discriminator(schema):
            return schema, own or None
        for part in _list(schema.get("allOf")):
            ref = part.get("$ref") if isinstance(part, dict) else None
            if not isinstance(ref, str):
                continue
            found, target = self.target(ref)
            if found and isinstance(target, dict) and _discriminator(target):
                if own and any(own == sub for _, sub in self.subtypes(target, ref)):
                    return None, None  # a subtype of it, listed below it
                return target, ref
        return None, None

    def variants(
        self,
        label: str,
        branches: list,
        depth: int,
        *,
        names: dict | None = None,
        choice: bool = False,
        discriminator: str | None = None,
    ) -> str:
        rows = []
        for branch in branches:
            if _is_null(branch):
                continue
            name = _variant_name(branch, names or {}) or f"Option {len(rows) + 1}"  # nulls are not options
            rows.append(self.row(escape(name), branch, depth, variant=True))
        data = " data-choice" if choice and len(rows) > 1 else ""
        if data and discriminator:
            data += f' data-discriminator="{escape(discriminator)}"'
        head = f'<div class="schema-variants"{data}><div class="schema-variants-label">{label}</div>'
        return "".join((head, '<ul class="schema-props">', *rows, "</ul></div>"))

    def merge_all_of(self, schema: dict) -> tuple[dict, dict[str, str], str | None] | None:
        """The properties of every ``allOf`` part in one object; the references each property came through
        (name -> "ref ref", where any did); and the base left out, where the schema is listed as a variant of
        a base it extends (its fields are shown above it). None when a part cannot be merged (a cycle, an
        unresolvable reference, variants of its own)."""
        merged = _Merged({}, {}, [], set(), [])
        own = {k: v for k, v in schema.items() if k != "allOf"}
        for part in _list(schema.get("allOf")):
            if not self.merge_part(part, 0, merged, ()):
                return None
        if not self.merge_part(own, 0, merged, ()):
            return None
        fields = {"properties": merged.properties, "required": merged.required}
        return fields, merged.origins, merged.left[0] if merged.left else None

    def merge_part(self, part: Any, hops: int, merged: _Merged, via: tuple[str, ...]) -> bool:
        """Add one ``allOf`` part to ``merged``; False when it cannot be merged. (A method, not a closure of
        merge_all_of: a recursive closure is a reference cycle, freed only by the collector.)"""
        if hops > 16 or not isinstance(part, dict):
            return False
        ref = part.get("$ref")
        if isinstance(ref, str):
            if ref in self.bases:
                # a variant listed under the base it extends: the base's fields are shown above it
                # (and the variant's subtree, shown without them, must not be reused elsewhere)
                if self.frames:
                    floor = self.positions.get(ref, -math.inf)
                    self.frames[-1].floor = min(self.frames[-1].floor, floor)
                merged.left.append(ref)
                return True
            if ref in self.stack or ref in merged.seen:
                return False
            merged.seen.add(ref)
            if self.frames:  # what is merged depends on it as what is expanded does (see ``reuse``)
                self.frames[-1].reached.add(ref)
            found, target = self.target(ref)
            return found and self.merge_part(target, hops + 1, merged, (*via, ref))
        if any(k in part for k in _UNMERGEABLE):
            return False
        for sub in _list(part.get("allOf")):
            if not self.merge_part(sub, hops + 1, merged, via):
                return False
        own = part.get("properties")
        if isinstance(own, dict):
            merged.properties.update(own)
            origin = " ".join(via)
            for name in own:
                merged.origins[name] = origin
        merged.required.extend(_list(part.get("required")))
        return True


class _Merged(NamedTuple):
    """What ``merge_all_of`` gathers from the parts."""

    properties: dict[str, Any]
    origins: dict[str, str]  # property -> the references it came through, space-separated
    required: list
    seen: set[str]
    left: list[str]  # the bases left out (see ``merge_all_of``)


_UNMERGEABLE = ("oneOf", "anyOf", "not", "items", "prefixItems", "additionalProperties", "patternProperties")
