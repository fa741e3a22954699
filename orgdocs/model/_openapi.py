"""Read an OpenAPI 3.x document into the model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from orgdocs.loading import Resolver, escape_token
from orgdocs.model._objects import (
    METHODS,
    MediaType,
    Operation,
    Parameter,
    RequestBody,
    Response,
    SecurityScheme,
    Server,
    ServerVariable,
)
from orgdocs.model._values import as_dict, as_list, as_text

__all__ = [
    "iter_methods",
    "iter_path_items",
    "kept_refs",
    "merge_parameters",
    "operation_fields",
    "read_operations",
    "read_security_schemes",
    "read_servers",
]


def read_servers(value: Any) -> list[Server]:
    servers = []
    for raw in as_list(value):
        if not isinstance(raw, dict) or not isinstance(raw.get("url"), str):
            continue
        variables = {
            str(name): ServerVariable(
                default=as_text(v.get("default")),
                enum=[as_text(e) for e in as_list(v.get("enum"))],
                description=as_text(v.get("description")),
            )
            for name, v in as_dict(raw.get("variables")).items()
            if isinstance(v, dict)
        }
        servers.append(Server(raw["url"], as_text(raw.get("description")), variables))
    return servers


def read_security_schemes(value: Any, resolver: Resolver) -> dict[str, SecurityScheme]:
    schemes = {}
    for name, raw in as_dict(value).items():
        raw, _ = resolver.deref(raw)
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            continue
        schemes[str(name)] = SecurityScheme(
            name=str(name),
            type=raw["type"],
            scheme=as_text(raw.get("scheme")).lower(),
            bearer_format=as_text(raw.get("bearerFormat")),
            location=as_text(raw.get("in")),
            parameter_name=as_text(raw.get("name")),
            description=as_text(raw.get("description")),
            flows=as_dict(raw.get("flows")),
            open_id_connect_url=as_text(raw.get("openIdConnectUrl")),
        )
    return schemes


def read_media_types(content: Any, resolver: Resolver) -> list[MediaType]:
    media = []
    for media_type, raw in as_dict(content).items():
        raw, _ = resolver.deref(raw)
        raw = as_dict(raw)
        media.append(
            MediaType(
                media_type=str(media_type),
                schema=raw.get("schema"),
                example=raw.get("example"),
                has_example="example" in raw,
                examples=as_dict(raw.get("examples")),
                encoding=as_dict(raw.get("encoding")),
            )
        )
    return media


def read_parameter(raw: Any, pointer: str, resolver: Resolver) -> Parameter | None:
    raw, ref = resolver.deref(raw)
    if not isinstance(raw, dict) or "$ref" in raw or not isinstance(raw.get("name"), str):
        return None  # unresolved: reported by Description.unresolved
    location = as_text(raw.get("in"))
    return Parameter(
        name=raw["name"],
        location=location,
        required=bool(raw.get("required")) or location == "path",
        description=as_text(raw.get("description")),
        deprecated=bool(raw.get("deprecated")),
        schema=raw.get("schema"),
        example=raw.get("example"),
        has_example="example" in raw,
        examples=as_dict(raw.get("examples")),
        style=raw.get("style") if isinstance(raw.get("style"), str) else None,
        explode=raw.get("explode") if isinstance(raw.get("explode"), bool) else None,
        content=read_media_types(raw.get("content"), resolver),
        pointer=ref or pointer,
    )


def merge_parameters(path_level: list[Parameter], operation_level: list[Parameter]) -> list[Parameter]:
    """Path-level parameters apply unless the operation redefines the same name and location."""
    overridden = {p.key for p in operation_level}
    return [p for p in path_level if p.key not in overridden] + operation_level


def read_parameters(value: Any, pointer: str, resolver: Resolver) -> list[Parameter]:
    parameters = []
    for i, raw in enumerate(as_list(value)):
        parameter = read_parameter(raw, f"{pointer}/{i}", resolver)
        if parameter is not None:
            parameters.append(parameter)
    return parameters


def read_responses(value: Any, pointer: str, resolver: Resolver) -> list[Response]:
    responses = []
    for status, raw in as_dict(value).items():
        raw, ref = resolver.deref(raw)
        if not isinstance(raw, dict):
            continue
        responses.append(
            Response(
                status=str(status),
                description=as_text(raw.get("description")),
                content=read_media_types(raw.get("content"), resolver),
                headers=as_dict(raw.get("headers")),
                links=as_dict(raw.get("links")),
                pointer=ref or f"{pointer}/{escape_token(str(status))}",
            )
        )
    return responses


def read_request_body(value: Any, pointer: str, resolver: Resolver) -> RequestBody | None:
    if value is None:
        return None
    raw, ref = resolver.deref(value)
    if not isinstance(raw, dict) or "$ref" in raw:
        return None
    return RequestBody(
        description=as_text(raw.get("description")),
        required=bool(raw.get("required")),
        content=read_media_types(raw.get("content"), resolver),
        pointer=ref or pointer,
    )


def _path_entries(items: Any, root: str) -> Iterator[tuple[str, Any, str]]:
    """``(path, path item as written, its pointer)`` of a Paths Object (``root`` ``#/paths``) or of 3.1
    ``webhooks``, in document order. ``x-`` keys of a Paths Object are extensions, not paths."""
    for path, item in as_dict(items).items():
        path = str(path)
        if root == "#/paths" and path.startswith("x-"):
            continue
        yield path, item, f"{root}/{escape_token(path)}"


def iter_path_items(items: Any, root: str, resolver: Resolver) -> Iterator[tuple[str, dict, str]]:
    """``(path, path item, its pointer)`` in document order, a path item's ``$ref`` followed.

    A path item that is not a mapping is left out (``ignored_objects`` names it). A reference that cannot
    be followed (external, dangling, cyclic) leaves its path item without operations:
    ``Description.unresolved`` reports it.
    """
    for path, item, item_pointer in _path_entries(items, root):
        if isinstance(item, dict) and "$ref" in item:
            target, ref = resolver.deref(item)
            if ref is None or not isinstance(target, dict):
                continue
            # siblings of $ref in a path item are merged over the target (OpenAPI 3.1)
            item = {**target, **{k: v for k, v in item.items() if k != "$ref"}}
            item_pointer = ref
        if isinstance(item, dict):
            yield path, item, item_pointer


def ignored_objects(document: dict, resolver: Resolver) -> list[tuple[str, str]]:
    """``(JSON pointer, why)`` of each path item and operation left out because it is not a mapping
    (``/a: 5``, ``get: "hello"``): ``iter_path_items`` and ``iter_methods`` skip them without a word."""
    found = []
    for root in ("#/paths", webhooks_root(document)):
        # not ``iter_path_items``: a pointer here names the path item where it is written (that walk
        # gives a referenced one its target's pointer, with the ``$ref``'s siblings merged in)
        for _, item, pointer in _path_entries(document.get(root[2:]), root):
            if not isinstance(item, dict):
                found.append((pointer, f"path item is {_kind(item)}, not a mapping: left out"))
                continue
            if "$ref" in item:
                item, _ = resolver.deref(item)  # an unresolvable one is reported as a reference
                if not isinstance(item, dict):
                    continue
            for method, raw in item.items():
                if method in METHODS and not isinstance(raw, dict):
                    found.append(
                        (f"{pointer}/{method}", f"operation is {_kind(raw)}, not a mapping: left out")
                    )
    return found


def _kind(value: Any) -> str:
    return "null" if value is None else f"a {type(value).__name__} ({str(value)[:40]!r})"


def iter_methods(item: dict, item_pointer: str, resolver: Resolver) -> Iterator[tuple[str, dict, str]]:
    """``(method, operation object, its pointer)`` for the eight method keys of a path item.

    An operation that is itself a ``$ref`` (DigitalOcean's multi-file layout) is followed when local; an
    external one is kept as the ``{"$ref": ...}`` it is, and still counts as an operation.
    """
    for method, raw in item.items():  # in document order: it numbers colliding routes
        if method not in METHODS or not isinstance(raw, dict):
            continue
        pointer = f"{item_pointer}/{method}"
        if "$ref" in raw:
            target, ref = resolver.deref(raw)
            if ref is not None and isinstance(target, dict):
                raw, pointer = target, ref
        yield method, raw, pointer


def kept_refs(resolver: Resolver, path_parameters: Any, operation: dict) -> list[str]:
    """The references among an operation's parameters, request body and responses that cannot be followed."""
    candidates = [
        *as_list(path_parameters),
        *as_list(operation.get("parameters")),
        operation.get("requestBody"),
    ]
    candidates += as_dict(operation.get("responses")).values()
    kept = []
    for node in candidates:
        if isinstance(node, dict) and isinstance(node.get("$ref"), str):
            target, _ = resolver.deref(node)
            if isinstance(target, dict) and "$ref" in target:
                kept.append(node["$ref"])
    return list(dict.fromkeys(kept))


def read_path_items(
    items: Any, root: str, resolver: Resolver, servers: list[Server], *, webhook: bool = False
) -> list[Operation]:
    """Operations of ``paths`` (or 3.1 ``webhooks``, or ``x-webhooks``), in document order, path items' ``$ref``
    followed."""
    operations = []
    for path, item, item_pointer in iter_path_items(items, root, resolver):
        path_parameters = read_parameters(item.get("parameters"), f"{item_pointer}/parameters", resolver)
        path_servers = read_servers(item.get("servers")) or servers
        for method, raw, pointer in iter_methods(item, item_pointer, resolver):
            operation = read_operation(method, path, raw, pointer, resolver, path_parameters, path_servers)
            operation.webhook = webhook
            operation.kept_refs = kept_refs(resolver, item.get("parameters"), raw)
            operations.append(operation)
    return operations


def read_operation(
    method: str,
    path: str,
    raw: Any,
    pointer: str,
    resolver: Resolver,
    path_parameters: list[Parameter],
    servers: list[Server],
) -> Operation:
    raw = as_dict(raw)
    parameters = read_parameters(raw.get("parameters"), f"{pointer}/parameters", resolver)
    return Operation(
        method=method,
        path=path,
        pointer=pointer,
        **operation_fields(raw),
        parameters=merge_parameters(path_parameters, parameters),
        request_body=read_request_body(raw.get("requestBody"), f"{pointer}/requestBody", resolver),
        responses=read_responses(raw.get("responses"), f"{pointer}/responses", resolver),
        servers=read_servers(raw.get("servers")) or servers,
        callbacks=as_dict(raw.get("callbacks")),
    )


def operation_fields(raw: dict) -> dict[str, Any]:
    """The fields an operation object has alike in Swagger 2.0 and OpenAPI 3.x."""
    security = raw.get("security")
    return {
        "operation_id": as_text(raw.get("operationId")),
        "summary": as_text(raw.get("summary")),
        "description": as_text(raw.get("description")),
        "tags": [as_text(t) for t in as_list(raw.get("tags")) if as_text(t)],
        "deprecated": raw.get("deprecated") is True,
        "security": [s for s in security if isinstance(s, dict)] if isinstance(security, list) else None,
        "raw": raw,
    }


def webhooks_root(document: dict) -> str:
    """Where a description's webhooks are: 3.1's ``webhooks``, else ``x-webhooks`` (the extension 3.0
    descriptions use for them, GitHub's and Redoc's), as Redoc reads them."""
    return "#/x-webhooks" if "webhooks" not in document and "x-webhooks" in document else "#/webhooks"


def read_operations(document: dict, resolver: Resolver, servers: list[Server]) -> tuple[list, list]:
    operations = read_path_items(document.get("paths"), "#/paths", resolver, servers)
    root = webhooks_root(document)
    webhooks = read_path_items(document.get(root[2:]), root, resolver, servers, webhook=True)
    return operations, webhooks
