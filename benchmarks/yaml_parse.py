"""Time orgdocs' YAML loader against PyYAML's C SafeLoader on the large corpus descriptions.

    python benchmarks/yaml_parse.py [--no-pyyaml] [FILE ...]

Prints, per file, the best of ``--repeat`` parse times (bytes in, Python objects out; wall clock and CPU) for both
loaders, whether orgdocs gives the same data as the JSON twin, and the peak Python memory of one load with orgdocs
(tracemalloc, measured in a separate run so that it does not slow the timed ones).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from orgdocs.loading._yaml import load_yaml

CORPUS = Path(
    os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[1].parent / "shared" / "corpus")
)
DEFAULT_FILES = [CORPUS / "large" / "github-api.github.com.yaml", CORPUS / "large" / "jira.yaml"]


def best_time(function, repeat: int) -> tuple[float, float]:
    """Best wall-clock and best CPU time; CPU time stays meaningful when other work shares the machine."""
    walls, cpus = [], []
    for _ in range(repeat):
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        function()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def peak_memory(function) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULT_FILES)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs of orgdocs' loader (best is shown)")
    parser.add_argument("--no-pyyaml", action="store_true", help="skip PyYAML's C SafeLoader (about 10 s)")
    args = parser.parse_args()

    print(f"PyYAML {yaml.__version__}, libyaml {'yes' if yaml.__with_libyaml__ else 'NO'}")
    for path in args.files:
        data = path.read_bytes()
        print(f"\n{path.name} ({len(data) / 1e6:.1f} MB)")
        ours, ours_cpu = best_time(lambda data=data, path=path: load_yaml(data, str(path)), args.repeat)
        print(f"  orgdocs load_yaml:     {ours:7.2f} s wall {ours_cpu:7.2f} s CPU")
        if not args.no_pyyaml and yaml.__with_libyaml__:
            theirs, theirs_cpu = best_time(lambda data=data: yaml.load(data, Loader=yaml.CSafeLoader), 1)
            print(
                f"  PyYAML CSafeLoader:    {theirs:7.2f} s wall {theirs_cpu:7.2f} s CPU"
                f"  ({theirs_cpu / ours_cpu:.1f}x the CPU time)"
            )
        peak = peak_memory(lambda data=data, path=path: load_yaml(data, str(path)))
        print(f"  peak Python memory:    {peak / 2**20:7.1f} MiB (file {len(data) / 2**20:.1f} MiB)")
        twin = path.with_suffix(".json")
        if twin.exists():
            same = load_yaml(data, str(path)) == json.loads(twin.read_bytes())
            print(f"  same as {twin.name}: {'yes' if same else 'NO'}")
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"\nprocess peak RSS (all runs, PyYAML included): {maxrss / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
