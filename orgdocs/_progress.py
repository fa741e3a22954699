"""A one-line progress bar on stderr for long work (a build, a remote fetch), drawn only when stderr is a
terminal (no dependency)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """``Progress(total, "Writing pages")``; ``.advance(n)``; ``.close()``. Silent when not on a terminal."""

    def __init__(self, total: int, label: str, *, enabled: bool = True, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.enabled = enabled and total > 0 and _is_tty(self.stream)
        self.total = total
        self.label = label
        self.done = 0
        self._drawn = 0.0
        self._start = time.monotonic()

    def advance(self, count: int = 1) -> None:
        self.done += count
        if self.enabled:
            now = time.monotonic()
            # a terminal redraw costs more than a page: at most ten a second
            if now - self._drawn >= 0.1 or self.done >= self.total:
                self._drawn = now
                self._draw()

    def _draw(self) -> None:
        width = 30
        filled = int(width * self.done / self.total)
        bar = "#" * filled + "-" * (width - filled)
        seconds = time.monotonic() - self._start
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total} {seconds:5.1f}s")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self._draw()
            self.stream.write("\n")
            self.stream.flush()


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
