"""``orgdocs check [CONFIG]``: load and validate a docs config and every description it names (what is
checked, and why: ``orgdocs.project._check``)."""

from __future__ import annotations

import sys
from typing import TextIO

from orgdocs.project import (
    Problem,
    Site,
    count_label,
    default_config_path,
    hidden_files,
    page_files,
    public_conflicts,
    public_files,
)


def run_check(config_path: str | None, *, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    site = Site(default_config_path(config_path))
    public_files(site)  # what a build would refuse to copy, refused here too
    public_conflicts(site)
    problems = list(site.problems)
    problems += page_files(site)[1]
    problems += [
        Problem(f"public folder {site.config.public}: {relative}: not published (a dotfile)", "hidden")
        for relative in hidden_files(site)
    ]
    for problem in problems:
        print(f"warning: {problem.message}", file=out)
    print(f"{site.summary()}: {count_label(len(problems), 'warning')}", file=out)
    return 0
