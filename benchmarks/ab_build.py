"""Whole builds of one description by two versions of orgdocs, in turn: does a change pay?

    python benchmarks/ab_build.py SPEC --before HEAD~1 --after HEAD          # 3 pairs, A B A B A B
    python benchmarks/ab_build.py SPEC --before main --after HEAD --runs 5
    python benchmarks/ab_build.py SPEC --before /some/tree --after .        # source trees instead of commits

The issue 31 budget for speed: an optimization stays only if removing it costs at least 3% of a whole build
of GitHub's, Stripe's or Microsoft Graph beta's description. Each version is a commit (``git archive``d into a
temporary folder) or a source tree holding ``orgdocs/``; both are compiled to bytecode first, so that neither
pays for compiling. Builds run as ``python -m orgdocs build CONFIG --out DIR`` in turn, before then after, each
into the same folder, removed outside the timed part. Per build: wall seconds, CPU seconds (user + system,
the forked page writers included) and peak resident size of the largest process. On a machine shared with
other work, CPU time moves less than wall time: compare both medians.

The first pair's outputs are kept and compared file by file (``diff -r``): a removed optimization must not
change one byte. ``SPEC`` may be gzipped; it is unpacked into the temporary folder first.
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def source_tree(version: str, scratch: Path, label: str) -> Path:
    """A folder holding ``orgdocs/`` at ``version`` (a source tree or a git revision), compiled."""
    if (Path(version) / "orgdocs").is_dir():
        tree = Path(version).resolve()
    else:
        tree = scratch / label
        tree.mkdir()
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", version, "orgdocs"], check=True, capture_output=True
        )
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "orgdocs")], check=True, env=env)
    return tree


def project(spec: Path, scratch: Path) -> Path:
    """A docs.config.yaml with one group whose schema section is ``spec`` (unpacked if gzipped)."""
    content = scratch / "content"
    content.mkdir()
    if spec.suffix == ".gz":
        target = content / spec.name.removesuffix(".gz")
        with gzip.open(spec) as packed, target.open("wb") as plain:
            shutil.copyfileobj(packed, plain)
    else:
        target = content / spec.name
        shutil.copyfile(spec, target)
    config = scratch / "docs.config.yaml"
    config.write_text(
        f"content: ./content\ngroups:\n  - group: API\n    sections:\n      - schema: ./{target.name}\n"
    )
    return config


def build(tree: Path, config: Path, out: Path) -> tuple[float, float, float, float]:
    """One build: (wall seconds, CPU seconds, of which in the kernel, peak resident MB of its largest
    process)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "orgdocs", "build", str(config), "--out", str(out)],
        env=env,
        stdout=subprocess.DEVNULL,
        cwd=config.parent,
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"build by {tree} failed ({process.returncode})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_stime, usage.ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("spec", type=Path)
    parser.add_argument("--before", required=True, help="a git revision or a source tree")
    parser.add_argument("--after", required=True, help="a git revision or a source tree")
    parser.add_argument("--runs", type=int, default=3, help="pairs of builds (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ab-build-") as folder:
        scratch = Path(folder)
        trees = {
            "before": source_tree(args.before, scratch, "before"),
            "after": source_tree(args.after, scratch, "after"),
        }
        config = project(args.spec.resolve(), scratch)
        out = scratch / "site"
        figures: dict[str, list[tuple[float, float, float, float]]] = {"before": [], "after": []}
        for run in range(1, args.runs + 1):
            for label, tree in trees.items():
                figures[label].append(build(tree, config, out))
                wall, cpu, kernel, peak = figures[label][-1]
                print(
                    f"run {run} {label:6}: {wall:6.2f} s wall {cpu:6.2f} s CPU ({kernel:.2f} s kernel)"
                    f" {peak:6.0f} MB peak",
                    flush=True,
                )
                if run == 1:
                    out.rename(scratch / f"kept-{label}")
                else:
                    shutil.rmtree(out)
        same = subprocess.run(
            ["diff", "-rq", str(scratch / "kept-before"), str(scratch / "kept-after")],
            capture_output=True,
            text=True,
        )
        medians = {
            label: [statistics.median(column) for column in zip(*rows, strict=True)]
            for label, rows in figures.items()
        }
        (bw, bc, bk, bp), (aw, ac, ak, ap) = medians["before"], medians["after"]
        print(
            f"{args.spec.name}: median wall {bw:.2f} -> {aw:.2f} s ({(aw - bw) / bw:+.1%}), "
            f"CPU {bc:.2f} -> {ac:.2f} s ({(ac - bc) / bc:+.1%}), kernel {bk:.2f} -> {ak:.2f} s, "
            f"peak {bp:.0f} -> {ap:.0f} MB"
        )
        print(
            "outputs byte-identical"
            if same.returncode == 0
            else f"OUTPUTS DIFFER:\n{same.stdout}{same.stderr}"
        )
        return same.returncode


if __name__ == "__main__":
    sys.exit(main())
