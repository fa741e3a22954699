"""Read a Swagger 2.0 document into the OpenAPI 3 shaped model.

The mapping the seed lists: ``host``/``basePath``/``schemes`` become servers (only http and https yield
one), ``consumes``/``produces`` become media types, ``securityDefinitions`` become security schemes, ``body``
and ``formData`` parameters become a request body, and ``definitions`` stay where they are: references keep
pointing at ``#/definitions/...``, which the payloads key their components by.
"""

from __future__ import annotations

from typing import Any

from orgdocs.loading import Resolver, escape_token
from orgdocs.model._objects import (
    MediaType,
    Operation,
    Parameter,
    RequestBody,
    Response,
    SecurityScheme,
    Server,
)
from orgdocs.model._openapi import (
    iter_methods,
    iter_path_items,
    kept_refs,
    merge_parameters,
    operation_fields,
)
from orgdocs.model._values import as_dict, as_list, as_text

__all__ = ["read_operations", "read_security_schemes", "read_servers"]

# Schema keywords a Swagger 2.0 non-body parameter or header carries at its top level.
_SCHEMA_KEYS = (
    "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems",
    "multipleOf",
)  # fmt: skip
_COLLECTION_STYLES = {  # collectionFormat -> (style, explode); "csv" depends on the location
    "multi": ("form", True),
    "ssv": ("spaceDelimited", False),
    "pipes": ("pipeDelimited", False),
    "tsv": ("tabDelimited", False),  # no OpenAPI 3 style says tabs: named the way the other two are
}
_FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
_FLOWS = {
    "implicit": "implicit",
    "password": "password",
    "application": "clientCredentials",
    "accessCode": "authorizationCode",
}


def read_servers(document: dict) -> list[Server]:
    host = document.get("host")
    declared_base = as_text(document.get("basePath")).strip()
    base_path = declared_base.rstrip("/")
    if base_path and not base_path.startswith("/"):
        base_path = "/" + base_path
    if not isinstance(host, str) or not host:
        # relative to where the description is served; nothing declared, no server
        return [Server(base_path or "/")] if declared_base else []
    schemes = [s for s in as_list(document.get("schemes")) if isinstance(s, str)] or ["https"]
    return [Server(f"{s.lower()}://{host}{base_path}") for s in schemes if s.lower() in ("http", "https")]


def read_security_schemes(value: Any, resolver: Resolver) -> dict[str, SecurityScheme]:
    schemes = {}
    for name, raw in as_dict(value).items():
        if not isinstance(raw, dict):
            continue
        kind = raw.get("type")
        common = {"name": str(name), "description": as_text(raw.get("description"))}
        if kind == "basic":
            schemes[str(name)] = SecurityScheme(type="http", scheme="basic", **common)
        elif kind == "apiKey":
            schemes[str(name)] = SecurityScheme(
                type="apiKey",
                location=as_text(raw.get("in")),
                parameter_name=as_text(raw.get("name")),
                **common,
            )
        elif kind == "oauth2":
            flow = _FLOWS.get(as_text(raw.get("flow")), as_text(raw.get("flow")))
            urls = {"authorizationUrl": raw.get("authorizationUrl"), "tokenUrl": raw.get("tokenUrl")}
            spec = {k: v for k, v in urls.items() if isinstance(v, str)}
            spec["scopes"] = as_dict(raw.get("scopes"))
            schemes[str(name)] = SecurityScheme(type="oauth2", flows={flow: spec} if flow else {}, **common)
    return schemes


def _schema_of(raw: dict) -> dict:
    schema = {k: raw[k] for k in _SCHEMA_KEYS if k in raw}
    if isinstance(schema.get("items"), dict):
        schema["items"] = _schema_of(schema["items"]) if "$ref" not in schema["items"] else schema["items"]
    if schema.get("type") == "file":
        schema = {"type": "string", "format": "binary"}
    return schema


def _media(
    types: list[str], schema: Any, examples: dict | None = None, encoding: dict | None = None
) -> list[MediaType]:
    examples = examples or {}
    return [
        MediaType(
            t, schema=schema, example=examples.get(t), has_example=t in examples, encoding=encoding or {}
        )
        for t in types
    ]


def _collection_style(raw: dict, location: str) -> tuple[str | None, bool | None]:
    """``collectionFormat`` as OpenAPI 3 ``style`` and ``explode``; Swagger's default for arrays is ``csv``."""
    if raw.get("type") != "array":
        return None, None
    collection = as_text(raw.get("collectionFormat")) or "csv"
    if collection == "csv":
        return ("form" if location in ("query", "formData") else "simple"), False
    return _COLLECTION_STYLES.get(collection, (None, None))


def _media_types(value: Any, fallback: list[str]) -> list[str]:
    types = [t for t in as_list(value) if isinstance(t, str)]
    return types or fallback


def read_path_items(document: dict, resolver: Resolver, servers: list[Server]) -> list[Operation]:
    consumes = _media_types(document.get("consumes"), ["application/json"])
    produces = _media_types(document.get("produces"), ["application/json"])
    operations = []
    for path, item, item_pointer in iter_path_items(document.get("paths"), "#/paths", resolver):
        shared = as_list(item.get("parameters"))
        for method, raw, pointer in iter_methods(item, item_pointer, resolver):
            operation = _read_operation(
                method, path, raw, pointer, shared, item_pointer, resolver, servers, consumes, produces
            )
            operation.kept_refs = kept_refs(resolver, shared, raw)
            operations.append(operation)
    return operations


def _read_operation(
    method, path, raw, pointer, shared, item_pointer, resolver, servers, consumes, produces
) -> Operation:
    consumes = _media_types(raw.get("consumes"), consumes)
    produces = _media_types(raw.get("produces"), produces)
    path_level, path_body, path_form = _read_parameters(shared, f"{item_pointer}/parameters", resolver)
    own, body, form = _read_parameters(raw.get("parameters"), f"{pointer}/parameters", resolver)
    body = body or path_body
    form = {**path_form, **form}
    request_body = None
    if body is not None:
        raw_body, ref = body
        request_body = RequestBody(
            description=as_text(raw_body.get("description")),
            required=bool(raw_body.get("required")),
            content=_media(consumes, raw_body.get("schema")),
            pointer=ref,
        )
    elif form:
        request_body = _form_body(form, consumes, f"{pointer}/parameters")
    schemes = [s for s in as_list(raw.get("schemes")) if isinstance(s, str)]
    op_servers = servers
    if schemes and servers and "://" in servers[0].url:
        # the operation's own schemes, on the document's host; only http and https yield a server
        rest = servers[0].url[servers[0].url.find("://") :]
        op_servers = [Server(s.lower() + rest) for s in schemes if s.lower() in ("http", "https")]
    return Operation(
        method=method,
        path=path,
        pointer=pointer,
        **operation_fields(raw),
        parameters=merge_parameters(path_level, own),
        request_body=request_body,
        responses=_read_responses(raw.get("responses"), f"{pointer}/responses", resolver, produces),
        servers=op_servers,
    )


def _read_parameters(value: Any, pointer: str, resolver: Resolver):
    """(plain parameters, the body parameter with its pointer, formData parameters by name)."""
    plain, body, form = [], None, {}
    for i, raw in enumerate(as_list(value)):
        raw, ref = resolver.deref(raw)
        if not isinstance(raw, dict) or "$ref" in raw or not isinstance(raw.get("name"), str):
            continue
        location = raw.get("in")
        where = ref or f"{pointer}/{i}"
        if location == "body":
            body = (raw, where)
        elif location == "formData":
            form[raw["name"]] = raw
        else:
            style, explode = _collection_style(raw, as_text(location))
            plain.append(
                Parameter(
                    name=raw["name"],
                    location=as_text(location),
                    required=bool(raw.get("required")) or location == "path",
                    description=as_text(raw.get("description")),
                    schema=_schema_of(raw),
                    example=raw.get("x-example"),
                    has_example="x-example" in raw,
                    style=style,
                    explode=explode,
                    pointer=where,
                )
            )
    return plain, body, form


def _form_body(form: dict[str, dict], consumes: list[str], pointer: str) -> RequestBody:
    if any(p.get("type") == "file" for p in form.values()):
        form_types = ["multipart/form-data"]  # a file can only travel in a multipart body
    else:
        form_types = [t for t in consumes if t in _FORM_TYPES] or ["application/x-www-form-urlencoded"]
    encoding = {}
    for name, p in form.items():
        style, explode = _collection_style(p, "formData")
        if style is not None:
            encoding[name] = {"style": style, "explode": explode}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            name: {**_schema_of(p), **({"description": p["description"]} if "description" in p else {})}
            for name, p in form.items()
        },
    }
    required = [name for name, p in form.items() if p.get("required")]
    if required:
        schema["required"] = required
    return RequestBody(
        required=bool(required), content=_media(form_types, schema, encoding=encoding), pointer=pointer
    )


def _read_responses(value: Any, pointer: str, resolver: Resolver, produces: list[str]) -> list[Response]:
    responses = []
    for status, raw in as_dict(value).items():
        raw, ref = resolver.deref(raw)
        if not isinstance(raw, dict):
            continue
        headers = {
            str(name): {
                "description": as_text(h.get("description")),
                "schema": _schema_of(h),
            }
            for name, h in as_dict(raw.get("headers")).items()
            if isinstance(h, dict)
        }
        schema = raw.get("schema")
        examples = as_dict(raw.get("examples"))
        # an example's media type joins ``produces`` if it is not there
        types = [*produces, *(str(t) for t in examples if t not in produces)] if schema is not None else []
        content = _media(types, schema, examples)
        if schema is None and examples:
            content = [MediaType(str(t), example=v, has_example=True) for t, v in examples.items()]
        responses.append(
            Response(
                status=str(status),
                description=as_text(raw.get("description")),
                content=content,
                headers=headers,
                pointer=ref or f"{pointer}/{escape_token(str(status))}",
            )
        )
    return responses


def read_operations(document: dict, resolver: Resolver, servers: list[Server]) -> tuple[list, list]:
    return read_path_items(document, resolver, servers), []
