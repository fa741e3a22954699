"""What creating files costs on this machine: the floor under a static build that writes thousands of them.

    python benchmarks/files.py                  # the temp folder (/tmp) and /dev/shm, when it exists
    python benchmarks/files.py /some/folder     # where a site would be built

A build of GitHub's description creates 3,731 files in 1,273 folders (a page, its payload and its Markdown
twin per operation). On some virtual machines' ext4 a new inode costs half a millisecond of kernel time or
more, whatever the file holds; a hard link (no new inode) or a file on tmpfs costs a few microseconds. Compare
``pair-redocly.sh`` run as is with ``TMPDIR=/dev/shm``: Redocly writes one file.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time

COUNT = 1500
PAGE = b"x" * 30_000  # about a median operation page


def _timed(action) -> tuple[float, float]:
    """(wall ms, system CPU ms) per call of ``action(i)``, over COUNT calls."""
    start, system = time.perf_counter(), os.times().system
    for i in range(COUNT):
        action(i)
    return (
        (time.perf_counter() - start) * 1000 / COUNT,
        (os.times().system - system) * 1000 / COUNT,
    )


def measure(base: str) -> None:
    folder = tempfile.mkdtemp(prefix="orgdocs-files-", dir=base)
    try:
        os.mkdir(os.path.join(folder, "pages"))
        source = os.path.join(folder, "source")
        with open(source, "wb") as out:
            out.write(PAGE)

        def page(i: int) -> None:
            fd = os.open(
                os.path.join(folder, "pages", f"{i}.html"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666
            )
            os.write(fd, PAGE)
            os.close(fd)

        rows = {
            "new file (30 KB)": _timed(page),
            "new folder": _timed(lambda i: os.mkdir(os.path.join(folder, f"d{i}"))),
            "hard link": _timed(lambda i: os.link(source, os.path.join(folder, f"l{i}"))),
        }
        print(f"{base}:")
        for name, (wall, system) in rows.items():
            print(f"  {name:<18} {wall:7.3f} ms wall  {system:7.3f} ms system CPU")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    bases = sys.argv[1:] or [tempfile.gettempdir(), *(["/dev/shm"] if os.path.isdir("/dev/shm") else [])]
    for base in bases:
        measure(base)


if __name__ == "__main__":
    main()
