"""Local search over the endpoint index, with the ranking the browser uses too.

Over title, method, path, operationId, tags and parameter names; case-insensitive; every query word must
match (as a substring of one of those fields). Ranked: an exact operationId or path match first, then a title
that starts with the query, then the rest, each rank in navigation order (the order of the index).
``orgdocs/render/static/assets/search.js`` implements the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SearchIndex", "haystack", "normalize"]


def normalize(text: str) -> str:
    """Lower case, runs of white space made one space: how queries and fields are compared."""
    return " ".join(text.lower().split())


def haystack(entry: dict) -> str:
    """The searchable text of an index entry: its fields, one per line (a word never spans two)."""
    parts = [
        entry["title"],
        entry["method"],
        entry["path"],
        entry["operationId"],
        *entry["tags"],
        *entry["params"],
    ]
    return "\n".join(part.lower() for part in parts)


class SearchIndex:
    """Search over index entries, prepared once: a query is a scan of lower-cased strings."""

    def __init__(self, entries: Sequence[dict]):
        self.entries = list(entries)
        self._rows = [
            (
                entry,
                haystack(entry),
                entry["operationId"].lower(),
                entry["path"].lower(),
                entry["title"].lower(),
            )
            for entry in self.entries
        ]

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        """Entries matching every word of ``query``, best first; ``limit``: at most that many."""
        whole = normalize(query)
        words = whole.split()
        if not words:
            return []
        # filter with one word at a time, the longest (usually the rarest) first: a comprehension per word
        # scans 22,000 Microsoft Graph entries in a few milliseconds
        rows = self._rows
        for word in sorted(set(words), key=len, reverse=True):
            rows = [row for row in rows if word in row[1]]
        exact: list[dict] = []
        prefix: list[dict] = []
        rest: list[dict] = []
        for entry, _, operation_id, path, title in rows:  # still in index order
            if whole in (operation_id, path):
                exact.append(entry)
            elif title.startswith(whole):
                prefix.append(entry)
            else:
                rest.append(entry)
        found = exact + prefix + rest
        return found[:limit] if limit is not None else found
