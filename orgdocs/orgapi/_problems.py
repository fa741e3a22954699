"""RFC 9457 problem details: the one shape of every error the reference server returns.

Handlers raise :class:`Problem`; the application turns it into an ``application/problem+json`` response with
``type``, ``title``, ``status``, ``detail``, ``request_id`` and, for input errors, ``errors`` naming each bad
field (``pointer`` into the body, or the query ``parameter`` or ``header``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

__all__ = ["MEDIA_TYPE", "TYPE_BASE", "FieldError", "Problem", "problem_body"]

MEDIA_TYPE = "application/problem+json"
# RFC 9110 names where Python's table still has the older ones.
_TITLES = {413: "Content Too Large", 422: "Unprocessable Content"}
TYPE_BASE = "urn:orgdocs:problem:"  # a stable identifier, not a web page; the description lists them all


@dataclass(frozen=True, slots=True)
class FieldError:
    """One reason the input was refused and where: exactly one of pointer, parameter or header is set."""

    detail: str
    pointer: str | None = None  # JSON pointer into the request body, e.g. "/events/1"
    parameter: str | None = None  # query or path parameter name
    header: str | None = None

    def as_json(self) -> dict[str, str]:
        data = {"detail": self.detail}
        for name in ("pointer", "parameter", "header"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        return data


@dataclass(eq=False)
class Problem(Exception):
    """An error response: ``slug`` names the problem type, ``detail`` explains this occurrence."""

    status: int
    slug: str
    detail: str
    errors: list[FieldError] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    title: str = ""

    def __post_init__(self) -> None:
        super().__init__(self.detail)
        if not self.title:
            self.title = _TITLES.get(self.status) or HTTPStatus(self.status).phrase

    @property
    def type(self) -> str:
        return TYPE_BASE + self.slug


def problem_body(problem: Problem, request_id: str) -> bytes:
    data: dict[str, Any] = {
        "type": problem.type,
        "title": problem.title,
        "status": problem.status,
        "detail": problem.detail,
        "request_id": request_id,
    }
    if problem.errors:
        data["errors"] = [error.as_json() for error in problem.errors]
    # ASCII escapes: a detail may quote client input, and unpaired surrogates in it must not break encoding.
    return json.dumps(data, ensure_ascii=True, separators=(",", ":")).encode("ascii")
