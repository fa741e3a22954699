"""What the search file holds beside each operation's short text: more of its description, at lower weights.

The site's search file (``_docs/openapi/search.json``, ``Site.search_file``) is read by both searches
(``orgdocs.site.search`` and ``search.js``). Beside ``texts`` (one short text per index entry, which the
results also show), it holds:

- ``fields``: per entry, ``"<body>|<response>|<description>"``: the request body's field names (top level),
  the response's type (the name of the 2xx schema, or of its items), and the words of the operation's
  description past its first sentence, each word once, common words left out, at most ``MORE_WORDS``;
- ``tags``: per tag, the first sentence of its description;
- ``related``: the reader's words that mean what the description's words mean
  (``orgdocs.site.vocabulary``, WordNet): reader's word -> the description's words, stemmed as search stems.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from orgdocs.model import Description, Operation
from orgdocs.model.values import as_list, as_text
from orgdocs.site.excerpts import first_sentence, plain_text, search_text
from orgdocs.site.search import STOP_WORDS, stem, words

__all__ = ["MORE_WORDS", "operation_fields", "related_table", "tag_texts"]

MORE_WORDS = 6  # words of an operation's description past its short text, at most
RARE = 3  # a description word counts when at most this many operations' descriptions have it
BODY_FIELDS = 8  # request body fields, at most (Microsoft Graph's entities have hundreds)
COMMON_SHARE = 0.02  # a body field or response word that more operations have than this share is left out
COMMON_MOST = 12  # ... or than this many
_REF_NAME = re.compile(r"[^/]+$")
_WORD = re.compile(r"[^\W_]+")
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
    """Top-level property names of a schema (allOf parts merged, an array's items)."""
    if depth > 4:
        return []
    found = [name for name in schema.get("properties", {}) if isinstance(name, str)]
    for part in as_list(schema.get("allOf")):
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
    """Words of the description that its short text and names do not have: stem -> the word, in order."""
    text = plain_text(operation.description) if isinstance(operation.description, str) else ""
    found: dict[str, str] = {}
    for word in _WORD.findall(text):
        lowered = word.lower()
        if len(lowered) < 3 or lowered in COMMON or lowered.isdigit():
            continue
        key = stem(lowered)
        if key not in known and key not in found:
            found[key] = word
    return found


def operation_fields(pairs: Sequence[tuple[Description, Operation]]) -> dict[str, str]:
    """The ``fields`` of the operations that have any: {position in the index: ``"<body>|<response>|<more>"``}
    (words separated by spaces; trailing empty parts left out).

    Only what the operation's title, operationId, path, parameters and short text do not already say, and
    only what tells operations apart: a body field or a response word that more than ``COMMON_SHARE`` of
    the operations have (or ``COMMON_MOST``: Microsoft Graph's ``displayName``, its ``microsoft.graph`` prefix), or a word of
    the description that more than ``RARE`` operations' descriptions have ("OAuth tokens need the admin
    scope"), would only make the search file larger."""
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
        body = {
            name: None
            for name in _body_fields(description, operation)
            if not set(words(name, joined=False)) <= known
        }
        known.update(word for name in body for word in words(name))
        response = {
            word: None
            for word in _WORD.findall(_response_type(description, operation))
            if stem(word.lower()) not in known
        }
        known.update(stem(word.lower()) for word in response)
        more = _more_words(operation, known)
        for part, found in enumerate((body, response, more)):
            for key in found:
                seen[part, key] = seen.get((part, key), 0) + 1
        rows.append((body, response, more))
    common = max(RARE, min(COMMON_SHARE * len(rows), COMMON_MOST))
    fields = {}
    for position, (body, response, more) in enumerate(rows):
        parts = [
            [name for name in body if seen[0, name] <= common][:BODY_FIELDS],
            [word for word in response if seen[1, word] <= common],
            [word for key, word in more.items() if seen[2, key] <= RARE][:MORE_WORDS],
        ]
        text = "|".join(" ".join(part).replace("|", " ") for part in parts).rstrip("|")
        if text:
            fields[str(position)] = text
    return fields


def tag_texts(descriptions: Iterable[Description]) -> dict[str, str]:
    """Tag name -> the first sentence of its description (the first description that declares it)."""
    found: dict[str, str] = {}
    for description in descriptions:
        for tag in as_list(description.document.get("tags")):
            if not isinstance(tag, dict):
                continue
            name, text = as_text(tag.get("name")), first_sentence(as_text(tag.get("description")))
            if name and text and name not in found:
                found[name] = text
    return found


def related_table(entries: Iterable[dict]) -> dict[str, str]:
    """Reader's word -> the description's words, for the words of the entries' titles, operationIds, tags
    and paths (``orgdocs.site.vocabulary``)."""
    from orgdocs.site.vocabulary import related_words  # reads WordNet: only when a search file is made

    raw: list[str] = []
    for entry in entries:
        for text in (entry["title"], entry["operationId"], *entry["tags"], entry["path"]):
            for run in _WORD.findall(text):
                raw.extend(part.lower() for part in re.sub(r"([a-z0-9])(?=[A-Z])", r"\1 ", run).split())
    known = {stem(word) for word in raw}
    table = related_words(raw, normalize=stem)
    # a reader's word the description uses itself already finds what it names
    return {key: " ".join(targets) for key, targets in table.items() if key not in known}
