"""CPU time of the schema trees of every operation of a large real description, in one process, without the
rest of a build: the request body and response trees, one shared cache as a build's pages share it.

    python benchmarks/schema_trees.py                  # GitHub and Stripe
    python benchmarks/schema_trees.py stripe           # one of github, stripe, jira, digitalocean

Prints the least and the median of five rounds (process time: the machine is shared, wall time is not
comparable from one run to the next). Issue 32's folded counts and subtypes, measured A/B on the same
machine: GitHub 0.18 s before and after; Stripe 0.59 s before, 0.63 s after.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
DESCRIPTIONS = {
    "github": "large/github-api.github.com.json",
    "stripe": "large/stripe-spec3.json",
    "jira": "large/jira.json",
    "digitalocean": "large/digitalocean.json",
}
ROUNDS = 5


def _bodies(document: dict) -> list[list[tuple[str, object]]]:
    """(direction, schema) of each operation's request and response media types, per operation."""
    operations = []
    for item in document["paths"].values():
        for operation in item.values() if isinstance(item, dict) else ():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            found = []
            body = operation.get("requestBody") or {}
            for media in (body.get("content") or {}).values():
                if isinstance(media, dict) and "schema" in media:
                    found.append(("request", media["schema"]))
            for response in operation["responses"].values():
                for media in (response.get("content") or {}).values() if isinstance(response, dict) else ():
                    if isinstance(media, dict) and "schema" in media:
                        found.append(("response", media["schema"]))
            operations.append(found)
    return operations


def run(name: str) -> None:
    from orgdocs.loading._refs import Resolver
    from orgdocs.render.site.schema_tree import TreeCache, TreeContext, schema_tree_html

    document = json.loads((CORPUS / DESCRIPTIONS[name]).read_text(encoding="utf-8"))
    resolve = Resolver(document).resolve
    operations = _bodies(document)
    rounds = []
    for _ in range(ROUNDS):
        cache = TreeCache()
        start = time.process_time()
        for i, found in enumerate(operations):
            context = TreeContext(id_prefix=f"p{i}-", cache=cache)
            for direction, schema in found:
                schema_tree_html(schema, resolve, direction=direction, where=("", ("x",)), context=context)
        rounds.append(time.process_time() - start)
    print(
        f"{name}: {len(operations)} operations, trees in {min(rounds):.3f} s CPU at least, "
        f"{statistics.median(rounds):.3f} s median of {ROUNDS}"
    )


if __name__ == "__main__":
    for name in sys.argv[1:] or ["github", "stripe"]:
        run(name)
