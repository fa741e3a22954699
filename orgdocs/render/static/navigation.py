"""The sidebar of a page: groups, sections in order, items with colored method badges, the current page.

Every page carries its own sidebar so that it reads without JavaScript, which costs as much as the
navigation is long. The sidebar therefore scales down with the site:

- ``full``: every item of every group (sites of up to ``FULL_ITEMS`` items);
- ``sections``: every section title, with the items of the current section only (up to
  ``LISTED_SECTIONS`` sections; a section title links to its first item);
- ``current``: the current section's items only, and a link to the home page, which lists everything.

The items of a section are rendered once per link depth and reused by every page of that depth (the
current item is marked by a text replacement). ``site.js`` fills the other sections in from ``index.json``
when a reader opens one.
"""

from __future__ import annotations

from html import escape
from typing import Any

__all__ = ["FULL_ITEMS", "LISTED_SECTIONS", "Sidebar", "base_prefix", "href"]

FULL_ITEMS = 300
LISTED_SECTIONS = 120
WINDOW = 100  # items of a long section listed on one of its pages: the stretch holding the current one


def base_prefix(route: str) -> str:  # the depth of a route is that of its file path: same segment count
    """The relative link from the page at ``route`` (``<route>/index.html``) to the site's root."""
    depth = len([part for part in route.strip("/").split("/") if part])
    return "../" * depth


def href(base: str, route: str) -> str:
    """The link from a page whose root is ``base`` to the page at ``route``."""
    path = route.strip("/")
    return f"{base}{path}/" if path else f"{base}index.html"


def _item_html(item: dict, base: str) -> str:
    """One item, kept short: a big site repeats its sidebar on every page."""
    method = item.get("method")
    badge = ""
    if method:
        css = method.lower() if method.lower() in _METHODS else "other"
        badge = f'<span class="method method-{css}">{escape(method)}</span>'
    deprecated = ' class="nav-deprecated" title="deprecated"' if item.get("deprecated") else ""
    return f'<li><a href="{escape(href(base, item["route"]))}"{deprecated}>{badge}<span>{escape(item["title"])}</span></a></li>'


_METHODS = frozenset(("get", "put", "post", "delete", "options", "head", "patch", "trace"))


class Sidebar:
    """Renders the sidebar of any page of ``site``, caching what pages share."""

    def __init__(self, site: Any):
        self.navigation = site.navigation
        total = sum(len(s["items"]) for g in self.navigation for s in g["sections"])
        sections = sum(len(g["sections"]) for g in self.navigation)
        if total <= FULL_ITEMS:
            self.mode = "full"
        elif sections <= LISTED_SECTIONS:
            self.mode = "sections"
        else:
            self.mode = "current"
        self._where: dict[str, tuple[int, int]] = {}  # route -> (group index, section index)
        self._window: dict[str, int] = {}  # route -> which stretch of WINDOW items of its section
        for gi, group in enumerate(self.navigation):
            for si, section in enumerate(group["sections"]):
                for i, item in enumerate(section["items"]):
                    self._where.setdefault(item["route"], (gi, si))
                    if self.mode != "full" and len(section["items"]) > WINDOW:
                        self._window.setdefault(item["route"], i // WINDOW)
        self._cache: dict[tuple, str] = {}

    def html(self, route: str) -> str:
        """The sidebar of the page at ``route`` ("" for the home page)."""
        base = base_prefix(route)
        current = self._where.get(route)
        window = self._window.get(route, 0)
        key = (base, current if self.mode != "full" else None, window)
        text = self._cache.get(key)
        if text is None:
            text = self._render(base, current, window)
            if len(self._cache) < 4096:
                self._cache[key] = text
        if route:
            marker = f'<a href="{escape(href(base, route))}"'
            text = text.replace(marker, f'{marker} aria-current="page"', 1)
        return text

    def _render(self, base: str, current: tuple[int, int] | None, window: int) -> str:
        parts = [f'<p class="nav-mode" data-mode="{self.mode}" hidden></p>']
        for gi, group in enumerate(self.navigation):
            in_group = current is not None and current[0] == gi
            if self.mode == "current" and not in_group:
                first = _first_route(group)
                link = (
                    f'<a href="{escape(href(base, first))}">{escape(group["group"])}</a>'
                    if first
                    else escape(group["group"])
                )
                parts.append(
                    f'<div class="nav-group" data-group="{gi}"><p class="nav-group-title">{link}</p></div>'
                )
                continue
            parts.append(
                f'<div class="nav-group" data-group="{gi}"><p class="nav-group-title">{escape(group["group"])}</p>'
            )
            for si, section in enumerate(group["sections"]):
                is_current = in_group and current[1] == si
                if self.mode == "full" or is_current:
                    parts.append(self._section(section, base, gi, si, window if is_current else None))
                elif self.mode == "sections":
                    parts.append(self._closed_section(section, base, gi, si))
            if self.mode == "current":
                parts.append(
                    f'<p class="nav-all"><a href="{base}index.html#nav-{gi}">All sections of {escape(group["group"])}</a></p>'
                )
            parts.append("</div>")
        return "".join(parts)

    def _section(self, section: dict, base: str, gi: int, si: int, window: int | None) -> str:
        """A section, open; a long one (outside ``full`` mode) lists only its ``window``-th stretch of
        ``WINDOW`` items, with links to the stretches before and after."""
        key = ("section", base, gi, si, window)
        text = self._cache.get(key)
        if text is None:
            items = section["items"]
            before = after = ""
            if window is not None and len(items) > WINDOW:
                start = window * WINDOW
                if start:
                    before = self._more(items[start - WINDOW], base, f"{start} before…")
                if start + WINDOW < len(items):
                    after = self._more(items[start + WINDOW], base, f"{len(items) - start - WINDOW} more…")
                items = items[start : start + WINDOW]
            listed = "".join(_item_html(item, base) for item in items)
            text = (
                f'<details class="nav-section" data-section="{gi}-{si}" open>'
                f"<summary>{escape(section['title'])}</summary>"
                f'<ul class="nav-items">{before}{listed}{after}</ul></details>'
            )
            self._cache[key] = text
        return text

    @staticmethod
    def _more(item: dict, base: str, label: str) -> str:
        return f'<li class="nav-more"><a class="nav-more-link" href="{escape(href(base, item["route"]))}">{label}</a></li>'

    def _closed_section(self, section: dict, base: str, gi: int, si: int) -> str:
        first = section["items"][0]["route"] if section["items"] else ""
        link = (
            f'<a class="nav-section-link" href="{escape(href(base, first))}">{escape(section["title"])}</a>'
            if first
            else escape(section["title"])
        )
        return (
            f'<details class="nav-section nav-section-lazy" data-section="{gi}-{si}"><summary>{escape(section["title"])}</summary>'
            f'<ul class="nav-items"><li class="nav-placeholder">{link}</li></ul></details>'
        )


def _first_route(group: dict) -> str:
    for section in group["sections"]:
        if section["items"]:
            return section["items"][0]["route"]
    return ""


def full_navigation_html(site: Any, base: str = "") -> str:
    """Every group, section and item: the home page's table of contents, with anchors per section."""
    parts = []
    for gi, group in enumerate(site.navigation):
        parts.append(f'<section class="toc-group" id="nav-{gi}"><h2>{escape(group["group"])}</h2>')
        for si, section in enumerate(group["sections"]):
            items = "".join(_item_html(item, base) for item in section["items"])
            parts.append(
                f'<div class="toc-section" id="nav-{gi}-{si}"><h3>{escape(section["title"])}</h3><ul class="nav-items">{items}</ul></div>'
            )
        parts.append("</section>")
    return "".join(parts)
