"""Hand-written pages and changelog updates: their source, title and route path.

Markdown (``.md``, ``.mdx`` read as Markdown: JSX is not executed) and notebooks (``.ipynb``). The title is
front matter ``title:``, else the first heading, else the file name made readable. Rendering is the
renderers' job; this module only reads.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from orgdocs.errors import ConfigError
from orgdocs.loading import PathRefused, resolve_below
from orgdocs.model import humanize
from orgdocs.project._routes import segment

__all__ = ["PAGE_SUFFIXES", "Page", "notebook_title", "read_page", "read_updates", "split_front_matter"]

PAGE_SUFFIXES = (".md", ".mdx", ".markdown", ".ipynb")
_FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.S)
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+(.+?)[ \t#]*$", re.M)
_UPDATE_NAME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})-?(.*)$")


@dataclass
class Page:
    """A hand-written page or a changelog update."""

    kind: str  # "markdown", "notebook", "update"
    path: Path
    title: str
    slug: str  # route path below the group, e.g. "guides/quickstart"
    text: str = field(repr=False, default="")  # Markdown body without front matter, or the notebook JSON
    meta: dict = field(default_factory=dict)
    date: date | None = None


def split_front_matter(text: str) -> tuple[dict, str]:
    match = _FRONT_MATTER.match(text)
    if not match:
        return {}, text
    from orgdocs.errors import DescriptionError
    from orgdocs.loading import load_yaml

    try:
        meta = load_yaml(match.group(1), "front matter")
    except DescriptionError:
        return {}, text
    return (meta if isinstance(meta, dict) else {}), text[match.end() :]


def _first_heading(markdown: str) -> str:
    match = _HEADING.search(markdown)
    return match.group(1).strip() if match else ""


def read_page(content: Path, relative: str, *, config_name: str, place: str) -> Page:
    """A page named by a validated config (``load_config`` checked its kind); it must lie below ``content``."""
    try:
        path = resolve_below(content, relative, folder="content")
    except PathRefused as refused:
        raise ConfigError(f"page '{relative}' {refused}", source=config_name, place=place) from None
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(
            f"page '{relative}' not found in {content}", source=config_name, place=place
        ) from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(
            f"page '{relative}' cannot be read: {error}", source=config_name, place=place
        ) from None
    slug = "/".join(segment(part) or "page" for part in Path(relative).with_suffix("").parts)
    fallback = humanize(path.stem)
    if path.suffix.lower() == ".ipynb":
        return _notebook_page(path, text, slug, fallback, config_name, place)
    meta, body = split_front_matter(text)
    title = str(meta.get("title") or _first_heading(body) or fallback)
    return Page("markdown", path, title, slug, body, meta)


def _notebook_page(path: Path, text: str, slug: str, fallback: str, config_name: str, place: str) -> Page:
    try:
        notebook = json.loads(text)
    except ValueError:
        notebook = None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells", []), list):
        raise ConfigError(f"page '{path.name}' is not a valid notebook", source=config_name, place=place)
    return Page("notebook", path, notebook_title(notebook) or fallback, slug, text, {})


def notebook_title(notebook: Any) -> str:
    """A notebook's title (a parsed ``.ipynb`` as a dict or a NotebookNode): ``metadata.title``, else the
    first heading of a Markdown cell, else ``""``."""
    metadata = notebook.get("metadata")
    title = str(metadata.get("title") or "") if isinstance(metadata, dict) else ""
    for cell in notebook.get("cells", []):
        if title:
            break
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            source = cell.get("source", "")
            if isinstance(source, list):
                source = "".join(part for part in source if isinstance(part, str))
            title = _first_heading(source) if isinstance(source, str) else ""
    return title


def read_updates(folder: Path, *, config_name: str, place: str) -> list[Page]:
    """Changelog updates, newest first: Markdown files named ``YYYY-MM-DD-some-title.md``."""
    if not folder.is_dir():
        raise ConfigError(f"changelog folder '{folder}' does not exist", source=config_name, place=place)
    updates = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in (".md", ".mdx", ".markdown"):
            continue
        match = _UPDATE_NAME.match(path.stem)
        if not match:
            raise ConfigError(
                f"changelog file '{path.name}' is not named YYYY-MM-DD-some-title.md",
                source=config_name,
                place=place,
            )
        try:
            day = date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError:
            raise ConfigError(
                f"changelog file '{path.name}' has an impossible date", source=config_name, place=place
            ) from None
        try:
            text = resolve_below(folder, path.name, folder="updates").read_text(encoding="utf-8")
        except PathRefused as refused:
            raise ConfigError(
                f"changelog file '{path.name}' {refused}", source=config_name, place=place
            ) from None
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigError(
                f"changelog file '{path.name}' cannot be read: {error}", source=config_name, place=place
            ) from None
        meta, body = split_front_matter(text)
        title = str(meta.get("title") or _first_heading(body) or humanize(match[4]) or day.isoformat())
        slug = segment(path.stem)
        updates.append(Page("update", path, title, slug, body, meta, day))
    updates.sort(key=lambda page: (page.date, page.slug), reverse=True)
    return updates
