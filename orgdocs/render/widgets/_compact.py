"""The compact reference a view saves: what a notebook keeps of an operation (the synced ``_html`` and the
snapshot output beside the view), small enough that a saved notebook stays small whatever the operation.

Two cuts, both told on the page: each answer that is not a success by its status line alone (error responses
repeat one problem schema each), and, past ``SAVED_BUDGET`` characters, the deepest fields of inline schema
trees folded under their count (a GitHub webhook's payload is a 350 KB tree, saved twice per view otherwise).
The live view always asks the kernel for the whole page; only a notebook reopened without a kernel, an export
and a static viewer show the compact one.
"""

from __future__ import annotations

import re

__all__ = ["SAVED_BUDGET", "compact_responses", "fold_deep_fields"]

SAVED_BUDGET = 64_000  # characters of an operation's saved reference; "Create an issue" on GitHub is 48,000
FOLDED_NOTE = '<p class="schema-cut">Its fields are shown when the notebook\'s kernel runs.</p>'

_RESPONSE_ITEM = '<div class="response-item">'
_DETAILS = re.compile(r"<details\b|</details>")
_DETAILS_TAG = re.compile(r"<details\b[^>]*>|</details>")
_INLINE_FIELDS = 'class="schema-more"'  # a lazy one (class="schema-more schema-lazy") holds a line only


def compact_responses(operation_html: str, budget: int = SAVED_BUDGET) -> str:
    """``operation_html`` with each answer that is not a success told by its status line alone, and, when still
    longer than ``budget``, its deepest schema fields folded (``fold_deep_fields``)."""
    head, *items = operation_html.split(_RESPONSE_ITEM)
    out = [head]
    for item in items:
        end = item.find("</summary>")
        opening = item[: item.find(">", item.find("<details")) + 1] if "<details" in item else ""
        if "response-success" in opening or end < 0:
            out.append(_RESPONSE_ITEM + item)
            continue
        close = _closing_details(item, item.find("<details"))
        if close < 0:
            out.append(_RESPONSE_ITEM + item)
            continue
        rest = item[close + len("</details>") :]
        summary = item[len(opening) : end + len("</summary>")]
        out.append(f"{_RESPONSE_ITEM}{opening.replace(' open>', '>')}{summary}</details>{rest}")
    return fold_deep_fields("".join(out), budget)


def fold_deep_fields(operation_html: str, budget: int = SAVED_BUDGET) -> str:
    """``operation_html`` unchanged when it fits ``budget``; else with the fields of inline schema trees folded
    under their count from the deepest level up, level by level, until it fits (or every level is folded)."""
    if len(operation_html) <= budget:
        return operation_html
    folded = operation_html
    for limit in range(_deepest(operation_html), 0, -1):
        folded = _fold_from(operation_html, limit)
        if len(folded) <= budget:
            break
    return folded


def _deepest(text: str) -> int:
    depth = deepest = 0
    for match in _DETAILS.finditer(text):
        depth += 1 if match.group() != "</details>" else -1
        deepest = max(deepest, depth)
    return deepest


def _fold_from(text: str, limit: int) -> str:
    """``text`` with every inline tree's ``<details>`` nested ``limit`` deep or more reduced to its summary."""
    out: list[str] = []
    kept = depth = 0
    for match in _DETAILS_TAG.finditer(text):
        if match.start() < kept:  # inside a folded tree
            continue
        if match.group() == "</details>":
            depth -= 1
            continue
        depth += 1
        if depth < limit or _INLINE_FIELDS not in match.group():
            continue
        summary_end = text.find("</summary>", match.end())
        close = _closing_details(text, match.start())
        if summary_end < 0 or close < summary_end:
            continue
        out.append(text[kept : summary_end + len("</summary>")] + FOLDED_NOTE + "</details>")
        kept = close + len("</details>")
        depth -= 1
    out.append(text[kept:])
    return "".join(out)


def _closing_details(text: str, start: int) -> int:
    """Where the ``</details>`` closing the ``<details`` at ``start`` begins (nested ones counted), or -1."""
    depth = 0
    for match in _DETAILS.finditer(text, start):
        depth += 1 if match.group() != "</details>" else -1
        if depth == 0:
            return match.start()
    return -1
