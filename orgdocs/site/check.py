"""``orgdocs check CONFIG``: load and validate a docs config and every description it names.

A config or description that cannot be used raises ``OrgdocsError`` (the command line prints it on one line
and exits 1): that is what would stop a production build. What a build survives is printed one problem a
line, each naming the file and the place: references kept as they are, duplicate operationIds, security
requirements naming no declared scheme, descriptions without operations, and routes that got a ``-2``
suffix. A summary line ends the output; the exit status is then 0: none of these stops a build.
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["run_check"]


def run_check(config_path: str, *, out: TextIO | None = None) -> int:
    from orgdocs.site import Site

    out = out or sys.stdout
    site = Site(config_path)
    problems = site.problems
    for problem in problems:
        print(f"warning: {problem.message}", file=out)
    counts = [
        _count(len(site.descriptions), "description"),
        _count(len(site.operations), "operation"),
        _count(len(site.pages), "page"),
    ]
    print(f"{site.config.name}: {', '.join(counts)}: {_count(len(problems), 'warning')}", file=out)
    return 0


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
