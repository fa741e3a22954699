"""Lenient reading of description values: a wrong type reads as empty, since full validation is not done."""

from __future__ import annotations

from typing import Any

__all__ = ["as_dict", "as_list", "as_text"]


def as_dict(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list:
    return value if isinstance(value, list) else []


def as_text(value: Any) -> str:
    return value if isinstance(value, str) else ("" if value is None else str(value))
