"""``Navigator``: a search box over one list of the site's navigation (groups, tag sections, operations).

The list is a single ``ipywidgets.Select`` whose rows are plain labels: a description with 1,223 operations
is one widget, not 1,223 buttons, and a keystroke re-filters it with ``Site.search`` in a few milliseconds.
Method badges are colored by the stylesheet (``style.py``), which matches each row's label.
The rows themselves come from ``navigation_rows`` and ``search_rows``, plain functions of a ``Site``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets
import traitlets

from orgdocs.render.widgets.style import stylesheet

if TYPE_CHECKING:
    from orgdocs.model import Description
    from orgdocs.site import Site

__all__ = [
    "DEPRECATED_MARK",
    "MAX_RESULTS",
    "Navigator",
    "Row",
    "as_site",
    "navigation_rows",
    "search_row",
    "search_rows",
]

Row = tuple[str, "str | None"]  # (label, route); route None for a group or section heading
DEPRECATED_MARK = " (deprecated)"
GROUP_MARK = "\u25c6 "  # ◆
SECTION_MARK = "\u25b8 "  # ▸
METHOD_WIDTH = 7  # "OPTIONS" is the longest method
MAX_RESULTS = 500  # search rows listed at most: more is no help to a reader, and costs every keystroke


def as_site(source: Site | Description | str | Path, group: str = "API") -> Site:
    """A ``Site`` from a site, a loaded description, or a description's path or URL."""
    from orgdocs.model import Description
    from orgdocs.site import Site

    if isinstance(source, Site):
        return source
    if isinstance(source, (Description, str, Path)):
        return Site.from_description(source, group=group)
    raise TypeError(f"expected a Site, a Description, a path or a URL, not {type(source).__name__}")


def operation_label(method: str, title: str, deprecated: bool, indent: str = "  ") -> str:
    return f"{indent}{method.upper():<{METHOD_WIDTH}} {title}{DEPRECATED_MARK if deprecated else ''}"


def navigation_rows(site: Site) -> list[Row]:
    """The whole navigation: a heading per group and per tag section, then its operations.

    Hand-written pages and changelogs belong to the static site and are left out: the notebook views
    show operations.
    """
    rows: list[Row] = []
    for group in site.navigation:
        sections = [s for s in group["sections"] if any(i.get("kind") == "operation" for i in s["items"])]
        if not sections:
            continue
        rows.append((f"{GROUP_MARK}{group['group']}", None))
        for section in sections:
            rows.append((f"{SECTION_MARK}{section['title']}", None))
            rows.extend(
                (operation_label(item["method"], item["title"], item["deprecated"], "    "), item["route"])
                for item in section["items"]
                if item.get("kind") == "operation"
            )
    return rows


def search_row(entry: dict) -> Row:
    """The row of one search result (an endpoint index entry), naming its section."""
    label = operation_label(entry["method"], entry["title"], entry["deprecated"])
    return f"{label}  \u00b7 {entry['section']}", entry["route"]


def search_rows(site: Site, query: str, limit: int | None = None) -> list[Row]:
    """Operations matching ``query``, best first (``Site.search``)."""
    return [search_row(entry) for entry in site.search(query, limit)]


class Navigator(widgets.VBox):
    """Search box and navigation list. ``.value`` is the selected operation's route (or ``None``).

    Observe it with ``navigator.observe(callback, "value")``; setting it selects the row.
    """

    value = traitlets.Unicode(None, allow_none=True, help="route of the selected operation")
    query = traitlets.Unicode("", help="the search box's text")

    def __init__(
        self, site_or_description: Site | Description | str | Path, *, rows: int = 24, **kwargs: Any
    ):
        super().__init__(**kwargs)
        self.site = as_site(site_or_description)
        self._all_rows = navigation_rows(self.site)
        self._rows: list[Row] = []
        self._total = len(self.site.operations)
        self._matches = 0
        self.site.search("orgdocs")  # builds the site's search index now rather than on the first keystroke
        self._search = widgets.Text(
            placeholder="Search: title, path, operationId, tag, parameter",
            continuous_update=True,
            layout=widgets.Layout(width="100%"),
        )
        self._status = widgets.HTML(layout=widgets.Layout(margin="0 0 0 4px"))
        self._status.add_class("orgdocs-nav-status")
        # a short navigation gets a short list; a long one scrolls inside ``rows`` rows
        rows = max(8, min(rows, len(self._all_rows)))
        self._list = widgets.Select(options=[], rows=rows, layout=widgets.Layout(width="100%"))
        self._list.add_class("orgdocs-nav-list")
        self.add_class("orgdocs-navigator")
        self.children = [stylesheet(), self._search, self._status, self._list]

        self._search.observe(self._on_search, "value")
        self._list.observe(self._on_row, "index")
        self.observe(self._on_value, "value")
        self._show(self._all_rows)

    def __repr__(self) -> str:
        return f"<Navigator {self.site.title!r}: {self._total} operations, value={self.value!r}>"

    # -- public helpers ---------------------------------------------------------------------------------

    @property
    def routes(self) -> list[str]:
        """Routes of the operations currently listed, in list order."""
        return [route for _, route in self._rows if route is not None]

    @property
    def labels(self) -> list[str]:
        """Labels of every row currently listed (headings included)."""
        return [label for label, _ in self._rows]

    def search(self, query: str) -> None:
        """Type ``query`` into the search box."""
        self._search.value = query

    # -- wiring -----------------------------------------------------------------------------------------

    def _on_search(self, change: dict) -> None:
        self.query = change["new"]
        query = change["new"].strip()
        if query:
            found = self.site.search(query)
            self._matches = len(found)
            self._show([search_row(entry) for entry in found[:MAX_RESULTS]])
        else:
            self._show(self._all_rows)

    def _show(self, rows: list[Row]) -> None:
        self._rows = rows
        # With no row selected, ipywidgets does not select the first new option by itself.
        self._list.index = None
        self._list.options = [(label, i) for i, (label, _) in enumerate(rows)]
        self._select_row(self.value)
        query = self._search.value.strip()
        if not query:
            text = f"{self._total:,} operations"
        elif not self._matches:
            text = "No operation matches"
        elif self._matches > len(rows):
            text = (
                f"{self._matches:,} of {self._total:,} operations match; the first {len(rows):,} are listed"
            )
        else:
            text = f"{self._matches:,} of {self._total:,} operations match"
        self._status.value = f"<span>{text}</span>"

    def _select_row(self, route: str | None) -> None:
        for i, (_, row_route) in enumerate(self._rows):
            if route is not None and row_route == route:
                self._list.index = i
                return
        self._list.index = None

    def _on_row(self, change: dict) -> None:
        index = change["new"]
        if index is None:
            return
        route = self._rows[index][1]
        if route is None:  # a heading: keep the selection where it was
            self._select_row(self.value)
        else:
            self.value = route

    @traitlets.validate("value")
    def _valid_route(self, proposal: dict) -> str | None:
        route = proposal["value"]
        if route is not None and route not in self.site.operations:
            raise traitlets.TraitError(f"no operation at route {route!r}")
        return route

    def _on_value(self, change: dict) -> None:
        self._select_row(change["new"])
