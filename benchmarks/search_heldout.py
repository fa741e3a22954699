"""Search quality on the held-out queries (benchmarks/search-heldout.tsv): each part apart, and by kind of query.

    python benchmarks/search_heldout.py                     # orgdocs only
    python benchmarks/search_heldout.py --peer              # and the Fuse.js baseline configured as Scalar's
    python benchmarks/search_heldout.py --part untouched-3  # one part
    python benchmarks/search_heldout.py --part tuned --misses   # and the queries whose answer is not first

Parts: tuned (the ranking may be adjusted while looking at its results), untouched and untouched-2 (written as
untouched parts; session s29 read their misses while changing the ranking, so they now count as tuned),
untouched-4 (never tuned on until session s29's second round read its misses: now tuned too),
untouched-3, untouched-5, untouched-6, untouched-7 and untouched-8 (never tuned on: only measured; --misses is not
for them). For each part: hit@1, hit@3 and MRR (the rank of the first accepted answer, past 10 counts as not found),
per description and overall, and by kind of query where the table says it (its fourth column: synonym, task, typo, id).

The baseline is ../shared/search-eval/eval.py's (Fuse.js configured as Scalar configures it, over the same
operations; its functions are used here as they are). A description's path is relative to ../shared
("corpus/...") or to this repository ("benchmarks/heldout/..."; gzipped copies of descriptions from outside the
dev corpus).
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from orgdocs.loading._yaml import load_yaml

HERE = Path(__file__).resolve().parent
QUERIES = HERE / "search-heldout.tsv"
CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", HERE.parents[1] / "shared" / "corpus"))
EVAL = CORPUS.parent / "search-eval" / "eval.py"


def parts() -> dict[str, list[tuple[str, str, set[str], str]]]:
    """part name -> [(query, description path, accepted answers, kind or "")]"""
    found: dict[str, list[tuple[str, str, set[str], str]]] = {}
    part = "tuned"
    for line in QUERIES.read_text().splitlines():
        if line.startswith("# -- part:"):
            part = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            query, description, answers, *kind = line.split("\t")
            found.setdefault(part, []).append((query, description, set(answers.split("|")), "".join(kind)))
    return found


def source(description: str) -> Path:
    if description.startswith("benchmarks/"):
        return HERE.parent / description
    return CORPUS / description.removeprefix("corpus/")


def document(path: Path) -> dict:
    """The description as data, read as the site reads it (orgdocs' YAML reader: PyYAML refuses SendGrid's C1
    control characters and OBS's out-of-range timestamps)."""
    data = path.read_bytes()
    name = path.name.removesuffix(".gz")
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    if name.endswith((".yaml", ".yml")):
        return json.loads(json.dumps(load_yaml(data, str(path)), default=str))
    return json.loads(data)


def _eval_module():
    spec = importlib.util.spec_from_file_location("search_eval", EVAL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def ranks(rows, peer: bool, misses: bool) -> list[tuple[str, str, int | None, int | None]]:
    """[(description, kind, orgdocs' rank, the baseline's rank)] in the order of ``rows``."""
    import orgdocs

    evaluation = _eval_module()
    by_description: dict[str, list] = defaultdict(list)
    for row in rows:
        by_description[row[1]].append(row)
    found = []
    for description, queries in by_description.items():
        path = source(description)
        site = orgdocs.Site.from_description(str(path))
        theirs: list[int | None] = [None] * len(queries)
        if peer:
            data = json.dumps(
                {
                    "entries": evaluation.baseline_entries(document(path)),
                    "queries": [query for query, *_ in queries],
                }
            )
            answer = subprocess.run(
                ["node", str(EVAL.parent / "fuse_peer.mjs")],
                input=data,
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, "PEER_DIR": evaluation.PEER_DIR},
            ).stdout
            theirs = [
                evaluation.rank(got, answers)
                for got, (_, _, answers, _) in zip(json.loads(answer), queries, strict=True)
            ]
        for (query, _, answers, kind), their in zip(queries, theirs, strict=True):
            ranked = [f"{entry['method'].upper()} {entry['path']}" for entry in site.search(query)]
            ours = evaluation.rank(ranked, answers)
            if misses and ours != 1:
                print(f"  {path.name}: {query!r} -> rank {ours or '>10'}; top: {ranked[:2]}")
            found.append((path.name, kind, ours, their))
    return found


def summary(name: str, found: list[int | None]) -> str:
    n = len(found)
    return (
        f"{name}: hit@1 {sum(r == 1 for r in found) / n:.0%}  hit@3 {sum(bool(r and r <= 3) for r in found) / n:.0%}"
        f"  MRR {sum(1 / r for r in found if r) / n:.2f}  ({n})"
    )


def report(title: str, found, peer: bool) -> None:
    line = summary(title, [ours for _, _, ours, _ in found])
    if peer:
        line += "   |   " + summary("fuse", [theirs for *_, theirs in found])
    print(line)


def main(argv: list[str]) -> None:
    wanted = argv[argv.index("--part") + 1] if "--part" in argv else None
    peer, misses = "--peer" in argv, "--misses" in argv
    for part, rows in parts().items():
        if wanted and part != wanted:
            continue
        print(f"== {part} ({len(rows)} queries)", flush=True)
        found = ranks(rows, peer, misses)
        for name in dict.fromkeys(name for name, *_ in found):
            report(f"  {name}", [row for row in found if row[0] == name], peer)
        for kind in sorted({kind for _, kind, *_ in found if kind}):
            report(f"  kind {kind}", [row for row in found if row[1] == kind], peer)
        report(f"{part} overall", found, peer)


if __name__ == "__main__":
    main(sys.argv[1:])
