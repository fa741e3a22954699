"""The walker of one tree (``_Tree``): a schema becomes a row, its nested fields rows below it, a ``$ref`` a
subtree.

Everything a tree shows is rendered here, on the server; the browser only shows and hides it. What keeps a
tree finite on any description:

- **components**: below a tree's root, a field whose schema is a component with a page of its own
  (``TreeCache.links``) is *folded*: ``<details class="schema-lazy" data-ref data-page>`` under its count of
  fields. Its fields are its page's tree, which ``assets/schema.js`` fetches and puts in place when it is
  opened (a notebook view asks its kernel for the same tree); without JavaScript its name links to its page.
  A component's fields are rendered once, on its page, not again on every page that names it;
- **cycles**: a ``$ref`` met again below itself is a link (``href="#<id>"``) to the row that expands it;
- **size**: past ``MAX_DEPTH`` levels, ``TREE_ROWS`` rows in a tree or ``ROW_BUDGET`` on a page, a row says
  it is cut (a schema nested inline without end, references to other kinds of schemas met again and again).

Every tree is walked in no direction, so that a component's subtree is rendered once per description and
process (``_memo``) whether a request, a response or its own page shows it: a row that a request leaves out
(read-only) or a response does (write-only) says so (``data-only``), and a count of fields that differs by
direction is written once for each (``data-count``). The stylesheet shows, in a tree of a direction
(``data-direction``), what that direction keeps, with or without JavaScript, and in a component's
fields fetched into it too.

Nested fields are folded (``<details>``) under their count, "12 fields" or "1 field, 2 variants"
(``orgdocs.project._schemas.fields_label``); the root's description is left out where it repeats the one said
above the tree (its response's).
"""

from __future__ import annotations

import functools
from html import escape
from typing import Any

from orgdocs.project import fields_label
from orgdocs.render.site.schema_tree._choices import _Choices
from orgdocs.render.site.schema_tree._context import MAX_OPEN_REFS, Resolve, TreeContext, Where
from orgdocs.render.site.schema_tree._fields import _Fields, left_out_counts
from orgdocs.render.site.schema_tree._head import _badge, _Head, _head
from orgdocs.render.site.schema_tree._keywords import _discriminator, _is_null, _list, ref_name
from orgdocs.render.site.schema_tree._memo import _Frame, _Memo, _Node


class _Tree(_Fields, _Choices):
    """One tree: ``expand`` walks a schema into a ``_Node``, ``row`` and ``children`` its nested rows; a ``$ref``
    subtree is memoized and reused as ``_memo`` says. Which rows an object's fields are (``_Fields``) and its
    choices (``_Choices``) are methods of this class too, from its bases: the walk calls them as it calls its
    own."""

    __slots__ = (
        "base",
        "bases",
        "cache",
        "context",
        "cuts",
        "frames",
        "full",
        "ids",
        "met",
        "positions",
        "prefix",
        "resolve",
        "rows",
        "stack",
    )

    def __init__(self, resolve: Resolve, context: TreeContext, rows: int):
        self.resolve = resolve
        self.context = context
        self.cache = context.cache
        self.rows = rows  # left in this tree
        self.full = rows
        self.cuts = 0  # times the budget cut a row so far
        self.stack: dict[str, str] = {}  # $ref being expanded -> the id of its row
        self.positions: dict[str, int] = {}  # $ref being expanded -> its index in frames
        self.frames: list[_Frame] = []
        self.ids = 0  # ids given in this tree so far; its first is the page's ``base``-th
        self.base = context.ids
        self.prefix = context.id_prefix
        self.bases: set[str] = set()  # $refs whose discriminator variants are being listed
        # $refs met and nested rows asked for so far: what a row may depend on besides its schema
        self.met = 0

    def fresh(self) -> bool:
        """Nothing of a whole tree's budget is used yet."""
        return self.rows == self.full == self.context.tree_rows

    def target(self, ref: str) -> tuple[bool, Any]:
        targets = self.cache.targets
        if ref in targets:
            return targets[ref]
        try:
            found = (True, self.resolve(ref))
        except (LookupError, ValueError, TypeError):
            found = (False, None)
        if targets is not None:
            targets[ref] = found
        return found

    # one schema --------------------------------------------------------------------------------------------

    def expand(self, schema: Any, depth: int, where: Where | None, *, children: bool = True) -> _Node:
        if schema is True or schema is None or (isinstance(schema, dict) and not schema):
            return _Node('<span class="schema-any">any</span>')
        if schema is False:
            return _Node("never")
        if not isinstance(schema, dict):
            return _Node("any")
        ref = schema.get("$ref")
        if isinstance(ref, str):
            return self.expand_ref(schema, ref, depth, where, children)
        return self.expand_plain(schema, depth, where, children)

    def expand_ref(self, schema: dict, ref: str, depth: int, where: Where | None, children: bool) -> _Node:
        self.met += 1
        name, title = self.label(ref)
        if ref in self.stack:
            if self.frames:
                top = self.frames[-1]
                top.floor = min(top.floor, self.positions[ref])
            link = f'<a class="schema-ref schema-cycle" href="#{self.stack[ref]}" title="{title}">{name}</a>'
            return _Node(link, [_badge("circular", "cycle")])
        found, target = self.target(ref)
        if not found:
            return _Node(
                f'<span class="schema-ref" title="{title}">{name}</span>', [_badge("unresolved", "warn")]
            )
        if len(self.frames) >= MAX_OPEN_REFS:  # named, not expanded: like a cycle, it depends on the path
            if self.frames:
                self.frames[-1].floor = -1
            return _Node(
                f'<span class="schema-ref" title="{title}">{name}</span>', [_badge("nested too deep")]
            )
        siblings = {k: v for k, v in schema.items() if k != "$ref"}
        memo = self.cache.subtrees if not siblings else None
        key = (ref, depth, children, self.context.max_depth)
        fresh_key = (*key, self.context.tree_rows)
        if memo is not None:
            reused = self.reuse(memo.get(fresh_key) if self.fresh() else None) or self.reuse(memo.get(key))
            if reused is not None:
                return reused
        if siblings and isinstance(target, dict):
            target = self.beside(schema, target, siblings)
        node_id = f"{self.prefix}{self.base + self.ids}"
        frame = _Frame(self.cuts, self.rows, self.ids, self.fresh())
        self.ids += 1
        position = len(self.frames)
        self.frames.append(frame)
        self.stack[ref] = node_id
        self.positions[ref] = position
        try:
            node = self.expand(target, depth, ref, children=children)
        finally:
            self.frames.pop()
            del self.stack[ref]
            del self.positions[ref]
        label = self.ref_label(ref, name, title)
        node.type_html = label if node.type_html in ("object", "") else f"{label} {node.type_html}"
        if not node.attrs:
            node.attrs = f' id="{node_id}" data-schema-ref="{title}"'
        frame.reached.add(ref)
        if memo is not None and frame.floor >= position and (frame.cuts == self.cuts or frame.fresh):
            first = self.base + frame.ids
            entry = _Memo(node, frame.rows - self.rows, self.ids - frame.ids, self.prefix, first, frame)
            memo[key if frame.cuts == self.cuts else fresh_key] = entry
        if self.frames:
            parent = self.frames[-1]
            parent.absorb(frame)
            parent.floor = min(parent.floor, frame.floor)
        return node

    def label(self, ref: str) -> tuple[str, str]:
        """(name, title) of a ``$ref``'s label, escaped: made once per reference."""
        known = self.cache.labels.get(ref)
        if known is None:
            known = self.cache.labels[ref] = (escape(ref_name(ref)), escape(ref))
        return known

    def ref_label(self, ref: str, name: str, title: str) -> str:
        """A component's label: a link to its page where ``TreeCache.links`` knows one."""
        href = self.cache.links.get(ref) if self.cache.links and self.cache.link_labels else None
        if href is None:
            return f'<span class="schema-ref" title="{title}">{name}</span>'
        return f'<a class="schema-ref" href="{escape(href)}" title="{title}">{name}</a>'

    def beside(self, schema: dict, target: dict, siblings: dict) -> dict:
        """The target of ``schema``'s $ref with the keywords beside it (OpenAPI 3.1: they apply too), made
        once per schema, so that what ``head`` keeps of it is found again."""
        merged = self.cache.merged
        known = merged.get(id(schema))
        if known is None:
            known = merged[id(schema)] = (schema, {**target, **siblings})
        return known[1]

    def reuse(self, entry: _Memo | None) -> _Node | None:
        if entry is None or entry.rows > self.rows:
            return None
        # a reference met in it is being expanded, or listed as a base here: it would read otherwise
        if not self.stack.keys().isdisjoint(entry.reached) or not self.bases.isdisjoint(entry.reached):
            return None
        prefix, first = self.prefix, self.base + self.ids
        self.ids += entry.ids
        self.rows -= entry.rows
        if self.frames:
            self.frames[-1].absorb(entry)
        return _Node(
            entry.type_html.at(prefix, first),
            [b.at(prefix, first) for b in entry.badges],
            entry.body,
            entry.children.at(prefix, first),
            entry.attrs.at(prefix, first),
            entry.label,
        )

    def head(self, schema: dict) -> _Head:
        """What ``schema`` shows whatever its place: made once per schema of a description when its pages
        share a cache (Stripe's pages show the same schemas thousands of times)."""
        heads = self.cache.heads
        cached = heads.get(id(schema))
        if cached is None:
            cached = heads[id(schema)] = (schema, _head(schema, self.target))
        return cached[1]

    def expand_plain(self, schema: dict, depth: int, where: Where | None, children: bool) -> _Node:
        head = self.head(schema)
        schema = head.schema
        node = _Node(head.type_html)
        badges = node.badges
        items = schema.get("items")
        if head.array and isinstance(items, (dict, bool)):
            item = self.expand(items, depth, None, children=children)
            node.type_html = f"array of {item.type_html}" if item.type_html != "any" else "array"
            node.attrs = item.attrs
            if children:
                node.children = item.children
                node.label = item.label
            if item.body:
                node.body = f'<div class="schema-items">Items: {item.body}</div>'
            badges.extend(item.badges)
        badges.extend(head.badges)
        node.body = head.body + node.body
        if children and not node.children and head.has_children:
            node.children, node.label = self.children(schema, depth, where, inline_union=head.union)
        return node

    # nested rows -------------------------------------------------------------------------------------------

    def children(
        self, schema: dict, depth: int, where: Where | None, *, inline_union: bool = False
    ) -> tuple[str, str]:
        """The rows below ``schema`` (which ``_has_children``), and their count in words ("12 fields"), which
        a folded or cut row shows too."""
        self.met += 1  # what they hold depends on the depth, the budget, the bases...
        all_of = _list(schema.get("allOf"))
        merged = self.merge_all_of(schema) if all_of else None
        own, origins, left = merged if merged is not None else (schema, None, None)
        chooser, base = (None, None)
        if all_of or "discriminator" in schema:
            chooser, base = self.discriminated(schema, where)
        choices = []
        if chooser is not None or "oneOf" in schema or "anyOf" in schema:
            choices = self.choices(schema, chooser, base, inline_union)
        variants = sum(1 for group in choices for branch in group[1] if not _is_null(branch))
        folded = depth > 0 and self.folds(where)
        if folded or depth >= self.context.max_depth or self.rows <= 0:
            # only the count is needed: the rows are on the component's page, or cut
            label = self.counted(variants, *self.field_count(own, merged is None))
            if folded:
                return self.folded_row(where, label, left), label
            self.cuts += 1
            return _cut(label), label
        fields = self.field_entries(own, origins)
        label = self.counted(variants, len(fields), *left_out_counts(fields))
        parts = []
        rows = [self.row(name_html, sub, depth, required, only) for name_html, sub, required, only in fields]
        if rows:
            parts += ('<ul class="schema-props">', *rows, "</ul>")  # joined once, below
        if all_of and merged is None:
            parts.append(self.variants("All of", all_of, depth))
        if base:
            self.bases.add(base)
        try:
            for group_label, branches, names in choices:
                parts.append(
                    self.variants(
                        group_label,
                        branches,
                        depth,
                        names=names,
                        choice=True,
                        discriminator=_discriminator(chooser) if chooser is not None else None,
                    )
                )
        finally:
            if base:
                self.bases.discard(base)
        if isinstance(schema.get("not"), dict):
            parts.append(self.variants("Not", [schema["not"]], depth))
        return "".join(parts), label

    def row(
        self,
        name_html: str,
        schema: Any,
        depth: int,
        required: bool = False,
        only: str = "",
        *,
        variant: bool = False,
    ) -> str:
        self.rows -= 1
        # A row whose schema meets no $ref and asks for no nested rows reads the same wherever it is: made once
        # per (schema, name, required) for a description's pages (most of Stripe's and GitHub's rows).
        leaves = self.cache.leaves
        key = (id(schema), name_html, required, variant, only) if type(schema) is dict else None
        if key is not None:
            known = leaves.get(key)
            if known is not None:
                return known[1]
            met = self.met
        node = self.expand(schema, depth + 1, None)
        kind = "schema-variant" if variant else "schema-name"
        required_html = '<span class="schema-required" title="required">required</span>' if required else ""
        head = (
            f'<div class="schema-head"><code class="{kind}">{name_html}</code>{required_html}'
            f'<span class="schema-type">{node.type_html}</span>{"".join(node.badges)}</div>'
        )
        children = node.children  # written once into the row: a large subtree is not copied twice
        if children and not children.startswith("<details"):  # not already folded or cut
            html = (
                f'<li class="schema-row"{node.attrs}{only}>{head}{node.body}'
                f'<details class="schema-more"><summary>{node.label}</summary>{children}</details></li>'
            )
        else:
            html = f'<li class="schema-row"{node.attrs}{only}>{head}{node.body}{children}</li>'
        if key is not None and self.met == met:
            leaves[key] = (schema, html)
        return html

    def folds(self, where: Where | None) -> bool:
        """Whether ``where`` is a component schema that has a page of its own: below a tree's root, it is folded
        (its fields are its page's), not drawn on every page that names it."""
        links = self.cache.links
        return where is not None and bool(links) and links.get(where) is not None

    def folded_row(self, ref: str, label: str, base: str | None) -> str:
        """The folded row of the component ``ref``: its page's tree is put in it when it is opened, without
        the fields it has from ``base``, where it is listed under that base (they are shown above it)."""
        href = self.cache.links.get(ref) if self.cache.link_labels else None
        return _folded(ref, href, label, base)

    def counted(self, variants: int, count: int, reads: int, writes: int) -> str:
        """The count of fields ("12 fields"), and where a request (without ``reads``, its read-only ones) or a
        response (without ``writes``) shows another, each count marked with the directions it is for
        (``data-count``: "all" is a tree of no direction's)."""
        label = fields_label(count, variants)
        if not reads and not writes:
            return label
        by_label: dict[str, list[str]] = {label: ["all"]}
        by_label.setdefault(fields_label(count - reads, variants), []).append("request")
        by_label.setdefault(fields_label(count - writes, variants), []).append("response")
        return "".join(
            f'<span data-count="{" ".join(names)}">{text}</span>' for text, names in by_label.items()
        )


@functools.lru_cache(maxsize=16384)  # the same folded rows on page after page (Stripe's expandable fields)
def _folded(ref: str, href: str | None, label: str, base: str | None) -> str:
    """A folded component: its fields are fetched from its page (``href``) or, in a notebook view, asked of
    the kernel; a reader without JavaScript follows its name's link."""
    page = f' data-page="{escape(href)}"' if href else ""
    page += f' data-base="{escape(base)}"' if base else ""
    said = _ON_ITS_PAGE if href else "Its fields are shown when the notebook's kernel runs."
    return (
        f'<details class="schema-more schema-lazy" data-ref="{escape(ref)}"{page}>'
        f'<summary>{label}</summary><p class="schema-cut">{said}</p></details>'
    )


_ON_ITS_PAGE = "Its fields are shown with JavaScript on, and on its own page: follow its name."


def _cut(label: str) -> str:
    """A row past the limits of ``_context``: its fields are not shown."""
    return (
        f'<details class="schema-more"><summary>{label}</summary>'
        '<p class="schema-cut">Not shown: the tree is too large or too deep here.</p></details>'
    )
