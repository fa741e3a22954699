"""Benchmark of the code samples: the time to write each language for every operation of GitHub's
description (the request each page's form starts with), and what the samples weigh in the browser.

    python benchmarks/samples.py             # GitHub (../shared/corpus or $ORGDOCS_CORPUS)

A built page holds the default language's sample only (curl); the browser writes the others from
``assets/samples.js``, loaded once and cached. Printed: per language, the median and total time over all
operations; the gzipped bytes of ``samples.js``, ``request.js`` and ``code.js``.
"""

from __future__ import annotations

import gzip
import json
import os
import statistics
import time
from pathlib import Path

from orgdocs import Site
from orgdocs.project.samples import LANGUAGES, code_samples
from orgdocs.render.site._form import body_text, form_fields, initial_request
from orgdocs.render.site._templating import ASSETS

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
GITHUB = CORPUS / "large" / "github-api.github.com.json"


def requests_of(site: Site) -> list:
    out = []
    for entry in site.operations.values():
        operation = entry.operation
        examples = site.payload_parts(entry.route).value["examples"]["request"]
        media = next(iter(examples), None)
        first = examples[media] if media else {}
        body = body_text(operation, media, first.get("start", first.get("value"))) if media else ""
        fields = form_fields(operation, entry.description.resolve)
        parts, _ = initial_request(operation, fields, operation.servers, body)
        out.append(parts)
    return out


def main() -> None:
    site = Site(
        {
            "content": str(GITHUB.parent),
            "groups": [{"group": "API", "sections": [{"schema": "./" + GITHUB.name}]}],
        }
    )
    requests = requests_of(site)
    print(f"{len(requests)} operations of {GITHUB.name}")
    for key, label in LANGUAGES:
        times = []
        for parts in requests:
            start = time.perf_counter()
            code_samples(parts, languages=(key,))
            times.append(time.perf_counter() - start)
        print(
            f"  {label:20} median {statistics.median(times) * 1e6:6.0f} us   all {sum(times) * 1e3:6.0f} ms"
        )
    for name in ("samples.js", "request.js", "code.js"):
        data = (ASSETS / name).read_bytes()
        print(f"  {name:12} {len(data):7,} bytes, {len(gzip.compress(data, 9)):6,} gzipped")
    one = code_samples(requests[0])
    print(f"  one request, every language: {len(json.dumps(one)):,} bytes of text")


if __name__ == "__main__":
    main()
