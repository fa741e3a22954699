"""The loading layer: a description's bytes from a file, a public file or a URL (``read_source``,
``schema_source``), parsed as JSON or YAML (``parse_document``, ``load_yaml``), and its ``$ref``s (``Resolver``,
``iter_refs``, JSON Pointer tokens). Its names load on first use: reading a JSON file imports neither httpx nor
the YAML reader."""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs._lazy import lazy_face

__all__ = [
    "DATA_KEYS",
    "NAME_MAPS",
    "PathRefused",
    "Resolver",
    "escape_token",
    "follow",
    "is_local",
    "is_url",
    "iter_refs",
    "load_yaml",
    "parse_document",
    "pointer_tokens",
    "read_source",
    "resolve_below",
    "schema_source",
    "yaml_findings",
]

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.loading._folders import PathRefused, resolve_below
    from orgdocs.loading._parse import parse_document
    from orgdocs.loading._refs import (
        DATA_KEYS,
        NAME_MAPS,
        Resolver,
        escape_token,
        follow,
        is_local,
        iter_refs,
        pointer_tokens,
    )
    from orgdocs.loading._sources import is_url, read_source, schema_source
    from orgdocs.loading._yaml import load_yaml, yaml_findings

__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "DATA_KEYS": "orgdocs.loading._refs",
        "NAME_MAPS": "orgdocs.loading._refs",
        "PathRefused": "orgdocs.loading._folders",
        "Resolver": "orgdocs.loading._refs",
        "escape_token": "orgdocs.loading._refs",
        "follow": "orgdocs.loading._refs",
        "is_local": "orgdocs.loading._refs",
        "is_url": "orgdocs.loading._sources",
        "iter_refs": "orgdocs.loading._refs",
        "load_yaml": "orgdocs.loading._yaml",
        "parse_document": "orgdocs.loading._parse",
        "pointer_tokens": "orgdocs.loading._refs",
        "read_source": "orgdocs.loading._sources",
        "resolve_below": "orgdocs.loading._folders",
        "schema_source": "orgdocs.loading._sources",
        "yaml_findings": "orgdocs.loading._yaml",
    },
)
