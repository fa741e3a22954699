"""What ``orgdocs check`` reports of a description that a build survives (``Site.problems``): operations
missing, parts ignored, references kept as they are (named where they are first written), duplicate
operationIds, undeclared security schemes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from orgdocs.loading import DATA_KEYS, NAME_MAPS, escape_token
from orgdocs.model import Description, Operation

__all__ = ["Problem", "count_label", "description_problems"]


@dataclass(frozen=True)
class Problem:
    """Something ``orgdocs check`` reports. ``message`` names the file and the place."""

    message: str
    kind: str = ""  # "unresolved", "duplicate-operation-id", "route-suffix", "security", "empty", "ignored",
    # "duplicate-key"

    def __str__(self) -> str:
        return self.message


def count_label(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def description_problems(description: Description) -> Iterator[Problem]:
    name = description.source
    if not description.operations and not description.webhooks:
        yield Problem(f"{name}: #/paths: no operations", "empty")
    for pointer, why in description.ignored:
        yield Problem(f"{name}: {pointer}: {why}", "ignored")
    kept = description.unresolved
    if kept:
        uses = _first_uses(description.document, {u.ref for u in kept})
        for unresolved in kept:
            where = uses.get(unresolved.ref, "#")
            yield Problem(
                f"{name}: {where}: reference {unresolved.ref!r} kept as it is ({unresolved.reason})",
                "unresolved",
            )
    seen: dict[str, Operation] = {}
    for operation in description.operations:
        if not operation.operation_id:
            continue
        first = seen.setdefault(operation.operation_id, operation)
        if first is not operation:
            yield Problem(
                f"{name}: {operation.pointer}: duplicate operationId {operation.operation_id!r} "
                f"(also at {first.pointer})",
                "duplicate-operation-id",
            )
    declared = description.security_schemes
    for operation in [*description.operations, *description.webhooks]:
        for requirement in operation.security or ():
            for scheme in requirement:
                if scheme not in declared:
                    yield Problem(
                        f"{name}: {operation.pointer}/security: security scheme {scheme!r} is not declared",
                        "security",
                    )
    for scheme in {s for requirement in description.security for s in requirement} - set(declared):
        yield Problem(f"{name}: #/security: security scheme {scheme!r} is not declared", "security")


def _first_uses(document: Any, wanted: set[str]) -> dict[str, str]:
    """Where each of ``wanted`` is first written: the JSON pointer of the object holding the ``$ref`` (the
    places ``iter_refs`` looks at, in document order)."""
    found: dict[str, str] = {}
    stack: list[tuple[Any, str, bool]] = [(document, "#", False)]  # (node, pointer, is a map of names)
    while stack and len(found) < len(wanted):
        node, pointer, names = stack.pop()
        if isinstance(node, list):
            items = [(v, f"{pointer}/{i}", False) for i, v in enumerate(node) if isinstance(v, (dict, list))]
            stack.extend(reversed(items))
            continue
        ref = node.get("$ref")
        if not names and isinstance(ref, str) and ref in wanted:
            found.setdefault(ref, pointer)
        children = []
        for key, value in node.items():
            if not isinstance(value, (dict, list)):
                continue
            here = f"{pointer}/{escape_token(str(key))}"
            if names:
                children.append((value, here, False))
            elif key in NAME_MAPS and isinstance(value, dict):
                children.append((value, here, True))
            elif key == "discriminator" and isinstance(value, dict):
                mapping = value.get("mapping")
                for target in mapping.values() if isinstance(mapping, dict) else ():
                    if isinstance(target, str) and target in wanted:
                        found.setdefault(target, f"{here}/mapping")
            elif key == "examples" and isinstance(value, dict):
                for name, example in value.items():
                    if isinstance(example, dict) and example.get("$ref") in wanted:
                        found.setdefault(example["$ref"], f"{here}/{escape_token(str(name))}")
            elif key not in DATA_KEYS:
                children.append((value, here, False))
        stack.extend(reversed(children))
    return found
