"""The mock's routes: an operation's path template as a pattern, literal segments before parameters.

A path written with a query or a fragment (AWS: ``/#X-Amz-Target=...``, ``/worker?cmd=...``) is a path and
a condition on the query or a header (``_split_template``); a server's path is taken off the front
(``_base_path``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from orgdocs.model import Operation

__all__: list[str] = []

_PARAM = re.compile(r"\{[^{}/]+\}")


@dataclass
class _Route:
    template: str
    pattern: re.Pattern
    names: list[str]
    operations: dict[str, Operation]  # method -> operation
    condition: tuple[str, str, str] | None = None  # ("query" | "header", name, value) the path wrote

    def holds(self, query: dict, headers: dict) -> bool:
        if self.condition is None:
            return True
        place, name, value = self.condition
        if place == "query":
            return value in query.get(name, []) or (not value and name in query)
        return headers.get(name.lower()) == value


def _segments(template: str, path: str) -> dict[str, str]:
    names = [m[1:-1] for m in _PARAM.findall(template)]
    regex = "".join(
        re.escape(part) + (f"(?P<p{i}>[^/]+)" if i < len(names) else "")
        for i, part in enumerate(_PARAM.split(template))
    )
    match = re.match(f"^{regex}/?$", path)
    return {name: match.group(f"p{i}") for i, name in enumerate(names)} if match else {}


def _split_template(path: str) -> tuple[str, tuple[str, str, str] | None]:
    """``/tags#resourceArn`` -> ``/tags`` and no condition; ``/#X-Amz-Target=Svc.Op`` -> ``/`` and the header
    ``X-Amz-Target: Svc.Op``; ``/worker?cmd=run`` -> ``/worker`` and the query ``cmd=run``."""
    for mark, place in (("?", "query"), ("#", "header")):
        if mark in path:
            path, _, rest = path.partition(mark)
            name, equals, value = rest.partition("=")
            condition = (place, name, value) if name and (equals or place == "query") else None
            return path or "/", condition
    return path, None


def _absolute(url: str) -> bool:
    return "//" in url or url.startswith("/")


def _base_path(url: str) -> str:
    """The path part of a server URL (``https://h/v1`` -> ``/v1``; ``example.com/v1`` -> ``/v1``)."""
    split = urlsplit(url if _absolute(url) else "//" + url)
    return split.path.rstrip("/")
