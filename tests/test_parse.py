"""orgdocs.loading._parse: the parser is chosen by extension, gzip is undone, every failure is one clear line."""

from __future__ import annotations

import gzip
import json
import time

import pytest

import orgdocs
from orgdocs.errors import DescriptionError
from orgdocs.loading import _sources as sources
from orgdocs.loading._parse import extension, parse_document

YAML_TEXT = b"openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths: {}\n"
JSON_TEXT = b'{"openapi": "3.0.0", "paths": {}}'


@pytest.mark.parametrize(
    ("name", "ext"),
    [
        ("spec.yaml", ".yaml"),
        ("spec.YML", ".yml"),
        ("dir.v2/spec", ""),
        ("spec.json.gz", ".json"),
        ("spec.yaml.gz", ".yaml"),
        ("https://example.com/spec.yaml?ref=main#top", ".yaml"),
        ("https://example.com/openapi", ""),
        ("https://example.com/v1.2/openapi", ""),
        ("/tmp/a.b/c.txt", ".txt"),
    ],
)
def test_extension(name, ext):
    assert extension(name) == ext


@pytest.mark.parametrize("name", ["x.yaml", "x.yml", "X.YAML", "https://h/x.yml?raw=1", "x.yaml.gz"])
def test_yaml_extensions_use_the_yaml_parser(name):
    data = gzip.compress(YAML_TEXT) if name.endswith(".gz") else YAML_TEXT
    assert parse_document(data, name)["info"]["title"] == "t"


@pytest.mark.parametrize("name", ["x.json", "x.txt", "x", "https://h/openapi", "x.yaml.txt", "x.json.gz"])
def test_any_other_extension_is_parsed_as_json(name):
    data = gzip.compress(JSON_TEXT) if name.endswith(".gz") else JSON_TEXT
    assert parse_document(data, name) == {"openapi": "3.0.0", "paths": {}}


@pytest.mark.parametrize("name", ["x.txt", "x", "x.json", "https://h/openapi"])
def test_yaml_text_without_a_yaml_extension_fails_as_json(name):
    with pytest.raises(DescriptionError) as failure:
        parse_document(YAML_TEXT, name)
    how = (
        "every URL whose path does not end in .yaml or .yml: to read YAML, save it as a .yaml or .yml file"
        if "://" in name
        else "every file not named .yaml or .yml: to read YAML, rename it to .yaml or .yml"
    )
    assert (
        str(failure.value)
        == f"{name}: line 1 column 1: invalid JSON: Expecting value (read as JSON, as is {how})"
    )


def test_json_is_valid_yaml_too():
    assert parse_document(JSON_TEXT, "x.yaml") == {"openapi": "3.0.0", "paths": {}}


def test_a_json_error_names_line_and_column():
    with pytest.raises(DescriptionError) as failure:
        parse_document(b'{\n  "a": 1,\n}', "spec.json")
    assert failure.value.source == "spec.json"
    assert failure.value.place == "line 3 column 1"
    assert "\n" not in str(failure.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "invalid JSON: Expecting value"),
        (b"\xff\xfe\xfa", "not UTF-8 text"),  # a UTF-16 byte order mark, then half a character
        (b'{"a": "\xe9"}', "not UTF-8 text"),
        (b"[" * 100_000 + b"]" * 100_000, "nested more than 200 levels deep"),
        (b'{"n": ' + b"9" * 5_000 + b"}", "4300 digits"),  # Python's int conversion limit
    ],
)
def test_bad_json_is_a_description_error(data, message):
    with pytest.raises(DescriptionError, match=message) as failure:
        parse_document(data, "x.json")
    assert "\n" not in str(failure.value)


def test_a_utf8_byte_order_mark_is_accepted():
    assert parse_document(b"\xef\xbb\xbf" + JSON_TEXT, "x.json")["openapi"] == "3.0.0"


def test_gzip_of_several_members():
    data = gzip.compress(b'{"a": ') + gzip.compress(b"1}")
    assert parse_document(data, "x.json.gz") == {"a": 1}


@pytest.mark.parametrize(
    ("data", "message"), [(b"not gzip", "not a gzip file"), (gzip.compress(JSON_TEXT)[:-8], "truncated")]
)
def test_a_broken_gzip_is_a_description_error(data, message):
    with pytest.raises(DescriptionError, match=message):
        parse_document(data, "x.json.gz")


def test_a_gzip_bomb_is_refused_within_bounds(monkeypatch):
    monkeypatch.setattr(sources, "MAX_BYTES", 2**20)
    bomb = gzip.compress(b" " * (16 * 2**20))  # 16 MB of spaces in 16 KB
    assert len(bomb) < 20_000
    with pytest.raises(DescriptionError, match="larger than 1 MB once decompressed"):
        parse_document(bomb, "x.json.gz")


def test_a_yaml_alias_bomb_is_refused_within_bounds(tmp_path):
    lines = [
        "openapi: 3.0.0",
        "paths: {}",
        "x-bomb:",
        '  a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ]
    lines += [f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 12)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(DescriptionError) as failure:
        orgdocs.load(path)
    assert str(failure.value).startswith(f"{path}: ")
    assert "\n" not in str(failure.value)


def test_yaml_timestamps_stay_strings():
    document = parse_document(b"paths: {}\ncreated: 2024-01-02T03:04:05Z\nday: 2024-01-02\n", "x.yaml")
    assert document["created"] == "2024-01-02T03:04:05Z"
    assert document["day"] == "2024-01-02"


def _nested(levels: int) -> dict:
    document: dict = {"type": "string"}
    for _ in range(levels - 1):
        document = {"items": document}
    return document


def test_nesting_up_to_the_limit_is_read_and_deeper_is_refused_at_its_place():
    from orgdocs.loading._parse import MAX_NESTING

    assert parse_document(json.dumps(_nested(MAX_NESTING)).encode(), "x.json")
    deeper = {"paths": {}, "components": {"schemas": {"Deep": _nested(MAX_NESTING)}}}
    with pytest.raises(DescriptionError) as failure:
        parse_document(json.dumps(deeper).encode(), "x.json")
    assert str(failure.value) == (
        f"x.json: #/components/schemas/Deep{'/items' * 6}/…{'/items' * 3}: nested more than 200 levels deep"
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a:\n" + "".join(" " * i + "- \n" for i in range(1, 300)), 201),  # block lists
        ("a:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 300)), 201),  # block mappings
        ("x: " + "{a: " * 300 + "1" + "}" * 300, 1),  # flow mappings
        ("x: " + "[" * 300 + "]" * 300, 1),  # flow lists
    ],
)
def test_yaml_nesting_deeper_than_the_limit_is_refused_at_its_line(text, line):
    with pytest.raises(DescriptionError) as failure:
        parse_document(text.encode(), "x.yaml")
    assert str(failure.value) == f"x.yaml: line {line}: nested more than 200 levels deep"


def test_yaml_nesting_far_deeper_is_refused_early_naming_the_line():
    # libyaml's time grows with the square of the depth: the document is refused where the limit is reached,
    # by orgdocs or, past libyaml's own limit (1,000 flow levels since PyYAML 6.0.4), by libyaml in its words
    started = time.perf_counter()
    with pytest.raises(DescriptionError) as failure:
        parse_document(b"[" * 400_000, "x.yaml")
    assert time.perf_counter() - started < 5
    assert (failure.value.source, failure.value.place) == ("x.yaml", "line 1")
    assert str(failure.value).startswith("x.yaml: line 1: ") and "\n" not in str(failure.value)


@pytest.mark.parametrize(
    "text",
    [
        b'{"id": 12345678901234567890123, "min": -9223372036854775809, "max": [18446744073709551616]}',
        b'{"note": "run 1234567890123456789012 in a string", "x": 1.23456789012345678901234}',
        b'{"big": 1e400, "nan": NaN, "pi": 3.141592653589793, "tiny": 5e-324, "neg": -0.0}',
        b'{"same": 1, "same": 2, "nul": "\\u0000", "pair": "\\ud83d\\ude00", "e": "\xc3\xa9"}',
        b"\xef\xbb\xbf[1, 2.5, true, null]",
    ],
)
def test_json_reads_as_the_standard_library_reads_it(text):
    # integers stay integers beyond 64 bits, floats are the same floats: compared as written back (a lone
    # surrogate is refused instead: tests/test_hardening.py)
    assert json.dumps(parse_document(text, "x.json")) == json.dumps(json.loads(text))
