"""What ``endpoints`` counts for an operation: the examples its description gives, and the references it
reaches that do not resolve."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from orgdocs.loading import iter_refs
from orgdocs.model import Description, Operation
from orgdocs.render._table_cells import _deref

__all__: list[str] = []


def _media_examples(description: Description, media: Iterable[Any]) -> int:
    count = 0
    for item in media:
        if item.has_example:
            count += 1
        count += len(item.examples)
        schema = _deref(description, item.schema)
        if not item.has_example and not item.examples and isinstance(schema, dict) and "example" in schema:
            count += 1
    return count


def _operation_examples(description: Description, operation: Operation) -> int:
    """Examples the description itself gives for an operation (parameters, request and responses)."""
    count = 0
    for parameter in operation.parameters:
        count += (
            int(parameter.has_example)
            + len(parameter.examples)
            + _media_examples(description, parameter.content)
        )
    if operation.request_body is not None:
        count += _media_examples(description, operation.request_body.content)
    for response in operation.responses:
        count += _media_examples(description, response.content)
    return count


class _Unresolved:
    """Unresolved references reachable from an operation, with reference edges cached per description."""

    def __init__(self) -> None:
        self._reach: dict[int, Any] = {}
        self._kept: dict[int, set[str]] = {}

    def refs(self, description: Description, operation: Operation) -> list[str]:
        key = id(description)
        if key not in self._kept:
            self._kept[key] = {u.ref for u in description.unresolved}
        if not self._kept[key]:
            return []  # the common case costs one walk of the document, done once
        if key not in self._reach:
            from orgdocs.project import ReachIndex, operation_dict

            self._reach[key] = (ReachIndex(description), operation_dict)
        reach, operation_dict = self._reach[key]
        roots = [*iter_refs(operation.raw), *iter_refs(operation_dict(operation, []))]
        reached, unresolved = reach.closure(list(dict.fromkeys(roots)))
        # a reference in a cycle resolves, but Description.unresolved keeps it as it is: count it too
        kept = self._kept[key]
        return unresolved + [ref for ref in reached if ref in kept]
