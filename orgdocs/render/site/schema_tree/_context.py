"""What the trees of a page, and the pages of a description, share: the limits that keep a tree finite,
``Where`` a schema is in the page's payload, the page's row budget and anchor ids (``TreeContext``), and what
a description's pages make once (``TreeCache``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_DEPTH = 5  # levels of nested fields rendered on the server
TREE_ROWS = 400  # rows rendered on the server per tree
ROW_BUDGET = 400  # rows rendered on the server per page, over all its trees
MAX_OPEN_REFS = (
    64  # references expanded inside each other at once: a chain of aliases must not exhaust the stack
)

Resolve = Callable[[str], Any]
Where = tuple[str, tuple]  # (component $ref or "" for the payload root, path tokens below it)


@dataclass
class TreeCache:
    """What the pages of one description share: rendered ``$ref`` subtrees (see ``_memo``) and resolved
    references."""

    subtrees: dict = field(default_factory=dict)
    targets: dict = field(default_factory=dict)  # $ref -> (found, target)
    heads: dict = field(default_factory=dict)  # id(schema) -> (schema, its _Head): the schema kept alive
    merged: dict = field(default_factory=dict)  # id(schema) -> (schema, its $ref target with its siblings)
    leaves: dict = field(default_factory=dict)  # (id(schema), name, ...) -> (schema, its row): see ``row``
    labels: dict = field(default_factory=dict)  # $ref -> (its name, itself), escaped
    properties: dict = field(default_factory=dict)  # (id(schema), direction) -> (schema, what it shows)
    subtypes: dict | None = None  # base $ref -> its allOf subtypes (``implicit_subtypes``), made when asked
    # $ref -> the link to its schema's page (``get``), where the pages have one (orgdocs.project.schema_pages)
    links: Any = None


@dataclass
class TreeContext:
    """What the trees of one page share: the row budget, the counter of anchor ids, and the ``cache`` (given:
    shared by the pages of one description; else the page's own)."""

    id_prefix: str = "s"
    rows: int = ROW_BUDGET  # left on the page
    tree_rows: int = TREE_ROWS
    max_depth: int = MAX_DEPTH
    cache: TreeCache = field(default_factory=TreeCache)
    ids: int = 0  # anchor ids given so far on the page
    # the $refs the page's payload holds (None: all): a lazy row of any other is cut, not offered to open
    payload_refs: frozenset[str] | None = None


def _at(where: Where | None, *tokens: Any) -> Where | None:
    return None if where is None else (where[0], (*where[1], *tokens))
