"""The ``orgdocs`` command line: a thin layer over the library, one private module a command.

Its face: ``run()`` (the ``orgdocs`` script and ``python -m orgdocs``), ``main(argv)`` (the exit status) and
``build_parser()``. Behind it:

- ``_main``: the parser and the program; ``_parsing``: what the commands' parsers share;
- ``_build``: ``orgdocs build`` (``orgdocs.render.site.build_site``); ``_check``: ``orgdocs check``
  (``orgdocs.project``'s checks); ``_dev``: ``orgdocs dev``, the development server, pages rendered from
  memory; ``_demo``: ``orgdocs demo``, the reference API and the dev server together; ``_endpoints``:
  ``orgdocs endpoints``, a plain-text table (no pandas); ``_mock``: ``orgdocs mock`` (the app:
  ``orgdocs.render.create_app``);
- ``_orgapi``: ``orgdocs orgapi ...``, the reference Organization Management API's commands
  (``orgdocs.orgapi``).

Every command imports what it needs when it runs, so ``orgdocs --help`` stays instant. Bad input ends in one
line on stderr and exit status 1, never a traceback.
"""

from orgdocs.cli._main import build_parser, main, run

__all__ = ["build_parser", "main", "run"]
