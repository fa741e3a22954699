"""Identifiers and API key secrets.

A bearer token is ``odk_<prefix>_<secret>``: the prefix is public (it is shown in listings and finds the key
in storage), the whole token is secret. Only a SHA-256 digest of the token is stored; tokens carry 190 bits of
randomness, so a plain digest is safe where a password would need a slow hash.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets as _random  # the standard library module

__all__ = [
    "TOKEN_PATTERN",
    "digest_token",
    "matches_digest",
    "new_id",
    "new_token",
    "split_token",
]

_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz"
TOKEN_PATTERN = re.compile(r"odk_([0-9a-z]{8})_([A-Za-z0-9_-]{32})")


def _random_text(length: int) -> str:
    return "".join(_random.choice(_ALPHABET) for _ in range(length))


def new_id(kind: str) -> str:
    """An opaque identifier such as ``key_3kq9x0m2c7vd5nwe`` (16 base-36 characters: 82 bits)."""
    return f"{kind}_{_random_text(16)}"


def new_token() -> tuple[str, str]:
    """A fresh ``(token, prefix)`` pair; the prefix is the public ``odk_xxxxxxxx`` part."""
    prefix = _random_text(8)
    token = f"odk_{prefix}_{_random.token_urlsafe(24)}"
    return token, f"odk_{prefix}"


def split_token(token: str) -> str | None:
    """The public prefix of a well-formed token, or None for anything else."""
    match = TOKEN_PATTERN.fullmatch(token)
    return f"odk_{match.group(1)}" if match else None


def digest_token(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def matches_digest(token: str, digest: str) -> bool:
    # Constant-time, so the comparison does not tell an attacker how many leading characters were right.
    return hmac.compare_digest(digest_token(token), digest)
