"""``orgdocs check [CONFIG]``: load and validate a docs config and every description it names.

A config or description that cannot be used raises ``OrgdocsError`` (the command line prints it on one line
and exits 1): that is what would stop a production build. What a build survives is printed one problem a
line, each naming the file and the place: references kept as they are, duplicate operationIds, security
requirements naming no declared scheme, descriptions without operations, path items and operations left
out because they are not mappings, routes that got a ``-2`` suffix, keys a YAML description repeats (with the
lines of both), the public folder's dotfiles, which no build publishes, and the files hand-written pages link to
(``![x](pic.png)``) that are missing or cannot be published. A public file named like a file the build writes
(``404.html``, ``llms.txt``, an operation's ``<route>/index.md``) is an error. The config is the one ``orgdocs
build`` takes: the one given, else ``./docs.config.yaml``, else ``./docs.config.yml``, else the bundled
example. A summary line ends the output; the exit status is then 0: none of these stops a build.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

if TYPE_CHECKING:
    from orgdocs.project._site import Site

__all__ = ["generated_names", "page_files", "public_conflicts"]

# what a build writes beside the pages' index.html: its own folder, and two files at the top
GENERATED_FILES = ("404.html", "llms.txt")
PAGE_SUFFIXES = (".md", ".mdx", ".markdown", ".ipynb", ".html", ".htm")  # links to pages, not files


def generated_names(site: Site) -> set[str]:
    """Every file a build writes outside ``_docs/`` (``_public_folder.GENERATED_FOLDER``), as paths in the output: the
    home page, each page's, landing's, section's and schema page's ``<route>/index.html``, each operation's
    Markdown twin ``<route>/index.md``, ``404.html`` and ``llms.txt``."""
    names = {"index.html", *GENERATED_FILES}
    schema_pages = site.schema_pages
    for route in [
        *site.pages,
        *site.operations,
        *site.landings,
        *site.sections,
        *schema_pages.schemas,
        *schema_pages.listings,
    ]:
        names.add(f"{route.strip('/')}/index.html")
    names.update(f"{route.strip('/')}/index.md" for route in site.operations)
    return names


def public_conflicts(site: Site) -> None:
    """``ConfigError`` for the first public file named like a file the build writes, naming it and the public
    folder (a build refuses it before it writes anything; ``check`` refuses it the same way)."""
    from orgdocs.errors import ConfigError
    from orgdocs.project._public_folder import GENERATED_FOLDER, public_files

    names = generated_names(site)
    for relative, _ in public_files(site):
        if relative in names or relative.split("/", 1)[0] == GENERATED_FOLDER:
            raise ConfigError(
                f"{relative} has the name of a file the build writes: rename or remove it",
                source=site.config.name,
                place=f"public folder {site.config.public}",
            )


_LINK = re.compile(r"""(?:\bsrc|\bhref)\s*=\s*["']([^"']*)["']""", re.IGNORECASE)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _markdown_links(text: str) -> list[str]:
    """The URLs of the links and images of a Markdown text, and of ``src``/``href`` in its raw HTML."""
    import mistune

    found: list[str] = []

    def walk(tokens: list) -> None:
        for token in tokens:
            url = (token.get("attrs") or {}).get("url")
            if token.get("type") in ("link", "image") and isinstance(url, str):
                found.append(url)
            if token.get("type") in ("inline_html", "block_html"):
                found.extend(_LINK.findall(token.get("raw", "")))
            walk(token.get("children") or [])

    walk(mistune.create_markdown(renderer=None, plugins=["table", "strikethrough"])(text))
    return found


def _page_text(page: Any) -> str:
    if page.kind != "notebook":
        return page.text
    try:
        cells = json.loads(page.text).get("cells", [])
    except (ValueError, AttributeError):
        return ""
    sources = [
        cell.get("source", "")
        for cell in cells
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown"
    ]
    return "\n\n".join("".join(source) if isinstance(source, list) else str(source) for source in sources)


def _is_file_name(link: str) -> bool:
    """Whether a link's path names a file (``pic.png``, ``files/notes.pdf``), not a page (``other.md``,
    ``../pets/list-pets/``, a route without an extension)."""
    name = link.rsplit("/", 1)[-1]
    return "." in name.strip(".") and not name.lower().endswith(PAGE_SUFFIXES)


def page_files(site: Site) -> tuple[dict[str, Path], list[Any]]:
    """The files hand-written pages link to by a relative URL (``![x](pic.png)``, ``[notes](notes.pdf)``):
    ``{path in the output: file}``, each published where the page's link leads from the page's folder in the
    output (``guides/quickstart.md``'s ``pic.png`` -> ``<group>/guides/quickstart/pic.png``; an update's also
    from its changelog's page, which shows it too), and the
    ``Problem`` of each link whose file is missing, outside the page's folder of the project (``content``, or
    the changelog's ``updates``), or named like a file the build writes. Links to other pages (``.md``,
    ``.ipynb``, ``.html``, a route: a last segment without an extension), to ``/...``, ``#...`` or another
    host are not files of the page."""
    from orgdocs.loading import PathRefused, resolve_below
    from orgdocs.project._problems import Problem
    from orgdocs.project._public_folder import GENERATED_FOLDER

    names = generated_names(site)
    files: dict[str, Path] = {}
    problems: list[Problem] = []
    shown = [(route, entry.page) for route, entry in site.pages.items() if entry.page is not None]
    shown += [(route, update) for route, entry in site.pages.items() for update in entry.updates]
    for route, page in shown:  # a changelog's updates are shown on its page too
        root = site.config.content if page.kind != "update" else page.path.parent
        try:
            folder = page.path.parent.resolve().relative_to(root.resolve()).as_posix()
        except ValueError:
            continue
        for url in dict.fromkeys(_markdown_links(_page_text(page))):
            split = urlsplit(url.strip())
            link = unquote(split.path)
            if (
                not link
                or _SCHEME.match(url.strip())
                or url.strip().startswith(("/", "#", "\\"))
                or split.netloc
                or not _is_file_name(link)
                or "\0" in link
            ):
                continue
            where = f"{page.path}: link {url}"
            relative = posixpath.normpath(posixpath.join(folder, link))
            target = posixpath.normpath(posixpath.join(route.strip("/"), link))
            if relative.startswith("../") or relative == ".." or target.startswith("../") or target == "..":
                problems.append(
                    Problem(
                        f"{where}: leads out of the page's folder of the project: not published", "page-file"
                    )
                )
                continue
            try:
                source = resolve_below(
                    root, relative, folder="content" if page.kind != "update" else "updates"
                )
            except PathRefused as refused:
                problems.append(Problem(f"{where}: {refused}: not published", "page-file"))
                continue
            if not source.is_file():
                problems.append(Problem(f"{where}: no such file {root / relative}", "page-file"))
                continue
            if target in names or target.split("/", 1)[0] == GENERATED_FOLDER:
                problems.append(
                    Problem(f"{where}: has the name of a file the build writes: not published", "page-file")
                )
                continue
            files.setdefault(target, source)
    return files, list(dict.fromkeys(problems))
