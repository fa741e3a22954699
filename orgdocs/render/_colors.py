"""The HTTP method badge colors, one palette for every renderer.

They are the static site's light-theme badge colors (``--get``, ``--post``, ... in
``orgdocs/render/site/assets/site.css``; a test keeps both equal); text on them is white.
"""

from __future__ import annotations

__all__ = ["METHOD_COLORS"]

METHOD_COLORS = {
    "GET": "#1f7a3f",
    "POST": "#2155c9",
    "PUT": "#8a5300",
    "PATCH": "#6a3fb5",
    "DELETE": "#b3261e",
    "HEAD": "#4d5564",
    "OPTIONS": "#4d5564",
    "TRACE": "#4d5564",
}
