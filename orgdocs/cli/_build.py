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
    the CLI). ``profile``: print where the time went, phase by phase (see ``orgdocs.render.site._phases``)."""
    from orgdocs.project import Site, default_config_path

    start = time.monotonic()
    path = default_config_path(config)
    phases = Phases(enabled=profile)
    with phases("evaluate"), _resting_collector():
        site = Site(path)
    wall, cpu = site.load_seconds  # spent inside the evaluation: moved from "evaluate" to "load"
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
