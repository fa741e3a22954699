"""The sidebar of a page: groups, their sections, the current section's operations, the current page.

Every page carries its own sidebar so that it reads and navigates without JavaScript, which costs as
much as the sidebar is long: GitHub's 1,223 operations made it half of every page. So a large group lists
every section as a link to its page (a tag page lists all of its operations), and expands only the current
section, with at most ``WINDOW`` of its operations: the stretch holding the current one, with links to the
stretches before and after. A group of at most ``FEW`` operations (the bundled example has 3) lists every
operation on every page, the home page included, under its tag. Hand-written pages and changelogs, which
are few, are listed in full.

Tags read as API sections: a tag is a heading above its operations, at the indent of a pages section's
title, not of its pages, and the first tag after hand-written pages comes under an "API reference" label.
A changelog group is one heading (its title, linking to the list of updates) above its updates. After a
group's sections, a "Schemas" line per description links to the list of its component schemas
(``orgdocs.project._schema_pages``), marked current on the list and on each schema's page.

Links are relative, and short (``../list-pets/`` between operations of one tag): they are written as
from a sibling of the page, so a section's fragment is the same for every page of that folder. It is
rendered once per (folder, section, stretch) and reused; the current page is marked by a text
replacement.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["FEW", "WINDOW", "Sidebar", "base_prefix", "href", "relative_href"]

WINDOW = 50  # operations of the current section listed on one page: the stretch holding the current one
FEW = 40  # a group with at most this many operations lists them all on every page (two screens or so)
API_LABEL = '<li class="nav-label">API reference</li>'  # before the tags that follow hand-written pages
_METHODS = frozenset(("get", "put", "post", "delete", "options", "head", "patch", "trace"))


def _parts(route: str) -> list[str]:
    return [part for part in route.strip("/").split("/") if part]


def base_prefix(route: str) -> str:  # the depth of a route is that of its file path: same segment count
    """The relative link from the page at ``route`` (``<route>/index.html``) to the site's root."""
    return "../" * len(_parts(route))


def href(base: str, route: str) -> str:
    """The link from a page whose root is ``base`` to the page at ``route``."""
    path = route.strip("/")
    return f"{base}{path}/" if path else f"{base}index.html"


def relative_href(folder: list[str], route: str) -> str:
    """The shortest relative link from a page in ``folder`` (its route's parts) to the page at ``route``."""
    target = _parts(route)
    if not target:
        return "../" * len(folder) + "index.html"
    common = 0
    while common < len(folder) and common < len(target) and folder[common] == target[common]:
        common += 1
    rest = "/".join(target[common:])
    up = "../" * (len(folder) - common)
    return f"{up}{rest}/" if rest else up or "./"


def _item_html(item: dict, link: str) -> str:
    """One item, kept short: every page repeats its section's items."""
    method = item.get("method")
    badge = ""
    if method:
        css = method.lower() if method.lower() in _METHODS else "other"
        badge = f'<i class="{css}">{escape(method)}</i>'
    deprecated = ' class="dep" title="deprecated"' if item.get("deprecated") else ""
    return f'<li><a href="{escape(link)}"{deprecated}>{badge}{escape(item["title"])}</a></li>'


class Sidebar:
    """Renders the sidebar of any page of ``site``, caching what pages share."""

    def __init__(self, site: Site):
        self.navigation = site.navigation
        self._where: dict[str, tuple[int, int, int]] = {}  # route -> (group, section, stretch)
        for gi, group in enumerate(self.navigation):
            if group.get("route"):
                self._where.setdefault(group["route"], (gi, -1, 0))
            for si, section in enumerate(group["sections"]):
                if section.get("route"):
                    self._where.setdefault(section["route"], (gi, si, 0))
                for i, item in enumerate(section["items"]):
                    self._where.setdefault(item["route"], (gi, si, i // WINDOW))
        self._cache: dict[tuple, str] = {}
        self._links: dict[tuple, str] = {}  # (group, section, folder depth, shared parts) -> its line
        self._shared_lines: dict[tuple, list[str]] = {}  # (group, depth, first part) -> lines (``_lines``)
        # per group: the parts of the route each tag section links to ([] for the others), its tag sections
        # by the first two parts of their routes, and its other sections
        self._targets: list[list[list[str]]] = [[] for _ in self.navigation]
        self._near: list[dict[tuple, list[int]]] = [{} for _ in self.navigation]
        self._listed: list[list[int]] = [[] for _ in self.navigation]
        self._few = [  # groups whose every operation is listed on every page
            sum(len(s["items"]) for s in group["sections"] if s["kind"] == "tag") <= FEW
            for group in self.navigation
        ]
        # per group: its descriptions' lists of schemas (route, title), after its sections
        schema_pages = getattr(site, "schema_pages", None)
        listings = schema_pages.listings.values() if schema_pages is not None else ()
        self._schemas = [
            [
                (listing.route, listing.title)
                for listing in listings
                if listing.group_slug == group.get("slug")
            ]
            if group.get("kind") == "docs"
            else []
            for group in self.navigation
        ]
        for gi, group in enumerate(self.navigation):
            for si, section in enumerate(group["sections"]):
                if section["kind"] == "tag":
                    target = _parts(section.get("route") or section["items"][0]["route"])
                    self._near[gi].setdefault(tuple(target[:2]), []).append(si)
                else:
                    target = []
                    self._listed[gi].append(si)
                self._targets[gi].append(target)

    def html(self, route: str, folder: list[str] | None = None) -> str:
        """The sidebar of the page at ``route`` ("" for the home page); ``folder``: where the page is, when
        it is not at its route (the 404 page, served at any depth, links from the root)."""
        if folder is None:
            # links are written as from a sibling of the page (``../list-pets/``, the page itself too),
            # so that every page of one folder shares the same fragments
            parts = _parts(route)
            folder = [*parts[:-1], "\0"] if parts else []
        gi, si, stretch = self._where.get(route, (-1, -1, 0))
        parts = []
        for index in range(len(self.navigation)):
            key = ("group", tuple(folder), index, si if index == gi else -1, stretch)
            text = self._cache.get(key)
            if text is None:
                text = self._group(index, folder, si if index == gi else -1, stretch)
                if len(self._cache) < 8192:
                    self._cache[key] = text
            parts.append(text)
        text = "".join(parts)
        if route:
            marker = f'<a href="{escape(relative_href(folder, route))}"'
            text = text.replace(marker, f'{marker} aria-current="page"', 1)
        return text

    def _group(self, gi: int, folder: list[str], current: int, stretch: int) -> str:
        group = self.navigation[gi]
        landing = group.get("route") or _first_route(group)
        title = escape(group["group"])
        if landing:
            title = f'<a href="{escape(relative_href(folder, landing))}">{title}</a>'
        lines = list(self._lines(gi, folder))  # a copy: ``_lines`` may give the lines other pages share
        sections = group["sections"]
        # every tag section open in a small group, else the current one (other kinds are listed in full)
        opened = [si for si, s in enumerate(sections) if s["kind"] == "tag"] if self._few[gi] else [current]
        for si in opened:
            if si < 0 or sections[si]["kind"] != "tag":
                continue
            section = sections[si]
            link = escape(relative_href(folder, section.get("route") or section["items"][0]["route"]))
            name = escape(section["title"])
            mark = ' class="nav-current"' if si == current else ""
            lines[si] = (
                f'<li{mark}><a href="{link}">{name}</a>'
                f'<ul class="nav-items">{self._stretch(section, folder, stretch if si == current else 0)}</ul></li>'
            )
        label = next(
            (
                si
                for si in range(1, len(sections))
                if sections[si]["kind"] == "tag" and sections[si - 1]["kind"] == "pages"
            ),
            0,
        )
        if label:
            lines = [*lines[:label], API_LABEL, *lines[label:]]
        for route, name in self._schemas[gi]:  # the current one on its list and on its schemas' pages
            mark = ' class="nav-current"' if _parts(route) == folder[:2] else ""
            lines.append(
                f'<li{mark}><a href="{escape(relative_href(folder, route))}">{escape(name)}</a></li>'
            )
        return f'<div class="nav-group"><p class="nav-group-title">{title}</p><ul class="nav-sections">{"".join(lines)}</ul></div>'

    def _lines(self, gi: int, folder: list[str]) -> list[str]:
        """The line of each section of group ``gi`` on the pages of ``folder``. A tag section's line depends
        on the folder only through its depth, its first part and whether the section's route shares its
        first two parts: the lines are made once per (group, depth, first part), as seen from a stand-in
        folder of that depth and first part, and the few sections near ``folder`` are made again (Microsoft
        Graph: 900 sections, on the pages of 900 folders). Other sections are listed in full."""
        sections = self.navigation[gi]["sections"]
        key = (gi, len(folder), folder[0] if folder else "")
        lines = self._shared_lines.get(key)
        if lines is None:
            stand_in = [*folder[:1], *["\x01"] * (len(folder) - 1)]  # no route has a part "\x01"
            lines = self._shared_lines[key] = [
                self._section_link(gi, si, stand_in) if section["kind"] == "tag" else ""
                for si, section in enumerate(sections)
            ]
        near = self._near[gi].get(tuple(folder[:2]), ()) if len(folder) >= 2 else ()
        if not near and not self._listed[gi]:
            return lines
        lines = lines.copy()
        for si in near:
            lines[si] = self._section_link(gi, si, folder)
        group = self.navigation[gi]
        for si in self._listed[gi]:  # hand-written pages and changelogs: few
            section = sections[si]
            items, title = section["items"], section["title"]
            if section["kind"] == "changelog":
                # one heading: the group's title links to the list of updates; the updates below it
                landing = group.get("route") or _first_route(group)
                items = [item for item in items if item["route"] != landing]
                if title == group["group"]:
                    listed = "".join(_item_html(i, relative_href(folder, i["route"])) for i in items)
                    lines[si] = f'<li class="nav-updates"><ul class="nav-items">{listed}</ul></li>'
                    continue
            listed = "".join(_item_html(i, relative_href(folder, i["route"])) for i in items)
            lines[si] = (
                f'<li class="nav-pages"><p class="nav-section-title">{escape(title)}</p>'
                f'<ul class="nav-items">{listed}</ul></li>'
            )
        return lines

    def _section_link(self, gi: int, si: int, folder: list[str]) -> str:
        """A tag section's line as a link. Its relative link depends only on the folder's depth and on how
        many of its parts the section's route shares: made once per (section, depth, shared parts), not for
        each of a large site's sections on each section's pages (Microsoft Graph has 900 of them)."""
        target = self._targets[gi][si]
        common = 0
        while common < len(folder) and common < len(target) and folder[common] == target[common]:
            common += 1
        key = (gi, si, len(folder), common)
        text = self._links.get(key)
        if text is None:
            title = self.navigation[gi]["sections"][si]["title"]
            link = escape(relative_href(folder, "/".join(target)))
            text = self._links[key] = f'<li><a href="{link}">{escape(title)}</a></li>'
        return text

    @staticmethod
    def _stretch(section: dict, folder: list[str], stretch: int) -> str:
        """The ``stretch``-th run of ``WINDOW`` items of a section, with links to the runs around it."""
        items = section["items"]
        start = stretch * WINDOW
        shown = items[start : start + WINDOW]
        listed = "".join(_item_html(item, relative_href(folder, item["route"])) for item in shown)
        if start:
            link = relative_href(folder, items[start - WINDOW]["route"])
            listed = f'<li class="nav-more"><a href="{escape(link)}">{start} before&hellip;</a></li>{listed}'
        after = len(items) - start - len(shown)
        if after > 0:
            link = relative_href(folder, items[start + WINDOW]["route"])
            listed += f'<li class="nav-more"><a href="{escape(link)}">{after} more&hellip;</a></li>'
        return listed


def _first_route(group: dict) -> str:
    for section in group["sections"]:
        if section["items"]:
            return section["items"][0]["route"]
    return ""
