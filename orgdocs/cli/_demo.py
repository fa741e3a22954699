"""``orgdocs demo``: the reference Organization Management API and its docs, ready to try in a browser.

One process runs two loopback servers: the reference API (a fresh SQLite database, seeded with a demo
organization) and the development server for the bundled docs project. CORS lets the docs' request form
call the API. Ctrl-C or SIGTERM stops both and removes the temporary folder.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from orgdocs.errors import OrgdocsError

__all__ = ["demo_command", "demo_docs_config"]


def demo_docs_config(folder: Path, *, host: str, api_port: int, seeded: dict | None = None) -> Any:
    """The bundled docs project, its description's servers pointing at this demo's API.

    The shipped description names ``http://127.0.0.1:8001`` first (the default ``--api-port``); the form
    picks the first server, so another port or host would send every request elsewhere. The demo's copy of
    the description (in ``folder``, which becomes the project's public folder) names the running API first
    and makes it the default of the templated server; with ``seeded`` (what ``seed_demo`` returned) its
    path parameters' examples are the demo organization, its newest key (not the token's) and its first
    webhook, so every form works unedited. The guides and the changelog stay the bundled ones.
    """
    from orgdocs.orgapi import description
    from orgdocs.project import bundled_config

    document = copy.deepcopy(description())
    servers = document.get("servers") or [{}]
    servers[0] = {**servers[0], "url": f"http://{host}:{api_port}"}
    for server in servers[1:]:
        variables = server.get("variables") or {}
        for name, value in (("host", host), ("port", str(api_port))):
            if isinstance(variables.get(name), dict):
                variables[name]["default"] = value
    document["servers"] = servers
    if seeded:
        examples = {
            "organizationId": seeded["organization_id"],
            "apiKeyId": seeded["api_key_ids"][-1],
            "webhookId": seeded["webhook_ids"][0],
        }
        for parameter in (document.get("components") or {}).get("parameters", {}).values():
            if isinstance(parameter, dict) and parameter.get("name") in examples:
                parameter.pop("examples", None)
                parameter["example"] = examples[parameter["name"]]
    folder.mkdir(parents=True, exist_ok=True)
    # JSON is YAML: the file keeps the name the bundled config gives it (schema: /openapi.yaml)
    (folder / "openapi.yaml").write_text(json.dumps(document, ensure_ascii=False, indent=1), "utf-8")
    return dataclasses.replace(bundled_config(), public=folder.resolve())


def demo_command(
    *, port: int = 8000, api_port: int = 8001, folder: str | None = None, host: str = "127.0.0.1"
) -> int:
    import uvicorn

    from orgdocs._serving import bind
    from orgdocs.cli._dev import DevState, serve_dev
    from orgdocs.orgapi import create_app, open_store, seed_demo, uvicorn_config

    # both ports first: a busy one is one error line, before anything is printed or created
    docs_socket = bind(host, port)
    try:
        api_socket = bind(host, api_port, "--api-port")
    except OrgdocsError:
        docs_socket.close()
        raise
    port, api_port = docs_socket.getsockname()[1], api_socket.getsockname()[1]
    with _sigterm_as_ctrl_c(), tempfile.TemporaryDirectory(prefix="orgdocs-demo-") as scratch:
        database = Path(folder or scratch) / "orgapi.sqlite3"
        database.parent.mkdir(parents=True, exist_ok=True)
        store = open_store(str(database))
        demo = seed_demo(store)
        docs_origin = f"http://{host}:{port}"
        api = uvicorn.Server(
            uvicorn_config(
                create_app(store, cors_origins=[docs_origin, f"http://localhost:{port}"]),
                host=host,
                port=api_port,
                log_level="warning",
                timeout_graceful_shutdown=1,
            )
        )
        state = DevState(
            demo_docs_config(database.parent / "docs", host=host, api_port=api_port, seeded=demo)
        )
        docs = serve_dev(state, host=host, port=port)
        stop = threading.Event()
        threading.Thread(target=state.watch, args=(stop,), daemon=True, name="orgdocs-watch").start()
        banner = (
            f"Organization Management API  http://{host}:{api_port}/   (database {database})\n"
            f"Docs                         {docs_origin}/\n"
            f"Demo organization            {demo['organization_id']}\n"
            f"Demo bearer token            {demo['token']}\n"
            f"The token's API key          {demo['api_key_ids'][0]} (revoking it locks the token out)\n"
            f"Demo API keys                {', '.join(demo['api_key_ids'])}\n"
            f"Demo webhooks                {', '.join(demo['webhook_ids'])}\n"
            "Open a page, paste the token into BearerAuth (bearer token) and press Send; the forms are\n"
            "prefilled with the demo organization, its newest key and its first webhook. Ctrl-C stops both servers."
        )

        # uvicorn handles Ctrl-C only in the main thread: the docs server runs there, the API beside it
        api_thread = threading.Thread(target=api.run, kwargs={"sockets": [api_socket]}, daemon=True)
        api_thread.start()
        threading.Thread(target=_say_when_started, args=([api, docs], banner), daemon=True).start()
        try:
            docs.run(sockets=[docs_socket])
        except KeyboardInterrupt:  # uvicorn re-raises Ctrl-C once it has shut down
            pass
        finally:
            api.should_exit = True
            api_thread.join(timeout=5)
            stop.set()
            store.close()
    print("orgdocs demo: stopped", file=sys.stderr)
    return 0


def _say_when_started(servers: list[Any], banner: str) -> None:
    """Print ``banner`` once every server listens: its addresses answer, and a stop signal from then on reaches
    uvicorn's handlers. One that came while the main thread was still building its event loop would interrupt
    the loop's construction, and the half-built loop prints a traceback when it is collected."""
    while not all(server.started for server in servers):
        if any(server.should_exit for server in servers):
            return
        time.sleep(0.02)
    print(banner, flush=True)


@contextlib.contextmanager
def _sigterm_as_ctrl_c() -> Iterator[None]:
    """SIGTERM (``kill``, a service manager) stops the demo as Ctrl-C does: servers down, temporary folder gone.

    Python's default SIGTERM ends the process at once, skipping every ``finally``. uvicorn handles it while it
    runs and raises it again once shut down, with the handler it found in place: this one, which is Ctrl-C's.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (and receives signals)
        return
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
