"""Local ``$ref`` resolution over a parsed document, lazily and without copying.

A reference is followed only when someone asks (``Resolver.resolve``). Nothing is inlined: a schema keeps
its ``{"$ref": ...}`` and a renderer asks for the target, so cycles cost nothing and large descriptions stay
as small as their parse. Local references (``#/...``) are JSON pointers inside a URI fragment: they are
percent-decoded first, then split on ``/`` and unescaped (``~1`` -> ``/``, ``~0`` -> ``~``). External
references (``other.yaml#/X``) are never loaded; they and dangling ones are reported as unresolved.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from typing import Any
from urllib.parse import unquote

__all__ = [
    "DATA_KEYS",
    "NAME_MAPS",
    "Resolver",
    "escape_token",
    "follow",
    "is_local",
    "iter_refs",
    "join_pointer",
    "pointer_tokens",
]


def is_local(ref: str) -> bool:
    return ref.startswith("#")


def follow(node: Any, resolve: Callable[[str], Any], hops: int = 8) -> Any:
    """``node`` with a short chain of ``$ref``s followed by ``resolve`` (which raises when it cannot);
    ``None`` when one cannot be followed, or the chain is longer than ``hops``."""
    for _ in range(hops):
        if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)):
            return node
        try:
            node = resolve(node["$ref"])
        except (LookupError, ValueError, TypeError):
            return None
    return None


def pointer_tokens(ref: str, *, percent_decode: bool = True) -> list[str]:
    """``"#/paths/~1pets/get"`` -> ``["paths", "/pets", "get"]``."""
    fragment = ref[1:] if ref.startswith("#") else ref
    if percent_decode:
        fragment = unquote(fragment)
    if not fragment:
        return []
    if not fragment.startswith("/"):
        raise KeyError(ref)  # a plain-name fragment ("#foo", an $anchor) is not a pointer
    return [token.replace("~1", "/").replace("~0", "~") for token in fragment[1:].split("/")]


def _is_index(token: str) -> bool:
    return token.isascii() and token.isdigit()


def escape_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def join_pointer(*tokens: str) -> str:
    return "#/" + "/".join(escape_token(str(t)) for t in tokens)


_MISSING = object()


class Resolver:
    """Follows local references inside one document, with a cache per reference string.

    Iterative, and linear in the document: a pointer that reaches through other references
    (``#/a/b`` where ``/a`` is itself a ``$ref``) is resolved with an explicit stack, never by recursion,
    so a chain of 50,000 of them costs no more than 50,000 lookups; every result, failures included, is
    cached, and so is where each chain of bare references ends. Safe to share between threads (the
    development server does): the caches only ever gain entries, and an entry never changes.
    """

    __slots__ = ("_cache", "_ends", "_failed", "document")

    def __init__(self, document: Any):
        self.document = document
        self._cache: dict[str, Any] = {}
        self._failed: set[str] = set()  # a failure does not depend on where it was met (see ``_resolving``)
        self._ends: dict[str, str] = {}  # ref -> the last reference its chain of bare references follows

    def resolve(self, ref: str) -> Any:
        """The target of one reference, not followed further. ``KeyError`` when it cannot be resolved."""
        if isinstance(ref, str):
            node = self._cache.get(ref, _MISSING)
            if node is not _MISSING:
                return node
            if ref in self._failed:
                raise KeyError(ref)
        return self._drive(ref)

    def _drive(self, ref: Any) -> Any:
        """Run ``_resolving(ref)``, and the resolutions it asks for, on an explicit stack."""
        active: set[str] = set()
        stack = [self._resolving(ref, active)]
        value: Any = None
        failed = False  # the last resolution failed: a fresh KeyError is thrown into the one that asked
        while stack:
            top = stack[-1]
            try:
                # a fresh exception each time: one thrown up a long chain would drag its whole traceback
                wanted = top.throw(KeyError(ref)) if failed else top.send(value)
            except StopIteration as done:
                stack.pop()
                value, failed = done.value, False
                continue
            except KeyError:
                stack.pop()
                value, failed = None, True
                continue
            node = self._cache.get(wanted, _MISSING) if isinstance(wanted, str) else _MISSING
            value, failed = node, False
            if node is _MISSING:
                value = None
                if isinstance(wanted, str) and wanted in self._failed:
                    failed = True
                else:
                    stack.append(self._resolving(wanted, active))
        if failed:
            raise KeyError(ref)
        return value

    def _resolving(self, ref: Any, active: set[str]) -> Generator[str, Any, Any]:
        """Resolve ``ref``, yielding each reference it needs resolved first (``_drive`` sends the target back,
        or throws ``KeyError``). ``active``: the references being resolved, which a pointer may not reach
        through again. A reference that fails because it met an active one depends on itself: it fails
        wherever it is met, so its failure is cached like any other."""
        if not isinstance(ref, str) or not is_local(ref):
            raise KeyError(ref)
        if ref in active:
            raise KeyError(ref)
        active.add(ref)
        try:
            try:
                node = yield from self._walk(pointer_tokens(ref))
            except KeyError:
                if "%" not in ref:
                    raise
                # a key that literally holds "%xx", not meant as percent-encoding
                node = yield from self._walk(pointer_tokens(ref, percent_decode=False))
        except KeyError:
            self._failed.add(ref)
            raise
        finally:
            active.discard(ref)
        self._cache[ref] = node
        return node

    def _walk(self, tokens: list[str]) -> Generator[str, Any, Any]:
        node = self.document
        for token in tokens:
            node = yield from self._step(node, token)
        return node

    def _step(self, node: Any, token: str) -> Generator[str, Any, Any]:
        """One pointer token. Where a key is missing from a ``{"$ref": ...}`` node, the reference is followed
        (as json-schema-ref-parser and swagger-parser do): ``#/paths/~1a/get`` reaches into ``/a`` when that
        path item is itself a reference."""
        followed: set[str] = set()
        while True:
            if isinstance(node, dict):
                if token in node:
                    return node[token]
                if _is_index(token) and int(token) in node:  # ``200:`` read as an integer key (PyYAML)
                    return node[int(token)]
                ref = node.get("$ref")
                if not isinstance(ref, str) or ref in followed:
                    raise KeyError(token)
                followed.add(ref)
                node = yield ref
            elif isinstance(node, list) and _is_index(token) and int(token) < len(node):
                return node[int(token)]
            else:
                raise KeyError(token)

    def deref(self, node: Any) -> tuple[Any, str | None]:
        """Follow ``node`` through chained references: ``(target, last ref followed)``.

        An unresolvable or cyclic chain stops at the last node reached, which still holds its ``$ref``.
        """
        if not (isinstance(node, dict) and "$ref" in node):
            return node, None  # the common case, kept cheap: the model derefs every object it reads
        first = node["$ref"]
        if not isinstance(first, str) or not self.resolves(first):
            return node, None
        end = self._ends.get(first) or self._chain_end(first)
        return self.resolve(end), end

    def _chain_end(self, first: str) -> str:
        """Where the chain of bare references from ``first`` (resolvable) stops, for every reference on it:
        at the last one whose target is not a resolvable reference, or, where the chain comes back on
        itself, at the last one before a reference already followed."""
        path: list[str] = []
        index: dict[str, int] = {}
        ref = first
        while True:
            index[ref] = len(path)
            path.append(ref)
            target = self.resolve(ref)
            nxt = target.get("$ref") if isinstance(target, dict) else None
            if not isinstance(nxt, str) or not self.resolves(nxt):
                ends = dict.fromkeys(path, ref)
                break
            known = self._ends.get(nxt)
            if known is not None and nxt not in index:
                ends = dict.fromkeys(path, known)
                break
            if nxt in index:  # a loop back to path[k]: its members stop just before coming round again
                k = index[nxt]
                ends = dict.fromkeys(path[:k], path[-1])
                ends.update((path[i], path[i - 1] if i > k else path[-1]) for i in range(k, len(path)))
                break
            ref = nxt
        for member, end in ends.items():
            self._ends.setdefault(member, end)
        return self._ends[first]

    def resolves(self, ref: str) -> bool:
        try:
            self.resolve(ref)
        except KeyError:
            return False
        return True


def iter_refs(node: Any, *, mappings: bool = True) -> Iterator[str]:
    """Every ``$ref`` string inside ``node``, in document order, not following them.

    A ``$ref`` is taken where JSON Schema and OpenAPI mean one. Instance data that merely looks like a
    reference (inside ``example``, ``default``, ``enum``, an Example Object's ``value``) is skipped, and the
    keys of name maps (``properties``, ``definitions``, ...) are names, so a property called ``default`` is
    still walked. ``discriminator.mapping`` targets count unless ``mappings`` is false.
    """
    if not isinstance(node, (dict, list)):
        return
    stack = [node]  # children are pushed in reverse, so references come out in document order
    pop, extend = stack.pop, stack.extend
    while stack:
        current = pop()
        if isinstance(current, list):
            extend([v for v in reversed(current) if isinstance(v, (dict, list))])
            continue
        ref = current.get("$ref")
        if isinstance(ref, str):
            yield ref
        children: list[Any] = []
        for key, value in current.items():
            if not isinstance(value, (dict, list)):
                continue
            if key in NAME_MAPS and isinstance(value, dict):
                children.extend(v for v in value.values() if isinstance(v, (dict, list)))
            elif key == "discriminator" and isinstance(value, dict):
                mapping = value.get("mapping")
                if mappings and isinstance(mapping, dict):  # mapping targets are references too
                    children.extend(
                        {"$ref": t} for t in mapping.values() if isinstance(t, str) and t.startswith("#")
                    )
            elif key == "examples" and isinstance(value, dict):
                # Example Objects: only a reference to one counts, their ``value`` is data
                for example in value.values():
                    if isinstance(example, dict) and isinstance(example.get("$ref"), str):
                        children.append({"$ref": example["$ref"]})
            elif key not in DATA_KEYS:
                children.append(value)
        if children:
            children.reverse()
            extend(children)


# Keys whose values are instance data, never schemas or references.
DATA_KEYS = frozenset({"example", "examples", "default", "enum", "const", "x-example", "x-examples"})
# Keys whose values map names (which may be anything, "default" included) to objects.
NAME_MAPS = frozenset(
    {
        "properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "schemas",
        "parameters", "responses", "headers", "content", "links", "callbacks", "requestBodies",
        "securitySchemes", "securityDefinitions", "pathItems", "paths", "webhooks", "x-webhooks", "encoding",
    }
)  # fmt: skip
