"""What a table is read from: a ``Description``, a ``Site``, a docs config (a ``Config``, a mapping, or a path
named ``*config.yaml|yml|json``) or a description source (a path or an http(s) URL).

Routes are the site's: ``/api/<tag>/<operation>`` for a lone description (the group ``API`` of
``Site.from_description``), the config's groups for a site.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from orgdocs.model import Description, Operation, load

if TYPE_CHECKING:
    from orgdocs.project import Site

__all__: list[str] = []

DEFAULT_GROUP = "API"  # the group label of Site.from_description


@dataclass
class _Entry:
    route: str
    group: str
    operation: Operation
    description: Description


def _looks_like_config(source: str | Path) -> bool:
    name = Path(str(source)).name.lower()
    return name.endswith(("config.yaml", "config.yml", "config.json"))


def _coerce(x: Any) -> Description | Site:
    from orgdocs.project import Config, Site

    if isinstance(x, (Description, Site)):
        return x
    if isinstance(x, (Config, Mapping)) or x is None:
        return Site(x)
    if isinstance(x, (str, Path)):
        if _looks_like_config(x) and not str(x).startswith(("http://", "https://")):
            return Site(x)
        return load(x)
    raise TypeError(
        f"expected a Description, a Site, a docs config or a source path/URL, not {type(x).__name__}"
    )


def _entries(x: Any) -> list[_Entry]:
    """Operations in navigation order, with the route and group the site gives them."""
    from orgdocs.project import Site

    target = _coerce(x)
    site = target if isinstance(target, Site) else Site.from_description(target, group=DEFAULT_GROUP)
    return [_Entry(r, e.group, e.operation, e.description) for r, e in site.operations.items()]


def _descriptions(x: Any) -> list[tuple[str, Description]]:
    """(group label, description) for every description of ``x``."""
    from orgdocs.project import Site

    target = _coerce(x)
    if not isinstance(target, Site):
        return [(DEFAULT_GROUP, target)]
    groups = {id(entry.description): entry.group for entry in target.operations.values()}
    return [(groups.get(id(d), DEFAULT_GROUP), d) for d in target.descriptions]
