"""Read an OpenAPI 3.x document into the model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from orgdocs.loading.refs import Resolver, escape_token
from orgdocs.model.objects import (
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

__all__ = ["iter_methods", "iter_path_items", "read_operations", "read_security_schemes", "read_servers"]


def _dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))


def read_servers(value: Any) -> list[Server]:
    servers = []
    for raw in _list(value):
        if not isinstance(raw, dict) or not isinstance(raw.get("url"), str):
            continue
        variables = {
            str(name): ServerVariable(
                default=_text(v.get("default")),
                enum=[_text(e) for e in _list(v.get("enum"))],
                description=_text(v.get("description")),
            )
            for name, v in _dict(raw.get("variables")).items()
            if isinstance(v, dict)
        }
        servers.append(Server(raw["url"], _text(raw.get("description")), variables))
    return servers


def read_security_schemes(value: Any, resolver: Resolver) -> dict[str, SecurityScheme]:
    schemes = {}
    for name, raw in _dict(value).items():
        raw, _ = resolver.deref(raw)
        if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
            continue
        schemes[str(name)] = SecurityScheme(
            name=str(name),
            type=raw["type"],
            scheme=_text(raw.get("scheme")).lower(),
            bearer_format=_text(raw.get("bearerFormat")),
            location=_text(raw.get("in")),
            parameter_name=_text(raw.get("name")),
            description=_text(raw.get("description")),
            flows=_dict(raw.get("flows")),
            open_id_connect_url=_text(raw.get("openIdConnectUrl")),
        )
    return schemes


def read_media_types(content: Any, resolver: Resolver) -> list[MediaType]:
    media = []
    for media_type, raw in _dict(content).items():
        raw, _ = resolver.deref(raw)
        raw = _dict(raw)
        media.append(
            MediaType(
                media_type=str(media_type),
                schema=raw.get("schema"),
                example=raw.get("example"),
                has_example="example" in raw,
                examples=_dict(raw.get("examples")),
                encoding=_dict(raw.get("encoding")),
            )
        )
    return media


def read_parameter(raw: Any, pointer: str, resolver: Resolver) -> Parameter | None:
    raw, ref = resolver.deref(raw)
    if not isinstance(raw, dict) or "$ref" in raw or not isinstance(raw.get("name"), str):
        return None  # unresolved: reported by Description.unresolved
    location = _text(raw.get("in"))
    return Parameter(
        name=raw["name"],
        location=location,
        required=bool(raw.get("required")) or location == "path",
        description=_text(raw.get("description")),
        deprecated=bool(raw.get("deprecated")),
        schema=raw.get("schema"),
        example=raw.get("example"),
        has_example="example" in raw,
        examples=_dict(raw.get("examples")),
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
    for i, raw in enumerate(_list(value)):
        parameter = read_parameter(raw, f"{pointer}/{i}", resolver)
        if parameter is not None:
            parameters.append(parameter)
    return parameters


def read_responses(value: Any, pointer: str, resolver: Resolver) -> list[Response]:
    responses = []
    for status, raw in _dict(value).items():
        raw, ref = resolver.deref(raw)
        if not isinstance(raw, dict):
            continue
        responses.append(
            Response(
                status=str(status),
                description=_text(raw.get("description")),
                content=read_media_types(raw.get("content"), resolver),
                headers=_dict(raw.get("headers")),
                links=_dict(raw.get("links")),
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
        description=_text(raw.get("description")),
        required=bool(raw.get("required")),
        content=read_media_types(raw.get("content"), resolver),
        pointer=ref or pointer,
    )


def iter_path_items(items: Any, root: str, resolver: Resolver) -> Iterator[tuple[str, dict, str]]:
    """``(path, path item, its pointer)`` in document order, a path item's ``$ref`` followed.

    ``x-`` keys of a Paths Object are extensions, not paths. A reference that cannot be followed (external,
    dangling, cyclic) leaves its path item without operations: ``Description.unresolved`` reports it.
    """
    for path, item in _dict(items).items():
        path = str(path)
        if root == "#/paths" and path.startswith("x-"):
            continue
        item_pointer = f"{root}/{escape_token(path)}"
        if isinstance(item, dict) and "$ref" in item:
            target, ref = resolver.deref(item)
            if ref is None or not isinstance(target, dict):
                continue
            # siblings of $ref in a path item are merged over the target (OpenAPI 3.1)
            item = {**target, **{k: v for k, v in item.items() if k != "$ref"}}
            item_pointer = ref
        if isinstance(item, dict):
            yield path, item, item_pointer


def iter_methods(item: dict, item_pointer: str, resolver: Resolver) -> Iterator[tuple[str, dict, str]]:
    """``(method, operation object, its pointer)`` for the eight method keys of a path item.

    An operation that is itself a ``$ref`` (DigitalOcean's multi-file layout) is followed when local; an
    external one is kept as the ``{"$ref": ...}`` it is, and still counts as an operation.
    """
    for method in METHODS:
        raw = item.get(method)
        if not isinstance(raw, dict):
            continue
        pointer = f"{item_pointer}/{method}"
        if "$ref" in raw:
            target, ref = resolver.deref(raw)
            if ref is not None and isinstance(target, dict):
                raw, pointer = target, ref
        yield method, raw, pointer


def read_path_items(
    items: Any, root: str, resolver: Resolver, servers: list[Server], *, webhook: bool = False
) -> list[Operation]:
    """Operations of ``paths`` (or 3.1 ``webhooks``), in document order, path items' ``$ref`` followed."""
    operations = []
    for path, item, item_pointer in iter_path_items(items, root, resolver):
        path_parameters = read_parameters(item.get("parameters"), f"{item_pointer}/parameters", resolver)
        path_servers = read_servers(item.get("servers")) or servers
        for method, raw, pointer in iter_methods(item, item_pointer, resolver):
            operation = read_operation(method, path, raw, pointer, resolver, path_parameters, path_servers)
            operation.webhook = webhook
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
    raw = _dict(raw)
    parameters = read_parameters(raw.get("parameters"), f"{pointer}/parameters", resolver)
    security = raw.get("security")
    return Operation(
        method=method,
        path=path,
        pointer=pointer,
        operation_id=_text(raw.get("operationId")),
        summary=_text(raw.get("summary")),
        description=_text(raw.get("description")),
        tags=[_text(t) for t in _list(raw.get("tags")) if _text(t)],
        deprecated=raw.get("deprecated") is True,
        parameters=merge_parameters(path_parameters, parameters),
        request_body=read_request_body(raw.get("requestBody"), f"{pointer}/requestBody", resolver),
        responses=read_responses(raw.get("responses"), f"{pointer}/responses", resolver),
        security=[s for s in security if isinstance(s, dict)] if isinstance(security, list) else None,
        servers=read_servers(raw.get("servers")) or servers,
        callbacks=_dict(raw.get("callbacks")),
        raw=raw,
    )


def read_operations(document: dict, resolver: Resolver, servers: list[Server]) -> tuple[list, list]:
    operations = read_path_items(document.get("paths"), "#/paths", resolver, servers)
    webhooks = read_path_items(document.get("webhooks"), "#/webhooks", resolver, servers, webhook=True)
    return operations, webhooks
