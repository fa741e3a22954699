"""The loading layer: a description's bytes to data, its ``$ref``s followed where they point.

Its face loads each name on first use (``orgdocs._lazy``): reading a JSON file imports neither httpx nor the
YAML reader. Behind it, one job a module:

- ``_sources``: ``read_source`` (a file or a URL, the size capped), ``schema_source`` (where a config's
  ``schema:`` entry is read from), ``is_url``; ``_deadline`` (one deadline for a whole fetch) and
  ``_inflate`` (gzip and deflate undone under that cap) serve it;
- ``_parse``: ``parse_document``, JSON or YAML chosen by extension; ``_yaml``: ``load_yaml`` and
  ``yaml_findings`` (duplicate keys), with ``_yaml_build``, ``_yaml_scalars`` and ``_yaml_text``; ``_limits``: how deep either parser lets a document nest;
- ``_refs``: ``Resolver`` (local ``$ref``s, lazily), ``follow``, ``iter_refs``, ``is_local``, JSON Pointer
  tokens (``pointer_tokens``, ``escape_token``), and the keys that hold data or names, never references
  (``DATA_KEYS``, ``NAME_MAPS``);
- ``_folders``: ``resolve_below``, the one rule for every file a config makes orgdocs read (``PathRefused``).
"""

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
