"""Signed cursors: they round-trip, and anything altered, foreign or made up is refused."""

from __future__ import annotations

import pytest

from orgdocs.orgapi._cursors import Cursor, CursorError, CursorSigner
from orgdocs.orgapi._store import Position

SIGNER = CursorSigner(b"k" * 32)


@pytest.mark.parametrize("direction", ["after", "before"])
def test_a_cursor_round_trips(direction):
    cursor = Cursor(direction, Position(1714564800000000, "key_abc"))
    text = SIGNER.issue("org_a", cursor)
    assert SIGNER.read("org_a", text) == cursor
    assert "key_abc" not in text and "org_a" not in text  # opaque, not a readable query


@pytest.mark.parametrize(
    ("organization_id", "signer"),
    [
        ("org_b", SIGNER),
        ("org_a", CursorSigner(b"x" * 32)),
        ("org_a", CursorSigner(b"k" * 32, purpose="webhooks")),
    ],
)
def test_a_cursor_only_works_where_it_was_issued(organization_id, signer):
    text = SIGNER.issue("org_a", Cursor("after", Position(1, "key_a")))
    with pytest.raises(CursorError):
        signer.read(organization_id, text)


@pytest.mark.parametrize("text", ["", ".", "abc", "a.b.c", "é.é", "!!!.???", "x" * 513 + ".y"])
def test_garbage_is_refused(text):
    with pytest.raises(CursorError):
        SIGNER.read("org_a", text)


def test_every_single_character_change_is_refused():
    text = SIGNER.issue("org_a", Cursor("before", Position(42, "key_z")))
    for index, char in enumerate(text):
        for replacement in {"A", "_", "."} - {char}:
            altered = text[:index] + replacement + text[index + 1 :]
            with pytest.raises(CursorError):
                SIGNER.read("org_a", altered)
