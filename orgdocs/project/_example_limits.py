"""The limits of a generated example, which ``orgdocs.project._examples`` states and every walk keeps."""

from __future__ import annotations

__all__ = ["MAX_DEPTH", "MAX_ITEMS", "MAX_OPEN_SCHEMAS", "MAX_VALUES"]

MAX_DEPTH = 12  # levels of nested values (object properties, array items)
MAX_ITEMS = 3  # items of a generated array, whatever minItems says
MAX_VALUES = 4000  # schema visits per example: large cyclic descriptions would otherwise explode
MAX_OPEN_SCHEMAS = 64  # schemas open at once (references and combinators included): Python's stack is finite
