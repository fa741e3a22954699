"""``orgdocs.project._json_text.indented``: the standard library's indented JSON, byte for byte, also where orjson
would write a value otherwise."""

from __future__ import annotations

import datetime
import json

import pytest

from orgdocs.project._json_text import indented

VALUES = [
    {"name": "Rex", "tags": [], "owner": {}, "age": 3, "weight": 4.5, "ok": True, "none": None},
    [1e16, 1e22, 1.5e-7, -0.0, 0.1, 123456789012345680.0],  # floats orjson writes without "+" or "0"
    {"big": 2**70, "small": -(2**63) - 1},  # beyond 64 bits: orjson refuses them
    {"nan": float("nan"), "inf": float("inf")},  # orjson writes null
    {200: "int key", 1.5: "float key", None: "null key", True: "bool key"},
    {"when": datetime.datetime(2024, 1, 1, 12, 30), "day": datetime.date(2024, 1, 1)},  # YAML timestamps
    {"text": 'é \u2028 \x1f " \\ </script>', "nested": [[[{"a": [{}]}]]]},
    "a string",
    42,
]


@pytest.mark.parametrize("value", VALUES)
def test_indented_is_the_standard_librarys_text(value):
    assert indented(value, default=str) == json.dumps(value, indent=2, ensure_ascii=False, default=str)


def test_without_default_it_refuses_what_the_standard_library_refuses():
    with pytest.raises(TypeError):
        indented({"when": datetime.date(2024, 1, 1)})
    loop: list = []
    loop.append(loop)
    with pytest.raises(ValueError):  # a YAML anchor can make a value hold itself
        indented(loop)


def test_an_example_met_again_as_the_same_object_is_not_written_again(monkeypatch):
    from orgdocs.render.site import _pretty as pretty

    example = {"id": 1.0, "tags": ["a", "é"], "when": datetime.date(2024, 1, 2)}
    expected = '{\n  "id": 1,\n  "tags": [\n    "a",\n    "é"\n  ],\n  "when": "2024-01-02"\n}'
    assert pretty.pretty_json(example) == expected
    written, dumps = [], json.dumps
    monkeypatch.setattr(pretty.json, "dumps", lambda *a, **k: written.append(a) or dumps(*a, **k))
    assert pretty.pretty_json(example) == expected  # the same object: found by its identity
    assert written == []
    assert pretty.pretty_json(dict(example)) == expected  # an equal one: found by its compact text
    assert len(written) == 1
