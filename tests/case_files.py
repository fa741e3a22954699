"""The case files of ``tests/cases/<folder>/*.json``: inputs and the outputs both sides of a rule must give,
run by pytest against Python and in Chromium against the browser's scripts (``request_cases``,
``input_cases``). A file holds ``cases``, each with its input and ``expected``; a wrong expectation fails on
both sides."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

CASES = Path(__file__).resolve().parent / "cases"


@cache
def load(folder: str, name: str) -> dict[str, Any]:
    """The case file ``name`` of ``folder`` (``load("requests", "servers")`` reads ``requests/servers.json``)."""
    return json.loads((CASES / folder / f"{name}.json").read_text(encoding="utf-8"))
