"""What the trees of a page, and the pages of a description, share: the limits that keep a tree finite,
``Where`` a schema is (the component it is, if it is one), the page's row budget and anchor ids (``TreeContext``), and what
a description's pages make once (``TreeCache``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# What keeps a page finite where folding components is not enough (a schema nested inline without end, or
# references to schemas that are not components, met again and again): past these, rows say they are cut.
MAX_DEPTH = 12  # levels of nested fields
TREE_ROWS = 2_000  # rows per tree
ROW_BUDGET = 2_000  # rows per page, over all its trees
MAX_OPEN_REFS = (
    64  # references expanded inside each other at once: a chain of aliases must not exhaust the stack
)

Resolve = Callable[[str], Any]
Where = str  # the $ref of the component a schema is (None where it is no component, or part of one)


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
    properties: dict = field(default_factory=dict)  # id(schema) -> (schema, its properties' rows)
    subtypes: dict | None = None  # base $ref -> its allOf subtypes (``implicit_subtypes``), made when asked
    # $ref -> the link to its component schema's page (``get``; orgdocs.project._schema_pages): below a
    # tree's root, such a component is folded, its fields fetched from that page when opened
    links: Any = None
    # the labels of components link to their pages (a notebook view, which has none, asks its kernel for
    # a folded component's fields instead)
    link_labels: bool = True


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
