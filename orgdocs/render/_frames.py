"""``frame``: a JSON response as a pandas DataFrame, one row per record, and several pages as one frame.

A list endpoint answers with its records inside an envelope (``{"data": [...], "next_cursor": ...}``,
``{"items": [...]}``, or a bare list). ``records`` finds them: the list of objects under the most usual key,
else the longest list of objects at the top, else the object itself as one record; ``frame`` flattens them
with ``pandas.json_normalize`` (nested fields become ``owner.login`` columns).

Paging, where the answer says how to go on: a ``Link: <...>; rel="next"`` header (GitHub), a ``next`` URL in
the body, or a cursor field (``next_cursor``, ``nextPageToken``, ...) sent back as the query parameter the
operation declares for it (``pagination`` reads which from the description). ``fetch_pages`` follows it with
the client that sent the first request, up to ``pages`` answers; ``frame(response, pages=N)`` without that
client is a ``ValueError`` (a response does not know its client), not one page.

Dtypes: given the ``operation`` (or the answer's ``schema``), columns take the types its response declares
(date-time -> UTC datetime64, integer -> Int64, ...; ``orgdocs.render._frame_types``); else pandas infers them.
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
    return _locate(data, key)[0]


def _locate(data: Any, key: str | None = None) -> tuple[list[Any], tuple[str, ...] | None, bool]:
    """``records(data, key)``, the path of properties that leads to them (``None``: not in ``data``'s
    schema), and whether they are the elements of the array there (else the object there is the record)."""
    if key is not None:
        path = tuple(key.split("."))
        for part in path:
            data = data[part]
        return (data, path, True) if isinstance(data, list) else ([data], path, False)
    if isinstance(data, list):
        return data, (), True
    if not isinstance(data, dict):
        return [{"value": data}], None, False
    lists = {k: v for k, v in data.items() if isinstance(v, list) and all(isinstance(i, dict) for i in v)}
    for name in RECORD_KEYS:
        if name in lists:
            return lists[name], (name,), True
    if lists:
        name = max(lists, key=lambda k: len(lists[k]))
        return lists[name], (name,), True
    return [data], (), False


def frame(
    response_or_data: Any,
    *,
    key: str | None = None,
    pages: int = 1,
    client: Any = None,
    cursor: Pagination | None = None,
    operation: Operation | None = None,
    schema: Any = None,
) -> pd.DataFrame:
    """A DataFrame of the records in a JSON response (an ``httpx.Response``, or parsed JSON).

    ``key``: where the records are (``"data"``, ``"result.items"``), found by itself when left out.
    ``pages``: more than 1 follows the answer's next link or cursor (see the module docstring) with
    ``client``, the ``httpx.Client`` that sent the first request (a response does not know its client:
    ``ValueError`` without it), and puts every page's records in one frame; ``cursor``
    (``pagination(operation, description)``) says which body field and query parameter carry the cursor,
    found by convention when left out.
    ``operation`` (``api.operation("listApiKeys")``): columns take the dtypes of the schema it declares for
    the answer's status code (see ``orgdocs.render._frame_types``); ``schema``: the answer's schema itself,
    its ``$ref``s resolved in ``operation``'s description when both are given. Without them, the dtypes
    pandas infers.
    """
    import pandas as pd

    if pages > 1:
        _check_paging(response_or_data, client)
        answers: list[Any] = list(fetch_pages(client, response_or_data, pages=pages, cursor=cursor))
    else:
        answers = [response_or_data]
    rows: list[Any] = []
    path: tuple[str, ...] | None = None
    listed = False
    for index, answer in enumerate(answers):
        found, where, is_list = _locate(_body(answer), key)
        if index == 0:
            path, listed = where, is_list
        rows.extend(found)
    if rows and not all(isinstance(row, dict) for row in rows):
        df = pd.DataFrame({"value": rows})
        kinds = _kinds(response_or_data, operation, schema, path, listed, objects=False)
        return _typed(df, kinds, lambda column: rows)
    df = pd.json_normalize(rows)
    kinds = _kinds(response_or_data, operation, schema, path, listed, columns=df.columns)
    return _typed(df, kinds, lambda column: [_flat_value(row, column) for row in rows])


def _check_paging(first: Any, client: Any) -> None:
    """Following pages needs the ``httpx.Response`` of the first request and the client that sent it."""
    what = f"a {type(first).__name__}"
    try:
        sent = getattr(first, "request", None) is not None and callable(getattr(first, "json", None))
    except RuntimeError:  # an httpx.Response made by hand: no request was set on it
        sent, what = False, "a response with no request set on it"
    call = "orgdocs.frame(response, pages=N, client=client)"
    if not sent:
        raise ValueError(
            f"following pages needs the httpx.Response of the first request (where it went, its headers), "
            f"not {what}, and the client that sent it: {call}"
        )
    if client is None:
        raise ValueError(
            f"following pages needs the client that sent the first request (a response does not know it): "
            f"{call}, e.g. client=form.client for a RequestForm's form.response; or pages=1 for this page only"
        )
    import httpx

    if isinstance(client, httpx.AsyncClient) or not callable(getattr(client, "send", None)):
        raise ValueError(f"following pages needs an httpx.Client, not {type(client).__name__}: {call}")


def _kinds(
    first: Any,
    operation: Operation | None,
    schema: Any,
    path: tuple[str, ...] | None,
    listed: bool,
    *,
    columns: Any = ("value",),
    objects: bool = True,
) -> dict[str, str]:
    """The kinds of the frame's columns from the answer's schema (``operation``'s or ``schema``)."""
    from orgdocs.render import _frame_types as frame_types

    if path is None or (operation is None and schema is None):
        return {}
    description = operation.api_description if operation is not None else None
    deref = description.deref if description is not None else (lambda node: node)
    if schema is None:
        headers = getattr(first, "headers", None)
        content_type = headers.get("content-type") if headers is not None else None
        schema = frame_types.response_schema(operation, getattr(first, "status_code", None), content_type)
    record = frame_types.records_schema(schema, path, listed, deref) if schema is not None else None
    if record is None:
        return {}
    if not objects:  # records that are not objects: one "value" column of the items' kind
        kind = frame_types.kind_of(record, deref)
        return {"value": kind} if kind is not None else {}
    return frame_types.column_kinds(record, columns, deref)


def _typed(df: pd.DataFrame, kinds: dict[str, str], values: Callable[[str], list[Any]]) -> pd.DataFrame:
    """``df`` with each column of ``kinds`` rebuilt from its JSON ``values`` (not from json_normalize's
    floats, which round large integers), where they fit."""
    from orgdocs.render._frame_types import typed_column

    for column, kind in kinds.items():
        series = typed_column(values(column), kind, index=df.index)
        if series is not None:
            df[column] = series
    return df


def _flat_value(row: dict, column: str) -> Any:
    """The value json_normalize put in ``column`` (``owner.login``) for ``row``; ``None`` when it has none."""
    node: Any = row
    rest = column
    while isinstance(node, dict):
        if rest in node:
            return node[rest]
        dots = [i for i, char in enumerate(rest) if char == "."]
        head = next((i for i in reversed(dots) if isinstance(node.get(rest[:i]), dict)), None)
        if head is None:
            return None
        node, rest = node[rest[:head]], rest[head + 1 :]
    return None


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
