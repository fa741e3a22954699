"""Time the pandas tables (``endpoints``, ``parameters``, ``responses``, ``schemas``) on a large description.

    python benchmarks/tables.py [--repeat N] [FILE]

Default FILE: GitHub's description from the corpus (``large/github-api.github.com.json``). The description
is loaded once, outside the timings; each table is then built from a fresh ``Description`` of the same
document (so no per-description cache from an earlier run helps) and the best of ``--repeat`` runs is
printed with the table's shape. Target: under 1 s for ``endpoints()`` and ``schemas()``.
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orgdocs.model import load
from orgdocs.model._description import Description
from orgdocs.render import _tables as tables

CORPUS = Path(
    os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[1].parent / "shared" / "corpus")
)
DEFAULT_FILE = CORPUS / "large" / "github-api.github.com.json"
TARGET = 1.0  # seconds, for endpoints() and schemas()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", default=str(DEFAULT_FILE))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    started = time.perf_counter()
    loaded = load(args.file)
    print(
        f"{Path(args.file).name}: {len(loaded.operations)} operations, load {time.perf_counter() - started:.3f} s"
    )
    document = loaded.document
    failed = False
    for function in (tables.endpoints, tables.parameters, tables.responses, tables.schemas):
        times = []
        for _ in range(args.repeat):
            fresh = Description(copy.copy(document), loaded.source, loaded.path)
            gc.collect()
            started = time.perf_counter()
            frame = function(fresh)
            times.append(time.perf_counter() - started)
        best = min(times)
        targeted = function in (tables.endpoints, tables.schemas)
        verdict = ("ok" if best < TARGET else "SLOW") if targeted else ""
        failed |= targeted and best >= TARGET
        print(
            f"  {function.__name__:<11} {best:7.3f} s  {frame.shape[0]:>6} rows x {frame.shape[1]:>2} columns  {verdict}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
