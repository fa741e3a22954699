"""Size of the built operation pages on a large real description: median, 95th percentile, largest, and
how much of a page its sidebar takes.

    python benchmarks/page_size.py                  # GitHub
    python benchmarks/page_size.py stripe           # another one (github, stripe, jira, digitalocean)
    ORGDOCS_CORPUS=/path/to/corpus python benchmarks/page_size.py

Every page carries its sidebar so that it reads without JavaScript: what a reader downloads per page is
mostly that sidebar on a big site. Target (issue 12): GitHub's median operation page at most 25 KB.
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from orgdocs.render.site._build import build_site

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {
    "github": "large/github-api.github.com.json",
    "stripe": "large/stripe-spec3.json",
    "jira": "large/jira.json",
    "digitalocean": "large/digitalocean.json",
}
SIDEBAR = re.compile(rb'<nav id="sidebar".*?</nav>', re.S)


def _kb(size: float) -> str:
    return f"{size / 1e3:.1f} KB"


def run(name: str) -> None:
    from orgdocs.project import Site
    from orgdocs.project._config import load_config

    source = CORPUS / DESCRIPTIONS[name]
    config = load_config(
        {"content": ".", "groups": [{"group": "API", "sections": [{"schema": source.name}]}]},
        base=source.parent,
    )
    site = Site(config)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        build_site(site, Path(tmp) / "site", progress=False)
        seconds = time.perf_counter() - start
        root = Path(tmp) / "site"
        sizes, sidebars = [], []
        for route in site.operations:
            data = (root / route.strip("/") / "index.html").read_bytes()
            sizes.append(len(data))
            found = SIDEBAR.search(data)
            sidebars.append(len(found.group(0)) if found else 0)
    sizes.sort()
    p95 = sizes[int(len(sizes) * 0.95)]
    print(f"{name}: {len(sizes)} operation pages, built in {seconds:.1f} s")
    print(
        f"  page size    median {_kb(statistics.median(sizes))}   p95 {_kb(p95)}   largest {_kb(sizes[-1])}"
    )
    share = statistics.median(s / p for s, p in zip(sidebars, sizes, strict=True) if p)
    print(f"  sidebar      median {_kb(statistics.median(sidebars))}   ({share:.0%} of a median page)")


if __name__ == "__main__":
    for name in sys.argv[1:] or ["github"]:
        run(name)
