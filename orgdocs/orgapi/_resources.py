"""The JSON form of each resource, exactly the fields the description lists (secrets never among them)."""

from __future__ import annotations

import functools
import json
from typing import Any

from orgdocs.orgapi._clock import format_instant
from orgdocs.orgapi._store import ApiKey, Webhook

__all__ = ["api_key_json", "api_key_page", "dump", "webhook_json"]


def api_key_json(key: ApiKey, now: int) -> dict[str, Any]:
    return {
        "id": key.id,
        "name": key.name,
        "prefix": key.prefix,
        "scopes": list(key.scopes),
        "project_ids": list(key.project_ids),
        "status": key.status(now),
        "last_used_at": format_instant(key.last_used_at),
        "expires_at": format_instant(key.expires_at),
        "created_at": format_instant(key.created_at),
    }


@functools.lru_cache(maxsize=8192)
def _api_key_text(key: ApiKey, status: str) -> str:
    # Keys are immutable records and change rarely, so a listing mostly reuses text rendered before.
    return json.dumps({**api_key_json(key, 0), "status": status}, separators=(",", ":"))


def api_key_page(keys: list[ApiKey], now: int, page: dict[str, Any], request_id: str) -> bytes:
    """A list response, ``{"data": [...], "page": {...}, "request_id": ...}``, assembled from cached parts."""
    data = ",".join(_api_key_text(key, key.status(now)) for key in keys)
    return f'{{"data":[{data}],"page":{dump(page).decode()},"request_id":{json.dumps(request_id)}}}'.encode()


def webhook_json(webhook: Webhook) -> dict[str, Any]:
    health: dict[str, Any] = {
        "success_rate": webhook.delivery_health.success_rate,
        "failed_last_24h": webhook.delivery_health.failed_last_24h,
    }
    if webhook.delivery_health.last_delivery_at is not None:  # not nullable: left out until a first delivery
        health["last_delivery_at"] = format_instant(webhook.delivery_health.last_delivery_at)
    return {
        "id": webhook.id,
        "url": webhook.url,
        "description": webhook.description,
        "events": list(webhook.events),
        "status": webhook.status,
        "signing_secret_last4": webhook.signing_secret_last4,
        "delivery_health": health,
        "created_at": format_instant(webhook.created_at),
    }


def dump(document: Any) -> bytes:
    # ASCII escapes keep any stored text encodable, and the C encoder is fastest in this mode.
    return json.dumps(document, separators=(",", ":")).encode("ascii")
