"""``orgdocs build [CONFIG] [--out DIR] [--profile]``: the production build of the static reference site."""

from __future__ import annotations

import contextlib
import gc
import sys
import time
from collections.abc import Iterator

from orgdocs.render.site import Phases, build_site


def build_command(config: str | None, out: str, *, profile: bool = False) -> int:
    """``orgdocs build [CONFIG] [--out DIR] [--profile]``: errors are ``OrgdocsError`` (one line, exit 1 in
    the CLI). ``profile``: print where the time went, phase by phase (see ``orgdocs.render.site._phases``).
    CONFIG may be an API description (a file or a URL): the site of it alone."""
    from orgdocs.project import Site, default_config_path, load_config, refuse_output

    start = time.monotonic()
    path = default_config_path(config)
    phases = Phases(enabled=profile)
    with phases("evaluate"), _resting_collector():
        wall, cpu = time.perf_counter(), time.process_time()
        read = load_config(path)  # a description given alone is read here
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        refuse_output(read, out)
        site = Site(read)
    # spent reading descriptions, inside the evaluation: moved from "evaluate" to "load"
    wall, cpu = wall + site.load_seconds[0], cpu + site.load_seconds[1]
    phases.add("load", wall, cpu)
    phases.add("evaluate", -wall, -cpu)
    try:
        result = build_site(site, out, phases=phases)
    finally:
        gc.unfreeze()  # where the process goes on (a test, a notebook), the site is collected as usual again
    print(f"orgdocs build: {site.summary()} -> {out}: {result}")
    if profile:
        print(result.phases.table(time.monotonic() - start, result.workers))
    count = result.warnings
    if count:
        print(
            f"orgdocs build: {count} warning{'s' if count > 1 else ''}, listed by `orgdocs check {path}`",
            file=sys.stderr,
        )
    return 0


@contextlib.contextmanager
def _resting_collector() -> Iterator[None]:
    """No garbage collection while a site is loaded and evaluated, and none of what they made afterwards.

    A large description is millions of long-lived objects and no garbage cycles: each full collection while
    they are made walks all of them again, and so would the first ones after. When the block ends without an
    error, what exists is frozen (``gc.freeze``) before the collector resumes; the caller unfreezes it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
        gc.freeze()
    finally:
        if enabled:
            gc.enable()
