"""Local search over the endpoint index, with the ranking the browser uses too.

Over title, method, path, operationId, tags and parameter names; case-insensitive; every query word must
match. Ranked: an exact operationId or path match first, then a title that starts with the query, then the
rest, each rank in navigation order. ``orgdocs/render/static/assets/search.js`` implements the same rules.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["SearchIndex", "haystack"]


def haystack(entry: dict) -> str:
    parts = [entry["title"], entry["method"], entry["path"], entry["operationId"], *entry["tags"], *entry["params"]]
    return "\n".join(parts).lower()


class SearchIndex:
    def __init__(self, entries: Sequence[dict]):
        self.entries = list(entries)
        self._texts = [haystack(e) for e in self.entries]
        self._keys = [(e["operationId"].lower(), e["path"].lower(), e["title"].lower()) for e in self.entries]

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        words = query.lower().split()
        if not words:
            return []
        whole = " ".join(words)
        ranked: tuple[list, list, list] = ([], [], [])
        for entry, text, (operation_id, path, title) in zip(self.entries, self._texts, self._keys):
            if all(word in text for word in words):
                if whole == operation_id or whole == path:
                    rank = 0
                elif title.startswith(whole):
                    rank = 1
                else:
                    rank = 2
                ranked[rank].append(entry)
        found = ranked[0] + ranked[1] + ranked[2]
        return found[:limit] if limit is not None else found
