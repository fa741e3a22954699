"""Time from editing GitHub's description to the development server serving the changed payload.

    python benchmarks/dev.py [--corpus ../shared/corpus]

Target: under 3 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import httpx

from orgdocs.cli._dev import DevState, serve_dev

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder)
        (project / "content").mkdir()
        source = project / "content" / "github.json"
        shutil.copy(args.corpus / "large" / "github-api.github.com.json", source)
        (project / "docs.config.yaml").write_text(
            "content: ./content\ngroups:\n  - group: GitHub\n    sections:\n      - schema: ./github.json\n"
        )
        started = time.perf_counter()
        state = DevState(project / "docs.config.yaml", log=lambda text: None)
        print(
            f"first evaluation: {time.perf_counter() - started:.2f} s ({len(state.site.operations)} operations)"
        )
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = serve_dev(state, port=port)
        stop = threading.Event()
        threading.Thread(target=server.run, daemon=True).start()
        threading.Thread(target=state.watch, args=(stop,), daemon=True).start()
        while not server.started:
            time.sleep(0.01)
        route, entry = next(iter(state.site.operations.items()))
        url = f"http://127.0.0.1:{port}/_docs/openapi{route}.json"
        document = json.loads(source.read_bytes())
        first_operation = document["paths"][entry.operation.path][entry.operation.method]
        with httpx.Client(timeout=30) as client:
            for attempt in range(3):
                marker = f"Edited summary {attempt}"
                first_operation["summary"] = marker
                edited = time.perf_counter()
                source.write_text(json.dumps(document))
                while client.get(url).json()["operation"]["summary"] != marker:
                    time.sleep(0.02)
                print(f"edit -> reloaded payload served: {time.perf_counter() - edited:.2f} s")
        stop.set()
        server.should_exit = True


if __name__ == "__main__":
    main()
