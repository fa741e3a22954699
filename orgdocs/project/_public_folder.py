"""The config's ``public`` folder: the files every build copies into its output beside the pages.

A site needs files of its own there (a ``CNAME``, ``robots.txt``, downloads), as static-site tools copy a
``static/`` or ``public/`` folder. Each file must resolve below ``public`` (a symbolic link out of it is
refused, as for every file the config makes orgdocs read), and none may take the name of a file the build
writes (``index.html``, a page's ``<route>/index.html``, anything under ``_docs/``). ``orgdocs check`` asks
the same question, so it refuses what a build would. Dotfiles and dot-folders (``.env``, ``.git/``) are never
published, but ``.well-known/`` (RFC 8615: ``security.txt`` and the like); ``check`` names those it leaves out.
Which folder a config may name is here too (``public_folder``): not the project's own, one above it or a home.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from orgdocs.errors import ConfigError
from orgdocs.loading import PathRefused, resolve_below

if TYPE_CHECKING:
    from orgdocs.project._site import Site

__all__ = ["GENERATED_FOLDER", "hidden_files", "public_files", "public_folder", "tree_files"]

GENERATED_FOLDER = "_docs"  # what the build writes besides the pages: payloads, index, assets, manifest
OS_LITTER = frozenset({".DS_Store", "Thumbs.db", "desktop.ini"})  # what file browsers drop in any folder


def tree_files(root: Path) -> list[str]:
    """Every file below ``root`` (symbolic links not followed, a link to a folder counted as a file), as
    ``/``-separated relative paths, without what file browsers leave behind; a folder that cannot be read is
    passed over. Strings, not paths: a build lists its 3,731 files on GitHub's description."""
    found = []
    folders = [(os.fspath(root), "")]
    while folders:
        folder, prefix = folders.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        folders.append((entry.path, f"{prefix}{entry.name}/"))
                    elif entry.name not in OS_LITTER:
                        found.append(prefix + entry.name)
        except OSError:
            continue
    return sorted(found)


def _hidden(relative: str) -> bool:
    """A dotfile, or a file in a dot-folder, but ``.well-known/`` (whose own dotfiles are hidden too)."""
    parts = relative.split("/")
    if parts[0] == ".well-known":
        parts = parts[1:]
    return any(part.startswith(".") for part in parts)


def hidden_files(site: Site) -> list[str]:
    """The files of the public folder that no build publishes: dotfiles and those of dot-folders."""
    public = site.config.public
    if public is None or not public.is_dir():
        return []
    return [relative for relative in tree_files(public) if _hidden(relative)]


def public_files(site: Site) -> list[tuple[str, Path]]:
    """``(path in the output, real file)`` for each file of the public folder; ``ConfigError`` for one that
    escapes it or would replace a file the build writes."""
    public = site.config.public
    if public is None or not public.is_dir():
        return []
    pages = {"index.html", *(f"{route.strip('/')}/index.html" for route in site.routes)}
    files = []
    for relative in tree_files(public):
        if _hidden(relative):
            continue
        where = f"public folder {public}"
        try:
            source = resolve_below(public, relative, folder="public")
        except PathRefused as refused:
            raise ConfigError(f"{relative} {refused}", source=site.config.name, place=where) from None
        if relative in pages or relative.split("/", 1)[0] == GENERATED_FOLDER:
            raise ConfigError(
                f"{relative} has the name of a file the build writes", source=site.config.name, place=where
            )
        if source.is_file():  # a link to a folder inside public: its files are listed where they are
            files.append((relative, source))
    return files


def public_folder(root: Path, value: str, name: str) -> Path:
    """The config's public folder (``value``, from the project's folder ``root``): every file of it is
    published, so it may not be the project's folder or one above it (the config, ``.git/``, ``.env``), nor a
    home folder (``.ssh/``)."""
    if "\0" in value:
        raise ConfigError("folder holds a NUL byte, which no file name can", source=name, place="public")
    public = (root / value).resolve()
    why = ""
    if public == root:
        why = "the project's own folder"
    elif root.is_relative_to(public):
        why = f"a folder above the project: {public}"
    elif _is_home(public):
        why = f"a home folder: {public}"
    if why:
        raise ConfigError(
            f"may not be {value!r} ({why}): a build publishes every file of the public folder; name a folder"
            " of its own, e.g. ./public",
            source=name,
            place="public",
        )
    return public


def _is_home(folder: Path) -> bool:
    """The user's home folder, or a folder where home folders usually are (/home/x, /Users/x, /root)."""
    try:
        if folder == Path.home().resolve():
            return True
    except RuntimeError:  # no home folder known
        pass
    return folder == Path("/root") or str(folder.parent) in ("/home", "/Users", "/var/home")
