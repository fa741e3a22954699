"""What a component schema's page and a description's list of schemas show (``site_schema.html.j2``,
``site_schemas.html.j2``), from ``Site.schema_pages`` (``orgdocs.project._schema_pages``).

A schema page shows its tree with the renderer of operation pages and its description's cache of subtrees:
every field of the schema itself; the fields of another schema are on that schema's page, which its label
links to and where ``assets/schema.js`` fetches them when its row is opened (a page stays small whatever its
schema reaches). The tree has no direction: where a request or a response leaves a field out, it says so.
Then its example (as a response shows it) and what uses it.
"""

from __future__ import annotations

import hashlib
import html
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from orgdocs.project import example_from_schema, first_sentence, indented
from orgdocs.render.site._highlight import highlight
from orgdocs.render.site._navigation import relative_href
from orgdocs.render.site._pretty import pretty_json
from orgdocs.render.site.schema_tree import TreeCache, TreeContext, schema_tree_html

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = [
    "MAX_EXAMPLE_CHARS",
    "MAX_USERS",
    "schema_list_context",
    "schema_page_context",
]

MAX_EXAMPLE_CHARS = 3_000  # of a schema's example shown on its page: past it, the page says it is cut
MAX_USERS = 100  # operations, and schemas, listed under "Used by"; the rest are counted
_METHODS = frozenset(("get", "put", "post", "delete", "options", "head", "patch", "trace"))


def schema_page_context(site: Site, route: str, cache: TreeCache) -> dict:
    """The template context of the schema page at ``route`` (``cache``: the schema trees of its
    description, shared with its operation pages)."""
    pages = site.schema_pages
    entry = pages.schemas[route]
    description = entry.description
    tree = TreeContext(
        id_prefix="s" + hashlib.blake2s(route.encode(), digest_size=3).hexdigest() + "-",
        cache=cache,
    )
    tree_html = schema_tree_html({"$ref": entry.ref}, description.resolve, context=tree)
    here = cache.links.get(entry.ref) if cache.links else None
    if here:  # its own name, in the tree's head and in cycles back to it: this page
        link = f'<a class="schema-ref" href="{html.escape(here)}"'
        tree_html = tree_html.replace(
            link, f'<a class="schema-ref" aria-current="page" href="{html.escape(here)}"'
        )
    folder = [part for part in route.strip("/").split("/") if part]
    operations, schemas = pages.used_by(route)
    schema = entry.schema
    return {
        "name": entry.name,
        "ref": entry.ref,
        "group": entry.group,
        "api_title": description.title,
        "listing_href": relative_href(folder, entry.listing),
        "title": _text(schema, "title"),
        "tree": Markup(tree_html),
        "example": _example(schema, entry.ref, description.resolve, pages.only_sent(route)),
        "operations": [_operation_item(site, r, folder) for r in operations[:MAX_USERS]],
        "more_operations": max(0, len(operations) - MAX_USERS),
        "schemas": [_schema_item(site, r, folder) for r in schemas[:MAX_USERS]],
        "more_schemas": max(0, len(schemas) - MAX_USERS),
    }


def _example(schema: Any, ref: str, resolve: Any, sent: bool) -> dict | None:
    """The schema's example (its own, else generated), highlighted, maybe cut: as a response shows it, or
    as a request body does where operations only ``sent`` it (generated for their pages already)."""
    if schema is None:
        return None
    value = example_from_schema({"$ref": ref}, resolve, direction="request" if sent else "response")
    # a value in JSON (a string example in quotes), as the description writes it: not through pretty_json,
    # whose rule for numbers serves bodies that the browser rewrites, and which walks the whole value twice
    # more (a third of a schema page's time on GitHub's webhook payloads)
    try:
        text = indented(value, default=str, limit=MAX_EXAMPLE_CHARS)
    except (TypeError, ValueError):  # NaN, a mapping with keys JSON cannot have: the site's stricter writer
        text = pretty_json(value, limit=MAX_EXAMPLE_CHARS)
    cut = len(text) > MAX_EXAMPLE_CHARS
    text = text[:MAX_EXAMPLE_CHARS] if cut else text
    return {"html": Markup(highlight(text, "json")), "cut": cut}


def _text(schema: Any, key: str) -> str:
    value = schema.get(key) if isinstance(schema, dict) else None
    return value if isinstance(value, str) else ""


def _operation_item(site: Site, route: str, folder: list[str]) -> dict:
    operation = site.operations[route].operation
    method = operation.method.lower()
    return {
        "title": operation.title,
        "href": relative_href(folder, route),
        "method": operation.method.upper(),
        "method_class": method if method in _METHODS else "other",
        "path": operation.path,
        "deprecated": operation.deprecated,
    }


def _schema_item(site: Site, route: str, folder: list[str]) -> dict:
    entry = site.schema_pages.schemas[route]
    return {"name": entry.name, "href": relative_href(folder, route)}


def schema_list_context(site: Site, route: str) -> dict:
    """The template context of a description's list of schemas: each with its type and first sentence."""
    listing = site.schema_pages.listings[route]
    folder = [part for part in route.strip("/").split("/") if part]
    items = []
    for schema_route in listing.routes:
        entry = site.schema_pages.schemas[schema_route]
        schema = entry.schema
        items.append(
            {
                "name": entry.name,
                "href": relative_href(folder, schema_route),
                "type": _text(schema, "type"),
                "summary": first_sentence(_text(schema, "description"))
                or first_sentence(_text(schema, "title")),
                "deprecated": isinstance(schema, dict) and schema.get("deprecated") is True,
            }
        )
    return {
        "title": listing.title,
        "group": listing.group,
        "api_title": listing.description.title,
        "schemas": items,
    }
