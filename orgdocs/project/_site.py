"""``Site``: a docs config evaluated into routes, navigation, the endpoint index, search and payloads.

One ``Site`` serves every renderer: the static build, the dev server, the notebook widgets, the tables and
the nbconvert exporter all read the same routes, navigation and payloads from it.

Evaluation is all or nothing: the config, every page and every description are read while the ``Site`` is
constructed, and the first error (``ConfigError``, ``DescriptionError``) propagates out of the constructor, so
no half-evaluated site ever exists. What stays lazy is derived and cannot fail on good input: the index,
search, the payloads (one at a time) and the list of ``problems`` a build survives.

``Site`` is put together from the parts of that work: ``_site_evaluation`` (config -> routes and navigation),
``_site_search`` (the index and search) and ``_site_payloads`` (the payloads).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from orgdocs.model import Description, load
from orgdocs.project._config import ALONE_GROUP, Config, DocsGroup, load_config
from orgdocs.project._entries import LandingEntry, OperationEntry, PageEntry, SectionEntry
from orgdocs.project._problems import Problem, count_label, description_problems
from orgdocs.project._routes import RouteTable, segment
from orgdocs.project._schema_pages import SchemaPages
from orgdocs.project._site_evaluation import SiteEvaluation
from orgdocs.project._site_payloads import SitePayloads
from orgdocs.project._site_search import SiteSearch

__all__ = ["Site"]


class Site(SiteEvaluation, SiteSearch, SitePayloads):
    """A docs site evaluated from a config (a path, a mapping or a ``Config``; ``None``: the bundled one)."""

    def __init__(self, config: str | Path | Mapping[str, Any] | Config | None = None):
        if config is None:
            from orgdocs.project._bundled import bundled_config

            config = bundled_config()
        self._start(load_config(config))
        self._evaluate()

    def _start(self, config: Config) -> None:
        self.config = config
        self.descriptions: list[Description] = []
        self.operations: dict[str, OperationEntry] = {}  # in navigation order
        self.pages: dict[str, PageEntry] = {}
        self.sections: dict[str, SectionEntry] = {}  # section page route -> section, in navigation order
        self.landings: dict[str, LandingEntry] = {}  # docs group landing route -> landing
        self.navigation: list[dict] = []
        self._routes = RouteTable()
        self._holders: dict[str, str] = {}  # route -> what holds it, for messages about suffixed routes
        self._route_problems: list[Problem] = []
        self._read_problems: dict[int, list[Problem]] = {}  # id(description) -> what reading it survived
        self._tag_titles: dict[int, dict[str, str]] = {}  # id(description) -> tag name -> its x-displayName
        self.load_seconds = (0.0, 0.0)  # (wall, cpu) spent reading and parsing descriptions, for profiles

    @classmethod
    def from_description(cls, description: Description | str | Path, group: str = ALONE_GROUP) -> Site:
        """A one-group site around a single description (a ``Description``, a path or a URL)."""
        if not isinstance(description, Description):
            description = load(description)
        site = cls.__new__(cls)
        site._start(Config(Path.cwd(), None, "", (DocsGroup(group, ()),), name="<description>"))
        site.descriptions.append(description)
        slug = segment(group) or "docs"
        sections = [site._schema_nav(group, description)]
        site.navigation.append(site._group_nav(group, slug, sections, [description]))
        return site

    def __repr__(self) -> str:
        return f"<Site {self.title!r}: {len(self.operations)} operations, {len(self.pages)} pages>"

    def summary(self) -> str:
        """What every command's summary line says of the site: the config it came from, and its counts.
        ``pages`` are the hand-written ones and the changelog's, as everywhere (operations are counted
        apart; the home page is neither)."""
        from orgdocs.project._bundled import BUNDLED_CONFIG

        name = self.config.name
        if self.config.file is not None and self.config.file == BUNDLED_CONFIG:
            name += " (the bundled example project)"
        counts = [
            count_label(len(self.descriptions), "description"),
            count_label(len(self.operations), "operation"),
            count_label(len(self.pages), "page"),
        ]
        return f"{name}: {', '.join(counts)}"

    @property
    def title(self) -> str:
        if self.config.title:
            return self.config.title
        return self.descriptions[0].title if self.descriptions else "API reference"

    @property
    def routes(self) -> list[str]:
        """Every route: hand-written pages first, then operations in navigation order."""
        return [*self.pages, *self.operations]

    def entry(self, route: str) -> OperationEntry | PageEntry:
        route = "/" + route.strip("/")
        if route in self.operations:
            return self.operations[route]
        if route in self.pages:
            return self.pages[route]
        raise KeyError(route)

    def operation_route(self, description: Description, operation_id: str = "", pointer: str = "") -> str:
        """The route of ``description``'s operation whose ``operationId`` is ``operation_id``, else of the one
        at the JSON ``pointer`` (a link's ``operationRef``, ``#/paths/~1pets/get``); "" where there is none."""
        key = ("id", operation_id) if operation_id else ("ref", pointer)
        return self._operation_routes.get((id(description), *key), "")

    @functools.cached_property
    def _operation_routes(self) -> dict[tuple[int, str, str], str]:
        routes: dict[tuple[int, str, str], str] = {}
        for entry in self.operations.values():
            operation, at = entry.operation, id(entry.description)
            if operation.operation_id:
                routes.setdefault((at, "id", operation.operation_id), entry.route)
            routes.setdefault((at, "ref", operation.pointer), entry.route)
        return routes

    @functools.cached_property
    def schema_pages(self) -> SchemaPages:
        """A page per component schema and a list per description (``orgdocs.project._schema_pages``), routed
        after every other page, so that they never take the route of one."""
        return SchemaPages(self, self._routes)

    # -- problems ---------------------------------------------------------------------------------------

    @functools.cached_property
    def problems(self) -> list[Problem]:
        """Non-fatal findings, for ``orgdocs check``: references kept as they are, duplicate operationIds,
        security requirements naming no declared scheme, and routes that got a suffix."""
        found: list[Problem] = []
        for description in self.descriptions:
            found.extend(self._read_problems.get(id(description), ()))
            found.extend(description_problems(description))
        return found + self._route_problems

    def route_problems(self) -> list[Problem]:
        """The routes that were taken and got a ``-2``, ``-3``, ... suffix."""
        return list(self._route_problems)
