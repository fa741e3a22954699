"""The mock on real descriptions: how fast it is ready, what it costs, and whether its answers pass the check.

    python benchmarks/mock.py [FILE ...]

Default FILEs: GitHub's description and Microsoft Graph beta's from the corpus (``large/``).

- ready: loading the description and building the mock's app (``orgdocs.render._mock_server.create_app``), as
  ``orgdocs mock`` does before it listens (target for GitHub: under 3 s); peak memory of that process.
- sweep: every operation sent by a ``RequestForm`` (required values from the description's examples or hints,
  a dummy credential for each scheme) through ``orgdocs.mock_client``; each answer checked against the
  description (``orgdocs.project._conformance.check_response``). Printed: answers, clean ones, the kinds of
  difference left, the time of the first exchange (the mock's checks and the answer's check meet the
  description for the first time: a reader's first Send) and the mean time of one exchange.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", ROOT.parent / "shared" / "corpus"))
DEFAULTS = [CORPUS / "large" / "github-api.github.com.json", CORPUS / "large" / "msgraph-beta.json.gz"]

READY = """
import json, resource, sys, time
started = time.perf_counter()
from orgdocs.render._mock_server import as_description, create_app
description = as_description(sys.argv[1])
create_app(description)
print(json.dumps({"seconds": time.perf_counter() - started, "operations": len(description.operations),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def ready(path: Path) -> dict:
    """Time to a listening mock, in a fresh process (imports included)."""
    done = subprocess.run(
        [sys.executable, "-c", READY, str(path)], capture_output=True, text=True, check=True, timeout=600
    )
    return json.loads(done.stdout)


def sweep(path: Path, limit: int | None = None) -> dict:
    """Send every operation of ``path`` to its mock and check each answer."""
    import orgdocs
    from orgdocs.project._conformance import check_response
    from orgdocs.render.widgets._request_form import FormError, RequestForm
    from orgdocs.render.widgets._tokens import TokenStore

    description = orgdocs.load(path)
    client = orgdocs.mock_client(description, base_url="http://mock.test")
    import jsonschema  # noqa: F401  # imported ahead, as a shown Explorer has them (widgets/_first_send.py)
    import referencing.jsonschema  # noqa: F401

    kinds: collections.Counter = collections.Counter()
    clean = sent = 0
    first_seconds = None
    started = time.perf_counter()
    for operation in description.operations[:limit]:
        form = RequestForm(operation, client=client, tokens=TokenStore(), allow=["*"])
        try:
            form.fill_examples()
            for scheme, field in form.credential_fields:
                if field == "value":
                    form.set_credential(scheme, "x")
                elif field == "username":
                    form.set_credential(scheme, username="u", password="p")
            response = form.send()
        except FormError as error:
            kinds[f"not sent: {str(error)[:60]}"] += 1
            continue
        sent += 1
        check = check_response(
            operation, description, response.status_code, response.headers, response.content
        )
        if first_seconds is None:
            first_seconds = time.perf_counter() - started
        if check.ok:
            clean += 1
        else:
            first = check.differences[0]
            kinds[f"{response.status_code}: expected {first.expected[:50]}"] += 1
    seconds = time.perf_counter() - started
    return {
        "operations": len(description.operations),
        "sent": sent,
        "clean": clean,
        "ms_per_exchange": 1000 * seconds / max(sent, 1),
        "first_ms": 1000 * (first_seconds or 0.0),
        "left": kinds.most_common(8),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, default=DEFAULTS)
    parser.add_argument("--no-sweep", action="store_true", help="time the start only")
    args = parser.parse_args()
    for path in args.files:
        if not path.exists():
            print(f"{path}: missing (the dev corpus: ../shared/corpus or $ORGDOCS_CORPUS)")
            continue
        figures = ready(path)
        print(
            f"{path.name}: {figures['operations']:,} operations, mock ready in {figures['seconds']:.2f} s,"
            f" peak {figures['peak_mb']:.0f} MB"
        )
        if not args.no_sweep:
            found = sweep(path)
            print(
                f"  sweep: {found['sent']:,} of {found['operations']:,} sent, {found['clean']:,} clean,"
                f" first exchange {found['first_ms']:.0f} ms, then {found['ms_per_exchange']:.1f} ms an exchange"
            )
            for kind, count in found["left"]:
                print(f"    {count:>5}  {kind}")
    print(f"(this process: peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
