"""Python objects built straight from libyaml's event stream (see ``_yaml``): mapping keys as JSON writes
them, merge keys, aliases that share the anchored object within a budget, nesting refused past ``MAX_NESTING``,
and the errors an event raises."""

from __future__ import annotations

import math
from typing import Any

import yaml

from orgdocs.errors import DescriptionError
from orgdocs.loading._limits import MAX_NESTING
from orgdocs.loading._yaml_scalars import (
    _MERGE_TAG,
    _NUMBER_START,
    _PLAIN_WORDS,
    _resolve_number,
    _tagged_scalar,
)

__all__ = ["ALIAS_BUDGET", "ALIAS_FACTOR"]

# Aliases may add this many nodes, or ten times the document's own nodes if that is more, before the document
# is refused as an alias bomb. GitHub's whole description has about half a million nodes.
ALIAS_BUDGET = 5_000_000


ALIAS_FACTOR = 10


def _build(get_event: Any, source: str) -> tuple[Any, bool]:
    """Build the stream's single document from parser events (the hot loop: keep it flat); and whether a
    mapping repeats a key (where, ``_repeated_keys`` finds: it is rare)."""
    get_event()  # StreamStartEvent
    event = get_event()
    if type(event) is yaml.StreamEndEvent:
        return None, False

    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    mapping_start, sequence_start = yaml.MappingStartEvent, yaml.SequenceStartEvent
    mapping_end, sequence_end = yaml.MappingEndEvent, yaml.SequenceEndEvent
    document_end = yaml.DocumentEndEvent
    plain_words, number_start, no_key = _PLAIN_WORDS, _NUMBER_START, _NO_KEY
    max_nesting = MAX_NESTING

    anchors: dict[str, tuple[Any, int]] = {}  # name -> (object, nodes it stands for)
    stack: list[tuple[Any, bool, Any, Any, Any, int]] = []
    root: list[Any] = []
    container: Any = root  # the list or dict being filled
    is_map = False
    key: Any = no_key  # in a mapping: the key read, waiting for its value
    merges: list[dict[str, Any]] | None = None
    anchor: str | None = None  # anchor of the open collection
    start = 0  # nodes counted when the open collection began
    nodes = 0  # nodes in the document
    extra = 0  # nodes aliases add beyond their own
    repeated = False  # a mapping has a key twice

    while True:
        event = get_event()
        kind = type(event)
        if kind is scalar_event:
            nodes += 1
            value = event.value
            tag = event.tag
            if tag is None:
                if not event.style:  # plain ('' from libyaml, None from the pure parser)
                    if value in plain_words:
                        value = plain_words[value]
                    elif value[0] in number_start:
                        value = _resolve_number(value)
            else:
                value = _tagged_scalar(value, tag, event.implicit[0])
            if event.anchor is not None:
                anchors[event.anchor] = (value, 1)
        elif kind is mapping_start or kind is sequence_start:
            nodes += 1
            if len(stack) >= max_nesting:  # refused at once: libyaml's time grows with the square of it
                raise _event_error(f"nested more than {max_nesting} levels deep", event, source)
            stack.append((container, is_map, key, merges, anchor, start))
            is_map = kind is mapping_start
            container = {} if is_map else []
            key, merges, anchor, start = no_key, None, event.anchor, nodes + extra
            if anchor is not None:
                anchors.pop(anchor, None)  # a recursive alias to it is undefined, not a cycle
            continue
        elif kind is mapping_end or kind is sequence_end:
            value = container
            if merges:
                value = _merged(merges, value)
            if anchor is not None:
                anchors[anchor] = (value, nodes + extra - start + 1)
            container, is_map, key, merges, anchor, start = stack.pop()
        elif kind is alias_event:
            try:
                value, size = anchors[event.anchor]
            except KeyError:
                raise _alias_error(event, anchor, stack, source) from None
            nodes += 1
            extra += size - 1
            if extra > ALIAS_BUDGET and extra > ALIAS_FACTOR * nodes:
                raise _event_error(
                    f"YAML: aliases expand to more than {max(ALIAS_BUDGET, ALIAS_FACTOR * nodes):,} nodes "
                    "(an alias bomb?)",
                    event,
                    source,
                )
        elif kind is document_end:
            break
        else:  # DocumentStartEvent cannot occur inside a document
            continue

        if not is_map:
            container.append(value)
        elif key is no_key:
            if type(value) is not str or value == "<<":
                value = _mapping_key(value, event, source)
            key = value
        else:
            if key is _MERGE:
                merges = _add_merge(merges, value, event, source)
            else:
                if key in container:
                    repeated = True
                container[key] = value
            key = no_key

    event = get_event()
    if type(event) is not yaml.StreamEndEvent:
        raise _event_error("YAML: expected a single document, found another", event, source)
    return root[0], repeated


class _Marker:
    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


_NO_KEY = _Marker("<no key>")


_MERGE = _Marker("<merge>")


def _mapping_key(value: Any, event: Any, source: str) -> Any:
    """Turn a key into a string as JSON would write it; a plain ``<<`` is a merge key."""
    if type(value) is str:
        if type(event) is yaml.ScalarEvent and (
            (event.tag is None and not event.style) or event.tag == _MERGE_TAG
        ):
            return _MERGE
        return value
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if type(value) is int:
        return str(value)
    if type(value) is float:
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(value)
    kind = "mapping" if isinstance(value, dict) else "sequence"
    raise _event_error(f"YAML: a {kind} cannot be a mapping key", event, source)


def _add_merge(merges: list[dict] | None, value: Any, event: Any, source: str) -> list[dict]:
    # As PyYAML's flatten_mapping: a mapping, or a list of mappings where the earlier ones win.
    if isinstance(value, dict):
        sources = [value]
    elif isinstance(value, list) and all(isinstance(item, dict) for item in value):
        sources = value[::-1]
    else:
        raise _event_error("YAML: expected a mapping or list of mappings for merging", event, source)
    return [*(merges or []), *sources]


def _merged(merges: list[dict[str, Any]], own: dict[str, Any]) -> dict[str, Any]:
    # Later sources override earlier ones and the mapping's own keys override all, as in PyYAML.
    result: dict[str, Any] = {}
    for merge in merges:
        result.update(merge)
    result.update(own)
    return result


def _alias_error(event: Any, anchor: str | None, stack: list[tuple], source: str) -> DescriptionError:
    if event.anchor == anchor or any(frame[4] == event.anchor for frame in stack):
        # JSON data cannot hold a cycle
        return _event_error(f"YAML: alias {event.anchor!r} refers to a node that contains it", event, source)
    return _event_error(f"YAML: found undefined alias {event.anchor!r}", event, source)


def _event_error(message: str, event: Any, source: str) -> DescriptionError:
    mark = getattr(event, "start_mark", None)
    place = f"line {mark.line + 1}" if mark is not None else None
    return DescriptionError(message, source=source, place=place)
