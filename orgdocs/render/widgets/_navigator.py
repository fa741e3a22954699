"""``Navigator``: the site's navigation and search box, drawn by the site's own front-end.

The rows are the site's: a method badge, the whole title and the path, grouped by tag section, wrapping
rather than cut. Search runs in the browser with the site's ``SearchIndex`` (``search.js``), the ranking
``Site.search`` runs too, so a keystroke never waits for the kernel; ``query`` reaches the kernel once typing pauses,
and ``routes`` lists, in Python, what the view lists. Keyboard: ``/`` focuses the search box, the arrows move
through the rows (and not through the notebook's cells), Enter opens.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets

from orgdocs.render.widgets._site_widget import SiteWidget

if TYPE_CHECKING:
    from orgdocs.model import Description
    from orgdocs.project import Site

__all__ = ["MAX_RESULTS", "Navigator", "as_site", "navigation_routes"]

MAX_RESULTS = (
    100  # search rows the view lists at first (view-navigator.js MAX_ROWS; "Show all" lists the rest)
)


def as_site(source: Site | Description | str | Path, group: str = "API") -> Site:
    """A ``Site`` from a site, a loaded description, or a description's path or URL."""
    from orgdocs.model import Description
    from orgdocs.project import Site

    if isinstance(source, Site):
        return source
    if isinstance(source, (Description, str, Path)):
        return Site.from_description(source, group=group)
    raise TypeError(f"expected a Site, a Description, a path or a URL, not {type(source).__name__}")


def navigation_routes(site: Site) -> list[str]:
    """Every operation's route, in navigation order (hand-written pages and changelogs left out)."""
    return [
        item["route"]
        for group in site.navigation
        for section in group["sections"]
        for item in section["items"]
        if item.get("kind") == "operation"
    ]


class Navigator(SiteWidget):
    """Search box and navigation. ``Navigator(site_or_description_or_source)``.

    ``.value`` is the selected operation's route (or ``None``): observe it with ``navigator.observe(callback,
    "value")``; setting it selects the row. ``.query`` is the search box's text; ``.routes`` the operations
    listed for it, best first.
    """

    value = traitlets.Unicode(None, allow_none=True, help="route of the selected operation").tag(sync=True)
    query = traitlets.Unicode("", help="the search box's text").tag(sync=True)

    def __init__(self, site_or_description: Site | Description | str | Path, **kwargs: Any):
        kwargs.pop("rows", None)  # the list's height follows the output area now; kept for old callers
        site = as_site(site_or_description)
        super().__init__(site, _kind=self._default_kind(), _title=site.title, **kwargs)

    @staticmethod
    def _default_kind() -> str:
        return "navigator"

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"<{name} {self.site.title!r}: {len(self.site.operations)} operations, value={self.value!r}>"

    @property
    def routes(self) -> list[str]:
        """Routes of the operations the view lists for the current query, in list order (the first
        ``MAX_RESULTS`` of a search)."""
        query = self.query.strip()
        if not query:
            return navigation_routes(self.site)
        return [entry["route"] for entry in self.site.search(query, MAX_RESULTS)]

    def search(self, query: str) -> None:
        """Type ``query`` into the search box."""
        self.query = query

    @traitlets.validate("value")
    def _valid_route(self, proposal: dict) -> str | None:
        route = proposal["value"]
        if route is not None:
            route = "/" + route.strip("/")
            if route not in self.site.operations:
                raise traitlets.TraitError(f"no operation at route {route!r}")
        return route
