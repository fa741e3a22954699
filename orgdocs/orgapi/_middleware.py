"""ASGI middleware of the reference server: a request id on every response, and a deadline on every body.

``RequestIdMiddleware`` is outermost in the stack, so CORS preflights, routing errors and even unexpected
failures carry ``X-Request-Id``. An exception nothing else handled becomes a 500 problem (logged with its
request id) instead of a bare error; a client that went away mid-body is no failure of the server and gets
one line in the log, no traceback and no answer. ``BodyTimeoutMiddleware`` answers 408 when a body has not
arrived in full ``BODY_TIMEOUT`` seconds after its request started.
"""

from __future__ import annotations

import logging
import secrets

import anyio
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from orgdocs.orgapi._problems import MEDIA_TYPE, Problem, problem_body

__all__ = ["BODY_TIMEOUT", "BodyTimeoutMiddleware", "RequestIdMiddleware", "new_request_id"]

BODY_TIMEOUT = 30.0  # seconds for a whole request body, from the request's start (tests shorten it)

logger = logging.getLogger("orgdocs.orgapi")


def new_request_id() -> str:
    return f"req_{secrets.token_hex(12)}"


class RequestIdMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = new_request_id()
        scope.setdefault("state", {})["request_id"] = request_id
        header = (b"x-request-id", request_id.encode("ascii"))
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message = {**message, "headers": [*message.get("headers", []), header]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except ClientDisconnect:
            logger.info("request %s: the client disconnected before its body was complete", request_id)
        except Exception:
            logger.exception("request %s failed", request_id)
            if started:
                raise  # too late for a clean answer; let the server close the connection
            body = problem_body(
                Problem(500, "internal-error", "the server failed; quote the request id"), request_id
            )
            await send_with_id(
                {
                    "type": "http.response.start",
                    "status": 500,
                    "headers": [
                        (b"content-type", MEDIA_TYPE.encode()),
                        (b"content-length", str(len(body)).encode()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})


class BodyTimeoutMiddleware:
    """A request body must arrive in full within ``BODY_TIMEOUT`` seconds of the request's start, else 408."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline = anyio.current_time() + BODY_TIMEOUT
        complete = False

        async def receive_in_time() -> Message:
            nonlocal complete
            if complete:  # later calls only wait for a disconnect: no deadline on those
                return await receive()
            with anyio.move_on_after(deadline - anyio.current_time()):
                message = await receive()
                complete = message["type"] != "http.request" or not message.get("more_body", False)
                return message
            detail = f"the request body did not arrive within {BODY_TIMEOUT:g} s"
            # the rest of the body may still come: the connection cannot serve another request
            raise Problem(408, "body-timeout", detail, headers={"Connection": "close"})

        await self.app(scope, receive_in_time, send)
