"""Notebooks as pages: a notebook's cells for a page of the static site, or a whole page around them."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__ = ["notebook_cells", "notebook_page"]


@functools.cache
def _cells_exporter() -> Any:
    from orgdocs.render.nbconvert._exporter import OrgdocsExporter

    return OrgdocsExporter(cells_only=True)


def notebook_cells(path: str | Path) -> str:
    """The cells of the notebook at ``path`` as HTML, with no page around them.

    Rendered by the ``orgdocs`` exporter (JupyterLab's cell markup, widget outputs as a note, tokens
    redacted): what a notebook page of the static site embeds (``orgdocs.render.site._notebook``).
    """
    body, _ = _cells_exporter().from_filename(str(path))
    return body


def notebook_page(
    path: str | Path, *, site: Site = None, route: str = "", inline_assets: bool | None = None
) -> str:
    """The notebook at ``path`` as a whole page: of ``site`` at ``route`` (links relative to it, the site's
    assets linked), or standalone without a site (its assets inlined)."""
    from orgdocs.render.nbconvert._exporter import OrgdocsExporter

    inline = site is None if inline_assets is None else inline_assets
    html, _ = OrgdocsExporter(site=site, route=route, inline_assets=inline).from_filename(str(path))
    return html
