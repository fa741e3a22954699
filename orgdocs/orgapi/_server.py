"""The reference server under uvicorn: every connection is bounded in time and size.

uvicorn on its own bounds only the idle time between two requests (``timeout_keep_alive``). A client that sends
half a request head, or nothing, and then waits would hold its connection forever, and a few hundred of them
hold the server. Here:

- a request head must arrive in full within ``HEAD_TIMEOUT`` seconds of the connection opening or of the
  previous response; else 408 and the connection is closed;
- a head may not exceed ``MAX_HEAD_BYTES`` (h11's limit on an incomplete event);
- a body must arrive within ``middleware.BODY_TIMEOUT`` of its request's head, whether or not the app reads it:
  :class:`~orgdocs.orgapi._middleware.BodyTimeoutMiddleware` answers 408 to an app that waits for it, and the
  protocol ends the connection of a body nobody reads (a request refused before its body: 401, 404, 413; a
  GET with a ``Content-Length``), which uvicorn would otherwise drain for as long as bytes keep coming, its
  keep-alive timer restarted by each of them: 408 when no answer has started yet, else the connection is
  closed once the body's time is up;
- what the HTTP parser rejects gets a problem+json 400 with a request id, like every other error of this API,
  instead of uvicorn's plain text.

``orgdocs orgapi serve``, ``orgdocs demo`` and the tests start uvicorn with :func:`uvicorn_config`.
"""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from orgdocs.orgapi import _middleware as middleware
from orgdocs.orgapi._middleware import new_request_id
from orgdocs.orgapi._problems import MEDIA_TYPE, Problem, problem_body

__all__ = ["HEAD_TIMEOUT", "KEEP_ALIVE_SECONDS", "MAX_HEAD_BYTES", "uvicorn_config"]

HEAD_TIMEOUT = 10.0  # seconds for a whole request head (tests shorten it)
KEEP_ALIVE_SECONDS = 5  # an idle connection between requests is closed after this
MAX_HEAD_BYTES = 16 * 1024  # request line and headers together
BODY_GRACE = 1.0  # seconds past middleware.BODY_TIMEOUT before the protocol ends a body nobody reads


def uvicorn_config(app: Any, **options: Any) -> uvicorn.Config:
    """A ``uvicorn.Config`` for ``app`` with this module's limits; ``options`` as for ``uvicorn.Config``."""
    return uvicorn.Config(
        app,
        http=BoundedH11Protocol,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        **options,
    )


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on each request head and problem+json parser errors."""

    _head_timer: Any = None
    _body_timer: Any = None
    _timed_cycle: Any = None  # the request cycle whose body the body timer watches

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._arm_head_timer()

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and self.cycle is not self._timed_cycle:  # a new request's head arrived
            self._timed_cycle = self.cycle
            self._cancel_body_timer()
            if self.conn.their_state is h11.SEND_BODY:
                # a little after the middleware's own deadline, which answers an app that reads the body
                delay = middleware.BODY_TIMEOUT + BODY_GRACE
                self._body_timer = self.loop.call_later(delay, self._body_timed_out)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.SEND_BODY:
            return  # the rest of a body nobody read: the body timer ends it, a head timer would not
        self._cancel_body_timer()
        self._arm_head_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        self._cancel_body_timer()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        detail = f"the HTTP request is malformed, or its head is larger than {MAX_HEAD_BYTES} bytes"
        self._refuse(Problem(400, "invalid-http-request", detail))

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_timer = self.loop.call_later(HEAD_TIMEOUT, self._head_timed_out)

    def _cancel_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _cancel_body_timer(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _body_timed_out(self) -> None:
        self._body_timer = None
        if self.transport.is_closing() or self.conn.their_state is not h11.SEND_BODY:
            return  # the body came in full: the app has it, or had no use for it
        if self.cycle is not None and self.cycle.response_started:
            self.transport.close()  # answered (or answering) already: the rest of the body is not wanted
            return
        detail = f"the request body did not arrive within {middleware.BODY_TIMEOUT:g} s"
        self._refuse(Problem(408, "body-timeout", detail))

    def _head_timed_out(self) -> None:
        self._head_timer = None
        # IDLE: h11 has not yet seen a whole request head since the timer was armed (nothing, or a part)
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            detail = f"the request head did not arrive within {HEAD_TIMEOUT:g} s"
            self._refuse(Problem(408, "request-timeout", detail))

    def _refuse(self, problem: Problem) -> None:
        """Answer ``problem`` and close, outside h11 (which has no request to answer, or is in error)."""
        if self.cycle is not None and self.cycle.response_started and not self.cycle.response_complete:
            self.transport.close()  # a response is under way: too late for another one
            return
        request_id = new_request_id()
        body = problem_body(problem, request_id)
        head = (
            f"HTTP/1.1 {problem.status} {HTTPStatus(problem.status).phrase}\r\n"
            f"content-type: {MEDIA_TYPE}\r\ncontent-length: {len(body)}\r\n"
            f"x-request-id: {request_id}\r\nconnection: close\r\n\r\n"
        )
        self.transport.write(head.encode("ascii") + body)
        self.transport.close()
