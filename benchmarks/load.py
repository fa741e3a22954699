"""How fast ``orgdocs.load`` reads the large descriptions, against a bare ``json.load`` of the same data.

    python benchmarks/load.py [--corpus PATH] [--runs N]

For GitHub's description (JSON and its YAML twin), Stripe's and Microsoft Graph beta's (gzipped in the corpus:
the loader decompresses it; the baseline is ``json.loads`` of the decompressed bytes), prints the best time of
``--runs`` loads into the model, the same for ``json.loads`` (of the JSON twin for YAML), their ratio, and the
peak resident memory of a fresh process doing one load (``resource.getrusage``). Every measurement runs in
its own child process, so one file's garbage does not slow the next. Targets from issue 2: GitHub JSON under
3x ``json.load``; GitHub YAML under 2 s; Microsoft Graph beta under 20 s.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", ROOT.parent / "shared" / "corpus"))

# (file in large/, JSON twin for the baseline, target: ("ratio", x) or ("seconds", s))
CASES = [
    ("github-api.github.com.json", "github-api.github.com.json", ("ratio", 3.0)),
    ("github-api.github.com.yaml", "github-api.github.com.json", ("seconds", 2.0)),
    ("stripe-spec3.json", "stripe-spec3.json", None),
    ("msgraph-beta.json.gz", "msgraph-beta.json.gz", ("seconds", 20.0)),
]

_CHILD = r"""
import gc, gzip, json, resource, sys, time
from pathlib import Path
kind, path, runs = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
if kind == "json":
    raw = path.read_bytes()
    data = gzip.decompress(raw) if path.suffix == ".gz" else raw
    def once():
        return json.loads(data)
else:
    import orgdocs
    def once():
        return orgdocs.load(path)
best = float("inf")
for _ in range(runs):
    gc.collect()
    started = time.perf_counter()
    result = once()
    best = min(best, time.perf_counter() - started)
    if kind == "model":
        operations = len(result.operations)
        started = time.perf_counter()
        unresolved = len(result.unresolved)
        scan = time.perf_counter() - started
    del result
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
extra = {"operations": operations, "unresolved": unresolved, "scan": scan} if kind == "model" else {}
print(json.dumps({"seconds": best, "peak": peak, **extra}))
"""


def measure(kind: str, path: Path, runs: int) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, kind, str(path), str(runs)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return json.loads(done.stdout.splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--corpus", type=Path, default=DEFAULT_CORPUS, help="the corpus folder (holds large/)"
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="loads per measurement; the best counts (default 3)"
    )
    args = parser.parse_args()
    large = args.corpus / "large"
    if not large.is_dir():
        print(f"no corpus at {args.corpus} (use --corpus or ORGDOCS_CORPUS)", file=sys.stderr)
        return 1

    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, best of {args.runs}; load average {os.getloadavg()[0]:.1f}"
    )
    heading = f"{'file':<28} {'size':>8} {'ops':>6} {'json.load':>9} {'orgdocs':>8} {'ratio':>6} {'unres.':>7} {'peak RSS':>9} {'json RSS':>9}  target"
    print(heading)
    print("-" * len(heading))
    failed = False
    for name, twin, target in CASES:
        path, twin_path = large / name, large / twin
        runs = 1 if path.stat().st_size > 30 * 2**20 else args.runs
        model = measure("model", path, runs)
        baseline = measure("json", twin_path, runs)
        ratio = model["seconds"] / baseline["seconds"]
        size = len(gzip.decompress(path.read_bytes())) if path.suffix == ".gz" else path.stat().st_size
        verdict = ""
        if target is not None:
            kind, limit = target
            value = ratio if kind == "ratio" else model["seconds"]
            ok = value < limit
            failed |= not ok
            verdict = f"{'ok' if ok else 'MISSED'} (< {limit:g}{'x json.load' if kind == 'ratio' else ' s'})"
        print(
            f"{name:<28} {size / 2**20:>6.1f}MB {model['operations']:>6} {baseline['seconds']:>8.2f}s "
            f"{model['seconds']:>7.2f}s {ratio:>5.2f}x {model['scan']:>6.2f}s {model['peak'] / 2**20:>7.0f}MB "
            f"{baseline['peak'] / 2**20:>7.0f}MB  {verdict}"
        )
    print("\nunres.: the first Description.unresolved (a walk of every $ref), not part of the load")
    print("json.load of the YAML row: of its JSON twin; of msgraph-beta: of the decompressed bytes")
    return 1 if failed else 0


if __name__ == "__main__":
    started = time.perf_counter()
    status = main()
    print(f"({time.perf_counter() - started:.0f} s in all)")
    sys.exit(status)
