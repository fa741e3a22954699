"""Expandable schema trees as HTML: objects, arrays, enums, nullable, readOnly/writeOnly, allOf/oneOf/anyOf.

A tree is nested ``<ul>`` rows with ``<details>`` for nested fields, readable without JavaScript; a component
below a tree's root is folded, its fields its own page's tree, which ``assets/schema.js`` puts in place when it
is opened (``_walk``). Every text from the description is escaped; descriptions go through ``markdown_html``.

Its face, defined here: ``schema_tree_html`` (a tree) and ``type_label`` (a schema's type without its
children), with what the trees of a page share (``TreeContext``) and the pages of a description
(``TreeCache``). Behind it, one job a module:

- ``_context``: the limits that keep a tree finite, ``Where`` a schema is (the component it is), the page's
  ``TreeContext`` and the description's ``TreeCache``;
- ``_walk``: the walker (``_Tree``): rows, nested fields, ``$ref`` subtrees, and the rows it cuts;
- ``_fields``: the rows of an object's fields (properties, marked where a direction leaves them out, pattern
  and additional properties, tuple items);
- ``_choices``: ``allOf`` merging, and ``oneOf``/``anyOf`` branches and discriminator subtypes as variants;
- ``_head``: what a schema shows wherever it is met: its type, badges, description and facts;
- ``_memo``: the ``$ref`` subtrees a description's pages render once and reuse, and when they may;
- ``_keywords``: small readers of schema keywords (lists, null branches, ``$ref`` names, discriminators).
"""

from __future__ import annotations

from html import escape
from typing import Any

from orgdocs.render.site._markdown import markdown_html
from orgdocs.render.site.schema_tree._context import (
    MAX_DEPTH,
    ROW_BUDGET,
    TREE_ROWS,
    Resolve,
    TreeCache,
    TreeContext,
)
from orgdocs.render.site.schema_tree._walk import _Tree

__all__ = [
    "MAX_DEPTH",
    "ROW_BUDGET",
    "TREE_ROWS",
    "TreeCache",
    "TreeContext",
    "schema_tree_html",
    "type_label",
]


def schema_tree_html(
    schema: Any,
    resolve: Resolve,
    *,
    direction: str | None = None,
    context: TreeContext | None = None,
    title: str = "",
    said: str = "",
) -> str:
    """The expandable tree of ``schema`` (see this package's docstring, and ``_walk``'s for where it is cut).

    ``resolve`` maps a ``$ref`` to its target (``KeyError`` when it cannot). ``direction``: "request" shows no
    readOnly property, "response" no writeOnly one (the stylesheet hides them: every property is in the
    tree, those one direction leaves out marked). ``context`` is shared
    by the trees of one page. ``said``: the description shown just above the tree (its response's or request
    body's), which the tree does not repeat.
    """
    context = context or TreeContext()
    budget = max(0, min(context.rows, context.tree_rows))
    tree = _Tree(resolve, context, budget)  # walked in no direction: see ``_walk``
    node = tree.expand(schema, 0, None)
    context.rows -= budget - tree.rows
    head = f'<span class="schema-title">{escape(title)}</span> ' if title else ""
    badges = "".join(node.badges)
    data = f' data-direction="{escape(direction)}"' if direction else ""
    body = node.body
    if said:
        repeated = f'<div class="schema-description">{markdown_html(said)}</div>'
        if body.startswith(repeated):
            body = body[len(repeated) :]
    html = (
        f'<div class="schema-tree"{data}{node.attrs}>'
        f'<div class="schema-head">{head}<span class="schema-type">{node.type_html}</span>{badges}</div>'
        f"{body}{node.children}</div>"
    )
    context.ids += tree.ids
    return html


def type_label(schema: Any, resolve: Resolve, cache: TreeCache | None = None) -> tuple[str, list[str], str]:
    """(type HTML, badge HTML list, description and facts HTML) of a schema without its children, for
    parameter rows and headers; ``cache``: the one of the page's trees (what a schema shows is made once)."""
    tree = _Tree(resolve, TreeContext(cache=cache or TreeCache()), 0)
    node = tree.expand(schema, 0, None, children=False)
    return node.type_html, node.badges, node.body
