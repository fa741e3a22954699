"""``Site``: a docs config evaluated into routes, navigation, the endpoint index, search and payloads.

One ``Site`` serves every renderer: the static build, the dev server, the notebook widgets, the tables and
the nbconvert exporter all read the same routes, navigation and payloads from it.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from orgdocs.errors import OrgdocsError
from orgdocs.loading.sources import is_url, schema_source
from orgdocs.model import Description, Operation, load
from orgdocs.site.config import ChangelogGroup, Config, DocsGroup, PagesSection, SchemaSection, load_config
from orgdocs.site.pages import Page, read_page, read_updates
from orgdocs.site.payloads import ReachIndex, operation_dict, security_scheme_dict, server_dict
from orgdocs.site.routes import RouteTable, operation_segments
from orgdocs.site.search import SearchIndex

__all__ = ["OperationEntry", "PageEntry", "Problem", "Site", "payload_url"]

PAYLOAD_ROOT = "/_docs/openapi"


def payload_url(route: str) -> str:
    return f"{PAYLOAD_ROOT}{route}.json"


@dataclass
class OperationEntry:
    route: str
    group: str  # group label
    section: str  # navigation section title (the tag section)
    operation: Operation
    description: Description
    reach: ReachIndex = field(repr=False)

    @property
    def title(self) -> str:
        return self.operation.title


@dataclass
class PageEntry:
    route: str
    group: str
    section: str
    page: Page | None  # None for a changelog's list page
    updates: list[Page] = field(default_factory=list)  # for a changelog's list page

    @property
    def title(self) -> str:
        return self.page.title if self.page else self.section


@dataclass(frozen=True)
class Problem:
    fatal: bool
    message: str  # names the file and the place


class Site:
    """A docs site evaluated from a config (a path, a mapping or a ``Config``; ``None``: the bundled one)."""

    def __init__(self, config: str | Path | Mapping[str, Any] | Config | None = None):
        if config is None:
            from orgdocs.site.bundled import bundled_config

            config = bundled_config()
        self.config = load_config(config)
        self.descriptions: list[Description] = []
        self.operations: dict[str, OperationEntry] = {}
        self.pages: dict[str, PageEntry] = {}
        self.navigation: list[dict] = []
        self.problems: list[Problem] = []
        self._routes = RouteTable()
        self._evaluate()

    @classmethod
    def from_description(cls, description: Description | str | Path, group: str = "API") -> Site:
        """A one-group site around a single description (a ``Description``, a path or a URL)."""
        if not isinstance(description, Description):
            description = load(description)
        site = cls.__new__(cls)
        site.config = Config(Path.cwd(), Path.cwd(), description.title, (DocsGroup(group, ()),))
        site.descriptions, site.operations, site.pages, site.problems = [], {}, {}, []
        site._routes = RouteTable()
        site.navigation = [site._group_nav(group, [site._schema_nav(group, description)])]
        site.descriptions.append(description)
        site._check_description(description)
        return site

    def __repr__(self) -> str:
        return f"<Site {self.title!r}: {len(self.operations)} operations, {len(self.pages)} pages>"

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

    # -- evaluation -------------------------------------------------------------------------------------

    def _evaluate(self) -> None:
        config = self.config
        # 1. hand-written pages reserve their routes before any operation gets one
        for i, group in enumerate(config.groups):
            if isinstance(group, ChangelogGroup):
                self._reserve_changelog(group, i)
                continue
            for j, section in enumerate(group.sections):
                if isinstance(section, PagesSection):
                    for k, relative in enumerate(section.pages):
                        place = f"groups[{i}].sections[{j}].pages[{k}]"
                        page = read_page(config.content, relative, config_name=config.name, place=place)
                        self._reserve(f"/{group.slug}/{page.slug}", PageEntry("", group.label, section.section, page), place)
        # 2. descriptions, then operations in the order groups, sections, paths and methods appear
        for i, group in enumerate(config.groups):
            if isinstance(group, ChangelogGroup):
                self.navigation.append(self._changelog_nav(group))
                continue
            sections = []
            for j, section in enumerate(group.sections):
                if isinstance(section, SchemaSection):
                    description = self._load(section, f"groups[{i}].sections[{j}]")
                    self.descriptions.append(description)
                    self._check_description(description)
                    sections.append(self._schema_nav(group.label, description))
                else:
                    items = [self._page_item(r) for r, e in self.pages.items() if e.group == group.label and e.section == section.section]
                    sections.append([{"title": section.section, "kind": "pages", "items": items}])
            self.navigation.append(self._group_nav(group.label, sections))

    def _reserve(self, route: str, entry: PageEntry, place: str) -> None:
        if not self._routes.reserve(route):
            raise OrgdocsError(f"two pages share the route {route}", source=self.config.name, place=place)
        entry.route = route
        self.pages[route] = entry

    def _reserve_changelog(self, group: ChangelogGroup, i: int) -> None:
        place = f"groups[{i}].updates"
        updates = read_updates(group.updates, config_name=self.config.name, place=place)
        self._reserve(f"/{group.slug}", PageEntry("", group.label, group.label, None, updates), place)
        for update in updates:
            self._reserve(f"/{group.slug}/{update.slug}", PageEntry("", group.label, group.label, update), place)

    def _load(self, section: SchemaSection, place: str) -> Description:
        config = self.config
        source = schema_source(section.source, content=config.content, public=config.public)
        description = load(source)
        if not is_url(source):
            description.source = section.source  # messages and payloads name it as the config does
        return description

    def _schema_nav(self, group: str, description: Description) -> list[dict]:
        """One navigation section per tag (declared order, then first use), then Endpoints, then Webhooks."""
        reach = ReachIndex(description)
        by_tag: dict[str, list[dict]] = {tag.name: [] for tag in description.tags}
        untagged: list[dict] = []
        webhooks: list[dict] = []
        group_slug = _group_slug(self.config, group)
        for operation in [*description.operations, *description.webhooks]:
            tag, name = operation_segments(operation)
            route = self._routes.claim(f"/{group_slug}/{tag}/{name}")
            if operation.tags:
                section, bucket = operation.tags[0], by_tag[operation.tags[0]]
            elif operation.webhook:
                section, bucket = "Webhooks", webhooks
            else:
                section, bucket = "Endpoints", untagged
            self.operations[route] = OperationEntry(route, group, section, operation, description, reach)
            bucket.append(self._operation_item(route))
        sections = [{"title": name, "kind": "tag", "items": items} for name, items in by_tag.items() if items]
        if untagged:
            sections.append({"title": "Endpoints", "kind": "tag", "items": untagged})
        if webhooks:
            sections.append({"title": "Webhooks", "kind": "tag", "items": webhooks})
        return sections

    def _group_nav(self, label: str, sections: list[list[dict]]) -> dict:
        return {
            "group": label,
            "slug": _group_slug(self.config, label),
            "kind": "docs",
            "sections": [s for part in sections for s in part],
        }

    def _changelog_nav(self, group: ChangelogGroup) -> dict:
        items = [self._page_item(r) for r, e in self.pages.items() if e.group == group.label]
        return {
            "group": group.label,
            "slug": group.slug,
            "kind": "changelog",
            "sections": [{"title": group.label, "kind": "changelog", "items": items}],
        }

    def _page_item(self, route: str) -> dict:
        entry = self.pages[route]
        return {"title": entry.title, "route": route, "kind": entry.page.kind if entry.page else "changelog"}

    def _operation_item(self, route: str) -> dict:
        operation = self.operations[route].operation
        return {
            "title": operation.title,
            "route": route,
            "kind": "operation",
            "method": operation.method.upper(),
            "deprecated": operation.deprecated,
        }

    def _check_description(self, description: Description) -> None:
        name = description.source
        for unresolved in description.unresolved:
            self.problems.append(Problem(False, f"{name}: {unresolved.ref}: reference kept as it is ({unresolved.reason})"))
        seen: dict[str, Operation] = {}
        for operation in description.operations:
            if operation.operation_id:
                if operation.operation_id in seen:
                    self.problems.append(
                        Problem(False, f"{name}: {operation.pointer}: duplicate operationId '{operation.operation_id}'")
                    )
                seen.setdefault(operation.operation_id, operation)

    def route_problems(self) -> list[Problem]:
        return [Problem(False, f"route {wanted} was taken: given {given}") for wanted, given in self._routes.suffixed]

    # -- index, search, payloads ---------------------------------------------------------------------------

    @functools.cached_property
    def index(self) -> dict:
        """The compact endpoint index: one entry per operation, and the navigation. No schemas."""
        return {"title": self.title, "endpoints": self._index_entries, "navigation": self.navigation}

    @functools.cached_property
    def _index_entries(self) -> list[dict]:
        return [
            {
                "route": route,
                "group": entry.group,
                "section": entry.section,
                "title": entry.operation.title,
                "method": entry.operation.method.upper(),
                "path": entry.operation.path,
                "operationId": entry.operation.operation_id,
                "tags": entry.operation.tags,
                "params": [p.name for p in entry.operation.parameters],
                "deprecated": entry.operation.deprecated,
                "data": payload_url(route),
            }
            for route, entry in self.operations.items()
        ]

    @functools.cached_property
    def _search_index(self) -> SearchIndex:
        return SearchIndex(self._index_entries)

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        """Index entries matching every word of ``query``, best first (see ``orgdocs.site.search``)."""
        return self._search_index.search(query, limit)

    def payload(self, route: str) -> dict:
        """The per-operation payload (CONTRACT section 5) as a dict."""
        return json.loads(self.payload_json(route))

    def payload_json(self, route: str) -> str:
        """The payload as compact JSON, assembled from component JSON serialized once per site."""
        entry = self.entry(route)
        if not isinstance(entry, OperationEntry):
            raise KeyError(f"{route} is a page, not an operation")
        from orgdocs.site.examples import operation_examples

        description, operation, reach = entry.description, entry.operation, entry.reach
        security = description.security_for(operation)
        used = {name for requirement in security for name in requirement}
        op = operation_dict(operation, security)
        refs, unresolved = reach.closure(list(dict.fromkeys(_refs_of(op))))
        head = {
            "route": entry.route,
            "group": entry.group,
            "source": description.source,
            "operation": op,
            "servers": [server_dict(s) for s in operation.servers],
            "securitySchemes": {
                name: security_scheme_dict(s) for name, s in description.security_schemes.items() if name in used
            },
            "examples": operation_examples(operation, description.resolve),
            "unresolved": unresolved,
        }
        text = json.dumps(head, ensure_ascii=False, separators=(",", ":"), default=str)
        components = ",".join(f"{json.dumps(ref, ensure_ascii=False)}:{reach.component_json(ref)}" for ref in refs)
        return f'{text[:-1]},"components":{{{components}}}}}'

    def payloads(self) -> Iterator[tuple[str, str]]:
        """(route, payload JSON) for every operation, one at a time: never all in memory."""
        for route in self.operations:
            yield route, self.payload_json(route)

    def build(self, out: str | Path, **options: Any) -> Any:
        """Production build of the static site into ``out`` (see ``orgdocs.render.static``)."""
        from orgdocs.render.static.build import build_site

        return build_site(self, out, **options)


def _group_slug(config: Config, label: str) -> str:
    for group in config.groups:
        if group.label == label:
            return group.slug
    from orgdocs.model.titles import kebab

    return kebab(label) or "docs"


def _refs_of(node: Any) -> Iterator[str]:
    from orgdocs.loading.refs import iter_refs

    return iter_refs(node)
