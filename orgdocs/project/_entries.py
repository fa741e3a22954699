"""What a ``Site`` holds at each route: an operation or webhook, a hand-written page, a section of operations,
a docs group's landing."""

from __future__ import annotations

from dataclasses import dataclass, field

from orgdocs.model import Description, Operation
from orgdocs.project._handwritten_pages import Page
from orgdocs.project._payloads import ReachIndex

__all__ = ["LandingEntry", "OperationEntry", "PageEntry", "SectionEntry"]


@dataclass
class OperationEntry:
    route: str
    group: str  # group label
    section: str  # navigation section title (the tag section)
    operation: Operation
    description: Description
    reach: ReachIndex = field(repr=False)

    @property
    def title(self) -> str:
        return self.operation.title


@dataclass
class PageEntry:
    route: str
    group: str
    section: str
    page: Page | None  # None for a changelog's list page
    updates: list[Page] = field(default_factory=list)  # for a changelog's list page

    @property
    def title(self) -> str:
        return self.page.title if self.page else self.section


@dataclass
class SectionEntry:
    """A navigation section of operations (a tag, ``Endpoints``, ``Webhooks``) and its page."""

    route: str
    group: str
    title: str
    description: str = ""  # the tag's description (Markdown)
    external_docs: dict = field(default_factory=dict)  # {"url": ..., "description": ...} when declared
    routes: list[str] = field(default_factory=list)  # its operations, in navigation order


@dataclass
class LandingEntry:
    """A docs group's landing page: its descriptions' introductions and its sections."""

    route: str
    group: str
    descriptions: list[Description] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)  # routes of its section pages, in order
