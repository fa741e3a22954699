"""orgdocs: explore, try and publish an HTTP API from its OpenAPI description.

``import orgdocs`` stays light: every public name is imported on first use, so pandas, ipywidgets,
nbconvert and starlette load only when a table, a widget, an export or a server is asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs._lazy import lazy_face

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
    "load_config": "orgdocs.project",
    "Site": "orgdocs.project",
    "endpoints": "orgdocs.render",
    "parameters": "orgdocs.render",
    "responses": "orgdocs.render",
    "schemas": "orgdocs.render",
    "export_pages": "orgdocs.render.nbconvert",
    "frame": "orgdocs.render",
    "build_site": "orgdocs.render.site",
    "check_response": "orgdocs.render",
    "mock_client": "orgdocs.render",
}

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs._version import __version__
    from orgdocs.errors import ConfigError, DescriptionError, OrgdocsError, SourceError
    from orgdocs.model import Description, load
    from orgdocs.project import Site, load_config
    from orgdocs.render import check_response, endpoints, frame, mock_client, parameters, responses, schemas
    from orgdocs.render.nbconvert import export_pages
    from orgdocs.render.site import build_site


_getattr, _ = lazy_face(__name__, _LAZY)


def __getattr__(name: str) -> object:
    if name == "widgets":  # the module orgdocs.widgets, not a name in it
        import orgdocs.widgets

        return orgdocs.widgets
    return _getattr(name)


def __dir__() -> list[str]:
    return sorted([*__all__, "widgets"])
