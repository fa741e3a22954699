"""Benchmark of ``orgdocs build`` on large real descriptions: wall time, peak memory, output size, largest page.

    python benchmarks/build.py                      # GitHub, Stripe and msgraph-beta
    python benchmarks/build.py --only github        # one of them
    python benchmarks/build.py --out-root /dev/shm  # where the output folders go (default: a temp folder)

Each build runs as ``python -m orgdocs build CONFIG --out DIR`` in its own process, into a fresh folder
(deleted before and after, outside the timed part). Peak memory is sampled every 20 ms over the process
and its children (the forked page writers): the sum of their proportional set sizes (PSS, shared pages
divided among the processes that share them) and, for comparison, of their resident sizes (RSS, shared
pages counted once per process). CPU time (user + system, children included) is printed too: on a busy
machine it moves less than wall time. Below each row: the median operation page and payload, and the
build's own ``--profile`` table (load, evaluate, payloads, render, write).

Targets (issue 4): GitHub under 3 s and 500 MB; msgraph-beta under 60 s and 2 GB; Stripe completes with
bounded memory; a reader's browser shows the first operation page in under 1 s ("1st page": the load event
of that page in headless Chromium, from a local static server).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {
    "github": "large/github-api.github.com.json",
    "stripe": "large/stripe-spec3.json",
    "msgraph-beta": "large/msgraph-beta.json.gz",
}


def _children(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            tasks = Path(f"/proc/{current}/task").iterdir()
            for task in tasks:
                text = (task / "children").read_text()
                todo.extend(int(child) for child in text.split())
        except OSError:
            continue
    return found


def _memory(pid: int) -> tuple[int, int]:
    """(PSS, RSS) in bytes of ``pid`` and its descendants."""
    pss = rss = 0
    for process in _children(pid):
        try:
            for line in Path(f"/proc/{process}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1]) * 1024
                elif line.startswith("Rss:"):
                    rss += int(line.split()[1]) * 1024
        except OSError:
            continue
    return pss, rss


class Sampler(threading.Thread):
    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_pss = self.peak_rss = 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.02):
            pss, rss = _memory(self.pid)
            self.peak_pss = max(self.peak_pss, pss)
            self.peak_rss = max(self.peak_rss, rss)


def _output(out: Path) -> tuple[int, int, str, int]:
    """(total bytes, files, largest page, its bytes)."""
    total = files = 0
    largest, largest_size = "", 0
    for path in out.rglob("*"):
        if path.is_file():
            size = path.stat().st_size
            total += size
            files += 1
            if path.name == "index.html" and size > largest_size:
                largest, largest_size = str(path.parent.relative_to(out)), size
    return total, files, largest or "/", largest_size


def _medians(out: Path) -> tuple[float, float]:
    """(median operation page, median payload) in bytes: every operation has a payload beside its page."""
    openapi = out / "_docs" / "openapi"
    pages, payloads = [], []
    for payload in openapi.rglob("*.json"):
        if payload.name == "index.json" and payload.parent == openapi:
            continue
        route = payload.relative_to(openapi).with_suffix("")
        payloads.append(payload.stat().st_size)
        pages.append((out / route / "index.html").stat().st_size)
    return statistics.median(pages or [0]), statistics.median(payloads or [0])


def bench(name: str, source: Path, out_root: Path) -> dict:
    work = Path(tempfile.mkdtemp(prefix=f"orgdocs-bench-{name}-", dir=out_root))
    (work / "content").mkdir()
    config = work / "docs.config.yaml"
    config.write_text(
        json.dumps(
            {
                "content": "./content",
                "public": str(source.parent),
                "groups": [{"group": "API", "sections": [{"schema": "/" + source.name}]}],
            }
        ),
        encoding="utf-8",
    )
    out = work / "site"
    shutil.rmtree(out, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "orgdocs", "build", str(config), "--out", str(out), "--profile"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    sampler = Sampler(process.pid)
    sampler.start()
    stdout, stderr = process.communicate()
    seconds = time.perf_counter() - start
    sampler.done.set()
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if process.returncode != 0:
        raise SystemExit(f"{name}: build failed: {stderr.strip()}")
    total, files, largest, largest_size = _output(out)
    median_page, median_payload = _medians(out)
    first_ms = first_page_ms(out)
    shutil.rmtree(work, ignore_errors=True)  # outside the timed part
    return {
        "name": name,
        "seconds": seconds,
        "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
        "pss": sampler.peak_pss,
        "rss": sampler.peak_rss,
        "bytes": total,
        "files": files,
        "largest": largest,
        "largest_bytes": largest_size,
        "summary": stdout.strip(),
        "median_page": median_page,
        "median_payload": median_payload,
        "first_ms": first_ms,
    }


def first_page_ms(out: Path) -> float:
    """Milliseconds until headless Chromium has loaded the site's first operation page (load event), served
    from a local static file server: what a reader waits for."""
    from chromium import served_page

    route = json.loads((out / "_docs" / "openapi" / "index.json").read_text())["endpoints"][0]["route"]
    with served_page(out) as (page, url):
        page.goto(f"{url}{route.strip('/')}/", wait_until="load")
        took = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    return float(took)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", choices=sorted(DESCRIPTIONS), action="append", help="run only this one (repeatable)"
    )
    parser.add_argument(
        "--out-root", type=Path, default=Path(tempfile.gettempdir()), help="folder for the outputs"
    )
    args = parser.parse_args(argv)
    names = args.only or list(DESCRIPTIONS)
    print(
        f"{'description':<14} {'wall':>8} {'cpu':>8} {'peak PSS':>10} {'peak RSS':>10} {'output':>10} {'files':>7} {'1st page':>9}  largest page"
    )
    for name in names:
        source = CORPUS / DESCRIPTIONS[name]
        if not source.exists():
            print(f"{name:<14} skipped: {source} not found")
            continue
        r = bench(name, source, args.out_root)
        print(
            f"{name:<14} {r['seconds']:>7.2f}s {r['cpu']:>7.1f}s {r['pss'] / 1e6:>8.0f}MB {r['rss'] / 1e6:>8.0f}MB "
            f"{r['bytes'] / 1e6:>8.0f}MB {r['files']:>7} {r['first_ms']:>7.0f}ms  {r['largest']} ({r['largest_bytes'] / 1e6:.2f} MB)",
            flush=True,
        )
        print(
            f"{'':<14} median operation page {r['median_page'] / 1e3:.1f} KB, "
            f"median payload {r['median_payload'] / 1e3:.1f} KB"
        )
        for line in r["summary"].splitlines():
            print(f"{'':<14} {line}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
