"""Whole pages of the static site: operation pages, hand-written pages, the changelog and the home page.

``PageRenderer`` holds what every page of one site shares (the sidebar cache, the asset URLs) and returns
each page's HTML; ``orgdocs.render.static.build`` decides where it goes. The dev server can render the same
pages from memory.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from markupsafe import Markup

from orgdocs.render.static.markdown import markdown_html
from orgdocs.render.static.navigation import Sidebar, base_prefix, full_navigation_html, href
from orgdocs.render.static.notebook import notebook_html
from orgdocs.render.static.operation import Fields, operation_context
from orgdocs.render.static.schema_tree import TreeCache
from orgdocs.render.static.templating import ASSETS, environment

__all__ = ["ASSET_FILES", "PageRenderer", "asset_urls"]

ASSET_FILES = ("site.css", "theme.js", "search.js", "site.js", "request.js", "schema.js", "form.js")
_HEADING = re.compile(r"^\s*<h1[\s>]")


def asset_urls() -> dict[str, str]:
    """Asset name -> its URL below the site root, with a content hash so readers never run stale code."""
    urls = {}
    for name in ASSET_FILES:
        digest = hashlib.sha256((ASSETS / name).read_bytes()).hexdigest()[:10]
        urls[name] = f"_docs/assets/{name}?v={digest}"
    return urls


class PageRenderer:
    """Renders any page of ``site`` to HTML text."""

    def __init__(self, site: Any):
        self.site = site
        self.sidebar = Sidebar(site)
        self.assets = asset_urls()
        self._caches: dict[int, TreeCache] = {}  # id(description) -> its schema trees
        env = environment()
        self._operation = env.get_template("site_operation.html.j2")
        self._page = env.get_template("site_page.html.j2")
        self._changelog = env.get_template("site_changelog.html.j2")
        self._home = env.get_template("site_home.html.j2")

    def chrome(self, route: str, title: str, group: str = "", kind: str = "") -> Fields:
        return Fields(
            {
                "base": base_prefix(route),
                "route": route,
                "title": title,
                "site_title": self.site.title,
                "group": group,
                "kind": kind,
                "sidebar": Markup(self.sidebar.html(route)),
                "assets": self.assets,
            }
        )

    def operation(self, route: str, payload_json: str | None = None) -> str:
        """The page of the operation at ``route``; ``payload_json``: its payload, when already made."""
        if payload_json is None:
            payload_json = self.site.payload_json(route)
        cache = self._caches.setdefault(id(self.site.operations[route].description), TreeCache())
        op = operation_context(self.site, route, samples=False, cache=cache, payload_json=payload_json)
        page = self.chrome(route, op["title"], op["group"], "operation")
        return self._operation.render(page=page, op=op, payload_json=payload_json)

    def page(self, route: str) -> str:
        """A hand-written page, a changelog update, or the changelog's list page."""
        entry = self.site.pages[route]
        if entry.page is None:
            return self.changelog(route)
        source = entry.page
        body = notebook_html(source.path) if source.kind == "notebook" else markdown_html(source.text)
        page = self.chrome(route, entry.title, entry.group, source.kind)
        page["date"] = source.date.isoformat() if source.date else ""
        page["has_heading"] = bool(_HEADING.match(body)) or source.kind == "notebook"
        return self._page.render(page=page, body=Markup(body))

    def changelog(self, route: str) -> str:
        entry = self.site.pages[route]
        base = base_prefix(route)
        updates = [
            {
                "title": update.title,
                "date": update.date.isoformat() if update.date else "",
                "href": href(base, f"{route}/{update.slug}"),
                "html": Markup(markdown_html(_without_heading(update.text))),
            }
            for update in entry.updates
        ]
        page = self.chrome(route, entry.title, entry.group, "changelog")
        return self._changelog.render(page=page, updates=updates)

    def home(self) -> str:
        page = self.chrome("", self.site.title)
        routes = self.site.routes
        first = next(iter([*self.site.pages, *self.site.operations]), None) if routes else None
        first_route = _first_in_navigation(self.site) or first
        return self._home.render(
            page=page,
            toc=Markup(full_navigation_html(self.site)),
            first_href=href("", first_route) if first_route else "",
        )


def _first_in_navigation(site: Any) -> str | None:
    for group in site.navigation:
        for section in group["sections"]:
            for item in section["items"]:
                return item["route"]
    return None


def _without_heading(markdown: str) -> str:
    """An update's text on the list page, without its own first heading (the list shows the title)."""
    lines = markdown.lstrip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines)
