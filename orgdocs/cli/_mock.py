"""``orgdocs mock SOURCE``: a mock server of a description over HTTP, with the reference server's bounds on
every connection (the app: ``orgdocs.render._mock_server``)."""

from __future__ import annotations

import sys
import time

from orgdocs._serving import bind
from orgdocs.orgapi import uvicorn_config
from orgdocs.render import as_description, create_app


def serve(source: str, *, host: str = "127.0.0.1", port: int = 4010) -> int:
    """Run the mock of ``source`` until interrupted; say where it listens and what it serves."""
    import uvicorn

    listener = bind(host, port)  # a taken port is a one-line error suggesting --port, before any loading
    try:
        started = time.perf_counter()
        description = as_description(source)
        app = create_app(description)
        seconds = time.perf_counter() - started
        bound_host, bound_port = listener.getsockname()[:2]
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        print(
            f"orgdocs mock: {description.title} ({len(description.operations):,} operations) on "
            f"http://{shown}:{bound_port}, ready in {seconds:.1f} s",
            file=sys.stderr,
            flush=True,
        )
        server = uvicorn.Server(uvicorn_config(app, log_level="warning", access_log=False))
        server.run(sockets=[listener])
    finally:
        listener.close()
    return 0
