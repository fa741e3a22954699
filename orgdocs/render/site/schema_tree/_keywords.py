"""Small readers of schema keywords that every part of a tree asks: a list keyword, a null branch, a
``$ref``'s name, and a ``discriminator``'s property and mapping."""

from __future__ import annotations

from typing import Any


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") in ("null", ["null"]) and len(schema) <= 2


def ref_name(ref: str) -> str:
    return ref.rstrip("/").rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~") or ref


def _discriminator(schema: dict) -> str | None:
    discriminator = schema.get("discriminator")
    prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
    return prop if isinstance(prop, str) else None


def _mapping_names(schema: dict) -> dict[str, str]:
    """``{$ref: first mapping key}`` of a discriminator (bare schema names read as components), made once
    per mapping: Microsoft Graph's base entity maps two thousand types, and every tree reaching it asks.
    Read only."""
    discriminator = schema.get("discriminator")
    mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
    if not isinstance(mapping, dict) or not mapping:
        return {}
    cached = _MAPPINGS.get(id(mapping))
    if cached is None:
        if len(_MAPPINGS) >= 4096:
            _MAPPINGS.clear()
        names: dict[str, str] = {}
        for key, value in mapping.items():
            if isinstance(value, str):
                ref = value if value.startswith("#") or "/" in value else "#/components/schemas/" + value
                names.setdefault(ref, str(key))
        cached = _MAPPINGS[id(mapping)] = (mapping, names)
    return cached[1]


_MAPPINGS: dict[
    int, tuple[dict, dict[str, str]]
] = {}  # id(mapping) -> (mapping, names): the mapping kept alive


def _mapped_variants(schema: dict) -> list[tuple[str, str]]:
    """(mapping key, $ref) of a discriminator that names its variants only in its mapping (Redoc's Pet:
    Cat, Dog, HoneyBee), each $ref once."""
    if _discriminator(schema) is None:
        return []
    return [(key, ref) for ref, key in _mapping_names(schema).items()]


def _variant_name(branch: Any, names: dict[str, str]) -> str:
    """A variant's name: its title, else its discriminator mapping key, else its component's name."""
    if not isinstance(branch, dict):
        return ""
    title = branch.get("title")
    if isinstance(title, str) and title:
        return title
    ref = branch.get("$ref")
    if isinstance(ref, str):
        return names.get(ref) or ref_name(ref)
    return ""
