"""Helpers for the site tests: small docs projects written into a temporary folder.

``tests/data/site/`` holds the fixed projects; these build one per test when a rule needs its own
description (a collision, a fallback, a hostile reference).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from orgdocs.project import Site

SITE_DATA = Path(__file__).resolve().parent / "data" / "site"
PROJECT = SITE_DATA / "project"
PROJECT_CONFIG = PROJECT / "docs.config.yaml"
REACH = SITE_DATA / "payloads" / "reach.yaml"
SWAGGER = SITE_DATA / "payloads" / "swagger.yaml"


def api(paths: dict[str, Any], **top: Any) -> dict[str, Any]:
    """A minimal OpenAPI 3.0 description around ``paths``."""
    return {"openapi": "3.0.3", "info": {"title": "Test API", "version": "1"}, "paths": paths, **top}


def op(**fields: Any) -> dict[str, Any]:
    """An operation object with a response, plus ``fields``."""
    return {"responses": {"200": {"description": "ok"}}, **fields}


def write_project(
    root: Path,
    descriptions: dict[str, Any] | None = None,
    *,
    groups: list[dict[str, Any]] | None = None,
    files: dict[str, str] | None = None,
    config_name: str = "docs.config.yaml",
    **top: Any,
) -> Path:
    """Write a docs project into ``root``: descriptions below ``content/`` (dicts written as JSON), other
    ``files`` relative to ``root``, and the config. Without ``groups``, one group "API" with a schema section
    per description. Returns the config's path."""
    content = root / "content"
    content.mkdir(parents=True, exist_ok=True)
    for relative, document in (descriptions or {}).items():
        path = content / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    for relative, text in (files or {}).items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if groups is None:
        groups = [{"group": "API", "sections": [{"schema": name} for name in descriptions or {}]}]
    config = {"content": "./content", **top, "groups": groups}
    path = root / config_name
    text = (
        json.dumps(config, indent=2)
        if config_name.endswith(".json")
        else yaml.safe_dump(config, sort_keys=False)
    )
    path.write_text(text, encoding="utf-8")
    return path


def site_of(root: Path, description: dict[str, Any], group: str = "API", **top: Any) -> Site:
    """The site of a config with one group holding one description."""
    groups = [{"group": group, "sections": [{"schema": "openapi.json"}]}]
    return Site(write_project(root, {"openapi.json": description}, groups=groups, **top))


# A regex with a backslash and a union with a null branch: the server's trees and schema.js show the pattern as
# written and number the options without a gap.
PATTERN_AND_OPTIONS = {
    "type": "object",
    "properties": {
        "code": {"type": "string", "pattern": r"^\d{6}$"},
        "value": {
            "oneOf": [
                {"type": "string"},
                {"type": "null"},
                {"type": "object", "properties": {"a": {"type": "integer"}}},
            ]
        },
    },
}
