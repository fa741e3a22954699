"""Search in Python by the browser's own ranking: ``assets/search.js``, run in V8 (the ``mini-racer``
package), so that the ranking is written once, there (its header says the rules).

The engine is given what the browser is given (the index's entries and the search file) once per index; a
query asks it for the positions of the entries it ranks, best first. The entries answered are Python's own
(the dicts ``Site.index`` holds).
"""

from __future__ import annotations

import atexit
import ctypes
import functools
import json
import os
import threading
import weakref
from collections.abc import Sequence
from pathlib import Path

from orgdocs.project._search_words import RULES

__all__ = ["SearchIndex", "browser_rules"]

# the one ranking: the site ships it to the browser from its assets, and this reads it where they keep it
SCRIPT = Path(__file__).resolve().parents[1] / "render" / "site" / "assets" / "search.js"

# the engine's side: one index, and where each of its entries is in Python's list
_BRIDGE = """
var index = null, positions = null;
function load(entries, file) {
  index = new globalThis.orgdocs.SearchIndex(entries, file);
  positions = new Map();
  index.entries.forEach(function (entry, position) { positions.set(entry, position); });
  return index.entries.length;
}
function search(query, limit) {
  var found = index.search(query, limit === null ? undefined : limit);
  return found.map(function (entry) { return positions.get(entry); }).join(",");
}
"""


def browser_rules() -> str:
    """The line of ``assets/search.js`` that carries ``search_rules.json`` (a test holds them equal; after a
    change to the rules, write it there again)."""
    text = json.dumps(RULES, ensure_ascii=True, separators=(",", ":"))
    return f"var RULES = {text}; // orgdocs/project/search_rules.json, as orgdocs/project/_search.py's browser_rules() writes it"


# search.js is an ES module, and V8 here runs scripts: its one export statement gives the bridge its globals,
# and the script is strict, as a module is
EXPORTS = "export { SearchIndex, words as searchWords };"


@functools.cache
def _script() -> str:
    text = SCRIPT.read_text(encoding="utf-8")
    if text.count(EXPORTS) != 1:
        raise RuntimeError(f"{SCRIPT}: its exports are not {EXPORTS!r}")
    return '"use strict";\n' + text.replace(
        EXPORTS, "globalThis.orgdocs = { SearchIndex, searchWords: words };"
    )


class SearchIndex:
    """Search over index entries (and, optionally, ``texts``: the search file, or only its ``texts``),
    ranked by ``search.js``."""

    def __init__(self, entries: Sequence[dict], texts: dict | Sequence[str] | None = None) -> None:
        self.entries = list(entries)
        self._texts = texts if isinstance(texts, dict) or texts is None else list(texts)
        self._lock = threading.Lock()  # one call at a time in the engine
        self._start()

    def _start(self) -> None:
        global _ENGINE_PROCESS
        from py_mini_racer import MiniRacer  # V8 starts only when something is searched

        if _ENGINE_PROCESS not in (None, os.getpid()):
            raise RuntimeError(_FORKED)
        _ENGINE_PROCESS = os.getpid()
        self._engine = MiniRacer()
        self._engine.eval(_script())
        self._engine.eval(_BRIDGE)
        self._engine.call("load", self.entries, self._texts)
        _ENGINES.add(self._engine)

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        """Entries matching ``query``, best first; ``limit``: at most that many."""
        if os.getpid() != _ENGINE_PROCESS:
            raise RuntimeError(_FORKED)
        with self._lock:
            found = self._engine.call("search", query, limit)
        return [self.entries[int(position)] for position in found.split(",")] if found else []


# V8's threads do not survive a fork, and V8 waits for them: in a child forked after a search, searching (with
# an inherited engine or a new one) or freeing an inherited engine would hang. So such a child says so when asked
# to search, and keeps every engine it inherited for its whole life, unused.
_ENGINE_PROCESS: int | None = None  # the process whose V8 the engines run in
_ENGINES: weakref.WeakSet = weakref.WeakSet()
_FORKED = (
    "search cannot run in a process forked after a search: its engine (V8) does not survive a fork; "
    "search in the parent process, or start this one by multiprocessing's 'spawn' or 'forkserver'"
)


def _keep_inherited_engines() -> None:
    for engine in list(_ENGINES):
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(engine))
    _ENGINES.clear()


def _close_engines() -> None:
    """Frees the engines while the interpreter still runs its threads: freed later, as the interpreter
    finalizes, an engine can wait forever for a thread that no longer runs."""
    if os.getpid() == _ENGINE_PROCESS:
        for engine in list(_ENGINES):
            engine.close()


os.register_at_fork(after_in_child=_keep_inherited_engines)
atexit.register(_close_engines)
