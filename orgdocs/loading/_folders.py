"""The one rule for every file a docs config makes orgdocs read: it lies below the folder it is allowed in.

Pages and relative descriptions live below ``content``, ``/...`` descriptions and the copied files below
``public``, changelog updates below their ``updates`` folder. A path is resolved first (``..`` and symbolic
links followed, as the operating system will when the file is opened), then it must still be inside its
folder: a link pointing out of it, ``../secret`` or an absolute path is refused, and so is a path the
operating system cannot even name (a NUL byte), so no error ever surfaces as a traceback.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["PathRefused", "resolve_below"]


class PathRefused(ValueError):
    """Why a path was refused, as the end of a message: ``escapes the content folder``."""


def resolve_below(base: Path, relative: str | Path, *, folder: str) -> Path:
    """The real path of ``relative`` inside ``base``; ``PathRefused`` naming ``folder`` when it is not."""
    text = str(relative)
    if "\0" in text or "\0" in str(base):
        raise PathRefused("holds a NUL byte, which no file name can")
    try:
        real_base = base.resolve()
        target = (real_base / text).resolve()
    except (OSError, RuntimeError, ValueError) as error:  # a symlink loop, a name too long
        raise PathRefused(f"cannot be resolved ({error})") from None
    if not target.is_relative_to(real_base):
        raise PathRefused(f"escapes the {folder} folder")
    return target
