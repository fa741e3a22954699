"""orgdocs: explore, try and publish an HTTP API from its OpenAPI description.

``import orgdocs`` stays light: every public name is imported on first use, so pandas, ipywidgets,
nbconvert and starlette load only when a table, a widget, an export or a server is asked for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = [
    "ConfigError",
    "Description",
    "DescriptionError",
    "OrgdocsError",
    "Site",
    "SourceError",
    "__version__",
    "build_site",
    "check_response",
    "endpoints",
    "export_pages",
    "frame",
    "load",
    "load_config",
    "mock_client",
    "parameters",
    "responses",
    "schemas",
]

# public name -> module that defines it
_LAZY = {
    "__version__": "orgdocs._version",
    "OrgdocsError": "orgdocs.errors",
    "DescriptionError": "orgdocs.errors",
    "SourceError": "orgdocs.errors",
    "ConfigError": "orgdocs.errors",
    "load": "orgdocs.model",
    "Description": "orgdocs.model",
    "load_config": "orgdocs.project.config",
    "Site": "orgdocs.project",
    "endpoints": "orgdocs.render.tables",
    "parameters": "orgdocs.render.tables",
    "responses": "orgdocs.render.tables",
    "schemas": "orgdocs.render.tables",
    "export_pages": "orgdocs.render.nbconvert",
    "frame": "orgdocs.render.frames",
    "build_site": "orgdocs.render.site.build",
    "check_response": "orgdocs.render.checks",
    "mock_client": "orgdocs.render.mock_server",
}

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs._version import __version__
    from orgdocs.errors import ConfigError, DescriptionError, OrgdocsError, SourceError
    from orgdocs.model import Description, load
    from orgdocs.project import Site
    from orgdocs.project.config import load_config
    from orgdocs.render.checks import check_response
    from orgdocs.render.frames import frame
    from orgdocs.render.mock_server import mock_client
    from orgdocs.render.nbconvert import export_pages
    from orgdocs.render.site.build import build_site
    from orgdocs.render.tables import endpoints, parameters, responses, schemas


def __getattr__(name: str) -> Any:
    if name == "widgets":
        return importlib.import_module("orgdocs.widgets")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'orgdocs' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*__all__, "widgets"])
