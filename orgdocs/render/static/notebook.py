"""A notebook page's HTML: nbconvert's ``basic`` output, sanitized like every other text of the site.

``notebook_html(path)`` is the one seam: the nbconvert exporter can replace it to route notebook pages
through the ``orgdocs`` exporter. Outputs keep their classes (syntax highlighting) and inline ``data:``
images; scripts, event handlers, styles, widgets and remote images are dropped.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import nh3

__all__ = ["notebook_html"]

_DATA_IMAGE = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$")
_REMOTE = re.compile(r"^\s*(?:[a-zA-Z][a-zA-Z0-9+.-]*:|//|\\\\)")


def _attribute_filter(tag: str, attribute: str, value: str) -> str | None:
    if tag == "img" and attribute == "src":
        if value.startswith("data:"):
            return value if _DATA_IMAGE.match(value) else None
        return None if _REMOTE.match(value) else value
    if attribute == "href" and value.lower().startswith("data:"):
        return None
    return value


@functools.cache
def _cleaner() -> nh3.Cleaner:
    attributes = {tag: set(names) for tag, names in nh3.ALLOWED_ATTRIBUTES.items()}
    attributes["*"] = {"class"}
    return nh3.Cleaner(
        tags=set(nh3.ALLOWED_TAGS) - {"area", "map"},
        clean_content_tags={"script", "style"},
        attributes=attributes,
        attribute_filter=_attribute_filter,
        link_rel="noopener nofollow",
        url_schemes={"http", "https", "mailto", "data"},
    )


def notebook_html(path: str | Path) -> str:
    """The cells and outputs of the notebook at ``path`` as sanitized HTML (no page around them).

    Rendered by the ``orgdocs`` nbconvert exporter (``orgdocs.render.nbconvert.notebook_cells``: JupyterLab's
    cell markup, widget outputs replaced by a note, tokens redacted), then sanitized like every page.
    """
    from orgdocs.render.nbconvert import notebook_cells

    return _cleaner().clean(notebook_cells(path))
