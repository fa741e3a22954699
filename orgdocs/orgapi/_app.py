"""The Starlette application of the reference Organization Management API.

Handlers stay thin: read the request strictly (``_validation``), run the operation (``_service``) and answer
JSON, or problem+json for every error (``_problems``). Reads run in the event loop; writes, which wait for the
disk and for SQLite's write lock, run in worker threads.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Sequence
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from orgdocs.orgapi._clock import Clock
from orgdocs.orgapi._description import description_json, description_yaml
from orgdocs.orgapi._idempotency import fingerprint, reused_key_problem
from orgdocs.orgapi._middleware import BodyTimeoutMiddleware, RequestIdMiddleware
from orgdocs.orgapi._problems import MEDIA_TYPE, Problem, problem_body
from orgdocs.orgapi._service import OrgApi
from orgdocs.orgapi._sqlite_store import SQLiteStore
from orgdocs.orgapi._store import ApiKey, Store
from orgdocs.orgapi._validation import (
    MAX_BODY_BYTES,
    check_json_media_type,
    parse_idempotency_key,
    parse_json_body,
    parse_limit,
    validate_webhook_changes,
)

__all__ = ["create_app"]

JSON = "application/json"
# Headers a browser on the docs site may send and read (the request form shows the response headers).
CORS_ALLOW_HEADERS = ("Authorization", "Content-Type", "Idempotency-Key")
CORS_EXPOSE_HEADERS = ("X-Request-Id", "Idempotent-Replayed", "WWW-Authenticate", "Retry-After")


def _api(request: Request) -> OrgApi:
    return request.app.state.orgapi


def _request_id(request: Request) -> str:
    return request.scope["state"]["request_id"]


async def _caller(request: Request, organization_id: str, scope: str) -> ApiKey:
    """The authorized calling key. Reads run right here (SQLite reads in WAL mode never wait for writers, and
    a worker thread would cost more than the read); only the occasional ``last_used_at`` write is sent to a
    worker thread."""
    api = _api(request)
    key = api.authenticate(request.headers.getlist("authorization"))
    if api.needs_touch(key):
        await run_in_threadpool(api.touch, key)
    api.check_access(key, organization_id, scope)
    return key


async def list_api_keys(request: Request) -> Response:
    api = _api(request)
    organization_id = request.path_params["organizationId"]
    await _caller(request, organization_id, "api_keys:read")
    limit = parse_limit(request.query_params.getlist("limit"))
    cursor = request.query_params.getlist("cursor")
    # A read of at most 101 rows, in the event loop: with many requests in flight, worker threads would
    # mostly fight over the GIL.
    body = api.list_api_keys(organization_id, limit, cursor, _request_id(request))
    return Response(body, media_type=JSON)


async def revoke_api_key(request: Request) -> Response:
    api = _api(request)
    organization_id = request.path_params["organizationId"]
    api_key_id = request.path_params["apiKeyId"]
    request_id = _request_id(request)
    caller = await _caller(request, organization_id, "api_keys:write")
    key = parse_idempotency_key(request.headers.getlist("idempotency-key"))
    if key is None:
        response, replayed = await run_in_threadpool(
            api.revoke_api_key, caller, organization_id, api_key_id, request_id=request_id
        )
    else:
        request_fingerprint = fingerprint("POST", f"/{organization_id}/{api_key_id}/revoke", caller.id)
        async with api.in_flight.hold(organization_id, key):
            response, replayed = await run_in_threadpool(
                api.revoke_api_key,
                caller,
                organization_id,
                api_key_id,
                request_id=request_id,
                idempotency_key=key,
                request_fingerprint=request_fingerprint,
            )
        if replayed and response.fingerprint != request_fingerprint:
            raise reused_key_problem()
    headers = {"Idempotent-Replayed": "true"} if replayed else None
    media_type = JSON if response.status < 400 else MEDIA_TYPE
    return Response(response.body, status_code=response.status, headers=headers, media_type=media_type)


async def update_webhook(request: Request) -> Response:
    api = _api(request)
    organization_id = request.path_params["organizationId"]
    caller = await _caller(request, organization_id, "webhooks:write")
    check_json_media_type(request.headers.get("content-type"))
    changes = validate_webhook_changes(parse_json_body(await _read_body(request)))
    body = await run_in_threadpool(
        api.update_webhook,
        caller,
        organization_id,
        request.path_params["webhookId"],
        changes,
        request_id=_request_id(request),
    )
    return Response(body, media_type=JSON)


async def _read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The request body, refused with 413 as soon as it is known to exceed ``limit`` bytes."""
    too_large = Problem(413, "body-too-large", f"the request body exceeds {limit} bytes")
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise Problem(400, "invalid-header", "Content-Length must be a number of bytes")
        if int(declared) > limit:
            raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def openapi_yaml(request: Request) -> Response:
    return Response(description_yaml(), media_type="application/yaml")


def openapi_json(request: Request) -> Response:
    return Response(description_json(), media_type=JSON)


def index(request: Request) -> Response:
    body = b'{"name":"Organization Management API","description":{"json":"/openapi.json","yaml":"/openapi.yaml"}}'
    return Response(body, media_type=JSON)


def _problem_response(request: Request, problem: Problem) -> Response:
    return Response(
        problem_body(problem, _request_id(request)),
        status_code=problem.status,
        headers=problem.headers,
        media_type=MEDIA_TYPE,
    )


async def _on_problem(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Problem)
    return _problem_response(request, exc)


async def _on_http_exception(request: Request, exc: Exception) -> Response:
    # Routing errors (no such path, method not allowed) in the same problem+json shape as everything else.
    assert isinstance(exc, HTTPException)
    slug = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
    detail = "no such resource" if exc.status_code == 404 else str(exc.detail)
    if exc.status_code == 405:
        detail = f"use one of: {(exc.headers or {}).get('Allow', '')}"
    return _problem_response(request, Problem(exc.status_code, slug, detail, headers=dict(exc.headers or {})))


ROUTES = [
    Route("/organizations/{organizationId}/api-keys", list_api_keys, methods=["GET"]),
    Route("/organizations/{organizationId}/api-keys/{apiKeyId}/revoke", revoke_api_key, methods=["POST"]),
    Route("/organizations/{organizationId}/webhooks/{webhookId}", update_webhook, methods=["PATCH"]),
    Route("/openapi.yaml", openapi_yaml, methods=["GET"]),
    Route("/openapi.json", openapi_json, methods=["GET"]),
    Route("/", index, methods=["GET"]),
]


def create_app(
    db_path_or_store: str | os.PathLike[str] | Store,
    *,
    cors_origins: Sequence[str] = (),
    clock: Clock | None = None,
    idempotency_wait: float = 5.0,
) -> Starlette:
    """The ASGI application over a SQLite file (created if missing) or any :class:`Store`.

    ``cors_origins`` lists the browser origins allowed to call the API (``"*"`` for any); ``clock`` replaces
    the system clock (tests move time forward with it); ``idempotency_wait`` is how long a request waits for
    another one holding its Idempotency-Key before it gets 409.
    """
    owns_store = isinstance(db_path_or_store, (str, os.PathLike))
    store: Store = SQLiteStore(db_path_or_store) if owns_store else db_path_or_store  # type: ignore[arg-type]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        if owns_store:
            store.close()

    middleware = [Middleware(RequestIdMiddleware), Middleware(BodyTimeoutMiddleware)]
    if cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(cors_origins),
                allow_methods=["GET", "POST", "PATCH"],
                allow_headers=list(CORS_ALLOW_HEADERS),
                expose_headers=list(CORS_EXPOSE_HEADERS),
                max_age=600,
            )
        )
    handlers: dict[Any, Any] = {Problem: _on_problem, HTTPException: _on_http_exception}
    app = Starlette(routes=ROUTES, middleware=middleware, exception_handlers=handlers, lifespan=lifespan)
    app.state.orgapi = OrgApi(store, clock=clock, idempotency_wait=idempotency_wait)
    app.state.orgapi.cursors  # noqa: B018 -- reads (or makes) the signing secret now, not inside a request
    app.state.store = store
    return app
