"""The mock's answers: ``Answer`` (status, headers, body bytes) and how they are made.

A refusal is an RFC 9457 problem detail (``_problem``): ``type``, ``title``, ``status``, ``detail`` and
``errors`` (each with its ``parameter`` or ``pointer``). ``Prefer`` chooses a response or an example
(``_prefer``); unless told, 2XX comes first (``_rank``); a wildcard media type becomes one an answer can carry
(``_concrete``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any

from orgdocs.project._value_text import is_json_media_type

__all__ = ["PROBLEM", "Answer"]

PROBLEM = "application/problem+json"


@dataclass
class Answer:
    status: int
    headers: list[tuple[str, str]] = field(default_factory=list)
    body: bytes = b""

    def header(self, name: str) -> str | None:
        return next((v for n, v in self.headers if n.lower() == name.lower()), None)


class _Refused(Exception):
    def __init__(self, answer: Answer):
        self.answer = answer


def _problem(
    status: int,
    detail: str,
    *,
    errors: list[dict] | None = None,
    headers: dict[str, str] | None = None,
    extra: dict | None = None,
) -> Answer:
    body: dict[str, Any] = {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status}
    body["detail"] = detail
    if errors:
        body["errors"] = errors
    body.update(extra or {})
    answer = Answer(status, [("Content-Type", PROBLEM), *(headers or {}).items()])
    answer.body = json.dumps(body, ensure_ascii=False).encode()
    return answer


_SUBTYPES = {"image": "png", "text": "plain", "audio": "mpeg", "video": "mp4", "font": "woff2"}


def _concrete(media_type: str, value: Any) -> str:
    """A media type an answer can carry for a declared one: ``*/*`` JSON (text for a string), ``image/*``
    ``image/png``, any other ``type/*`` ``type/octet-stream``."""
    kind, _, subtype = media_type.partition("/")
    if "*" not in kind and "*" not in subtype:
        return media_type
    if "*" in kind:
        return "text/plain" if isinstance(value, str) else "application/json"
    return f"{kind}/{_SUBTYPES.get(kind, 'octet-stream')}"


def _prefer(header: str) -> dict[str, str]:
    found = {}
    for part in re.split(r"[,;]", header):
        name, _, value = part.strip().partition("=")
        if name and value:
            found[name.strip().lower()] = value.strip().strip('"')
    return found


def _rank(response: Any) -> tuple[int, int]:
    """2XX first (lowest), then default, then the rest: the answer a mock gives unless told."""
    status = str(response.status).upper()
    if status.isdigit():
        code = int(status)
        return (0 if 200 <= code < 300 else 2, code)
    if status == "2XX":
        return (0, 299)
    return (1, 0) if status == "DEFAULT" else (2, int(status[0]) * 100 if status[0].isdigit() else 999)


def _serialized(value: Any, media_type: str) -> bytes:
    if value is None and not is_json_media_type(media_type):
        return b""
    if isinstance(value, str) and not is_json_media_type(media_type):
        return value.encode()
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    return json.dumps(value, ensure_ascii=False).encode()
