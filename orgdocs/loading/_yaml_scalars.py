"""Plain and tagged YAML scalars resolved as PyYAML's YAML 1.1 rules read them (see ``_yaml``): null,
booleans, ints (octal, binary, hex, sexagesimal) and floats; dates and timestamps stay strings."""

from __future__ import annotations

import math
import re
from typing import Any

__all__: list[str] = []


_TAG = "tag:yaml.org,2002:"


_MERGE_TAG = _TAG + "merge"


# Whole-value plain scalars with a fixed meaning in YAML 1.1 (PyYAML's bool, null, merge and value resolvers).
_PLAIN_WORDS: dict[str, Any] = {
    "": None,
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "=": "=",  # the 'value' tag: a string here, a ConstructorError in PyYAML's SafeLoader
    **{word: True for word in ("yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON")},
    **{word: False for word in ("no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF")},
}


_NUMBER_START = "-+.0123456789"


# PyYAML's float and int resolvers, tried in that order; a plain scalar matching neither stays a string
# (timestamps included).
_FLOAT = re.compile(
    r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN)""",
    re.X,
)


_INT = re.compile(
    r"""[-+]?0b[0-1_]+
    |[-+]?0[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+""",
    re.X,
)


def _resolve_number(value: str) -> Any:
    try:
        if _FLOAT.fullmatch(value):
            return _to_float(value)
        if _INT.fullmatch(value):
            return _to_int(value)
    except ValueError:  # e.g. '0b_' or an int too long to convert: keep the text
        pass
    return value


def _to_int(value: str) -> int:
    # PyYAML's construct_yaml_int: YAML 1.1 octal (012), binary, hex and sexagesimal (1:30).
    value = value.replace("_", "")
    sign = -1 if value[:1] == "-" else 1
    if value[:1] in ("+", "-"):
        value = value[1:]
    if value == "0":
        return 0
    if value.startswith("0b"):
        return sign * int(value[2:], 2)
    if value.startswith("0x"):
        return sign * int(value[2:], 16)
    if value[:1] == "0":
        return sign * int(value, 8)
    if ":" in value:
        return sign * _sexagesimal(value, int)
    return sign * int(value)


def _to_float(value: str) -> float:
    # PyYAML's construct_yaml_float.
    value = value.replace("_", "").lower()
    sign = -1 if value[:1] == "-" else 1
    if value[:1] in ("+", "-"):
        value = value[1:]
    if value == ".inf":
        return sign * math.inf
    if value == ".nan":
        return math.nan
    if ":" in value:
        return sign * _sexagesimal(value, float)
    return sign * float(value)


def _sexagesimal(value: str, number: type) -> Any:
    total = number(0)
    for part in value.split(":"):
        total = total * 60 + number(part)
    return total


def _tagged_scalar(value: str, tag: str, plain_implicit: bool) -> Any:
    """A scalar with an explicit tag; a value its tag cannot take, and an unknown tag, leave the text."""
    if tag == "!":  # the non-specific tag: resolved as if untagged
        return _resolve_plain(value) if plain_implicit else value
    if not tag.startswith(_TAG):
        return value
    name = tag[len(_TAG) :]
    try:
        if name == "int":
            return _to_int(value)
        if name == "float":
            return _to_float(value)
    except (ValueError, IndexError):
        return value
    if name == "bool":
        return _BOOLS.get(value.lower(), value)
    if name == "null":
        return None
    return value  # str, binary, timestamp, value, merge and anything else: the text


_BOOLS = {"yes": True, "true": True, "on": True, "no": False, "false": False, "off": False}


def _resolve_plain(value: str) -> Any:
    if value in _PLAIN_WORDS:
        return _PLAIN_WORDS[value]
    if value[0] in _NUMBER_START:
        return _resolve_number(value)
    return value
