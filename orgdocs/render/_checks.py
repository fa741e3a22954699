"""``check_response(operation, response)``: how an HTTP answer differs from its operation's description, as a
pandas DataFrame (the rules are ``orgdocs.project._conformance``'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import httpx
    import pandas as pd

    from orgdocs.model import Description, Operation

__all__ = ["check_response"]

COLUMNS = ["pointer", "expected", "actual"]


def check_response(
    operation: Operation, response: httpx.Response, description: Description | None = None
) -> pd.DataFrame:
    """One row per difference between ``response`` and what ``operation`` declares (``pointer``: a JSON
    pointer into the body, or ``status``, ``media type``, ``headers/Name``; ``expected``: what the
    description says; ``actual``: what came back). Empty when the answer matches. ``df.attrs["notes"]``
    lists what could not be checked (unresolved references). ``description`` defaults to the one
    ``operation`` was loaded with."""
    import pandas as pd

    from orgdocs.project import check_response as check

    description = description if description is not None else operation.api_description
    if description is None:
        raise ValueError("this operation knows no description: pass description=")
    found = check(operation, description, response.status_code, response.headers, response.content)
    df = pd.DataFrame([[d.pointer, d.expected, d.actual] for d in found.differences], columns=COLUMNS)
    df.attrs["notes"] = list(found.notes)
    return df
