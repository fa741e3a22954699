"""Time for the reference server: an injectable clock and the one timestamp format it speaks.

Instants are kept as integer microseconds since the Unix epoch, so that SQL compares and orders them exactly;
they leave the server as RFC 3339 strings in UTC (``2024-05-01T12:30:00Z``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

__all__ = ["Clock", "format_instant", "from_datetime", "system_clock", "to_datetime"]

Clock = Callable[[], datetime]
"""Returns the current time as an aware datetime. Tests pass a fake one to move time forward."""

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def system_clock() -> datetime:
    return datetime.now(timezone.utc)


def from_datetime(moment: datetime) -> int:
    """Microseconds since the epoch; a naive datetime is taken as UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    delta = moment - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def to_datetime(instant: int) -> datetime:
    return _EPOCH + timedelta(microseconds=instant)


def format_instant(instant: int | None) -> str | None:
    """RFC 3339 in UTC with whole seconds, or None. Sub-second order is kept in storage, not on the wire."""
    if instant is None:
        return None
    # gmtime is faster than datetime.strftime, and a page of keys formats three of these per key.
    t = time.gmtime(instant // 1_000_000)
    return f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}T{t.tm_hour:02d}:{t.tm_min:02d}:{t.tm_sec:02d}Z"
