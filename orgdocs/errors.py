"""The errors orgdocs raises, each naming the file and the place.

    OrgdocsError
     +-- DescriptionError   an API description cannot be read, parsed or used
     |    +-- SourceError    a source cannot be fetched or opened (missing file, non-2xx, too large)
     +-- ConfigError        docs.config is invalid

The command line prints ``str(error)`` on one line and exits with status 1.
"""

from __future__ import annotations

__all__ = ["ConfigError", "DescriptionError", "OrgdocsError", "SourceError"]


class OrgdocsError(Exception):
    """Base of every error orgdocs raises on bad input."""

    def __init__(self, message: str, *, source: str | None = None, place: str | None = None):
        self.message = message
        self.source = source
        self.place = place
        super().__init__(self._format())

    def _format(self) -> str:
        where = ": ".join(str(part) for part in (self.source, self.place) if part)
        text = f"{where}: {self.message}" if where else self.message
        return " ".join(text.split())  # one line, whatever the message held


class DescriptionError(OrgdocsError):
    """An API description cannot be read, parsed or used. ``place`` is a line or a JSON pointer."""


class SourceError(DescriptionError):
    """A description source cannot be fetched or opened."""


class ConfigError(OrgdocsError):
    """A docs configuration is invalid. ``place`` is the path inside it, e.g. ``groups[0].sections[1]``."""
