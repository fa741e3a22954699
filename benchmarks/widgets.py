"""Time the notebook views on a large description: building an ``Explorer`` and one search-as-you-type update.

    python benchmarks/widgets.py [--repeat N] [FILE]

Default FILE: GitHub's description from the corpus (``large/github-api.github.com.json``, 1,223 operations).
Each run loads the description afresh (no cache of an earlier run helps) and builds
``Explorer(description)``: the site (routes, navigation, endpoint index, search index) and every widget.
"build" is printed without and with the load; the target holds for the total. "keystroke" is one update of the navigator's search box (``Site.search`` and the
list refilled), timed for each prefix of a few typed queries; the worst is held against the target.
"select" is the first selection of an operation (its ``OperationView`` and ``RequestForm``).
Targets: build under 2 s, keystroke under 50 ms. The exit status is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orgdocs.model import load

CORPUS = Path(
    os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[1].parent / "shared" / "corpus")
)
DEFAULT_FILE = CORPUS / "large" / "github-api.github.com.json"
BUILD_TARGET = 2.0  # seconds
KEYSTROKE_TARGET = 0.050  # seconds
QUERIES = ("repos", "list issues", "pull request review", "zzz", "a")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT_FILE))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    started = time.perf_counter()
    import ipywidgets  # noqa: F401 -- a notebook has it loaded before the first widget

    from orgdocs.render.widgets import Explorer

    print(f"import ipywidgets and orgdocs.widgets: {time.perf_counter() - started:.3f} s")
    builds, loads = [], []
    explorer = None
    for _ in range(args.repeat):
        gc.collect()
        started = time.perf_counter()
        description = load(args.file)
        loaded = time.perf_counter()
        explorer = Explorer(description)
        builds.append((time.perf_counter() - started, time.perf_counter() - loaded))
        loads.append(loaded - started)
    total, build = min(builds)
    print(f"{Path(args.file).name}: {len(explorer.site.operations)} operations, load best {min(loads):.3f} s")
    print(
        f"build Explorer: best {build * 1000:.0f} ms of {args.repeat} (site, search index and widgets), "
        f"{total:.3f} s with the load (target {BUILD_TARGET:.0f} s, load included)"
    )

    gc.collect()  # the earlier runs' garbage is not this benchmark's
    strokes = []
    for query in QUERIES:
        for end in range(1, len(query) + 1):
            started = time.perf_counter()
            explorer.search(query[:end])
            strokes.append(time.perf_counter() - started)
            shown = len(explorer.navigator.routes)
        print(f"  typed {query!r}: {shown} operations listed")
        started = time.perf_counter()
        explorer.search("")
        strokes.append(time.perf_counter() - started)
    worst = max(strokes)
    print(
        f"keystroke: median {statistics.median(strokes) * 1000:.1f} ms, worst {worst * 1000:.1f} ms "
        f"over {len(strokes)} updates (target {KEYSTROKE_TARGET * 1000:.0f} ms)"
    )

    selects = []
    for route in list(explorer.site.operations)[:: max(1, len(explorer.site.operations) // 10)]:
        started = time.perf_counter()
        explorer.value = route
        selects.append(time.perf_counter() - started)
    print(
        f"select an operation: median {statistics.median(selects) * 1000:.0f} ms, worst {max(selects) * 1000:.0f} ms"
    )

    failed = total > BUILD_TARGET or worst > KEYSTROKE_TARGET
    print("FAIL: a target is missed" if failed else "ok: both targets met")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
