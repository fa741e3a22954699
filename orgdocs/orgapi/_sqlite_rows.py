"""Records from the SQLite store's rows: the columns read, API keys (cached: a listing rebuilds keys it
built before) and webhooks."""

from __future__ import annotations

import functools
import json

from orgdocs.orgapi._store import ApiKey, DeliveryHealth, Webhook

__all__: list[str] = []

_KEY_COLUMNS = (
    "id, organization_id, name, prefix, scopes, project_ids, created_at, expires_at, last_used_at, revoked_at"
)
_WEBHOOK_COLUMNS = (
    "id, organization_id, url, description, events, status, signing_secret, success_rate, failed_last_24h,"
    " last_delivery_at, created_at"
)


@functools.lru_cache(maxsize=4096)
def _string_tuple(text: str) -> tuple[str, ...]:
    # Scope and project lists repeat across keys: parse each distinct one once.
    return tuple(json.loads(text))


@functools.lru_cache(maxsize=8192)
def _key_from_row(row: tuple) -> ApiKey:
    # Rows are value tuples and keys are immutable records: a listing mostly rebuilds keys it built before.
    return ApiKey(
        id=row[0],
        organization_id=row[1],
        name=row[2],
        prefix=row[3],
        scopes=_string_tuple(row[4]),
        project_ids=_string_tuple(row[5]),
        created_at=row[6],
        expires_at=row[7],
        last_used_at=row[8],
        revoked_at=row[9],
    )


def _webhook_from_row(row: tuple) -> Webhook:
    return Webhook(
        id=row[0],
        organization_id=row[1],
        url=row[2],
        description=row[3],
        events=tuple(json.loads(row[4])),
        status=row[5],
        signing_secret_last4=row[6][-4:],
        delivery_health=DeliveryHealth(success_rate=row[7], failed_last_24h=row[8], last_delivery_at=row[9]),
        created_at=row[10],
    )
