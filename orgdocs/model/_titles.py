"""Readable names: operation titles (the seed's rule) and kebab-case route segments."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from orgdocs.model._objects import Operation

__all__ = ["humanize", "kebab", "operation_title"]

# Letters that Unicode does not decompose into ASCII, spelled the way people write them without accents.
_FOLD = str.maketrans(
    {"ß": "ss", "ẞ": "SS", "æ": "ae", "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D",
     "ł": "l", "Ł": "L", "þ": "th", "Þ": "Th", "ð": "d", "Ð": "D", "\u0131": "i"}
)  # fmt: skip
_NO_APOSTROPHES = str.maketrans("", "", "'\u2019")  # "user's" is one word


def _words(text: str) -> list[str]:
    """The words of an identifier or a phrase, in any script.

    Words end at anything that is not a letter or digit, at a lower-to-upper change (``listApi`` -> list,
    Api), and before the last capital of an acronym (``APIKeys`` -> API, Keys). Digits stay with the letters
    before them (``v2Items`` -> v2, Items; ``oauth2Token`` -> oauth2, Token), and an acronym keeps its plural
    ``s`` (``getIDs`` -> get, IDs).
    """
    text = text.translate(_NO_APOSTROPHES)
    words: list[str] = []
    start = -1  # index where the current word began
    for i, char in enumerate(text):
        if not char.isalnum():
            if start >= 0:
                words.append(text[start:i])
                start = -1
            continue
        if start >= 0 and char.isupper():
            previous = text[i - 1]
            following = text[i + 1 : i + 3]
            plural = following[:1] == "s" and not following[1:].islower()  # "IDs" is one word
            if (
                previous.islower()
                or previous.isdigit()
                or (previous.isupper() and following[:1].islower() and not plural)
            ):
                words.append(text[start:i])
                start = -1
        if start < 0:
            start = i
    if start >= 0:
        words.append(text[start:])
    return words


def _ascii(text: str) -> str:
    """``"Crème brûlée"`` -> ``"Creme brulee"``; characters with no ASCII spelling are dropped."""
    return unicodedata.normalize("NFKD", text.translate(_FOLD)).encode("ascii", "ignore").decode()


def kebab(text: str) -> str:
    """``"Organization API"`` -> ``organization-api``; ``listAPIKeys`` -> ``list-api-keys``.

    Lower-case ASCII letters and digits joined by single hyphens (accents folded, punctuation dropped);
    ``""`` when nothing is left.
    """
    return "-".join(word.lower() for word in _words(_ascii(text)))


def humanize(identifier: str) -> str:
    """``listApiKeys`` -> "List api keys"; ``repos/list-for-org`` -> "Repos list for org".

    Letters of any script are kept (``créerCompte`` -> "Créer compte").
    """
    words = [w.lower() for w in _words(identifier)]
    if not words:
        return identifier.strip()
    text = " ".join(words)
    return text[0].upper() + text[1:]


LONG_WEBHOOK_SUMMARY = 100  # characters: GitHub's x-webhooks put a paragraph in summary


def operation_title(operation: Operation) -> str:
    """``summary``; else a readable ``operationId``; else ``METHOD /path``. A webhook whose summary is a
    paragraph (GitHub's: "This event occurs when ...") is titled by its ``operationId`` where it has one."""
    summary = " ".join((operation.summary or "").split())
    if (
        summary
        and operation.webhook
        and len(summary) > LONG_WEBHOOK_SUMMARY
        and operation.operation_id
        and _words(operation.operation_id)
    ):
        return humanize(operation.operation_id)
    if summary:
        return summary
    if operation.operation_id and _words(operation.operation_id):
        return humanize(operation.operation_id)
    return f"{operation.method.upper()} {operation.path}"
