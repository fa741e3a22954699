"""``frame``: a JSON response as a pandas DataFrame, one row per record, and several pages as one frame.

A list endpoint answers with its records inside an envelope (``{"data": [...], "next_cursor": ...}``,
``{"items": [...]}``, or a bare list). ``records`` finds them: the list of objects under the most usual key,
else the longest list of objects at the top, else the object itself as one record; ``frame`` flattens them
with ``pandas.json_normalize`` (nested fields become ``owner.login`` columns).

Paging, where the answer says how to go on: a ``Link: <...>; rel="next"`` header (GitHub), a ``next`` URL in
the body, or a cursor field (``next_cursor``, ``nextPageToken``, ...) sent back as the query parameter the
operation declares for it (``pagination`` reads which from the description). ``fetch_pages`` follows it with
the client that sent the first request, up to ``pages`` answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import httpx
    import pandas as pd

    from orgdocs.model import Description, Operation

__all__ = ["Pagination", "fetch_pages", "frame", "next_request", "pagination", "records"]

RECORD_KEYS = ("data", "items", "results", "records", "value", "entries", "rows", "elements", "objects")
CURSOR_FIELDS = {  # body field -> the query parameters that usually take it back
    "next_cursor": ("cursor", "next_cursor", "after"),
    "nextCursor": ("cursor", "nextCursor", "after"),
    "next_page_token": ("page_token", "pageToken"),
    "nextPageToken": ("pageToken", "page_token"),
}
NEXT_URL_FIELDS = ("next", "next_url", "nextUrl", "@odata.nextLink", "next_page_url")


def _body(response_or_data: Any) -> Any:
    json_method = getattr(response_or_data, "json", None)
    return json_method() if callable(json_method) else response_or_data


def records(data: Any, key: str | None = None) -> list[Any]:
    """The records inside a JSON value: ``data[key]`` when given, else the likeliest list of objects."""
    if key is not None:
        for part in key.split("."):
            data = data[part]
        return data if isinstance(data, list) else [data]
    if isinstance(data, list):
        return data
    if not isinstance(data, dict):
        return [{"value": data}]
    lists = {k: v for k, v in data.items() if isinstance(v, list) and all(isinstance(i, dict) for i in v)}
    for name in RECORD_KEYS:
        if name in lists:
            return lists[name]
    if lists:
        return max(lists.values(), key=len)
    return [data]


def frame(
    response_or_data: Any,
    *,
    key: str | None = None,
    pages: int = 1,
    client: Any = None,
    cursor: Pagination | None = None,
) -> pd.DataFrame:
    """A DataFrame of the records in a JSON response (an ``httpx.Response``, or parsed JSON).

    ``key``: where the records are (``"data"``, ``"result.items"``), found by itself when left out.
    ``pages``: more than 1 follows the answer's next link or cursor (see the module docstring) with
    ``client`` (an ``httpx.Client``; needed for a response, as it does not know its client) and puts every
    page's records in one frame; ``cursor`` (``pagination(operation, description)``) says which body field
    and query parameter carry the cursor, found by convention when left out.
    """
    import pandas as pd

    if pages > 1 and client is not None and hasattr(response_or_data, "request"):
        answers: Iterator[Any] = fetch_pages(client, response_or_data, pages=pages, cursor=cursor)
    else:
        answers = iter([response_or_data])
    rows = [record for answer in answers for record in records(_body(answer), key)]
    if rows and not all(isinstance(row, dict) for row in rows):
        return pd.DataFrame({"value": rows})
    return pd.json_normalize(rows)


@dataclass(frozen=True)
class Pagination:
    """How an operation pages: the body ``field`` holding the next cursor and the query ``parameter`` that
    takes it back."""

    field: str
    parameter: str


def pagination(operation: Operation, description: Description) -> Pagination | None:
    """The cursor paging an operation's description declares: a query parameter that takes back a cursor
    field of its success response's JSON schema (``cursor`` / ``next_cursor``), else ``None``."""
    params = {p.name for p in operation.parameters if p.location == "query"}
    fields: dict[str, str] = {}  # field name -> its dotted path in the body (top level, or one level down)
    for response in operation.responses:
        if not str(response.status).startswith("2"):
            continue
        for media in response.content:
            for name, path in _properties(description, media.schema):
                fields.setdefault(name, path)
    for field, parameters in CURSOR_FIELDS.items():
        if field in fields:
            for parameter in parameters:
                if parameter in params:
                    return Pagination(fields[field], parameter)
    return None


def _properties(description: Description, schema: Any) -> Iterator[tuple[str, str]]:
    schema = description.deref(schema) if schema is not None else None
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return
    for name in properties:
        yield name, name
    for name, child in properties.items():
        child = description.deref(child)
        if isinstance(child, dict) and isinstance(child.get("properties"), dict):
            for inner in child["properties"]:
                yield inner, f"{name}.{inner}"


def _field(body: dict, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(body, dict):
            return None
        body = body.get(part)
    return body


def _cursor_value(body: dict, field: str) -> Any:
    """``field`` at the top of ``body``, or inside one of its objects (``page.next_cursor``)."""
    if field in body:
        return body[field]
    return next((value[field] for value in body.values() if isinstance(value, dict) and field in value), None)


def next_request(response: httpx.Response, cursor: Pagination | None = None) -> httpx.Request | None:
    """The request of the page after ``response``, or ``None`` on the last page."""
    request = response.request
    link = response.links.get("next", {}).get("url") if response.headers.get("link") else None
    if link:
        return _again(request, request.url.join(link))
    try:
        body = response.json()
    except ValueError:
        return None
    if not isinstance(body, dict):
        return None
    for name in NEXT_URL_FIELDS:
        value = body.get(name)
        if isinstance(value, str) and value.startswith(("http://", "https://", "/")):
            return _again(request, request.url.join(value))
    if cursor is not None:
        candidates = [(cursor.field, cursor.parameter)]
    else:  # by convention: the parameter the request already used, else the usual one
        candidates = [
            (field, next((p for p in params if p in request.url.params), params[0]))
            for field, params in CURSOR_FIELDS.items()
        ]
    for field, parameter in candidates:
        value = _field(body, field) if cursor is not None else _cursor_value(body, field)
        if isinstance(value, str) and value:
            return _again(request, request.url.copy_set_param(parameter, value))
    return None


def _again(request: httpx.Request, url: Any) -> httpx.Request:
    import httpx

    return httpx.Request(request.method, url, headers=request.headers, content=request.content)


def fetch_pages(
    client: httpx.Client,
    first: httpx.Response,
    *,
    pages: int = 5,
    cursor: Pagination | None = None,
    on_page: Callable[[int], None] | None = None,
) -> Iterator[httpx.Response]:
    """``first`` and the pages after it, up to ``pages`` answers in all; stops at the last page or at an
    answer that is not a success."""
    response, count = first, 1
    yield response
    while count < pages and response.is_success:
        request = next_request(response, cursor)
        if request is None:
            return
        response = client.send(request)
        response.read()
        count += 1
        if on_page is not None:
            on_page(count)
        if not response.is_success:
            return
        yield response
