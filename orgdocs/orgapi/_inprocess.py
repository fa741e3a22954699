"""A synchronous ``httpx.Client`` that talks to an ASGI application in the same process, without a socket.

``httpx.ASGITransport`` only serves async clients. This transport runs the application on an event loop in a
daemon thread and hands each request to it, so notebooks and widgets can use an ordinary ``httpx.Client``
against the reference server (``in_process_client(create_app(path))``).
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from typing import Any

import httpx

__all__ = ["InProcessTransport", "in_process_client"]


def _stop(loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
    if loop.is_closed():
        return
    loop.call_soon_threadsafe(loop.stop)
    thread.join(timeout=5)
    if not thread.is_alive():
        loop.close()


class InProcessTransport(httpx.BaseTransport):
    def __init__(self, app: Any, *, client: tuple[str, int] = ("127.0.0.1", 50000)) -> None:
        self._asgi = httpx.ASGITransport(app=app, client=client)
        self._loop = asyncio.new_event_loop()
        # A daemon thread: a forgotten client must not keep the interpreter (or a kernel) from exiting.
        self._thread = threading.Thread(target=self._loop.run_forever, name="orgapi-in-process", daemon=True)
        self._thread.start()
        self._finalizer = weakref.finalize(self, _stop, self._loop, self._thread)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        content = request.read()
        future = asyncio.run_coroutine_threadsafe(self._send(request, content), self._loop)
        status, headers, body = future.result()
        return httpx.Response(status, headers=headers, content=body, request=request)

    async def _send(
        self, request: httpx.Request, content: bytes
    ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        copy = httpx.Request(request.method, request.url, headers=request.headers, content=content)
        response = await self._asgi.handle_async_request(copy)
        body = await response.aread()
        return response.status_code, response.headers.raw, body

    def close(self) -> None:
        self._finalizer()


def in_process_client(app: Any, *, base_url: str = "http://127.0.0.1:8001", **kwargs: Any) -> httpx.Client:
    """An ``httpx.Client`` bound to ``app``; close it (or use ``with``) to stop its event loop thread."""
    return httpx.Client(transport=InProcessTransport(app), base_url=base_url, **kwargs)
