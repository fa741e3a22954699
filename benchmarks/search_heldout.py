"""Search quality on the held-out queries (benchmarks/search-heldout.tsv), tuned and untouched parts apart.

    python benchmarks/search_heldout.py            # orgdocs only
    python benchmarks/search_heldout.py --peer     # and the Fuse.js baseline configured as Scalar's
    python benchmarks/search_heldout.py --part untouched

Runs ../shared/search-eval/eval.py on each part (tuned, untouched, untouched-2). eval.py's baseline reads
descriptions as JSON, and these are YAML: each is read with orgdocs' YAML reader and written once as JSON to a
temporary folder (the same data), and the queries point there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from orgdocs.loading.yaml import load_yaml

HERE = Path(__file__).resolve().parent
QUERIES = HERE / "search-heldout.tsv"
CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", HERE.parents[1] / "shared" / "corpus"))
EVAL = CORPUS.parent / "search-eval" / "eval.py"


def parts() -> dict[str, list[tuple[str, str, str]]]:
    """part name -> [(query, description relative to the corpus, answers)]"""
    found: dict[str, list[tuple[str, str, str]]] = {}
    part = "tuned"
    for line in QUERIES.read_text().splitlines():
        if line.startswith("# -- part:"):
            part = line.split(":", 1)[1].strip()
        elif line.strip() and not line.startswith("#"):
            query, description, answers = line.split("\t")
            found.setdefault(part, []).append((query, description.removeprefix("corpus/"), answers))
    return found


def as_json(description: str, folder: Path) -> Path:
    source = CORPUS / description
    if source.suffix == ".json":
        return source
    target = folder / (source.stem + ".json")
    if not target.exists():
        # orgdocs' own YAML reader: it reads what the site reads (PyYAML refuses SendGrid's C1 control
        # characters and OBS's out-of-range timestamps)
        data = load_yaml(source.read_bytes(), str(source))
        target.write_text(json.dumps(data, default=str))
    return target


def main(argv: list[str]) -> None:
    wanted = argv[argv.index("--part") + 1] if "--part" in argv else None
    peer = ["--peer"] if "--peer" in argv else []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for part, rows in parts().items():
            if wanted and part != wanted:
                continue
            table = folder / f"{part}.tsv"
            table.write_text("".join(f"{q}\t{as_json(d, folder)}\t{a}\n" for q, d, a in rows))
            print(f"== {part} ({len(rows)} queries)", flush=True)
            subprocess.run([sys.executable, str(EVAL), *peer, "--queries", str(table)], check=True)


if __name__ == "__main__":
    main(sys.argv[1:])
