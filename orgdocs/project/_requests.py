"""Form values -> HTTP request: the one implementation behind every request form and code sample.

The notebook form turns ``RequestParts`` into an ``httpx.Request`` (``to_httpx``), ``orgdocs.project.samples``
writes them as curl, Python and JavaScript, and the browser's request form (``assets/request.js``) follows the
same rules, reading the same style table (``requests.json``); ``tests/cases/requests`` holds both to the same
outputs. The rules live with their code: ``_parameter_values`` (which value a parameter has),
``_value_text`` (a value as text, percent-encoding), ``_parameter_styles`` (styles, content parameters),
``_servers`` (server URLs), ``_request_body`` (the body) and ``_request_checks`` (what blocks sending).

- **Headers**, in order: header parameters (``Accept``, ``Content-Type`` and
  ``Authorization`` parameters are ignored, as OpenAPI says), the extra ``headers`` given (a reader's own, in
  their order; blank names skipped), one ``Cookie`` header for cookie parameters and cookie credentials
  (``a=1; b=2``), ``Content-Type`` when a body is sent, then the header credentials
  (``orgdocs.project._security.applied_credentials``; ``token`` is a shorthand for ``Authorization: Bearer``).
  Query credentials follow the query parameters (a ``$PLACEHOLDER`` value is not encoded).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orgdocs.loading import is_url
from orgdocs.model import Operation
from orgdocs.project._examples import Resolve, media_example
from orgdocs.project._parameter_styles import _PARAMETERS, IGNORED_HEADERS, _styled
from orgdocs.project._parameter_values import _is_empty, content_media, parameter_value
from orgdocs.project._request_body import _chosen_media, _serialize, multipart_fields
from orgdocs.project._security import PLACEHOLDER, is_placeholder
from orgdocs.project._servers import join_url
from orgdocs.project._value_text import encode, text_of

if TYPE_CHECKING:  # pragma: no cover
    import httpx

__all__ = ["RequestParts", "build_request", "to_httpx"]

_UNSET: Any = object()


@dataclass
class RequestParts:
    """An HTTP request as text: what the preview shows, what the samples write and what is sent."""

    method: str  # upper-case
    url: str
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: str | None = None
    media_type: str | None = None
    note: str = ""  # e.g. how a multipart body is represented
    # the placeholder variables (``TOKEN`` for ``$TOKEN``) its credentials carry: samples write them as
    # environment variables
    variables: list[str] = field(default_factory=list)


def build_request(
    operation: Operation,
    *,
    server_url: str,
    values: dict[str, Any],
    body: Any = _UNSET,
    media_type: str | None = None,
    token: str | None = None,
    credentials: list[tuple[str, str, str]] | None = None,
    headers: list[tuple[str, str]] | None = None,
    resolve: Resolve | None = None,
) -> RequestParts:
    """The request for ``operation`` with ``values`` applied (rules in the module docstring).

    ``credentials``: ``(location, name, value)`` triples from ``_security.applied_credentials``;
    ``headers``: extra request headers; ``resolve`` follows ``$ref``s when the body is generated from the
    schema; without it only the description's own examples are used.
    """
    extra_headers = headers or []
    path = operation.path
    query: list[str] = []
    headers: list[tuple[str, str]] = []
    cookies: list[str] = []
    for param in operation.parameters:
        value = parameter_value(param, values)
        if _is_empty(value) or param.location not in _PARAMETERS:
            continue  # a path parameter without value keeps its {name}
        if content_media(param) is None:
            text = _styled(param, value)
        else:  # a content parameter is one value whatever its type: style and explode do not apply
            text = _styled(param, text_of(value), whole=True)
        if param.location == "path":
            path = path.replace("{" + param.name + "}", text)
        elif param.location == "query":
            query.append(text)
        elif param.location == "header":
            if param.name.lower() not in IGNORED_HEADERS:
                headers.append((param.name, text))
        else:
            cookies.append(text)
    headers.extend((name, value) for name, value in extra_headers if name.strip())
    secrets = list(credentials or [])
    if token:
        secrets.append(("header", "Authorization", f"Bearer {token}"))
    for location, name, value in secrets:
        if location == "query":
            text = value if is_placeholder(value) else encode(value)
            query.append(f"{encode(name)}={text}")
        elif location == "cookie":
            cookies.append(f"{name}={value}")
    if cookies:
        headers.append(("Cookie", "; ".join(cookies)))

    chosen = _chosen_media(operation, media_type)
    if media_type is None and chosen is not None:
        media_type = chosen.media_type
    if body is _UNSET:
        body = None
        if chosen is not None:
            body = media_example(chosen, resolve or _unresolvable, direction="request")[1]
    text, note = (None, "") if body is None else _serialize(body, media_type or "application/json")
    if text is not None:
        media_type = media_type or "application/json"
        headers.append(("Content-Type", media_type))
    else:
        media_type = None
    headers.extend((name, value) for location, name, value in secrets if location == "header")

    url = join_url(server_url, path)
    if query:
        url += ("&" if "?" in url else "?") + "&".join(query)
    variables = []
    for _, _, value in secrets:  # only a value that is all placeholders (a real one may hold a "$X")
        if PLACEHOLDER.sub("", value) not in ("", "Bearer ", "Basic :"):
            continue
        for found in PLACEHOLDER.findall(value):
            if found[1:] not in variables:
                variables.append(found[1:])
    return RequestParts(operation.method.upper(), url, headers, text, media_type, note, variables)


def to_httpx(parts: RequestParts) -> httpx.Request:
    """An ``httpx.Request`` for ``parts``; the URL must be absolute. A multipart body is sent as form fields."""
    import httpx

    if not is_url(parts.url):
        raise ValueError(
            f"cannot send a request to {parts.url!r}: choose a server with an absolute http(s) URL"
        )
    headers = list(parts.headers)
    fields = multipart_fields(parts)
    if fields is not None:
        headers = [(k, v) for k, v in headers if k.lower() != "content-type"]  # httpx adds the boundary
        files = [(name, (None, value.encode())) for name, value in fields]
        return httpx.Request(parts.method, parts.url, headers=headers, files=files)
    content = parts.body.encode() if parts.body is not None else None
    return httpx.Request(parts.method, parts.url, headers=headers, content=content)


def _unresolvable(ref: str) -> Any:
    raise KeyError(ref)
