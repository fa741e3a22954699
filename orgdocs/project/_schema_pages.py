"""Schema pages: a page per component schema (``components/schemas``, Swagger 2.0's ``definitions``) and a
list of them per description, as Scalar's "Models" and Swagger UI's "Schemas" offer.

Routes: a description's list is ``/<group>/schemas`` and each schema ``/<group>/schemas/<name>`` (kebab-case,
like every route). They are claimed after every other route of the site, so a schema never takes the route
of an operation, a section or a hand-written page: a taken one gets ``-2``, ``-3``, ... (a tag named
"schemas" sends the list to ``/<group>/schemas-2``; two descriptions in one group get two lists).

Every schema page sits three folders deep, as operation pages do: a type label in any schema tree of the
description links to ``../../<list>/<name>/`` whatever page it is on, so a subtree rendered once serves
every page (``links``), and a component folded in a tree opens with its page's tree, fetched from there.

"Used by" lists what references a schema directly: operations (their parameters, bodies, responses and
callbacks, through the non-schema components they name) and other component schemas.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orgdocs.loading import escape_token, pointer_tokens
from orgdocs.project._payload_dicts import operation_dict
from orgdocs.project._payloads import ReachIndex, reachable_refs
from orgdocs.project._routes import RouteTable, segment

if TYPE_CHECKING:
    from orgdocs.model import Description
    from orgdocs.project._site import Site

__all__ = ["LIST_SEGMENT", "SchemaEntry", "SchemaLinks", "SchemaListing", "SchemaPages", "schema_base"]

LIST_SEGMENT = "schemas"
FALLBACK_SEGMENT = "schema"  # a name with no ASCII letter or digit in it (kebab-case leaves nothing)


def schema_base(description: Description) -> str:
    """Where a description's component schemas are: ``#/components/schemas/`` or ``#/definitions/``."""
    return "#/definitions/" if description.format == "swagger" else "#/components/schemas/"


def _component_schemas(description: Description) -> dict:
    schemas = description.components.get("schemas")
    return schemas if isinstance(schemas, dict) else {}


@dataclass
class SchemaEntry:
    """One component schema's page."""

    route: str
    group: str  # group label
    name: str  # the component's name, as the description writes it
    ref: str  # its reference, written as a description would: ``#/components/schemas/<name>``
    listing: str  # the route of its description's list
    description: Description = field(repr=False)
    reach: ReachIndex = field(repr=False)
    schema: Any = field(default=None, repr=False)  # as the description writes it

    @property
    def title(self) -> str:
        return self.name


@dataclass
class SchemaListing:
    """A description's list of schemas (its "Schemas" page)."""

    route: str
    group: str  # group label
    group_slug: str
    description: Description = field(repr=False)
    routes: list[str] = field(default_factory=list)  # its schemas' pages, in the description's order
    title: str = "Schemas"


class SchemaLinks:
    """A description's component schemas by reference (``get(ref)``): the link to each one's page as written
    on a page three folders deep (``../../schemas/issue/``). A reference is read as a JSON pointer, so
    ``#/definitions/Pet%20Store`` and ``#/definitions/Pet Store`` name the same schema."""

    def __init__(self, description: Description, segments: dict[str, str], listing: str):
        self._base = schema_base(description)
        self._segments = segments  # component name -> its route segment
        self._folder = "../../" + listing.strip("/").split("/")[-1] + "/"
        self._known: dict[str, str | None] = {}

    def __bool__(self) -> bool:
        return bool(self._segments)

    def segment(self, ref: str) -> str | None:
        """The route segment of the schema ``ref`` names, or None (another kind of reference, a dangling one)."""
        try:
            return self._known[ref]
        except KeyError:
            pass
        name = component_name(ref, self._base)
        found = self._known[ref] = self._segments.get(name) if name is not None else None
        return found

    def get(self, ref: str) -> str | None:
        """The link to the page of the schema ``ref`` names, from a page three folders deep; None if none."""
        found = self.segment(ref)
        return f"{self._folder}{found}/" if found is not None else None


def component_name(ref: str, base: str) -> str | None:
    """The name of the component schema ``ref`` points at (``base``: ``schema_base``), else None."""
    if not ref.startswith(base[:2]):
        return None
    try:
        tokens = pointer_tokens(ref)
    except KeyError:
        return None
    want = pointer_tokens(base + "x")[:-1]
    if len(tokens) != len(want) + 1 or tokens[:-1] != want:
        return None
    return tokens[-1]


class SchemaPages:
    """The schema pages and lists of a site, routed with its ``RouteTable`` after everything else."""

    def __init__(self, site: Site, routes: RouteTable):
        self.schemas: dict[str, SchemaEntry] = {}  # route -> schema page, in list order
        self.listings: dict[str, SchemaListing] = {}  # route -> list page
        self._links: dict[int, SchemaLinks] = {}  # id(description) -> its schemas' links
        self._used_by: dict[int, dict[str, tuple[list[str], list[str]]]] = {}
        self._only_sent: dict[int, set[str]] = {}  # id(description) -> schemas of request bodies only
        self._listing_of: dict[int, SchemaListing] = {}
        self._operations: dict[int, list[tuple[str, Any]]] = {}  # id(description) -> (route, operation)
        reaches: dict[int, ReachIndex] = {}
        for entry in site.operations.values():  # in navigation order
            reaches.setdefault(id(entry.description), entry.reach)
            self._operations.setdefault(id(entry.description), []).append((entry.route, entry.operation))
        for group in site.navigation:
            landing = site.landings.get(group.get("route", ""))
            if group.get("kind") != "docs" or landing is None:
                continue
            described = [d for d in dict.fromkeys(landing.descriptions) if _component_schemas(d)]
            for description in described:
                if id(description) in self._listing_of:
                    continue  # one description in two groups: its schemas are listed in the first
                reach = reaches.get(id(description)) or ReachIndex(description)
                listing = self._add(routes, group["group"], group["slug"], description, reach)
                if len(described) > 1:
                    listing.title = f"{description.title} schemas"

    def _add(
        self, routes: RouteTable, group: str, slug: str, description: Description, reach: ReachIndex
    ) -> SchemaListing:
        listing = SchemaListing(routes.claim(f"/{slug}/{LIST_SEGMENT}"), group, slug, description)
        schemas = {str(name): schema for name, schema in _component_schemas(description).items()}
        names = list(schemas)
        # a name that is a route segment already keeps it: claimed first, so a kebab-cased twin gets the -2
        wanted = {name: segment(name) or FALLBACK_SEGMENT for name in names}
        given: dict[str, str] = {}
        for exact in (True, False):
            for name in names:
                if (wanted[name] == name) is exact and name not in given:
                    given[name] = routes.claim(f"{listing.route}/{wanted[name]}")
        base = schema_base(description)
        for name in names:
            route = given[name]
            listing.routes.append(route)
            ref = base + escape_token(name)
            self.schemas[route] = SchemaEntry(
                route, group, name, ref, listing.route, description, reach, schemas[name]
            )
        self.listings[listing.route] = listing
        self._listing_of[id(description)] = listing
        segments = {name: given[name].rsplit("/", 1)[-1] for name in names}
        self._links[id(description)] = SchemaLinks(description, segments, listing.route)
        return listing

    def listing_of(self, description: Description) -> SchemaListing | None:
        return self._listing_of.get(id(description))

    def links(self, description: Description) -> SchemaLinks | None:
        """What type labels of ``description``'s trees link to (None: it has no component schemas)."""
        return self._links.get(id(description))

    def used_by(self, route: str) -> tuple[list[str], list[str]]:
        """(routes of the operations, routes of the schemas) that reference the schema at ``route``
        directly, in navigation and list order."""
        entry = self.schemas[route]
        return self._users(entry).get(entry.name, ([], []))

    def only_sent(self, route: str) -> bool:
        """Whether operations send the schema at ``route`` in request bodies (a webhook's payload) and never
        answer with it: its example is then the one a request body shows."""
        entry = self.schemas[route]
        self._users(entry)
        return entry.name in self._only_sent[id(entry.description)]

    def prepare(self) -> None:
        """Index what uses each schema, for every description, now: before a build's page writers fork, so
        that they share it (and the references it followed, which their payloads follow too)."""
        for listing in self.listings.values():
            self._users(self.schemas[listing.routes[0]])

    def _users(self, entry: SchemaEntry) -> dict[str, tuple[list[str], list[str]]]:
        index = self._used_by.get(id(entry.description))
        if index is None:
            index = self._used_by[id(entry.description)] = self._index(entry.description, entry.reach)
        return index

    def _index(self, description: Description, reach: ReachIndex) -> dict[str, tuple[list[str], list[str]]]:
        base = schema_base(description)
        listing = self._listing_of[id(description)]
        route_of = {entry.name: entry.route for entry in (self.schemas[r] for r in listing.routes)}
        index: dict[str, tuple[list[str], list[str]]] = {}

        def users(name: str) -> tuple[list[str], list[str]]:
            found = index.get(name)
            if found is None:
                found = index[name] = ([], [])
            return found

        sent: set[str] = set()  # request bodies
        answered: set[str] = set()  # responses
        for operation_route, operation in self._operations.get(id(description), ()):
            op = operation_dict(operation, [])
            body = _direct_schemas(reachable_refs(op["requestBody"]), reach, base)
            answers = _direct_schemas(reachable_refs(op["responses"]), reach, base)
            rest = _direct_schemas(reachable_refs([op["parameters"], op["callbacks"]]), reach, base)
            for name in dict.fromkeys([*rest, *body, *answers]):
                users(name)[0].append(operation_route)
            sent.update(body)
            answered.update(answers)
        self._only_sent[id(description)] = sent - answered
        for name, route in route_of.items():
            ref = base + escape_token(name)
            if not reach.resolves(ref):
                continue
            for used in _direct_schemas(reach.edges(ref), reach, base):
                if used != name:
                    users(used)[1].append(route)
        return index


def _direct_schemas(refs: Any, reach: ReachIndex, base: str) -> list[str]:
    """The component schemas ``refs`` name, directly or through other kinds of components (a response, a
    parameter, a request body), each once."""
    found: dict[str, None] = {}
    seen: set[str] = set()
    stack = list(dict.fromkeys(refs))
    stack.reverse()
    while stack:
        ref = stack.pop()
        if ref in seen:
            continue
        seen.add(ref)
        name = component_name(ref, base)
        if name is not None:
            found[name] = None
        elif reach.resolves(ref):
            stack.extend(reversed(reach.edges(ref)))
    return list(found)
