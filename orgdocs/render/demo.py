"""``orgdocs demo``: the reference Organization Management API and its docs, ready to try in a browser.

One process runs two loopback servers: the reference API (a fresh SQLite database, seeded with a demo
organization) and the development server for the bundled docs project. CORS lets the docs' request form
call the API. Ctrl-C stops both.
"""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

__all__ = ["demo_command"]


def demo_command(
    *, port: int = 8000, api_port: int = 8001, folder: str | None = None, host: str = "127.0.0.1"
) -> int:
    import uvicorn

    from orgdocs.orgapi import create_app, open_store, seed_demo
    from orgdocs.render.dev import DevState, serve_dev
    from orgdocs.site.bundled import BUNDLED_CONFIG

    with tempfile.TemporaryDirectory(prefix="orgdocs-demo-") as scratch:
        database = Path(folder or scratch) / "orgapi.sqlite3"
        database.parent.mkdir(parents=True, exist_ok=True)
        store = open_store(str(database))
        demo = seed_demo(store)
        docs_origin = f"http://{host}:{port}"
        api = uvicorn.Server(
            uvicorn.Config(
                create_app(store, cors_origins=[docs_origin, f"http://localhost:{port}"]),
                host=host,
                port=api_port,
                log_level="warning",
                timeout_graceful_shutdown=1,
            )
        )
        state = DevState(BUNDLED_CONFIG)
        docs = serve_dev(state, host=host, port=port)
        stop = threading.Event()
        threading.Thread(target=state.watch, args=(stop,), daemon=True, name="orgdocs-watch").start()
        print(
            f"Organization Management API  http://{host}:{api_port}/   (database {database})\n"
            f"Docs                         {docs_origin}/\n"
            f"Demo organization            {demo['organization_id']}\n"
            f"Demo bearer token            {demo['token']}\n"
            "Paste the token into a page's Bearer token field and press Send. Ctrl-C stops both servers.",
            flush=True,
        )

        # uvicorn handles Ctrl-C only in the main thread: the docs server runs there, the API beside it
        api_thread = threading.Thread(target=api.run, daemon=True, name="orgdocs-api")
        api_thread.start()
        try:
            docs.run()
        finally:
            api.should_exit = True
            api_thread.join(timeout=5)
            stop.set()
            store.close()
    print("orgdocs demo: stopped", file=sys.stderr)
    return 0
