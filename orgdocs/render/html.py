"""HTML of what a description says, shared by the static site, the dev server and the notebook widgets.

Three functions, each safe for any description (text escaped, Markdown sanitized):

- ``markdown_html(text)``: CommonMark and tables, sanitized (no script, no event handler, no ``javascript:``
  URL; links get ``rel="noopener nofollow"``);
- ``schema_tree_html(schema, resolve, ...)``: an expandable schema tree (``<details>``), cycles as links,
  depth- and size-limited;
- ``operation_html(site, route)``: an operation's whole detail without the page chrome, from the
  ``operation_detail.html.j2`` template.

The static page embeds the same detail (``site_operation.html.j2`` includes the template), so the notebook's
``OperationView`` shows exactly what the page shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs.render.site.markdown import markdown_html, sanitize_html
from orgdocs.render.site.schema_tree import TreeCache, TreeContext, schema_tree_html

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["TreeCache", "TreeContext", "markdown_html", "operation_html", "sanitize_html", "schema_tree_html"]


def operation_html(site: Site, route: str, *, samples: bool = True) -> str:
    """The detail of the operation at ``route``: title, method badge, path, deprecation, description,
    parameters, request body, responses (schema trees and examples), security, servers and, unless
    ``samples`` is false, the curl / Python / JavaScript samples."""
    from orgdocs.render.site.operation import operation_context
    from orgdocs.render.site.templating import environment

    context = operation_context(site, route, samples=samples)
    return environment().get_template("operation_detail.html.j2").render(op=context)
