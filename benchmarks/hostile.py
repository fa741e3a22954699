"""Hostile inputs against ``orgdocs build`` and ``orgdocs endpoints``: each must end within 30 s and 1 GB.

    python benchmarks/hostile.py            # every input
    python benchmarks/hostile.py chain yaml  # those whose name contains one of these words

Every input of the hardening review (issue 15) that reaches the generator is made in a temporary folder, or
served from 127.0.0.1 by this script, and each command runs under ``/usr/bin/time -v`` (``apt-get install
time``). The table gives the exit code, the wall time, the peak memory and the first line on stderr: a
result, or one clear line and exit 1, never a traceback or a hang. A command still running after
``KILL_AFTER`` seconds is killed and shown as such.
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
    print(f"\n{failures} over the bound ({LIMIT_SECONDS:g} s, {LIMIT_MB:g} MB, exit 0 or 1, no traceback)")
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main(sys.argv[1:]))
