"""Where a route's page and payload live in the output folder: ``<out>/<route>/index.html`` and
``<out>/_docs/openapi/<route>.json``. Routes are file paths as they are (``orgdocs.project._routes`` keeps every
segment short enough for a file name).
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["page_path", "payload_path"]


def page_path(root: Path, route: str) -> Path:
    return root.joinpath(*[part for part in route.strip("/").split("/") if part], "index.html")


def payload_path(root: Path, route: str) -> Path:
    parts = route.strip("/").split("/")
    return root.joinpath("_docs", "openapi", *parts[:-1], parts[-1] + ".json")
