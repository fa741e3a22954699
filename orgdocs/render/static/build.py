"""``orgdocs build``: the production build of the static site, written atomically.

Layout of ``out``::

    index.html                      the home page: title and the whole navigation
    <route>/index.html              one page per operation and per hand-written page
    _docs/openapi/index.json        the endpoint index (``Site.index``)
    _docs/openapi/<route>.json      one payload per operation (also embedded in its page)
    _docs/assets/                   CSS and JavaScript, no build step, nothing from another host

Everything is written into a temporary folder beside ``out``, which replaces ``out`` only when the whole
build succeeded: a failed build leaves the previous output exactly as it was. A folder that is not an
earlier build is never replaced. Operation pages are written by a pool of forked processes when there are
enough of them to pay for it (the site is shared copy-on-write, never pickled).
"""

from __future__ import annotations

import gc
import json
import multiprocessing
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from orgdocs.errors import OrgdocsError
from orgdocs.progress import Progress
from orgdocs.render.static.pages import ASSET_FILES, PageRenderer
from orgdocs.render.static.paths import page_path, payload_path
from orgdocs.render.static.phases import Phases
from orgdocs.render.static.templating import ASSETS, PAYLOAD_SLOT, EmbeddedLater
from orgdocs.render.static.writing import Embedder, FileWriter

__all__ = ["PARALLEL_MIN_OPERATIONS", "BuildResult", "build_command", "build_site"]

PARALLEL_MIN_OPERATIONS = 100  # measured: 89 operations build as fast on one core, 195 a third faster on two
CHUNK = 16  # operation pages per task sent to a worker
MARKER = "_docs"  # a folder holding this is an earlier build and may be replaced


@dataclass
class BuildResult:
    out: Path
    pages: int  # HTML pages, the home page included
    operations: int
    files: int  # every file written: pages, payloads, the index and the assets
    bytes: int  # total size of every file written
    largest_page: tuple[str, int]  # (route, bytes of its HTML)
    seconds: float
    workers: int
    phases: Phases = field(default_factory=Phases, repr=False)

    def __str__(self) -> str:
        route, size = self.largest_page
        return (
            f"{self.pages} pages ({self.operations} operations), {self.files} files, "
            f"{self.bytes / 1e6:.1f} MB written in {self.seconds:.1f}s; "
            f"largest page {route or '/'} ({size / 1e6:.2f} MB)"
        )


def build_command(config: str | None, out: str, *, profile: bool = False) -> int:
    """``orgdocs build [CONFIG] [--out DIR] [--profile]``: errors are ``OrgdocsError`` (one line, exit 1 in
    the CLI). ``profile``: print where the time went, phase by phase (see ``orgdocs.render.static.phases``)."""
    from orgdocs.site import Site
    from orgdocs.site.bundled import default_config_path

    start = time.monotonic()
    path = default_config_path(config)
    phases = Phases()
    with phases("evaluate"):
        site = Site(path)
    wall, cpu = site.load_seconds  # spent inside the evaluation: moved from "evaluate" to "load"
    phases.add("load", wall, cpu)
    phases.add("evaluate", -wall, -cpu)
    result = build_site(site, out, phases=phases)
    print(f"orgdocs build: {out}: {result}")
    if profile:
        print(result.phases.table(time.monotonic() - start, result.workers))
    if site.problems:
        count = len(site.problems)
        print(
            f"orgdocs build: {count} warning{'s' if count > 1 else ''}, listed by `orgdocs check {path}`",
            file=sys.stderr,
        )
    return 0


def build_site(
    site: Any,
    out: str | Path,
    *,
    progress: bool = True,
    workers: int | None = None,
    phases: Phases | None = None,
) -> BuildResult:
    """Build ``site`` into ``out`` (see the module docstring). ``workers``: processes for the operation
    pages (default: every core when there are at least ``PARALLEL_MIN_OPERATIONS`` operations);
    ``phases``: where the time goes is added to it (``BuildResult.phases``)."""
    start = time.monotonic()
    out = Path(out).absolute()
    _check_replaceable(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
        # mkdtemp makes it private (0700); the site is served by whoever serves files here
        umask = os.umask(0)
        os.umask(umask)
        tmp.chmod(0o777 & ~umask)
    except OSError as error:
        raise OrgdocsError(f"cannot create the output folder: {error}", source=str(out)) from None
    try:
        result = _build_into(site, tmp, progress, workers, phases or Phases())
        _swap(tmp, out)
    except OSError as error:  # a full disk, a permission: one line, like every other error
        shutil.rmtree(tmp, ignore_errors=True)
        raise OrgdocsError(f"cannot write the site: {error}", source=str(out)) from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    result.out = out
    result.seconds = time.monotonic() - start
    return result


def _check_replaceable(out: Path) -> None:
    if not out.exists():
        return
    if not out.is_dir():
        raise OrgdocsError("exists and is not a folder: not replacing it", source=str(out))
    if any(out.iterdir()) and not (out / MARKER).is_dir():
        raise OrgdocsError("is a folder that is not an orgdocs build: not replacing it", source=str(out))


def _swap(tmp: Path, out: Path) -> None:
    """Put the new build in place of the old one; the window without ``out`` is two renames long."""
    try:
        if not out.exists():
            os.rename(tmp, out)
            return
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
        os.rename(out, old / "site")
        try:
            os.rename(tmp, out)
        except OSError:
            os.rename(old / "site", out)
            raise
        shutil.rmtree(old, ignore_errors=True)
    except OSError as error:
        raise OrgdocsError(f"cannot replace the output folder: {error}", source=str(out)) from None


# -- writing ---------------------------------------------------------------------------------------------------


class _Totals:
    def __init__(self) -> None:
        self.bytes = 0
        self.files = 0
        self.pages = 0
        self.largest = ("", 0)

    def file(self, size: int) -> None:
        self.files += 1
        self.bytes += size

    def page(self, route: str, size: int) -> None:
        self.pages += 1
        self.file(size)
        if size > self.largest[1]:
            self.largest = (route, size)


class _OperationWriter:
    """Writes operation pages and payloads: what a page writer process needs, shared with it by the fork."""

    def __init__(self, renderer: PageRenderer, root: Path):
        self.renderer = renderer
        self.files = FileWriter(root)
        self.embedder = Embedder()
        self.root = root

    def write(self, route: str, phases: Phases) -> tuple[str, int, int]:
        """(route, page bytes, payload bytes) of one operation, written."""
        with phases("payloads"):
            parts = self.renderer.site.payload_parts(route)
        with phases("render"):
            page = self.page_chunks(route, parts)
        with phases("write"):
            payload_size = self.files.write(payload_path(self.root, route), parts.chunks())
            page_size = self.files.write(page_path(self.root, route), page)
        return route, page_size, payload_size

    def page_chunks(self, route: str, parts: Any) -> list[bytes]:
        """The page's bytes: its HTML rendered around a slot, and the payload's bytes in the slot (the same
        bytes as rendering the whole payload into the page, without copying it into the page's text)."""
        html = self.renderer.operation(route, EmbeddedLater(parts.head_json()))
        before, slot, after = html.rpartition(PAYLOAD_SLOT)
        if not slot or PAYLOAD_SLOT in before:  # never on escaped text; but the page must stay right
            return [self.renderer.operation(route, parts.to_bytes().decode("utf-8")).encode("utf-8")]
        return [before.encode("utf-8"), *self.embedder.chunks(parts), after.encode("utf-8")]


def _build_into(site: Any, root: Path, progress: bool, workers: int | None, phases: Phases) -> BuildResult:
    totals = _Totals()
    with phases("render"):
        renderer = PageRenderer(site)
    writer = _OperationWriter(renderer, root)
    files = writer.files
    with phases("write"):
        assets = root / "_docs" / "assets"
        assets.mkdir(parents=True)
        for name in ASSET_FILES:
            shutil.copyfile(ASSETS / name, assets / name)
            totals.file((assets / name).stat().st_size)
    with phases("evaluate"):
        index = json.dumps(site.index, ensure_ascii=False, separators=(",", ":"))
    with phases("write"):
        totals.file(files.write_text(root / "_docs" / "openapi" / "index.json", index))
    for route in ["", *site.pages]:
        with phases("render"):
            html = renderer.page(route) if route else renderer.home()
        with phases("write"):
            totals.page(
                route or "/", files.write_text(page_path(root, route) if route else root / "index.html", html)
            )
    routes = list(site.operations)
    if workers is None:
        workers = (os.cpu_count() or 1) if len(routes) >= PARALLEL_MIN_OPERATIONS else 1
    count = max(1, min(workers, len(routes)))
    bar = Progress(len(routes), "orgdocs build: operation pages", enabled=progress)
    try:
        if count > 1 and "fork" in multiprocessing.get_all_start_methods():
            _write_parallel(writer, routes, count, totals, bar, phases)
        else:
            count = 1
            for route in routes:
                _account(totals, writer.write(route, phases))
                bar.advance()
    finally:
        bar.close()
    return BuildResult(
        root, totals.pages, len(routes), totals.files, totals.bytes, totals.largest, 0.0, count, phases
    )


def _account(totals: _Totals, written: tuple[str, int, int]) -> None:
    route, page_size, payload_size = written
    totals.page(route, page_size)
    totals.file(payload_size)


# The forked workers find the writer here: set before the fork, inherited copy-on-write.
_SHARED: dict[str, Any] = {}


def _work(chunk: list[str]) -> tuple[list[tuple[str, int, int]], tuple]:
    """The pages of ``chunk``, written, and the time each phase took for them."""
    writer = _SHARED["writer"]
    phases = Phases()
    written = [writer.write(route, phases) for route in chunk]
    return written, phases.totals()


def _write_parallel(
    writer: _OperationWriter, routes: list[str], count: int, totals: _Totals, bar: Progress, phases: Phases
) -> None:
    size = max(1, min(CHUNK, len(routes) // (count * 4)))  # small enough to keep every worker busy to the end
    chunks = [routes[i : i + size] for i in range(0, len(routes), size)]
    _SHARED.update(writer=writer)
    # Objects made so far stay out of the collector: forked pages are not copied by it. No collection
    # first: the description holds no garbage worth a walk over its millions of objects (0.1 s on GitHub's).
    gc.freeze()
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(count) as pool:
            for written, spent in pool.imap_unordered(_work, chunks):
                for item in written:
                    _account(totals, item)
                phases.merge(spent)
                bar.advance(len(written))
    finally:
        gc.unfreeze()
        _SHARED.clear()
    sys.stderr.flush()
