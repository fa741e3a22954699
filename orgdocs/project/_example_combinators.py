"""``ExampleCombinators``: a ``Walk``'s ``allOf``, ``oneOf`` and ``anyOf``, and the discriminator values
they name."""

from __future__ import annotations

from typing import Any

from orgdocs.project._example_values import SHAPE_KEYWORDS, chosen_branch, deep_merged, inverted_mapping

__all__ = ["ExampleCombinators"]


class ExampleCombinators:
    """The part of ``Walk`` that merges ``allOf`` parts and picks a ``oneOf`` or ``anyOf`` branch."""

    __slots__ = ()

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
