"""Throughput and tail latency of the reference Organization Management API under uvicorn.

    python benchmarks/orgapi.py [--seconds 3] [--rounds 3] [--connections 16]

Each target runs in its own uvicorn process on 127.0.0.1 (one worker, as `orgdocs orgapi serve` does); this
process is the load generator: a minimal asyncio HTTP/1.1 client on keep-alive connections, so it costs far
less per request than the server and the numbers are the server's. Targets:

* bare     - a Starlette endpoint returning a small JSON object: the ceiling of the stack itself
* list     - GET /organizations/{id}/api-keys, 25 keys a page (authentication, SQLite read, JSON)
* revoke   - POST .../revoke with a fresh Idempotency-Key per request (a write transaction with
             synchronous=FULL, so one disk sync per request)

Target (issue 6): list at no less than a third of the bare endpoint's throughput.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path


def serve(kind: str, db: str, port: int) -> None:
    """Child process: one uvicorn server for one target."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route

    if kind == "bare":

        async def hello(request):
            return JSONResponse({"ok": True, "request_id": "req_0123456789abcdef01234567"})

        app = Starlette(routes=[Route("/", hello)])
    else:
        from orgdocs.orgapi import create_app

        app = create_app(db)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(kind: str, db: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    process = subprocess.Popen([sys.executable, __file__, "--serve", kind, "--db", db, "--port", str(port)])
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, port
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise SystemExit(f"the {kind} server did not start")


async def one_connection(port: int, make_request, seconds: float, latencies: list[float], errors: list[int]):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    deadline = time.perf_counter() + seconds
    try:
        while (started := time.perf_counter()) < deadline:
            writer.write(make_request())
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head[9:12])
            length = 0
            for line in head.split(b"\r\n")[1:]:
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            await reader.readexactly(length)
            latencies.append(time.perf_counter() - started)
            if status >= 400:
                errors.append(status)
    finally:
        writer.close()
        await writer.wait_closed()


async def load(
    port: int, make_request, seconds: float, connections: int
) -> tuple[float, list[float], list[int]]:
    latencies: list[float] = []
    errors: list[int] = []
    started = time.perf_counter()
    await asyncio.gather(
        *(one_connection(port, make_request, seconds, latencies, errors) for _ in range(connections))
    )
    return time.perf_counter() - started, latencies, errors


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux), or NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(name: str, server: subprocess.Popen, port: int, make_request, seconds: float, connections: int):
    asyncio.run(load(port, make_request, min(1.0, seconds), connections))  # warm-up
    cpu_before = cpu_seconds(server.pid)
    elapsed, latencies, errors = asyncio.run(load(port, make_request, seconds, connections))
    cpu = cpu_seconds(server.pid) - cpu_before
    if errors:
        raise SystemExit(f"{name}: {len(errors)} error responses, e.g. {errors[0]}")
    latencies.sort()
    return {
        "rps": len(latencies) / elapsed,
        "p50": latencies[len(latencies) // 2] * 1000,
        "p99": latencies[int(len(latencies) * 0.99) - 1] * 1000,
        "n": len(latencies),
        "cpu_us": cpu / len(latencies) * 1e6,
    }


def prepare(db: str) -> tuple[str, str, list[str]]:
    from orgdocs.orgapi import SQLiteStore, create_api_key, seed_demo

    store = SQLiteStore(db)
    demo = seed_demo(store)
    for index in range(40):  # well over a page of 25
        create_api_key(store, demo["organization_id"], ["api_keys:read"], name=f"bench {index}")
    store.close()
    return demo["organization_id"], demo["token"], demo["api_key_ids"][1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="measuring time per target and round (default 3)"
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="rounds, targets interleaved; best kept (default 3)"
    )
    parser.add_argument("--connections", type=int, default=16, help="keep-alive connections (default 16)")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--db", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.db, args.port)
        return

    with tempfile.TemporaryDirectory(prefix="orgapi-bench-") as folder:
        db = str(Path(folder) / "bench.sqlite3")
        organization_id, token, key_ids = prepare(db)
        auth = f"Authorization: Bearer {token}\r\n"
        list_request = (
            f"GET /organizations/{organization_id}/api-keys?limit=25 HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}\r\n"
        ).encode()
        counter = iter(range(10**9))

        def revoke_request() -> bytes:
            key_id = key_ids[next(counter) % len(key_ids)]
            return (
                f"POST /organizations/{organization_id}/api-keys/{key_id}/revoke HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"{auth}Idempotency-Key: {uuid.uuid4()}\r\nContent-Length: 0\r\n\r\n"
            ).encode()

        servers = {kind: start(kind, db) for kind in ("bare", "orgapi")}
        targets = (
            ("bare", "bare", lambda: b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
            ("list", "orgapi", lambda: list_request),
            ("revoke", "orgapi", revoke_request),
        )
        best: dict[str, dict[str, float]] = {}
        try:
            # Interleaved rounds, best round kept: on a shared machine, the quietest moment is the truest.
            for _ in range(args.rounds):
                for name, kind, make_request in targets:
                    process, port = servers[kind]
                    result = measure(name, process, port, make_request, args.seconds, args.connections)
                    if name not in best or result["rps"] > best[name]["rps"]:
                        best[name] = result
        finally:
            for process, _ in servers.values():
                process.terminate()
                process.wait(timeout=30)

    print(
        f"uvicorn on 127.0.0.1 (1 worker), {args.connections} connections, best of {args.rounds} x {args.seconds:g} s,"
        f" {os.cpu_count()} CPUs shared with this load generator"
    )
    print(f"{'target':<8} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'server CPU us/req':>18}")
    for name, result in best.items():
        print(
            f"{name:<8} {result['rps']:>9.0f} {result['p50']:>8.2f} {result['p99']:>8.2f} {result['n']:>9.0f}"
            f" {result['cpu_us']:>18.0f}"
        )
    ratio = best["list"]["rps"] / best["bare"]["rps"]
    verdict = "meets" if ratio >= 1 / 3 else "misses"
    print(f"list / bare throughput: {ratio:.2f} ({verdict} the target of at least 0.33)")


if __name__ == "__main__":
    main()
