"""How deep a document may nest: both parsers (JSON in ``_parse``, YAML in ``_yaml``) refuse deeper input the same
way, before anything recursive (example generation, JSON writing, page rendering) could meet it."""

from __future__ import annotations

from orgdocs.errors import DescriptionError

__all__ = ["MAX_NESTING", "nesting_error"]

MAX_NESTING = 200  # levels of mappings and lists in a document; real descriptions nest far less


def nesting_error(source: str, place: str | None) -> DescriptionError:
    return DescriptionError(f"nested more than {MAX_NESTING} levels deep", source=source, place=place)
