"""What a rebuild costs the file system: a site-shaped tree of folders and files made, deleted and made again in
one folder, with plain folders and with the folders ``FileWriter`` makes (marked for ext4 to spread them).

    python benchmarks/rebuild.py                # in the temp folder (/tmp)
    python benchmarks/rebuild.py /some/folder   # where a site would be built

The tree is GitHub's site's shape: 40 tag folders holding 1,223 operation folders, each with a page and a
Markdown twin, and a payload per operation beside them (5,000 inodes). On an ext4 without a journal, a new
inode is searched for past every inode its block group freed in the last minutes: made again where it was
just deleted, the plain tree costs more each time; the marked one spreads over block groups, and stays lower.
Kernel (system) CPU seconds per making are printed; on tmpfs all of them are small. The figures depend on what
the file system freed in the last minutes (run it twice): seen here on /work, plain 1.74, 2.23, 2.69 s then
3.20, 3.23, 3.31 s; marked 0.84, 0.86, 1.07 s then 1.19, 0.96, 1.20 s; tmpfs 0.04 s.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from orgdocs.render.site._writing import FileWriter

OPERATIONS, TAGS = 1223, 40
PAGE = b"x" * 2000


def _plain(root: Path) -> None:
    for i in range(OPERATIONS):
        folder = root / f"tag{i % TAGS}" / f"operation{i}"
        os.makedirs(folder, exist_ok=True)
        for path in (folder / "index.html", folder / "index.md", folder.parent / f"operation{i}.json"):
            path.write_bytes(PAGE)


def _marked(root: Path) -> None:
    writer = FileWriter(root)
    for i in range(OPERATIONS):
        folder = root / f"tag{i % TAGS}" / f"operation{i}"
        for path in (folder / "index.html", folder / "index.md", folder.parent / f"operation{i}.json"):
            writer.write(path, [PAGE])


def measure(base: str) -> None:
    parent = Path(tempfile.mkdtemp(prefix="orgdocs-rebuild-", dir=base))
    try:
        for label, make in (("plain folders", _plain), ("marked folders", _marked)):
            times = []
            for _ in range(3):
                root = parent / "site"
                root.mkdir()
                start = os.times().system
                make(root)
                times.append(os.times().system - start)
                shutil.rmtree(root)
            print(f"{base}: {label:<15} system CPU per making: " + ", ".join(f"{t:.2f} s" for t in times))
            time.sleep(0.1)
    finally:
        shutil.rmtree(parent, ignore_errors=True)


def main() -> None:
    for base in sys.argv[1:] or [tempfile.gettempdir()]:
        measure(base)


if __name__ == "__main__":
    main()
