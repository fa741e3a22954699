"""An httpx transport whose whole exchange, connect to last byte, ends by one deadline.

httpx's timeouts bound each connect, read and write, never the whole: a server that sends one header byte every
few seconds trips none of them and holds the caller forever. Every wait of a request happens in httpcore's
network backend, so that is where the deadline goes: each connect, TLS handshake, read and write may wait the
time left at most, and none starts once it is over. Redirects share the one deadline (one transport per fetch).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import httpcore
import httpx

__all__ = ["deadline_transport"]


def deadline_transport(deadline: float) -> httpx.BaseTransport:
    """A transport for one fetch that ends by ``deadline`` (a ``time.monotonic()`` value)."""
    return _DeadlineTransport(deadline)


def _time_left(deadline: float, timeout: float | None, error: type[Exception]) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise error("the exchange took longer than its deadline")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore.NetworkStream):
    def __init__(self, stream: httpcore.NetworkStream, deadline: float) -> None:
        self._stream = stream
        self._deadline = deadline

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _time_left(self._deadline, timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _time_left(self._deadline, timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None):
        left = _time_left(self._deadline, timeout, httpcore.ConnectTimeout)
        return _DeadlineStream(self._stream.start_tls(ssl_context, server_hostname, left), self._deadline)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    def __init__(self, deadline: float) -> None:
        self._backend = httpcore.SyncBackend()
        self._deadline = deadline

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        left = _time_left(self._deadline, timeout, httpcore.ConnectTimeout)
        stream = self._backend.connect_tcp(host, port, left, local_address, socket_options)
        return _DeadlineStream(stream, self._deadline)

    def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options: Any = None):
        raise httpcore.ConnectError("a description is fetched over TCP only")

    def sleep(self, seconds: float) -> None:
        time.sleep(min(seconds, max(0.0, self._deadline - time.monotonic())))


class _DeadlineTransport(httpx.HTTPTransport):
    """httpx's own transport (its requests, responses and errors) over a connection pool whose network backend
    keeps the deadline. httpx takes no network backend of its own choosing, so the pool it made is replaced:
    one private attribute, instead of a copy of the transport that would drift from httpx's."""

    def __init__(self, deadline: float) -> None:
        ssl_context = httpx.create_ssl_context(trust_env=False)
        super().__init__(verify=ssl_context, trust_env=False)
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context, network_backend=_DeadlineBackend(deadline)
        )
