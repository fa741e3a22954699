"""Code samples (``orgdocs.site.samples``): valid in each language, the same request as ``to_httpx``."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from orgdocs.site.requests import RequestParts, to_httpx
from orgdocs.site.samples import code_samples, shell_quote

NODE = shutil.which("node")
CURL = shutil.which("curl")

JSON_POST = RequestParts(
    method="POST",
    url="https://api.example.com/orgs/a%2Fb/keys?limit=5",
    headers=[
        ("X-Note", 'it\'s "quoted"'),
        ("Content-Type", "application/json"),
        ("Authorization", "Bearer s3cret-token"),
    ],
    body='{\n  "name": "O\'Brien",\n  "ok": true,\n  "gone": null,\n  "n": [\n    1,\n    2.5\n  ],\n  "empty": {}\n}',
    media_type="application/json",
)
MULTIPART = RequestParts(
    method="POST",
    url="https://api.example.com/upload",
    headers=[("Content-Type", "multipart/form-data")],
    body='{\n  "name": "report",\n  "tags": [\n    "a",\n    "b"\n  ]\n}',
    media_type="multipart/form-data",
    note="fields as JSON",
)
TEXT_PUT = RequestParts(
    method="PUT",
    url="https://api.example.com/notes/1",
    headers=[("Content-Type", "text/plain")],
    body="line one\nit's line two @home",
    media_type="text/plain",
)
GET = RequestParts(method="GET", url="https://api.example.com/items?q=a%20b")
ALL = [JSON_POST, MULTIPART, TEXT_PUT, GET]


def test_three_languages():
    assert set(code_samples(GET)) == {"curl", "python", "javascript"}


# --- exact layout (the browser's port must write the same text) -------------------------------------------


def test_curl_layout():
    assert code_samples(JSON_POST)["curl"] == (
        "curl -X POST 'https://api.example.com/orgs/a%2Fb/keys?limit=5' \\\n"
        "  -H 'X-Note: it'\\''s \"quoted\"' \\\n"
        "  -H 'Content-Type: application/json' \\\n"
        '  -H "Authorization: Bearer $TOKEN" \\\n'
        "  --data-raw '{\n"
        '  "name": "O\'\\\'\'Brien",\n'
        '  "ok": true,\n'
        '  "gone": null,\n'
        '  "n": [\n'
        "    1,\n"
        "    2.5\n"
        "  ],\n"
        '  "empty": {}\n'
        "}'\n"
    )


def test_python_layout():
    assert code_samples(JSON_POST)["python"] == (
        "import os\n"
        "\n"
        "import httpx\n"
        "\n"
        "response = httpx.request(\n"
        '    "POST",\n'
        '    "https://api.example.com/orgs/a%2Fb/keys?limit=5",\n'
        "    headers={\n"
        '        "X-Note": "it\'s \\"quoted\\"",\n'
        '        "Content-Type": "application/json",\n'
        '        "Authorization": f"Bearer {os.environ[\'TOKEN\']}",\n'
        "    },\n"
        "    json={\n"
        '        "name": "O\'Brien",\n'
        '        "ok": True,\n'
        '        "gone": None,\n'
        '        "n": [\n'
        "            1,\n"
        "            2.5,\n"
        "        ],\n"
        '        "empty": {},\n'
        "    },\n"
        ")\n"
        "print(response.status_code)\n"
        "print(response.text)\n"
    )


def test_javascript_layout():
    assert code_samples(JSON_POST)["javascript"] == (
        'const response = await fetch("https://api.example.com/orgs/a%2Fb/keys?limit=5", {\n'
        '  method: "POST",\n'
        "  headers: {\n"
        '    "X-Note": "it\'s \\"quoted\\"",\n'
        '    "Content-Type": "application/json",\n'
        '    "Authorization": `Bearer ${process.env.TOKEN}`,\n'
        "  },\n"
        "  body: JSON.stringify({\n"
        '    "name": "O\'Brien",\n'
        '    "ok": true,\n'
        '    "gone": null,\n'
        '    "n": [\n'
        "      1,\n"
        "      2.5,\n"
        "    ],\n"
        '    "empty": {},\n'
        "  }),\n"
        "});\n"
        "console.log(response.status);\n"
        "console.log(await response.text());\n"
    )


def test_get_without_headers_or_body():
    samples = code_samples(GET)
    assert samples["curl"] == "curl -X GET 'https://api.example.com/items?q=a%20b'\n"
    assert "headers" not in samples["python"]
    assert "json=" not in samples["python"]
    assert "content=" not in samples["python"]
    assert "body" not in samples["javascript"]


def test_head_uses_curl_head():
    assert code_samples(RequestParts("HEAD", "https://h/x"))["curl"] == "curl --head 'https://h/x'\n"


# --- token ------------------------------------------------------------------------------------------------


def test_token_is_masked_unless_revealed():
    masked = code_samples(JSON_POST)
    for sample in masked.values():
        assert "s3cret-token" not in sample
    assert '"Authorization: Bearer $TOKEN"' in masked["curl"]
    assert "os.environ['TOKEN']" in masked["python"]
    assert "process.env.TOKEN" in masked["javascript"]

    revealed = code_samples(JSON_POST, reveal_token=True)
    assert "-H 'Authorization: Bearer s3cret-token'" in revealed["curl"]
    assert '"Authorization": "Bearer s3cret-token",' in revealed["python"]
    assert '"Authorization": "Bearer s3cret-token",' in revealed["javascript"]
    assert "import os" not in revealed["python"]


def test_a_token_ending_like_a_variable_is_still_masked():
    """Only the exact placeholder ``$TOKEN`` is a variable: a real token whose tail happens to spell a
    variable's name (``sTOKEN`` while ``$TOKEN`` is one) is a credential, and never written into a sample."""
    for token in ("sTOKEN", "xAPI_KEY", "TOKEN"):
        parts = RequestParts(
            "GET",
            "https://h/x",
            headers=[("Authorization", f"Bearer {token}")],
            variables=["TOKEN", "API_KEY"],
        )
        for sample in code_samples(parts).values():
            assert f"Bearer {token}" not in sample, token
    kept = RequestParts(
        "GET", "https://h/x", headers=[("Authorization", "Bearer $API_KEY")], variables=["API_KEY"]
    )
    assert '"Authorization: Bearer $API_KEY"' in code_samples(kept)["curl"]


# --- quoting ----------------------------------------------------------------------------------------------


def shell_words(command: str) -> list[str]:
    """``shlex.split``, with the shell's line continuations (shlex keeps each as a word "\\n")."""
    return [word for word in shlex.split(command) if word != "\n"]


def test_shell_quote_round_trips():
    for text in ["plain", "it's", "''", "a 'b' c", '$HOME `x` \\n "q"', "line\nbreak", ""]:
        assert shlex.split(shell_quote(text)) == [text]


@pytest.mark.parametrize("parts", ALL, ids=["json", "multipart", "text", "get"])
def test_curl_parses_with_shlex(parts):
    words = shell_words(code_samples(parts, reveal_token=True)["curl"])
    if parts is MULTIPART:
        return
    expected = ["curl", "-X", parts.method, parts.url]
    for name, value in parts.headers:
        expected += ["-H", f"{name}: {value}"]
    if parts.body is not None:
        expected += ["--data-raw", parts.body]
    assert words == expected


def test_curl_multipart_sends_form_fields_without_content_type():
    words = shell_words(code_samples(MULTIPART)["curl"])
    assert words == [
        "curl",
        "-X",
        "POST",
        "https://api.example.com/upload",
        "--form-string",
        "name=report",
        "--form-string",
        "tags=a",
        "--form-string",
        "tags=b",
    ]


@pytest.fixture
def loopback():
    """A real HTTP server on 127.0.0.1 that records each request: ``(base URL, list of requests)``."""
    received: list[dict] = []

    class Recorder(BaseHTTPRequestHandler):
        def do_any(self):
            length = int(self.headers.get("Content-Length") or 0)
            received.append(
                {
                    "method": self.command,
                    "path": self.path,
                    "headers": dict(self.headers.items()),
                    "body": self.rfile.read(length),
                }
            )
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        do_GET = do_POST = do_PUT = do_any

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", received
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.mark.skipif(CURL is None, reason="no curl")
@pytest.mark.parametrize("parts", ALL, ids=["json", "multipart", "text", "get"])
def test_curl_sample_runs_in_a_shell(parts, loopback):
    base, received = loopback
    local = RequestParts(
        parts.method,
        parts.url.replace("https://api.example.com", base),
        [*parts.headers, ("Authorization", "Bearer s3cret-token")],
        parts.body,
        parts.media_type,
    )
    environment = {**os.environ, "TOKEN": "s3cret-token"}
    result = subprocess.run(
        ["bash", "-c", code_samples(local)["curl"]], capture_output=True, env=environment, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == b"ok"
    (request,) = received
    assert request["method"] == parts.method
    assert base + request["path"] == local.url
    assert request["headers"]["Authorization"] == "Bearer s3cret-token"
    if parts is MULTIPART:
        assert request["headers"]["Content-Type"].startswith("multipart/form-data; boundary=")
        assert b'name="name"\r\n\r\nreport' in request["body"]
        return
    for name, value in parts.headers:
        assert request["headers"][name] == value
    assert request["body"] == (parts.body or "").encode()


# --- Python: valid, and the same request as to_httpx -------------------------------------------------------


@pytest.mark.parametrize("parts", ALL, ids=["json", "multipart", "text", "get"])
def test_python_sample_compiles(parts):
    for reveal in (False, True):
        compile(code_samples(parts, reveal_token=reveal)["python"], "<sample>", "exec")


def run_python_sample(source: str, monkeypatch) -> httpx.Request:
    """Run the sample with httpx sending through a MockTransport; the request the server got."""
    received = []

    def handler(request: httpx.Request) -> httpx.Response:
        request.read()
        received.append(request)
        return httpx.Response(200, text="ok")

    def request(method, url, **kwargs):
        with httpx.Client(transport=httpx.MockTransport(handler)) as client:
            return client.request(method, url, **kwargs)

    monkeypatch.setattr(httpx, "request", request)
    monkeypatch.setenv("TOKEN", "s3cret-token")
    exec(compile(source, "<sample>", "exec"), {})
    return received[0]


def same_body(parts: RequestParts, content: bytes) -> bool:
    if parts.media_type == "application/json":
        return json.loads(content) == json.loads(parts.body)
    return content == (parts.body or "").encode()


@pytest.mark.parametrize("parts", [JSON_POST, TEXT_PUT, GET], ids=["json", "text", "get"])
def test_python_sample_sends_the_request(parts, monkeypatch, capsys):
    received = run_python_sample(code_samples(parts)["python"], monkeypatch)
    expected = to_httpx(parts)
    assert received.method == expected.method
    assert received.url == expected.url
    for name, value in parts.headers:
        assert received.headers[name] == value
    assert same_body(parts, received.content)
    assert capsys.readouterr().out == "200\nok\n"


def test_python_multipart_sample_sends_form_fields(monkeypatch, capsys):
    received = run_python_sample(code_samples(MULTIPART)["python"], monkeypatch)
    assert received.headers["Content-Type"].startswith("multipart/form-data; boundary=")
    body = received.content.decode()
    assert 'name="name"\r\n\r\nreport' in body
    assert body.count('name="tags"') == 2


# --- JavaScript: runs in Node with a recording fetch -------------------------------------------------------

RECORDING_FETCH = """
process.env.TOKEN = "s3cret-token";
globalThis.fetch = async (url, init) => {
  let body = init.body;
  if (body instanceof FormData) body = [...body.entries()];
  console.log(JSON.stringify({ url, method: init.method, headers: init.headers || {}, body }));
  return { status: 200, text: async () => "ok" };
};
"""


@pytest.mark.skipif(NODE is None, reason="no node to run the JavaScript sample")
@pytest.mark.parametrize("parts", ALL, ids=["json", "multipart", "text", "get"])
def test_javascript_sample_runs(parts, tmp_path: Path):
    script = tmp_path / "sample.mjs"
    script.write_text(RECORDING_FETCH + code_samples(parts)["javascript"], encoding="utf-8")
    result = subprocess.run([NODE, str(script)], capture_output=True, text=True, timeout=60, check=True)
    recorded_line, status, text = result.stdout.splitlines()
    recorded = json.loads(recorded_line)
    assert (status, text) == ("200", "ok")
    assert recorded["url"] == parts.url
    assert recorded["method"] == parts.method
    if parts is MULTIPART:
        assert recorded["headers"] == {}
        assert recorded["body"] == [["name", "report"], ["tags", "a"], ["tags", "b"]]
        return
    assert recorded["headers"] == dict(parts.headers)
    if parts.media_type == "application/json":
        assert json.loads(recorded["body"]) == json.loads(parts.body)
    else:
        assert recorded.get("body") == parts.body
