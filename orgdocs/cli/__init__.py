"""The ``orgdocs`` command line: a thin layer over the library, one module a command.

- ``main``: the parser and the program (``orgdocs``, ``python -m orgdocs``);
- ``build``, ``check``, ``dev``, ``demo``, ``endpoints``, ``mock``: the commands of those names;
- ``orgapi``: ``orgdocs orgapi ...``, the reference Organization Management API's commands.

Every command imports what it needs when it runs, so ``orgdocs --help`` stays instant. Bad input ends in one
line on stderr and exit status 1, never a traceback.
"""

from orgdocs.cli._main import build_parser, main, run

__all__ = ["build_parser", "main", "run"]
