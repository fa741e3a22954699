"""Package faces whose names are imported on first use (PEP 562): importing the package stays light, and
what it names is loaded only by whoever asks for it (pandas for a table, Starlette for a server, Jinja for a
page). Each such package also imports its names under ``TYPE_CHECKING``, for type checkers and for the
layering contract (import-linter reads those imports)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any


def lazy_face(package: str, names: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, whose public ``names`` map to the module defining
    each; a name, once loaded, is kept in the package's namespace."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> Any:
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(namespace.get("__all__", names))

    return __getattr__, __dir__
