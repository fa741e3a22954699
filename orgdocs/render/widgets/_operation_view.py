"""``OperationView``: one operation's reference, the same sanitized HTML as its static page, in the site's look.

The HTML comes from ``orgdocs.render._html.operation_html``, the static site's own renderer, and is drawn by the
site's front-end (``_frontend``) with its stylesheet and schema trees: the notebook shows exactly what the
page shows (description, parameters, schemas, examples, security, servers, samples), from one implementation. ``operation_target`` turns what a notebook user has at hand (a site and a route,
a site entry, or an operation) into the (site, route) every view is built from.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import traitlets

from orgdocs.render.widgets._site_widget import SiteWidget, compact_responses, safe_operation_html

if TYPE_CHECKING:
    from orgdocs.model import Description, Operation
    from orgdocs.project import OperationEntry, Site

__all__ = ["OperationView", "operation_target", "safe_operation_html"]

_SITES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Description -> its one-group Site


def _site_of(description: Description, group: str = "API") -> Site:
    from orgdocs.project import Site

    sites = _SITES.setdefault(description, {})
    if group not in sites:
        sites[group] = Site.from_description(description, group=group)
    return sites[group]


def _lone_description(operation: Operation) -> Description:
    """A description holding only ``operation``, for an operation given without its description."""
    from orgdocs.model import from_document

    document = {
        "openapi": "3.1.0",
        "info": {"title": operation.title, "version": ""},
        "paths": {operation.path: {operation.method: operation.raw or {}}},
    }
    return from_document(document, source=f"{operation.method.upper()} {operation.path}")


def operation_target(
    target: Site | OperationEntry | Operation,
    route: str | None = None,
    description: Description | None = None,
) -> tuple[Site, str]:
    """(site, route) of an operation given as ``(site, route)``, a site's ``OperationEntry``, or an
    ``Operation`` (with the ``description`` it belongs to; without one, refs it makes stay unresolved)."""
    from orgdocs.model import Operation
    from orgdocs.project import OperationEntry, Site

    if isinstance(target, Site):
        if route is None:
            raise TypeError("a route is needed with a Site: OperationView(site, route)")
        route = "/" + route.strip("/")
        if route not in target.operations:
            raise KeyError(f"no operation at route {route!r}")
        return target, route
    if isinstance(target, OperationEntry):
        operation, description, group = target.operation, target.description, target.group
    elif isinstance(target, Operation):
        operation, group = target, "API"
        description = description or target.api_description  # an operation of load(...) knows its description
        if description is None:
            description = _lone_description(target)
            operation = description.operations[0] if description.operations else target
    else:
        raise TypeError(
            f"expected a Site and a route, an OperationEntry or an Operation, not {type(target).__name__}"
        )
    site = _site_of(description, group)
    for found, entry in site.operations.items():
        if entry.operation is operation:
            return site, found
    raise KeyError(f"{operation.method.upper()} {operation.path} is not an operation of {description.source}")


class OperationView(SiteWidget):
    """The reference of one operation. ``OperationView(site, route)``, ``OperationView(entry)`` or
    ``OperationView(operation, description=...)``; ``.html`` is the HTML shown. ``samples=False`` leaves
    out the code samples."""

    _route = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        target: Site | OperationEntry | Operation,
        route: str | None = None,
        *,
        description: Description | None = None,
        samples: bool = True,
        **kwargs: Any,
    ):
        site, route = operation_target(target, route, description)
        self.route = route
        self.operation = site.operations[route].operation
        self.samples = samples
        self._whole = safe_operation_html(site, route, samples=samples)
        super().__init__(
            site, _kind="operation", _route=route, _html=compact_responses(self._whole), **kwargs
        )

    def __repr__(self) -> str:
        return f"<OperationView {self.operation.method.upper()} {self.operation.path} ({self.route})>"

    def _shown_route(self) -> str:
        return self.route

    def page_html(self, route: str) -> str:
        return self._whole if route == self.route else safe_operation_html(self.site, route)
