"""What the search index holds, and the indexed words a query word finds (``orgdocs.project._search`` ranks).

``orgdocs/render/site/assets/search.js`` holds the same (a parity test runs both on real descriptions): both
read the weights and limits from ``search_rules.json``, and every step here has its twin there.

Words. A text's words are its runs of letters and digits, lower case, with camelCase parts split
(``listAPIKeys``: list, api, keys) and the whole run kept too (``listapikeys``); ``/``, ``-``, ``_`` and
``{}`` separate words. Each word is reduced by a light plural stemmer (keys -> key, policies -> policy).

Fields, by weight: title 3; operationId 2; tags, path segments and method 1.5; parameter names (and
path placeholders) 1; from the separate search file (``orgdocs.project._search_file``): request body field
names 0.8, the short description text 0.5, the response's type and a read's response fields 0.35, more of the
description and the tag's description 0.3. Each operation keeps, for each of its words, its best field.

A query word matches an indexed word exactly (1), as its prefix (0.5 to 0.9: the more of the word it
covers, the more), or, from five letters on, with one typo (one letter added, dropped, changed, or two
swapped: 0.6), or inside a longer word (0.4): the typos and the words inside others only among the names and
the short text.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence

from orgdocs.project._search_words import PLACEHOLDER, RULES, STOPPED, deletions, one_edit, pairs, words

__all__ = ["IndexedWords"]

_WEIGHTS, _MATCHES = RULES["weights"], RULES["matches"]
# what a query word matching each field of an entry is worth
TITLE, OPERATION_ID = _WEIGHTS["title"], _WEIGHTS["operationId"]
TAG, PATH, METHOD, PARAMETER = _WEIGHTS["tag"], _WEIGHTS["path"], _WEIGHTS["method"], _WEIGHTS["parameter"]
BODY = _WEIGHTS["body"]  # a request body field's name (search file: fields)
TEXT, RESPONSE = _WEIGHTS["text"], _WEIGHTS["response"]  # the short text; the response's type and fields
MORE, TAG_TEXT = _WEIGHTS["more"], _WEIGHTS["tagText"]  # more of the operation's description; its tag's
FIELDS = ("body", "response", "more")  # the search file's fields, by part

TYPO = _MATCHES["typo"]  # one edit away
# prefix quality: base + cover * len(query word) / len(word)
PREFIX_BASE, PREFIX_COVER = _MATCHES["prefixBase"], _MATCHES["prefixCover"]
TYPO_MIN = _MATCHES["typoMin"]  # letters a query word needs before a typo is tolerated
PREFIX_MIN = _MATCHES["prefixMin"]  # letters a query word needs before it matches as a prefix
INFIX = _MATCHES["infix"]  # the query word is inside a longer word (work-log, fire-wall): the weakest match
INFIX_MIN = _MATCHES["infixMin"]  # letters a query word needs before it matches inside a word
INFIX_AFTER = _MATCHES["infixAfter"]  # letters before it in the longer word: re-open, un-lock are other verbs


class IndexedWords:
    """The words of each index entry, by field, with what ranking needs of its title and path; prepared once."""

    def __init__(self, entries: Sequence[dict], texts: Sequence[str] | Mapping | None = None):
        """``texts``: the search file (``texts``, ``fields``, ``tags``, ``related``: see
        ``orgdocs.project._search_file``), or its ``texts`` alone."""
        self.entries = list(entries)
        more: list[list[str]] = [["", "", ""] for _ in self.entries]  # body, response, more of each entry
        self._tag_texts: Mapping[str, str] = {}
        self._related: dict[str, list[str]] = {}  # reader's word -> the description's words
        if isinstance(texts, Mapping):
            for part, name in enumerate(FIELDS):
                for text, steps in pairs((texts.get("fields") or {}).get(name) or ""):
                    at = 0
                    for step in steps.split():
                        at += int(step, 36)
                        if at < len(more):
                            more[at][part] = text
            self._tag_texts = texts.get("tags") or {}
            for targets, readers in pairs(texts.get("related") or ""):
                for reader in readers.split():
                    self._related.setdefault(reader, []).extend(targets.split())
            texts = texts.get("texts")
        self._postings: dict[str, dict[int, float]] = {}  # word -> {entry position: best field weight}
        self._paths: dict[str, set[int]] = {}  # word of a path (not a placeholder) -> entry positions
        self._title_sizes: list[int] = []
        self._path_sizes: list[int] = []
        # word of a path segment followed by a placeholder (one of them: /teams/{id}) -> entry positions; word
        # of a read's or a delete's last segment, when not one (all of them: GET /teams/{id}/users)
        self._ones: dict[str, list[int]] = {}
        self._alls: dict[str, list[int]] = {}
        self._shapes: list[int] = []
        self._webhooks: list[bool] = []
        self._exact: dict[str, list[int]] = {}  # operationId, path, "method path" -> entry positions
        # words of the names and short text: those that match inside another word or with a typo (the search
        # file's other fields match whole or as a prefix, so that they cost the first typo nothing)
        self._main: set[str] = set()
        for position, entry in enumerate(self.entries):
            text = texts[position] if texts is not None and position < len(texts) else ""
            self._add_entry(position, entry, text or "", more[position])
        self._vocabulary = sorted(self._postings)
        self._main_vocabulary = sorted(self._main)
        # every word on one line, to find a word inside another with one str.find per occurrence
        self._lines = "\n" + "\n".join(self._main_vocabulary) + "\n"
        self._starts = [0] * len(self._main_vocabulary)
        offset = 1
        for i, word in enumerate(self._main_vocabulary):
            self._starts[i] = offset
            offset += len(word) + 1
        self._near: dict[str, list[str]] | None = None  # deletion -> words, built on the first typo

    def _add_entry(self, position: int, entry: dict, text: str, more: Sequence[str]) -> None:
        path = entry["path"]
        body, response, rest = more
        fields = [
            (TITLE, entry["title"], True),
            (OPERATION_ID, entry["operationId"], True),
            (METHOD, entry["method"], True),
            (PATH, PLACEHOLDER.sub(" ", path), True),
            *[(TAG, tag, True) for tag in entry["tags"]],
            (PARAMETER, " ".join([*PLACEHOLDER.findall(path), *entry["params"]]), True),
            (BODY, body, False),
            (TEXT, text, True),
            (RESPONSE, response, False),
            (MORE, rest, False),
            *[(TAG_TEXT, self._tag_texts.get(tag, ""), False) for tag in entry["tags"]],
        ]
        postings = self._postings
        for weight, value, main in fields:
            for word in words(value):
                if main:
                    self._main.add(word)
                found = postings.get(word)
                if found is None:
                    postings[word] = {position: weight}
                elif found.get(position, 0.0) < weight:
                    found[position] = weight
        title = {word for word in words(entry["title"], joined=False) if word not in STOPPED}
        self._title_sizes.append(len(title))
        literal = words(PLACEHOLDER.sub(" ", path), joined=False)
        for word in literal:
            self._paths.setdefault(word, set()).add(position)
        self._path_sizes.append(len(set(literal)) + len(PLACEHOLDER.findall(path)))
        segments = [segment for segment in path.split("/") if segment]
        reads = entry["method"].lower() in ("get", "delete")
        # a read's or a delete's shape: all of them (a path that ends on a word: 1), or one (a placeholder: -1)
        self._shapes.append((-1 if PLACEHOLDER.fullmatch(segments[-1]) else 1) if reads and segments else 0)
        for i, segment in enumerate(segments):
            if PLACEHOLDER.fullmatch(segment):
                continue
            if i + 1 < len(segments) and PLACEHOLDER.fullmatch(segments[i + 1]):
                found = self._ones
            elif i + 1 == len(segments) and reads:
                found = self._alls
            else:
                continue
            for word in words(segment):
                positions = found.setdefault(word, [])
                if not positions or positions[-1] != position:  # once per entry, in each of the two
                    positions.append(position)
        self._webhooks.append(bool(entry.get("webhook")))
        lowered = path.lower()
        for key in dict.fromkeys(
            (entry["operationId"].lower(), lowered, f"{entry['method'].lower()} {lowered}")
        ):
            if key:
                self._exact.setdefault(key, []).append(position)

    # -- matching ------------------------------------------------------------------------------------------

    def _expand(self, word: str, typos: bool) -> dict[str, float]:
        """Indexed words that ``word`` matches, with the quality of each match."""
        found: dict[str, float] = {}
        if word in self._postings:
            found[word] = 1.0
        if len(word) >= PREFIX_MIN:
            vocabulary = self._vocabulary
            i = bisect.bisect_left(vocabulary, word)
            while i < len(vocabulary) and vocabulary[i].startswith(word):
                other = vocabulary[i]
                if other != word:
                    found[other] = PREFIX_BASE + PREFIX_COVER * len(word) / len(other)
                i += 1
        if len(word) >= INFIX_MIN and typos:  # the query's own words only: not its synonyms nor base words
            lines, starts, vocabulary = self._lines, self._starts, self._main_vocabulary
            at = lines.find(word)
            while at != -1:
                i = bisect.bisect_right(starts, at) - 1
                other = vocabulary[i]
                if at - starts[i] >= INFIX_AFTER and other not in found:
                    found[other] = INFIX
                at = lines.find(word, starts[i] + len(other))
        if typos and len(word) >= TYPO_MIN:
            for other in self._one_edit_words(word):
                if other not in found:
                    found[other] = TYPO
        return found

    def _one_edit_words(self, word: str) -> list[str]:
        if self._near is None:
            near: dict[str, list[str]] = {}
            for other in self._main_vocabulary:
                if len(other) >= TYPO_MIN - 1:
                    for deleted in deletions(other):
                        near.setdefault(deleted, []).append(other)
            self._near = near
        candidates = set(self._near.get(word, ()))
        for deleted in deletions(word):
            candidates.update(self._near.get(deleted, ()))
            if deleted in self._main:
                candidates.add(deleted)
        return sorted(other for other in candidates if one_edit(word, other))
