"""The shipped OpenAPI description of the Organization Management API, read once and served as YAML or JSON."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

__all__ = ["DESCRIPTION_PATH", "description", "description_json", "description_yaml"]

# It lives in the bundled docs project's public folder, whose files every build publishes beside the pages
# (so the site offers /openapi.yaml for download), and nothing else of the package does.
DESCRIPTION_PATH = Path(__file__).parent.parent / "bundled_project" / "public" / "openapi.yaml"


@functools.cache
def description_yaml() -> bytes:
    return DESCRIPTION_PATH.read_bytes()


@functools.cache
def description() -> dict[str, Any]:
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's C loader where present
    return yaml.load(description_yaml(), Loader=loader)


@functools.cache
def description_json() -> bytes:
    return json.dumps(description(), ensure_ascii=False, indent=2).encode("utf-8")
