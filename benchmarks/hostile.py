"""Hostile inputs against ``orgdocs build`` and ``orgdocs endpoints``: each must end within 30 s and 1 GB.

    python benchmarks/hostile.py            # every input
    python benchmarks/hostile.py chain yaml  # those whose name contains one of these words
    python benchmarks/hostile.py 28.        # the cases of issue 28 (and 27.3, 27.4: "27.")

Every input of the hardening review (issue 15) that reaches the generator is made in a temporary folder, or
served from 127.0.0.1 by this script, and each command runs under ``/usr/bin/time -v`` (``apt-get install
time``). The table gives the exit code, the wall time, the peak memory and the first line on stderr: a
result, or one clear line and exit 1, never a traceback or a hang. A command still running after
``KILL_AFTER`` seconds is killed and shown as such.

The cases of the second round (issue 28, named ``28.N``, and issue 27's points 3 and 4) follow, each with its
own bound: a lone surrogate, a FIFO and /dev/zero as descriptions, a planted manifest over a changelog's
updates folder, a public 404.html, a Ctrl-C sweep over a build, a truncated audit trail, a Host header of
another name against ``orgdocs dev``, connections trickling a body the reference server never reads, a
description full of HTML in the Markdown twins, and the browser-side findings (credentials across APIs,
redirects, userinfo in a server URL, Forget, the 404 page's base) through their Chromium tests. Their table
says what happened where the first stderr line would not.
"""

from __future__ import annotations

import gzip
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Callable
from pathlib import Path

KILL_AFTER = 60.0  # seconds; the bound to hold is 30
LIMIT_SECONDS, LIMIT_MB = 30.0, 1024.0
S = "#/components/schemas/"


def _document(schemas: dict | None = None, media: dict | None = None, paths: dict | None = None) -> dict:
    media = media if media is not None else {"schema": {"$ref": f"{S}S0"}}
    response = {"description": "ok", "content": {"application/json": media}}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Hostile", "version": "1"},
        "paths": paths if paths is not None else {"/a": {"post": {"responses": {"200": response}}}},
    }
    if schemas is not None:
        document["components"] = {"schemas": schemas}
    return document


def _chain(make: Callable[[int], dict], length: int = 50_000) -> dict:
    schemas = {f"S{i}": make(i) for i in range(length)}
    schemas[f"S{length}"] = {"type": "object", "properties": {"x": {"type": "string"}}}
    return _document(schemas)


def _nested(key: str, levels: int) -> dict:
    node: dict = {"type": "string"}
    for _ in range(levels):
        node = {key: node}
    return node


def _project(root: Path, name: str, files: dict[str, str | bytes], config: str | None = None) -> Path:
    """A docs project ``root/name`` with ``files`` below ``content`` and one schema section."""
    project = root / name
    (project / "content").mkdir(parents=True)
    for relative, data in files.items():
        path = project / "content" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    schema = next(iter(files), "api.json")
    text = (
        config or f"content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: ./{schema}\n"
    )
    (project / "docs.config.yaml").write_text(text, encoding="utf-8")
    return project


# -- servers on 127.0.0.1 ---------------------------------------------------------------------------------------


def _gzip_bomb(size: int = 4 * 2**30) -> bytes:
    """``size`` zero bytes, gzipped twice (``Content-Encoding: gzip, gzip``): a few KB on the wire."""
    inner = zlib.compressobj(9, zlib.DEFLATED, 31)
    chunk = b"\0" * 2**24
    once = [inner.compress(chunk) for _ in range(size // len(chunk))]
    once.append(inner.flush())
    return gzip.compress(b"".join(once), 9)


class _Hostile(http.server.BaseHTTPRequestHandler):
    bomb = b""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        try:
            if self.path.startswith("/bomb"):
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Encoding", "gzip, gzip")
                self.send_header("Content-Length", str(len(self.bomb)))
                self.end_headers()
                self.wfile.write(self.bomb)
            elif self.path.startswith("/slow"):  # one byte of the status line every 2 s, forever
                for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 10_000:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                    time.sleep(2)
        except OSError:  # the client gave up: what it should do
            pass


def _serve() -> tuple[str, Callable[[], None]]:
    _Hostile.bomb = _gzip_bomb()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Hostile)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}", server.shutdown


# -- the inputs -------------------------------------------------------------------------------------------------


def inputs(root: Path, base_url: str) -> list[tuple[str, list[str] | None, list[str] | None]]:
    """``(name, build arguments, endpoints arguments)``; ``None`` where a command does not apply."""
    cases: list[tuple[str, list[str] | None, list[str] | None]] = []

    def add(name: str, files: dict, config: str | None = None, *, out: str | None = None) -> None:
        project = _project(root, name, files, config)
        source = [str(project / "content" / next(iter(files)))] if files and config is None else None
        cases.append(
            (name, [str(project / "docs.config.yaml"), "--out", out or str(root / f"{name}-site")], source)
        )

    # 1. an output folder that merely holds a folder named _docs
    folder = root / "home"
    for relative in ("_docs/notes.md", "src/app.py", "PRECIOUS.txt"):
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text("keep", encoding="utf-8")
    add("1 out holds _docs", {"api.json": json.dumps(_document(media={}))}, out=str(folder))
    # 2. a symbolic link in a changelog updates folder
    project = _project(
        root,
        "2 symlinked update",
        {},
        "content: ./content\ngroups:\n  - changelog: News\n    updates: ./news\n",
    )
    (project / "news").mkdir()
    (root / "secret.md").write_text("# secret", encoding="utf-8")
    (project / "news" / "2026-01-01-leak.md").symlink_to(root / "secret.md")
    cases.append(
        ("2 symlinked update", [str(project / "docs.config.yaml"), "--out", str(root / "2-site")], None)
    )
    # 3. chains of 50,000 references
    add(
        "3 ref chain 50k",
        {
            "api.json": json.dumps(
                _chain(lambda i: {"type": "object", "properties": {"next": {"$ref": f"{S}S{i + 1}"}}})
            )
        },
    )
    add("3 alias chain 50k", {"api.json": json.dumps(_chain(lambda i: {"$ref": f"{S}S{i + 1}"}))})
    add(
        "3 pointer chain 50k",
        {"api.json": json.dumps(_chain(lambda i: {"$ref": f"{S}S{i + 1}/properties/x"}))},
    )
    # 4. a decompression bomb: served gzip-in-gzip, and a local .gz file
    bomb_config = (
        f"content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: {base_url}/bomb.json\n"
    )
    project = _project(root, "4 gzip,gzip bomb (4 GiB)", {}, bomb_config)
    cases.append(
        (
            "4 gzip,gzip bomb (4 GiB)",
            [str(project / "docs.config.yaml"), "--out", str(root / "4-site")],
            [f"{base_url}/bomb.json"],
        )
    )
    add("4 .json.gz bomb (4 GiB)", {"api.json.gz": gzip.decompress(_Hostile.bomb)})
    # 6. a server that sends one header byte every 2 s
    slow_config = (
        f"content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: {base_url}/slow.json\n"
    )
    project = _project(root, "6 slow headers", {}, slow_config)
    cases.append(
        (
            "6 slow headers",
            [str(project / "docs.config.yaml"), "--out", str(root / "6-site")],
            [f"{base_url}/slow.json"],
        )
    )
    # 7. deep examples and schemas, linked schemas
    add("7 example 500 deep", {"api.json": json.dumps(_document(media={"example": _nested("e", 500)}))})
    add("7 schema 190 deep", {"api.json": json.dumps(_document(media={"schema": _nested("items", 190)}))})
    linked = {
        f"S{i}": {"allOf": [{"$ref": f"{S}S{i + 1}"}, {"properties": {f"p{i}": {}}}]} for i in range(2000)
    }
    add("7 allOf-linked 2000", {"api.json": json.dumps(_document({**linked, "S2000": {"type": "object"}}))})
    # 8. YAML nesting
    add("8 yaml 400 KB of [", {"api.yaml": "[" * 400_000})
    # 9. an image a browser would fetch from another host
    image = {"/a": {"get": {"description": '<img src="/\\evil.example/x.png">', "responses": {}}}}
    add("9 img /\\host", {"api.json": json.dumps(_document(media={}, paths=image))})
    # 11. a NUL byte in a page path
    add(
        "11 NUL in page path",
        {},
        'content: ./content\ngroups:\n  - group: G\n    sections:\n      - section: S\n        pages: ["a\\0.md"]\n',
    )
    # 14. terminal escapes in operation text (endpoints --format csv)
    escapes = {
        "/a\x1b]52;c;cHduZWQ=\x07": {"get": {"summary": "\x1b[2J", "responses": {}}}
    }  # OSC 52: the clipboard
    project = _project(root, "14 escapes (csv)", {"api.json": json.dumps(_document(media={}, paths=escapes))})
    cases.append(("14 escapes (csv)", None, [str(project / "content" / "api.json"), "--format", "csv"]))
    # 17. path items and operations that are not mappings
    add("17 non-mapping items", {"api.yaml": "openapi: 3.1.0\npaths:\n  /a: 5\n  /b:\n    get: hello\n"})
    return cases


# -- running ----------------------------------------------------------------------------------------------------


def _run(arguments: list[str]) -> tuple[str, float, float, str]:
    """(exit code, wall seconds, peak MB, first stderr line) of ``orgdocs ARGUMENTS`` under time -v."""
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "orgdocs", *arguments]
    started = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=KILL_AFTER, errors="replace")
    except subprocess.TimeoutExpired:
        return "killed", time.monotonic() - started, float("nan"), f"still running after {KILL_AFTER:g} s"
    wall = re.search(r"Elapsed \(wall clock\) time.*?: (?:(\d+):)?(\d+):([\d.]+)", done.stderr)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    seconds = time.monotonic() - started
    if wall:
        seconds = int(wall[1] or 0) * 3600 + int(wall[2]) * 60 + float(wall[3])
    lines = [
        line for line in done.stderr.splitlines()
        if line.strip() and not line.startswith(("\t", "Command exited with", "Command terminated by"))
    ]  # fmt: skip
    first = lines[0] if lines else (done.stdout.splitlines() or [""])[0]
    return str(done.returncode), seconds, int(rss[1]) / 1024 if rss else float("nan"), first


# -- issue 28 (hardening, round 2) and issue 27's points 3 and 4 --------------------------------------------------


def _timed(command: list[str], **options: object) -> tuple[str, float, float, str, str]:
    """(exit code, wall seconds, peak MB, first stderr line, stdout) of ``command`` under time -v."""
    started = time.monotonic()
    try:
        done = subprocess.run(
            ["/usr/bin/time", "-v", *command],
            capture_output=True,
            text=True,
            timeout=KILL_AFTER,
            errors="replace",
            **options,  # type: ignore[arg-type]
        )
    except subprocess.TimeoutExpired:
        return "killed", time.monotonic() - started, float("nan"), f"still running after {KILL_AFTER:g} s", ""
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    lines = [
        line for line in done.stderr.splitlines()
        if line.strip() and not line.startswith(("\t", "Command exited with", "Command terminated by"))
    ]  # fmt: skip
    first = lines[0] if lines else ""
    return (
        str(done.returncode),
        time.monotonic() - started,
        int(rss[1]) / 1024 if rss else float("nan"),
        first,
        done.stdout,
    )


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(url: str, seconds: float = 20) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {seconds:g} s")


def _server(command: list[str], ready: str) -> subprocess.Popen:
    """``python -m orgdocs COMMAND`` under time -v in its own process group, once ``ready`` answers."""
    process = subprocess.Popen(
        ["/usr/bin/time", "-v", sys.executable, "-m", "orgdocs", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    _wait_for(ready)
    return process


def _stop(process: subprocess.Popen) -> tuple[str, float]:
    """Ctrl-C the server; (its exit code, its peak MB)."""
    import signal

    os.killpg(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err or "")
    return str(process.returncode), int(rss[1]) / 1024 if rss else float("nan")


Row = tuple[str, float, float, str, bool]  # exit code, wall s, peak MB, what happened, within the bound


def _orgdocs_row(arguments: list[str], expect: str, limit: float = LIMIT_SECONDS) -> Row:
    code, seconds, mb, first, _ = _timed([sys.executable, "-m", "orgdocs", *arguments])
    ok = code == "1" and expect in first and "Traceback" not in first and seconds < limit and mb < LIMIT_MB
    return code, seconds, mb, first, ok


def _lone_surrogate(root: Path, command: str) -> Row:
    operation = '{"summary": "bad \\ud800", "responses": {}}'
    head = '{"openapi": "3.0.3", "info": {"title": "L", "version": "1"}, "paths": {"/a": {"get": '
    text = head + operation + "}}}"
    project = root / f"28.5-{command}"
    if not project.exists():
        _project(root, project.name, {"api.json": text})
    arguments = {
        "build": [str(project / "docs.config.yaml"), "--out", str(root / "28.5-site")],
        "check": [str(project / "docs.config.yaml")],
        "endpoints": [str(project / "content" / "api.json")],
    }[command]
    return _orgdocs_row([command, *arguments], "#/paths/~1a/get/summary: holds a lone surrogate")


def _special_file(root: Path, kind: str) -> Row:
    if kind == "fifo":
        path = root / "28.9-fifo.json"
        if not path.exists():
            os.mkfifo(path)
        return _orgdocs_row(["endpoints", str(path)], "is a FIFO")
    return _orgdocs_row(["endpoints", "/dev/zero"], "is a character device")


def _planted_manifest(root: Path) -> Row:
    project = _project(
        root,
        "28.8 planted manifest",
        {},
        "content: ./content\ngroups:\n  - changelog: News\n    updates: ./news\n",
    )
    (project / "news" / "_docs").mkdir(parents=True)
    (project / "news" / "2026-01-01-hello.md").write_text("# Hello\n", encoding="utf-8")
    manifest = {"format": "orgdocs-build/1", "files": ["2026-01-01-hello.md"]}
    (project / "news" / "_docs" / "build-manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    code, seconds, mb, first, ok = _orgdocs_row(
        ["build", str(project / "docs.config.yaml"), "--out", str(project / "news")], "which the build reads"
    )
    kept = (project / "news" / "2026-01-01-hello.md").is_file()
    return code, seconds, mb, f"{first} [updates folder {'kept' if kept else 'DELETED'}]", ok and kept


def _public_named_like_generated(root: Path, command: str) -> Row:
    project = root / "28.12 public 404.html"
    if not project.exists():
        config = "content: ./content\npublic: ./public\ngroups:\n  - group: API\n    sections:\n      - schema: ./api.json\n"
        _project(root, project.name, {"api.json": json.dumps(_document(media={}))}, config)
        (project / "public").mkdir()
        (project / "public" / "404.html").write_text("mine", encoding="utf-8")
    arguments = [str(project / "docs.config.yaml")] + (
        ["--out", str(root / "28.12-site")] if command == "build" else []
    )
    code, seconds, mb, first, ok = _orgdocs_row(
        [command, *arguments], "404.html has the name of a file the build writes"
    )
    return code, seconds, mb, first, ok and ".building-" not in first


def _interrupt_sweep(root: Path) -> Row:
    """27.3: Ctrl-C a build at 30 moments from 60% to 118% of its length (the copy of 6,000 public files, the
    swap, the removal of the old output: the old code left 12 .site.old-* folders in 30), then at 3 earlier
    ones; after each, the output folder's parent must
    hold the project and the output (the previous build or the new one, whole) and nothing else."""
    import signal

    paths = {
        f"/r{i}": {"get": {"operationId": f"read{i}", "responses": {"200": {"description": "ok"}}}}
        for i in range(300)
    }
    config = "content: ./content\npublic: ./public\ngroups:\n  - group: API\n    sections:\n      - schema: ./api.json\n"
    folder = root / "27.3"
    folder.mkdir()
    project = _project(folder, "project", {"api.json": json.dumps(_document(media={}, paths=paths))}, config)
    for i in range(6000):  # many files to copy in and to remove with the old output
        path = project / "public" / f"f{i // 100}" / f"{i}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x", encoding="utf-8")
    out = folder / "site"
    build = [sys.executable, "-m", "orgdocs", "build", str(project / "docs.config.yaml"), "--out", str(out)]
    started = time.monotonic()
    subprocess.run(build, capture_output=True, check=True)
    length = time.monotonic() - started
    litter: set[str] = set()
    broken = 0
    moments = [0.6 + 0.02 * step for step in range(30)] + [0.1, 0.3, 0.5]
    for moment in moments:
        process = subprocess.Popen(build, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(length * moment)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        litter.update(p.name for p in folder.iterdir() if p.name not in ("project", "site"))
        manifest = json.loads((out / "_docs" / "build-manifest.json").read_text(encoding="utf-8"))
        broken += any(not (out / name).is_file() for name in manifest["files"])
    seconds = time.monotonic() - started
    ok = not litter and broken == 0
    what = (
        f"{len(moments)} Ctrl-C over a {length:.1f} s build: {len(litter)} folders left beside the output,"
        f" {broken} broken outputs"
    )
    return "0" if ok else "1", seconds, float("nan"), what, ok


def _truncated_audit(root: Path) -> Row:
    import sqlite3

    database = root / "28.11.sqlite3"
    out = _timed([sys.executable, "-m", "orgdocs", "orgapi", "seed", "--db", str(database)])[4]
    organization = json.loads(out)["organization_id"]
    with sqlite3.connect(database) as connection:
        connection.execute("DROP TRIGGER audit_events_refuse_delete")
        connection.execute("DELETE FROM audit_events")
    connection.close()
    return _orgdocs_row(
        ["orgapi", "audit", "--db", str(database), "--org", organization], "audit trail cut short"
    )


def _dev_host(root: Path) -> Row:
    import urllib.error
    import urllib.request

    project = _project(root, "28.10 dev", {"api.json": json.dumps(_document(media={}))})
    port = _free_port()
    started = time.monotonic()
    process = _server(
        ["dev", str(project / "docs.config.yaml"), "--port", str(port)], f"http://127.0.0.1:{port}/"
    )
    statuses = {}
    for host in ("rebound.example", "127.0.0.1", "localhost"):
        request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Host": f"{host}:{port}"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                statuses[host] = answer.status
        except urllib.error.HTTPError as error:
            statuses[host] = error.code
    code, mb = _stop(process)
    ok = statuses == {"rebound.example": 421, "127.0.0.1": 200, "localhost": 200}
    what = "; ".join(f"Host {host}:{port} -> {status}" for host, status in statuses.items())
    return code, time.monotonic() - started, mb, what, ok


def _unread_bodies(root: Path, connections: int = 50) -> Row:
    """28.4: connections that trickle a body after a 401 (the app never reads it), a byte every second: the
    server must close each within its body deadline (30 s, and a second of grace) and keep answering."""
    import socket
    import urllib.request

    port = _free_port()
    started = time.monotonic()
    process = _server(
        ["orgapi", "serve", "--db", str(root / "28.4.sqlite3"), "--port", str(port)],
        f"http://127.0.0.1:{port}/openapi.yaml",
    )
    head = (
        b"PATCH /organizations/org_x/webhooks/wh_x HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
    )
    sockets = []
    for _ in range(connections):
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        connection.sendall(head)
        connection.setblocking(False)
        sockets.append(connection)
    opened, closed_at = time.monotonic(), {}
    while len(closed_at) < connections and time.monotonic() - opened < 45:
        for index, connection in enumerate(sockets):
            if index in closed_at:
                continue
            try:
                while connection.recv(65536):
                    pass
                closed_at[index] = time.monotonic() - opened  # b"": closed by the server
            except BlockingIOError:
                try:
                    connection.send(b"x")
                except OSError:
                    closed_at[index] = time.monotonic() - opened
            except OSError:
                closed_at[index] = time.monotonic() - opened
        time.sleep(1)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/openapi.yaml", timeout=10) as answer:
        still = answer.status
    for connection in sockets:
        connection.close()
    code, mb = _stop(process)
    last = max(closed_at.values(), default=float("nan"))
    ok = len(closed_at) == connections and last < 40 and still == 200
    what = f"{len(closed_at)} of {connections} trickling connections closed by the server, the last after {last:.1f} s; then GET -> {still}"
    return code, time.monotonic() - started, mb, what, ok


def _html_twins(root: Path) -> Row:
    evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    paths = {
        "/a": {
            "get": {"operationId": "readA", "summary": f"Read {evil}", "description": evil, "responses": {}}
        }
    }
    document = _document(media={}, paths=paths)
    document["info"]["description"] = f"An API {evil}."
    project = _project(root, "28.16 html twins", {"api.json": json.dumps(document)})
    out = root / "28.16-site"
    code, seconds, mb, _, _ = _timed(
        [sys.executable, "-m", "orgdocs", "build", str(project / "docs.config.yaml"), "--out", str(out)]
    )
    texts = [out / "llms.txt", *out.rglob("index.md")] if code == "0" else []
    raw = [p.name for p in texts if re.search(r"<(img|script)\b", p.read_text(encoding="utf-8"))]
    what = f"{len(texts)} Markdown files, {len(raw)} holding raw <img>/<script>"
    return code, seconds, mb, what, code == "0" and bool(texts) and not raw


def _browser_case(test: str) -> Row:
    """A finding of the browser side, through its Chromium test (tests/browser/test_hardening.py)."""
    repository = Path(__file__).resolve().parents[1]
    code, seconds, mb, first, out = _timed(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            f"tests/browser/test_hardening.py::{test}",
        ],
        cwd=repository,
    )
    summary = (out.strip().splitlines() or [first])[-1]
    return code, seconds, mb, summary, code == "0"


def hardening_cases(root: Path) -> list[tuple[str, str, Callable[[], Row]]]:
    """(name, command, run) of each case of issue 28 and issue 27's points 3 and 4."""
    cases: list[tuple[str, str, Callable[[], Row]]] = []
    for test, name in (
        ("test_a_credential_stays_with_the_api_it_was_typed_for", "28.1 credentials across APIs"),
        ("test_send_shows_a_redirect_instead_of_following_it", "28.2 307 to another origin"),
        ("test_the_404_page_never_takes_a_host_from_its_address", "28.6 404 page //other-host"),
        ("test_a_server_url_with_userinfo_or_a_backslash_is_refused", "28.14 http://a\\@b server"),
        ("test_forget_clears_every_credential_of_the_api", "28.15 Forget credentials"),
    ):
        cases.append((name, "chromium", lambda test=test: _browser_case(test)))
    cases.append(("28.4 unread bodies (50)", "orgapi serve", lambda: _unread_bodies(root)))
    for command in ("check", "build", "endpoints"):
        cases.append(("28.5 lone \\ud800", command, lambda command=command: _lone_surrogate(root, command)))
    cases.append(("28.8 manifest over updates", "build", lambda: _planted_manifest(root)))
    cases.append(("28.9 FIFO description", "endpoints", lambda: _special_file(root, "fifo")))
    cases.append(("28.9 /dev/zero description", "endpoints", lambda: _special_file(root, "zero")))
    cases.append(("28.10 Host of another name", "dev", lambda: _dev_host(root)))
    cases.append(("28.11 audit events deleted", "orgapi audit", lambda: _truncated_audit(root)))
    for command in ("check", "build"):
        cases.append(
            (
                "28.12 public/404.html",
                command,
                lambda command=command: _public_named_like_generated(root, command),
            )
        )
    cases.append(("28.16 HTML in twins", "build", lambda: _html_twins(root)))
    cases.append(("27.3 Ctrl-C sweep", "build", lambda: _interrupt_sweep(root)))
    return cases


def main(words: list[str]) -> int:
    if not Path("/usr/bin/time").exists():
        print("needs /usr/bin/time: apt-get install -y time", file=sys.stderr)
        return 2
    root = Path(tempfile.mkdtemp(prefix="orgdocs-hostile-"))
    base_url, stop = _serve()
    failures = 0
    try:
        rows = []
        for name, build, endpoints in inputs(root, base_url):
            if words and not any(word in name for word in words):
                continue
            for command, arguments in (("build", build), ("endpoints", endpoints)):
                if arguments is None:
                    continue
                code, seconds, mb, first = _run([command, *arguments])
                first = first.replace(str(root), "$TMP")
                ok = (
                    code in ("0", "1")
                    and seconds < LIMIT_SECONDS
                    and mb < LIMIT_MB
                    and "Traceback" not in first
                )
                failures += not ok
                rows.append(
                    (name, command, code, f"{seconds:.1f}", f"{mb:.0f}", first[:110], "" if ok else "  <-")
                )
                print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
        for name, command, run in hardening_cases(root):
            if words and not any(word in name for word in words):
                continue
            try:
                code, seconds, mb, what, ok = run()
            except Exception as error:  # the case itself failed: shown, counted
                code, seconds, mb, what, ok = (
                    "error",
                    0.0,
                    float("nan"),
                    f"{type(error).__name__}: {error}",
                    False,
                )
            what = what.replace(str(root), "$TMP")
            failures += not ok
            rows.append(
                (name, command, code, f"{seconds:.1f}", f"{mb:.0f}", what[:150], "" if ok else "  <-")
            )
            print(" | ".join(rows[-1]), file=sys.stderr, flush=True)
        heading = ("input", "command", "exit", "wall s", "max RSS MB", "first stderr line", "")
        widths = [max(len(str(r[i])) for r in [heading, *rows]) for i in range(6)]
        print("| " + " | ".join(h.ljust(w) for h, w in zip(heading, widths, strict=False)) + " |")
        print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
        for row in rows:
            print(
                "| " + " | ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=False)) + " |" + row[6]
            )
    finally:
        stop()
        shutil.rmtree(root, ignore_errors=True)
    print(
        f"\n{failures} over the bound ({LIMIT_SECONDS:g} s, {LIMIT_MB:g} MB, exit 0 or 1, no traceback;"
        " the cases of issue 28 and 27: the outcome each names)"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main(sys.argv[1:]))
