"""Writing the files of a build with as few system calls and copies as the kernel allows.

A file is written from a list of byte strings with ``writev`` (open, one write per ``IOV_MAX`` pieces,
close): an operation page is its HTML around its payload, and the payload is the components it reaches,
each serialized once per site, so neither is ever joined into one string first. A folder is made once per
process, by the first file written into it (an operation's folder holds only its page: one ``mkdir``, no
failed ``open`` first).

Every folder that gets folders is marked as the top of a hierarchy for ext4's allocator (``chattr +T``,
``spread_folders``): its subfolders, and so the files in them, go to block groups chosen by their names
instead of its own. On an ext4 without a journal (many virtual machines' root), a new inode is searched for
past every inode its group freed in the last minutes: where an earlier build was just deleted, the files of
a large site then cost as much kernel time as all the rest of the build. Where the file system has no such
mark, the mark is refused and nothing changes.

``Embedder`` gives a payload as it is embedded in its page (``json_script``), escaping each component once
per build and process: Stripe's operations share hundreds of components, on every page.
"""

from __future__ import annotations

import array
import contextlib
import os
import sys
from pathlib import Path

from orgdocs.project import PayloadParts
from orgdocs.render.site._templating import json_script_bytes

__all__ = ["Embedder", "FileWriter", "spread_folders"]

try:
    IOV_MAX = max(16, min(os.sysconf("SC_IOV_MAX"), 1024))
except (AttributeError, ValueError, OSError):  # pragma: no cover - not on Linux
    IOV_MAX = 16
# <linux/fs.h>: FS_IOC_GETFLAGS, FS_IOC_SETFLAGS (64-bit numbers; the kernel reads and writes an int) and
# FS_TOPDIR_FL
_GET_FLAGS, _SET_FLAGS, _TOPDIR = 0x80086601, 0x40086602, 0x00020000
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


class FileWriter:
    """Writes files below ``root``, making folders as they are needed (once per process)."""

    def __init__(self, root: Path):
        self.root = root
        self._folders: set[str] = {str(root)}
        self._spread: set[str] = set()  # folders marked by spread_folders

    def write(self, path: Path, chunks: list[bytes]) -> int:
        """Write ``chunks`` into ``path`` (a new file below ``root``); return its size."""
        folder, name = os.path.split(path)
        if folder not in self._folders:
            self._make_folder(folder)
        fd = os.open(os.path.join(folder, name), _FLAGS, 0o666)
        try:
            return _write_all(fd, chunks)
        finally:
            os.close(fd)

    def write_text(self, path: Path, text: str) -> int:
        return self.write(path, [text.encode("utf-8")])

    def _make_folder(self, folder: str) -> None:
        """Make ``folder`` and its missing parents; a folder is marked by ``spread_folders`` before its first
        subfolder is made in it."""
        parent = os.path.dirname(folder)
        if parent not in self._folders:
            self._make_folder(parent)
        if parent not in self._spread:
            spread_folders(parent)
            self._spread.add(parent)
        with contextlib.suppress(FileExistsError):  # another page writer made it
            os.mkdir(folder)
        self._folders.add(folder)


def spread_folders(folder: str) -> None:
    """Mark ``folder`` so that ext4 spreads its subfolders over block groups (see the module docstring);
    nothing where the file system or the platform has no such mark."""
    if sys.platform != "linux":
        return
    import fcntl  # not on Windows

    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        flags = array.array("i", [0])
        fcntl.ioctl(fd, _GET_FLAGS, flags, True)
        if not flags[0] & _TOPDIR:
            flags[0] |= _TOPDIR
            fcntl.ioctl(fd, _SET_FLAGS, flags, True)
    except OSError:  # tmpfs, NFS, ...: not supported
        pass
    finally:
        os.close(fd)


def _write_all(fd: int, chunks: list[bytes]) -> int:
    total = 0
    for start in range(0, len(chunks), IOV_MAX):
        batch = chunks[start : start + IOV_MAX]
        size = sum(map(len, batch))
        done = os.writev(fd, batch) if len(batch) > 1 else os.write(fd, batch[0])
        if done < size:  # a short write (a signal, a size limit): the rest piece by piece
            rest = memoryview(b"".join(batch))[done:]
            while rest:
                rest = rest[os.write(fd, rest) :]
        total += size
    return total


class Embedder:
    """Payloads as ``json_script`` writes them into pages, each component escaped once."""

    def __init__(self) -> None:
        # by the member's bytes object, shared by every payload reaching it (a bytes object caches its hash:
        # a lookup costs no pass over its text)
        self._escaped: dict[bytes, bytes] = {}

    def chunks(self, parts: PayloadParts) -> list[bytes]:
        """The payload's bytes as embedded in a page, in order."""
        escaped = self._escaped
        members = [escaped.get(member) or self._escape(member) for member in parts.members]
        out = parts.chunks(members)
        out[0] = json_script_bytes(out[0])
        return out

    def _escape(self, member: bytes) -> bytes:
        safe = self._escaped[member] = json_script_bytes(member)
        return safe
