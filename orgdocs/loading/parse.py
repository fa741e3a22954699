"""Bytes to data: the parser is chosen by extension, as the seed says.

``.yaml`` and ``.yml`` use the YAML parser; any other extension is parsed as JSON. A ``.gz`` suffix is
decompressed first and the extension before it decides.
"""

from __future__ import annotations

import gzip
import json
from typing import Any
from urllib.parse import urlsplit

from orgdocs.errors import DescriptionError

__all__ = ["extension", "parse_document"]


def extension(name: str) -> str:
    """The lower-case extension of a path or URL (query and fragment ignored), without ``.gz``."""
    path = urlsplit(name).path if "://" in name else name
    path = path.lower()
    if path.endswith(".gz"):
        path = path[:-3]
    dot = path.rfind(".")
    return path[dot:] if dot > path.rfind("/") else ""


def parse_document(data: bytes, name: str) -> Any:
    if name.lower().split("?")[0].endswith(".gz"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise DescriptionError(f"not a gzip file ({error})", source=name) from None
    if extension(name) in (".yaml", ".yml"):
        from orgdocs.loading.yaml import load_yaml

        return load_yaml(data, name)
    return _load_json(data, name)


def _load_json(data: bytes, name: str) -> Any:
    try:
        return json.loads(data)
    except json.JSONDecodeError as error:
        place = f"line {error.lineno} column {error.colno}"
        raise DescriptionError(f"invalid JSON: {error.msg}", source=name, place=place) from None
    except UnicodeDecodeError as error:
        raise DescriptionError(f"not UTF-8 text ({error.reason})", source=name) from None
    except RecursionError:
        raise DescriptionError("invalid JSON: nested too deeply", source=name) from None
