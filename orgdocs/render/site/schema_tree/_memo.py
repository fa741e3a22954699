"""The ``$ref`` subtrees that the pages of a description render once and reuse (``TreeCache.subtrees``).

A ``$ref`` subtree is memoized when nothing in it depends on where it was met: no cycle cut to a reference
outside it, and no cut by the row budget, or else it began with a whole tree's budget (a large response
schema, on every page that starts a tree with it). It is reused where none of the references it expanded or
merged is being expanded around it or listed as the base of variants, and where the budget holds its rows (a budget-cut one: where a
tree's whole budget is left, as when it was made). The walker (``_Tree.expand_ref`` and ``_Tree.reuse``)
applies these rules; this module holds what they keep: a rendered schema (``_Node``), what a ``$ref``
being expanded met (``_Frame``), and the memo itself (``_Memo``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field


@dataclass
class _Node:
    type_html: str
    badges: list[str] = field(default_factory=list)
    body: str = ""  # description and facts
    children: str = ""  # rows of nested fields or variants
    attrs: str = ""  # id and data-schema-ref of an expanded $ref
    label: str = "Fields"  # the summary of the folded children: "12 fields"


# Anchor ids are page ids from the start: the page's prefix and a number counted on the page
# (``TreeContext.ids``). A memoized subtree keeps its texts split at its ids, numbered from its first one, so
# that a reuse writes them with another page's prefix and numbers without scanning the texts again. Only in
# an ``id="..."`` or ``href="#..."`` attribute: text of a description that looks like one stays.
_ID_NUMBER = re.compile(r'\d+(?=")')
_ID_BEFORE = ('id="', 'href="#')


class _Placed:
    """A text split at its ids (written with ``prefix``), each numbered from the subtree's ``first`` id."""

    __slots__ = ("parts",)

    def __init__(self, text: str, prefix: str, first: int):
        parts: list = []  # text, number, text, number, ..., text
        start = 0  # where the text not yet in parts begins
        at = text.find(prefix)
        while at != -1:  # the prefix is also met elsewhere (the default "s" in any word): it stays text
            number = _ID_NUMBER.match(text, at + len(prefix))
            if number is not None and text.endswith(_ID_BEFORE, start, at):
                parts += (text[start:at], int(number.group()) - first)
                start = number.end()
            at = text.find(prefix, at + len(prefix))
        parts.append(text[start:])
        self.parts = parts

    def at(self, prefix: str, first: int) -> str:
        """The text with its ids numbered from ``first`` on the page of ``prefix``."""
        if len(self.parts) == 1:
            return self.parts[0]
        out = self.parts.copy()
        for i in range(1, len(out), 2):
            out[i] = f"{prefix}{out[i] + first}"
        return "".join(out)


class _Memo:
    """A rendered ``$ref`` subtree: its node's texts split at their ids, numbered from its first (so that a
    reuse writes them for its page without scanning the texts again), the rows and ids it used, the
    references it expanded or merged."""

    __slots__ = ("attrs", "badges", "body", "children", "ids", "label", "reached", "rows", "type_html")

    def __init__(self, node: _Node, rows: int, ids: int, prefix: str, first: int, frame: _Frame):
        self.type_html = _Placed(node.type_html, prefix, first)
        self.badges = [_Placed(b, prefix, first) for b in node.badges]
        self.body = node.body
        self.children = _Placed(node.children, prefix, first)
        self.attrs = _Placed(node.attrs, prefix, first)
        self.label = node.label
        self.rows = rows
        self.ids = ids
        self.reached = frozenset(frame.reached)


class _Frame:
    """A ``$ref`` being expanded: what its subtree met, to decide whether it can be memoized."""

    __slots__ = ("cuts", "floor", "fresh", "ids", "reached", "rows")

    def __init__(self, cuts: int, rows: int, ids: int, fresh: bool):
        self.reached: set[str] = set()  # every $ref expanded below it
        self.floor = math.inf  # lowest stack position of a cycle cut below it
        # the tree's budget cuts, rows left and ids given when it began, and whether its budget was whole
        self.cuts = cuts
        self.rows = rows
        self.ids = ids
        self.fresh = fresh

    def absorb(self, below: _Frame | _Memo) -> None:
        """Take in what a subtree below this one met (a frame that ends, or a reused memo)."""
        self.reached |= below.reached
