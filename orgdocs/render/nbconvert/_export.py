"""``export_pages``: write all or some pages of a site from a script or a notebook, with a progress bar.

The pages are the static site's own (``orgdocs.render.site._pages.PageRenderer``), notebook pages included,
which that renderer builds through the ``orgdocs`` exporter; each page comes with what it needs: the site's
assets, the endpoint index and, for an operation, its payload. In a notebook the progress is an ipywidgets
bar; elsewhere it is the build's one-line bar on a terminal's stderr.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from orgdocs.project import Config, Site

    ConfigOrSite = Site | Config | str | Path | Mapping[str, Any] | None

__all__ = ["export_pages"]

MARKER = "_docs"  # the folder of a site's own files: assets, payloads, the build's manifest


def _as_site(config_or_site: ConfigOrSite) -> Site:
    from orgdocs.project import Site

    if isinstance(config_or_site, Site):
        return config_or_site
    if config_or_site is None or isinstance(config_or_site, (str, Path, Mapping)):
        return Site(config_or_site)
    from orgdocs.project import Config

    if isinstance(config_or_site, Config):
        return Site(config_or_site)
    raise TypeError(
        f"expected a Site or a docs config (path, mapping or Config), not {type(config_or_site).__name__}"
    )


def _routes(site: Site, routes: Iterable[str] | None) -> list[str]:
    schemas = site.schema_pages
    if routes is None:  # the type labels of every tree link to the schemas' pages: they go too
        return [*site.routes, *schemas.listings, *schemas.schemas]
    if isinstance(routes, str):
        routes = [routes]
    selected = []
    for route in routes:
        route = "/" + str(route).strip("/")
        known = (site.operations, site.pages, schemas.listings, schemas.schemas)
        if not any(route in routes for routes in known):
            raise KeyError(f"no page at route {route!r} in this site")
        if route not in selected:
            selected.append(route)
    return selected


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


class _NotebookBar:
    """An ipywidgets progress bar, shown in the notebook's output."""

    def __init__(self, total: int, label: str):
        import ipywidgets as widgets
        from IPython.display import display

        self.total = total
        self._bar = widgets.IntProgress(value=0, min=0, max=max(total, 1), description="Exporting")
        self._label = widgets.Label(f"0/{total} {label}")
        self._what = label
        display(widgets.HBox([self._bar, self._label]))

    def advance(self, count: int = 1) -> None:
        self._bar.value += count
        self._label.value = f"{self._bar.value}/{self.total} {self._what}"

    def close(self) -> None:
        self._bar.bar_style = "success"


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipykernel and ipywidgets
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def _progress(total: int, label: str, enabled: bool | None) -> Any:
    if enabled is not False and _in_notebook():
        return _NotebookBar(total, label)
    from orgdocs._progress import Progress

    return Progress(total, f"orgdocs: {label}", enabled=enabled is not False)


def export_pages(
    config_or_site: ConfigOrSite,
    out: str | Path,
    routes: Iterable[str] | None = None,
    *,
    progress: bool | None = None,
) -> list[Path]:
    """Write the pages at ``routes`` of a site (all of them, its schemas' pages and the home page, by default)
    into ``out``.

    ``config_or_site``: a ``Site``, or a docs config (a path, a mapping, a ``Config``; ``None``: the bundled
    project). ``out`` is created if needed; an existing folder must be empty or an earlier orgdocs output,
    known by its ``_docs/build-manifest.json`` (pages are added or replaced, nothing is removed; the
    manifest lists them too, so ``orgdocs build`` may replace the folder later). ``progress``: ``None``
    shows a bar in a notebook or on a terminal, ``False`` none. Returns the paths of the HTML pages written,
    in route order.
    """
    from orgdocs.render.site import (
        ASSETS,
        FOLDER,
        MANIFEST,
        PageRenderer,
        asset_paths,
        description_downloads,
        earlier_build_files,
        manifest_text,
        page_path,
        payload_path,
    )

    site = _as_site(config_or_site)
    selected = _routes(site, routes)
    out = Path(out).absolute()
    files = earlier_build_files(out, "not writing into it")
    renderer = PageRenderer(site)
    assets = out / MARKER / "assets"
    others = []  # what the pages need besides themselves
    for name, path in asset_paths().items():
        (assets / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ASSETS / name, assets / path)
        others.append(assets / path)
    index = json.dumps(site.index, ensure_ascii=False, separators=(",", ":"))
    others.append(_write(out / MARKER / "openapi" / "index.json", index))

    written: list[Path] = []
    bar = _progress(len(selected) + (routes is None), "pages", progress)
    try:
        if routes is None:
            written.append(out / "index.html")
            _write(written[-1], renderer.home())
            for download in description_downloads(site).values():  # the home page links to them
                if download.file is not None:
                    target = out / FOLDER / download.name
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(download.file, target)
                    others.append(target)
            bar.advance()
        for route in selected:
            page = page_path(out, route)
            if route in site.operations:
                parts = site.payload_parts(route)
                payload_json = parts.to_bytes().decode("utf-8")
                others.append(_write(payload_path(out, route), payload_json))
                _write(page, renderer.operation(route, parts, payload_json))
            elif route in site.schema_pages.schemas:
                _write(page, renderer.schema(route))
            elif route in site.schema_pages.listings:
                _write(page, renderer.schema_list(route))
            else:
                _write(page, renderer.page(route))
            written.append(page)
            bar.advance()
    finally:
        bar.close()
        files.update(path.relative_to(out).as_posix() for path in [*others, *written])
        # also after a failure: what was written stays an orgdocs output; the manifest lists what the earlier
        # build wrote and what this export wrote (nothing added by hand, which a later build must not delete)
        _write(out / MANIFEST, manifest_text(files))
    return written
