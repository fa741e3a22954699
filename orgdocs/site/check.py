"""``orgdocs check [CONFIG]``: load and validate a docs config and every description it names.

A config or description that cannot be used raises ``OrgdocsError`` (the command line prints it on one line
and exits 1): that is what would stop a production build. What a build survives is printed one problem a
line, each naming the file and the place: references kept as they are, duplicate operationIds, security
requirements naming no declared scheme, descriptions without operations, path items and operations left
out because they are not mappings, routes that got a ``-2`` suffix, keys a YAML description repeats (with the
lines of both), and the public folder's dotfiles, which no build publishes. The config is the one ``orgdocs
build`` takes: the one given, else ``./docs.config.yaml``, else ``./docs.config.yml``, else the bundled
example. A summary line ends the output; the exit status is then 0: none of these stops a build.
"""

from __future__ import annotations

import sys
from typing import TextIO

__all__ = ["run_check"]


def run_check(config_path: str | None, *, out: TextIO | None = None) -> int:
    from orgdocs.site import Site
    from orgdocs.site.bundled import default_config_path
    from orgdocs.site.public import hidden_files, public_files
    from orgdocs.site.site import Problem, count_label

    out = out or sys.stdout
    site = Site(default_config_path(config_path))
    public_files(site)  # what a build would refuse to copy, refused here too
    problems = list(site.problems)
    problems += [
        Problem(f"public folder {site.config.public}: {relative}: not published (a dotfile)", "hidden")
        for relative in hidden_files(site)
    ]
    for problem in problems:
        print(f"warning: {problem.message}", file=out)
    print(f"{site.summary()}: {count_label(len(problems), 'warning')}", file=out)
    return 0
