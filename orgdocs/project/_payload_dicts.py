"""An operation and what it is made of as plain dicts: the ``operation`` of its payload."""

from __future__ import annotations

from typing import Any

from orgdocs.model import MediaType, Operation, Parameter, RequestBody, Response, SecurityScheme, Server

__all__ = [
    "media_dict",
    "operation_dict",
    "parameter_dict",
    "request_body_dict",
    "response_dict",
    "security_scheme_dict",
    "server_dict",
]


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
