"""Per-operation payloads: everything one operation page needs, and only the schemas it reaches.

Reachability is computed once per component: each referenced object's outgoing references are found by
one walk and cached, so an operation's closure is a graph search over cached edges, never a walk of the
whole description. Each component is also serialized to JSON once, and payload JSON is assembled from those
fragments: Stripe's operations reach about 585 of its schemas each, and serializing them again for every
operation would dominate a build.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from orgdocs.loading.refs import is_local, iter_refs
from orgdocs.model.objects import MediaType, Operation, Parameter, RequestBody, Response, SecurityScheme, Server

if TYPE_CHECKING:
    from orgdocs.model import Description

__all__ = ["ReachIndex", "operation_dict", "security_scheme_dict", "server_dict"]


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def media_dict(media: MediaType) -> dict:
    out: dict[str, Any] = {"mediaType": media.media_type, "schema": media.schema}
    if media.has_example:
        out["example"] = media.example
    if media.examples:
        out["examples"] = media.examples
    if media.encoding:
        out["encoding"] = media.encoding
    return out


def parameter_dict(parameter: Parameter) -> dict:
    out: dict[str, Any] = {
        "name": parameter.name,
        "in": parameter.location,
        "required": parameter.required,
        "description": parameter.description,
        "deprecated": parameter.deprecated,
        "schema": parameter.schema,
    }
    if parameter.has_example:
        out["example"] = parameter.example
    if parameter.examples:
        out["examples"] = parameter.examples
    if parameter.style:
        out["style"] = parameter.style
    if parameter.explode is not None:
        out["explode"] = parameter.explode
    if parameter.content:
        out["content"] = [media_dict(m) for m in parameter.content]
    return out


def request_body_dict(body: RequestBody | None) -> dict | None:
    if body is None:
        return None
    return {
        "description": body.description,
        "required": body.required,
        "content": [media_dict(m) for m in body.content],
    }


def response_dict(response: Response) -> dict:
    return {
        "status": response.status,
        "description": response.description,
        "content": [media_dict(m) for m in response.content],
        "headers": response.headers,
        "links": response.links,
    }


def server_dict(server: Server) -> dict:
    return {
        "url": server.url,
        "description": server.description,
        "variables": {
            name: {"default": v.default, "enum": v.enum, "description": v.description}
            for name, v in server.variables.items()
        },
    }


def security_scheme_dict(scheme: SecurityScheme) -> dict:
    return {
        "name": scheme.name,
        "type": scheme.type,
        "scheme": scheme.scheme,
        "bearerFormat": scheme.bearer_format,
        "in": scheme.location,
        "parameterName": scheme.parameter_name,
        "description": scheme.description,
        "flows": scheme.flows,
        "openIdConnectUrl": scheme.open_id_connect_url,
    }


def operation_dict(operation: Operation, security: list[dict]) -> dict:
    return {
        "method": operation.method.upper(),
        "path": operation.path,
        "title": operation.title,
        "summary": operation.summary,
        "description": operation.description,
        "operationId": operation.operation_id,
        "tags": operation.tags,
        "deprecated": operation.deprecated,
        "webhook": operation.webhook,
        "pointer": operation.pointer,
        "parameters": [parameter_dict(p) for p in operation.parameters],
        "requestBody": request_body_dict(operation.request_body),
        "responses": [response_dict(r) for r in operation.responses],
        "security": security,
        "callbacks": operation.callbacks,
    }


class ReachIndex:
    """Reachable components of one description, with each component's edges and JSON computed once."""

    def __init__(self, description: Description):
        self.description = description
        self._edges: dict[str, tuple[str, ...]] = {}
        self._json: dict[str, str] = {}

    def edges(self, ref: str) -> tuple[str, ...]:
        try:
            return self._edges[ref]
        except KeyError:
            pass
        try:
            target = self.description.resolve(ref)
        except KeyError:
            found: tuple[str, ...] = ()
        else:
            found = tuple(dict.fromkeys(iter_refs(target)))
        self._edges[ref] = found
        return found

    def closure(self, roots: list[str]) -> tuple[list[str], list[str]]:
        """(resolved references reachable from ``roots``, in discovery order; unresolved ones)."""
        seen: dict[str, None] = {}
        unresolved: dict[str, None] = {}
        stack = list(reversed(roots))
        resolver = self.description.resolver
        while stack:
            ref = stack.pop()
            if ref in seen or ref in unresolved:
                continue
            if not is_local(ref) or not resolver.resolves(ref):
                unresolved[ref] = None
                continue
            seen[ref] = None
            stack.extend(reversed(self.edges(ref)))
        return list(seen), list(unresolved)

    def component_json(self, ref: str) -> str:
        try:
            return self._json[ref]
        except KeyError:
            text = self._json[ref] = _dumps(self.description.resolve(ref))
            return text
