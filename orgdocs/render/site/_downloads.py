"""The descriptions a site's readers may download: a local one is published with the build under
``_docs/descriptions/`` with its own file name (``openapi.yaml``; a second file of that name from another
folder becomes ``openapi-2.yaml``), a URL one is linked as it is. The build copies the files, the development
server serves them, and landing pages link to them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from orgdocs.loading import is_url

if TYPE_CHECKING:
    from orgdocs.project import Site

FOLDER = "_docs/descriptions"


@dataclass(frozen=True)
class Download:
    href: str  # a URL, or a path below the site's root (percent-encoded)
    name: str = ""  # the published file's name ("" for a URL)
    file: Path | None = None  # the local description


def description_downloads(site: Site) -> dict[str, Download]:
    """Each downloadable description by its ``source`` (as ``Description.source`` names it)."""
    found: dict[str, Download] = {}
    names: dict[str, Path] = {}
    for description in site.descriptions:
        source = description.source
        if source in found:
            continue
        if is_url(source):
            found[source] = Download(source)
            continue
        path = getattr(description, "path", None)
        if path is None:
            continue
        path = Path(path)
        name, n = path.name, 1
        while name in names and names[name] != path:
            n += 1
            name = f"{path.stem}-{n}{path.suffix}"
        names[name] = path
        found[source] = Download(f"{FOLDER}/{quote(name)}", name, path)
    return found
