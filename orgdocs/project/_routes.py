"""Routes: ``/<group>/<tag>/<operation>`` for operations, ``/<group>/<page path>`` for hand-written pages.

Every segment is kebab-case, and at most ``MAX_SEGMENT`` characters: a longer one (Microsoft Graph has
operationIds of 268 characters) is cut and ends with a hash of the whole, so it stays unique and its route
is still a file path (a file name holds at most 255 bytes). Hand-written pages are reserved first and win on collision; generated
operations, numbered in the order groups, sections, paths and methods appear, take the smallest free
suffix ``-2``, ``-3``, ... when their route is taken, so both colliding operations are kept.
"""

from __future__ import annotations

import functools
import hashlib

from orgdocs.model import Operation, kebab

__all__ = [
    "MAX_SEGMENT",
    "PAYLOAD_ROOT",
    "RouteTable",
    "bounded",
    "operation_segments",
    "payload_url",
    "segment",
    "tag_segment",
]

MAX_SEGMENT = 120
PAYLOAD_ROOT = "/_docs/openapi"


def payload_url(route: str) -> str:
    """``/api/pets/list-pets`` -> ``/_docs/openapi/api/pets/list-pets.json``."""
    return f"{PAYLOAD_ROOT}{route}.json"


def bounded(kebab_text: str) -> str:
    """A kebab-case segment cut to ``MAX_SEGMENT`` characters, ending in a hash of the whole when cut."""
    if len(kebab_text) <= MAX_SEGMENT:
        return kebab_text
    digest = hashlib.sha1(kebab_text.encode()).hexdigest()[:8]
    return kebab_text[: MAX_SEGMENT - 9].rstrip("-") + "-" + digest


@functools.lru_cache(maxsize=65536)
def segment(text: str) -> str:
    """``kebab(text)``, bounded; cached: tags and path segments repeat across thousands of operations."""
    return bounded(kebab(text))


def tag_segment(operation: Operation) -> str:
    """The first tag; with none, the first non-parameter path segment; with none, ``endpoints``.

    A webhook (OpenAPI 3.1) has a name, not a path: untagged, it goes to ``webhooks``.
    """
    if operation.tags and segment(operation.tags[0]):
        return segment(operation.tags[0])
    if operation.webhook:
        return "webhooks"
    for part in operation.path.split("/"):
        if part and not (part.startswith("{") and part.endswith("}")) and segment(part):
            return segment(part)
    return "endpoints"


def operation_segments(operation: Operation) -> tuple[str, str]:
    """(tag segment, operation segment): ``operationId``; with none, method and path."""
    name = (
        segment(operation.operation_id) or segment(f"{operation.method} {operation.path}") or operation.method
    )
    return tag_segment(operation), name


class RouteTable:
    """Hands out unique routes in the order they are asked for."""

    def __init__(self) -> None:
        self.taken: set[str] = set()
        self.suffixed: list[tuple[str, str]] = []  # (wanted, given), for `orgdocs check`

    def reserve(self, route: str) -> bool:
        """Take ``route`` as it is (hand-written pages); False if it was already taken."""
        if route in self.taken:
            return False
        self.taken.add(route)
        return True

    def claim(self, route: str) -> str:
        """``route``, or ``route-2``, ``route-3``, ... whichever is free first."""
        given, n = route, 1
        while given in self.taken:
            n += 1
            given = f"{route}-{n}"
        self.taken.add(given)
        if given != route:
            self.suffixed.append((route, given))
        return given
