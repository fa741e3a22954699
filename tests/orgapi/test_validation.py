"""Strict input reading: the same rules as the description, to the character."""

from __future__ import annotations

import re

import pytest

from orgdocs.orgapi._description import description
from orgdocs.orgapi._problems import Problem
from orgdocs.orgapi._validation import (
    EVENT_TYPES,
    URL_PATTERN,
    check_json_media_type,
    parse_idempotency_key,
    parse_json_body,
    parse_limit,
    validate_webhook_changes,
)

SCHEMAS = description()["components"]["schemas"]


def test_the_description_states_the_same_rules():
    url = SCHEMAS["WebhookUpdate"]["properties"]["url"]
    assert url["pattern"] == URL_PATTERN and url["format"] == "uri" and url["maxLength"] == 2048
    assert tuple(SCHEMAS["EventType"]["enum"]) == EVENT_TYPES
    assert SCHEMAS["WebhookUpdate"]["additionalProperties"] is False
    limit = description()["components"]["parameters"]["Limit"]["schema"]
    assert (limit["minimum"], limit["maximum"], limit["default"]) == (1, 100, 25)


@pytest.mark.parametrize(
    "url",
    [
        "http://a",
        "https://hooks.example.com/orgdocs/key-events",
        "http://127.0.0.1:8001/hook",
        "https://EXAMPLE.com:443/a/b/?x=1&y=%20z/?",
        "https://x-y.z/~user/a;b=c,d@e",
    ],
)
def test_good_urls_are_accepted(url):
    assert validate_webhook_changes({"url": url}) == {"url": url}


@pytest.mark.parametrize(
    "url",
    [
        "http://",
        "http://-a.com",
        "http://a..b",
        "HTTP://a.com",
        "mailto:a@b.c",
        "https://a.com/%4",
        "https://a.com/%G1",
        "https://a.com#x",
        "https://u@a.com",
        "https://[::1]/",
        " https://a.com",
        "https://a.com/\u00e9",
    ],
)
def test_bad_urls_are_refused(url):
    with pytest.raises(Problem) as caught:
        validate_webhook_changes({"url": url})
    assert caught.value.status == 422 and caught.value.errors[0].pointer == "/url"


def test_the_pattern_is_anchored_in_both_dialects():
    # JSON Schema patterns are ECMA-262, where `$` is the very end; Python's `$` also allows a final newline,
    # which is why the server uses fullmatch.
    assert re.search(URL_PATTERN, "http://a\n") and not re.fullmatch(URL_PATTERN, "http://a\n")


@pytest.mark.parametrize(("values", "expected"), [([], 25), (["1"], 1), (["100"], 100), (["007"], 7)])
def test_limit(values, expected):
    assert parse_limit(values) == expected


def test_idempotency_key_is_lower_cased():
    assert (
        parse_idempotency_key(["5F0C6D2E-8A4B-4C1E-9F3A-2B7D8E6C1A90"])
        == "5f0c6d2e-8a4b-4c1e-9f3a-2b7d8e6c1a90"
    )
    assert parse_idempotency_key([]) is None
    with pytest.raises(Problem):
        parse_idempotency_key(["5f0c6d2e-8a4b-4c1e-9f3a-2b7d8e6c1a90"] * 2)


@pytest.mark.parametrize(
    "content_type", ["application/json", "application/json;charset=utf-8", 'application/json; charset="UTF8"']
)
def test_json_media_types(content_type):
    check_json_media_type(content_type)


def test_json_parsing_refuses_what_json_would_quietly_accept():
    assert parse_json_body(b'{"a": [1, 2.5, null]}') == {"a": [1, 2.5, None]}
    for body in (b"NaN", b"[Infinity]", b'{"a":1,"a":2}', b"\xef\xbb\xbf{}", "{}".encode("utf-16")):
        with pytest.raises(Problem) as caught:
            parse_json_body(body)
        assert caught.value.status == 400


def test_an_empty_update_changes_nothing():
    assert validate_webhook_changes({}) == {}
