"""How a parameter's value is written where it goes: path, query, header or cookie.

- **Styles** (``requests.json``, which the browser reads too): path (style ``simple`` by default: arrays
  comma-joined, objects ``k,v,k,v``, ``k=v,k=v`` exploded; ``label`` prefixes ``.``, ``matrix`` writes
  ``;name=value``), query in parameter order (``form`` by default, exploded by default: the key repeated for each
  array item, object members as their own keys; unexploded, items joined by ``,``, ``%20`` for
  ``spaceDelimited``, ``|`` for ``pipeDelimited``; ``deepObject``: ``name%5Bkey%5D=value``, the brackets
  encoded: curl would read them as a glob), headers and cookies as ``simple``, not encoded.
- **Content parameters** (declared with ``content`` instead of ``schema``, ``content_media``): the value is
  one piece of text in the media type, never split by style or explode: a string is that text already (what
  the form's input holds), anything else is written as ``text_of`` writes it (compact JSON for arrays and
  objects). A query or path value is then percent-encoded as one value (``[1,2]`` -> ``q=%5B1%2C2%5D``); a
  header or cookie value is the text as it is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from orgdocs.model import Parameter
from orgdocs.project._value_text import encode, text_of

__all__ = ["IGNORED_HEADERS", "parameter_rules"]

_RULES = json.loads(Path(__file__).with_name("requests.json").read_text(encoding="utf-8"))
IGNORED_HEADERS = frozenset(_RULES["ignoredHeaders"])  # header parameters never sent, as OpenAPI says
_SLOT = re.compile(r"\{(\w+)\}")


def parameter_rules() -> dict[str, dict]:
    """How a value is written by location and style: ``requests.json``'s ``parameters``, each style's ``like``
    resolved (the rules of that file's comment; the browser reads the same)."""
    out: dict[str, dict] = {}
    for location, rules in _RULES["parameters"].items():
        styles = rules["styles"]
        resolved = {
            name: {**styles.get(style.get("like", ""), {}), **style} for name, style in styles.items()
        }
        for style in resolved.values():
            style.pop("like", None)
        out[location] = {**rules, "styles": resolved}
    return out


def _pairs(value: dict) -> list[tuple[str, str]]:
    return [(str(k), text_of(v)) for k, v in value.items()]


def _styled(param: Parameter, value: Any, *, whole: bool = False) -> str:
    """``value`` written as ``param``'s location and style say (``whole``: one text, in the default style)."""
    rules = _PARAMETERS[param.location]
    style = (None if whole else param.style) or rules["style"]
    explode = param.explode if param.explode is not None else style in rules["explodedByDefault"]
    shapes = rules["styles"].get(style) or rules["styles"][rules["style"]]
    written = encode if rules["encoded"] else str
    if isinstance(value, (list, tuple)):
        shape, items = "array", [{"value": written(text_of(v))} for v in value]
    elif isinstance(value, dict):
        shape, items = "object", [{"key": written(k), "value": written(v)} for k, v in _pairs(value)]
    else:
        shape, items = "value", [{"value": written(text_of(value))}]
    prefix, item, separator = shapes.get(f"{shape} exploded" if explode else shape) or shapes[shape]
    name = written(param.name)
    return _fill(prefix, {"name": name}) + separator.join(_fill(item, {"name": name, **i}) for i in items)


def _fill(template: str, slots: dict[str, str]) -> str:
    return _SLOT.sub(lambda match: slots[match.group(1)], template)


_PARAMETERS = parameter_rules()
