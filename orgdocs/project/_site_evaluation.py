"""``SiteEvaluation``: how a ``Site`` evaluates its config into routes and navigation.

Hand-written pages and changelog updates reserve their routes first; then every description is loaded and its
operations claim routes in document order (a taken route gets a ``-2``, a ``route-suffix`` problem) and are
kept in navigation order: one section per tag (declared order, then first use; a tag's ``x-displayName`` is
its title), then Endpoints, then Webhooks. Each section, and each docs group, gets a page of its own.
"""

from __future__ import annotations

import os
import time
from typing import Any

from orgdocs.errors import ConfigError, OrgdocsError
from orgdocs.loading import is_url, schema_source, yaml_findings
from orgdocs.model import Description, as_list, as_text, from_document, load
from orgdocs.project._config import ChangelogGroup, PagesSection, SchemaSection
from orgdocs.project._entries import LandingEntry, OperationEntry, PageEntry, SectionEntry
from orgdocs.project._handwritten_pages import read_page, read_updates
from orgdocs.project._payloads import ReachIndex
from orgdocs.project._problems import Problem
from orgdocs.project._routes import operation_segments, segment

__all__ = ["SiteEvaluation", "external_docs"]

UNTAGGED_SECTION = "Endpoints"
WEBHOOK_SECTION = "Webhooks"


class SiteEvaluation:
    """The part of ``Site`` that reads its config, pages and descriptions into routes, entries and
    navigation (the attributes ``Site._start`` sets)."""

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
            if section.parsed is not None:  # a description given as the config, parsed as it was read
                document, found = section.parsed
                description = from_document(document, config.name, config.file)
            else:
                with yaml_findings() as found:
                    description = load(source)
        except OrgdocsError as error:
            if config.alone:  # no config to name: the description is the file given
                raise
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
        if not is_url(source):  # messages and payloads name it as the config does, or as it was given
            description.source = config.name if config.alone else section.source
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
