"""Benchmark of the site model on large descriptions: evaluation, payloads, search, memory.

    python benchmarks/site.py                 # GitHub, Stripe and msgraph-beta, one child process each
    python benchmarks/site.py github stripe   # some of them
    ORGDOCS_CORPUS=/path/to/corpus python benchmarks/site.py

For each description: the time to evaluate ``Site(config)`` (a config with one schema section; parsing
included), the time to compute every payload (iterating ``site.payloads()``, one at a time, never all in
memory), the median, 95th percentile and largest payload size, their total, the process's peak memory, the
time of ``search()`` calls after the first, and the largest payloads with what makes them large. It also
times reachability alone, memoized per strongly connected component (what payloads use) against a walk of
the reference graph per operation (what they did before).

Targets on a 2-core machine: GitHub's Site plus all payloads under 1.5 s; ``search()`` under 5 ms on GitHub.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {
    "github": "large/github-api.github.com.json",
    "stripe": "large/stripe-spec3.json",
    "msgraph-beta": "large/msgraph-beta.json.gz",
}
QUERIES = ("list repositories", "pulls", "get /user", "customer")


def _mb(size: float) -> str:
    return f"{size / 1e6:.2f} MB" if size >= 1e5 else f"{size / 1e3:.1f} KB"


def run_one(name: str) -> None:
    from orgdocs.loading._refs import is_local
    from orgdocs.project import Site
    from orgdocs.project._config import load_config
    from orgdocs.project._payload_dicts import operation_dict
    from orgdocs.project._payloads import ReachIndex, reachable_refs

    source = CORPUS / DESCRIPTIONS[name]
    config = load_config(
        {"content": ".", "groups": [{"group": "API", "sections": [{"schema": source.name}]}]},
        base=source.parent,
    )
    start = time.perf_counter()
    site = Site(config)
    evaluated = time.perf_counter() - start
    operations = len(site.operations)
    print(f"{name}: {source.name}, {operations} operations")
    print(f"  Site(config)         {evaluated:7.2f} s   (parse, model, routes, navigation)")

    sizes: list[tuple[int, str]] = []
    computing = 0.0
    payloads = site.payloads()
    while True:
        start = time.perf_counter()
        try:
            route, text = next(payloads)
        except StopIteration:
            break
        computing += time.perf_counter() - start
        sizes.append((len(text.encode()), route))
        del text
    ordered = sorted(size for size, _ in sizes)
    total = sum(ordered)
    print(f"  all payloads         {computing:7.2f} s   ({computing / operations * 1e3:.2f} ms each)")
    print(f"  Site + payloads      {evaluated + computing:7.2f} s")
    print(
        f"  payload size         median {_mb(statistics.median(ordered))}, "
        f"95th percentile {_mb(ordered[int(0.95 * (len(ordered) - 1))])}, largest {_mb(ordered[-1])}, "
        f"total {_mb(total)}"
    )

    site.search("warm up")
    for query in QUERIES:
        start = time.perf_counter()
        found = site.search(query)
        took = time.perf_counter() - start
        print(f"  search({query!r:22}) {took * 1e3:6.2f} ms  ({len(found)} found)")

    print("  largest payloads:")
    for size, route in sorted(sizes, reverse=True)[:3]:
        entry = site.operations[route]
        payload = site.payload(route)
        components = payload["components"]
        weights = sorted(
            ((len(site.operations[route].reach.fragment(r)), r) for r in components), reverse=True
        )
        biggest = ", ".join(f"{ref.rsplit('/', 1)[-1]} {_mb(w)}" for w, ref in weights[:3])
        in_components = sum(w for w, _ in weights)
        print(
            f"    {_mb(size):>9}  {entry.operation.method.upper()} {entry.operation.path}: "
            f"{len(components)} components ({_mb(in_components)} of it; biggest {biggest})"
        )

    # reachability alone: per strongly connected component (used) against a walk per operation (before)
    entries = list(site.operations.values())
    description = entries[0].description
    roots = [list(dict.fromkeys(reachable_refs(operation_dict(e.operation, [])))) for e in entries]
    reach = ReachIndex(description)  # cold: edges found and components closed inside the timing
    start = time.perf_counter()
    memo_total = sum(len(reach.closure(r)[0]) for r in roots)
    memoized = time.perf_counter() - start
    reach = ReachIndex(description)
    resolver = description.resolver
    start = time.perf_counter()
    walk_total = 0
    for r in roots:
        seen: set[str] = set()
        stack = list(r)
        while stack:
            ref = stack.pop()
            if ref in seen or not (is_local(ref) and resolver.resolves(ref)):
                continue
            seen.add(ref)
            stack.extend(reach.edges(ref))
        walk_total += len(seen)
    walked = time.perf_counter() - start
    assert walk_total == memo_total, (walk_total, memo_total)
    print(
        f"  reachability only    {memoized:7.2f} s memoized per component, {walked:.2f} s walking per operation "
        f"({memo_total / operations:.0f} components per operation on average)"
    )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    print(f"  peak memory          {peak / 2**20:7.0f} MB (resident, whole process)")


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--one":
        run_one(argv[1])
        return 0
    names = argv or list(DESCRIPTIONS)
    unknown = [n for n in names if n not in DESCRIPTIONS]
    if unknown:
        print(f"unknown: {', '.join(unknown)} (choose from {', '.join(DESCRIPTIONS)})", file=sys.stderr)
        return 2
    if not CORPUS.exists():
        print(f"no corpus at {CORPUS} (set ORGDOCS_CORPUS)", file=sys.stderr)
        return 2
    status = 0
    for name in names:  # a process each: peak memory is then the description's own
        status |= subprocess.call([sys.executable, __file__, "--one", name])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
