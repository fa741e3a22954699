"""``Description``: one API description, read into the model, and ``load(source)``."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orgdocs.model._openapi as openapi
import orgdocs.model._swagger as swagger
from orgdocs.errors import DescriptionError
from orgdocs.loading import Resolver, is_local, iter_refs, parse_document, read_source
from orgdocs.model._objects import METHODS, Operation, SecurityScheme, Server, Tag
from orgdocs.model._values import as_dict, as_list, as_text

__all__ = ["Description", "UnresolvedRef", "from_document", "load"]


@dataclass(frozen=True)
class UnresolvedRef:
    """A ``$ref`` that is kept as it is: external, dangling, or part of a reference cycle."""

    ref: str
    reason: str  # "external", "missing", "cycle"


class Description:
    """An API description read into the model. Built by ``load()``; see ``orgdocs.model._objects``."""

    def __init__(self, document: dict, source: str, path: Path | None = None):
        self.document = document
        self.source = source
        self.path = path  # the local file, if any
        self.resolver = Resolver(document)
        swagger_version = document.get("swagger")
        if swagger_version is not None:
            self.format = "swagger"
            self.version = str(swagger_version)
            reader = swagger
            self.servers: list[Server] = swagger.read_servers(document)
            schemes = document.get("securityDefinitions")
        else:
            self.format = "openapi"
            self.version = str(document.get("openapi", ""))
            reader = openapi
            self.servers = openapi.read_servers(document.get("servers"))
            schemes = as_dict(document.get("components")).get("securitySchemes")
        self.info: dict = as_dict(document.get("info"))
        self.security_schemes: dict[str, SecurityScheme] = reader.read_security_schemes(
            schemes, self.resolver
        )
        security = document.get("security")
        self.security: list[dict] = (
            [s for s in security if isinstance(s, dict)] if isinstance(security, list) else []
        )
        self.operations: list[Operation]
        self.webhooks: list[Operation]
        self.operations, self.webhooks = reader.read_operations(document, self.resolver, self.servers)
        for operation in (*self.operations, *self.webhooks):
            operation.api_description = self
        self.tags: list[Tag] = self._read_tags()

    def __repr__(self) -> str:
        return (
            f"<Description {self.title!r} ({self.format} {self.version}): {len(self.operations)} operations>"
        )

    @property
    def title(self) -> str:
        return as_text(self.info.get("title")) or self.source

    @property
    def api_version(self) -> str:
        return as_text(self.info.get("version"))

    def resolve(self, ref: str) -> Any:
        """The target of a local reference. ``KeyError`` when it is external or dangling."""
        return self.resolver.resolve(ref)

    def deref(self, node: Any) -> Any:
        """``node`` with its chain of references followed (cycle-safe); unresolvable ones stay as they are."""
        return self.resolver.deref(node)[0]

    def security_for(self, operation: Operation) -> list[dict[str, list[str]]]:
        """The effective security requirements: the operation's own, else the description's."""
        return operation.security if operation.security is not None else self.security

    @functools.cached_property
    def components(self) -> dict[str, Any]:
        """The reusable objects by kind: ``components`` (OpenAPI 3), or ``definitions`` & co (Swagger 2)."""
        if self.format == "swagger":
            doc = self.document
            kinds = {"schemas": "definitions", "parameters": "parameters", "responses": "responses"}
            return {kind: as_dict(doc.get(key)) for kind, key in kinds.items() if doc.get(key)}
        return {k: v for k, v in as_dict(self.document.get("components")).items() if isinstance(v, dict)}

    @functools.cached_property
    def unresolved(self) -> list[UnresolvedRef]:
        """Every distinct ``$ref`` of the document that is kept as it is, in a stable order."""
        found: dict[str, UnresolvedRef] = {}
        for ref in iter_refs(self.document):
            if ref in found:
                continue
            if not is_local(ref):
                found[ref] = UnresolvedRef(ref, "external")
            elif not self.resolver.resolves(ref):
                found[ref] = UnresolvedRef(ref, "missing")
            else:
                # a chain of bare references that comes back on itself never reaches a value
                target, _ = self.resolver.deref({"$ref": ref})
                next_ref = target.get("$ref") if isinstance(target, dict) else None
                if isinstance(next_ref, str) and is_local(next_ref) and self.resolver.resolves(next_ref):
                    found[ref] = UnresolvedRef(ref, "cycle")
        return sorted(found.values(), key=lambda u: u.ref)

    @functools.cached_property
    def ignored(self) -> list[tuple[str, str]]:
        """``(JSON pointer, why)`` of path items and operations left out because they are not mappings."""
        return openapi.ignored_objects(self.document, self.resolver)

    def _read_tags(self) -> list[Tag]:
        """The top-level ``tags`` list first, then tags in order of first use (the navigation's order)."""
        tags: dict[str, Tag] = {}
        for raw in as_list(self.document.get("tags")):
            if isinstance(raw, dict) and as_text(raw.get("name")):
                name = as_text(raw["name"])
                tags.setdefault(name, Tag(name, as_text(raw.get("description"))))
        for operation in self.operations:
            for name in operation.tags:
                tags.setdefault(name, Tag(name))
        return list(tags.values())

    def operation(self, key: str) -> Operation:
        """An operation by ``operationId`` or by ``"METHOD /path"``."""
        method, _, path = key.partition(" ")
        by_route = (method.lower(), path) if method.lower() in METHODS and path else None
        for operation in self.operations:
            if key == operation.operation_id or by_route == (operation.method, operation.path):
                return operation
        raise KeyError(key)


def from_document(document: Any, source: str = "<description>", path: Path | None = None) -> Description:
    """Read already parsed data; raises ``DescriptionError`` when it is not an API description."""
    if not isinstance(document, dict):
        kind = "empty" if document is None else f"a {type(document).__name__}, not a mapping"
        raise DescriptionError(f"not an API description (the document is {kind})", source=source)
    version = document.get("swagger")
    if version is not None and not str(version).startswith("2."):
        raise DescriptionError(
            f"unsupported Swagger version {version!r}: only 2.x, or OpenAPI 3.x (field 'openapi')",
            source=source,
            place="#/swagger",
        )
    if "asyncapi" in document and "openapi" not in document and version is None:
        raise DescriptionError(
            f"an AsyncAPI document (asyncapi {document['asyncapi']!r}), not an OpenAPI 3.x or Swagger 2.0"
            " description",
            source=source,
            place="#/asyncapi",
        )
    if not isinstance(document.get("paths"), dict):
        found = "is not an object" if "paths" in document else "is missing"
        if "webhooks" in document and "paths" not in document:
            found += " (webhooks-only documents are not supported: add 'paths: {}')"
        elif "openapi" not in document and version is None:
            found += ", and no 'openapi' or 'swagger' field names a version: not an API description?"
        raise DescriptionError(f"top-level 'paths' object {found}", source=source, place="#/paths")
    return Description(document, source, path)


def load(source: str | Path) -> Description:
    """Load an OpenAPI 3.x or Swagger 2.0 description from a file path or an http(s) URL."""
    fetched = read_source(source)
    return from_document(parse_document(fetched.data, fetched.name), fetched.name, fetched.path)
