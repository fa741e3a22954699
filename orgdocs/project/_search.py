"""Relevance search over the endpoint index: how a query is read and its matches ranked.

``orgdocs/render/site/assets/search.js`` implements exactly these rules (a parity test runs both on
real descriptions): both read the weights, limits and word tables from ``search_rules.json`` (the words'
rules are ``_search_words``; what the index holds and the words a query word finds, ``_search_index``), and
every step here has its twin there.

A query word matches an indexed word whole, as its prefix, with a typo or inside a longer word
(``_search_index``); it also matches its synonyms at 0.6, whole or as a prefix (make ~ create, remove ~ delete,
stop ~ cancel, find ~ search, my ~ current ~ authenticated), and the words WordNet relates to it (the search
file's ``related``) at 0.5, whole. An operation whose HTTP method fits a query verb gets a small bonus (delete -> DELETE); when the query's first word is such a
verb (followed by a determiner or a particle: "start a build"), an operation of another method scores 0.6 times
as much. The query's grammar says the rest (``intent``): a question ("who is on this team", "which
groups ...") reads, so GET gets a bonus; a first word followed by a determiner or a particle is a verb
("attach a file", "void the payment", "comment on a task"), so the other methods get it; words that end on a
plural ("spam complaints", "bounced emails"), or that begin on one before a preposition ("units of measure in a
unit class"), name what to read. "who" also asks for the description's people
(users, members). Number (``_agreement``): a query word typed plural ("teams"), or singular within a noun
phrase after a, the, this, ... ("this team"), fits a path that names all of them (a read's or a delete's last
segment: GET /users/{id}/teams) or one (a segment before a placeholder: /teams/{id}/users), and clashes with
the other: +15% per word that fits, -15% per word that clashes (at most halving), for an operation whose
method fits the query's verbs. The object of a verb typed first ("delete a user") counts only when a synonym
group knows the verb and it makes nothing new: "create a user" makes a new one, "open a ticket" may.

Score of an operation: for each query word, the best field weight times match quality, times the
word's rarity (``idf``: fourth root of N/df, so a word every operation has counts least); summed; times
the square of the share of query words that matched; times a bonus for how much of the title the query
covers (a short title that is all query beats a long one); a webhook's score times 0.85 (an event the API
sends: "create release" means the operation that creates one, "release created" still the event). An exact operationId or path
(with or without the method) comes first. Ties keep navigation order. The matches are the operations that at least half
of the query's words match; stop words (a, the, of, ...) are dropped from a query that has other words.

A query word the index does not have, in a verb form, also matches as its base word (depending: depend,
as a prefix; stopped: stop, whole), and "how many" is the word count.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence

from orgdocs.project._search_index import TITLE, IndexedWords
from orgdocs.project._search_words import (
    ASKS,
    DETERMINERS,
    MAKING,
    ONE,
    PARTICLES,
    PHRASES,
    RULES,
    STOP_WORDS,
    STOPPED,
    SYNONYM_GROUPS,
    WORD,
    bases,
    first_verb_methods,
    intent,
    normalize,
    stem,
    words,
)

__all__ = ["SearchIndex", "normalize", "stem", "words"]

# The weights, limits and word tables are data (``search_rules.json``), which search.js carries as written
# (``browser_rules``): one set of rules for both searches.
_MATCHES, _RANKING = RULES["matches"], RULES["ranking"]
SYNONYM = _MATCHES["synonym"]  # a synonym of a query verb
INFLECTED = _MATCHES["inflected"]  # the base word of a query word the index does not have (depending: depend)
BASE_PREFIX = _MATCHES["basePrefix"]  # letters a base word needs before it matches as a prefix (else: whole)
RELATED = _MATCHES[
    "related"
]  # a word WordNet relates to the query word (search file: related), matched whole

METHOD_BONUS = _RANKING["methodBonus"]  # an operation whose method fits a query verb
INTENT_BONUS = _RANKING["intentBonus"]  # one whose method fits what the query's grammar asks for (``intent``)
TITLE_COVER = _RANKING["titleCover"]  # up to +50% when the query covers the whole title
PATH_COVER = _RANKING["pathCover"]  # up to +25% when it covers the whole path (a collection before its items)
EXACT = _RANKING["exact"]  # the query is the operationId or the path: first
WEBHOOK = _RANKING["webhook"]  # a webhook's score: an event the API sends, below an operation that fits alike
# Number: a query word typed plural, or singular after one of ONE, fits a path that names all of them, or one
# (GET /teams/{id}/users; /teams/{id}: see ``_agreement``): each fitting word +NUMBER, each clashing one -NUMBER,
# at most dividing the score by 1 / NUMBER_LEAST
NUMBER, NUMBER_LEAST = _RANKING["number"], _RANKING["numberLeast"]
# a query that starts with a verb, an operation whose method it is not: "start a build"
MISFIT = _RANKING["misfit"]
# The matches (what a count counts): the entries that match at least SHOWN_COVER of the share of the query
# that the best-covered entry matches, and score at least SHOWN of the best score
SHOWN_COVER, SHOWN = _RANKING["shownCover"], _RANKING["shown"]


def browser_rules() -> str:
    """The line of ``assets/search.js`` that carries ``search_rules.json`` (a test holds them equal; after a
    change to the rules, write it there again)."""
    text = json.dumps(RULES, ensure_ascii=True, separators=(",", ":"))
    return f"  var RULES = {text}; // orgdocs/project/search_rules.json, as orgdocs/project/_search.py's browser_rules() writes it"


class SearchIndex(IndexedWords):
    """Search over index entries (and, optionally, the search file), prepared once: ``IndexedWords`` holds
    their words; this reads a query and ranks what its words match."""

    def _word_matches(self, word: str) -> tuple[dict[int, float], set[int], set[int]]:
        """{entry position: best weighted match quality} for one query word, and the positions where it
        is in the title, and in the path."""
        alternatives = [(word, 1.0, True)]
        group = SYNONYM_GROUPS.get(word) or (ASKS.get(word), ())
        if group[0]:
            alternatives += [(synonym, SYNONYM, False) for synonym in group[0]]
        related = [(other, RELATED, None) for other in self._related.get(word, ()) if other in self._postings]
        # "depending", "archived": as their base words, when the index does not have them
        if word not in self._postings:
            for base in bases(word):
                if len(base) >= BASE_PREFIX:
                    related.append((base, INFLECTED, False))
                elif base in self._postings:
                    related.append((base, INFLECTED, None))
        best: dict[int, float] = {}
        in_title: set[int] = set()
        in_path: set[int] = set()
        for alternative, quality, typos in alternatives + related:
            matches = {alternative: 1.0} if typos is None else self._expand(alternative, typos)
            for other, match in matches.items():
                in_path.update(self._paths.get(other, ()))
                value = quality * match
                for position, weight in self._postings[other].items():
                    score = weight * value
                    if score > best.get(position, 0.0):
                        best[position] = score
                    if weight == TITLE:
                        in_title.add(position)
        return best, in_title, in_path

    def _compounds(self, terms: Sequence[str]) -> list[str]:
        """Query words with a phrasal verb joined ("log in" -> login, "set up" -> setup) where the joined
        word is indexed or related to indexed words."""
        joined: list[str] = []
        i = 0
        while i < len(terms):
            if i + 1 < len(terms) and (terms[i], terms[i + 1]) in PHRASES:
                joined.append(PHRASES[terms[i], terms[i + 1]])
                i += 2
                continue
            if i + 1 < len(terms) and terms[i + 1] in PARTICLES:
                both = terms[i] + terms[i + 1]
                group = SYNONYM_GROUPS.get(both, ((), ()))[0]  # log out: logout, or signout, logoff
                if any(word in self._postings for word in (both, *group)) or both in self._related:
                    joined.append(both)
                    i += 2
                    continue
            joined.append(terms[i])
            i += 1
        return joined

    def _agreement(self, typed: Sequence[str], matches: Mapping[str, Mapping[int, float]]) -> dict[int, int]:
        """{entry position: the query words whose number fits its path, less those that clash}: a word typed
        singular ("this team", "a contact") fits a path segment followed by a placeholder (/teams/{id}) and
        clashes with a read's or a delete's last segment (GET /users/{id}/teams); a plural, the other way
        round; where the path does not name the word, the path's shape says (GET /Invoices for "bills"). A word
        typed both ways fits both. Verbs (the synonym groups' words) say nothing of number."""
        singular, plural = set(), set()
        # a first word before a determiner is a verb ("export a statement"): its object's number says which
        # operation only when the verb is known to read, change or delete ("delete a user"), not to make one
        # ("create a user": a new one) nor where it is not known ("open a ticket", "acknowledge all alarms")
        acts = len(typed) > 1 and typed[1] in DETERMINERS
        counted = acts and typed[0] in SYNONYM_GROUPS and typed[0] not in MAKING
        one = False  # within a noun phrase after "a", "the", "this", ...: "a home charging location"
        for i, word in enumerate(typed):
            if word in ONE:
                one = True
            elif word in DETERMINERS:  # all, some, my, these, ...
                one = False
            elif word in STOP_WORDS:
                one = acts = False  # the object ends where a preposition begins
            elif acts and (i == 0 or not counted):  # the verb, or an object that does not count
                continue
            elif stem(word) != word:
                plural.add(stem(word))
            elif one:
                singular.add(word)
        agree: dict[int, int] = {}
        for term, found in matches.items():
            if term in SYNONYM_GROUPS or (term not in singular and term not in plural):
                continue
            if term in singular and term in plural:  # "child elements of an element": one, and all of them
                for position in [*self._ones.get(term, ()), *self._alls.get(term, ())]:
                    agree[position] = agree.get(position, 0) + 1
                continue
            fits, clashes = (self._ones, self._alls) if term in singular else (self._alls, self._ones)
            sign = -1 if term in singular else 1
            shaped = set()
            for position in fits.get(term, ()):
                agree[position] = agree.get(position, 0) + 1
                shaped.add(position)
            for position in clashes.get(term, ()):
                agree[position] = agree.get(position, 0) - 1
                shaped.add(position)
            # where the path does not name it ("bills" in the title of GET /Invoices): the shape of the path
            for position in found:
                if position not in shaped and self._shapes[position]:
                    agree[position] = agree.get(position, 0) + sign * self._shapes[position]
        return agree

    def search(self, query: str, limit: int | None = None) -> list[dict]:
        """Entries matching ``query``, best first; ``limit``: at most that many."""
        whole = normalize(query)
        raw = words(query, joined=False)
        terms = list(dict.fromkeys(self._compounds(raw)))
        typed = WORD.findall(query.lower())
        asked = intent(raw, (typed or [""])[0], (typed or [""])[-1])
        if any(term not in STOPPED for term in terms):
            terms = [term for term in terms if term not in STOPPED or term in ASKS]
        if not terms:  # no word at all ("/"): only an exact path can match
            found = [self.entries[position] for position in sorted(set(self._exact.get(whole, ())))]
            return found[:limit] if limit is not None else found
        count = len(self.entries)
        scores: dict[int, float] = {}
        matched: dict[int, float] = {}  # the rarity of the query words an entry matches, summed
        title_hits: dict[int, int] = {}
        path_hits: dict[int, int] = {}
        verb_methods = []
        total = 0.0  # the rarity of the query words that match anything, summed
        matches: dict[str, dict[int, float]] = {}
        for term in terms:
            best, in_title, in_path = self._word_matches(term)
            if not best:
                continue  # a word that matches nothing lowers no one
            matches[term] = best
            rarity = math.sqrt(math.sqrt((count + 1) / (len(best) + 1)))
            total += rarity
            for position, value in best.items():
                scores[position] = scores.get(position, 0.0) + value * rarity
                matched[position] = matched.get(position, 0.0) + rarity
            for position in in_title:
                title_hits[position] = title_hits.get(position, 0) + 1
            for position in in_path:
                path_hits[position] = path_hits.get(position, 0) + 1
            group = SYNONYM_GROUPS.get(term)
            if group and group[1]:
                verb_methods.append(group[1])
        exact = set(self._exact.get(whole, ()))
        agree = self._agreement(typed, matches)
        verb = first_verb_methods(raw)
        ranked: list[tuple[float, int]] = []
        covers: dict[int, float] = {}
        top = most = 0.0
        for position, score in scores.items():
            method = self.entries[position]["method"].lower()
            fitting = not verb_methods  # whether the method fits the query's verbs (or there are none)
            for methods in verb_methods:
                if method in methods:
                    score += METHOD_BONUS
                    fitting = True
            if method in asked:
                score += INTENT_BONUS
            cover = matched[position] / total  # the share of the query (rarer words weigh more) matched
            covers[position] = cover
            most = max(most, cover)
            title_size = self._title_sizes[position]
            title_cover = min(1.0, title_hits.get(position, 0) / title_size) if title_size else 0.0
            path_size = self._path_sizes[position]
            path_cover = min(1.0, path_hits.get(position, 0) / path_size) if path_size else 0.0
            score = score * cover * cover * (1.0 + TITLE_COVER * title_cover + PATH_COVER * path_cover)
            if fitting:
                score *= max(NUMBER_LEAST, 1.0 + NUMBER * agree.get(position, 0))
            if verb and method not in verb:
                score *= MISFIT
            if self._webhooks[position]:
                score *= WEBHOOK
            top = max(top, score)
            ranked.append((-(score + EXACT) if position in exact else -score, position))
        # the matches worth showing: an entry that shares one common word with the query is not one
        floor, least = top * SHOWN, most * SHOWN_COVER
        ranked = [
            item
            for item in ranked
            if (-item[0] >= floor and covers[item[1]] >= least) or -item[0] >= top or item[1] in exact
        ]
        for position in exact:
            if position not in scores:
                ranked.append((-EXACT, position))
        ranked.sort()
        found = [self.entries[position] for _, position in ranked]
        return found[:limit] if limit is not None else found
