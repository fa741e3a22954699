"""ASGI middleware of the reference server: a request id on every response, and no response without one.

Outermost in the stack, so CORS preflights, routing errors and even unexpected failures carry ``X-Request-Id``.
An exception nothing else handled becomes a 500 problem (logged with its request id) instead of a bare error.
"""

from __future__ import annotations

import logging
import secrets

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from orgdocs.orgapi.problems import MEDIA_TYPE, Problem, problem_body

__all__ = ["RequestIdMiddleware", "new_request_id"]

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
