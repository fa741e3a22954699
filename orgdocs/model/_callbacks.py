"""An operation's callbacks and its responses' links (OpenAPI 3.x), read for the pages that show them.

A callback names requests the API sends back to the caller: a map of runtime expressions (the URL, such as
``{$request.body#/callbackUrl}``) to path items, each read here with the reader of ``paths``, so a callback's
operation has the same parameters, request body and responses as any other. A link says how a value of a
response feeds another operation: its target (``operationId`` or ``operationRef``) and the runtime
expressions of that operation's parameters and body.

Callbacks, their path items, operations, request bodies and responses may be ``$ref``s: each is followed
with the description's resolver, and each callback operation keeps where it is written (``Location``). What cannot be followed is left out, as the reader of ``paths``
leaves out what it cannot follow.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from orgdocs.loading import Resolver, escape_token
from orgdocs.model._objects import METHODS, Operation
from orgdocs.model._openapi import read_operation, read_parameters, read_servers
from orgdocs.model._values import as_dict, as_text

__all__ = [
    "Callback",
    "Link",
    "Location",
    "expression_text",
    "located",
    "read_callbacks",
    "read_links",
]

# Where an object is written: (the last reference followed to reach it, as written, or "" for the calling
# operation's object; the keys below that)
Location = tuple[str, tuple]


@dataclass
class Callback:
    """One operation of a callback: ``name`` (the key under ``callbacks``), ``expression`` (the URL, a runtime
    expression), and ``operation`` (its ``path`` is the expression)."""

    name: str
    expression: str
    operation: Operation
    location: Location  # of ``operation.raw``


@dataclass
class Link:
    name: str
    operation_id: str = ""
    operation_ref: str = ""
    parameters: dict[str, Any] = field(default_factory=dict)  # name -> runtime expression (or a constant)
    request_body: Any = None
    has_request_body: bool = False
    description: str = ""
    server: str = ""  # the server URL the link's operation is called on, when it says


def located(node: Any, location: Location, resolver: Resolver) -> tuple[Any, Location]:
    """``node`` with its references followed, and where the result is written (``location``: where ``node``
    is)."""
    target, ref = resolver.deref(node)
    return (target, (ref, ())) if ref is not None else (node, location)


def read_callbacks(operation: Operation, resolver: Resolver) -> list[Callback]:
    """The operations of ``operation``'s callbacks, in document order (callbacks, expressions, methods)."""
    found = []
    for name, callback in operation.callbacks.items():
        callback, at = located(callback, ("", ("callbacks", name)), resolver)
        for expression, item in as_dict(callback).items():
            if not isinstance(expression, str) or expression.startswith("x-"):
                continue  # an extension of the Callback Object, not a URL
            at_item = (at[0], (*at[1], expression))
            found += _item_operations(str(name), expression, item, at_item, operation.pointer, resolver)
    return found


def _item_operations(
    name: str, expression: str, item: Any, at: Location, base: str, resolver: Resolver
) -> Iterator[Callback]:
    """The operations of one path item written at ``at`` (``base``: the calling operation's pointer)."""
    written = item if isinstance(item, dict) else {}
    target, target_at = located(item, at, resolver)
    if not isinstance(target, dict) or "$ref" in target:
        return
    if target is not written:  # siblings of a path item's $ref win over its target (OpenAPI 3.1)
        target = {**target, **{k: v for k, v in written.items() if k != "$ref"}}
    ref, keys = target_at
    path_parameters = read_parameters(
        target.get("parameters"), _pointer(base, (ref, (*keys, "parameters"))), resolver
    )
    servers = read_servers(target.get("servers"))
    for method, raw in target.items():
        if method not in METHODS or not isinstance(raw, dict):
            continue
        ref, keys = at if method in written else target_at
        raw, raw_at = located(raw, (ref, (*keys, method)), resolver)
        if not isinstance(raw, dict) or "$ref" in raw:
            continue
        pointer = _pointer(base, raw_at)
        callback_operation = read_operation(
            method, expression, raw, pointer, resolver, path_parameters, servers
        )
        yield Callback(name, expression, callback_operation, raw_at)


def _pointer(base: str, location: Location) -> str:
    """The JSON pointer of what is written at ``location`` (``base``: the calling operation's pointer)."""
    ref, keys = location
    return (ref or base) + "".join("/" + escape_token(str(key)) for key in keys)


def read_links(links: dict[str, Any], resolver: Resolver) -> list[Link]:
    """A response's ``links`` (as written, a ``Response.links``), each followed where it is a ``$ref``;
    those that cannot be followed are left out."""
    found = []
    for name, raw in links.items():
        raw, _ = resolver.deref(raw)
        if not isinstance(raw, dict) or "$ref" in raw:
            continue
        server = raw.get("server")
        found.append(
            Link(
                name=str(name),
                operation_id=as_text(raw.get("operationId")),
                operation_ref=as_text(raw.get("operationRef")),
                parameters={str(k): v for k, v in as_dict(raw.get("parameters")).items()},
                request_body=raw.get("requestBody"),
                has_request_body="requestBody" in raw,
                description=as_text(raw.get("description")),
                server=as_text(server.get("url")) if isinstance(server, dict) else "",
            )
        )
    return found


def expression_text(value: Any) -> str:
    """A link's parameter or request body as shown: a runtime expression as written, any other value as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
