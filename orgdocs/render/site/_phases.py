"""Where the time of a build goes, for ``orgdocs build --profile``: wall and CPU seconds per phase.

The phases are ``load`` (reading and parsing the descriptions), ``evaluate`` (routes, navigation, the
index), ``payloads`` (each operation's JSON), ``render`` (each page's HTML) and ``write`` (the files).
The forked page writers time their own share and send it back with their pages, so a phase's figures are
summed over every process that worked on it: with two workers, ``render`` can be longer than the build.
Timing is off unless asked for: reading the CPU clock is a system call, six per page (a tenth of a GitHub
page's time on this machine).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

__all__ = ["PHASES", "Phases"]

PHASES = ("load", "evaluate", "payloads", "render", "write")
_UNTIMED = nullcontext()


class Phases:
    """Seconds per phase: ``with phases("render"): ...``; ``phases.merge(other.totals())``."""

    __slots__ = ("cpu", "enabled", "wall")

    def __init__(self, *, enabled: bool = True) -> None:
        self.enabled = enabled
        self.wall = dict.fromkeys(PHASES, 0.0)
        self.cpu = dict.fromkeys(PHASES, 0.0)

    def __call__(self, name: str) -> AbstractContextManager[None]:
        return self._timed(name) if self.enabled else _UNTIMED

    @contextmanager
    def _timed(self, name: str) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - wall, time.process_time() - cpu)

    def add(self, name: str, wall: float, cpu: float) -> None:
        self.wall[name] += wall
        self.cpu[name] += cpu

    def totals(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """(wall, cpu) per phase in ``PHASES`` order: small, for a worker to send back."""
        return tuple(self.wall[n] for n in PHASES), tuple(self.cpu[n] for n in PHASES)

    def merge(self, totals: tuple[tuple[float, ...], tuple[float, ...]]) -> None:
        for name, wall, cpu in zip(PHASES, *totals, strict=True):
            self.add(name, wall, cpu)

    def table(self, seconds: float, workers: int) -> str:
        """The phases as an aligned table, with the build's wall time and the number of page writers."""
        lines = [f"{'phase':<10} {'wall s':>8} {'cpu s':>8} {'share':>6}"]
        total = sum(self.wall.values()) or 1.0
        for name in PHASES:
            wall, cpu = self.wall[name], self.cpu[name]
            lines.append(f"{name:<10} {wall:8.2f} {cpu:8.2f} {wall / total:6.0%}")
        writers = f"{workers} page writer{'s' if workers != 1 else ''}"
        lines.append(
            f"{'build':<10} {seconds:8.2f} {'':>8} {'':>6}  ({writers}; page phases summed over them)"
        )
        return "\n".join(lines)
