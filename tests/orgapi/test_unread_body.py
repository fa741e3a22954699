"""Every connection of the reference server ends in bounded time, also when the app never reads the request's
body (issue 28, finding 4): a request refused before its body is read (401, 404) or a GET that declares a
``Content-Length``, then body bytes trickled one at a time, faster than the keep-alive timer. Raw sockets
against uvicorn on 127.0.0.1 (``orgdocs.orgapi._server``)."""

from __future__ import annotations

import select
import socket
import time

import pytest

from orgdocs.orgapi import _middleware as middleware
from orgdocs.orgapi import _server as server

from .conftest import serve_in_thread

WAIT = 15.0  # the test's own bound: on the old code the connection is still open after it


@pytest.fixture
def short_body_timeout(monkeypatch):
    monkeypatch.setattr(middleware, "BODY_TIMEOUT", 0.5)
    monkeypatch.setattr(server, "BODY_GRACE", 0.2)


def _trickle_until_closed(base_url: str, head: bytes) -> tuple[bytes, float]:
    """Send ``head``, then a body byte every 0.1 s until the server closes the connection; (what it
    answered, seconds until it closed). Fails when it is still open after ``WAIT`` seconds."""
    host, port = base_url.removeprefix("http://").split(":")
    started = time.monotonic()
    received = b""
    with socket.create_connection((host, int(port)), timeout=WAIT) as connection:
        connection.sendall(head)
        while time.monotonic() - started < WAIT:
            readable, _, _ = select.select([connection], [], [], 0.1)
            if readable:
                try:
                    chunk = connection.recv(65536)
                except ConnectionResetError:
                    chunk = b""
                if not chunk:
                    return received, time.monotonic() - started
                received += chunk
                continue
            try:
                connection.sendall(b"x")
            except (BrokenPipeError, ConnectionResetError):
                return received, time.monotonic() - started
    raise AssertionError(f"the connection is still open after {WAIT:g} s; the server answered {received!r}")


def _head(method: str, path: str, token: str | None = None) -> bytes:
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return (
        f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}"
        "Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
    ).encode()


@pytest.mark.parametrize("case", ["401 before the body", "404 before the body", "GET with a body"])
def test_a_body_the_app_never_reads_ends_its_connection(app, demo, org, short_body_timeout, case):
    heads = {
        "401 before the body": _head("PATCH", f"{org}/webhooks/{demo['webhook_ids'][0]}"),
        "404 before the body": _head("POST", "/no/such/route", demo["token"]),
        "GET with a body": _head("GET", f"{org}/api-keys", demo["token"]),
    }
    with serve_in_thread(app) as base_url:
        answered, seconds = _trickle_until_closed(base_url, heads[case])
    status = int(answered.split(b" ", 2)[1]) if answered else 0
    assert status == {"401 before the body": 401, "404 before the body": 404, "GET with a body": 200}[case]
    assert answered.count(b"HTTP/1.1 ") == 1  # the app's answer, then the connection ended
    assert seconds < WAIT


def test_a_body_nobody_reads_and_nobody_answers_is_answered_408(monkeypatch, short_body_timeout):
    """An app that neither reads the body nor answers (here: it waits for longer than the test) still ends
    within the body's time: 408, outside the app, and the connection is closed."""
    import anyio

    async def stuck(scope, receive, send):
        if scope["type"] == "http":
            await anyio.sleep(WAIT * 2)

    with serve_in_thread(stuck) as base_url:
        answered, seconds = _trickle_until_closed(base_url, _head("POST", "/anything"))
    assert answered.startswith(b"HTTP/1.1 408 ")
    assert b"the request body did not arrive within 0.5 s" in answered
    assert seconds < WAIT
