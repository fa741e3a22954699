"""What the search file holds beside each operation's short text: more of its description, at lower weights.

The site's search file (``_docs/openapi/search.json``, ``Site.search_file``) is read by the search
(``search.js``, in the browser and in ``Site.search``). Beside ``texts`` (one short text per index entry, which the
results also show), it holds:

- ``fields``: ``{"body": "...", "response": "...", "more": "..."}``, each a list of pairs (``pair_list``:
  ``"text:positions|text:positions"``) of one text and the positions (in the index) of the operations it
  belongs to: the words of the request body's field names (top level, the first ``BODY_FIELDS``, at most
  ``BODY_WORDS`` words), the words of the response's type (the name of the 2xx schema, or of its items) and a
  read's response fields, and words of the operation's description past its first sentence (each word once, at
  most ``MORE_WORDS``). Only what the operation's names, path, parameters and short text do not already say,
  and only words that tell operations apart. A text is written once for all the operations that have it
  (Microsoft Graph repeats each entity's fields under many paths); positions are ascending, each written as
  its distance from the one before, in base 36, separated by spaces (``positions``; ``search.js``
  reads them);
- ``tags``: per tag, the words of the first sentence of its description that its name does not say;
- ``related``: the reader's words that mean what the description's words mean (``orgdocs.project._vocabulary``:
  WordNet's synonyms and the words of its definitions), as pairs ``"description's word ...:reader's word
  ..."`` (``pair_list``; both stemmed as search stems), which search reads the other way round.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any

from orgdocs.model import Description, Operation, as_list, as_text
from orgdocs.project._excerpts import first_sentence, plain_text, search_text
from orgdocs.project._search_words import CAMEL, STOP_WORDS, pair_list, stem, words

__all__ = [
    "FIELDS",
    "MORE_WORDS",
    "operation_fields",
    "positions",
    "related_table",
    "tag_texts",
]

FIELDS = ("body", "response", "more")  # the parts of ``fields``, in the order search weighs them

MORE_WORDS = 4  # words of an operation's description past its short text, at most
RARE = 3  # a description word counts when at most this many operations' descriptions have it
BODY_FIELDS = 8  # request body fields, at most (Microsoft Graph's entities have hundreds)
BODY_WORDS = 6  # words of their names, at most
RESPONSE_FIELDS = 8  # a read's response fields, at most
RESPONSE_WORDS = 2  # words of the response type and of those fields, at most
COMMON_SHARE = 0.02  # a body field or response word that more operations have than this share is left out
COMMON_MOST = 4  # ... or than this many
TAG_SHARE = 0.1  # a word of tags' descriptions that more than this share of them have is left out
_REF_NAME = re.compile(r"[^/]+$")
_WORD = re.compile(r"[^\W_]+")
_LOWER_UPPER = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")  # where teamsTab splits, not HTTPSProxy
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
# words of descriptions that tell nothing of what an operation does
COMMON = STOP_WORDS | frozenset(
    [
        "this",
        "that",
        "these",
        "those",
        "which",
        "will",
        "can",
        "may",
        "must",
        "not",
        "no",
        "you",
        "your",
        "we",
        "our",
        "its",
        "their",
        "has",
        "have",
        "been",
        "was",
        "were",
        "if",
        "when",
        "then",
        "than",
        "also",
        "only",
        "more",
        "most",
        "other",
        "such",
        "any",
        "each",
        "every",
        "one",
        "two",
        "use",
        "used",
        "using",
        "see",
        "please",
        "returns",
        "return",
        "note",
        "information",
        "following",
        "request",
        "response",
        "example",
        "default",
        "specified",
        "given",
    ]
)


def _schema(description: Description, node: Any) -> dict:
    node = description.deref(node)
    return node if isinstance(node, dict) else {}


def _ref_name(node: Any) -> str:
    ref = node.get("$ref") if isinstance(node, dict) else None
    match = _REF_NAME.search(ref) if isinstance(ref, str) else None
    return match.group(0) if match else ""


def _properties(description: Description, schema: dict, depth: int = 0) -> list[str]:
    """Top-level property names of a schema (allOf, oneOf and anyOf parts merged, an array's items)."""
    if depth > 4:
        return []
    found = [name for name in schema.get("properties", {}) if isinstance(name, str)]
    for part in [*as_list(schema.get("allOf")), *as_list(schema.get("oneOf")), *as_list(schema.get("anyOf"))]:
        found += _properties(description, _schema(description, part), depth + 1)
    if not found and schema.get("type") == "array":
        found = _properties(description, _schema(description, schema.get("items")), depth + 1)
    return found


def _body_fields(description: Description, operation: Operation) -> list[str]:
    body = operation.request_body
    for media in body.content if body else []:
        names = _properties(description, _schema(description, media.schema))
        if names:
            return list(dict.fromkeys(names))[:BODY_FIELDS]
    return []


def _response_type(description: Description, operation: Operation) -> str:
    for response in operation.responses:
        if not response.status.startswith("2"):
            continue
        for media in response.content:
            schema = media.schema
            name = _ref_name(schema)
            if not name:
                resolved = _schema(description, schema)
                name = _ref_name(resolved.get("items")) or as_text(resolved.get("title"))
            if name:
                return name
    return ""


def _more_words(operation: Operation, known: set[str]) -> dict[str, str]:
    """Words of the description that its short text and names do not have: stem -> the word, in order; not
    words that only say how (WordNet's adjectives and adverbs: "approximately", "exclusively")."""
    text = plain_text(operation.description) if isinstance(operation.description, str) else ""
    body = operation.request_body
    if body and isinstance(body.description, str):  # "Flux query or specification to execute"
        text += " " + plain_text(body.description)
    found: dict[str, str] = {}
    for word in _WORD.findall(text):
        key = _telling(word.lower())
        if key and key not in known and key not in found:
            found[key] = word
    return found


@functools.lru_cache(maxsize=65536)  # descriptions share their words: GitHub's 1,500 ask 80,000 times
def _telling(lowered: str) -> str:
    """The stem of a description's word (lower case) that may tell what an operation does, or "": not short
    words, common ones, numbers, nor words that only say how."""
    from orgdocs.project._vocabulary import modifier_only  # reads its table: only when a search file is made

    if len(lowered) < 3 or lowered in COMMON or lowered.isdigit() or modifier_only(lowered):
        return ""
    return stem(lowered)


def positions(found: Iterable[int]) -> str:
    """Ascending positions as the search file writes them: each as its distance from the one before (the
    first from 0), in base 36, separated by spaces ([3, 5, 40] -> "3 2 z")."""
    out, before = [], 0
    for position in found:
        out.append(_base36(position - before))
        before = position
    return " ".join(out)


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
        if not number:
            return digits


def _body_words(names: Iterable[str], known: set[str]) -> dict[str, None]:
    """The words of the body's field names that the operation's names do not say, each once (a camelCase run
    kept whole: search splits it and matches it whole too): max_cache_size_gb -> max cache size gb."""
    found: dict[str, None] = {}
    for name in names:
        for run in _WORD.findall(name):
            parts = set(words(run, joined=False))
            if run.lower() in STOP_WORDS or parts <= known:
                continue
            known.update(words(run))
            found.setdefault(run)
    return found


def _response_fields(description: Description, operation: Operation) -> list[str]:
    """A read's response fields (top level, the first ``RESPONSE_FIELDS``): what it answers with is what a
    reader asks for ("battery level of a car": GET /vehicles/{id}/charge-state answers batteryLevel)."""
    if operation.method.lower() != "get":
        return []
    for response in operation.responses:
        if not response.status.startswith("2"):
            continue
        for media in response.content:
            names = _properties(description, _schema(description, media.schema))
            if names:
                return list(dict.fromkeys(names))[:RESPONSE_FIELDS]
    return []


def _response_words(description: Description, operation: Operation, known: set[str]) -> dict[str, None]:
    """The words of the response type's name that the operation's names do not say (teamsTabCollectionResponse
    on /teams/{id}/tabs: none), then those of a read's response fields."""
    found: dict[str, None] = {}
    for run in _WORD.findall(_response_type(description, operation)):
        for part in CAMEL.split(run):  # teamsTabCollectionResponse, HTTPSProxy
            key = stem(part.lower())
            if key not in known and len(key) > 1 and not key.isdigit():
                known.add(key)
                found.setdefault(part.lower())
    found.update(_body_words(_response_fields(description, operation), known))
    return found


def operation_fields(pairs: Sequence[tuple[Description, Operation]]) -> dict[str, str]:
    """The search file's ``fields``: ``{"body" | "response" | "more": "text:positions|..."}`` (``pair_list``;
    empty ones left out).

    Only what the operation's title, operationId, path, parameters and short text do not already say, and
    only what tells operations apart: a body field or a response word that more than ``COMMON_SHARE`` of
    the operations have (or ``COMMON_MOST``: Microsoft Graph's ``displayName``, its ``Collection`` and
    ``Response``), or a word of the description that more than ``RARE`` operations' descriptions have ("OAuth
    tokens need the admin scope"), would only make the search file larger."""
    rows = []
    seen: dict[tuple[int, str], int] = {}  # (part, word) -> in how many operations
    for description, operation in pairs:
        known = {
            *words(operation.title),
            *words(operation.operation_id),
            *words(operation.path),
            *words(" ".join(parameter.name for parameter in operation.parameters)),
            *words(search_text(operation.description)),
        }
        body = _body_words(_body_fields(description, operation), known)  # adds its words to known
        response = _response_words(description, operation, known)  # adds its words to known
        more = _more_words(operation, known)
        for part, found in enumerate((body, response, more)):
            for key in found:
                seen[part, key] = seen.get((part, key), 0) + 1
        rows.append((body, response, more))
    common = max(RARE, min(COMMON_SHARE * len(rows), COMMON_MOST))
    parts: list[dict[str, list[int]]] = [{}, {}, {}]
    for position, (body, response, more) in enumerate(rows):
        texts = (
            [word for word in body if seen[0, word] <= common][:BODY_WORDS],
            [word for word in response if seen[1, word] <= common][:RESPONSE_WORDS],
            [word for key, word in more.items() if seen[2, key] <= RARE][:MORE_WORDS],
        )
        for part, found in zip(parts, texts, strict=True):
            if found:
                part.setdefault(" ".join(found), []).append(position)
    return {
        name: pair_list({text: positions(found) for text, found in part.items()})
        for name, part in zip(FIELDS, parts, strict=True)
        if part
    }


def tag_texts(descriptions: Iterable[Description]) -> dict[str, str]:
    """Tag name -> the words of the first sentence of its description that its name does not say, each once
    (the first description that declares the tag): "Humans of the workspace." for People -> "Humans
    workspace". Common words and words that only say how are left out, and so are words that more than ``TAG_SHARE`` of the tags' texts
    (at least two) have: GitHub's "Endpoints to manage ... with the REST API" tells no tag from another."""
    from orgdocs.project._vocabulary import modifier_only  # reads its table: only when a search file is made

    kept: dict[str, dict[str, str]] = {}  # tag -> {stem: word}
    for description in descriptions:
        for tag in as_list(description.document.get("tags")):
            if not isinstance(tag, dict):
                continue
            name, text = as_text(tag.get("name")), first_sentence(as_text(tag.get("description")))
            if not name or not text or name in kept:
                continue
            known = set(words(name))
            found = kept[name] = {}
            for word in _WORD.findall(text):
                key = stem(word.lower())
                lowered = word.lower()
                if (
                    key not in known
                    and lowered not in COMMON
                    and key not in found
                    and not modifier_only(lowered)
                ):
                    found[key] = word
    tags: dict[str, int] = {}
    for found in kept.values():
        for key in found:
            tags[key] = tags.get(key, 0) + 1
    most = max(2, TAG_SHARE * len(kept))
    texts = {
        name: " ".join(word for key, word in found.items() if tags[key] <= most)
        for name, found in kept.items()
    }
    return {name: text for name, text in texts.items() if text}


def related_table(entries: Iterable[dict]) -> str:
    """The search file's ``related``: "description's word ...:reader's word ...|..." (``pair_list``), for the words of the
    entries' titles, operationIds, tags and paths (``orgdocs.project._vocabulary``); written this way round
    because many reader's words stand for one description word (begin, commence, kickoff: start), and the
    description's words that the same reader's words stand for together ("block blocked blocking":
    "barricade hinder obstruct")."""
    from orgdocs.project._vocabulary import related_words  # reads its table: only when a search file is made

    raw: list[str] = []
    # each text once, in order (Microsoft Graph repeats its paths' segments and tags thousands of times)
    texts = dict.fromkeys(
        text
        for entry in entries
        for text in (entry["title"], entry["operationId"], *entry["tags"], entry["path"])
    )
    for text in texts:
        for run in _WORD.findall(text):
            if run.lower() == run:  # no camelCase boundary to split at
                raw.append(run.lower())
            else:
                raw.extend(part.lower() for part in _LOWER_UPPER.split(run))
    known = {stem(word) for word in raw}
    readers: dict[str, list[str]] = {}
    for reader, targets in related_words(raw, normalize=stem).items():
        if reader in known:
            continue  # a reader's word the description uses itself already finds what it names
        for target in targets:
            readers.setdefault(target, []).append(reader)
    groups: dict[str, list[str]] = {}  # the reader's words -> the description's words they all stand for
    for target, found in sorted(readers.items()):
        groups.setdefault(" ".join(found), []).append(target)
    return pair_list({" ".join(targets): found for found, targets in groups.items()})
