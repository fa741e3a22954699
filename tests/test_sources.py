"""orgdocs.loading._sources: files, URLs (a real HTTP server on 127.0.0.1) and docs-config schema entries."""

from __future__ import annotations

import gzip
import io
import sys
import threading
import time
import tracemalloc
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

import pytest

import orgdocs
from orgdocs.errors import DescriptionError, SourceError
from orgdocs.loading import _sources as sources
from orgdocs.loading._sources import is_url, read_source, schema_source

JSON_DOCUMENT = (
    b'{"openapi": "3.0.3", "info": {"title": "Served", "version": "1"}, "paths": {"/a": {"get": {}}}}'
)
YAML_DOCUMENT = b"openapi: 3.0.3\ninfo: {title: Served as YAML, version: '1'}\npaths:\n  /a: {get: {}}\n  /b: {post: {}}\n"


def _encode(data: bytes, encoding: str) -> bytes:
    if encoding == "identity":
        return data
    if encoding in ("gzip", "x-gzip"):
        return gzip.compress(data)
    if encoding == "deflate":  # the zlib format, as HTTP means it
        return zlib.compress(data)
    assert encoding == "raw-deflate"  # what some servers send as "deflate"
    squeezer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    return squeezer.compress(data) + squeezer.flush()


def _encoded(data: bytes, encodings: str) -> bytes:
    for encoding in encodings.split(","):
        data = _encode(data, encoding.strip())
    return data


def _zeros_gzip(size: int) -> bytes:
    """``size`` zero bytes, gzip-compressed, made a megabyte at a time (never all in memory)."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = bytes(2**20)
    parts = [squeezer.compress(block) for _ in range(size // 2**20)]
    return b"".join(parts) + squeezer.flush()


BOMB_SIZE = 64 * 2**20  # decoded; the tests cap fetches at 1 MB
BOMB_GZIP = _zeros_gzip(BOMB_SIZE)  # 64 KB
BOMBS = {  # route -> (Content-Encoding, body)
    "/bomb/gzip": ("gzip", BOMB_GZIP),
    "/bomb/gzip-gzip": ("gzip, gzip", gzip.compress(BOMB_GZIP)),
    "/bomb/deflate-gzip": ("gzip, deflate", zlib.compress(BOMB_GZIP)),
    "/bomb/deflate": ("deflate", zlib.compress(bytes(BOMB_SIZE), 9)),
    "/bomb/spec.json.gz": ("", BOMB_GZIP),  # a .gz source: decompressed after the fetch
    "/bomb/encoded.json.gz": ("gzip", gzip.compress(BOMB_GZIP)),
}


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
        elif route.startswith("/slow-hop/"):  # like /hop/N, each answer after 0.2 s
            time.sleep(0.2)
            left = int(route.rsplit("/", 1)[1])
            self.send_response(302)
            self.send_header("Location", f"/slow-hop/{left - 1}" if left > 1 else "/spec.json")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif route == "/big.json":
            self._send(200, b" " * 10_000 + JSON_DOCUMENT)
        elif route == "/big-unannounced.json":  # no Content-Length: read until the connection closes
            self.send_response(200)
            self.end_headers()
            self._write(b" " * 10_000 + JSON_DOCUMENT)
        elif route.startswith("/encoded/"):  # /encoded/<encodings>/spec.json
            encodings = unquote(route.split("/")[2])
            self._send(200, _encoded(JSON_DOCUMENT, encodings), encodings.replace("raw-", ""))
        elif route == "/truncated.json":
            self._send(200, gzip.compress(JSON_DOCUMENT)[:-12], "gzip")
        elif route == "/brotli.json":
            self._send(200, b"not really brotli", "br")
        elif route in BOMBS:
            encoding, body = BOMBS[route]
            self._send(200, body, encoding)
        elif route == "/trickled-headers.json":  # one header byte at a time: each in time, the whole never
            self.wfile.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
            for _ in range(200):  # at most 20 s, far beyond the tests' timeout
                if not self._write(b"a"):
                    break
                time.sleep(0.1)
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

    def _send(self, status: int, body: bytes, encoding: str = "") -> None:
        self.send_response(status)
        if encoding:
            self.send_header("Content-Encoding", encoding)
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


def test_a_server_trickling_its_headers_times_out_as_a_whole(server, monkeypatch):
    # the headers never end, and every byte comes well within the read timeout
    monkeypatch.setattr(sources, "TIMEOUT_SECONDS", 0.5)
    with pytest.raises(SourceError, match=r"timed out after 0\.5 s"):
        orgdocs.load(f"{server}/trickled-headers.json")


def test_redirects_share_one_deadline(server, monkeypatch):
    # each of the five answers comes in 0.2 s, well within the timeout; all of them together do not
    monkeypatch.setattr(sources, "TIMEOUT_SECONDS", 0.5)
    with pytest.raises(SourceError, match=r"timed out after 0\.5 s"):
        orgdocs.load(f"{server}/slow-hop/{sources.MAX_REDIRECTS}")


def test_endpoints_on_a_trickling_server_is_one_line_and_exit_1(server, monkeypatch, capsys):
    from orgdocs.cli import main

    monkeypatch.setattr(sources, "TIMEOUT_SECONDS", 0.5)
    assert main(["endpoints", f"{server}/trickled-headers.json"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"orgdocs: {server}/trickled-headers.json: timed out after 0.5 s\n"


@pytest.mark.parametrize(
    "encodings", ["gzip", "x-gzip", "deflate", "raw-deflate", "gzip, gzip", "deflate, gzip", "gzip, identity"]
)
def test_every_content_encoding_is_decoded(server, encodings):
    assert orgdocs.load(f"{server}/encoded/{encodings}/spec.json").title == "Served"


def test_an_unsupported_content_encoding_is_one_clear_error(server):
    with pytest.raises(SourceError, match="Content-Encoding 'br' is not supported"):
        orgdocs.load(f"{server}/brotli.json")


def test_a_truncated_encoded_body_is_one_clear_error(server):
    with pytest.raises(SourceError, match=r"cannot decode its gzip body \(truncated\)"):
        orgdocs.load(f"{server}/truncated.json")


@pytest.mark.parametrize("route", sorted(BOMBS))
def test_a_compressed_bomb_stops_at_the_cap_with_little_memory(server, route, monkeypatch):
    # 64 MB once decoded, from a few kilobytes; the cap is 1 MB: decoding stops there, memory stays near it
    monkeypatch.setattr(sources, "MAX_BYTES", 2**20)
    tracemalloc.start()
    try:
        with pytest.raises(DescriptionError, match="larger than 1 MB"):
            orgdocs.load(server + route)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20


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
