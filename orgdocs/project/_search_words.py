"""A text's words as search reads them, for what the build writes into the search file (``_search_file``):
letters and digits, camelCase parts split, a light plural stemmer; and the stop words. The ranking itself is
``assets/search.js`` (``_search``), whose ``words`` these are written to equal (a test holds them equal), and
which carries the same tables (``search_rules.json``)."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

__all__ = ["RULES", "STOP_WORDS", "pair_list", "stem", "words"]

RULES = json.loads(Path(__file__).with_name("search_rules.json").read_text(encoding="utf-8"))
STOP_WORDS = frozenset(RULES["words"]["stop"])
WORD = re.compile(r"[^\W_]+")  # letters and digits: \p{L}\p{N} in search.js
# where a camelCase run splits: before an upper case letter after a lower case one or a digit, and before the
# last of a run of capitals that a lower case letter follows (listAPIKeys: list API Keys); a split, not a
# substitution of each boundary, costs no Python call per boundary
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


@functools.lru_cache(maxsize=65536)  # a description's words repeat: GitHub's search file asks 80,000 times
def stem(word: str) -> str:
    """A light plural stemmer (Harman's "S" stemmer): policies -> policy, boxes -> boxe, keys -> key."""
    if len(word) > 3:
        if word.endswith("ies") and not word.endswith(("eies", "aies")):
            return word[:-3] + "y"
        if word.endswith("es") and not word.endswith(("aes", "ees", "oes")):
            return word[:-1]
        if word.endswith("s") and not word.endswith(("us", "ss")):
            return word[:-1]
    return word


@functools.lru_cache(maxsize=65536)  # names and titles repeat across operations: GitHub's owner, repo, ...
def words(text: str, joined: bool = True) -> tuple[str, ...]:
    """The stemmed words of ``text``; ``joined``: a camelCase run also counts as one word."""
    found = []
    for run in WORD.findall(text):
        lowered = run.lower()
        if lowered == run:  # no upper case, so no camelCase boundary (the common case, made quick)
            found.append(stem(lowered))
            continue
        parts = CAMEL.split(run)
        for part in parts:
            found.append(stem(part.lower()))
        if joined and len(parts) > 1:
            found.append(stem(lowered))
    return tuple(found)


def pair_list(pairs: dict[str, str]) -> str:
    """Pairs of words as the search file writes them, one string: "key:value|key:value" (neither has a
    colon nor a bar: both are words, or base-36 numbers, separated by spaces). Smaller than a JSON object,
    whose quotes cost six characters a pair (GitHub's search file has 900 pairs)."""
    return "|".join(f"{key}:{value}" for key, value in pairs.items())
