"""``SiteSearch``: a ``Site``'s endpoint index, its search file (``SEARCH_URL``) and search.

The index is compact (one entry per operation, and the navigation; no schemas); the search file holds the
longer texts the browser loads on the first keystroke. Both are derived, so built on first use.
"""

from __future__ import annotations

import functools

from orgdocs.project._entries import OperationEntry
from orgdocs.project._excerpts import search_text
from orgdocs.project._routes import PAYLOAD_ROOT, payload_url
from orgdocs.project._search import SearchIndex

__all__ = ["SEARCH_URL", "SiteSearch"]

SEARCH_URL = f"{PAYLOAD_ROOT}/search.json"  # the search file: a short text per index entry


class SiteSearch:
    """The part of ``Site`` that indexes its operations and searches them."""

    @functools.cached_property
    def index(self) -> dict:
        """The compact endpoint index: one entry per operation, and the navigation. No schemas."""
        return {"title": self.title, "endpoints": self._index_entries, "navigation": self.navigation}

    @functools.cached_property
    def _index_entries(self) -> list[dict]:
        return [
            {
                "route": route,
                "group": entry.group,
                "section": entry.section,
                "title": entry.operation.title,
                "method": entry.operation.method.upper(),
                "path": entry.operation.path,
                "operationId": entry.operation.operation_id,
                "tags": self._tag_words(entry),
                "params": [p.name for p in entry.operation.parameters],
                "deprecated": entry.operation.deprecated,
                "data": payload_url(route),
                **({"webhook": True} if entry.operation.webhook else {}),  # only where it is one
            }
            for route, entry in self.operations.items()
        ]

    def _tag_words(self, entry: OperationEntry) -> list[str]:
        """An index entry's ``tags``, what search matches: each tag's name, and its x-displayName after it."""
        titles = self._tag_titles.get(id(entry.description), {})
        tags = list(entry.operation.tags)
        if not titles:
            return tags
        return [word for tag in tags for word in (tag, titles.get(tag)) if word]

    @functools.cached_property
    def search_texts(self) -> list[str]:
        """A short text per index entry, in index order: the first sentence of its description. Kept out
        of the index (which stays compact) in a search file of its own, which the browser loads on the
        first keystroke. See ``orgdocs.project._excerpts.search_text``."""
        return [search_text(entry.operation.description) for entry in self.operations.values()]

    @functools.cached_property
    def search_file(self) -> dict:
        """The search file (``SEARCH_URL``): ``texts``, one per entry of ``index["endpoints"]``; ``fields``
        (body fields, response type, more of the description), ``tags`` (their descriptions) and
        ``related`` (the reader's words, from WordNet): see ``orgdocs.project._search_file``."""
        from orgdocs.project._search_file import operation_fields, related_table, tag_texts

        entries = list(self.operations.values())
        return {
            "texts": self.search_texts,
            "fields": operation_fields([(entry.description, entry.operation) for entry in entries]),
            "tags": tag_texts({id(entry.description): entry.description for entry in entries}.values()),
            "related": related_table(self._index_entries),
        }

    @functools.cached_property
    def _search_index(self) -> SearchIndex:
        return SearchIndex(self._index_entries, self.search_file)

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        """Index entries matching ``query``, best first: the site's own ranking (``assets/search.js``)."""
        return self._search_index.search(query, limit)
