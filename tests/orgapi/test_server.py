"""orgdocs.orgapi._server and the body deadline: stalled heads and bodies end, a client that leaves mid-body is no
failure, and what the HTTP parser rejects is a problem+json answer. Raw sockets against uvicorn on 127.0.0.1."""

from __future__ import annotations

import json
import logging
import socket
import time
from typing import Any

import pytest

from orgdocs.orgapi import _middleware as middleware
from orgdocs.orgapi import _server as server

from .conftest import serve_in_thread

WAIT = 15.0  # a socket read that gets nothing in this long fails the test instead of hanging it


def _connect(base_url: str) -> socket.socket:
    host, port = base_url.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)), timeout=WAIT)
    connection.settimeout(WAIT)
    return connection


def _read_until_closed(connection: socket.socket) -> bytes:
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def _problem(answer: bytes) -> tuple[int, dict[str, str], dict[str, Any]]:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), headers, json.loads(body)


def _patch_head(org: str, webhook: str, token: str, length: int) -> bytes:
    return (
        f"PATCH {org}/webhooks/{webhook} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
    ).encode()


@pytest.fixture
def short_timeouts(monkeypatch):
    monkeypatch.setattr(server, "HEAD_TIMEOUT", 0.5)
    monkeypatch.setattr(middleware, "BODY_TIMEOUT", 0.5)


@pytest.mark.parametrize("sent", [b"", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "])
def test_a_stalled_request_head_is_answered_408_and_closed(app, short_timeouts, sent):
    with serve_in_thread(app) as base_url, _connect(base_url) as connection:
        connection.sendall(sent)
        status, headers, problem = _problem(_read_until_closed(connection))
    assert status == 408
    assert headers["content-type"] == "application/problem+json"
    assert headers["connection"] == "close"
    assert problem["detail"] == "the request head did not arrive within 0.5 s"
    assert problem["request_id"] == headers["x-request-id"]


def test_a_second_request_head_on_a_kept_connection_has_its_own_deadline(app, short_timeouts):
    with serve_in_thread(app) as base_url, _connect(base_url) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = connection.recv(65536)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no blank line
        received = first + _read_until_closed(connection)
    assert received.startswith(b"HTTP/1.1 200 ")
    assert received.count(b"HTTP/1.1 ") == 2
    assert b"HTTP/1.1 408 Request Timeout\r\n" in received


def test_a_stalled_body_is_answered_408_and_closed(app, demo, org, short_timeouts):
    with serve_in_thread(app) as base_url, _connect(base_url) as connection:
        connection.sendall(_patch_head(org, demo["webhook_ids"][0], demo["token"], 100) + b'{"active": ')
        status, headers, problem = _problem(_read_until_closed(connection))
    assert status == 408
    assert headers["content-type"] == "application/problem+json"
    assert headers["connection"] == "close"
    assert problem["detail"] == "the request body did not arrive within 0.5 s"


def test_a_client_leaving_mid_body_is_one_log_line_without_traceback(app, demo, org, caplog):
    caplog.set_level(logging.INFO, logger="orgdocs.orgapi")
    with serve_in_thread(app) as base_url:
        with _connect(base_url) as connection:
            connection.sendall(_patch_head(org, demo["webhook_ids"][0], demo["token"], 100) + b'{"active": ')
        for _ in range(int(WAIT / 0.05)):  # until the server has seen the disconnect
            if any(record.name == "orgdocs.orgapi" for record in caplog.records):
                break
            time.sleep(0.05)
    records = [record for record in caplog.records if record.name == "orgdocs.orgapi"]
    assert [record.levelno for record in records] == [logging.INFO]
    assert records[0].exc_info is None
    assert "disconnected before its body was complete" in records[0].getMessage()


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"NOT HTTP AT ALL\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
        # a head that keeps growing and never ends
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * (server.MAX_HEAD_BYTES + 1),
    ],
    ids=["garbage", "malformed-header", "head-too-large"],
)
def test_a_request_the_parser_rejects_gets_a_problem(app, request_bytes):
    with serve_in_thread(app) as base_url, _connect(base_url) as connection:
        connection.sendall(request_bytes)
        status, headers, problem = _problem(_read_until_closed(connection))
    assert status == 400
    assert headers["content-type"] == "application/problem+json"
    assert problem["type"].endswith("invalid-http-request")
    assert problem["request_id"] == headers["x-request-id"]
