"""``orgdocs build``: the production build of the static site, written atomically.

Layout of ``out``::

    index.html                      the home page: each group's landing content
    <route>/index.html              one page per operation, hand-written page, group landing and tag
    <route>/index.md                the Markdown twin of each operation page
    404.html, llms.txt              the page of unknown routes; the site's pages, one line each
    _docs/openapi/index.json        the endpoint index (``Site.index``)
    _docs/openapi/search.json       a short text per endpoint, loaded by search on the first keystroke
    _docs/openapi/<route>.json      one payload per operation (also embedded in its page)
    <group>/schemas/<name>/index.html  a page per component schema (its tree is what other pages' folded
                                    rows of it show), and <group>/schemas/index.html, their list
                                    (``orgdocs.project.schema_pages``)
    _docs/assets/                   CSS and JavaScript, no build step, nothing from another host
    _docs/descriptions/<name>       each local description as it was read (``downloads``), linked from landings

    _docs/build-manifest.json       what this build wrote (the marker of an orgdocs build)

The files of the config's ``public`` folder (a ``CNAME``, a ``robots.txt``, downloads) are copied in too, and
the files hand-written pages link to by a relative URL (``![x](pic.png)``: ``orgdocs.project.check.page_files``),
where the link leads from the page. A public file named like a file the build writes is refused before
anything is written, naming it.

Everything is written into a temporary folder beside ``out``, which replaces ``out`` only when the whole
build succeeded: a failed build leaves the previous output exactly as it was. Only an empty folder or an
earlier build is ever replaced: its manifest lists every file in it and names the folder it was written
for (a manifest naming another folder, or a folder holding a file the build reads, a description, a page,
the config, the content, public or a changelog's updates folder, is refused, untouched). A file added to an
earlier build is refused too, naming it; what file browsers leave (``.DS_Store``, ``Thumbs.db``,
``desktop.ini``) is removed with the old build and named on stderr.

Interrupted at any moment (Ctrl-C, SIGTERM), a build leaves the previous output or the new one and nothing
beside it: the renames that swap them and the removal of the temporary folders run with both signals held
until they are done. Each temporary folder holds a mark (``LEFTOVER_MARK``: the output it is for, locked
while its build runs), so that a later build removes what a killed one left (``remove_leftovers``), and only
that. Operation pages are written by a pool of forked processes when there are enough of them to pay for it
(the site is shared copy-on-write, never pickled).
"""

from __future__ import annotations

import contextlib
import gc
import json
import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orgdocs.errors import OrgdocsError
from orgdocs.progress import Progress
from orgdocs.project.check import page_files, public_conflicts
from orgdocs.project.config import ChangelogGroup
from orgdocs.project.public import OS_LITTER, public_files, tree_files
from orgdocs.render.site.downloads import FOLDER, description_downloads
from orgdocs.render.site.extras import extra_files, operation_markdown
from orgdocs.render.site.pages import ASSET_FILES, PageRenderer
from orgdocs.render.site.paths import page_path, payload_path
from orgdocs.render.site.phases import Phases
from orgdocs.render.site.templating import ASSETS, PAYLOAD_SLOT, EmbeddedLater
from orgdocs.render.site.writing import Embedder, FileWriter, spread_folders

if TYPE_CHECKING:
    from orgdocs.project import Site

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: leftovers are not proven, so never removed
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MANIFEST",
    "PARALLEL_MIN_OPERATIONS",
    "BuildResult",
    "build_site",
    "earlier_build_files",
    "manifest_files",
    "manifest_text",
    "remove_leftovers",
]

PARALLEL_MIN_OPERATIONS = 100  # below about this many operations, forking writers costs what they save
CHUNK = 16  # operation pages per task sent to a worker, at least (see ``_chunks``)
MANIFEST = "_docs/build-manifest.json"  # written by every build: only a folder holding it may be replaced
MANIFEST_FORMAT = "orgdocs-build/1"
LEFTOVER_MARK = ".orgdocs-unfinished.json"  # in each temporary folder of a build, until it is done with it
LEFTOVER_FORMAT = "orgdocs-unfinished/1"
_SLOT = PAYLOAD_SLOT.encode()


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
    warnings: int = 0  # the site's problems, that ``orgdocs check`` lists
    phases: Phases = field(default_factory=Phases, repr=False)
    removed: list[str] = field(default_factory=list)  # file browsers' litter in the previous output

    def __str__(self) -> str:
        route, size = self.largest_page
        return (
            f"{self.pages} HTML files, {self.files} files in all, "
            f"{self.bytes / 1e6:.1f} MB written in {self.seconds:.1f}s; "
            f"largest page {route or '/'} ({size / 1e6:.2f} MB)"
        )


def build_site(
    site: Site,
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
    config = site.config
    _check_replaceable(out, _inputs(site))
    if (
        config.public is not None
        and config.public.is_dir()
        and out.resolve().is_relative_to(config.public.resolve())
    ):
        raise OrgdocsError("is inside the public folder, which the build copies into it", source=str(out))
    public_conflicts(site)  # before anything is written, naming the public file
    linked, linked_problems = page_files(site)
    litter = _litter(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(out)
        with _signals_held():
            tmp, mark = _temporary_folder(out, "building")
    except OSError as error:
        raise OrgdocsError(f"cannot create the output folder: {error}", source=str(out)) from None
    try:
        try:
            # mkdtemp makes it private (0700); the site is served by whoever serves files here
            umask = os.umask(0)
            os.umask(umask)
            tmp.chmod(0o777 & ~umask)
            spread_folders(str(tmp))
            result = _build_into(site, tmp, progress, workers, phases or Phases(enabled=False))
            published = _copy_public(site, tmp)
            for size in (*published, *_copy_linked(site, tmp, linked)):
                result.files += 1
                result.bytes += size
            result.warnings += len(linked_problems)
        except BaseException:
            with _signals_held():
                _remove_marked(tmp, mark)
            raise
        with _signals_held():  # from here to the end, the previous output or the new one, nothing else
            try:
                _unmark(tmp, mark)
                size = _write_manifest(tmp, out)
                _swap(tmp, out)
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
        result.files += 1
        result.bytes += size
    except OSError as error:  # a full disk, a permission: one line, like every other error
        raise OrgdocsError(f"cannot write the site: {error}", source=str(out)) from None
    result.out = out
    result.removed = litter
    if litter:
        shown = ", ".join(litter[:5]) + (f" and {len(litter) - 5} more" if len(litter) > 5 else "")
        print(
            f"orgdocs build: {out}: removed {shown}, left by a file browser in the previous output",
            file=sys.stderr,
        )
    result.seconds = time.monotonic() - start
    return result


def _inputs(site: Site) -> list[Path]:
    """Every file and folder the build reads: the config, the content and public folders, the changelogs'
    updates folders, each local description and each hand-written page."""
    config = site.config
    paths = [config.file, config.content, config.public]
    paths += [group.updates for group in config.groups if isinstance(group, ChangelogGroup)]
    paths += [description.path for description in site.descriptions]
    paths += [entry.page.path for entry in site.pages.values() if entry.page is not None]
    return [Path(path) for path in paths if path is not None]


def _litter(out: Path) -> list[str]:
    """What file browsers left in an earlier build at ``out`` (``public.OS_LITTER``), as relative paths."""
    if not (out / MANIFEST).is_file():
        return []
    found = []
    for folder, folders, files in os.walk(out):
        folders.sort()
        relative = Path(folder).relative_to(out).as_posix()
        found += [
            name if relative == "." else f"{relative}/{name}" for name in sorted(files) if name in OS_LITTER
        ]
    return found


def _check_replaceable(out: Path, inputs: list[Path]) -> None:
    """Refuse, touching nothing, to replace anything but an empty folder or an earlier build, or a folder
    holding anything the build reads (``inputs``)."""
    for path in inputs:
        if path.absolute().is_relative_to(out) or path.resolve().is_relative_to(out.resolve()):
            raise OrgdocsError(
                f"holds the docs project's {path.name} ({path}), which the build reads: not replacing it;"
                " choose another output folder",
                source=str(out),
            )
    written = earlier_build_files(out, "not replacing it")
    if not written:
        return
    extra = sorted(set(tree_files(out)) - written - {MANIFEST})
    if extra:
        raise OrgdocsError(
            f"{extra[0]} was not written by orgdocs build ({len(extra)} such file{'s' if len(extra) > 1 else ''}):"
            " not replacing it; put files the site needs in the config's public folder, which every build copies",
            source=str(out),
        )


def earlier_build_files(out: Path, refusal: str) -> set[str]:
    """The files of the orgdocs build in ``out``, from its manifest; none for a folder that does not exist
    or is empty. Anything else is refused, ending with ``refusal``: a ``_docs`` folder alone proves nothing."""
    if not out.exists():
        return set()
    if not out.is_dir():
        raise OrgdocsError(f"exists and is not a folder: {refusal}", source=str(out))
    if not any(out.iterdir()):
        return set()
    written = manifest_files(out)
    if written is None:
        raise OrgdocsError(
            f"is a folder that is not an orgdocs build (no {MANIFEST}): {refusal}", source=str(out)
        )
    named = manifest_output(out)
    if named is not None and not _same_folder(named, out):
        raise OrgdocsError(
            f"its {MANIFEST} was written for another output folder ({named}): {refusal};"
            " delete the folder or choose another output folder",
            source=str(out),
        )
    return written


def _same_folder(named: str, out: Path) -> bool:
    try:
        return Path(named).resolve() == out.resolve()
    except (OSError, RuntimeError, ValueError):
        return False


def manifest_text(files: Iterable[str], out: Path | None = None) -> str:
    """The build's manifest: its format, the writer, the output folder it was written for (``out``) and every
    file it holds (``manifest_files`` reads it)."""
    from orgdocs._version import __version__

    manifest: dict[str, Any] = {"format": MANIFEST_FORMAT, "generator": f"orgdocs {__version__}"}
    if out is not None:
        manifest["out"] = str(out)
    manifest["files"] = sorted(files)
    return json.dumps(manifest, indent=0)


def _manifest(out: Path) -> dict | None:
    try:
        manifest = json.loads((out / MANIFEST).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        return None
    return manifest


def manifest_files(out: Path) -> set[str] | None:
    """The files an earlier build wrote, from its manifest; ``None`` when ``out`` holds no valid one."""
    manifest = _manifest(out)
    files = manifest.get("files") if manifest is not None else None
    return set(files) if isinstance(files, list) and all(isinstance(f, str) for f in files) else None


def manifest_output(out: Path) -> str | None:
    """The output folder the manifest in ``out`` was written for; ``None`` when it names none (a manifest of
    ``export_pages``, or of a build before orgdocs named it)."""
    manifest = _manifest(out)
    named = manifest.get("out") if manifest is not None else None
    return named if isinstance(named, str) else None


def _write_manifest(root: Path, out: Path) -> int:
    return FileWriter(root).write_text(root / MANIFEST, manifest_text(tree_files(root), out))


def _copy_public(site: Site, root: Path) -> list[int]:
    """Copy the files of the config's public folder into the output (``public_files``); their sizes."""
    sizes = []
    for relative, source in public_files(site):
        target = root / relative
        if (
            target.exists() or target.is_symlink()
        ):  # public_conflicts refuses these: a folder named like a file
            raise OrgdocsError(
                f"{relative} has the name of a file the build writes: rename or remove it",
                source=site.config.name,
                place=f"public folder {site.config.public}",
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        sizes.append(target.stat().st_size)
    return sizes


def _copy_linked(site: Site, root: Path, linked: dict[str, Path]) -> list[int]:
    """Copy the files hand-written pages link to (``page_files``) where the links lead, but where a public
    file already is; their sizes."""
    sizes = []
    for relative, source in linked.items():
        target = root / relative
        if target.exists() or target.is_symlink():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        sizes.append(target.stat().st_size)
    return sizes


def _swap(tmp: Path, out: Path) -> None:
    """Put the new build in place of the old one; the window without ``out`` is two renames long. The old one
    waits for its removal in a marked folder: a build killed meanwhile leaves what a later one can prove."""
    try:
        if not out.exists():
            os.rename(tmp, out)
            return
        old, mark = _temporary_folder(out, "old")
        os.rename(out, old / "site")
        try:
            os.rename(tmp, out)
        except OSError:
            os.rename(old / "site", out)
            _remove_marked(old, mark)
            raise
        _remove_marked(old, mark)
    except OSError as error:
        raise OrgdocsError(f"cannot replace the output folder: {error}", source=str(out)) from None


# -- temporary folders, interruptions and leftovers -------------------------------------------------------------


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done, then act as they would have (Ctrl-C raises
    ``KeyboardInterrupt`` after it). Only the main thread can hold them; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous: dict[int, Any] = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError, OSError):
            previous[number] = signal.signal(number, lambda got, frame: caught.append(got))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(caught):
            handler = previous.get(number)
            if callable(handler):
                handler(number, None)
            elif handler == signal.SIG_DFL:
                os.kill(os.getpid(), number)


def _temporary_folder(out: Path, kind: str) -> tuple[Path, int]:
    """A new folder ``.<out name>.<kind>-XXXXXXXX`` beside ``out`` holding ``LEFTOVER_MARK`` (the output it is
    for), locked while this process (and its page writers) live; (the folder, the mark's descriptor)."""
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}.{kind}-", dir=out.parent))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    mark = os.open(folder / LEFTOVER_MARK, flags, 0o600)
    os.write(mark, json.dumps({"format": LEFTOVER_FORMAT, "out": str(out)}).encode())
    if fcntl is not None:
        fcntl.flock(mark, fcntl.LOCK_EX)
    return folder, mark


def _unmark(folder: Path, mark: int) -> None:
    """The folder is no leftover any more: it is about to become the output."""
    os.unlink(folder / LEFTOVER_MARK)
    os.close(mark)


def _remove_marked(folder: Path, mark: int | None) -> None:
    """Remove a marked folder, its mark last, so that an interrupted removal still leaves a proven leftover."""
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == LEFTOVER_MARK:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
        os.unlink(folder / LEFTOVER_MARK)
        os.rmdir(folder)
    except OSError:
        pass
    finally:
        if mark is not None:
            with contextlib.suppress(OSError):
                os.close(mark)


def remove_leftovers(out: Path) -> list[Path]:
    """Remove the temporary folders that builds of ``out`` killed before they were done left beside it:
    ``.<name>.building-*`` and ``.<name>.old-*`` folders whose mark names ``out`` and is not locked by a
    running build. Anything else is left as it is. Returns what was removed."""
    removed: list[Path] = []
    if fcntl is None or not out.parent.is_dir():
        return removed
    prefixes = (f".{out.name}.building-", f".{out.name}.old-")
    for entry in sorted(out.parent.iterdir()):
        if not entry.name.startswith(prefixes) or entry.is_symlink() or not entry.is_dir():
            continue
        try:
            mark = os.open(
                entry / LEFTOVER_MARK,
                os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
            )
        except OSError:
            continue  # no mark: not proven to be a build's
        try:
            fcntl.flock(mark, fcntl.LOCK_EX | fcntl.LOCK_NB)
            found = json.loads(os.read(mark, 65536))
        except (OSError, ValueError):  # locked: its build is still running
            os.close(mark)
            continue
        if not (
            isinstance(found, dict)
            and found.get("format") == LEFTOVER_FORMAT
            and found.get("out") == str(out)
        ):
            os.close(mark)
            continue
        with _signals_held():
            _remove_marked(entry, mark)
        removed.append(entry)
    return removed


# -- writing ---------------------------------------------------------------------------------------------------


class _Totals:
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


class _OperationWriter:
    """Writes operation pages and payloads: what a page writer process needs, shared with it by the fork."""

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
        """A page's bytes with its payload's in its slot, if it has one (a webhook's page has no form to
        read it)."""
        at = html.rfind(_SLOT)
        if at < 0:
            return [html]
        page = memoryview(html)
        return [page[:at], *self.embedder.chunks(parts), page[at + len(_SLOT) :]]


def _build_into(site: Site, root: Path, progress: bool, workers: int | None, phases: Phases) -> BuildResult:
    totals = _Totals()
    with phases("render"):
        renderer = PageRenderer(site)
    writer = _OperationWriter(renderer, root)
    routes = [*site.operations, *site.schema_pages.schemas]  # schema pages: written like operations
    with phases("evaluate"):
        site.schema_pages.prepare()  # what uses each schema: once, shared by the page writers
    if workers is None:
        workers = (os.cpu_count() or 1) if len(routes) >= PARALLEL_MIN_OPERATIONS else 1
    count = max(1, min(workers, len(routes)))
    bar = Progress(len(routes), "orgdocs build: operation pages", enabled=progress)

    def site_files() -> None:
        _write_site_files(site, renderer, writer.files, totals, phases)
        with phases("evaluate"):  # while the page writers work: a walk over each description
            totals.warnings = len(site.problems)

    try:
        if count > 1 and "fork" in multiprocessing.get_all_start_methods():
            _write_parallel(writer, routes, count, totals, bar, phases, meanwhile=site_files)
        else:
            count = 1
            site_files()
            for route in routes:
                _account(totals, writer.write(route, phases))
                bar.advance()
    finally:
        bar.close()
    return BuildResult(
        out=root,
        pages=totals.pages,
        operations=len(site.operations),
        files=totals.files,
        bytes=totals.bytes,
        largest_page=totals.largest,
        seconds=0.0,  # set by build_site, which times the whole build
        workers=count,
        warnings=totals.warnings,
        phases=phases,
    )


def _write_site_files(
    site: Site, renderer: PageRenderer, files: FileWriter, totals: _Totals, phases: Phases
) -> None:
    """Everything but the operations' files: the assets, the endpoint index, the home page, hand-written
    pages, and the extras (``_write_extras``)."""
    root = files.root
    with phases("write"):
        assets = root / "_docs" / "assets"
        assets.mkdir(parents=True, exist_ok=True)
        for name in ASSET_FILES:
            shutil.copyfile(ASSETS / name, assets / name)
            totals.file((assets / name).stat().st_size)
        for download in description_downloads(site).values():
            if download.file is not None:  # the description as it was read, under its own name
                totals.file(files.write(root / FOLDER / download.name, [download.file.read_bytes()]))
    with phases("evaluate"):
        index = json.dumps(site.index, ensure_ascii=False, separators=(",", ":"))
    with phases("write"):
        totals.file(files.write_text(root / "_docs" / "openapi" / "index.json", index))
    for route in ["", *site.pages, *site.schema_pages.listings]:
        with phases("render"):
            if route in site.schema_pages.listings:
                html = renderer.schema_list(route)
            else:
                html = renderer.page(route) if route else renderer.home()
        with phases("write"):
            totals.page(
                route or "/", files.write_text(page_path(root, route) if route else root / "index.html", html)
            )
    _write_extras(site, renderer, files, totals, phases)


def _write_extras(
    site: Site, renderer: PageRenderer, files: FileWriter, totals: _Totals, phases: Phases
) -> None:
    """The search file, landing and section pages, 404.html and llms.txt (``orgdocs.render.site.extras``)."""
    with phases("render"):
        for relative, text, is_page in extra_files(site, renderer):
            size = files.write_text(files.root / relative, text)
            if is_page:
                totals.page("/" + relative.removesuffix("index.html").strip("/"), size)
            else:
                totals.file(size)


def _account(totals: _Totals, written: tuple[str, int, int, int]) -> None:
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


def _chunks(routes: list[str], count: int) -> list[list[str]]:
    """``routes`` in runs of neighbours, each a ``2 * count``-th of what is left (down to ``CHUNK``): a page
    writer that takes a long run meets the same schemas again, rendered once in its process (two writers
    render more schema heads than one process, fewer with these runs than with runs of ``CHUNK``),
    and the last runs are short, so that every writer is busy to the end."""
    chunks, start = [], 0
    while start < len(routes):
        size = max(CHUNK, (len(routes) - start) // (2 * count))
        chunks.append(routes[start : start + size])
        start += size
    return chunks


def _write_parallel(
    writer: _OperationWriter,
    routes: list[str],
    count: int,
    totals: _Totals,
    bar: Progress,
    phases: Phases,
    *,
    meanwhile: Callable[[], None],
) -> None:
    """The operations' files, written by ``count`` forked workers; ``meanwhile`` runs in this process while
    they work (the rest of the site, off the critical path)."""
    chunks = _chunks(routes, count)
    _SHARED.update(writer=writer, timed=phases.enabled)
    # Objects made so far stay out of the collector: forked pages are not copied by it. No collection
    # first: the description holds no garbage worth a walk over its millions of objects.
    # Whoever froze objects before (``build_command``, a notebook) unfreezes them: not this block.
    frozen_before = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        context = multiprocessing.get_context("fork")
        with context.Pool(count) as pool:
            results = pool.imap_unordered(_work, chunks)
            meanwhile()
            for written, spent in results:
                for item in written:
                    _account(totals, item)
                phases.merge(spent)
                bar.advance(len(written))
    finally:
        if not frozen_before:
            gc.unfreeze()
        _SHARED.clear()
    sys.stderr.flush()
