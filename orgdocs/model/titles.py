"""Readable names: operation titles (the seed's rule) and kebab-case route segments."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orgdocs.model.objects import Operation

__all__ = ["humanize", "kebab", "operation_title"]

# Word boundaries inside identifiers: "listAPIKeys" -> list, API, Keys; "v2Items" -> v2, Items.
_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")


def _words(text: str) -> list[str]:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _WORDS.findall(ascii_text)


def kebab(text: str) -> str:
    """``"Organization API"`` -> ``organization-api``; ``listAPIKeys`` -> ``list-api-keys``.

    Lower-case ASCII letters and digits joined by single hyphens; ``""`` when nothing is left.
    """
    return "-".join(word.lower() for word in _words(text))


def humanize(identifier: str) -> str:
    """``listApiKeys`` -> "List api keys"; ``repos/list-for-org`` -> "Repos list for org"."""
    words = [w.lower() for w in _words(identifier)]
    if not words:
        return identifier.strip()
    return " ".join(words).capitalize()


def operation_title(operation: Operation) -> str:
    summary = (operation.summary or "").strip()
    if summary:
        return " ".join(summary.split())
    if operation.operation_id and _words(operation.operation_id):
        return humanize(operation.operation_id)
    return f"{operation.method.upper()} {operation.path}"
