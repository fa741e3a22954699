"""What a request to the mock carries: its parameters' raw values, read by their schema's type, its cookies,
and whether it presents a credential of a security scheme (its value is not checked: this is a mock)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from orgdocs.project._parameter_values import schema_type

if TYPE_CHECKING:
    from orgdocs.model import Description, Parameter

__all__: list[str] = []


def _raw_values(param: Parameter, path: dict, query: dict, headers: dict, cookies: dict) -> list[str]:
    if param.location == "path":
        return [path[param.name]] if param.name in path else []
    if param.location == "query":
        if param.name in query:
            return list(query[param.name])
        # an object sent as name[key]=... (deepObject) or as its own properties (form, exploded)
        nested = {
            k[len(param.name) + 1 : -1]: v[-1] for k, v in query.items() if k.startswith(param.name + "[")
        }
        schema = param.schema if isinstance(param.schema, dict) else {}
        properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
        nested = nested or {k: query[k][-1] for k in properties if k in query}
        return [json.dumps(nested)] if nested else []
    if param.location == "header":
        value = headers.get(param.name.lower())
        return [value] if value is not None else []
    if param.location == "cookie":
        return [cookies[param.name]] if param.name in cookies else []
    return []


def _typed(raw: list[str], schema: Any, description: Description, explode: bool | None) -> tuple[Any, str]:
    """A parameter's text read by its schema's type: ``(value, "")``, or ``(None, why not)``."""
    kind = schema_type(schema) if isinstance(schema, dict) else None
    if kind == "array":
        items = description.deref(schema.get("items")) if isinstance(schema, dict) else None
        texts = raw if len(raw) > 1 else raw[0].split(",") if raw[0] else []
        values = []
        for text in texts:
            value, problem = _scalar(text, schema_type(items) if isinstance(items, dict) else None)
            if problem:
                return None, problem
            values.append(value)
        return values, ""
    if kind == "object":
        try:
            return json.loads(raw[-1]), ""
        except ValueError:
            return raw[-1], ""  # a form or deepObject style: not read here, so not refused
    return _scalar(raw[-1], kind)


def _scalar(text: str, kind: str | None) -> tuple[Any, str]:
    if kind == "integer":
        try:
            return int(text), ""
        except ValueError:
            return None, f"{text!r} is not an integer"
    if kind == "number":
        try:
            return float(text) if not text.lstrip("-").isdigit() else int(text), ""
        except ValueError:
            return None, f"{text!r} is not a number"
    if kind == "boolean":
        if text in ("true", "false"):
            return text == "true", ""
        return None, f"{text!r} is not true or false"
    return text, ""


def _cookies(header: str) -> dict[str, str]:
    found = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            found[name] = value
    return found


def _presented(scheme: Any, headers: dict, query: dict, cookies: dict) -> bool:
    """Whether a request carries a credential of ``scheme`` (its value is not checked: this is a mock)."""
    if scheme is None:
        return True  # a scheme the description does not define (or mutualTLS): nothing to look for
    authorization = headers.get("authorization", "")
    if scheme.type == "apiKey":
        name, place = scheme.parameter_name, scheme.location
        return bool(
            (place == "header" and headers.get(name.lower()))
            or (place == "query" and query.get(name))
            or (place == "cookie" and cookies.get(name))
        )
    if scheme.type == "http":
        wanted = str(scheme.scheme or "").lower()
        if wanted in ("basic", "bearer"):
            return authorization.lower().startswith(wanted + " ")
        return bool(authorization)
    if scheme.type in ("oauth2", "openIdConnect"):
        return authorization.lower().startswith("bearer ")
    return True  # mutualTLS and the like: nothing a request shows


def _authorizes(scheme: Any) -> bool:
    return scheme is not None and scheme.type in ("http", "oauth2", "openIdConnect")
