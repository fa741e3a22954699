"""Typing as a person does: real key presses, which go through the host's keyboard shortcuts (``fill`` skips
them, and would hide a view that lets a notebook's shortcuts take its keys)."""

from __future__ import annotations


def type_into(page, locator, text: str) -> None:
    """Click ``locator``, select what it holds with Ctrl+A (a notebook would select every cell), type ``text``
    (or delete the selection, when ``text`` is empty)."""
    locator.click()
    page.keyboard.press("Control+a")
    if text:
        page.keyboard.type(text)
    else:  # emptied, as a person does
        page.keyboard.press("Backspace")
