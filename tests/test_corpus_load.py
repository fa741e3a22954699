"""Every description of the dev corpus loads, with the operation count of its MANIFEST row.

The documents that are invalid on purpose fail with a one-line ``DescriptionError`` naming the file, fast.
Where the MANIFEST's count and the rules of the seed and the issue disagree, the difference is listed below
with its reason, and what the loader does instead is asserted.
"""

from __future__ import annotations

import tracemalloc

import pytest

import orgdocs
from orgdocs import DescriptionError
from orgdocs.model import METHODS

# The MANIFEST follows path items that are `$ref`s to other files. The seed decides otherwise: "External
# reference files are not loaded". These path items stay unresolved, reported as external.
EXTERNAL_PATH_ITEMS = {
    "edge/openapi-core-parent-reference/openapi.yaml": {"./paths/books.yaml"},
    "edge/swagger-api-parser-external-path-refs-escaping/issue-822.yaml": {
        "./issue-822-b.yaml#/paths/~1foo",
        "./issue-822-b.yaml#/paths/~1wtf~1%7Bbar%7D",
        "./issue-822-b.yaml#/paths/~1bar~1wtf",
        "./issue-822-b.yaml#/paths/~1haha~1{bar}",
        "./issue-822-b.yaml#/paths/~1haha/{bar}",
        "./issue-822-b.yaml#/paths/bar/haha",
    },
}

# The MANIFEST does not follow path items that are local `$ref`s; the issue says to follow them.
# file -> (operations, webhooks) that following them gives.
LOCAL_PATH_ITEM_REFS = {
    # /support/ip-address -> /ip-address and /support/service-status -> /service-status: 28 + 2
    "oas30/apisguru-surevoip.co.uk-9dcb0dc8-openapi.yaml": (30, 0),
    # webhook myWebhook -> #/components/pathItems/webhooks (put and post): 1 + 2
    "oas31/redoc-demo-openapi-3-1.yaml": (23, 3),
    # the MANIFEST counts 3.1 webhooks only; its x-webhooks (newPet: post) are read as webhooks too
    "oas30/redoc-demo-openapi.yaml": (21, 1),
    "large/github-api.github.com.json": (1223, 270),  # GitHub's x-webhooks
    "large/github-api.github.com.yaml": (1223, 270),
}

# The numeric `swagger: 2.0` and `info.version: 1.0` of this folder load (the seed's "a value starting with 2."
# holds for the number 2.0; full validation is not performed).
LOADS_DESPITE_FOLDER = {
    "edge/swagger-parser-invalid/numeric-version.yaml",
    "edge/swagger-parser-invalid/numeric-info-version.yaml",
}


def test_the_manifest_lists_the_corpus(corpus, manifest, invalid_on_purpose):
    paths = {entry.path for entry in manifest}
    assert len(paths) > 150
    documents = {
        str(p.relative_to(corpus)).removesuffix(".gz")
        for p in corpus.rglob("*")
        if p.suffix in (".json", ".yaml", ".yml", ".gz") and "digitalocean-multifile/" not in str(p)
    }
    assert documents <= paths
    listed = (
        set(invalid_on_purpose) | set(EXTERNAL_PATH_ITEMS) | set(LOCAL_PATH_ITEM_REFS) | LOADS_DESPITE_FOLDER
    )
    assert listed <= paths  # the lists above name real rows
    assert {
        p for p in paths if "INVALID" in p or "swagger-parser-invalid/" in p
    } - LOADS_DESPITE_FOLDER <= set(invalid_on_purpose)


def test_corpus_entry(corpus_entry, invalid_on_purpose):
    entry = corpus_entry
    if entry.path in invalid_on_purpose or entry.format == "fragment":
        _assert_fails_cleanly(entry, invalid_on_purpose.get(entry.path))
        return
    description = orgdocs.load(entry.file)
    operations, webhooks = LOCAL_PATH_ITEM_REFS.get(entry.path, (entry.ops, entry.webhooks))
    if entry.path in EXTERNAL_PATH_ITEMS:
        operations = 0
        external = {u.ref for u in description.unresolved if u.reason == "external"}
        assert external == EXTERNAL_PATH_ITEMS[entry.path]
    assert len(description.operations) == operations
    assert len(description.webhooks) == webhooks
    for operation in description.operations:
        assert operation.method in METHODS
        assert operation.title
        assert not operation.webhook
    assert all(u.reason in ("external", "missing", "cycle") for u in description.unresolved)
    expected_format = "swagger" if entry.format.startswith("swagger") else "openapi"
    assert description.format == expected_format


def _assert_fails_cleanly(entry, expected: str | None):
    with pytest.raises(DescriptionError) as failure:
        orgdocs.load(entry.file)
    message = str(failure.value)
    assert "\n" not in message
    assert str(entry.file) in message
    if expected is not None:
        assert expected in message
    else:  # a fragment: a piece of a multi-file description, not a description
        assert "'paths'" in message


def test_the_invalid_json_names_the_line(corpus):
    with pytest.raises(DescriptionError) as failure:
        orgdocs.load(corpus / "edge/github-api.github.com-2022-06-trailing-comma-INVALID.json")
    assert failure.value.place == "line 3632 column 9"
    assert "invalid JSON" in str(failure.value)


def test_the_hostile_yaml_fails_within_bounds(corpus):
    tracemalloc.start()
    try:
        with pytest.raises(DescriptionError):
            orgdocs.load(corpus / "edge/swagger-api-parser-billion-laughs.yaml")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 50 * 2**20


def test_external_operations_under_method_keys_count(corpus):
    description = orgdocs.load(corpus / "edge/digitalocean-multifile/DigitalOcean-public.v2.yaml")
    assert len(description.operations) == 659
    first = description.operations[0]
    assert set(first.raw) == {"$ref"}  # kept as written, not loaded
    assert first.title == f"{first.method.upper()} {first.path}"
    assert any(u.ref == first.raw["$ref"] and u.reason == "external" for u in description.unresolved)
