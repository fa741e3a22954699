"""A reader's words, as both searches read them (``orgdocs.project._search`` and ``assets/search.js``, which
carries the same tables: ``search_rules.json``): the words of a text (letters and digits, camelCase parts
split, a light plural stemmer), the words a query drops or reads for their grammar, synonyms with the HTTP
methods their verbs ask for, the base words of a verb form, one-edit typos, and what a query's grammar asks
for (``intent``)."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence
from pathlib import Path

__all__ = ["RULES", "intent", "normalize", "pair_list", "pairs", "stem", "words"]

RULES = json.loads(Path(__file__).with_name("search_rules.json").read_text(encoding="utf-8"))
_WORDS = RULES["words"]
# what a query word, typed singular after one of these, names one of (see ``SearchIndex._agreement``)
ONE = frozenset(_WORDS["one"])
STOP_WORDS = frozenset(_WORDS["stop"])
PARTICLES = frozenset(_WORDS["particles"])  # log in, sign out, set up
# A query that starts with a question word asks to read; one whose first word is followed by one of these
# determiners ("attach a file", "void the payment", "sign a user out") starts with a verb: it asks to act
QUESTION_WORDS = frozenset(_WORDS["questions"])
DETERMINERS = frozenset(_WORDS["determiners"])
PARTICLE_VERB = frozenset(_WORDS["particleVerbs"])  # "comment on a task": a verb too
# what a question word asks for, as the description names it
ASKS = {word: tuple(names) for word, names in _WORDS["asks"].items()}
READ, ACT = tuple(_WORDS["read"]), tuple(_WORDS["act"])  # the methods each intent suggests
# two words a reader types for one the description uses
PHRASES = {tuple(phrase.split(" ")): word for phrase, word in _WORDS["phrases"].items()}
# Words a reader uses for the same thing, with the HTTP methods that do what the verbs say (the first: the
# verbs that make something new; one with no method: the caller, "me")
SYNONYMS = tuple((tuple(verbs), tuple(methods)) for verbs, methods in RULES["synonyms"])


WHITESPACE_SPLIT = str.split  # the browser splits on the same characters (see search.js)
WORD = re.compile(r"[^\W_]+")  # letters and digits: \p{L}\p{N} in search.js
# where a camelCase run splits: before an upper case letter after a lower case one or a digit, and before the
# last of a run of capitals that a lower case letter follows (listAPIKeys: list API Keys); a split, not a
# substitution of each boundary, costs no Python call per boundary
CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def normalize(text: str) -> str:
    """Lower case, runs of white space made one space: how a whole query is compared."""
    return " ".join(WHITESPACE_SPLIT(text.lower()))


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


def pairs(text: str) -> list[tuple[str, str]]:
    """The pairs of a ``pair_list``, in order."""
    return [tuple(pair.split(":", 1)) for pair in text.split("|")] if text else []  # type: ignore[misc]


def one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by exactly one letter added, dropped, changed, or two swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1 :] == b[i + 1 :]:
            return True
        return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]
    if len(a) > len(b):
        return a[i + 1 :] == b[i:]
    return a[i:] == b[i + 1 :]


def deletions(word: str) -> list[str]:
    return [word[:i] + word[i + 1 :] for i in range(len(word))]


def bases(word: str) -> list[str]:
    """The words a verb form may come from: depending -> depend, creating -> create, stopped -> stop."""
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            base = word[: -len(ending)]
            found = [base, base + "e"]
            if len(base) >= 4 and base[-1] == base[-2]:
                found.append(base[:-1])
            return found
    return []


def intent(raw: Sequence[str], first: str, last: str) -> tuple[str, ...]:
    """The methods a query's grammar asks for, from its stemmed words (``raw``, stop words kept) and its first
    and last words as typed: a question reads (GET); a first word followed by a determiner or a particle is a
    verb ("attach a file", "comment on a task"): it acts (the other methods); other words that end on a plural
    ("spam complaints", "login events"), or that begin with one before a preposition ("units of measure in a
    unit class"), name what to read; "log work", "buy phone number" may be verbs, and ask nothing. One word
    alone, or a first word a synonym group knows (its methods say), asks nothing."""
    if len(raw) < 2 or raw[0] in SYNONYM_GROUPS:
        return ()
    if raw[0] in STEMMED_QUESTIONS:
        return READ
    if raw[1] in STEMMED_DETERMINERS or raw[1] in PARTICLE_VERB:
        return ACT
    if stem(first) != first and raw[1] in STOPPED:
        return READ
    return READ if stem(last) != last else ()


def first_verb_methods(raw: Sequence[str]) -> tuple[str, ...]:
    """The methods of the query's first word when the grammar says it is a verb (followed by a determiner or a
    particle: "start a build", "sign in to ..."), and a synonym group knows them: "workflow runs" has none."""
    if (
        len(raw) >= 2
        and raw[0] in SYNONYM_GROUPS
        and (raw[1] in STEMMED_DETERMINERS or raw[1] in PARTICLE_VERB)
    ):
        return SYNONYM_GROUPS[raw[0]][1]
    return ()


def _synonym_groups() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """word -> (its synonyms, the methods they suggest)"""
    groups: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
    for same, methods in SYNONYMS:
        for word in same:
            groups[word] = (tuple(other for other in same if other != word), methods)
    return groups


SYNONYM_GROUPS = _synonym_groups()
MAKING = frozenset(SYNONYMS[0][0])  # the verbs that make something new
# as a query's words are compared: stemmed ("does" is "doe", "these" "thes")
STEMMED_QUESTIONS = frozenset(stem(word) for word in QUESTION_WORDS)
STEMMED_DETERMINERS = frozenset(stem(word) for word in DETERMINERS)
# stop words as a query's words are compared: stemmed ("this" is the word "thi", "does" "doe")
STOPPED = STOP_WORDS | frozenset(stem(word) for word in STOP_WORDS)
