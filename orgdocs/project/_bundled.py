"""The bundled docs project (the Organization Management API), the default when no config is given."""

from __future__ import annotations

from pathlib import Path

__all__ = ["BUNDLED_CONFIG", "CONFIG_NAMES", "bundled_config", "default_config_path", "find_config"]

BUNDLED_CONFIG = Path(__file__).resolve().parent.parent / "bundled_project" / "docs.config.yaml"
CONFIG_NAMES = ("docs.config.yaml", "docs.config.yml")  # what a command looks for in the working folder


def bundled_config():
    from orgdocs.project._config import load_config

    return load_config(BUNDLED_CONFIG)


def find_config(given: str | Path | None) -> tuple[Path | str, bool]:
    """The config a command uses and whether it is the bundled one: the one given (a description's URL stays
    a string), else ``./docs.config.yaml``, else ``./docs.config.yml``, else the bundled example (the
    command line says so)."""
    if given:
        from orgdocs.loading import is_url

        return (given if isinstance(given, str) and is_url(given) else Path(given)), False
    for name in CONFIG_NAMES:
        local = Path(name)
        if local.is_file():
            return local, False
    return BUNDLED_CONFIG, True


def default_config_path(given: str | Path | None) -> Path | str:
    """The config a command uses: the one given, else ``./docs.config.yaml`` (or ``.yml``), else the bundled one."""
    return find_config(given)[0]
