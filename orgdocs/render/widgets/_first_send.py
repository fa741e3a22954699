"""What a first Send needs and would otherwise import on the way: readied in the background, once per kernel,
when a ``RequestForm`` is made or an ``Explorer``'s view has drawn its list.

A mock answers after checking the request against its operation with jsonschema (``orgdocs.project.Mock``),
an answer is checked against its description the same way, and a list answer gets a pandas table. Imported on
the first Send, they were counted in its elapsed time and held its answer back from the view; the reader
spends the seconds before a Send reading and filling the form, when the kernel is idle.
"""

from __future__ import annotations

import functools
import threading

__all__ = ["ready_first_send"]

# slowest first: jsonschema (its format checks import a grammar compiler) before the answer's table
MODULES = ("jsonschema", "referencing.jsonschema", "pandas")


@functools.cache
def ready_first_send() -> None:
    """Import ``MODULES`` in a daemon thread (the first call of a kernel; later calls do nothing)."""

    def import_them() -> None:
        for name in MODULES:
            __import__(name)

    threading.Thread(target=import_them, name="orgdocs-first-send", daemon=True).start()
