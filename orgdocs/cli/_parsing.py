"""What the commands' parsers share: how a subcommand is added, the config argument, argument types."""

from __future__ import annotations

import argparse


def add_command(commands: argparse._SubParsersAction, name: str, summary: str) -> argparse.ArgumentParser:
    """A subcommand whose ``--help`` opens with its one-line summary."""
    return commands.add_parser(name, help=summary, description=summary[0].upper() + summary[1:] + ".")


CONFIG_HELP = (
    "docs.config.yaml (default: ./docs.config.yaml, else ./docs.config.yml, else the bundled example), "
    "or an API description (a file or a URL): the site of it alone"
)


def table_width(text: str) -> int:
    """An ``argparse`` type: a table width, 0 (no limit) or at least 64 columns (each column's narrowest)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of columns: {text!r}") from None
    if value != 0 and not 64 <= value <= 100_000:
        raise argparse.ArgumentTypeError(f"{value} columns: 0 (no limit) or 64 and more")
    return value
