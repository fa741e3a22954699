"""Expandable schema trees as HTML: objects, arrays, enums, nullable, readOnly/writeOnly, allOf/oneOf/anyOf.

A tree is nested ``<ul>`` rows with ``<details>`` for nested fields, readable without JavaScript. Three
things keep it finite on any description:

- **cycles**: a ``$ref`` met again below itself is a link (``href="#<id>"``) to the row that expands it;
- **depth**: fields nest at most ``MAX_DEPTH`` levels on the server;
- **size**: a tree renders at most ``TREE_ROWS`` rows, a page at most ``ROW_BUDGET`` in all its trees;
- **components**: below a tree's root, a field whose schema is a component with a page of its own
  (``TreeCache.links``) is drawn folded, its fields read on that page or opened in place: not drawn again
  on every page naming it (a variant's too, opened when it is chosen, but where only a discriminator
  names it: payloads do not follow discriminators, so its fields are drawn).

What is cut by depth, size or a page of its own becomes a *lazy* row: ``<details class="schema-lazy" data-ref data-path>``
naming where the schema is in the page's payload (a component's ``$ref``, or a JSON pointer into the payload
when ``data-ref`` is empty); ``assets/schema.js`` renders it with the same rules when it is opened. Without
a location (a tree rendered outside a page), a cut row says that it is cut.

Nested fields are folded (``<details>``) under their count, "12 fields" or "1 field, 2 variants"
(``orgdocs.project.schemas.fields_label``), a lazy row's too; the root's description is left out where it
repeats the one said above the tree (its response's).

Choices: ``allOf`` members merge their type, format and flags (``orgdocs.project.schemas``); a ``oneOf``/
``anyOf`` of scalars reads inline ("string or integer"); other ``oneOf``/``anyOf`` branches, and the
subtypes of a ``discriminator`` (those its mapping names or, without a mapping, the components whose
``allOf`` names its base: ``implicit_subtypes``), are rows of a ``.schema-variants[data-choice]`` box
(``data-discriminator``: the property that tells them apart), each named by its title, its component or its
mapping key; ``assets/schema.js`` turns the box into a selector (one variant shown at a time, Redoc's way).
A variant that extends the base it is listed under (``allOf: [$ref: Pet]`` below Pet) shows only what it
adds.

Every text from the description is escaped; descriptions go through ``markdown_html``.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from json.encoder import encode_basestring as _quote
from typing import Any, NamedTuple

from orgdocs.project.examples import left_out
from orgdocs.project.schemas import (
    COMPONENT_SCHEMAS,
    fields_label,
    implicit_subtypes,
    merged_schema,
    scalar_union,
)
from orgdocs.render.site.markdown import markdown_html

__all__ = [
    "MAX_DEPTH",
    "ROW_BUDGET",
    "TREE_ROWS",
    "TreeCache",
    "TreeContext",
    "schema_tree_html",
    "type_label",
]

MAX_DEPTH = 5  # levels of nested fields rendered on the server
TREE_ROWS = 400  # rows rendered on the server per tree
ROW_BUDGET = 400  # rows rendered on the server per page, over all its trees
MAX_ENUM = 40  # enum members listed before "and N more"
MAX_VALUE = 160  # characters of a default or example value shown inline
MAX_OPEN_REFS = (
    64  # references expanded inside each other at once: a chain of aliases must not exhaust the stack
)

Resolve = Callable[[str], Any]
Where = tuple[str, tuple]  # (component $ref or "" for the payload root, path tokens below it)


@dataclass
class TreeCache:
    """What the pages of one description share: rendered ``$ref`` subtrees (see ``_Tree``) and resolved
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
    references it expanded or merged, and those its lazy rows name (``lazy``) or its cut rows left out because
    the payload lacked them (``absent``)."""

    __slots__ = (
        "absent",
        "attrs",
        "badges",
        "body",
        "children",
        "ids",
        "label",
        "lazy",
        "reached",
        "rows",
        "type_html",
    )

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
        self.lazy = frozenset(frame.lazy)
        self.absent = frozenset(frame.absent)


@dataclass
class _Node:
    type_html: str
    badges: list[str] = field(default_factory=list)
    body: str = ""  # description and facts
    children: str = ""  # rows of nested fields or variants
    attrs: str = ""  # id and data-schema-ref of an expanded $ref
    label: str = "Fields"  # the summary of the folded children: "12 fields"


def schema_tree_html(
    schema: Any,
    resolve: Resolve,
    *,
    direction: str | None = None,
    where: Where | None = None,
    context: TreeContext | None = None,
    title: str = "",
    said: str = "",
) -> str:
    """The expandable tree of ``schema`` (see the module docstring).

    ``resolve`` maps a ``$ref`` to its target (``KeyError`` when it cannot). ``direction`` "request" leaves
    out readOnly properties, "response" writeOnly ones. ``where`` locates ``schema`` in the page payload, for
    lazy rows; ``context`` is shared by the trees of one page. ``said``: the description shown just above
    the tree (its response's or request body's), which the tree does not repeat.
    """
    context = context or TreeContext()
    budget = max(0, min(context.rows, context.tree_rows))
    tree = _Tree(resolve, direction, context, budget)
    node = tree.expand(schema, 0, where)
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
    tree = _Tree(resolve, None, TreeContext(cache=cache or TreeCache()), 0)
    node = tree.expand(schema, 0, None, children=False)
    return node.type_html, node.badges, node.body


def _badge(text: str, kind: str = "") -> str:
    return f'<span class="schema-badge{" schema-badge-" + kind if kind else ""}">{text}</span>'


def _value(value: Any) -> str:
    """A value as JSON in ``<code>``, cut at ``MAX_VALUE`` characters."""
    if isinstance(value, str):
        text = _quote(value)  # the C encoder itself: enum lists call this thousands of times
    elif value is None or isinstance(value, (bool, int)):
        text = (
            "null"
            if value is None
            else ("true" if value is True else "false" if value is False else str(value))
        )
    else:
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            text = str(value)
    return _code(text)


def _code(text: str) -> str:
    """``text`` as it is (a pattern is shown as written, not as a JSON string), cut at ``MAX_VALUE``."""
    if len(text) > MAX_VALUE:
        text = text[: MAX_VALUE - 1] + "…"
    return f"<code>{escape(text)}</code>"


def ref_name(ref: str) -> str:
    return ref.rstrip("/").rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~") or ref


def _pointer_token(token: Any) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") in ("null", ["null"]) and len(schema) <= 2


class _Head(NamedTuple):
    schema: dict  # with its allOf members' facts merged in
    type_html: str  # the type as shown, before "array of" an item's
    array: bool
    union: bool  # a oneOf/anyOf of scalars, shown inline as "string or integer"
    badges: tuple[str, ...]  # nullable, read-only, write-only, deprecated
    body: str  # description and facts
    has_children: bool


def _head(schema: dict, target: Callable[[str], tuple[bool, Any]]) -> _Head:
    schema = merged_schema(schema, target)
    kinds, nullable = _types(schema)
    variants = [s for key in ("oneOf", "anyOf") for s in _list(schema.get(key))]
    if variants and any(_is_null(s) for s in variants):
        nullable = True
    fmt = schema.get("format")
    union = scalar_union(variants, target) if variants and kinds == [""] else None
    if union:
        type_html = " or ".join(_format_label(label) for label in union)
    else:
        type_html = escape(" or ".join(kinds)) if kinds != [""] else _combinator_label(schema)
    if isinstance(fmt, str) and fmt and not union:
        type_html += f' <span class="schema-format">({escape(fmt)})</span>'
    badges = []
    if nullable:
        badges.append(_badge("nullable"))
    if schema.get("readOnly") is True:
        badges.append(_badge("read-only", "ro"))
    if schema.get("writeOnly") is True:
        badges.append(_badge("write-only", "wo"))
    if schema.get("deprecated") is True:
        badges.append(_badge("deprecated", "warn"))
    return _Head(
        schema, type_html, "array" in kinds, bool(union), tuple(badges), _body(schema), _has_children(schema)
    )


class _Frame:
    """A ``$ref`` being expanded: what its subtree met, to decide whether it can be memoized."""

    __slots__ = ("absent", "cuts", "floor", "fresh", "ids", "lazy", "reached", "rows")

    def __init__(self, tree: _Tree):
        self.reached: set[str] = set()  # every $ref expanded below it
        self.lazy: set[str] = set()  # the $refs of its lazy rows: in the payload
        self.absent: set[str] = set()  # the $refs of its rows cut because the payload lacks them
        self.floor = math.inf  # lowest stack position of a cycle cut below it
        self.cuts = tree.cuts
        self.rows = tree.rows
        self.ids = tree.ids
        self.fresh = tree.fresh()

    def absorb(self, below: _Frame | _Memo) -> None:
        """Take in what a subtree below this one met (a frame that ends, or a reused memo)."""
        self.reached |= below.reached
        self.lazy |= below.lazy
        self.absent |= below.absent


class _Tree:
    """One tree. A ``$ref`` subtree is memoized (in ``context.cache``) when nothing in it depends on where it
    was met: no cycle cut to a reference outside it, and no cut by the row budget, or else it began with a
    whole tree's budget (a large response schema, on every page that starts a tree with it). It is reused
    where none of the references it expanded or merged is being expanded around it or listed as the base of
    variants, where the page's payload holds the same of the schemas its cut rows name, and where the budget
    holds its rows (a budget-cut one: where a tree's whole budget is left, as when it was made)."""

    __slots__ = (
        "base",
        "bases",
        "cache",
        "context",
        "cuts",
        "direction",
        "frames",
        "full",
        "ids",
        "met",
        "positions",
        "prefix",
        "resolve",
        "rows",
        "stack",
        "variant",
    )

    def __init__(self, resolve: Resolve, direction: str | None, context: TreeContext, rows: int):
        self.resolve = resolve
        self.direction = direction
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
        self.variant = False  # the schema being expanded is a variant's (see ``children``)

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
        key = (ref, self.direction, depth, children, self.context.max_depth, self.variant)
        fresh_key = (*key, self.context.tree_rows)
        if memo is not None:
            reused = self.reuse(memo.get(fresh_key) if self.fresh() else None) or self.reuse(memo.get(key))
            if reused is not None:
                return reused
        if siblings and isinstance(target, dict):
            target = self.beside(schema, target, siblings)
        node_id = f"{self.prefix}{self.base + self.ids}"
        frame = _Frame(self)
        self.ids += 1
        position = len(self.frames)
        self.frames.append(frame)
        self.stack[ref] = node_id
        self.positions[ref] = position
        try:
            node = self.expand(target, depth, (ref, ()), children=children)
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
        href = self.cache.links.get(ref) if self.cache.links else None
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
        # made for a page whose payload held other schemas, its cut rows would read otherwise
        held = self.context.payload_refs
        if entry.absent if held is None else not (entry.lazy <= held and entry.absent.isdisjoint(held)):
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
            item = self.expand(items, depth, _at(where, "items"), children=children)
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
        a lazy row shows too."""
        self.met += 1  # what they hold depends on the depth, the budget, the direction, the bases...
        all_of = _list(schema.get("allOf"))
        merged = self.merge_all_of(schema, where) if all_of else None
        own = merged[0] if merged is not None else schema
        places = merged[1] if merged is not None else None
        chooser, base = (None, None)
        if all_of or "discriminator" in schema:
            chooser, base = self.discriminated(schema, where)
        choices = []
        if chooser is not None or "oneOf" in schema or "anyOf" in schema:
            choices = self.choices(schema, chooser, base, where, inline_union)
        variants = sum(1 for group in choices for branch in group[1] if not _is_null(branch))
        # a component with a page of its own, below the root, is folded; so is a variant's, where the
        # payload holds it (it opens in place when chosen): a subtype only a discriminator names is drawn
        elsewhere = depth > 0 and self.has_page(where) and (not self.variant or self.held(where[0]))
        self.variant = False
        if elsewhere or depth >= self.context.max_depth or self.rows <= 0:
            # only the count is needed: the rows are drawn in the browser, if at all
            if not elsewhere and depth < self.context.max_depth:
                self.cuts += 1
            label = fields_label(self.field_count(own, places is None), variants)
            return self.lazy_row(where, label), label
        fields = self.field_entries(own, where, places)
        label = fields_label(len(fields), variants)
        parts = []
        rows = [self.row(name_html, sub, depth, at, required) for name_html, sub, at, required in fields]
        if rows:
            parts += ('<ul class="schema-props">', *rows, "</ul>")  # joined once, below
        if all_of and merged is None:
            parts.append(self.variants("All of", all_of, depth, _at(where, "allOf")))
        if base:
            self.bases.add(base)
        try:
            for group_label, branches, at, names in choices:
                parts.append(
                    self.variants(
                        group_label,
                        branches,
                        depth,
                        at,
                        names=names,
                        choice=True,
                        discriminator=_discriminator(chooser) if chooser is not None else None,
                    )
                )
        finally:
            if base:
                self.bases.discard(base)
        if isinstance(schema.get("not"), dict):
            parts.append(self.variants("Not", [schema["not"]], depth, None))
        return "".join(parts), label

    def choices(
        self, schema: dict, chooser: dict | None, base: str | None, where: Where | None, inline_union: bool
    ) -> list[tuple[str, list, Where | None, dict]]:
        """(label, branches, where they are, their names by $ref) of each choice below ``schema``: its
        ``oneOf`` and ``anyOf``, else the subtypes of the discriminator choosing here, from its mapping or,
        without one, the components whose ``allOf`` names its base (OpenAPI's implicit rule)."""
        groups = []
        for key, label in (("oneOf", "One of"), ("anyOf", "Any of")):
            branches = _list(schema.get(key))
            if branches and not inline_union and not all(_is_null(b) for b in branches):
                groups.append((label, branches, _at(where, key), _mapping_names(schema)))
        if chooser is not None and not any(k in chooser for k in ("oneOf", "anyOf")):
            subtypes = self.subtypes(chooser, base)
            if subtypes:
                names = {ref: key for key, ref in subtypes}
                groups.append(("One of", [{"$ref": ref} for _, ref in subtypes], None, names))
        return groups

    def subtypes(self, chooser: dict, base: str | None) -> list[tuple[str, str]]:
        """(value, $ref) of each subtype of a discriminator: its mapping's, else its base's implicit ones."""
        mapped = _mapped_variants(chooser)
        if mapped or base is None or _discriminator(chooser) is None:
            return mapped
        index = self.cache.subtypes
        if index is None:
            found, schemas = self.target(COMPONENT_SCHEMAS.rstrip("/"))
            index = self.cache.subtypes = implicit_subtypes(schemas if found else None)
        return index.get(base, [])

    def field_count(self, schema: dict, shared: bool) -> int:
        """How many rows ``field_entries`` gives, without making them."""
        count = len(self.shown_properties(schema, shared))
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            count += len(patterns)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            count += 1
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list) and isinstance(schema.get("items"), list):
            tuple_items = schema["items"]
        return count + (len(tuple_items) if isinstance(tuple_items, list) else 0)

    def field_entries(
        self, schema: dict, where: Where | None, places: dict | None = None
    ) -> list[tuple[str, Any, Where | None, bool]]:
        """(name HTML, schema, where it is, required) of each row of fields: properties (``places``: where
        each is written, for a merged ``allOf``), pattern and additional properties, and tuple items."""
        entries = []
        for name, name_html, sub, required in self.shown_properties(schema, places is None):
            at = places[name] if places else _at(where, "properties", name)
            entries.append((name_html, sub, at, required))
        patterns = schema.get("patternProperties")
        if isinstance(patterns, dict):
            for pattern, sub in patterns.items():
                at = _at(where, "patternProperties", pattern)
                entries.append((f"/{escape(str(pattern))}/", sub, at, False))
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            entries.append(("[key: string]", extra, _at(where, "additionalProperties"), False))
        tuple_items = schema.get("prefixItems")
        if not isinstance(tuple_items, list) and isinstance(schema.get("items"), list):
            tuple_items = schema["items"]
        if isinstance(tuple_items, list):
            key = "prefixItems" if "prefixItems" in schema else "items"
            for i, sub in enumerate(tuple_items):
                entries.append((f"[{i}]", sub, _at(where, key, i), False))
        return entries

    def shown_properties(self, schema: dict, shared: bool) -> list[tuple[Any, str, Any, bool]]:
        """(name, its HTML, schema, required) of each property the direction keeps; made once per schema
        when it is one of the description's (``shared``), not made for one place."""
        cache = self.cache.properties if shared else None
        key = (id(schema), self.direction)
        known = cache.get(key) if cache is not None else None
        if known is not None:
            return known[1]
        properties = schema.get("properties")
        shown = []
        if isinstance(properties, dict):
            required = set(s for s in _list(schema.get("required")) if isinstance(s, str))
            shown = [
                (name, escape(str(name)), sub, name in required)
                for name, sub in properties.items()
                if not self.left_out(sub)
            ]
        if cache is not None:
            cache[key] = (schema, shown)
        return shown

    def discriminated(self, schema: dict, where: Where | None) -> tuple[dict | None, str | None]:
        """(the schema whose discriminator chooses among this one's variants, its $ref or None): the schema
        itself, else an ``allOf`` member with a discriminator whose mapping does not name this schema (a
        request body ``allOf: [$ref: Pet]`` chooses among Pet's variants; Cat, one of them, does not)."""
        own = where[0] if where is not None and not where[1] else ""
        if _discriminator(schema):
            return schema, own or None
        for part in _list(schema.get("allOf")):
            ref = part.get("$ref") if isinstance(part, dict) else None
            if not isinstance(ref, str):
                continue
            found, target = self.target(ref)
            if found and isinstance(target, dict) and _discriminator(target):
                if own and any(own == sub for _, sub in self.subtypes(target, ref)):
                    return None, None  # a subtype of it, listed below it
                return target, ref
        return None, None

    def variants(
        self,
        label: str,
        branches: list,
        depth: int,
        where: Where | None,
        *,
        names: dict | None = None,
        choice: bool = False,
        discriminator: str | None = None,
    ) -> str:
        rows = []
        for i, branch in enumerate(branches):
            if _is_null(branch):
                continue
            name = _variant_name(branch, names or {}) or f"Option {len(rows) + 1}"  # nulls are not options
            rows.append(self.row(escape(name), branch, depth, _at(where, i), variant=True))
        data = " data-choice" if choice and len(rows) > 1 else ""
        if data and discriminator:
            data += f' data-discriminator="{escape(discriminator)}"'
        head = f'<div class="schema-variants"{data}><div class="schema-variants-label">{label}</div>'
        return "".join((head, '<ul class="schema-props">', *rows, "</ul></div>"))

    def row(
        self,
        name_html: str,
        schema: Any,
        depth: int,
        where: Where | None,
        required: bool = False,
        *,
        variant: bool = False,
    ) -> str:
        self.rows -= 1
        # A row whose schema meets no $ref and asks for no nested rows reads the same wherever it is: made once
        # per (schema, name, required) for a description's pages (most of Stripe's and GitHub's rows).
        leaves = self.cache.leaves
        key = (id(schema), name_html, required, variant) if type(schema) is dict else None
        if key is not None:
            known = leaves.get(key)
            if known is not None:
                return known[1]
            met = self.met
        self.variant = variant
        node = self.expand(schema, depth + 1, where)
        self.variant = False
        kind = "schema-variant" if variant else "schema-name"
        required_html = '<span class="schema-required" title="required">required</span>' if required else ""
        head = (
            f'<div class="schema-head"><code class="{kind}">{name_html}</code>{required_html}'
            f'<span class="schema-type">{node.type_html}</span>{"".join(node.badges)}</div>'
        )
        children = node.children  # written once into the row: a large subtree is not copied twice
        if children and not children.startswith("<details"):  # not already a lazy row
            html = (
                f'<li class="schema-row"{node.attrs}>{head}{node.body}'
                f'<details class="schema-more"><summary>{node.label}</summary>{children}</details></li>'
            )
        else:
            html = f'<li class="schema-row"{node.attrs}>{head}{node.body}{children}</li>'
        if key is not None and self.met == met:
            leaves[key] = (schema, html)
        return html

    def has_page(self, where: Where | None) -> bool:
        """Whether ``where`` is a component schema that has a page of its own: below a tree's root, its fields
        are read there, or opened in place from the payload, not drawn on every page that names it."""
        links = self.cache.links
        return where is not None and not where[1] and bool(links) and links.get(where[0]) is not None

    def held(self, ref: str) -> bool:
        """Whether the page's payload holds the schema ``ref`` names (where a lazy row of it can open)."""
        held = self.context.payload_refs
        return held is None or ref in held

    def lazy_row(self, where: Where | None, label: str) -> str:
        """A row cut here (``_lazy``), opened in the browser from the payload: only where the payload holds
        its schema. It may not: a ``discriminator`` mapping's variants are shown, but a payload does not
        follow mappings (``orgdocs.project.payloads``)."""
        ref = where[0] if where is not None else ""
        if ref:
            known = self.held(ref)
            if self.frames:
                (self.frames[-1].lazy if known else self.frames[-1].absent).add(ref)
            if not known:
                return _ELSEWHERE if self.has_page(where) else _lazy(None, label)
        return _lazy(where, label)

    def left_out(self, schema: Any) -> bool:
        return left_out(schema, self.direction, self.target)

    def merge_all_of(self, schema: dict, where: Where | None) -> tuple[dict, dict] | None:
        """The properties of every ``allOf`` part in one object (with where each property is written), or
        None when a part cannot be merged (a cycle, an unresolvable reference, variants of its own)."""
        merged = _Merged({}, {}, [], set())
        own = {k: v for k, v in schema.items() if k != "allOf"}
        for i, part in enumerate(_list(schema.get("allOf"))):
            if not self.merge_part(part, _at(where, "allOf", i), 0, merged):
                return None
        if not self.merge_part(own, where, 0, merged):
            return None
        return {"properties": merged.properties, "required": merged.required}, merged.places

    def merge_part(self, part: Any, at: Where | None, hops: int, merged: _Merged) -> bool:
        """Add one ``allOf`` part to ``merged``; False when it cannot be merged. (A method, not a closure of
        merge_all_of: a recursive closure is a reference cycle, freed only by the collector.)"""
        if hops > 16 or not isinstance(part, dict):
            return False
        ref = part.get("$ref")
        if isinstance(ref, str):
            if ref in self.bases:
                # a variant listed under the base it extends: the base's fields are shown above it
                # (and the variant's subtree, shown without them, must not be reused elsewhere)
                if self.frames:
                    floor = self.positions.get(ref, -math.inf)
                    self.frames[-1].floor = min(self.frames[-1].floor, floor)
                return True
            if ref in self.stack or ref in merged.seen:
                return False
            merged.seen.add(ref)
            if self.frames:  # what is merged depends on it as what is expanded does (see ``reuse``)
                self.frames[-1].reached.add(ref)
            found, target = self.target(ref)
            return found and self.merge_part(target, (ref, ()), hops + 1, merged)
        if any(k in part for k in _UNMERGEABLE):
            return False
        for i, sub in enumerate(_list(part.get("allOf"))):
            if not self.merge_part(sub, _at(at, "allOf", i), hops + 1, merged):
                return False
        own = part.get("properties")
        if isinstance(own, dict):
            for name, sub in own.items():
                merged.properties[name] = sub
                merged.places[name] = _at(at, "properties", name)
        merged.required.extend(_list(part.get("required")))
        return True


class _Merged(NamedTuple):
    """What ``merge_all_of`` gathers from the parts."""

    properties: dict[str, Any]
    places: dict[str, Where | None]
    required: list
    seen: set[str]


_UNMERGEABLE = ("oneOf", "anyOf", "not", "items", "prefixItems", "additionalProperties", "patternProperties")


# facts ---------------------------------------------------------------------------------------------------


def _list(value: Any) -> list:
    return value if isinstance(value, list) else []


def _at(where: Where | None, *tokens: Any) -> Where | None:
    return None if where is None else (where[0], (*where[1], *tokens))


# a row of a component schema that the page's payload does not hold: its label links to its page
_ELSEWHERE = '<p class="schema-cut">Its fields are on its own page: follow its name.</p>'


@functools.lru_cache(maxsize=16384)  # the same cut rows on page after page (Stripe's expandable fields)
def _lazy(where: Where | None, label: str) -> str:
    if where is None:
        return '<p class="schema-cut">Nested fields not shown.</p>'
    ref, tokens = where
    path = "".join("/" + _pointer_token(t) for t in tokens)
    return (
        f'<details class="schema-more schema-lazy" data-ref="{escape(ref)}" data-path="{escape(path)}">'
        f'<summary>{label}</summary><p class="schema-cut">Nested fields are shown with JavaScript on.</p></details>'
    )


def _has_children(schema: dict) -> bool:
    properties = schema.get("properties")
    extra = schema.get("additionalProperties")
    return bool(
        (isinstance(properties, dict) and properties)
        or (isinstance(extra, dict) and extra)
        or isinstance(schema.get("patternProperties"), dict)
        or isinstance(schema.get("prefixItems"), list)
        or isinstance(schema.get("items"), list)
        or any(isinstance(schema.get(k), list) and schema[k] for k in ("allOf", "oneOf", "anyOf"))
        or isinstance(schema.get("not"), dict)
        or ("discriminator" in schema and bool(_mapping_names(schema)))
    )


def _types(schema: dict) -> tuple[list[str], bool]:
    kind = schema.get("type")
    kinds = [k for k in (kind if isinstance(kind, list) else [kind]) if isinstance(k, str)]
    nullable = schema.get("nullable") is True or "null" in kinds
    kinds = [k for k in kinds if k != "null"]
    if not kinds:
        if "properties" in schema or "additionalProperties" in schema:
            kinds = ["object"]
        elif "items" in schema or "prefixItems" in schema:
            kinds = ["array"]
        elif isinstance(schema.get("enum"), list) and schema["enum"]:
            kinds = [_json_type(next((v for v in schema["enum"] if v is not None), None))]
        elif "const" in schema:
            kinds = [_json_type(schema["const"])]
        elif any(k in schema for k in ("allOf", "oneOf", "anyOf")):
            kinds = [""]
        elif kind == "null":
            kinds = ["null"]
        else:
            kinds = ["any"]
    return kinds, nullable


def _format_label(label: str) -> str:
    """``"string (date-time)"`` with its format set apart, as a single type shows it."""
    kind, _, fmt = label.partition(" (")
    if not fmt:
        return escape(kind)
    return f'{escape(kind)} <span class="schema-format">({escape(fmt.rstrip(")"))})</span>'


def _discriminator(schema: dict) -> str | None:
    discriminator = schema.get("discriminator")
    prop = discriminator.get("propertyName") if isinstance(discriminator, dict) else None
    return prop if isinstance(prop, str) else None


def _mapping_names(schema: dict) -> dict[str, str]:
    """``{$ref: first mapping key}`` of a discriminator (bare schema names read as components), made once
    per mapping: Microsoft Graph's base entity maps two thousand types, and every tree reaching it asks.
    Read only."""
    discriminator = schema.get("discriminator")
    mapping = discriminator.get("mapping") if isinstance(discriminator, dict) else None
    if not isinstance(mapping, dict) or not mapping:
        return {}
    cached = _MAPPINGS.get(id(mapping))
    if cached is None:
        if len(_MAPPINGS) >= 4096:
            _MAPPINGS.clear()
        names: dict[str, str] = {}
        for key, value in mapping.items():
            if isinstance(value, str):
                ref = value if value.startswith("#") or "/" in value else "#/components/schemas/" + value
                names.setdefault(ref, str(key))
        cached = _MAPPINGS[id(mapping)] = (mapping, names)
    return cached[1]


_MAPPINGS: dict[
    int, tuple[dict, dict[str, str]]
] = {}  # id(mapping) -> (mapping, names): the mapping kept alive


def _mapped_variants(schema: dict) -> list[tuple[str, str]]:
    """(mapping key, $ref) of a discriminator that names its variants only in its mapping (Redoc's Pet:
    Cat, Dog, HoneyBee), each $ref once."""
    if _discriminator(schema) is None:
        return []
    return [(key, ref) for ref, key in _mapping_names(schema).items()]


def _variant_name(branch: Any, names: dict[str, str]) -> str:
    """A variant's name: its title, else its discriminator mapping key, else its component's name."""
    if not isinstance(branch, dict):
        return ""
    title = branch.get("title")
    if isinstance(title, str) and title:
        return title
    ref = branch.get("$ref")
    if isinstance(ref, str):
        return names.get(ref) or ref_name(ref)
    return ""


def _combinator_label(schema: dict) -> str:
    for key, label in (("oneOf", "one of"), ("anyOf", "any of"), ("allOf", "object")):
        if key in schema:
            return label
    return "any"


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "any"


def _bound(schema: dict, key: str, exclusive_key: str, inclusive: str, exclusive: str) -> str:
    value = schema.get(key)
    flag = schema.get(exclusive_key)
    if isinstance(flag, (int, float)) and not isinstance(flag, bool):
        return f"{exclusive} {flag}"  # OpenAPI 3.1: exclusiveMinimum is the bound itself
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{exclusive if flag is True else inclusive} {value}"
    return ""


def _range(schema: dict, low_key: str, high_key: str, what: str) -> str:
    low, high = schema.get(low_key), schema.get(high_key)
    low = low if isinstance(low, int) and not isinstance(low, bool) else None
    high = high if isinstance(high, int) and not isinstance(high, bool) else None
    if low is not None and high is not None:
        return f"{what} {low}..{high}" if low != high else f"{what} exactly {low}"
    if low is not None:
        return f"{what} ≥ {low}"
    if high is not None:
        return f"{what} ≤ {high}"
    return ""


_FACT_KEYS = frozenset(
    (
        "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems",
        "maxItems", "minProperties", "maxProperties", "multipleOf", "uniqueItems", "pattern", "enum", "const",
        "default", "example", "examples", "additionalProperties", "discriminator",
    )
)  # fmt: skip


def _body(schema: dict) -> str:
    if _FACT_KEYS.isdisjoint(schema):  # most schemas: a type and a description
        description = schema.get("description")
        if isinstance(description, str) and description:
            return f'<div class="schema-description">{markdown_html(description)}</div>'
        if isinstance(schema.get("title"), str) and schema["title"]:
            return f'<div class="schema-description"><p>{escape(schema["title"])}</p></div>'
        return ""
    facts = []
    for text in (
        _bound(schema, "minimum", "exclusiveMinimum", "≥", ">"),
        _bound(schema, "maximum", "exclusiveMaximum", "≤", "<"),
        _range(schema, "minLength", "maxLength", "length"),
        _range(schema, "minItems", "maxItems", "items"),
        _range(schema, "minProperties", "maxProperties", "properties"),
    ):
        if text:
            facts.append(escape(text))
    step = schema.get("multipleOf")
    if isinstance(step, (int, float)) and not isinstance(step, bool):
        facts.append(f"multiple of {escape(str(step))}")
    if schema.get("uniqueItems") is True:
        facts.append("unique items")
    if isinstance(schema.get("pattern"), str):
        facts.append(f"pattern {_code(schema['pattern'])}")
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        shown = ", ".join(_value(v) for v in enum[:MAX_ENUM])
        more = f" and {len(enum) - MAX_ENUM} more" if len(enum) > MAX_ENUM else ""
        facts.append(f"one of {shown}{more}")
    if "const" in schema:
        facts.append(f"value {_value(schema['const'])}")
    if "default" in schema:
        facts.append(f"default {_value(schema['default'])}")
    if "example" in schema:
        facts.append(f"example {_value(schema['example'])}")
    elif isinstance(schema.get("examples"), list) and schema["examples"]:
        facts.append(f"example {_value(schema['examples'][0])}")
    if schema.get("additionalProperties") is False:
        facts.append("no other properties")
    discriminator = schema.get("discriminator")
    if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
        facts.append(f"discriminator {_value(discriminator['propertyName'])}")
    description = schema.get("description")
    html = markdown_html(description) if isinstance(description, str) else ""
    if not html and isinstance(schema.get("title"), str) and schema["title"]:
        html = f"<p>{escape(schema['title'])}</p>"
    out = f'<div class="schema-description">{html}</div>' if html else ""
    if facts:
        out += '<ul class="schema-facts">' + "".join(f"<li>{fact}</li>" for fact in facts) + "</ul>"
    return out
