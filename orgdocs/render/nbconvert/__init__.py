"""Notebooks as pages of the site, and pages exported from a notebook.

- ``OrgdocsExporter``: the nbconvert exporter registered as ``orgdocs`` (``jupyter nbconvert --to orgdocs
  notebook.ipynb``), whose template folder extends JupyterLab's ``lab`` template with the site's chrome.
- ``notebook_cells``: a notebook's cells as HTML, what the static site embeds in the page of a notebook
  that a docs config lists as a hand-written page; ``notebook_page``: a whole page around them.
- ``export_pages(config_or_site, out, routes=None)``: scripted export of all or some pages of a site, with
  a progress bar in a notebook.
- ``WidgetNotes`` and ``RedactTokens``: the exporter's preprocessors (widget outputs become a note, and
  secrets stay out of exported pages).

Behind the face: ``_exporter`` (with ``_preprocessors`` and ``_widget_html``), ``_chrome`` (the site's
header, sidebar and assets around the cells), ``_notebook_pages`` and ``_export``; the exporter's template
folder is ``templates/orgdocs/``. pyproject.toml registers the exporter (``nbconvert.exporters`` entry point).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from orgdocs._lazy import lazy_face

__all__ = [
    "OrgdocsExporter",
    "RedactTokens",
    "WidgetNotes",
    "export_pages",
    "notebook_cells",
    "notebook_page",
]

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.render.nbconvert._export import export_pages
    from orgdocs.render.nbconvert._exporter import OrgdocsExporter
    from orgdocs.render.nbconvert._notebook_pages import notebook_cells, notebook_page
    from orgdocs.render.nbconvert._preprocessors import RedactTokens, WidgetNotes

# nbconvert is imported by what needs it (the exporter, a notebook's page), not by export_pages of a site
# without notebook pages
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "OrgdocsExporter": "orgdocs.render.nbconvert._exporter",
        "RedactTokens": "orgdocs.render.nbconvert._preprocessors",
        "WidgetNotes": "orgdocs.render.nbconvert._preprocessors",
        "export_pages": "orgdocs.render.nbconvert._export",
        "notebook_cells": "orgdocs.render.nbconvert._notebook_pages",
        "notebook_page": "orgdocs.render.nbconvert._notebook_pages",
    },
)
