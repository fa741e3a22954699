"""Strict reading of client input: query parameters, headers and the webhook update body.

Every function here either returns clean values or raises a :class:`~orgdocs.orgapi._problems.Problem` that
names what was wrong and where. The rules mirror ``openapi.yaml`` exactly (the URL pattern is the same
regular expression), so any request the description calls valid is accepted.
"""

from __future__ import annotations

import json
import re
from typing import Any

from orgdocs.orgapi._problems import FieldError, Problem

__all__ = [
    "DEFAULT_LIMIT",
    "EVENT_TYPES",
    "MAX_BODY_BYTES",
    "MAX_DESCRIPTION_LENGTH",
    "MAX_LIMIT",
    "MAX_URL_LENGTH",
    "URL_PATTERN",
    "WEBHOOK_STATUSES",
    "check_json_media_type",
    "parse_idempotency_key",
    "parse_json_body",
    "parse_limit",
    "validate_webhook_changes",
]

DEFAULT_LIMIT = 25
MAX_LIMIT = 100
MAX_BODY_BYTES = 64 * 1024
MAX_URL_LENGTH = 2048
MAX_DESCRIPTION_LENGTH = 1000

EVENT_TYPES = (
    "api_key.created",
    "api_key.revoked",
    "api_key.expired",
    "webhook.updated",
    "member.added",
    "member.removed",
)
WEBHOOK_STATUSES = ("active", "paused", "disabled")

# An absolute http(s) URL with a host name or IPv4 address, an optional port, path and query; no user info,
# no fragment, no spaces. The same expression is the `pattern` of `url` in openapi.yaml, where `format: uri`
# adds the rest: a "%" must start a percent-escape. (Keeping that rule out of the pattern makes the two
# keywords independent, so test generators can find values that break only one of them.)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_PCHAR = r"[A-Za-z0-9._~!$&'()*+,;=:@%-]"
URL_PATTERN = rf"^https?://{_LABEL}(?:\.{_LABEL})*(?::[0-9]{{1,5}})?(?:/{_PCHAR}*)*(?:\?(?:{_PCHAR}|[/?])*)?$"
_URL = re.compile(URL_PATTERN)
_BAD_ESCAPE = re.compile(r"%(?![0-9A-Fa-f]{2})")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_DIGITS = re.compile(r"[0-9]{1,4}")
_FIELDS = ("url", "description", "events", "status")


def parse_limit(values: list[str]) -> int:
    """The ``limit`` query parameter: absent means 25; otherwise one integer from 1 to 100."""
    if not values:
        return DEFAULT_LIMIT
    if len(values) > 1:
        raise _bad_parameter("limit", "give `limit` at most once")
    value = values[0]
    if not _DIGITS.fullmatch(value) or not 1 <= int(value) <= MAX_LIMIT:
        raise _bad_parameter("limit", f"`limit` must be an integer from 1 to {MAX_LIMIT}")
    return int(value)


def _bad_parameter(name: str, detail: str) -> Problem:
    return Problem(400, "invalid-parameter", detail, [FieldError(detail, parameter=name)])


def parse_idempotency_key(values: list[str]) -> str | None:
    """The ``Idempotency-Key`` header: absent, or one UUID (any version, any case), returned in lower case."""
    if not values:
        return None
    if len(values) > 1 or not _UUID.fullmatch(values[0]):
        detail = "`Idempotency-Key` must be a single UUID, e.g. 5f0c6d2e-8a4b-4c1e-9f3a-2b7d8e6c1a90"
        raise Problem(400, "invalid-header", detail, [FieldError(detail, header="Idempotency-Key")])
    return values[0].lower()


def check_json_media_type(content_type: str | None) -> None:
    """Accept ``application/json`` with an optional ``charset=utf-8``; anything else is 415."""
    if content_type is not None:
        media_type, _, parameters = content_type.partition(";")
        charset_ok = all(
            _charset_is_utf8(parameter) for parameter in parameters.split(";") if parameter.strip()
        )
        if media_type.strip().lower() == "application/json" and charset_ok:
            return
    raise Problem(
        415,
        "unsupported-media-type",
        "send the body as `application/json` (UTF-8)",
        [FieldError("expected application/json", header="Content-Type")],
    )


def _charset_is_utf8(parameter: str) -> bool:
    name, _, value = parameter.partition("=")
    if name.strip().lower() != "charset":
        return True  # other media type parameters do not change how JSON is read
    return value.strip().strip('"').lower() in ("utf-8", "utf8")


def parse_json_body(body: bytes) -> Any:
    """Decode a UTF-8 JSON document, refusing what ``json`` would quietly accept (NaN, duplicate keys)."""

    def refuse_constant(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    def object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for name, value in pairs:
            if name in result:
                raise ValueError(f"duplicate member {name!r}")
            result[name] = value
        return result

    try:
        text = body.decode("utf-8")
        return json.loads(text, parse_constant=refuse_constant, object_pairs_hook=object_without_duplicates)
    except RecursionError:
        raise Problem(400, "malformed-json", "the request body nests too deeply") from None
    except ValueError as error:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise Problem(400, "malformed-json", f"the request body is not valid JSON: {error}") from None


def validate_webhook_changes(document: Any) -> dict[str, object]:
    """Check a webhook update body and return the fields to change (an empty body changes nothing)."""
    if not isinstance(document, dict):
        raise _invalid([FieldError("the body must be a JSON object", pointer="")])
    errors: list[FieldError] = []
    changes: dict[str, object] = {}
    for name in document:
        if name not in _FIELDS:
            errors.append(
                FieldError(f"unknown field {name!r}; allowed: {', '.join(_FIELDS)}", pointer=_pointer(name))
            )
    if "url" in document:
        url = document["url"]
        if (
            not isinstance(url, str)
            or len(url) > MAX_URL_LENGTH
            or not _URL.fullmatch(url)
            or _BAD_ESCAPE.search(url)
        ):
            errors.append(
                FieldError(
                    f"`url` must be an absolute http or https URL of at most {MAX_URL_LENGTH} characters",
                    pointer="/url",
                )
            )
        else:
            changes["url"] = url
    if "description" in document:
        description = document["description"]
        if not isinstance(description, str) or len(description) > MAX_DESCRIPTION_LENGTH:
            errors.append(
                FieldError(
                    f"`description` must be a string of at most {MAX_DESCRIPTION_LENGTH} characters",
                    pointer="/description",
                )
            )
        elif not _is_unicode(description):
            errors.append(FieldError("`description` contains an unpaired surrogate", pointer="/description"))
        else:
            changes["description"] = description
    if "events" in document:
        events = _validate_events(document["events"], errors)
        if events is not None:
            changes["events"] = events
    if "status" in document:
        status = document["status"]
        if status not in WEBHOOK_STATUSES or not isinstance(status, str):
            errors.append(
                FieldError(f"`status` must be one of {', '.join(WEBHOOK_STATUSES)}", pointer="/status")
            )
        else:
            changes["status"] = status
    if errors:
        raise _invalid(errors)
    return changes


def _validate_events(events: object, errors: list[FieldError]) -> tuple[str, ...] | None:
    if not isinstance(events, list) or not events:
        errors.append(FieldError("`events` must be a non-empty array of event names", pointer="/events"))
        return None
    before = len(errors)
    seen: set[str] = set()
    for index, event in enumerate(events):
        if not isinstance(event, str) or event not in EVENT_TYPES:
            errors.append(
                FieldError(
                    f"unknown event; subscribe to any of {', '.join(EVENT_TYPES)}", pointer=f"/events/{index}"
                )
            )
        elif event in seen:
            errors.append(FieldError(f"{event!r} is listed twice", pointer=f"/events/{index}"))
        else:
            seen.add(event)
    return tuple(events) if len(errors) == before else None


def _invalid(errors: list[FieldError]) -> Problem:
    return Problem(422, "validation-failed", "the webhook update was not applied; see `errors`", errors)


def _pointer(name: str) -> str:
    # RFC 6901 escaping, so a member named "a/b" points at itself and not at a nested member.
    return "/" + name.replace("~", "~0").replace("/", "~1")


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
