"""Speed of ``Site.search`` on large real descriptions: preparing the index, then one query at a time.

    python benchmarks/search.py                  # GitHub (1,223 operations) and msgraph v1.0 (11,422)
    python benchmarks/search.py github           # one of them
    ORGDOCS_CORPUS=/path/to/corpus python benchmarks/search.py

Queries: natural ones (the words readers type), one-letter and two-letter prefixes (the widest prefix
ranges), typos (the one-edit neighbourhood), exact paths and operationIds. Prints the time to build the
search index (once per site, on the first query), and the median, 95th percentile and slowest query.
Target (issue 12): every query under 5 ms on GitHub's description.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {
    "github": "large/github-api.github.com.json",
    "msgraph": "large/msgraph-v1.0.json",
}
QUERIES = (
    "delete repo",
    "get user",
    "get a repository",
    "list pull requests",
    "pulls",
    "create a release for a repository",
    "delte repositry",
    "workflow runs",
    "r",
    "re",
    "get /repos/{owner}/{repo}",
    "repos/get",
    "per_page",
    "the",
    "list all the things in an organization for the authenticated user",
    "customer",
    "GET",
)


def run(name: str) -> None:
    from orgdocs.site import Site

    site = Site.from_description(CORPUS / DESCRIPTIONS[name])
    start = time.perf_counter()
    site.search("warm up")
    prepared = time.perf_counter() - start
    print(f"{name}: {len(site.operations)} operations; search index built in {prepared * 1e3:.0f} ms")
    times = []
    for query in QUERIES:
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            found = site.search(query)
            best = min(best, time.perf_counter() - start)
        times.append(best)
        print(f"  {query!r:70} {best * 1e3:6.2f} ms  ({len(found)} found)")
    ordered = sorted(times)
    print(
        f"  median {statistics.median(ordered) * 1e3:.2f} ms, "
        f"95th percentile {ordered[int(0.95 * (len(ordered) - 1))] * 1e3:.2f} ms, slowest {ordered[-1] * 1e3:.2f} ms"
    )


if __name__ == "__main__":
    for name in sys.argv[1:] or list(DESCRIPTIONS):
        run(name)
