"""The mock of an API (``orgdocs.project._mock``) behind httpx and behind HTTP.

- ``mock_client(api)``: an ``httpx.Client`` whose transport answers like the mock server, in the kernel, with
  no port and no network: ``RequestForm(op, client=orgdocs.mock_client(api))`` sends to the description's own
  servers and gets the mock's answers.
- ``create_app(api)``: a Starlette app answering every path, CORS open so that a docs site's request form on
  another origin can call it (``orgdocs mock SOURCE`` serves it: ``orgdocs.cli._mock``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from orgdocs.project import Answer, Mock

if TYPE_CHECKING:
    from orgdocs.model import Description
    from orgdocs.project import Site

__all__ = ["MAX_BODY_BYTES", "as_description", "create_app", "mock_client"]

MAX_BODY_BYTES = 10 * 1024 * 1024  # of a request body the mock reads; more is 413


def as_description(api: Description | Site | str | Path) -> Description:
    from orgdocs.model import Description, load

    if isinstance(api, Description):
        return api
    descriptions = getattr(api, "descriptions", None)
    if descriptions:
        return descriptions[0]
    return load(api)


def _mocks(api: Any) -> list[Mock]:
    descriptions = getattr(api, "descriptions", None)
    return [Mock(d) for d in descriptions] if descriptions else [Mock(as_description(api))]


def _answer(mocks: list[Mock], method: str, target: str, headers: Any, body: bytes) -> Answer:
    """The first mock's answer that is not "no such path" (a site may hold several descriptions)."""
    answer = None
    for mock in mocks:
        answer = mock.answer(method, target, headers, body)
        if answer.status != 404 or answer.header("Content-Type") != "application/problem+json":
            return answer
        if b'"matches"' not in answer.body:  # a declared 404, not an unknown path
            return answer
    assert answer is not None
    return answer


MOCK_BASE = (
    "http://mock.invalid"  # a name no resolver answers (RFC 6761): nothing sent there leaves the machine
)


def mock_client(api: Description | Site | str | Path, **client_options: Any) -> httpx.Client:
    """An ``httpx.Client`` answered by the mock of ``api`` (a ``Description``, a ``Site``, or a description's
    path or URL), whatever host the request names. ``client_options`` go to ``httpx.Client``; without a
    ``base_url``, ``MOCK_BASE``, which a form resolves a relative server against (or uses where the
    description declares none)."""
    mocks = _mocks(api)
    client_options.setdefault("base_url", MOCK_BASE)

    def handle(request: httpx.Request) -> httpx.Response:
        target = request.url.raw_path.decode("ascii", "replace")
        answer = _answer(mocks, request.method, target, request.headers, request.read())
        return httpx.Response(answer.status, headers=answer.headers, content=answer.body)

    return httpx.Client(transport=httpx.MockTransport(handle), **client_options)


def create_app(api: Description | Site | str | Path) -> Any:
    """The Starlette app of the mock of ``api``: every path and method, CORS open."""
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    mocks = _mocks(api)

    async def endpoint(request: Request) -> Response:
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
            return Response(status_code=413, content=b"", headers={"Connection": "close"})
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY_BYTES:
                return Response(status_code=413, content=b"", headers={"Connection": "close"})
        target = request.scope.get("raw_path", b"").decode("ascii", "replace") or request.url.path
        if request.url.query:
            target += "?" + request.url.query
        answer = _answer(mocks, request.method, target, request.headers, body)
        return Response(content=answer.body, status_code=answer.status, headers=dict(answer.headers))

    methods = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]
    routes = [Route("/{path:path}", endpoint, methods=methods)]
    cors = Middleware(
        CORSMiddleware, allow_origins=["*"], allow_methods=["*"], allow_headers=["*"], expose_headers=["*"]
    )
    return Starlette(routes=routes, middleware=[cors])
