"""``orgdocs dev``: the development server. Pages, payloads and the index are served from memory.

Nothing is written to disk. A watcher polls the config file, the content and public folders and every local
description; a change re-evaluates the whole site (remote descriptions are fetched again, as the seed says)
and every open page reloads in full through a server-sent event, so routes, navigation and payloads never
drift apart. A failing evaluation is shown in the browser and on the terminal; the server keeps the error
until a later change evaluates cleanly.

Dev serves what a build publishes: the files of the config's ``public`` folder at their paths, and the files
hand-written pages link to (``![x](pic.png)``: ``orgdocs.project._check.page_files``) where the links lead.

It answers only requests naming the host it serves in their ``Host`` header: ``127.0.0.1``, ``localhost``,
``[::1]`` and the ``--host`` given, at its port (any IP address when it listens on all of them, ``0.0.0.0`` or
``::``). A page of another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) names its own
host there, and gets 421 instead of the private descriptions served here.
"""

from __future__ import annotations

import asyncio
import html
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from orgdocs.errors import OrgdocsError
from orgdocs.loading import is_url
from orgdocs.project import Config, Site

__all__ = ["DevState", "create_dev_app", "dev_command", "serve_dev"]

NO_STORE = {"Cache-Control": "no-store"}
EVENTS_PATH = "/_docs/events"
POLL_SECONDS = 0.25
RELOAD_PATH = "/_docs/reload.js"
# One EventSource; any new version means "the site changed, reload".
RELOAD_JS = (
    "(function(){var s=new EventSource('" + EVENTS_PATH + "');var v=null;"
    "s.onmessage=function(e){if(v!==null&&e.data!==v){location.reload();}v=e.data;};})();\n"
)
# Added to every page. A file, not an inline script: the pages' Content-Security-Policy (script-src 'self')
# blocks inline scripts.
RELOAD_SCRIPT = f'<script src="{RELOAD_PATH}"></script>'


class DevState:
    """The current evaluation of a config: a ``Site`` or an error, and a version that changes with it."""

    def __init__(self, config: str | Path | Config | None, *, log: Callable[[str], None] | None = None):
        self.config = config
        self.log = log or (lambda text: print(text, file=sys.stderr, flush=True))
        self.site: Site | None = None
        self.error: str | None = None
        self.version = 0
        self._lock = threading.Lock()
        self._snapshot: dict[Path, tuple[int, int]] = {}
        self._renderer: Any = None
        self._published: tuple[Any, dict[str, Path]] = (None, {})
        self.evaluate()

    def evaluate(self) -> None:
        started = time.perf_counter()
        # the snapshot comes first: a file still being written during evaluation triggers another one
        snapshot = self._scan()
        try:
            site, error = Site(self.config), None
        except OrgdocsError as failure:
            site, error = None, str(failure)
        with self._lock:
            if site is not None:
                self.site = site
            self.error = error
            self.version += 1
            # watch what the new site reads, with the state seen before evaluating where known
            self._snapshot = {path: snapshot.get(path, seen) for path, seen in self._scan().items()}
        if error:
            self.log(f"orgdocs dev: {error}")
        else:
            took = time.perf_counter() - started
            self.log(f"orgdocs dev: {site.summary()} ({took:.2f} s)")

    def renderer(self) -> Any:
        """The page renderer of the current site, made once per evaluation."""
        from orgdocs.render.site import PageRenderer

        with self._lock:
            site = self.site
            if site is not None and (self._renderer is None or self._renderer.site is not site):
                self._renderer = PageRenderer(site)
            return self._renderer if site is not None else None

    def published(self, relative: str) -> Path | None:
        """The file a build would publish at ``relative`` beside the pages (a public file, or a file a
        hand-written page links to), if any; worked out once per evaluation."""
        with self._lock:
            site, (seen, files) = self.site, self._published
        if site is None:
            return None
        if seen is not site:
            from orgdocs.project import page_files, public_files

            try:
                files = dict(page_files(site)[0])
                files.update(public_files(site))  # a public file wins, as in a build
            except OrgdocsError as error:  # what check and build refuse: nothing is served meanwhile
                self.log(f"orgdocs dev: {error}")
                files = {}
            with self._lock:
                self._published = (site, files)
        return files.get(relative)

    def watched(self) -> Iterable[Path]:
        """The config file, the content and public folders, and every local description (a description given
        alone: that file only)."""
        config = self.site.config if self.site else None
        given = self.config if isinstance(self.config, (str, Path)) and not is_url(str(self.config)) else None
        if given is not None:
            yield Path(given)
        if config is not None:
            if config.file:
                yield config.file
            if not config.alone:
                yield config.content
            if config.public is not None:
                yield config.public
            for description in self.site.descriptions:
                if description.path is not None:
                    yield description.path
        elif given is not None:
            yield Path(given).resolve().parent  # a broken config: watch its folder until it is fixed

    def _scan(self) -> dict[Path, tuple[int, int]]:
        found: dict[Path, tuple[int, int]] = {}
        for root in self.watched():
            paths = root.rglob("*") if root.is_dir() else [root]
            for path in paths:
                try:
                    stat = path.stat()
                except OSError:
                    continue
                if not path.is_dir():
                    found[path] = (stat.st_mtime_ns, stat.st_size)
        return found

    def changed(self) -> bool:
        return self._scan() != self._snapshot

    def watch(self, stop: threading.Event, interval: float = POLL_SECONDS) -> None:
        while not stop.wait(interval):
            if self.changed():
                self.evaluate()


def render_route(renderer: Any, route: str) -> str:
    """The HTML of any route of the renderer's site; ``KeyError`` when there is none."""
    site = renderer.site
    if route == "/":
        return renderer.home()
    if route in site.operations:
        return renderer.operation(route)
    if route in site.pages:
        return renderer.page(route)
    if route in site.landings:
        return renderer.landing(route)
    if route in site.sections:
        return renderer.section(route)
    if route in site.schema_pages.schemas:
        return renderer.schema(route)
    if route in site.schema_pages.listings:
        return renderer.schema_list(route)
    raise KeyError(route)


def _page(state: DevState, route: str) -> tuple[int, str]:
    renderer = state.renderer()
    if state.error is not None or renderer is None:
        return 503, _error_page(state.error or "the site could not be evaluated")
    try:
        return 200, render_route(renderer, route)
    except KeyError:
        return 404, renderer.not_found()  # the build's 404.html
    except Exception as error:  # a page the site cannot render is shown as such, never as a bare 500
        message = f"{route}: {error}" if isinstance(error, OrgdocsError) else f"{route}: {_failure(error)}"
        state.log(f"orgdocs dev: {message}")
        return 503, _error_page(message, title="orgdocs dev: this page could not be rendered")


def _failure(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def page_route(path: str) -> str:
    """The route a request path names: ``/a/b/``, ``/a/b/index.html`` (how built pages link) are ``/a/b``."""
    route = "/" + path.strip("/")
    if route == "/index.html" or route.endswith("/index.html"):
        route = route[: -len("index.html")].rstrip("/") or "/"
    return route


def _error_page(message: str, title: str = "orgdocs dev: the site could not be built") -> str:
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>"
        f"{html.escape(title)}</title><style>body{{font:16px system-ui,sans-serif;margin:3rem;max-width:60rem}}"
        "pre{white-space:pre-wrap;background:#fff0f0;color:#600;padding:1rem;border-radius:6px}</style></head>"
        f"<body><h1>{html.escape(title)}</h1><pre role='alert'>{html.escape(message)}</pre>"
        "<p>Fix the file and save: this page reloads by itself.</p></body></html>"
    )


def _with_reload(text: str) -> str:
    at = text.rfind("</body>")
    return text[:at] + RELOAD_SCRIPT + text[at:] if at >= 0 else text + RELOAD_SCRIPT


def create_dev_app(state: DevState, *, stopping: Callable[[], bool] = lambda: False) -> Any:
    """The ASGI app serving ``state``. ``stopping()`` turns true when the server shuts down: open reload
    streams then end, so that a graceful shutdown (Ctrl-C with a page open) does not wait for them and
    cancel them with an error."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from orgdocs.render.site import ASSETS, MODULE_FOLDER

    async def payload(request: Request) -> Response:
        path = request.path_params["path"]
        site = state.site
        if state.error is not None or site is None:
            return JSONResponse({"error": state.error}, status_code=503, headers=NO_STORE)
        if path == "index":
            return JSONResponse(site.index, headers=NO_STORE)
        if path == "search":
            return JSONResponse(site.search_file, headers=NO_STORE)
        try:
            text = await asyncio.to_thread(site.payload_json, "/" + path)
        except KeyError:
            return JSONResponse({"error": f"no operation at /{path}"}, status_code=404, headers=NO_STORE)
        except Exception as error:  # shown as what it is, never a bare 500
            message = (
                f"/{path}: {error}" if isinstance(error, OrgdocsError) else f"/{path}: {_failure(error)}"
            )
            return JSONResponse({"error": message}, status_code=503, headers=NO_STORE)
        return Response(text, media_type="application/json", headers=NO_STORE)

    async def description_file(request: Request) -> Response:
        from orgdocs.render.site import description_downloads

        name = request.path_params["name"]
        site = state.site
        found = [d for d in description_downloads(site).values() if d.name == name] if site else []
        if not found or found[0].file is None:
            return Response(f"no description named {name}", status_code=404, headers=NO_STORE)
        return FileResponse(found[0].file, headers=NO_STORE)

    async def events(request: Request) -> Response:
        async def stream():
            sent, last_beat = None, time.monotonic()
            while not stopping() and not await request.is_disconnected():
                if state.version != sent:
                    sent = state.version
                    yield f"data: {sent}\n\n"
                elif time.monotonic() - last_beat > 15:
                    yield ": keep-alive\n\n"
                    last_beat = time.monotonic()
                await asyncio.sleep(0.1)

        return StreamingResponse(stream(), media_type="text/event-stream", headers=NO_STORE)

    async def reload_script(request: Request) -> Response:
        return Response(RELOAD_JS, media_type="text/javascript", headers=NO_STORE)

    async def page(request: Request) -> Response:
        path = request.path_params.get("path", "")
        published = (
            await asyncio.to_thread(state.published, path) if path and not path.endswith("/") else None
        )
        if published is not None:
            return FileResponse(published, headers=NO_STORE)
        route = page_route(path)
        status, text = await asyncio.to_thread(_page, state, route)
        return HTMLResponse(_with_reload(text), status_code=status, headers=NO_STORE)

    return Starlette(
        routes=[
            Route(EVENTS_PATH, events),
            Route(RELOAD_PATH, reload_script),
            Route("/_docs/openapi/{path:path}.json", payload),
            Route("/_docs/descriptions/{name}", description_file),
            # the pages' modules, in the folder a build would write them to (_asset_files.py)
            Mount(f"/_docs/assets/{MODULE_FOLDER}", StaticFiles(directory=ASSETS), name="modules"),
            Mount("/_docs/assets", StaticFiles(directory=ASSETS), name="assets"),
            Route("/", page),
            Route("/{path:path}", page),
        ]
    )


WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def _host_name(host: str) -> str:
    """``host`` as a Host header names it: an IPv6 address in brackets, lower case."""
    host = host.strip().lower()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def allowed_host(header: str, host: str, port: int) -> bool:
    """Whether a request whose ``Host`` header is ``header`` names the dev server listening on ``host``
    (``--host``) at ``port``: ``127.0.0.1``, ``localhost``, ``[::1]`` or ``host`` itself, with that port; any
    IP address where ``host`` is every address (``0.0.0.0``, ``::``). Never another name: a name is what DNS
    rebinding turns into 127.0.0.1."""
    import ipaddress

    header = header.strip().lower()
    if header.startswith("["):  # an IPv6 address
        name, _, rest = header.partition("]")
        name, given_port = name + "]", rest.removeprefix(":") if rest else "80"
    else:
        name, colon, given_port = header.partition(":")
        given_port = given_port if colon else "80"
    if given_port != str(port):
        return False
    if name in ("127.0.0.1", "localhost", "[::1]", _host_name(host)):
        return True
    if host.strip() in WILDCARD_HOSTS:
        try:
            ipaddress.ip_address(name.strip("[]"))
        except ValueError:
            return False
        return True
    return False


def only_served_hosts(app: Any, host: str) -> Any:
    """``app`` answering 421 to a request whose ``Host`` is not the one this server serves (``allowed_host``;
    the port is the one the request came in on)."""

    async def guarded(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            header = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
            port = (scope.get("server") or ("", 0))[1]
            if not allowed_host(header, host, port):
                body = (
                    f"orgdocs dev serves http://127.0.0.1:{port}/ (and localhost, or the --host given): "
                    f"this request named the host {header!r}\n"
                ).encode("utf-8", "replace")
                headers = [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()),
                ]
                if scope["type"] == "http":
                    await send({"type": "http.response.start", "status": 421, "headers": headers})
                    await send({"type": "http.response.body", "body": body})
                return
        await app(scope, receive, send)

    return guarded


def serve_dev(state: DevState, *, host: str = "127.0.0.1", port: int = 8000) -> Any:
    """A uvicorn server for ``state``, not started; ``server.run()`` blocks until stopped. It answers only
    requests for the host it serves (``only_served_hosts``)."""
    import uvicorn

    servers: list[Any] = []
    app = create_dev_app(state, stopping=lambda: bool(servers) and servers[0].should_exit)
    app = only_served_hosts(app, host)
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=1)
    servers.append(uvicorn.Server(config))
    return servers[0]


def dev_command(config: str | None, *, host: str = "127.0.0.1", port: int = 8000) -> int:
    from orgdocs._serving import bind
    from orgdocs.project import default_config_path

    path = default_config_path(config)
    if isinstance(path, Path) and not path.is_file():
        raise OrgdocsError("no such file", source=str(path))
    listener = bind(host, port)
    port = listener.getsockname()[1]
    state = DevState(path)  # a broken config still starts: the browser shows the error until it is fixed
    stop = threading.Event()
    watcher = threading.Thread(target=state.watch, args=(stop,), name="orgdocs-watch", daemon=True)
    watcher.start()
    print(f"orgdocs dev: serving {path} at http://{host}:{port}/ (Ctrl-C stops)", file=sys.stderr, flush=True)
    try:
        serve_dev(state, host=host, port=port).run(sockets=[listener])
    finally:
        stop.set()
    return 0
