"""``SitePayloads``: a ``Site``'s per-operation payloads (CONTRACT section 5), built one at a time from
component JSON serialized once per site."""

from __future__ import annotations

import json
from collections.abc import Iterator

from orgdocs.project._entries import OperationEntry
from orgdocs.project._payload_dicts import operation_dict, security_scheme_dict, server_dict
from orgdocs.project._payloads import PayloadParts, reachable_refs
from orgdocs.project._strict_json import dumps_value

__all__ = ["SitePayloads"]


class SitePayloads:
    """The part of ``Site`` that writes an operation's payload."""

    def payload(self, route: str) -> dict:
        """The per-operation payload (CONTRACT section 5) as a dict."""
        return json.loads(self.payload_json(route))

    def payload_json(self, route: str) -> str:
        """The payload as compact, strict JSON, assembled from component JSON serialized once per site."""
        return self.payload_parts(route).to_bytes().decode("utf-8")

    def payload_parts(self, route: str) -> PayloadParts:
        """The payload as UTF-8 pieces (``PayloadParts``): what the build writes, without joining them."""
        entry = self.entry(route)
        if not isinstance(entry, OperationEntry):
            raise KeyError(f"{route} is a page, not an operation")
        return self._payload_parts(entry)

    def _payload_parts(self, entry: OperationEntry) -> PayloadParts:
        from orgdocs.project._examples import operation_examples

        description, operation, reach = entry.description, entry.operation, entry.reach
        security = description.security_for(operation)
        used = {name for requirement in security for name in requirement}
        op = operation_dict(operation, security)
        refs, unresolved = reach.closure(dict.fromkeys(reachable_refs(op)))
        head = {
            "route": entry.route,
            "group": entry.group,
            "source": description.source,
            "operation": op,
            "servers": [server_dict(s) for s in operation.servers],
            "securitySchemes": {
                name: security_scheme_dict(s)
                for name, s in description.security_schemes.items()
                if name in used
            },
            "examples": operation_examples(operation, description.resolve),
            "unresolved": list(dict.fromkeys([*operation.kept_refs, *unresolved])),
        }
        if description.format == "openapi" and description.version.startswith("3.1"):
            head["openapi"] = description.version  # JSON Schema 2020-12: a $ref's siblings apply (check.js)
        text, as_is = dumps_value(head)
        return PayloadParts(
            f'{text[:-1]},"components":{{'.encode(),
            tuple(reach.fragment(ref) for ref in refs),
            head if as_is else None,
            frozenset(refs),
        )

    def payloads(self) -> Iterator[tuple[str, str]]:
        """(route, payload JSON) for every operation, one at a time: never all in memory."""
        for route in self.operations:
            yield route, self.payload_json(route)
