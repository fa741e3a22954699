"""Code samples (``orgdocs.project.samples``): valid code in each language that sends the request it was made from."""

from __future__ import annotations

import base64
import dataclasses
import email.policy
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
from email.parser import BytesParser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from orgdocs.project._request_body import multipart_fields
from orgdocs.project._requests import RequestParts
from orgdocs.project.samples import DEFAULT_LANGUAGE, LANGUAGES, browser_script, code_samples, shell_quote
from orgdocs.render.site._templating import ASSETS

NODE = shutil.which("node")
CURL = shutil.which("curl")
JAVA = shutil.which("java")

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


def test_the_languages_readers_use():
    assert list(code_samples(GET)) == [key for key, _ in LANGUAGES]
    readers_use = {
        "curl",
        "python",
        "python-requests",
        "javascript",
        "node",
        "go",
        "java",
        "ruby",
        "php",
        "csharp",
    }
    assert readers_use <= set(code_samples(GET))
    assert DEFAULT_LANGUAGE == "curl"
    assert list(code_samples(GET, languages=["go", "curl"])) == ["curl", "go"]


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


def test_node_layout():
    assert code_samples(JSON_POST)["node"] == (
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


def test_browser_javascript_declares_placeholders_instead_of_reading_the_environment():
    sample = code_samples(JSON_POST)["javascript"]
    assert sample.startswith(
        'const TOKEN = "YOUR_TOKEN"; // your credential\n\nconst response = await fetch('
    )
    assert '"Authorization": `Bearer ${TOKEN}`,' in sample and "process" not in sample


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
    assert "process.env.TOKEN" in masked["node"] and "${TOKEN}" in masked["javascript"]

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


# --- the data: one file for Python and the browser ----------------------------------------------------------


def test_the_browsers_copy_is_written_from_the_data_file():
    """``assets/samples.js`` is ``languages.json`` for the browser: ``python -m orgdocs.project.samples`` writes it."""
    assert (ASSETS / "samples.js").read_text(encoding="utf-8") == browser_script()


# --- hostile requests, sent for real where a toolchain exists ------------------------------------------------

HOSTILE = 'it\'s "q" \\ $HOME #{x} #@y #$z ${w} `b` {{c}} %'  # ASCII: clients encode other header text apart
HOSTILE_TEXT = 'line one\nit\'s "two" \\ $HOME #{x} ${y} `z` {{w}} é 😀 \u2028 \x01\r\nend'
HOSTILE_BODY = json.dumps(
    {
        "text": HOSTILE_TEXT,
        "'single'": ['"', "\\", "\n", "$", "#{a}", "`", "</script>"],
        "n": [0, -1, 2.5, 1e21],
        "t": True,
        "f": False,
        "z": None,
        "o": {},
        "a": [],
        "nested": {"deep": [{"x": "é"}]},
    },
    indent=2,
    ensure_ascii=False,
)
ENV = {"TOKEN": "s3cret-token", "API_KEY": "key-42", "USERNAME": "ann", "PASSWORD": "p@ss:w'\"rd $x"}

HOSTILE_JSON = RequestParts(
    method="POST",
    url="https://api.example.com/orgs/a%2Fb/k%C3%A9ys?q=%22%24x%23%7By%7D%60&key=$API_KEY",
    headers=[
        ("X-Note", HOSTILE),
        ("Content-Type", "application/json"),
        ("Cookie", "session=$API_KEY; theme=dark"),
        ("Authorization", "Bearer $TOKEN"),
    ],
    body=HOSTILE_BODY,
    media_type="application/json",
    variables=["API_KEY", "TOKEN"],
)
HOSTILE_RAW = RequestParts(
    method="PUT",
    url="https://api.example.com/notes/1",
    headers=[("Content-Type", "text/plain; charset=utf-8"), ("Authorization", "Basic $USERNAME:$PASSWORD")],
    body=HOSTILE_TEXT,
    media_type="text/plain; charset=utf-8",
    variables=["USERNAME", "PASSWORD"],
)
HOSTILE_FORM = RequestParts(
    method="POST",
    url="https://api.example.com/upload",
    headers=[("Content-Type", "multipart/form-data"), ("X-Note", HOSTILE)],
    body=json.dumps({"name": 're"port $x #{y}', "tags": ["a", "b é\nc"], "n": 3}),
    media_type="multipart/form-data",
)
HOSTILE_GET = RequestParts(
    method="DELETE", url="https://api.example.com/items?q=a%20b&key=$API_KEY", variables=["API_KEY"]
)
REQUESTS = {"json": HOSTILE_JSON, "raw": HOSTILE_RAW, "form": HOSTILE_FORM, "nobody": HOSTILE_GET}


def expected_fields(parts: RequestParts) -> list[tuple[str, str]]:
    return [(name, value) for name, value in multipart_fields(parts) or []]


def filled(text: str) -> str:
    """``text`` with its ``$NAME`` placeholders replaced by ENV's values (what a sample reads)."""
    for name, value in ENV.items():
        text = text.replace("$" + name, value)
    return text


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
                    "headers": self.headers,
                    "body": self.rfile.read(length),
                }
            )
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(b"ok")

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_any

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


def _environment() -> dict[str, str]:
    proxies = {"http_proxy", "https_proxy", "all_proxy", "no_proxy"}
    return {**{k: v for k, v in os.environ.items() if k.lower() not in proxies}, **ENV}


def _run(command: list[str], folder: Path) -> str:
    result = subprocess.run(command, capture_output=True, env=_environment(), timeout=120, cwd=folder)
    assert result.returncode == 0, result.stderr.decode(errors="replace")
    return result.stdout.decode()


def _browser_js(sample: str) -> str:
    """The browser sample with its placeholder constants given ENV's values, as its reader would."""
    for name, value in ENV.items():
        sample = sample.replace(f'const {name} = "YOUR_{name}";', f"const {name} = {json.dumps(value)};")
    return sample


RUNNERS = {  # language -> (program, file name, source as written to the file)
    "curl": (CURL, "sample.sh", lambda s: s, lambda path: ["bash", str(path)]),
    "python": (True, "sample.py", lambda s: s, lambda path: [sys.executable, str(path)]),
    "python-requests": (True, "sample.py", lambda s: s, lambda path: [sys.executable, str(path)]),
    "node": (NODE, "sample.mjs", lambda s: s, lambda path: [NODE, str(path)]),
    "javascript": (NODE, "sample.mjs", _browser_js, lambda path: [NODE, str(path)]),
    "java": (JAVA, "Main.java", lambda s: s, lambda path: [JAVA, str(path)]),
}


@pytest.mark.parametrize("kind", list(REQUESTS))
@pytest.mark.parametrize("language", list(RUNNERS))
def test_samples_send_the_request_for_real(language, kind, loopback, tmp_path):
    """Each sample, run by its own toolchain against a loopback server, sends the method, URL, headers and
    body of the request, credentials read from the environment (or, in the browser's, its constants)."""
    program, name, source, command = RUNNERS[language]
    if not program:
        pytest.skip(f"no toolchain for {language}")
    base, received = loopback
    parts = REQUESTS[kind]
    local = dataclasses.replace(parts, url=parts.url.replace("https://api.example.com", base))
    sample = code_samples(local)[language]
    assert "s3cret" not in sample and "p@ss" not in sample  # credentials only as placeholders
    (tmp_path / name).write_text(source(sample), encoding="utf-8")
    out = _run(command(tmp_path / name), tmp_path)
    assert out.rstrip("\n").endswith("ok") and (language == "curl" or "200" in out)  # curl shows the body
    (request,) = received
    assert request["method"] == parts.method
    assert base + request["path"] == filled(local.url)
    headers = request["headers"]
    if kind == "raw":
        password = base64.b64encode(f"{ENV['USERNAME']}:{ENV['PASSWORD']}".encode()).decode()
        assert headers["Authorization"] == f"Basic {password}"
    for header, value in parts.headers:
        if header != "Authorization" and not (kind == "form" and header == "Content-Type"):
            assert headers[header] == filled(value), header
    if kind == "json":
        assert headers["Authorization"] == "Bearer s3cret-token"
        assert json.loads(request["body"]) == json.loads(parts.body)
    elif kind == "raw":
        assert request["body"] == parts.body.encode()
    elif kind == "form":
        assert headers["Content-Type"].startswith("multipart/form-data; boundary=")
        expected = expected_fields(parts)
        if language in ("node", "javascript"):  # FormData writes line breaks as CRLF (the HTML standard)
            expected = [(n, re.sub(r"\r?\n", "\r\n", v)) for n, v in expected]
        assert form_fields(headers["Content-Type"], request["body"]) == expected
    else:
        assert request["body"] == b""


def form_fields(content_type: str, body: bytes) -> list[tuple[str, str]]:
    message = BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
    )
    return [
        (part.get_param("name", header="content-disposition"), part.get_payload(decode=True).decode())
        for part in message.iter_parts()
    ]


@pytest.mark.skipif(CURL is None, reason="no curl")
def test_curl_head(loopback):
    base, received = loopback
    sample = code_samples(RequestParts("HEAD", base + "/x"))["curl"]
    assert sample == f"curl --head '{base}/x'\n"
    subprocess.run(["bash", "-c", sample], capture_output=True, check=True, timeout=60)
    assert received[0]["method"] == "HEAD"


@pytest.mark.parametrize("kind", list(REQUESTS))
def test_python_and_javascript_samples_are_valid_code(kind, tmp_path):
    for reveal in (False, True):
        samples = code_samples(REQUESTS[kind], reveal_token=reveal)
        compile(samples["python"], "<httpx>", "exec")
        compile(samples["python-requests"], "<requests>", "exec")
        if NODE:
            for language in ("node", "javascript"):
                (tmp_path / "check.mjs").write_text(samples[language], encoding="utf-8")
                subprocess.run([NODE, "--check", str(tmp_path / "check.mjs")], check=True, timeout=60)


# --- Go, Ruby, PHP, C#: no toolchain here; their string literals read back as the request ------------------
#
# A reader of each language's literals, written from its specification (not from languages.json): every
# string, environment read and concatenation in a sample is evaluated with ENV, and the statements that carry
# the request (the URL, each header, the body, the form fields) must give the request's own values.


def _go_string(text: str) -> str:
    escapes = dict(zip('nrtbf\\"av', '\n\r\t\b\f\\"\a\v', strict=True))
    return _unescape(text, escapes, unicode="u")


def _unescape(text: str, escapes: dict[str, str], unicode: str = "", octal: bool = False) -> str:
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = text[i + 1]
        if e in escapes:
            out.append(escapes[e])
            i += 2
        elif unicode and e == unicode:
            out.append(chr(int(text[i + 2 : i + 6], 16)))
            i += 6
        elif octal and e in "01234567":
            digits = re.match(r"[0-7]{1,3}", text[i + 1 :]).group()
            out.append(chr(int(digits, 8)))
            i += 1 + len(digits)
        else:
            raise ValueError(f"not an escape of this language: \\{e} in {text!r}")
    return "".join(out)


def _ruby_double(text: str) -> str:
    if re.search(r"(?<!\\)#[@$]", text.replace("\\\\", "")):
        raise ValueError(f"an unescaped #@ or #$ interpolates in Ruby: {text!r}")
    pieces = re.split(r"(?<!\\)(#\{ENV\.fetch\('(\w+)'\)\})", text)
    out = []
    for i, piece in enumerate(pieces):
        if i % 3 == 0:
            if re.search(r"(?<!\\)#\{", piece.replace("\\\\", "")):
                raise ValueError(f"an unescaped #{{ interpolates in Ruby: {text!r}")
            escapes = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "\\": "\\", '"': '"', "#": "#"}
            out.append(_unescape(piece, escapes, unicode="u"))
        elif i % 3 == 2:
            out.append(ENV[piece])
    return "".join(out)


def _single(text: str) -> str:  # Ruby's and PHP's single-quoted strings
    return re.sub(r"\\([\\'])", r"\1", text)


def _php_double(text: str) -> str:
    if re.search(r"(?<!\\)\$", text.replace("\\\\", "")):
        raise ValueError(f"an unescaped $ interpolates in PHP: {text!r}")
    escapes = {
        "n": "\n",
        "r": "\r",
        "t": "\t",
        "v": "\v",
        "e": "\x1b",
        "f": "\f",
        "\\": "\\",
        '"': '"',
        "$": "$",
    }
    out, pos = [], 0
    for match in re.finditer(r"\\x([0-9A-Fa-f]{1,2})", text):  # \xHH first, then the named escapes
        out.append(_unescape(text[pos : match.start()], escapes))
        out.append(chr(int(match.group(1), 16)))
        pos = match.end()
    return "".join(out) + _unescape(text[pos:], escapes)


def _csharp(text: str) -> str:
    if re.search("[\n\r\u0085\u2028\u2029]", text):
        raise ValueError(f"a C# string literal holds a line break: {text!r}")
    escapes = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f", "\\": "\\", '"': '"', "0": "\0"}
    return _unescape(text, escapes, unicode="u")


# per language: (pattern, how each group reads) of a literal or environment read; the operator joining them
READERS = {
    "go": (
        [
            (r'"((?:[^"\\\n]|\\.)*)"', _go_string),
            (r"`([^`]*)`", lambda s: s.replace("\r", "")),
            (r'os\.Getenv\("(\w+)"\)', ENV.__getitem__),
        ],
        "+",
    ),
    "ruby": (
        [
            (r'"((?:[^"\\]|\\.)*)"', _ruby_double),
            (r"'((?:[^'\\]|\\.)*)'", _single),
            (r"ENV\.fetch\('(\w+)'\)", ENV.__getitem__),
        ],
        None,
    ),
    "php": (
        [
            (r'getenv\("(\w+)"\)', ENV.__getitem__),
            (r"'((?:[^'\\]|\\.)*)'", _single),
            (r'"((?:[^"\\]|\\.)*)"', _php_double),
        ],
        ".",
    ),
    "csharp": (
        [
            (r'Environment\.GetEnvironmentVariable\("(\w+)"\)', ENV.__getitem__),
            (r'@"((?:[^"]|"")*)"', lambda s: s.replace('""', '"')),
            (r'"((?:[^"\\\n]|\\.)*)"', _csharp),
        ],
        "+",
    ),
}


def skeleton(sample: str, language: str) -> tuple[str, list[str]]:
    """``sample`` with every value (literals and environment reads, joined by the language's operator)
    replaced by ``<N>``, and the values."""
    readers, operator = READERS[language]
    pattern = re.compile("|".join(f"({p})" for p, _ in readers), re.DOTALL)
    values: list[str] = []
    out, pos, joining = [], 0, False
    for match in pattern.finditer(sample):
        between = sample[pos : match.start()]
        index = next(i for i in range(len(readers)) if match.group(2 * i + 1) is not None)
        value = readers[index][1](match.group(2 * i + 2) if (i := index) is not None else "")
        if joining and operator and between.strip() == operator:
            values[-1] += value
        else:
            out.append(between)
            out.append(f"<{len(values)}>")
            values.append(value)
        joining = True
        pos = match.end()
    out.append(sample[pos:])
    return "".join(out), values


STATEMENTS = {  # per language: url, header (name, value), header line, body, field (name, value)
    "go": {
        "url": r"http\.NewRequest\(<\d+>, <(\d+)>",
        "header": r"req\.Header\.Add\(<(\d+)>, <(\d+)>\)",
        "basic": r"req\.SetBasicAuth\(<(\d+)>, <(\d+)>\)",
        "body": r"strings\.NewReader\(<(\d+)>\)",
        "field": r"form\.WriteField\(<(\d+)>, <(\d+)>\)",
    },
    "ruby": {
        "url": r"URI\(<(\d+)>\)",
        "header": r"request\[<(\d+)>\] = <(\d+)>",
        "basic": r"request\.basic_auth\(<(\d+)>, <(\d+)>\)",
        "body": r"request\.body = <(\d+)>",
        "field": r"^  \[<(\d+)>, <(\d+)>\],$",
    },
    "php": {
        "url": r"CURLOPT_URL => <(\d+)>",
        "line": r"^        <(\d+)>,$",
        "pair": r"CURLOPT_USERPWD => <(\d+)>",
        "body": r"CURLOPT_POSTFIELDS => <(\d+)>,",
    },
    "csharp": {
        "url": r"new HttpRequestMessage\(new HttpMethod\(<\d+>\), <(\d+)>\)",
        "header": r"TryAddWithoutValidation\(<(\d+)>, <(\d+)>\)",
        "body": r"new StringContent\(<(\d+)>\);",
        "type": r"MediaTypeHeaderValue\.Parse\(<(\d+)>\)",
        "field": r"form\.Add\(new StringContent\(<(\d+)>\), <(\d+)>\)",
    },
}


def statements(sample: str, language: str) -> dict[str, list]:
    text, values = skeleton(sample, language)
    found = {}
    for key, pattern in STATEMENTS[language].items():
        found[key] = [
            tuple(values[int(g)] for g in m.groups()) for m in re.finditer(pattern, text, re.MULTILINE)
        ]
    return found


@pytest.mark.parametrize("kind", list(REQUESTS))
@pytest.mark.parametrize("language", list(READERS))
def test_literals_read_back_as_the_request(language, kind):
    parts = REQUESTS[kind]
    sample = code_samples(parts)[language]
    found = statements(sample, language)
    assert found["url"] == [(filled(parts.url),)]
    headers = [(n, filled(v)) for n, v in parts.headers if not v.startswith("Basic ")]
    if kind == "form":
        headers = [(n, v) for n, v in headers if n != "Content-Type"]
    if language == "php":
        multipart = (
            [("Content-Type: multipart/form-data; boundary=orgdocs-sample-boundary",)]
            if kind == "form"
            else []
        )
        assert found["line"] == [(f"{n}: {v}",) for n, v in headers] + multipart
    elif language == "csharp" and kind in ("json", "raw"):
        assert found["header"] == [(n, v) for n, v in headers if n != "Content-Type"]
        assert found["type"] == [(parts.media_type,)]
    else:
        assert found["header"] == headers
    if kind == "raw":  # Authorization: Basic $USERNAME:$PASSWORD
        if language == "php":
            assert found["pair"] == [(f"{ENV['USERNAME']}:{ENV['PASSWORD']}",)]
        elif language in ("go", "ruby"):
            assert found["basic"] == [(ENV["USERNAME"], ENV["PASSWORD"])]
        else:
            assert "Basic " in sample and 'GetEnvironmentVariable("PASSWORD")' in sample
    if language == "php" and kind == "form":  # written out: PHP's arrays cannot repeat a field's name
        (body,) = found["body"]
        content_type = "multipart/form-data; boundary=orgdocs-sample-boundary"
        assert form_fields(content_type, body[0].encode()) == expected_fields(parts)
        return
    assert found["body"] == ([(parts.body,)] if kind in ("json", "raw") else [])
    assert found.get("field", []) == (
        [(v, n) if language == "csharp" else (n, v) for n, v in expected_fields(parts)]
    )


def test_readers_refuse_what_the_languages_refuse():
    """The readers above are strict: an escape a language lacks, or an interpolation, is an error."""
    for bad in ['"\\$"', '"\\#"']:
        with pytest.raises(ValueError):
            _go_string(bad[1:-1])
    for bad in ["a #{b}", "a #@b", "a #$b"]:
        with pytest.raises(ValueError):
            _ruby_double(bad)
    with pytest.raises(ValueError):
        _csharp("a\u2028b")
    with pytest.raises(ValueError):
        _php_double("a $b")
