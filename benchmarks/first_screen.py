"""What a reader sees first on an operation page of GitHub's description at 1440x900 in headless Chromium:
where the first code sample and the first response example start (pixels from the top of the window; the
first screen ends at 900), the load event (median of 7), and the page's bytes, raw and gzipped.

    python benchmarks/first_screen.py                       # GitHub's "Create an issue" (issues/create)
    python benchmarks/first_screen.py --operation repos/get
    ORGDOCS_CORPUS=/path/to/corpus python benchmarks/first_screen.py

Issue 32: on "Create an issue" the 201 example started 5,489 px down and the curl sample 1,003 px down; the
column of examples beside the reference brings both onto the first screen.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from chromium import served_page

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
GITHUB = CORPUS / "large" / "github-api.github.com.json"

_TOPS = """() => {
  const top = (element) => element ? Math.round(element.getBoundingClientRect().top) : null;
  const sample = document.querySelector("[data-sample]");
  const example = document.querySelector(".example-panel pre, details.example[open] pre");
  return {sample: top(sample), example: top(example)};
}"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--operation", default="issues/create", help="an operationId of GitHub's description")
    args = parser.parse_args(argv)
    if not GITHUB.exists():
        print(f"skipped: {GITHUB} not found")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "content").mkdir()
        shutil.copyfile(GITHUB, root / "content" / GITHUB.name)  # a link out of content is refused
        config = root / "docs.yaml"
        config.write_text(
            f"content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: ./{GITHUB.name}\n"
        )
        out = root / "site"
        subprocess.run([sys.executable, "-m", "orgdocs", "build", str(config), "--out", str(out)], check=True)
        index = json.loads((out / "_docs" / "openapi" / "index.json").read_text())
        route = next(e["route"] for e in index["endpoints"] if e["operationId"] == args.operation).strip("/")
        html = (out / route / "index.html").read_bytes()
        with served_page(out) as (page, url):
            page.set_viewport_size({"width": 1440, "height": 900})
            loads = []
            for _ in range(7):
                page.goto(f"{url}{route}/", wait_until="load")
                loads.append(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
            tops = page.evaluate(_TOPS)
    print(f"{args.operation}: /{route}/")
    print(
        f"  first code sample at {tops['sample']} px, first response example at {tops['example']} px (screen: 900)"
    )
    print(f"  load event {statistics.median(loads):.0f} ms (median of 7)")
    print(f"  page {len(html) / 1000:.1f} KB, {len(gzip.compress(html)) / 1000:.1f} KB gzipped")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
