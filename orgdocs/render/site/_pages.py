"""Whole pages of the static site: operation pages, hand-written pages, the changelog, the home page,
group landing pages, section (tag) pages, schema pages and their lists, and the page of unknown routes.

``PageRenderer`` holds what every page of one site shares (the sidebar cache, the asset URLs) and returns
each page's HTML; ``orgdocs.render.site._build`` decides where it goes. The dev server can render the same
pages from memory.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from orgdocs.project import PayloadParts, first_sentence
from orgdocs.render.site._asset_files import ASSET_FILES, asset_urls
from orgdocs.render.site._downloads import description_downloads
from orgdocs.render.site._markdown import inline_markdown_html, markdown_html
from orgdocs.render.site._navigation import Sidebar, base_prefix, href, relative_href
from orgdocs.render.site._notebook import notebook_html
from orgdocs.render.site._operation import nested_headings, operation_context, operation_neighbours
from orgdocs.render.site._schema_page import schema_list_context, schema_page_context
from orgdocs.render.site._templating import environment
from orgdocs.render.site.schema_tree import TreeCache

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["ASSET_FILES", "PageRenderer", "api_context", "asset_urls"]

_HEADING = re.compile(r"^\s*<h1[\s>]")


class PageRenderer:
    """Renders any page of ``site`` to HTML text."""

    def __init__(self, site: Site):
        self.site = site
        self.sidebar = Sidebar(site)  # routes the schema pages (Site.schema_pages) before any page is made
        self.assets = asset_urls()
        self._caches: dict[int, TreeCache] = {}  # id(description) -> its schema trees
        self._order: list[str] | None = None
        self._position: dict[str, int] = {}  # route -> its first index in _order
        self._downloads: dict | None = None  # description source -> _downloads.Download
        env = environment()
        self._operation = env.get_template("site_operation.html.j2")
        self._page = env.get_template("site_page.html.j2")
        self._changelog = env.get_template("site_changelog.html.j2")
        self._home = env.get_template("site_home.html.j2")
        self._section = env.get_template("site_tag.html.j2")
        self._schema = env.get_template("site_schema.html.j2")
        self._schema_list = env.get_template("site_schemas.html.j2")
        self._not_found = env.get_template("site_404.html.j2")
        for name in (
            "operation_detail.html.j2",
            "operation_parts.html.j2",
            "operation_form.html.j2",
            "operation_samples.html.j2",
            "operation_examples.html.j2",
        ):
            env.get_template(name)  # included at render time: compiled here once, not in each page writer

    def chrome(
        self,
        route: str,
        title: str,
        group: str = "",
        kind: str = "",
        base: str | None = None,
        description: str = "",
    ) -> dict:
        """What ``site_base.html.j2`` needs; ``base``: the root of links, when the page is not at ``route``;
        ``description``: the page's summary for search engines (its ``<meta name="description">``), plain
        text, else the title says it."""
        return dict(
            {
                "base": base_prefix(route) if base is None else base,
                "route": route,
                "title": title,
                "description": _meta_description(description) or _meta_description(title or self.site.title),
                "site_title": self.site.title,
                "group": group,
                "kind": kind,
                "sidebar": Markup(self._sidebar(route, base)),
                "assets": self.assets,
            }
        )

    def _sidebar(self, route: str, base: str | None) -> str:
        if base is None:
            return self.sidebar.html(route)
        # a page served away from its route (404.html): the sidebar's links, all relative to the root,
        # start at ``base`` instead
        return self.sidebar.html(route, []).replace('href="', f'href="{base}')

    def operation(
        self, route: str, parts: PayloadParts | None = None, payload_json: str | None = None
    ) -> str:
        """The page of the operation at ``route``; ``parts``: its payload, when already made; ``payload_json``:
        the payload's text that the page embeds, when not all of ``parts`` (``EmbeddedLater``)."""
        if parts is None:
            parts = self.site.payload_parts(route)
        if payload_json is None:
            payload_json = parts.to_bytes().decode("utf-8")
        cache = self.tree_cache(self.site.operations[route].description)
        entry = self.site.operations[route]
        op = operation_context(
            self.site, route, samples=False, form=not entry.operation.webhook, cache=cache, parts=parts
        )
        summary = entry.operation.summary if entry.operation.summary != op["title"] else ""
        said = first_sentence(summary or entry.operation.description or "")
        if not said:  # no words of its own: what it is
            line = f"{op['method'].upper()} {op['path']}"
            said = f"{op['title']}: {line}" if op["title"] != line else f"{line} of {entry.description.title}"
        page = self.chrome(route, op["title"], op["group"], "operation", description=said)
        order = self._operation_order()
        neighbours = operation_neighbours(order, self._position, route, self.site)
        return self._operation.render(page=page, op=op, payload_json=payload_json, neighbours=neighbours)

    def tree_cache(self, description: Any) -> TreeCache:
        """The schema trees of ``description``'s pages, whose type labels link to its schema pages."""
        cache = self._caches.get(id(description))
        if cache is None:
            cache = self._caches[id(description)] = TreeCache(links=self.site.schema_pages.links(description))
        return cache

    def schema(self, route: str) -> str:
        """The page of the component schema at ``route``."""
        entry = self.site.schema_pages.schemas[route]
        context = schema_page_context(self.site, route, self.tree_cache(entry.description))
        page = self.chrome(route, entry.name, entry.group, "schema")
        return self._schema.render(page=page, schema=context)

    def schema_list(self, route: str) -> str:
        """A description's list of component schemas."""
        context = schema_list_context(self.site, route)
        page = self.chrome(route, context["title"], context["group"], "schemas")
        return self._schema_list.render(page=page, listing=context)

    def _operation_order(self) -> list[str]:
        """Operation routes in navigation order (for previous/next links), listed once per renderer."""
        if self._order is None:
            self._order = [
                item["route"]
                for group in self.site.navigation
                for section in group["sections"]
                for item in section["items"]
                if item.get("kind") == "operation" and item["route"] in self.site.operations
            ]
            self._position = {route: i for i, route in reversed(list(enumerate(self._order)))}
        return self._order

    def page(self, route: str) -> str:
        """A hand-written page, a changelog update, or the changelog's list page."""
        entry = self.site.pages[route]
        if entry.page is None:
            return self.changelog(route)
        source = entry.page
        body = notebook_html(source.path) if source.kind == "notebook" else markdown_html(source.text)
        said = first_sentence(_without_heading(source.text)) if source.kind != "notebook" else ""
        page = self.chrome(route, entry.title, entry.group, source.kind, description=said)
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
        """The home page: each docs group's introduction and sections, and a link to each changelog."""
        page = self.chrome("", self.site.title, description=self._introduction(self.site.landings.values()))
        titled = len(self.site.navigation) > 1  # one group: the page's heading is the group's
        groups = []
        for group in self.site.navigation:
            landing = self.site.landings.get(group.get("route", ""))
            if landing is not None:
                groups.append(self._landing(landing, [], top=3 if titled else 2))
            else:
                first = _first_route(group)
                groups.append(
                    {"title": group["group"], "href": href("", first) if first else "", "kind": "link"}
                )
        return self._home.render(page=page, groups=groups, heading=self.site.title, titled=titled)

    def landing(self, route: str) -> str:
        """A docs group's landing page."""
        landing = self.site.landings[route]
        said = self._introduction([landing])
        page = self.chrome(route, landing.group, landing.group, "landing", description=said)
        context = self._landing(landing, [p for p in route.strip("/").split("/") if p], top=2)
        return self._home.render(page=page, groups=[context], heading="", titled=True)

    @staticmethod
    def _introduction(landings: Any) -> str:
        """The first sentence of the first description's introduction among ``landings``."""
        for landing in landings:
            for description in landing.descriptions:
                text = description.info.get("description")
                if isinstance(text, str) and first_sentence(text):
                    return first_sentence(text)
        return ""

    def _landing(self, landing: Any, folder: list[str], *, top: int) -> dict:
        """A group's landing context; ``top``: the level its descriptions' own headings start at."""
        sections = []
        for section_route in landing.sections:
            section = self.site.sections[section_route]
            sections.append(
                {
                    "title": section.title,
                    "href": relative_href(folder, section_route),
                    "count": len(section.routes),
                    "unit": "operation",
                    "summary": first_sentence(section.description),
                }
            )
        for listing in self.site.schema_pages.listings.values():  # then each description's schemas
            if any(listing.description is description for description in landing.descriptions):
                sections.append(
                    {
                        "title": listing.title,
                        "href": relative_href(folder, listing.route),
                        "count": len(listing.routes),
                        "unit": "component schema",
                        "summary": "",
                    }
                )
        return {
            "kind": "landing",
            "title": landing.group,
            "href": relative_href(folder, landing.route),
            "apis": [self._api_context(description, top) for description in landing.descriptions],
            "sections": sections,
        }

    def _api_context(self, description: Any, top: int) -> dict:
        if self._downloads is None:
            self._downloads = description_downloads(self.site)
        return api_context(description, self._downloads.get(description.source), top)

    def section(self, route: str) -> str:
        """A section's page: a tag's description, its external docs, and its operations."""
        section = self.site.sections[route]
        folder = [p for p in route.strip("/").split("/") if p]
        operations = []
        for operation_route in section.routes:
            operation = self.site.operations[operation_route].operation
            operations.append(
                {
                    "title": operation.title,
                    "href": relative_href(folder, operation_route),
                    "method": operation.method.upper(),
                    "path": operation.path,
                    "summary": first_sentence(operation.description),
                    "deprecated": operation.deprecated,
                }
            )
        said = first_sentence(section.description or "") or (
            f"{section.title}: {len(operations)} operations of {self.site.title}"
        )
        page = self.chrome(route, section.title, section.group, "section", description=said)
        return self._section.render(
            page=page,
            section=section,
            description=Markup(nested_headings(markdown_html(section.description), 2)),
            operations=operations,
        )

    def not_found(self) -> str:
        """``404.html``: served by static hosts at any depth, so its links start at the site's root."""
        page = self.chrome("", "Page not found", kind="not-found", base="/")
        return self._not_found.render(page=page)


def _meta_description(text: str) -> str:
    """``text`` (plain) cut at about 160 characters, where search engines cut a snippet."""
    text = " ".join(text.split())
    return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + "\u2026"


def _first_route(group: dict) -> str:
    for section in group["sections"]:
        if section["items"]:
            return section["items"][0]["route"]
    return ""


_SCHEME_KINDS = {
    "apiKey": "API key",
    "http": "HTTP",
    "oauth2": "OAuth 2.0",
    "openIdConnect": "OpenID Connect",
    "mutualTLS": "Mutual TLS",
}


def _scheme_summary(scheme: Any) -> str:
    """One line on how to send a credential: "HTTP bearer token (JWT)", "API key in the header X-Key"."""
    if scheme.type == "http":
        kind = {"bearer": "HTTP bearer token", "basic": "HTTP basic (user name and password)"}.get(
            scheme.scheme, f"HTTP {scheme.scheme}".strip()
        )
        return f"{kind} ({scheme.bearer_format})" if scheme.bearer_format else kind
    if scheme.type == "apiKey":
        return f"API key in the {scheme.location or 'header'} {scheme.parameter_name}".strip()
    if scheme.type == "oauth2":
        flows = ", ".join(_FLOWS.get(name, name) for name in scheme.flows)
        return f"OAuth 2.0 ({flows})" if flows else "OAuth 2.0"
    if scheme.type == "openIdConnect":
        return "OpenID Connect"
    return _SCHEME_KINDS.get(scheme.type, scheme.type)


_FLOWS = {
    "authorizationCode": "authorization code",
    "clientCredentials": "client credentials",
    "implicit": "implicit",
    "password": "password",
}


def api_context(description: Any, download: Any = None, top: int = 3) -> dict:
    """What a landing page shows of one description: its introduction (its headings from ``h<top>``),
    version, servers, how to authenticate, and where to download it (``_downloads.Download``: a URL, or a
    path below the root)."""
    info = description.info
    return {
        "title": description.title,
        "download": download.href if download is not None else "",
        "download_local": download is not None and download.file is not None,
        "download_name": download.name if download is not None else "",
        "version": description.api_version,
        "html": Markup(
            nested_headings(
                markdown_html(info.get("description") if isinstance(info.get("description"), str) else ""),
                top,
            )
        ),
        "servers": [
            {"url": server.url, "description": Markup(inline_markdown_html(server.description))}
            for server in description.servers
        ],
        "schemes": [
            {
                "name": name,
                "summary": _scheme_summary(scheme),
                "html": Markup(markdown_html(scheme.description)),
            }
            for name, scheme in description.security_schemes.items()
        ],
    }


def _without_heading(markdown: str) -> str:
    """An update's text on the list page, without its own first heading (the list shows the title)."""
    lines = markdown.lstrip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines)
