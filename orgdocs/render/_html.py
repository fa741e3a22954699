"""HTML of what a description says, shared by the static site, the dev server and the notebook widgets.

Four functions, each safe for any description (text escaped, Markdown sanitized):

- ``markdown_html(text)``: CommonMark and tables, sanitized (no script, no event handler, no ``javascript:``
  URL; links get ``rel="noopener nofollow"``);
- ``schema_tree_html(schema, resolve, ...)``: an expandable schema tree (``<details>``), cycles as links,
  components below its root folded;
- ``overview_html(site)``: each of the site's descriptions introduced as its landing page does (version, its
  own text, servers, how to authenticate), for a notebook Explorer before an operation is chosen;
- ``operation_html(site, route)``: an operation's whole detail without the page chrome, from the
  ``operation_detail.html.j2`` template, and ``component_tree_html(site, route, ref)``: the tree of a
  component its folded rows name, which a notebook view asks for when one is opened (a site fetches the
  component's page instead).

The static page embeds the same detail (``site_operation.html.j2`` includes the template), so the notebook's
``OperationView`` shows exactly what the page shows, but for links to schema pages, which a notebook has not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs.render.site import markdown_html, sanitize_html
from orgdocs.render.site.schema_tree import TreeCache, TreeContext, schema_tree_html

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = [
    "TreeCache",
    "TreeContext",
    "component_tree_html",
    "markdown_html",
    "operation_html",
    "overview_html",
    "sanitize_html",
    "schema_tree_html",
]


def operation_html(site: Site, route: str, *, samples: bool = True) -> str:
    """The detail of the operation at ``route``: title, method badge, path, deprecation, description,
    parameters, request body, responses (schema trees and examples), security, servers and, unless
    ``samples`` is false, the curl / Python / JavaScript samples."""
    from orgdocs.render.site import environment, operation_context

    entry = site.operations["/" + route.strip("/")]
    context = operation_context(site, route, samples=samples, cache=_notebook_trees(site, entry.description))
    return environment().get_template("operation_detail.html.j2").render(op=context)


def overview_html(site: Site) -> str:
    """Each description of ``site`` introduced: version, its own text (headings from ``h3``), servers and how
    to authenticate, as the site's landing page says them (``landing_api.html.j2``)."""
    from orgdocs.render.site import api_context, environment

    apis = [api_context(description) for description in site.descriptions]
    return environment().get_template("api_overview.html.j2").render(apis=apis, named=len(apis) > 1)


def component_tree_html(site: Site, route: str, ref: str) -> str:
    """The tree of the component schema ``ref`` of the operation at ``route``'s description, as its page on a
    site shows it; ``KeyError`` where ``ref`` is no component schema of that description."""
    description = site.operations["/" + route.strip("/")].description
    cache = _notebook_trees(site, description)
    if not (cache.links and cache.links.get(ref)):
        raise KeyError(f"no component schema {ref!r}")
    return schema_tree_html({"$ref": ref}, description.resolve, context=TreeContext(cache=cache))


def _notebook_trees(site: Site, description: object) -> TreeCache:
    """Trees folded as the site's, their labels not links (a notebook has no schema pages)."""
    return TreeCache(links=site.schema_pages.links(description), link_labels=False)
