"""Where a route's page and payload live in the output folder.

``<out>/<route>/index.html`` and ``<out>/_docs/openapi/<route>.json``, except that a file system takes at
most 255 bytes per name: a route segment longer than ``MAX_SEGMENT`` (Microsoft Graph's operationIds reach
268 characters) is cut and ends with a hash of the whole segment, so it stays unique. Links are written
with the same rule, here and in ``assets/site.js`` (``fileSegment``), so the site stays consistent.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["MAX_SEGMENT", "file_route", "page_path", "payload_path"]

MAX_SEGMENT = 200  # bytes; leaves room for ".json" and for a file system's own limits


def _fnv1a(text: str) -> str:
    """32-bit FNV-1a of the UTF-8 bytes, as 8 hex digits (``site.js`` computes the same)."""
    value = 0x811C9DC5
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def file_segment(segment: str) -> str:
    if len(segment.encode("utf-8")) <= MAX_SEGMENT:
        return segment
    return segment.encode("utf-8")[: MAX_SEGMENT - 10].decode("utf-8", "ignore") + "-" + _fnv1a(segment)


def file_route(route: str) -> str:
    """``route`` with every over-long segment shortened (most routes come back as they are)."""
    parts = route.strip("/").split("/")
    if all(len(part.encode("utf-8")) <= MAX_SEGMENT for part in parts):
        return route.strip("/")
    return "/".join(file_segment(part) for part in parts)


def page_path(root: Path, route: str) -> Path:
    return root.joinpath(*file_route(route).split("/"), "index.html")


def payload_path(root: Path, route: str) -> Path:
    parts = file_route(route).split("/")
    return root.joinpath("_docs", "openapi", *parts[:-1], parts[-1] + ".json")
