"""Per-operation payloads: the components one operation reaches, and the payload's bytes (``PayloadParts``).

The operation itself is written by ``_payload_dicts``, the JSON by ``_strict_json``.

``components`` holds every local reference the operation reaches, transitively, keyed by the reference as it
is written (``#/components/schemas/ApiKey``, ``#/definitions/Ref%20(of%20Bundle)``, ``#/paths/~1pets/...``),
each target as it is in the description, with its own ``$ref`` kept: a cycle costs one entry, never an
endless expansion. External and dangling references are listed under ``unresolved``.

A ``discriminator.mapping`` is not followed. In the common inheritance pattern the base schema maps every
subtype (Microsoft Graph's ``entity`` maps more than a thousand), and each subtype extends the base with ``allOf``:
following the mapping makes every operation reach nearly the whole description, many times what it
really uses. Subtypes an operation really uses are reached through its ``oneOf`` or
``anyOf`` branches or its own references; a renderer shows the other mapping targets as names.

Reachability is computed once per strongly connected component of the reference graph (Tarjan's algorithm,
iteratively), and each component's closure is shared by its members, so an operation's components are the
union of a few cached tuples, never a walk of the description. Those tuples hold at most
``CLOSURE_BUDGET`` references in all: a long chain of references (each link's closure one shorter than the
last) would otherwise cost memory and time in the square of its length. Past the budget, a closure is a
walk of the graph that takes a cached closure whole wherever it meets one, linear in what it reaches.

Each component is also serialized to JSON once per site, as UTF-8 bytes, and a payload is assembled from
those fragments (``PayloadParts``): Stripe's operations reach about 585 of its 979 schemas each, and
serializing or encoding them again for every operation would dominate a build.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from orgdocs.loading import is_local, iter_refs
from orgdocs.project._strict_json import dumps

if TYPE_CHECKING:
    from orgdocs.model import Description

CLOSURE_BUDGET = 4_000_000  # references held by cached closures (Stripe's: 0.6 million)

__all__ = ["CLOSURE_BUDGET", "PayloadParts", "ReachIndex", "reachable_refs"]


@dataclass(frozen=True)
class PayloadParts:
    """One payload as UTF-8 pieces, never copied into one string unless asked: ``head`` is the JSON object
    up to and including ``"components":{``, ``members`` the components' ``"<ref>":<JSON>`` members (each a
    bytes object shared by every payload that reaches it), and the payload ends with ``}}``. ``value``: the
    members of ``head`` as Python values, when their JSON holds them as they are (``dumps_value``): a page
    reads them there instead of parsing ``head`` again. ``refs``: the references
    ``members`` hold, when known: a page's schema trees offer to open only what its payload holds."""

    head: bytes
    members: tuple[bytes, ...]
    value: dict | None = field(default=None, compare=False, repr=False)
    refs: frozenset[str] | None = field(default=None, compare=False, repr=False)  # the members' keys

    TAIL = b"}}"

    def chunks(self, members: list[bytes] | tuple[bytes, ...] | None = None) -> list[bytes]:
        """The payload's bytes in order, ready for ``os.writev``; ``members``: these in place of its own
        (escaped for a page, say)."""
        members = self.members if members is None else members
        between = [b","] * (2 * len(members) - 1) if members else []
        between[::2] = members  # member, comma, member...: no Python loop over Stripe's 590 members
        return [self.head, *between, self.TAIL]

    def to_bytes(self) -> bytes:
        return b"".join((self.head, b",".join(self.members), self.TAIL))

    def head_json(self) -> str:
        """The payload with an empty ``components``: all a page reads from it (see ``payload_head``)."""
        return (self.head + self.TAIL).decode("utf-8")


def reachable_refs(node: Any) -> Iterator[str]:
    """The references a payload follows: all but ``discriminator.mapping`` targets (see the module docstring)."""
    return iter_refs(node, mappings=False)


class ReachIndex:
    """What each local reference of one description reaches, computed once per strongly connected component.

    ``closure(roots)`` -> (the resolvable references reachable from ``roots``, the unresolvable ones), both
    in a stable order: each root, then what it reaches that is not in yet (its component's members first,
    sorted). The order depends only on the description and ``roots``, never on earlier calls.
    """

    def __init__(self, description: Description):
        self.description = description
        self._resolves: dict[str, bool] = {}
        self._edges: dict[str, tuple[str, ...]] = {}
        # shared by every member of a component; None: closed past the budget, found by a walk when asked
        self._closure: dict[str, tuple[str, ...] | None] = {}
        self._kept: dict[str, tuple[str, ...]] = {}  # unresolvable references reached, likewise shared
        self._budget = CLOSURE_BUDGET
        self._fragments: dict[str, bytes] = {}

    def resolves(self, ref: str) -> bool:
        try:
            return self._resolves[ref]
        except KeyError:
            pass
        ok = is_local(ref) and self.description.resolver.resolves(ref)
        self._resolves[ref] = ok
        return ok

    def edges(self, ref: str) -> tuple[str, ...]:
        """The references written inside the target of ``ref`` (a resolvable reference), once each."""
        try:
            return self._edges[ref]
        except KeyError:
            pass
        found = tuple(dict.fromkeys(reachable_refs(self.description.resolve(ref))))
        self._edges[ref] = found
        return found

    def closure(self, roots: Iterable[str]) -> tuple[list[str], list[str]]:
        """(resolvable references reachable from ``roots``, themselves included; unresolvable ones)."""
        reached: dict[str, None] = {}
        kept: dict[str, None] = {}
        for root in roots:
            if root in reached:
                continue  # its closure is already in: it came with an earlier root's
            if not self.resolves(root):
                kept[root] = None
                continue
            if root not in self._closure:
                self._compute(root)
            reached[root] = None  # the root leads, even when another member of its component came first
            if self._closure[root] is None:
                self._walk(root, reached, kept)
                continue
            for ref in self._closure[root]:
                reached[ref] = None
            for ref in self._kept[root]:
                kept[ref] = None
        return list(reached), list(kept)

    def _walk(self, root: str, reached: dict[str, None], kept: dict[str, None]) -> None:
        """Add what ``root`` reaches to ``reached`` and ``kept``, depth first, taking cached closures whole."""
        stack = [root]
        seen = {root}
        while stack:
            ref = stack.pop()
            closure = self._closure[ref]
            if closure is not None:
                reached.update(dict.fromkeys(closure))
                kept.update(dict.fromkeys(self._kept[ref]))
                continue
            reached[ref] = None
            for nxt in reversed(self.edges(ref)):
                if nxt in seen or nxt in reached:
                    continue
                seen.add(nxt)
                if self.resolves(nxt):
                    stack.append(nxt)
                else:
                    kept[nxt] = None

    def _compute(self, root: str) -> None:
        """Tarjan's strongly connected components from ``root``, iteratively (reference chains in Microsoft
        Graph are deeper than Python's recursion limit allows), closing each component as it completes."""
        index: dict[str, int] = {root: 0}
        low: dict[str, int] = {root: 0}
        stack: list[str] = [root]
        position: dict[str, int] = {root: 0}  # where each node sits on ``stack``
        on_stack: set[str] = {root}
        work: list[tuple[str, Iterator[str]]] = [(root, iter(self.edges(root)))]
        done = self._closure
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt in done or not self.resolves(nxt):
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    position[nxt] = len(stack)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(self.edges(nxt))))
                    break
                if nxt in on_stack and index[nxt] < low[node]:
                    low[node] = index[nxt]
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    if low[node] < low[parent]:
                        low[parent] = low[node]
                if low[node] == index[node]:
                    cut = position[node]
                    members = stack[cut:]
                    del stack[cut:]
                    on_stack.difference_update(members)
                    self._close(members)

    def _close(self, members: list[str]) -> None:
        """Record the closure of a completed component: its members, then what their edges reach (every
        edge leads inside the component or to a component completed before).

        The members go in sorted order, not the order the walk met them: the walk starts wherever the first
        payload to reach the component did, which differs between forked page writers and from run to run,
        and a payload's bytes must not."""
        members = sorted(members)
        reached = dict.fromkeys(members)
        kept: dict[str, None] = {}
        for member in members:
            for nxt in self.edges(member):
                if nxt in reached:
                    continue
                if not self.resolves(nxt):
                    kept[nxt] = None
                    continue
                successor = self._closure[nxt]
                if successor is None or self._budget < len(reached):
                    self._leave_open(members)
                    return
                reached.update(dict.fromkeys(successor))
                kept.update(dict.fromkeys(self._kept[nxt]))
        if self._budget < len(reached):
            self._leave_open(members)
            return
        self._budget -= len(reached)
        closure, unresolved = tuple(reached), tuple(kept)
        for member in members:  # ``_kept`` first: a member found in ``_closure`` is complete
            self._kept[member] = unresolved
            self._closure[member] = closure

    def _leave_open(self, members: list[str]) -> None:
        """Past the budget: the component is done, its closure is walked when asked for."""
        for member in members:
            self._kept[member] = ()
            self._closure[member] = None

    def fragment(self, ref: str) -> bytes:
        """``"<ref>":<JSON of its target>`` in UTF-8, the member of a payload's ``components``, serialized
        once per site."""
        try:
            return self._fragments[ref]
        except KeyError:
            text = f"{dumps(ref)}:{dumps(self.description.resolve(ref))}"
            data = self._fragments[ref] = text.encode("utf-8")
            return data
