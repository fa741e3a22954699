"""Hostile remote descriptions: ``orgdocs endpoints URL`` and ``orgdocs build`` must end within 30 s and 1 GB.

    python benchmarks/hostile_fetch.py               # every case
    python benchmarks/hostile_fetch.py --only gzip   # the cases whose name contains "gzip"

A threaded HTTP server on 127.0.0.1 serves each case (issue 15, findings 4 and 6):

- compression bombs of 4 GiB of zeros: ``Content-Encoding: gzip``, ``gzip, gzip``, ``deflate`` and a ``.gz``
  source; the 4 GiB are 64 gzip members of 64 MiB each (valid gzip, made in a second; one 4 GiB stream would
  take half a minute to compress);
- a server trickling one header byte every 2 s, and one trickling its body the same way.

Each command runs as ``/usr/bin/time -v python -m orgdocs ...`` in its own process (the build from a
``docs.config.yaml`` whose only schema is the URL); the table shows its exit status, wall time, maximum
resident set size and the last line it printed on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import re
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRICKLE_SECONDS = 2.0
TRICKLE_LIMIT = 120.0  # a trickling answer stops after this long, whoever is listening


def _gzip_of_zeros(total: int, member: int = 64 * 2**20) -> bytes:
    one = gzip.compress(bytes(member), compresslevel=9)
    return one * (total // member)


def _deflate_of_zeros(total: int) -> bytes:
    squeezer = zlib.compressobj(1)
    block = bytes(2**20)
    parts = [squeezer.compress(block) for _ in range(total // 2**20)]
    return b"".join(parts) + squeezer.flush()


def _cases() -> dict[str, tuple[str, str, bytes]]:
    """name -> (path, Content-Encoding, body)"""
    four_gib = 4 * 2**30
    bomb = _gzip_of_zeros(four_gib)
    return {
        "gzip bomb": ("/gzip.json", "gzip", bomb),
        "gzip, gzip bomb": ("/gzip-gzip.json", "gzip, gzip", gzip.compress(bomb)),
        "deflate bomb": ("/deflate.json", "deflate", _deflate_of_zeros(1 * 2**30)),  # 1 GiB: slow to make
        ".gz source bomb": ("/bomb.json.gz", "", bomb),
        "trickled headers": ("/trickle-headers.json", "", b""),
        "trickled body": ("/trickle-body.json", "", b""),
    }


def _serve(cases: dict[str, tuple[str, str, bytes]]) -> tuple[ThreadingHTTPServer, str]:
    routes = {path: (encoding, body) for path, encoding, body in cases.values()}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path == "/trickle-headers.json":
                self._trickle(b"HTTP/1.1 200 OK\r\nX-Slow: ", b"a")
                return
            if self.path == "/trickle-body.json":
                self._trickle(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n", b" ")
                return
            encoding, body = routes.get(self.path, ("", b""))
            self.send_response(200 if self.path in routes else 404)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            with contextlib.suppress(OSError):  # the client gave up: what the cap is for
                self.wfile.write(body)

        def _trickle(self, start: bytes, byte: bytes) -> None:
            ends = time.monotonic() + TRICKLE_LIMIT
            try:
                self.wfile.write(start)
                while time.monotonic() < ends:
                    self.wfile.write(byte)
                    self.wfile.flush()
                    time.sleep(TRICKLE_SECONDS)
            except OSError:
                pass

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _measure(command: list[str], cwd: Path) -> tuple[int, float, float, str]:
    """(exit status, wall seconds, max RSS in MB, last stderr line) of ``/usr/bin/time -v command``."""
    done = subprocess.run(
        ["/usr/bin/time", "-v", *command], cwd=cwd, capture_output=True, text=True, timeout=300
    )
    report = done.stderr
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", report)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    seconds = 0.0
    for part in wall.group(1).split(":") if wall else []:
        seconds = seconds * 60 + float(part)
    own = [
        line
        for line in report.split("\tCommand being timed:")[0].strip().splitlines()
        if not line.startswith("Command exited with")  # time's own line
    ]
    status = re.search(r"Exit status: (\d+)", report)
    return (
        int(status.group(1)) if status else done.returncode,
        seconds,
        int(rss.group(1)) / 1024 if rss else 0.0,
        own[-1] if own else "",
    )


def _commands(url: str, folder: Path) -> Iterator[tuple[str, list[str]]]:
    (folder / "content").mkdir(exist_ok=True)
    config = folder / "docs.config.yaml"
    config.write_text(
        f"content: ./content\ngroups:\n  - group: Hostile\n    sections:\n      - schema: {url}\n"
    )
    yield "endpoints", [sys.executable, "-m", "orgdocs", "endpoints", url]
    yield "build", [sys.executable, "-m", "orgdocs", "build", str(config), "--out", str(folder / "site")]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", default="", help="run the cases whose name contains this text")
    args = parser.parse_args()
    print("making the inputs ...", file=sys.stderr, flush=True)
    cases = {name: case for name, case in _cases().items() if args.only in name}
    server, base = _serve(cases)
    print(
        "| input | command | exit | wall s | max RSS MB | line printed |\n|---|---|---|---|---|---|",
        flush=True,
    )
    try:
        with tempfile.TemporaryDirectory(prefix="orgdocs-hostile-") as scratch:
            for name, (path, _, body) in cases.items():
                folder = Path(scratch) / path.strip("/").replace(".", "-")
                folder.mkdir()
                label = f"{name} ({len(body) / 1024:.0f} KB served)" if body else name
                for command_name, command in _commands(base + path, folder):
                    status, wall, rss, line = _measure(command, ROOT)
                    shown = line.replace(base, "http://127.0.0.1:PORT").replace(scratch, "TMP")
                    shown = shown.replace("|", "\\|")
                    print(
                        f"| {label} | {command_name} | {status} | {wall:.1f} | {rss:.0f} | {shown} |",
                        flush=True,
                    )
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
