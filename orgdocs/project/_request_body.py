"""A request's body: which media type is sent, and its text.

- **Body**: not passed -> the request example of the chosen media type (the first one declared unless
  ``media_type`` says); ``None`` -> no body; a ``str`` -> sent as it is; anything else is serialized: JSON
  media types (``application/json``, ``*/*+json``) as JSON with a 2-space indent, integral floats written as
  integers; ``application/x-www-form-urlencoded`` as ``key=value&...`` (arrays repeat the key, nested values
  are compact JSON); ``multipart/form-data`` as JSON text of its fields, with a ``note`` saying so (the
  code samples and ``to_httpx`` send them as real form fields, ``multipart_fields``); any other media type as
  JSON text.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from orgdocs.model import MediaType, Operation
from orgdocs.project._json_text import indented
from orgdocs.project._value_text import _essence, encode, integral_numbers, text_of

if TYPE_CHECKING:  # pragma: no cover
    from orgdocs.project._requests import RequestParts

__all__ = ["multipart_fields"]

MULTIPART_NOTE = "multipart/form-data: the fields are shown as JSON; they are sent as form fields"


def multipart_fields(parts: RequestParts) -> list[tuple[str, str]] | None:
    """The form fields of a multipart body (values as text), or None when it is not one we can read."""
    if parts.body is None or _essence(parts.media_type) != "multipart/form-data":
        return None
    try:
        data = json.loads(parts.body)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    fields = []
    for name, value in data.items():
        items = value if isinstance(value, list) else [value]
        fields.extend((name, text_of(item)) for item in items)
    return fields


def _chosen_media(operation: Operation, media_type: str | None) -> MediaType | None:
    if operation.request_body is None or not operation.request_body.content:
        return None
    if media_type is None:
        return operation.request_body.content[0]
    return next((m for m in operation.request_body.content if m.media_type == media_type), None)


def _serialize(body: Any, media_type: str) -> tuple[str, str]:
    """The body text and a note about it."""
    if isinstance(body, str):
        return body, ""
    essence = _essence(media_type)
    if essence == "application/x-www-form-urlencoded" and isinstance(body, dict):
        pairs = []
        for key, value in body.items():
            for item in value if isinstance(value, list) else [value]:
                pairs.append(f"{encode(str(key))}={encode(text_of(item))}")
        return "&".join(pairs), ""
    text = indented(integral_numbers(body))
    if essence == "multipart/form-data":
        return text, MULTIPART_NOTE
    return text, ""
