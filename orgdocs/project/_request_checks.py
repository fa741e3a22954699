"""Checks before sending (``request_problems``): what blocks a request, with a message for each place.

An empty required parameter (path parameters are always required), an empty required body or a JSON body
that does not parse (``body_problem``), a header name that is not an HTTP token (or a value with a line
break, or a character beyond Latin-1), a server URL ``_servers.server_refusal`` refuses, and a URL whose
origin is not the server's (a path that would change the host) each block Send with a message; nothing is
sent.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from orgdocs.model import Operation
from orgdocs.project._parameter_values import _is_empty, parameter_value, path_order
from orgdocs.project._servers import _origin, server_refusal
from orgdocs.project._value_text import is_json_media_type

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.project._requests import RequestParts

__all__ = ["body_problem", "request_problems"]


def request_problems(
    operation: Operation,
    parts: RequestParts,
    *,
    values: dict[str, Any],
    server: str,
    body_text: str | None = None,
    media_type: str | None = None,
) -> dict[str, str]:
    """What blocks sending ``parts``: ``{place: message}``, a place being ``"in:name"`` of a parameter,
    ``"body"``, ``"headers"`` or ``"url"``. Empty when the request may go."""
    problems: dict[str, str] = {}
    for param in path_order(operation):  # the form's order
        if (param.required or param.location == "path") and _is_empty(parameter_value(param, values)):
            problems[f"{param.location}:{param.name}"] = f"{param.name} is required"
    body = operation.request_body
    problem = body_problem(body_text, media_type, required=bool(body is not None and body.required))
    if body is not None and body.content and problem:
        problems["body"] = problem
    bad = [name for name, value in parts.headers if not _TOKEN.fullmatch(name) or _BAD_VALUE.search(value)]
    if bad:
        problems["headers"] = "not a valid header name or value: " + ", ".join(bad)
    origin = _origin(server)
    url_origin = _origin(parts.url)
    refused = server_refusal(server)
    if refused:
        problems["url"] = refused
    elif origin and url_origin.lower() != origin.lower():
        problems["url"] = f"the request would leave the server {origin} (for {url_origin or parts.url})"
    elif not origin and parts.url.startswith("//"):
        problems["url"] = f"the path would change the host: {parts.url}"
    return problems


def body_problem(text: str | None, media_type: str | None, *, required: bool = False) -> str:
    """Why a body text cannot be sent ("" when it can): required and empty, or JSON that does not parse."""
    if text is None or not text.strip():
        return "the body is required" if required else ""
    if is_json_media_type(media_type):
        try:
            json.loads(text)
        except ValueError:
            return "the body is not valid JSON"
    return ""


_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_BAD_VALUE = re.compile(r"[\r\n\0]|[^\x00-\xff]")  # fetch and httpx send header values as Latin-1
