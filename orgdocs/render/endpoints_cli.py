"""``orgdocs endpoints SOURCE [--format table|csv|json]``: the operations of one description, in document order.

Plain standard library, so the command starts fast: no pandas here (``orgdocs.endpoints`` is the DataFrame).
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
_TABLE_HEADINGS = ("METHOD", "PATH", "OPERATION ID", "TITLE", "TAGS")


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


def format_endpoints(description: Description, fmt: str) -> str:
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
        return _table(rows, len(description.webhooks))
    raise ValueError(f"unknown format {fmt!r}: table, csv or json")


def print_endpoints(source: str, fmt: str) -> None:
    """Load ``source`` (a path or URL) and print its operations; errors propagate as ``OrgdocsError``."""
    text = format_endpoints(load(source), fmt)
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except (
        BrokenPipeError
    ):  # `orgdocs endpoints big.json | head`: stop quietly, and let exit not retry the flush
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise


def _table(rows: list[dict[str, Any]], webhooks: int) -> str:
    """Aligned columns for a terminal. Text from the description is made printable: no escape sequences."""
    cells = [
        (
            row["method"],
            row["path"],
            row["operationId"],
            row["title"] + (" (deprecated)" if row["deprecated"] else ""),
            ", ".join(row["tags"]),
        )
        for row in rows
    ]
    cells = [tuple(_printable(c) for c in line) for line in cells]
    widths = [max([_width(h), *(_width(line[i]) for line in cells)]) for i, h in enumerate(_TABLE_HEADINGS)]
    lines = [_line(_TABLE_HEADINGS, widths), _line(tuple("-" * w for w in widths), widths)]
    lines += [_line(line, widths) for line in cells]
    count = f"{len(rows)} operation{'s' if len(rows) != 1 else ''}"
    if webhooks:
        count += f" (and {webhooks} webhook{'s' if webhooks != 1 else ''}, not listed)"
    return "\n".join([*lines, count]) + "\n"


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
