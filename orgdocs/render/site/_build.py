"""``orgdocs build``: the production build of the static site, written atomically.

Layout of ``out``::

    index.html                      the home page: each group's landing content
    <route>/index.html              one page per operation, hand-written page, group landing and tag
    <route>/index.md                the Markdown twin of each operation page
    404.html, llms.txt              the page of unknown routes; the site's pages, one line each
    _docs/openapi/index.json        the endpoint index (``Site.index``)
    _docs/openapi/search.json       a short text per endpoint, loaded by search on the first keystroke
    _docs/openapi/<route>.json      one payload per operation (also embedded in its page, if it has a form)
    <group>/schemas/<name>/index.html  a page per component schema (its tree is what other pages' folded
                                    rows of it show), and <group>/schemas/index.html, their list
                                    (``orgdocs.project._schema_pages``)
    _docs/assets/                   CSS and JavaScript (ES modules under <hash>/), no build step, nothing from another host
    _docs/descriptions/<name>       each local description as it was read (``_downloads``), linked from landings

    _docs/build-manifest.json       what this build wrote (the marker of an orgdocs build)

The files of the config's ``public`` folder (a ``CNAME``, a ``robots.txt``, downloads) are copied in too, and
the files hand-written pages link to by a relative URL (``![x](pic.png)``: ``orgdocs.project._check.page_files``),
where the link leads from the page. A public file named like a file the build writes is refused before
anything is written, naming it.

Everything is written into a temporary folder beside ``out``, which replaces ``out`` only when the whole
build succeeded, and only if ``out`` is empty or an earlier build (``_output_folder``). The pages of operations,
webhooks and component schemas are written by a pool of forked processes when there are enough of them to pay
for it (``_page_writers``); this process writes the rest of the site meanwhile.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from orgdocs._progress import Progress
from orgdocs.errors import OrgdocsError
from orgdocs.project import ChangelogGroup, page_files, public_conflicts, public_files
from orgdocs.render.site._asset_files import asset_paths
from orgdocs.render.site._downloads import FOLDER, description_downloads
from orgdocs.render.site._extras import extra_files
from orgdocs.render.site._output_folder import (
    check_replaceable,
    os_litter,
    remove_leftovers,
    remove_marked,
    signals_held,
    swap,
    temporary_folder,
    unmark,
    write_manifest,
)
from orgdocs.render.site._page_writers import PageWriter, Totals, account, write_parallel
from orgdocs.render.site._pages import PageRenderer
from orgdocs.render.site._paths import page_path
from orgdocs.render.site._phases import Phases
from orgdocs.render.site._templating import ASSETS
from orgdocs.render.site._writing import FileWriter, spread_folders

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["PARALLEL_MIN_OPERATIONS", "BuildResult", "build_site"]

PARALLEL_MIN_OPERATIONS = 100  # below about this many operations, forking writers costs what they save


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
    check_replaceable(out, _inputs(site))
    if (
        config.public is not None
        and config.public.is_dir()
        and out.resolve().is_relative_to(config.public.resolve())
    ):
        raise OrgdocsError("is inside the public folder, which the build copies into it", source=str(out))
    public_conflicts(site)  # before anything is written, naming the public file
    linked, linked_problems = page_files(site)
    litter = os_litter(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(out)
        with signals_held():
            tmp, mark = temporary_folder(out, "building")
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
            with signals_held():
                remove_marked(tmp, mark)
            raise
        with signals_held():  # from here to the end, the previous output or the new one, nothing else
            try:
                unmark(tmp, mark)
                size = write_manifest(tmp, out)
                swap(tmp, out)
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


def _build_into(site: Site, root: Path, progress: bool, workers: int | None, phases: Phases) -> BuildResult:
    totals = Totals()
    with phases("render"):
        renderer = PageRenderer(site)
    writer = PageWriter(renderer, root)
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
            write_parallel(writer, routes, count, totals, bar, phases, meanwhile=site_files)
        else:
            count = 1
            site_files()
            for route in routes:
                account(totals, writer.write(route, phases))
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
    site: Site, renderer: PageRenderer, files: FileWriter, totals: Totals, phases: Phases
) -> None:
    """Everything but the operations' files: the assets, the endpoint index, the home page, hand-written
    pages, and the extras (``_write_extras``)."""
    root = files.root
    with phases("write"):
        assets = root / "_docs" / "assets"
        for name, path in asset_paths().items():
            (assets / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ASSETS / name, assets / path)
            totals.file((assets / path).stat().st_size)
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
    site: Site, renderer: PageRenderer, files: FileWriter, totals: Totals, phases: Phases
) -> None:
    """The search file, landing and section pages, 404.html and llms.txt (``orgdocs.render.site._extras``)."""
    with phases("render"):
        for relative, text, is_page in extra_files(site, renderer):
            size = files.write_text(files.root / relative, text)
            if is_page:
                totals.page("/" + relative.removesuffix("index.html").strip("/"), size)
            else:
                totals.file(size)
