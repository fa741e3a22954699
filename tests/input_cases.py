"""The case files of the input rules (``tests/cases/inputs/*.json``): what an input holds and the value and
problem both sides must read from it. ``tests/test_input_cases.py`` runs them against ``orgdocs.project._inputs``,
``tests/browser/test_input_cases.py`` against ``assets/form-state.js`` in Chromium (``readInput``).

A case is ``input`` (``kind``, ``itemKind``, ``required``, ``default``: the browser's shape of an ``InputKind``),
what the input holds and ``expected``. To add a case, write them; a wrong expectation fails on both sides."""

from __future__ import annotations

from typing import Any

import case_files

from orgdocs.project._inputs import InputKind


def load(name: str) -> dict[str, Any]:
    """The case file ``name`` of ``tests/cases/inputs``."""
    return case_files.load("inputs", name)


def cases(name: str) -> list[dict[str, Any]]:
    return load(name)["cases"]


def case_id(case: dict[str, Any]) -> str:
    return case["name"]


def input_kind_of(shape: dict[str, Any]) -> InputKind:
    """A case's ``input`` as an ``InputKind``."""
    return InputKind(shape["kind"], shape["itemKind"], required=shape["required"], default=shape["default"])
