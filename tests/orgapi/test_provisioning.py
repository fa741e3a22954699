"""Creating keys and the demo organization; tokens and timestamps."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from orgdocs.errors import OrgdocsError
from orgdocs.orgapi import create_api_key, seed_demo
from orgdocs.orgapi._clock import format_instant, from_datetime, to_datetime
from orgdocs.orgapi._tokens import digest_token, matches_digest, new_token, split_token


def test_tokens_carry_their_public_prefix_and_only_a_digest_is_compared():
    token, prefix = new_token()
    assert split_token(token) == prefix and prefix.startswith("odk_") and len(prefix) == 12
    assert matches_digest(token, digest_token(token)) and not matches_digest(token + "x", digest_token(token))
    assert split_token("odk_short_x") is None and split_token(token + " ") is None
    assert new_token()[0] != token


def test_instants_are_microseconds_and_leave_as_rfc3339_utc():
    moment = datetime(2024, 5, 1, 12, 30, 15, 123456, tzinfo=timezone.utc)
    assert to_datetime(from_datetime(moment)) == moment
    assert format_instant(from_datetime(moment)) == "2024-05-01T12:30:15Z"
    assert format_instant(None) is None
    assert from_datetime(datetime(1970, 1, 1)) == 0  # naive means UTC


def test_the_demo_organization(store, clock):
    demo = seed_demo(store, clock=clock)
    keys = {key.id: key for key in store.list_api_keys(demo["organization_id"], 100).keys}
    now = from_datetime(clock())
    console = keys[demo["api_key_ids"][0]]
    assert console.name == "Demo console"
    assert console.scopes == ("api_keys:read", "api_keys:write", "webhooks:write")
    # The oldest key, so revoking "the newest key" in a demo never locks the demo out.
    assert min(key.created_at for key in keys.values()) == console.created_at
    assert {key.status(now) for key in keys.values()} == {"active", "revoked", "expired"}
    assert any(key.project_ids for key in keys.values())
    assert len(store.audit_events(demo["organization_id"])) == 1
    # Seeding again adds another organization rather than clashing with the first.
    assert seed_demo(store, clock=clock)["organization_id"] != demo["organization_id"]


def test_create_api_key_normalises_and_validates(store, clock):
    _, key = create_api_key(
        store, "acme", ["api_keys:read", "api_keys:read"], project_ids=["p", "p"], clock=clock
    )
    assert key.scopes == ("api_keys:read",) and key.project_ids == ("p",)
    with pytest.raises(OrgdocsError, match="key name"):
        create_api_key(store, "acme", ["api_keys:read"], name="\n", clock=clock)
