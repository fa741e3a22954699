"""Opaque, signed page cursors.

A cursor names a position in the key order, the direction to walk from it and the organization it belongs
to, signed with HMAC-SHA256 under a secret kept in the database. A client cannot forge or edit one, and a
cursor from another organization or another server's database is refused. Cursors do not expire: keys are
never deleted, so a position stays meaningful.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from typing import Literal

from orgdocs.orgapi._store import Position

__all__ = ["Cursor", "CursorError", "CursorSigner", "Direction"]

Direction = Literal["after", "before"]


class CursorError(ValueError):
    """The cursor is malformed, tampered with, or was issued for something else."""


@dataclass(frozen=True, slots=True)
class Cursor:
    direction: Direction
    position: Position


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class CursorSigner:
    """Issues and reads cursors for one database (the secret) and one kind of list (the ``purpose``)."""

    MAX_LENGTH = 512

    def __init__(self, secret: bytes, purpose: str = "api_keys") -> None:
        self._secret = secret
        self._purpose = purpose

    def _signature(self, organization_id: str, payload: bytes) -> bytes:
        # The organization is signed but not carried: a cursor replayed against another one fails to verify.
        message = b"\n".join(
            (self._purpose.encode(), organization_id.encode("utf-8", "surrogatepass"), payload)
        )
        return hmac.new(self._secret, message, hashlib.sha256).digest()[:20]

    def issue(self, organization_id: str, cursor: Cursor) -> str:
        fields = [cursor.direction[0], cursor.position.created_at, cursor.position.id]
        payload = json.dumps(fields, separators=(",", ":")).encode()
        return f"{_b64(payload)}.{_b64(self._signature(organization_id, payload))}"

    def read(self, organization_id: str, text: str) -> Cursor:
        if len(text) > self.MAX_LENGTH or text.count(".") != 1:
            raise CursorError("not a cursor issued by this server")
        encoded, signature = text.split(".")
        try:
            payload = _unb64(encoded)
            given = _unb64(signature)
        except (ValueError, UnicodeEncodeError):
            raise CursorError("not a cursor issued by this server") from None
        if not hmac.compare_digest(given, self._signature(organization_id, payload)):
            raise CursorError("the cursor was altered or belongs to another organization")
        try:
            direction, created_at, key_id = json.loads(payload)
        except (ValueError, TypeError):
            raise CursorError("not a cursor issued by this server") from None
        return Cursor("after" if direction == "a" else "before", Position(int(created_at), str(key_id)))
