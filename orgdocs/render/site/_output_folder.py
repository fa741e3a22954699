"""The folder a build replaces, and how: refusals, the manifest, temporary folders, the swap, leftovers.

Everything is written into a temporary folder beside ``out``, which replaces ``out`` only when the whole
build succeeded: a failed build leaves the previous output exactly as it was. Only an empty folder or an
earlier build is ever replaced: its manifest (``MANIFEST``) lists every file in it and names the folder it was
written for (a manifest naming another folder, or a folder holding a file the build reads, a description, a
page, the config, the content, public or a changelog's updates folder, is refused, untouched). A file added to
an earlier build is refused too, naming it; what file browsers leave (``.DS_Store``, ``Thumbs.db``,
``desktop.ini``) is removed with the old build and named on stderr.

Interrupted at any moment (Ctrl-C, SIGTERM), a build leaves the previous output or the new one and nothing
beside it: the renames that swap them and the removal of the temporary folders run with both signals held
until they are done (``signals_held``). Each temporary folder holds a mark (``LEFTOVER_MARK``: the output it
is for, locked while its build runs), so that a later build removes what a killed one left
(``remove_leftovers``), and only that. The nbconvert exporter replaces its output folder by the same rules.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from orgdocs.errors import OrgdocsError
from orgdocs.project import OS_LITTER, tree_files
from orgdocs.render.site._writing import FileWriter

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX: leftovers are not proven, so never removed
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MANIFEST",
    "MANIFEST_FORMAT",
    "check_replaceable",
    "earlier_build_files",
    "manifest_files",
    "manifest_output",
    "manifest_text",
    "os_litter",
    "remove_leftovers",
    "remove_marked",
    "signals_held",
    "swap",
    "temporary_folder",
    "unmark",
    "write_manifest",
]

MANIFEST = "_docs/build-manifest.json"  # written by every build: only a folder holding it may be replaced
MANIFEST_FORMAT = "orgdocs-build/1"
LEFTOVER_MARK = ".orgdocs-unfinished.json"  # in each temporary folder of a build, until it is done with it
LEFTOVER_FORMAT = "orgdocs-unfinished/1"


def os_litter(out: Path) -> list[str]:
    """What file browsers left in an earlier build at ``out`` (``orgdocs.project.OS_LITTER``), as relative paths."""
    if not (out / MANIFEST).is_file():
        return []
    found = []
    for folder, folders, files in os.walk(out):
        folders.sort()
        relative = Path(folder).relative_to(out).as_posix()
        found += [
            name if relative == "." else f"{relative}/{name}" for name in sorted(files) if name in OS_LITTER
        ]
    return found


def check_replaceable(out: Path, inputs: list[Path]) -> None:
    """Refuse, touching nothing, to replace anything but an empty folder or an earlier build, or a folder
    holding anything the build reads (``inputs``)."""
    for path in inputs:
        if path.absolute().is_relative_to(out) or path.resolve().is_relative_to(out.resolve()):
            raise OrgdocsError(
                f"holds the docs project's {path.name} ({path}), which the build reads: not replacing it;"
                " choose another output folder",
                source=str(out),
            )
    written = earlier_build_files(out, "not replacing it")
    if not written:
        return
    extra = sorted(set(tree_files(out)) - written - {MANIFEST})
    if extra:
        raise OrgdocsError(
            f"{extra[0]} was not written by orgdocs build ({len(extra)} such file{'s' if len(extra) > 1 else ''}):"
            " not replacing it; put files the site needs in the config's public folder, which every build copies",
            source=str(out),
        )


def earlier_build_files(out: Path, refusal: str) -> set[str]:
    """The files of the orgdocs build in ``out``, from its manifest; none for a folder that does not exist
    or is empty. Anything else is refused, ending with ``refusal``: a ``_docs`` folder alone proves nothing."""
    if not out.exists():
        return set()
    if not out.is_dir():
        raise OrgdocsError(f"exists and is not a folder: {refusal}", source=str(out))
    if not any(out.iterdir()):
        return set()
    written = manifest_files(out)
    if written is None:
        raise OrgdocsError(
            f"is a folder that is not an orgdocs build (no {MANIFEST}): {refusal}", source=str(out)
        )
    named = manifest_output(out)
    if named is not None and not _same_folder(named, out):
        raise OrgdocsError(
            f"its {MANIFEST} was written for another output folder ({named}): {refusal};"
            " delete the folder or choose another output folder",
            source=str(out),
        )
    return written


def _same_folder(named: str, out: Path) -> bool:
    try:
        return Path(named).resolve() == out.resolve()
    except (OSError, RuntimeError, ValueError):
        return False


def manifest_text(files: Iterable[str], out: Path | None = None) -> str:
    """The build's manifest: its format, the writer, the output folder it was written for (``out``) and every
    file it holds (``manifest_files`` reads it)."""
    from orgdocs._version import __version__

    manifest: dict[str, Any] = {"format": MANIFEST_FORMAT, "generator": f"orgdocs {__version__}"}
    if out is not None:
        manifest["out"] = str(out)
    manifest["files"] = sorted(files)
    return json.dumps(manifest, indent=0)


def _manifest(out: Path) -> dict | None:
    try:
        manifest = json.loads((out / MANIFEST).read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("format") != MANIFEST_FORMAT:
        return None
    return manifest


def manifest_files(out: Path) -> set[str] | None:
    """The files an earlier build wrote, from its manifest; ``None`` when ``out`` holds no valid one."""
    manifest = _manifest(out)
    files = manifest.get("files") if manifest is not None else None
    return set(files) if isinstance(files, list) and all(isinstance(f, str) for f in files) else None


def manifest_output(out: Path) -> str | None:
    """The output folder the manifest in ``out`` was written for; ``None`` when it names none (a manifest of
    ``export_pages``, or of a build before orgdocs named it)."""
    manifest = _manifest(out)
    named = manifest.get("out") if manifest is not None else None
    return named if isinstance(named, str) else None


def write_manifest(root: Path, out: Path) -> int:
    return FileWriter(root).write_text(root / MANIFEST, manifest_text(tree_files(root), out))


def swap(tmp: Path, out: Path) -> None:
    """Put the new build in place of the old one; the window without ``out`` is two renames long. The old one
    waits for its removal in a marked folder: a build killed meanwhile leaves what a later one can prove."""
    try:
        if not out.exists():
            os.rename(tmp, out)
            return
        old, mark = temporary_folder(out, "old")
        os.rename(out, old / "site")
        try:
            os.rename(tmp, out)
        except OSError:
            os.rename(old / "site", out)
            remove_marked(old, mark)
            raise
        remove_marked(old, mark)
    except OSError as error:
        raise OrgdocsError(f"cannot replace the output folder: {error}", source=str(out)) from None


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait until the block is done, then act as they would have (Ctrl-C raises
    ``KeyboardInterrupt`` after it). Only the main thread can hold them; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous: dict[int, Any] = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(ValueError, OSError):
            previous[number] = signal.signal(number, lambda got, frame: caught.append(got))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number in dict.fromkeys(caught):
            handler = previous.get(number)
            if callable(handler):
                handler(number, None)
            elif handler == signal.SIG_DFL:
                os.kill(os.getpid(), number)


def temporary_folder(out: Path, kind: str) -> tuple[Path, int]:
    """A new folder ``.<out name>.<kind>-XXXXXXXX`` beside ``out`` holding ``LEFTOVER_MARK`` (the output it is
    for), locked while this process (and its page writers) live; (the folder, the mark's descriptor)."""
    folder = Path(tempfile.mkdtemp(prefix=f".{out.name}.{kind}-", dir=out.parent))
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    mark = os.open(folder / LEFTOVER_MARK, flags, 0o600)
    os.write(mark, json.dumps({"format": LEFTOVER_FORMAT, "out": str(out)}).encode())
    if fcntl is not None:
        fcntl.flock(mark, fcntl.LOCK_EX)
    return folder, mark


def unmark(folder: Path, mark: int) -> None:
    """The folder is no leftover any more: it is about to become the output."""
    os.unlink(folder / LEFTOVER_MARK)
    os.close(mark)


def remove_marked(folder: Path, mark: int | None) -> None:
    """Remove a marked folder, its mark last, so that an interrupted removal still leaves a proven leftover."""
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name == LEFTOVER_MARK:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
        os.unlink(folder / LEFTOVER_MARK)
        os.rmdir(folder)
    except OSError:
        pass
    finally:
        if mark is not None:
            with contextlib.suppress(OSError):
                os.close(mark)


def remove_leftovers(out: Path) -> list[Path]:
    """Remove the temporary folders that builds of ``out`` killed before they were done left beside it:
    ``.<name>.building-*`` and ``.<name>.old-*`` folders whose mark names ``out`` and is not locked by a
    running build. Anything else is left as it is. Returns what was removed."""
    removed: list[Path] = []
    if fcntl is None or not out.parent.is_dir():
        return removed
    prefixes = (f".{out.name}.building-", f".{out.name}.old-")
    for entry in sorted(out.parent.iterdir()):
        if not entry.name.startswith(prefixes) or entry.is_symlink() or not entry.is_dir():
            continue
        try:
            mark = os.open(
                entry / LEFTOVER_MARK,
                os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
            )
        except OSError:
            continue  # no mark: not proven to be a build's
        try:
            fcntl.flock(mark, fcntl.LOCK_EX | fcntl.LOCK_NB)
            found = json.loads(os.read(mark, 65536))
        except (OSError, ValueError):  # locked: its build is still running
            os.close(mark)
            continue
        if not (
            isinstance(found, dict)
            and found.get("format") == LEFTOVER_FORMAT
            and found.get("out") == str(out)
        ):
            os.close(mark)
            continue
        with signals_held():
            remove_marked(entry, mark)
        removed.append(entry)
    return removed
