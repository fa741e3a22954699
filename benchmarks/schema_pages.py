"""What the schema pages (a page per component schema, and their list) cost a build, against its operation
pages: CPU time to render them in one process, after the operation pages (as a page writer does), and the
bytes they hold.

    python benchmarks/schema_pages.py                  # GitHub and Stripe
    python benchmarks/schema_pages.py --only github

CPU time (``time.process_time``) with the collector off: on a busy machine it moves less than wall time. A
build writes the pages with two page writers, so about half of the CPU time shows in its wall time.

Measured (two cores shared with other work), after the operation pages: GitHub (969 schemas, 1,493
operations) 0.31 s against 1.85 s CPU, 16.1 MB, a page 14.3 KB at the median; Stripe (979 schemas) 0.18 s
against 2.56 s, 8.6 MB. Rendered cold (no operation page first, as a page writer may meet them), GitHub's
take 0.47 s. Whole builds of GitHub to tmpfs, five alternating runs: 4.00 -> 4.56 s CPU (median), 193.6 ->
210.6 MB. Wall, on a quieter machine (``../shared/bench/pair-redocly.sh``, four runs each): 2.33 -> 2.86 s,
the ratio to Redocly's build 1.59 -> 1.88: over the 10% allowed. Of the 0.5 s: rendering the pages (half of
it their examples: generated, indented, highlighted), writing 969 more folders and files, and the used-by
index before the page writers fork (0.07 s).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {"github": "large/github-api.github.com.json", "stripe": "large/stripe-spec3.json"}


def run_one(name: str) -> None:
    from orgdocs.project import Site
    from orgdocs.project._config import load_config
    from orgdocs.render.site._pages import PageRenderer

    source = CORPUS / DESCRIPTIONS[name]
    config = load_config(
        {"content": ".", "groups": [{"group": "API", "sections": [{"schema": source.name}]}]},
        base=source.parent,
    )
    site = Site(config)
    renderer = PageRenderer(site)
    pages = site.schema_pages
    gc.disable()
    try:
        start = time.process_time()
        operation_bytes = sum(len(renderer.operation(route).encode()) for route in site.operations)
        operations = time.process_time() - start
        start = time.process_time()
        users = pages.used_by(next(iter(pages.schemas))) if pages.schemas else None
        index = time.process_time() - start
        sizes = []
        start = time.process_time()
        for route in pages.schemas:
            html, _ = renderer.schema(route)
            sizes.append(len(html.encode()))
        schemas = time.process_time() - start
        listing = sum(len(renderer.schema_list(route).encode()) for route in pages.listings)
    finally:
        gc.enable()
    del users
    print(f"{name}: {len(site.operations)} operations, {len(pages.schemas)} schemas")
    print(
        f"  operation pages   {operations:6.2f} s CPU  {operation_bytes / 1e6:7.1f} MB (pages, without payload files)"
    )
    print(f"  schema pages      {schemas:6.2f} s CPU  {sum(sizes) / 1e6:7.1f} MB", end="")
    if sizes:
        print(f"  (median {statistics.median(sizes) / 1e3:.1f} KB, largest {max(sizes) / 1e3:.1f} KB)")
    else:
        print()
    print(f"  used-by index     {index:6.2f} s CPU   (once per build, before the page writers fork)")
    print(f"  lists             {listing / 1e3:.1f} KB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(DESCRIPTIONS))
    args = parser.parse_args(argv)
    if not CORPUS.is_dir():
        print(f"no corpus at {CORPUS} (set ORGDOCS_CORPUS)", file=sys.stderr)
        return 1
    for name in [args.only] if args.only else list(DESCRIPTIONS):
        run_one(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
