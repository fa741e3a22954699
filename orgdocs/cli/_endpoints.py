"""``orgdocs endpoints SOURCE [--format table|csv|json] [--width N]``: the operations of one description, in
document order.

The table fits ``width`` terminal columns (100 by default): when its cells are wider, the widest columns are
narrowed first and a cut cell ends in "…"; csv and json always hold the whole text. Plain standard library, so
the command starts fast: no pandas here (``orgdocs.endpoints`` is the DataFrame).
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import unicodedata
from typing import Any

from orgdocs.model import Description, load

__all__ = ["endpoint_rows", "format_endpoints", "print_endpoints"]

COLUMNS = ("method", "path", "operationId", "title", "tags", "deprecated")
_TABLE_HEADINGS = ("METHOD", "PATH", "OPERATION ID", "TITLE", "TAGS", "DEPRECATED")
_GAP = 2  # spaces between columns
_NARROWEST = 8  # a narrowed column keeps at least this many columns (or its heading's)
TABLE_WIDTH = 100


def endpoint_rows(description: Description) -> list[dict[str, Any]]:
    """One ``{method, path, operationId, title, tags, deprecated}`` per operation (webhooks are not endpoints)."""
    return [
        {
            "method": op.method.upper(),
            "path": op.path,
            "operationId": op.operation_id,
            "title": op.title,
            "tags": list(op.tags),
            "deprecated": op.deprecated,
        }
        for op in description.operations
    ]


def format_endpoints(description: Description, fmt: str, *, width: int = TABLE_WIDTH) -> str:
    """The operations as ``fmt`` (table, csv or json); ``width``: the columns a table fits in (0: no limit)."""
    rows = endpoint_rows(description)
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in rows:
            texts = [*(row[c] for c in COLUMNS[:4]), ";".join(row["tags"])]
            # quoted line breaks are CSV; every other control character could drive the terminal
            writer.writerow([*(_printable(t, keep="\n\t") for t in texts), str(row["deprecated"]).lower()])
        return out.getvalue()
    if fmt == "table":
        return _table(rows, len(description.webhooks), width)
    raise ValueError(f"unknown format {fmt!r}: table, csv or json")


def print_endpoints(source: str, fmt: str, *, width: int = TABLE_WIDTH) -> None:
    """Load ``source`` (a path or URL) and print its operations; errors propagate as ``OrgdocsError``."""
    text = format_endpoints(load(source), fmt, width=width)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (
        BrokenPipeError
    ):  # `orgdocs endpoints big.json | head`: stop quietly, and let exit not retry the flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise


def _table(rows: list[dict[str, Any]], webhooks: int, width: int = TABLE_WIDTH) -> str:
    """Aligned columns for a terminal, within ``width`` columns (0: no limit). Text from the description is
    made printable: no escape sequences."""
    cells = [
        (
            row["method"],
            row["path"],
            row["operationId"],
            row["title"],
            ", ".join(row["tags"]),
            "yes" if row["deprecated"] else "",
        )
        for row in rows
    ]
    cells = [tuple(_printable(c) for c in line) for line in cells]
    widths = [max([_width(h), *(_width(line[i]) for line in cells)]) for i, h in enumerate(_TABLE_HEADINGS)]
    if width:
        widths = _fitted(widths, width)
        cells = [
            tuple(_cut(c, w, middle=i == 1) for i, (c, w) in enumerate(zip(line, widths, strict=True)))
            for line in cells
        ]
    lines = [_line(_TABLE_HEADINGS, widths), _line(tuple("-" * w for w in widths), widths)]
    lines += [_line(line, widths) for line in cells]
    count = f"{len(rows)} operation{'s' if len(rows) != 1 else ''}"
    if webhooks:
        count += f" (and {webhooks} webhook{'s' if webhooks != 1 else ''}, not listed)"
    return "\n".join([*lines, count]) + "\n"


def _fitted(widths: list[int], total: int) -> list[int]:
    """Column widths whose line fits ``total``: path, operation id, title and tags narrowed, the widest
    first, down to one cap (twice that for the path, what a reader scans first), none below
    ``_NARROWEST`` or its heading."""
    weights = {1: 2, 2: 1, 3: 1, 4: 1}  # path, operation id, title, tags
    fixed = sum(w for i, w in enumerate(widths) if i not in weights) + _GAP * (len(widths) - 1)
    room = total - fixed
    floors = {i: min(widths[i], max(_NARROWEST, len(_TABLE_HEADINGS[i]))) for i in weights}

    def narrowed(cap: int) -> dict[int, int]:
        return {i: max(floors[i], min(widths[i], cap * weight)) for i, weight in weights.items()}

    cap = max(widths)
    while cap > 0 and sum(narrowed(cap).values()) > room:
        cap -= 1
    return [narrowed(cap).get(i, w) for i, w in enumerate(widths)]


def _cut(text: str, width: int, *, middle: bool = False) -> str:
    """``text`` in at most ``width`` terminal columns, "…" where it is cut: at the end, or in the ``middle``
    (a path's last segments tell its operations apart)."""
    if _width(text) <= width:
        return text
    if middle:
        tail = _cut(text[::-1], (width - 1) // 2 + 1)[:-1][::-1]
        return _cut(text, width - _width(tail)) + tail
    kept = ""
    for char in text:
        if _width(kept + char) > width - 1:
            break
        kept += char
    return kept.rstrip() + "…"


def _line(values: tuple[str, ...], widths: list[int]) -> str:
    padded = [value + " " * (width - _width(value)) for value, width in zip(values, widths, strict=True)]
    return "  ".join(padded).rstrip()


def _printable(text: str, keep: str = "") -> str:
    """Control and format characters (ESC, bidi overrides, ...) shown as ``\\x..``, never sent to the terminal;
    but those in ``keep``."""
    if text.isprintable():
        return text
    return "".join(
        char
        if char in keep or unicodedata.category(char)[0] != "C"
        else char.encode("unicode_escape").decode()
        for char in text
    )


def _width(text: str) -> int:
    """Terminal columns: wide East Asian characters take two, combining marks none."""
    if text.isascii():
        return len(text)
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text
    )
