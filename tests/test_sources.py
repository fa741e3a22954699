"""orgdocs.loading.sources: files, URLs (a real HTTP server on 127.0.0.1) and docs-config schema entries."""

from __future__ import annotations

import io
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import orgdocs
from orgdocs.errors import DescriptionError, SourceError
from orgdocs.loading import sources
from orgdocs.loading.sources import is_url, read_source, schema_source

JSON_DOCUMENT = (
    b'{"openapi": "3.0.3", "info": {"title": "Served", "version": "1"}, "paths": {"/a": {"get": {}}}}'
)
YAML_DOCUMENT = b"openapi: 3.0.3\ninfo: {title: Served as YAML, version: '1'}\npaths:\n  /a: {get: {}}\n  /b: {post: {}}\n"


class _Handler(BaseHTTPRequestHandler):
    """The routes the tests fetch. ``seen`` records each request's headers."""

    seen: list[dict[str, str]] = []

    def do_GET(self) -> None:
        type(self).seen.append(dict(self.headers))
        route = self.path.split("?")[0]
        if route in ("/spec.json", "/spec"):
            self._send(200, JSON_DOCUMENT)
        elif route in ("/spec.yaml", "/yaml-as-text.txt"):
            self._send(200, YAML_DOCUMENT)
        elif route == "/missing.json":
            self._send(404, b"no such description")
        elif route == "/broken.json":
            self._send(500, b"oops")
        elif route.startswith("/hop/"):  # /hop/N redirects N more times, then serves the description
            left = int(route.rsplit("/", 1)[1])
            self.send_response(302)
            self.send_header("Location", f"/hop/{left - 1}" if left > 1 else "/spec.json")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif route == "/big.json":
            self._send(200, b" " * 10_000 + JSON_DOCUMENT)
        elif route == "/big-unannounced.json":  # no Content-Length: read until the connection closes
            self.send_response(200)
            self.end_headers()
            self._write(b" " * 10_000 + JSON_DOCUMENT)
        elif route == "/slow.json":
            time.sleep(3)
            self._send(200, JSON_DOCUMENT)
        elif route == "/trickle.json":  # each byte in time, the whole far too late
            self.send_response(200)
            self.send_header("Content-Length", "40")
            self.end_headers()
            for _ in range(40):
                if not self._write(b" "):
                    break
                time.sleep(0.1)
        else:
            self._send(404, b"")

    def _send(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self._write(body)

    def _write(self, data: bytes) -> bool:
        """False once the client has gone (the tests of limits hang up early)."""
        try:
            self.wfile.write(data)
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return False
        return True

    def log_message(self, *args: object) -> None:  # keep the test output clean
        pass


@pytest.fixture(scope="module")
def loopback() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


@pytest.fixture
def server(loopback: str) -> str:
    """The base URL of a real HTTP server on 127.0.0.1, with a fresh record of the requests it saw."""
    _Handler.seen = []
    return loopback


# --- files ---------------------------------------------------------------------------------------------------


def test_read_a_local_file(tmp_path):
    path = tmp_path / "spec.json"
    path.write_bytes(JSON_DOCUMENT)
    fetched = read_source(path)
    assert fetched.data == JSON_DOCUMENT
    assert fetched.name == str(path)
    assert fetched.path == path


def test_a_relative_path_is_read_from_the_working_folder(tmp_path, monkeypatch):
    (tmp_path / "spec.json").write_bytes(JSON_DOCUMENT)
    monkeypatch.chdir(tmp_path)
    assert orgdocs.load("spec.json").title == "Served"


def test_a_missing_file_is_a_clear_error(tmp_path):
    missing = tmp_path / "nope.yaml"
    with pytest.raises(SourceError) as failure:
        orgdocs.load(missing)
    assert str(failure.value) == f"{missing}: no such file"


def test_a_folder_is_not_a_description(tmp_path):
    with pytest.raises(SourceError, match="is a folder"):
        read_source(tmp_path)


def test_a_file_over_the_size_cap_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "spec.json"
    path.write_bytes(JSON_DOCUMENT)
    monkeypatch.setattr(sources, "MAX_BYTES", 50)
    with pytest.raises(SourceError, match="larger than 50 bytes"):
        read_source(path)


def test_a_source_error_is_a_description_error():
    assert issubclass(SourceError, DescriptionError)


# --- URLs ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("http://example.com/x.json", True),
        ("https://example.com/x.yaml", True),
        ("HTTPS://EXAMPLE.COM/x", True),
        ("ftp://example.com/x.json", False),
        ("./http://x", False),
        ("/public/x.json", False),
        ("httpspec.json", False),
    ],
)
def test_is_url(source, expected):
    assert is_url(source) is expected


def test_fetch_json(server):
    description = orgdocs.load(f"{server}/spec.json")
    assert description.title == "Served"
    assert description.source == f"{server}/spec.json"
    assert description.path is None
    headers = {k.lower(): v for k, v in _Handler.seen[0].items()}
    assert "authorization" not in headers
    assert "cookie" not in headers


def test_fetch_yaml_by_its_extension(server):
    description = orgdocs.load(f"{server}/spec.yaml?ref=v1")
    assert description.title == "Served as YAML"
    assert len(description.operations) == 2


def test_no_extension_is_parsed_as_json(server):
    assert orgdocs.load(f"{server}/spec").title == "Served"


def test_yaml_in_a_txt_file_is_parsed_as_json_and_fails(server):
    with pytest.raises(DescriptionError, match="invalid JSON") as failure:
        orgdocs.load(f"{server}/yaml-as-text.txt")
    assert failure.value.place == "line 1 column 1"


@pytest.mark.parametrize(
    ("route", "status"), [("/missing.json", "HTTP 404 Not Found"), ("/broken.json", "HTTP 500")]
)
def test_a_non_success_answer_fails_with_its_status(server, route, status):
    with pytest.raises(SourceError) as failure:
        orgdocs.load(server + route)
    assert str(failure.value).startswith(f"{server}{route}: {status}")


def test_redirects_are_followed_up_to_the_limit(server):
    assert orgdocs.load(f"{server}/hop/{sources.MAX_REDIRECTS}").title == "Served"


def test_a_longer_redirect_chain_fails(server):
    with pytest.raises(SourceError, match=f"more than {sources.MAX_REDIRECTS} redirects"):
        orgdocs.load(f"{server}/hop/{sources.MAX_REDIRECTS + 1}")


@pytest.mark.parametrize("route", ["/big.json", "/big-unannounced.json"])
def test_a_body_over_the_size_cap_is_refused(server, route, monkeypatch):
    monkeypatch.setattr(sources, "MAX_BYTES", 5_000)
    with pytest.raises(SourceError, match="larger than 5000 bytes"):
        orgdocs.load(server + route)


def test_a_slow_server_times_out(server, monkeypatch):
    monkeypatch.setattr(sources, "TIMEOUT_SECONDS", 0.3)
    with pytest.raises(SourceError, match=r"timed out after 0\.3 s"):
        orgdocs.load(f"{server}/slow.json")


def test_a_trickling_server_times_out_as_a_whole(server, monkeypatch):
    # every byte comes well within the read timeout; the whole body does not come within the timeout
    monkeypatch.setattr(sources, "TIMEOUT_SECONDS", 0.5)
    with pytest.raises(SourceError, match="timed out"):
        orgdocs.load(f"{server}/trickle.json")


def test_an_unreachable_server_fails_cleanly():
    with pytest.raises(SourceError, match="cannot fetch"):
        orgdocs.load("http://127.0.0.1:9/spec.json")  # the discard port: nothing listens


@pytest.mark.parametrize("url", ["http://[::1/x.json", "http://example.com:port/x.json", "http://"])
def test_a_malformed_url_is_a_source_error(url):
    with pytest.raises(SourceError) as failure:
        orgdocs.load(url)
    assert str(failure.value).startswith(f"{url}: ")


def test_credentials_in_a_url_are_refused_and_never_shown(server):
    url = server.replace("http://", "http://alice:s3cret@") + "/spec.json"
    with pytest.raises(SourceError) as failure:
        orgdocs.load(url)
    assert "s3cret" not in str(failure.value)
    assert "alice" not in str(failure.value)
    assert str(failure.value).startswith(f"{server}/spec.json: ")
    assert _Handler.seen == []  # nothing was sent


def test_proxy_settings_of_the_environment_are_not_used(server, monkeypatch):
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    assert orgdocs.load(f"{server}/spec.json").title == "Served"


# --- schema: entries of a docs config --------------------------------------------------------------------------


@pytest.fixture
def project(tmp_path) -> tuple[Path, Path]:
    content, public = tmp_path / "content", tmp_path / "public"
    (content / "openapi").mkdir(parents=True)
    (public / "specs").mkdir(parents=True)
    return content, public


@pytest.mark.parametrize(
    ("entry", "base", "relative"),
    [
        ("./openapi/x.yaml", "content", "openapi/x.yaml"),
        ("openapi/x.yaml", "content", "openapi/x.yaml"),
        ("x.json", "content", "x.json"),
        ("./openapi/../x.json", "content", "x.json"),
        ("/specs/x.json", "public", "specs/x.json"),
        ("//specs/x.json", "public", "specs/x.json"),
    ],
)
def test_schema_source_paths(project, entry, base, relative):
    content, public = project
    folder = content if base == "content" else public
    assert schema_source(entry, content=content, public=public) == str((folder / relative).resolve())


@pytest.mark.parametrize("url", ["http://example.com/x.yaml", "https://example.com/openapi.json?v=1"])
def test_schema_source_urls_are_kept(project, url):
    content, public = project
    assert schema_source(url, content=content, public=public) == url


@pytest.mark.parametrize(
    ("entry", "folder"),
    [
        ("../secrets.json", "content"),
        ("./openapi/../../x.json", "content"),
        ("/../x.json", "public"),
        ("/specs/../../content/x.json", "public"),
    ],
)
def test_schema_source_may_not_escape_its_folder(project, entry, folder):
    content, public = project
    with pytest.raises(SourceError) as failure:
        schema_source(entry, content=content, public=public)
    assert f"escapes the {folder} folder" in str(failure.value)
    assert str(failure.value).startswith(f"{entry}: ")


def test_schema_source_is_loadable(project):
    content, public = project
    (public / "specs" / "x.json").write_bytes(JSON_DOCUMENT)
    assert orgdocs.load(schema_source("/specs/x.json", content=content, public=public)).title == "Served"


def test_a_fetch_shows_progress_on_a_terminal(server, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    orgdocs.load(f"{server}/big.json")
    assert f"orgdocs: fetching {server}/big.json (KB)" in terminal.getvalue()
