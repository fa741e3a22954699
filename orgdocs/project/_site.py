"""``Site``: a docs config evaluated into routes, navigation, the endpoint index, search and payloads.

One ``Site`` serves every renderer: the static build, the dev server, the notebook widgets, the tables and
the nbconvert exporter all read the same routes, navigation and payloads from it.

Evaluation is all or nothing: the config, every page and every description are read while the ``Site`` is
constructed, and the first error (``ConfigError``, ``DescriptionError``) propagates out of the constructor, so
no half-evaluated site ever exists. What stays lazy is derived and cannot fail on good input: the index,
search, the payloads (one at a time) and the list of ``problems`` a build survives.
"""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from orgdocs.errors import ConfigError, OrgdocsError
from orgdocs.loading import is_url, schema_source, yaml_findings
from orgdocs.model import Description, as_list, as_text, load
from orgdocs.project._config import (
    ChangelogGroup,
    Config,
    DocsGroup,
    PagesSection,
    SchemaSection,
    load_config,
)
from orgdocs.project._entries import LandingEntry, OperationEntry, PageEntry, SectionEntry
from orgdocs.project._excerpts import search_text
from orgdocs.project._handwritten_pages import read_page, read_updates
from orgdocs.project._payloads import (
    PayloadParts,
    ReachIndex,
    dumps_value,
    operation_dict,
    reachable_refs,
    security_scheme_dict,
    server_dict,
)
from orgdocs.project._problems import Problem, count_label, description_problems
from orgdocs.project._routes import PAYLOAD_ROOT, RouteTable, operation_segments, payload_url, segment
from orgdocs.project._schema_pages import SchemaPages
from orgdocs.project._search import SearchIndex

__all__ = ["SEARCH_URL", "Site", "external_docs"]

SEARCH_URL = f"{PAYLOAD_ROOT}/search.json"  # the search file: a short text per index entry
UNTAGGED_SECTION = "Endpoints"
WEBHOOK_SECTION = "Webhooks"


class Site:
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
    def from_description(cls, description: Description | str | Path, group: str = "API") -> Site:
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

    # -- evaluation -------------------------------------------------------------------------------------

    def _evaluate(self) -> None:
        config = self.config
        section_pages: dict[tuple[int, int], list[str]] = {}
        # 1. hand-written pages reserve their routes before any operation gets one
        for i, group in enumerate(config.groups):
            if isinstance(group, ChangelogGroup):
                self._reserve_changelog(group, i)
                continue
            for j, section in enumerate(group.sections):
                if not isinstance(section, PagesSection):
                    continue
                routes = section_pages[(i, j)] = []
                for k, relative in enumerate(section.pages):
                    place = f"groups[{i}].sections[{j}].pages[{k}]"
                    page = read_page(config.content, relative, config_name=config.name, place=place)
                    route = f"/{group.slug}/{page.slug}"
                    entry = PageEntry(route, group.label, section.section, page)
                    self._reserve(route, entry, place, f"the page {relative}")
                    routes.append(route)
        # 2. descriptions, then operations in the order groups, sections, paths and methods appear
        for i, group in enumerate(config.groups):
            if isinstance(group, ChangelogGroup):
                self.navigation.append(self._changelog_nav(group))
                continue
            sections = []
            loaded = []
            for j, section in enumerate(group.sections):
                if isinstance(section, SchemaSection):
                    description = self._load(section, f"groups[{i}].sections[{j}]")
                    self.descriptions.append(description)
                    loaded.append(description)
                    sections.append(self._schema_nav(group.label, description, group.slug))
                else:
                    items = [self._page_item(route) for route in section_pages[(i, j)]]
                    sections.append([{"title": section.section, "kind": "pages", "items": items}])
            self.navigation.append(self._group_nav(group.label, group.slug, sections, loaded))

    def _reserve(self, route: str, entry: PageEntry, place: str, holder: str) -> None:
        if not self._routes.reserve(route):
            raise ConfigError(
                f"{holder} and {self._holders[route]} share the route {route}",
                source=self.config.name,
                place=place,
            )
        self.pages[route] = entry
        self._holders[route] = holder

    def _reserve_changelog(self, group: ChangelogGroup, i: int) -> None:
        place = f"groups[{i}].updates"
        updates = read_updates(group.updates, config_name=self.config.name, place=place)
        route = f"/{group.slug}"
        entry = PageEntry(route, group.label, group.label, None, updates)
        self._reserve(route, entry, f"groups[{i}]", f"the changelog {group.label!r}")
        for update in updates:  # newest first
            route = f"/{group.slug}/{update.slug}"
            entry = PageEntry(route, group.label, group.label, update)
            self._reserve(route, entry, place, f"the changelog update {update.path.name}")

    def _load(self, section: SchemaSection, place: str) -> Description:
        """Load a ``schema:`` entry; an error names the config, the place and the entry as written."""
        config = self.config
        wall, cpu = time.perf_counter(), time.process_time()
        source = ""
        try:
            source = schema_source(section.source, content=config.content, public=config.public)
            with yaml_findings() as found:
                description = load(source)
        except OrgdocsError as error:
            message = error.message
            if source and not is_url(section.source) and not os.path.lexists(source):
                message = self._missing(section.source, source)
            raise type(error)(
                message, source=f"{config.name}: {place}: {section.source}", place=error.place
            ) from None
        spent_wall, spent_cpu = self.load_seconds
        self.load_seconds = (
            spent_wall + time.perf_counter() - wall,
            spent_cpu + time.process_time() - cpu,
        )
        if not is_url(source):
            description.source = section.source  # messages and payloads name it as the config does
        self._read_problems[id(description)] = [
            Problem(f"{description.source}: {where}: {message}", "duplicate-key") for where, message in found
        ]
        return description

    def _missing(self, entry: str, path: str) -> str:
        """What a missing ``schema:`` file's message says: the full path looked at, and why there."""
        config = self.config
        if not entry.startswith("/"):
            why = f"a path without a leading '/' is read below the content folder, {config.content}"
        elif "public" in config.raw:
            why = f"a path starting with '/' is read below the public folder, {config.public}"
        else:
            why = f"a path starting with '/' is read below the public folder; 'public' is not set, so it is {config.public}"
        if entry.startswith("/") and (config.public is None or not config.public.is_dir()):
            why += ", which does not exist"
        return f"no such file: {path} ({why})"

    def _schema_nav(self, group: str, description: Description, group_slug: str | None = None) -> list[dict]:
        """One navigation section per tag (declared order, then first use), then Endpoints, then Webhooks.

        Routes are claimed in document order (that decides who gets a ``-2``); the operations are then kept
        in navigation order, which is also the order of the index and of search results.
        """
        group_slug = group_slug or segment(group) or "docs"
        reach = ReachIndex(description)
        buckets: dict[tuple[str, str], list[OperationEntry]] = {
            ("tag", tag.name): [] for tag in description.tags
        }
        for operation in [*description.operations, *description.webhooks]:
            tag, name = operation_segments(operation)
            wanted = f"/{group_slug}/{tag}/{name}"
            route = self._routes.claim(wanted)
            where = f"{description.source}: {operation.pointer}"
            if route != wanted:
                self._route_problems.append(
                    Problem(
                        f"{where}: route {wanted} is taken by {self._holders[wanted]}: given {route}",
                        "route-suffix",
                    )
                )
            self._holders[route] = where
            if operation.tags:
                key = ("tag", operation.tags[0])
            elif operation.webhook:
                key = ("webhooks", WEBHOOK_SECTION)
            else:
                key = ("untagged", UNTAGGED_SECTION)
            buckets.setdefault(key, []).append(
                OperationEntry(route, group, key[1], operation, description, reach)
            )
        order = {"tag": 0, "untagged": 1, "webhooks": 2}
        declared = _declared_tags(description)
        titles = self._tag_titles[id(description)] = {
            name: shown for name, tag in declared.items() if (shown := _display_name(tag)) and shown != name
        }
        sections = []
        for (kind, name), entries in sorted(buckets.items(), key=lambda item: order[item[0][0]]):
            if not entries:
                continue  # a declared tag no operation uses
            title = titles.get(name, name) if kind == "tag" else name  # a tag's x-displayName, else its name
            for entry in entries:
                entry.section = title
                self.operations[entry.route] = entry
            items = [self._operation_item(entry) for entry in entries]
            # a section's page is the parent of its operations' routes (/<group>/<tag>/) when that is free
            route = self._routes.claim(f"/{group_slug}/{segment(name) or 'endpoints'}")
            tag = declared.get(name, {}) if kind == "tag" else {}
            self.sections[route] = SectionEntry(
                route,
                group,
                title,
                description=description_text(tag.get("description")),
                external_docs=external_docs(tag.get("externalDocs")),
                routes=[entry.route for entry in entries],
            )
            sections.append({"title": title, "kind": "tag", "route": route, "items": items})
        return sections

    def _group_nav(
        self, label: str, slug: str, sections: list[list[dict]], descriptions: list[Description]
    ) -> dict:
        flat = [s for part in sections for s in part]
        route = self._routes.claim(f"/{slug}")
        self.landings[route] = LandingEntry(
            route, label, descriptions, [s["route"] for s in flat if s.get("route")]
        )
        return {"group": label, "slug": slug, "kind": "docs", "route": route, "sections": flat}

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

    @staticmethod
    def _operation_item(entry: OperationEntry) -> dict:
        operation = entry.operation
        return {
            "title": operation.title,
            "route": entry.route,
            "kind": "operation",
            "method": operation.method.upper(),
            "deprecated": operation.deprecated,
        }

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
                "tags": self._tag_words(entry),
                "params": [p.name for p in entry.operation.parameters],
                "deprecated": entry.operation.deprecated,
                "data": payload_url(route),
                **({"webhook": True} if entry.operation.webhook else {}),  # only where it is one
            }
            for route, entry in self.operations.items()
        ]

    def _tag_words(self, entry: OperationEntry) -> list[str]:
        """An index entry's ``tags``, what search matches: each tag's name, and its x-displayName after it."""
        titles = self._tag_titles.get(id(entry.description), {})
        tags = list(entry.operation.tags)
        if not titles:
            return tags
        return [word for tag in tags for word in (tag, titles.get(tag)) if word]

    @functools.cached_property
    def search_texts(self) -> list[str]:
        """A short text per index entry, in index order: the first sentence of its description. Kept out
        of the index (which stays compact) in a search file of its own, which the browser loads on the
        first keystroke. See ``orgdocs.project._excerpts.search_text``."""
        return [search_text(entry.operation.description) for entry in self.operations.values()]

    @functools.cached_property
    def search_file(self) -> dict:
        """The search file (``SEARCH_URL``): ``texts``, one per entry of ``index["endpoints"]``; ``fields``
        (body fields, response type, more of the description), ``tags`` (their descriptions) and
        ``related`` (the reader's words, from WordNet): see ``orgdocs.project._search_file``."""
        from orgdocs.project._search_file import operation_fields, related_table, tag_texts

        entries = list(self.operations.values())
        return {
            "texts": self.search_texts,
            "fields": operation_fields([(entry.description, entry.operation) for entry in entries]),
            "tags": tag_texts({id(entry.description): entry.description for entry in entries}.values()),
            "related": related_table(self._index_entries),
        }

    @functools.cached_property
    def _search_index(self) -> SearchIndex:
        return SearchIndex(self._index_entries, self.search_file)

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        """Index entries matching ``query``, best first (the ranking of ``orgdocs.project._search``)."""
        return self._search_index.search(query, limit)

    def payload(self, route: str) -> dict:
        """The per-operation payload (CONTRACT section 5) as a dict."""
        return json.loads(self.payload_json(route))

    def payload_json(self, route: str) -> str:
        """The payload as compact, strict JSON, assembled from component JSON serialized once per site."""
        return self.payload_parts(route).to_bytes().decode("utf-8")

    def payload_parts(self, route: str) -> PayloadParts:
        """The payload as UTF-8 pieces (``PayloadParts``): what the build writes, without joining them."""
        entry = self.entry(route)
        if not isinstance(entry, OperationEntry):
            raise KeyError(f"{route} is a page, not an operation")
        return self._payload_parts(entry)

    def _payload_parts(self, entry: OperationEntry) -> PayloadParts:
        from orgdocs.project._examples import operation_examples

        description, operation, reach = entry.description, entry.operation, entry.reach
        security = description.security_for(operation)
        used = {name for requirement in security for name in requirement}
        op = operation_dict(operation, security)
        refs, unresolved = reach.closure(dict.fromkeys(reachable_refs(op)))
        head = {
            "route": entry.route,
            "group": entry.group,
            "source": description.source,
            "operation": op,
            "servers": [server_dict(s) for s in operation.servers],
            "securitySchemes": {
                name: security_scheme_dict(s)
                for name, s in description.security_schemes.items()
                if name in used
            },
            "examples": operation_examples(operation, description.resolve),
            "unresolved": list(dict.fromkeys([*operation.kept_refs, *unresolved])),
        }
        if description.format == "openapi" and description.version.startswith("3.1"):
            head["openapi"] = description.version  # JSON Schema 2020-12: a $ref's siblings apply (check.js)
        text, as_is = dumps_value(head)
        return PayloadParts(
            f'{text[:-1]},"components":{{'.encode(),
            tuple(reach.fragment(ref) for ref in refs),
            head if as_is else None,
            frozenset(refs),
        )

    def payloads(self) -> Iterator[tuple[str, str]]:
        """(route, payload JSON) for every operation, one at a time: never all in memory."""
        for route in self.operations:
            yield route, self.payload_json(route)


def description_text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _declared_tags(description: Description) -> dict[str, dict]:
    """The top-level ``tags`` objects by name (their description and ``externalDocs``), a name read as the
    model reads an operation's tags: ``name: 2024`` in YAML is the tag "2024"."""
    found: dict[str, dict] = {}
    for tag in as_list(description.document.get("tags")):
        name = as_text(tag.get("name")) if isinstance(tag, dict) else ""
        if name:
            found.setdefault(name, tag)
    return found


def _display_name(tag: dict) -> str:
    """A tag's ``x-displayName`` (Redoc's extension: the title readers see instead of its name), else ""."""
    shown = tag.get("x-displayName")
    return " ".join(shown.split()) if isinstance(shown, str) else ""


def external_docs(value: Any) -> dict:
    """``externalDocs`` with an http(s) ``url``, else ``{}`` (a link a reader may follow, nothing else); its
    description is the link's words, shown as text."""
    if not isinstance(value, dict) or not isinstance(value.get("url"), str):
        return {}
    url = value["url"].strip()
    if not is_url(url):
        return {}
    return {"url": url, "description": description_text(value.get("description"))}
