"""Creating what the API itself cannot: organizations, API keys and webhooks, and a seeded demo organization.

Used by ``orgdocs orgapi create-key`` and ``orgdocs orgapi seed``, by the demo command and by tests.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence
from typing import Any

from orgdocs.errors import OrgdocsError
from orgdocs.orgapi._clock import Clock, from_datetime, system_clock
from orgdocs.orgapi._store import SCOPES, ApiKey, DeliveryHealth, Store, Webhook
from orgdocs.orgapi._tokens import digest_token, new_id, new_token

__all__ = ["ORGANIZATION_ID_PATTERN", "create_api_key", "create_webhook", "seed_demo"]

ORGANIZATION_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_PROJECT_ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_DAY = 86_400 * 1_000_000


def create_api_key(
    store: Store,
    organization_id: str,
    scopes: Sequence[str],
    *,
    project_ids: Sequence[str] = (),
    name: str = "API key",
    created_at: int | None = None,
    expires_at: int | None = None,
    clock: Clock = system_clock,
) -> tuple[str, ApiKey]:
    """Create a key (and its organization, if new); return ``(token, key)``. The token is never stored."""
    if not ORGANIZATION_ID_PATTERN.fullmatch(organization_id):
        raise OrgdocsError(
            f"invalid organization id {organization_id!r}: use 1-64 letters, digits, '_' or '-', starting with"
            " a letter or digit"
        )
    unknown = [scope for scope in scopes if scope not in SCOPES]
    if unknown or not scopes:
        raise OrgdocsError(
            f"invalid scopes {', '.join(unknown) or '(none)'}: choose from {', '.join(SCOPES)}"
        )
    bad_projects = [project for project in project_ids if not _PROJECT_ID_PATTERN.fullmatch(project)]
    if bad_projects:
        raise OrgdocsError(f"invalid project ids: {', '.join(bad_projects)}")
    if not name.strip() or len(name) > 200 or not name.isprintable():
        raise OrgdocsError("a key name must be 1-200 printable characters")
    now = from_datetime(clock())
    store.ensure_organization(organization_id, organization_id, now)
    token, prefix = new_token()
    key = ApiKey(
        id=new_id("key"),
        organization_id=organization_id,
        name=name,
        prefix=prefix,
        scopes=tuple(dict.fromkeys(scopes)),
        project_ids=tuple(dict.fromkeys(project_ids)),
        created_at=now if created_at is None else created_at,
        expires_at=expires_at,
    )
    store.add_api_key(key, digest_token(token))
    return token, key


def create_webhook(
    store: Store,
    organization_id: str,
    url: str,
    events: Sequence[str],
    *,
    description: str = "",
    status: str = "active",
    delivery_health: DeliveryHealth | None = None,
    created_at: int,
) -> Webhook:
    signing_secret = f"whsec_{secrets.token_urlsafe(24)}"
    webhook = Webhook(
        id=new_id("wh"),
        organization_id=organization_id,
        url=url,
        description=description,
        events=tuple(events),
        status=status,
        signing_secret_last4=signing_secret[-4:],
        delivery_health=delivery_health or DeliveryHealth(1.0, 0, None),
        created_at=created_at,
    )
    store.add_webhook(webhook, signing_secret)
    return webhook


# name, scopes, project ids, age in days, expires in days (negative: already expired)
_DEMO_KEYS: list[tuple[str, tuple[str, ...], tuple[str, ...], float, float | None]] = [
    ("CI deploy (GitHub Actions)", ("api_keys:read",), ("proj_web", "proj_api"), 41, 324),
    ("Terraform provisioning", ("api_keys:read", "api_keys:write", "webhooks:write"), (), 33, None),
    ("Billing export (2023)", ("api_keys:read",), ("proj_billing",), 29, -2),
    ("Data warehouse sync", ("api_keys:read",), ("proj_analytics",), 12.5, 90),
    ("Incident bot", ("webhooks:write",), (), 6, None),
    ("Staging smoke tests", ("api_keys:read", "webhooks:write"), ("proj_staging",), 1.25, 7),
]


def seed_demo(
    store: Store, *, clock: Clock = system_clock, organization_id: str | None = None
) -> dict[str, Any]:
    """Create a demo organization with keys and webhooks.

    Returns ``{organization_id, token, api_key_ids, webhook_ids}``: ``token`` is the secret of the oldest key
    (``api_key_ids[0]``, all scopes), so a demo that revokes "the newest key" never locks itself out. One other
    key is revoked through the normal path, so the audit trail starts with a real event.
    """
    now = from_datetime(clock())
    organization_id = organization_id or new_id("org")
    store.ensure_organization(organization_id, "Acme Robotics (demo)", now)
    token, console = create_api_key(
        store, organization_id, SCOPES, name="Demo console", created_at=now - 60 * _DAY, clock=clock
    )
    key_ids = [console.id]
    for name, scopes, projects, age, expires_in in _DEMO_KEYS:
        created = now - int(age * _DAY)
        _, key = create_api_key(
            store,
            organization_id,
            scopes,
            project_ids=projects,
            name=name,
            created_at=created,
            expires_at=None if expires_in is None else now + int(expires_in * _DAY),
            clock=clock,
        )
        key_ids.append(key.id)
    # "Incident bot" leaked in a chat log: revoke it the way the API does, with its audit event.
    store.revoke_api_key(
        organization_id,
        key_ids[5],
        now=now - 2 * _DAY,
        actor_key_id=console.id,
        request_id="req_seed",
        idempotency=None,
        render=lambda key: (200, b""),
    )
    webhooks = [
        create_webhook(
            store,
            organization_id,
            "https://hooks.example.com/orgdocs/key-events",
            ["api_key.created", "api_key.revoked", "api_key.expired"],
            description="Security team: every key lifecycle change",
            delivery_health=DeliveryHealth(0.998, 1, now - _DAY // 24),
            created_at=now - 45 * _DAY,
        ),
        create_webhook(
            store,
            organization_id,
            "https://ops.example.net/hooks/members",
            ["member.added", "member.removed"],
            description="Directory sync",
            status="paused",
            delivery_health=DeliveryHealth(0.91, 7, now - 3 * _DAY),
            created_at=now - 20 * _DAY,
        ),
        create_webhook(
            store,
            organization_id,
            "https://audit.example.org/ingest?source=orgdocs",
            ["webhook.updated"],
            description="Compliance archive",
            status="disabled",
            created_at=now - 5 * _DAY,
        ),
    ]
    return {
        "organization_id": organization_id,
        "token": token,
        "api_key_ids": key_ids,
        "webhook_ids": [webhook.id for webhook in webhooks],
    }
