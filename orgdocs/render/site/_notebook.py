"""A notebook page's HTML: the ``orgdocs`` exporter's cells, sanitized like every other text of the site.

``notebook_html(path)`` is the one seam: the nbconvert exporter can replace it to route notebook pages
through the ``orgdocs`` exporter. Outputs keep their classes (syntax highlighting) and inline ``data:``
images; scripts, event handlers, styles, widgets and remote images are dropped.
"""

from __future__ import annotations

from pathlib import Path

from orgdocs.render.site._markdown import cleaner, focusable_pre

__all__ = ["notebook_html"]


def notebook_html(path: str | Path) -> str:
    """The cells and outputs of the notebook at ``path`` as sanitized HTML (no page around them).

    Rendered by the ``orgdocs`` nbconvert exporter (``orgdocs.render.nbconvert.notebook_cells``: JupyterLab's
    cell markup, widget outputs replaced by a note, tokens redacted), then sanitized like every page.
    """
    from orgdocs.render.nbconvert import notebook_cells

    return focusable_pre(cleaner(outputs=True).clean(notebook_cells(path)))
