"""orgdocs: explore, try and publish an HTTP API from its OpenAPI description.

The library's face:

- ``load(source)``: one ``Description``, Swagger 2.0 or OpenAPI 3.x read into one model (``orgdocs.model``);
- ``Site(config)``, ``load_config``: a docs project evaluated, its routes, search and payloads
  (``orgdocs.project``);
- ``endpoints``, ``parameters``, ``responses``, ``schemas``: pandas tables of an API; ``frame``: a JSON
  answer as a DataFrame; ``check_response``: how an answer differs from its description; ``mock_client``: an
  httpx client that a mock of the description answers (``orgdocs.render``);
- ``build_site(site, out)``: the static reference site (``orgdocs.render.site``); ``export_pages``: some or
  all of its pages, from a script or a notebook (``orgdocs.render.nbconvert``);
- ``OrgdocsError`` and the errors below it (``orgdocs.errors``);
- ``orgdocs.widgets``: the notebook views (``Explorer``, ...), imported only when asked for.

``import orgdocs`` stays light: every name is imported on first use (``orgdocs._lazy``), so pandas,
ipywidgets, nbconvert and starlette load only when a table, a widget, an export or a server is asked for.
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
