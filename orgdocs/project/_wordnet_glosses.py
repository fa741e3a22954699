"""WordNet's definitions: the words a noun is defined by, which a reader may type for it (``vocabulary.json``'s
``glosses``, made with the rest of the table by ``python -m orgdocs.project.wordnet``).

A reader often names a thing by what it is or does, not by its name: "mileage" for an odometer ("a meter that
shows mileage traveled"), "bill" for an invoice ("an itemized statement of money owed for goods shipped ..."),
"storage" for a cache. WordNet's synonym sets (``orgdocs.project.wordnet``) do not relate these; the definition
(its gloss) of the noun's most frequent sense does. Its words count when they could be typed for the thing: a
noun's or a verb's own lemma ("shows" and "traveled" are forms, not lemmas), seen in WordNet's sense-tagged
texts, at least ``MIN_LENGTH`` letters long, not a stop word, and not vague (at most ``MOST_SENSES`` senses:
"make", "thing" and "have" tell nothing); at most ``GLOSS_WORDS`` of them, in the definition's order (its
genus first: "meter" for an odometer). Only nouns: the definitions of verbs are made of other verbs, which the
synonym sets already relate. A noun of a domain an API is not about (``_wordnet_files.AWAY``) has none.
"""

from __future__ import annotations

import functools
import re

from orgdocs.project import _wordnet_files as files
from orgdocs.project._search_words import STOP_WORDS
from orgdocs.project._vocabulary import predicted_lemma

__all__ = ["GLOSS_WORDS", "glossed", "glosses"]

GLOSS_WORDS = 3  # words of a definition, at most
MIN_LENGTH = 4  # shorter ones are parts of phrases more often than names ("set", "use", "way")
MOST_SENSES = 6  # a word with more senses (as a noun and a verb together) is too vague to stand for a thing
_WORD = re.compile(r"[a-z]+")


def _definition(offset: int) -> str:
    """The definition of a noun synset: its gloss up to the first ";" (examples and further senses follow)."""
    return files.data("noun")[offset].split("|", 1)[1].split(";", 1)[0]


def _telling(word: str) -> bool:
    """Whether a word of a definition could be typed for the thing it defines."""
    if len(word) < MIN_LENGTH or word in STOP_WORDS or files.modifier_only(word):
        return False
    nouns, verbs = files.index("noun"), files.index("verb")
    if word not in nouns and word not in verbs:
        return False
    senses = len(nouns.get(word, ())) + len(verbs.get(word, ()))
    return senses <= MOST_SENSES and files.seen().get(word, 0) >= 1


def _verb_first(lemma: str) -> bool:
    """Whether a lemma is used as a verb more often than as a noun (WordNet's tag counts of the first sense of
    each): an API's "get", "run" and "cancel" are no tennis shot, baseball score or printer's mark."""
    senses = files.senses()
    verbs = files.index("verb").get(lemma)
    noun = senses.get((lemma, files.index("noun")[lemma][0]), (0, 0))[1]
    return bool(verbs) and senses.get((lemma, verbs[0]), (0, 0))[1] > noun


@functools.cache
def _candidates(lemma: str) -> tuple[str, ...]:
    """The words of the definition of a noun lemma's most frequent sense that could be typed for it."""
    offsets = files.index("noun").get(lemma, ())
    if not offsets or int(files.data("noun")[offsets[0]].split()[1]) in files.AWAY or _verb_first(lemma):
        return ()
    words = _WORD.findall(_definition(offsets[0]).lower())
    return tuple(dict.fromkeys(word for word in words if word != lemma and _telling(word)))


def glossed(lemma: str) -> tuple[str, ...]:
    """The words of the definition of a noun lemma's most frequent sense that a reader may type for it."""
    return _candidates(lemma)[:GLOSS_WORDS]


def glosses() -> dict[str, str]:
    """``vocabulary.json``'s ``glosses``: {noun lemma (one word): its definition's words, space-separated};
    a lemma without any is left out, unless the rules that take a word to its lemma
    (``_vocabulary.predicted_lemma``) would take it to another that has some ("jackstraws": "")."""
    lemmas = [lemma for lemma in files.index("noun") if lemma.isalpha()]
    table = {lemma: " ".join(glossed(lemma)) for lemma in lemmas if glossed(lemma)}
    for lemma in lemmas:
        if lemma not in table and predicted_lemma(lemma, table, "noun") is not None:
            table[lemma] = ""
    return dict(sorted(table.items()))
