"""The bundled docs project (the Organization Management API), the default when no config is given."""

from __future__ import annotations

from pathlib import Path

__all__ = ["BUNDLED_CONFIG", "bundled_config", "default_config_path"]

BUNDLED_CONFIG = Path(__file__).resolve().parent.parent / "project" / "docs.config.yaml"


def bundled_config():
    from orgdocs.site.config import load_config

    return load_config(BUNDLED_CONFIG)


def default_config_path(given: str | Path | None) -> Path:
    """The config a command uses: the one given, else ``./docs.config.yaml``, else the bundled one."""
    if given:
        return Path(given)
    local = Path("docs.config.yaml")
    return local if local.is_file() else BUNDLED_CONFIG
