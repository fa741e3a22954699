"""Writing the pages of operations, webhooks and component schemas: one route at a time (``PageWriter``), by a
pool of forked processes when there are enough of them to pay for it (``write_parallel``: the site is shared
copy-on-write, never pickled), and what they wrote, counted (``Totals``)."""

from __future__ import annotations

import gc
import multiprocessing
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from orgdocs._progress import Progress
from orgdocs.render.site._extras import operation_markdown
from orgdocs.render.site._pages import PageRenderer
from orgdocs.render.site._paths import page_path, payload_path
from orgdocs.render.site._phases import Phases
from orgdocs.render.site._templating import PAYLOAD_SLOT, EmbeddedLater
from orgdocs.render.site._writing import Embedder, FileWriter

__all__ = ["CHUNK", "PageWriter", "Totals", "account", "chunks", "write_parallel"]

CHUNK = 16  # operation pages per task sent to a worker, at least (see ``chunks``)
_SLOT = PAYLOAD_SLOT.encode()


class Totals:
    """What a build wrote: files, bytes, pages and the largest page."""

    def __init__(self) -> None:
        self.bytes = 0
        self.files = 0
        self.pages = 0
        self.largest = ("", 0)
        self.warnings = 0

    def file(self, size: int) -> None:
        self.files += 1
        self.bytes += size

    def page(self, route: str, size: int) -> None:
        self.pages += 1
        self.file(size)
        if size > self.largest[1]:
            self.largest = (route, size)


class PageWriter:
    """Writes the pages of operations (with their payloads and Markdown twins) and of component schemas: what
    a page writer process needs, shared with it by the fork."""

    def __init__(self, renderer: PageRenderer, root: Path):
        self.renderer = renderer
        self.files = FileWriter(root)
        self.embedder = Embedder()
        self.root = root

    def write(self, route: str, phases: Phases) -> tuple[str, int, int, int]:
        """(route, page bytes, bytes of its other files, their count) of one operation, written: its page,
        its payload and the page's Markdown twin; or of one schema page."""
        site = self.renderer.site
        if route in site.schema_pages.schemas:
            return self.write_schema(route, phases)
        with phases("payloads"):
            parts = site.payload_parts(route)
        with phases("render"):
            page = self.page_chunks(route, parts)
            twin = operation_markdown(site, route)
        with phases("write"):
            payload_size = self.files.write(payload_path(self.root, route), parts.chunks())
            page_file = page_path(self.root, route)
            page_size = self.files.write(page_file, page)
            twin_size = self.files.write_text(page_file.with_name("index.md"), twin)
        return route, page_size, payload_size + twin_size, 2

    def write_schema(self, route: str, phases: Phases) -> tuple[str, int, int, int]:
        with phases("render"):
            page = self.renderer.schema(route)
        with phases("write"):
            return route, self.files.write_text(page_path(self.root, route), page), 0, 0

    def page_chunks(self, route: str, parts: Any) -> list[bytes | memoryview]:
        """The page's bytes: its HTML rendered around a slot, and the payload's bytes in the slot (the same
        bytes as rendering the whole payload into the page, without copying it into the page's text). The
        slot is the last one in the page: only the template's closing tags and scripts follow the payload."""
        html = self.renderer.operation(route, parts, EmbeddedLater(parts.head_json())).encode("utf-8")
        return self.embedded(html, parts)

    def embedded(self, html: bytes, parts: Any) -> list[bytes | memoryview]:
        """A page's bytes with its payload's in its slot."""
        at = html.rfind(_SLOT)
        page = memoryview(html)
        return [page[:at], *self.embedder.chunks(parts), page[at + len(_SLOT) :]]


def account(totals: Totals, written: tuple[str, int, int, int]) -> None:
    """Count what ``PageWriter.write`` wrote for one route."""
    route, page_size, other_bytes, other_files = written
    totals.page(route, page_size)
    totals.files += other_files  # an operation's payload and Markdown twin
    totals.bytes += other_bytes


# The forked workers find the writer here: set before the fork, inherited copy-on-write.
_SHARED: dict[str, Any] = {}


def _work(chunk: list[str]) -> tuple[list[tuple[str, int, int]], tuple]:
    """The pages of ``chunk``, written, and the time each phase took for them."""
    writer = _SHARED["writer"]
    phases = Phases(enabled=_SHARED["timed"])
    written = [writer.write(route, phases) for route in chunk]
    return written, phases.totals()


def chunks(routes: list[str], count: int) -> list[list[str]]:
    """``routes`` in runs of neighbours, each a ``2 * count``-th of what is left (down to ``CHUNK``): a page
    writer that takes a long run meets the same schemas again, rendered once in its process (two writers
    render more schema heads than one process, fewer with these runs than with runs of ``CHUNK``),
    and the last runs are short, so that every writer is busy to the end."""
    runs, start = [], 0
    while start < len(routes):
        size = max(CHUNK, (len(routes) - start) // (2 * count))
        runs.append(routes[start : start + size])
        start += size
    return runs


def write_parallel(
    writer: PageWriter,
    routes: list[str],
    count: int,
    totals: Totals,
    bar: Progress,
    phases: Phases,
    *,
    meanwhile: Callable[[], None],
) -> None:
    """The operations' files, written by ``count`` forked workers; ``meanwhile`` runs in this process while
    they work (the rest of the site, off the critical path)."""
    runs = chunks(routes, count)
    _SHARED.update(writer=writer, timed=phases.enabled)
    # Objects made so far stay out of the collector: forked pages are not copied by it. No collection
    # first: the description holds no garbage worth a walk over its millions of objects.
    # Whoever froze objects before (``build_command``, a notebook) unfreezes them: not this block.
    frozen_before = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(count) as pool:
            results = pool.imap_unordered(_work, runs)
            meanwhile()
            for written, spent in results:
                for item in written:
                    account(totals, item)
                phases.merge(spent)
                bar.advance(len(written))
    finally:
        if not frozen_before:
            gc.unfreeze()
        _SHARED.clear()
    sys.stderr.flush()
