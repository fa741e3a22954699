"""Issue 28 in headless Chromium: a credential goes only to the API it was typed for, Send never follows a
redirect, a server URL with userinfo or a backslash is refused, "Forget credentials" forgets all of the API's,
and the 404 page never takes another host from its address.

Every server listens on 127.0.0.1: the built site's file server, recording APIs (CORS open to the docs'
origin) and a redirecting one. Keys are typed with real key presses; inputs are found by their labels.
"""

from __future__ import annotations

import functools
import http.server
import threading
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from site_projects import write_project

from orgdocs.project import Site
from orgdocs.project._servers import server_refusal
from orgdocs.render.site._build import build_site

from .local_server import LocalServer
from .script_page import page_modules

pytestmark = pytest.mark.browser

TOKEN = "tok-for-api-a"
KEY = "key-for-api-a"


class Recorder(LocalServer):
    """A loopback server recording every request; CORS open to any origin. ``redirect_to``: answer each
    request (but a preflight) with a 307 to that URL, the path and query kept."""

    def __init__(self, redirect_to: str = "") -> None:
        self.requests: list[dict] = []
        recorder = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def _cors(self) -> None:
                self.send_header("Access-Control-Allow-Origin", self.headers.get("Origin") or "*")
                asked = self.headers.get("Access-Control-Request-Headers")
                if asked:
                    self.send_header("Access-Control-Allow-Headers", asked)
                self.send_header("Access-Control-Allow-Methods", "GET, POST")

            def do_OPTIONS(self) -> None:
                self.send_response(204)
                self._cors()
                self.end_headers()

            def do_GET(self) -> None:
                recorder.requests.append(
                    {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}
                )
                if redirect_to:
                    self.send_response(307)
                    self._cors()
                    self.send_header("Location", redirect_to + self.path)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                data = b'{"ok": true}'
                self.send_response(200)
                self._cors()
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        super().__init__(Handler)


@pytest.fixture
def recorders() -> Iterator[Callable[..., Recorder]]:
    started: list[Recorder] = []

    def start(redirect_to: str = "") -> Recorder:
        started.append(Recorder(redirect_to))
        return started[-1]

    yield start
    for recorder in started:
        recorder.stop()


SCHEMES = {
    "bearerAuth": {"type": "http", "scheme": "bearer"},
    "ApiKeyAuth": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
}


def _description(title: str, server: str, paths: dict) -> dict:
    return {
        "openapi": "3.0.3",
        "info": {"title": title, "version": "1"},
        "servers": [{"url": server}],
        "components": {"securitySchemes": SCHEMES},
        "paths": paths,
    }


def _get(operation_id: str, scheme: str) -> dict:
    return {
        "get": {
            "operationId": operation_id,
            "security": [{scheme: []}],
            "responses": {"200": {"description": "ok"}},
        }
    }


def _site(root: Path, descriptions: dict[str, dict]) -> Path:
    """Build one group holding ``descriptions`` into ``root/www/docs``; the web root."""
    groups = [{"group": "Two APIs", "sections": [{"schema": name} for name in descriptions]}]
    config = write_project(root / "project", descriptions, groups=groups)
    build_site(Site(config), root / "www" / "docs", progress=False)
    return root / "www"


def _type(page, label: str, text: str) -> None:
    field = page.get_by_label(label)
    field.click()
    field.press_sequentially(text)


def _storage_keys(page) -> list[str]:
    return page.evaluate(
        "[...Object.keys(sessionStorage), ...Object.keys(localStorage)].filter(k => k.startsWith('orgdocs:cred:'))"
    )


def test_a_credential_stays_with_the_api_it_was_typed_for(tmp_path, recorders, static_server, watched):
    """Two descriptions in one group both name their scheme bearerAuth: a token typed on A's page is not
    offered on B's, and Send on B's page carries none (finding 1)."""
    a, b = recorders(), recorders()
    www = _site(
        tmp_path,
        {
            "a.json": _description("API A", a.url, {"/a": _get("readA", "bearerAuth")}),
            "b.json": _description("API B", b.url, {"/b": _get("readB", "bearerAuth")}),
        },
    )
    base = static_server(www) + "docs/two-apis/"
    page = watched().page
    page.goto(base + "a/read-a/")
    _type(page, "bearerAuth (bearer token)", TOKEN)
    page.get_by_role("button", name="Send").click()
    page.locator("[data-response] .response-status").wait_for()
    assert a.requests[-1]["headers"]["authorization"] == f"Bearer {TOKEN}"

    page.goto(base + "b/read-b/")
    assert page.get_by_label("bearerAuth (bearer token)").input_value() == ""
    page.get_by_role("button", name="Send").click()
    page.locator("[data-response] .response-status").wait_for()
    assert "authorization" not in b.requests[-1]["headers"]
    assert "API B" in page.locator("[data-token-status]").text_content()

    # and back on A's pages, A's token is still there
    page.goto(base + "a/read-a/")
    assert page.get_by_label("bearerAuth (bearer token)").input_value() == TOKEN


def test_forget_clears_every_credential_of_the_api(tmp_path, recorders, static_server, watched):
    """Forget on a page using bearerAuth also forgets the ApiKeyAuth key typed on another page of the same
    API; another API's credentials stay (finding 15)."""
    a, b = recorders(), recorders()
    www = _site(
        tmp_path,
        {
            "a.json": _description(
                "API A",
                a.url,
                {"/a": _get("readA", "bearerAuth"), "/k": _get("keyA", "ApiKeyAuth")},
            ),
            "b.json": _description("API B", b.url, {"/b": _get("readB", "bearerAuth")}),
        },
    )
    base = static_server(www) + "docs/two-apis/"
    page = watched().page
    page.goto(base + "b/read-b/")
    _type(page, "bearerAuth (bearer token)", "tok-for-api-b")
    page.goto(base + "k/key-a/")
    _type(page, "ApiKeyAuth (header X-Api-Key)", KEY)
    page.get_by_label("Remember on this device").check()
    page.goto(base + "a/read-a/")
    _type(page, "bearerAuth (bearer token)", TOKEN)
    assert len(_storage_keys(page)) == 3

    page.get_by_role("button", name="Forget credentials").click()
    assert page.get_by_label("bearerAuth (bearer token)").input_value() == ""
    kept = _storage_keys(page)
    assert len(kept) == 1 and page.evaluate("k => sessionStorage.getItem(k)", kept[0]) == "tok-for-api-b"
    page.goto(base + "k/key-a/")
    assert page.get_by_label("ApiKeyAuth (header X-Api-Key)").input_value() == ""
    page.goto(base + "b/read-b/")
    assert page.get_by_label("bearerAuth (bearer token)").input_value() == "tok-for-api-b"


def test_send_shows_a_redirect_instead_of_following_it(tmp_path, recorders, static_server, watched):
    """The declared server answers 307 to another origin: the key is not sent there, the form says why
    (finding 2)."""
    elsewhere = recorders()
    declared = recorders(redirect_to=elsewhere.url)
    www = _site(tmp_path, {"a.json": _description("API A", declared.url, {"/k": _get("keyA", "ApiKeyAuth")})})
    page = watched().page
    page.goto(static_server(www) + "docs/two-apis/k/key-a/")
    _type(page, "ApiKeyAuth (header X-Api-Key)", KEY)
    page.get_by_role("button", name="Send").click()
    status = page.locator("[data-response] .response-status")
    status.wait_for()
    assert "Redirect, not followed" in status.text_content()
    assert "does not follow redirects" in page.locator("[data-response]").text_content()
    assert declared.requests and declared.requests[-1]["headers"]["x-api-key"] == KEY
    assert elsewhere.requests == []


@pytest.mark.parametrize("at", ["userinfo", "backslash"])
def test_a_server_url_with_userinfo_or_a_backslash_is_refused(
    tmp_path, recorders, static_server, watched, at
):
    """``http://a\\@b`` goes to a in a browser, to b with httpx and curl; ``http://x@b`` hides b: Send is
    refused with the same message as the kernel's (finding 14)."""
    first, second = recorders(), recorders()
    host_a, host_b = first.url.removeprefix("http://"), second.url.removeprefix("http://")
    server = f"http://{host_a}\\@{host_b}/v1" if at == "backslash" else f"http://user@{host_b}/v1"
    www = _site(tmp_path, {"a.json": _description("API A", server, {"/k": _get("keyA", "ApiKeyAuth")})})
    page = watched().page
    page.goto(static_server(www) + "docs/two-apis/k/key-a/")
    _type(page, "ApiKeyAuth (header X-Api-Key)", KEY)
    page.get_by_role("button", name="Send").click()
    message = page.locator('[data-error-for="url"]')
    message.wait_for()
    assert message.text_content() == server_refusal(server)
    assert server_refusal(server).endswith("not sent")
    assert first.requests == [] and second.requests == []


def test_server_refusal_is_the_same_rule_in_both_languages(reading_site, static_server, watched):
    urls = [
        "http://a\\@b/v1",
        "http://u:p@h/",
        "https://user@host:8443",
        "//u@h/x",
        "https://h/path@x",
        "https://h/a\\b",
        "https://h:1/",
        "/v1",
        "",
    ]
    page = watched().page
    page.goto(static_server(reading_site) + "api/notes/create-note/")
    page_modules(page, "request.js")
    found = page.evaluate("urls => urls.map(u => window.orgdocs.request.serverRefusal(u))", urls)
    assert found == [server_refusal(url) for url in urls]
    assert [bool(text) for text in found] == [True, True, True, True, False, True, False, False, False]


class _AnyPathHost(http.server.SimpleHTTPRequestHandler):
    """Serves the build below ``/project/`` and answers every other address with its 404.html (status 404)."""

    def send_head(self):
        path = urllib.parse.urlsplit(self.path).path
        if path.startswith("/project/"):
            self.path = "/" + self.path[len("/project/") :]
            local = Path(self.translate_path(self.path))
            if local.is_file() or (local / "index.html").is_file():
                return super().send_head()
        page = (Path(self.directory) / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        return _Body(page)

    def log_message(self, format: str, *args: object) -> None:
        pass


class _Body:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, *args: object) -> bytes:
        data, self.data = self.data, b""
        return data

    def close(self) -> None:
        pass


class _AnswersEverything(http.server.BaseHTTPRequestHandler):
    seen: list[str] = []

    def do_HEAD(self) -> None:
        self.seen.append(self.path)
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_HEAD

    def log_message(self, format: str, *args: object) -> None:
        pass


def test_the_404_page_never_takes_a_host_from_its_address(reading_site, watched):
    """``//other-host/project/...`` is a path of this host: the 404 page's base finder asks no other host
    and rebases nothing to it (finding 6)."""
    servers = [
        http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_AnyPathHost, directory=str(reading_site))
        ),
        http.server.ThreadingHTTPServer(("127.0.0.1", 0), _AnswersEverything),
    ]
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    _AnswersEverything.seen = []
    host, other = (f"127.0.0.1:{server.server_address[1]}" for server in servers)
    try:
        page = watched().page
        response = page.goto(f"http://{host}//{other}/project/missing/page")
        assert response.status == 404
        page.wait_for_load_state("networkidle")
        hrefs = page.eval_on_selector_all("[href]", "nodes => nodes.map(n => n.getAttribute('href'))")
        assert hrefs and not [href for href in hrefs if href.startswith("//")]
        assert page.locator("body").get_attribute("data-base") == "/"
        assert _AnswersEverything.seen == []
        # the same page below the sub-path still finds the site's folder
        page.goto(f"http://{host}/project/missing/page")
        page.wait_for_function("() => document.body.getAttribute('data-base') === '/project/'")
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
