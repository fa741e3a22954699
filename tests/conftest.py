"""Shared fixtures: the small descriptions in ``tests/data`` and the dev corpus (``../shared/corpus``).

The corpus lives outside the repository; ``ORGDOCS_CORPUS`` points elsewhere. Tests that take the ``corpus``
fixture, the ``manifest`` or a ``corpus_entry`` (one row of the MANIFEST) are skipped when it is absent, with
one line saying so; a test marked ``@pytest.mark.corpus("large/x.json", ...)`` is also skipped when the corpus
lacks one of those files (``large/``, the performance corpus, is assembled separately).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data"
CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
NO_CORPUS = (
    f"dev corpus not found at {CORPUS}: put it at ../shared/corpus or set ORGDOCS_CORPUS to its folder"
)


# Invalid on purpose: the file -> what the one-line error must say.
INVALID_ON_PURPOSE = {
    "edge/github-api.github.com-2022-06-trailing-comma-INVALID.json": "line 3632 column 9",
    "edge/swagger-parser-invalid/newer-version.yaml": "unsupported Swagger version",
    "edge/swagger-parser-invalid/old-version.yaml": "unsupported Swagger version",
    "edge/swagger-parser-invalid/no-paths-or-webhooks.yaml": "'paths'",
    "edge/swagger-parser-invalid/not-swagger.yaml": "'paths'",
    "edge/swagger-api-parser-billion-laughs.yaml": "'paths'",  # 100 anchors, no paths; see test_parse for a real bomb
    # documents without `paths` (the seed requires it), webhooks-only 3.1 documents included
    "edge/openapi-core-v3.0-empty.yaml": "'paths'",
    "edge/openapi-core-v3.1-empty.yaml": "'paths'",
    "edge/readme-oas-examples/3.1-webhooks.json": "webhooks-only",
    "oas31/adyen-BalancePlatformTransferNotification-v4.json": "webhooks-only",
    "oas31/oai-v3.1-webhook-example.json": "webhooks-only",
    "oas31/oai-v3.1-webhook-example.yaml": "webhooks-only",
    "edge/redoc-fixtures/31-pathItems.json": "webhooks-only",
    "edge/redoc-fixtures/31-conditionalField.json": "'paths'",
    "edge/redoc-fixtures/31-conditionalSchema.json": "'paths'",
    "edge/redoc-fixtures/31-patternProperties.json": "'paths'",
    "edge/redoc-fixtures/31-prefixItems.json": "'paths'",
    "edge/redoc-fixtures/31-unevaluatedProperties.json": "'paths'",
    "edge/redoc-fixtures/arrayItems.json": "'paths'",
    "edge/redoc-fixtures/callback.json": "'paths'",
    "edge/redoc-fixtures/mergeAllOf.json": "'paths'",
    "edge/redoc-fixtures/oneOfHoist.json": "'paths'",
    "edge/redoc-fixtures/oneOfTitles.json": "'paths'",
    "edge/redoc-fixtures/simple-discriminator.json": "'paths'",
}


@dataclass(frozen=True)
class CorpusEntry:
    """One document row of ``MANIFEST.md``."""

    path: str  # relative to the corpus
    format: str  # "openapi 3.0.0", "swagger 2.0", "fragment", ...
    ops: int | None  # None for "n/a" (the invalid JSON)
    webhooks: int
    traits: str

    @property
    def file(self) -> Path:
        """The file; ``large/msgraph-beta.json`` is stored gzipped."""
        path = CORPUS / self.path
        return path if path.exists() else path.with_name(path.name + ".gz")


def manifest_entries() -> list[CorpusEntry]:
    """The document rows of both MANIFEST tables (the dev set: 7 columns; ``large/``: 5 columns)."""
    entries = []
    for line in (CORPUS / "MANIFEST.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split(" | ")]
        if len(cells) == 7:
            path, _, fmt, _, ops, traits, _ = cells
        elif len(cells) == 5:
            path, fmt, _, ops, traits = cells
        else:
            continue
        counts = re.fullmatch(r"(\d+|n/a)(?: \(\+(\d+) webhook ops\))?", ops)
        if counts is None or not re.match(r"(edge|oas30|oas31|swagger2|large)/", path):
            continue  # a header or separator row
        ops_count = None if counts[1] == "n/a" else int(counts[1])
        entries.append(CorpusEntry(path, fmt, ops_count, int(counts[2] or 0), traits))
    return entries


def loadable(entry: CorpusEntry) -> bool:
    """A whole description that orgdocs loads: not a fragment of one, not invalid on purpose."""
    return entry.format != "fragment" and entry.path not in INVALID_ON_PURPOSE


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``corpus_entry``: every MANIFEST row; ``loadable_entry``: the rows that load (see ``loadable``);
    ``unloadable_entry``: the others."""
    kinds = (
        ("corpus_entry", lambda entry: True),
        ("loadable_entry", loadable),
        ("unloadable_entry", lambda entry: not loadable(entry)),
    )
    for name, keep in kinds:
        if name not in metafunc.fixturenames:
            continue
        if not CORPUS.is_dir():  # one skipped case that says why, not pytest's "got empty parameter set"
            metafunc.parametrize(
                name, [pytest.param(None, id="no-corpus", marks=pytest.mark.skip(reason=NO_CORPUS))]
            )
            continue
        params = [
            pytest.param(e, id=e.path, marks=[pytest.mark.slow] if e.path.startswith("large/") else [])
            for e in manifest_entries()
            if keep(e)
        ]
        metafunc.parametrize(name, params)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "corpus(*paths): needs these files of the dev corpus (paths relative to it), else skipped"
    )


def corpus_missing(paths: tuple[str, ...] | list[str] = ()) -> str | None:
    """Why a test that needs the corpus, and these files of it, cannot run (one line); None if it can."""
    if not CORPUS.is_dir():
        return NO_CORPUS
    for path in paths:
        if not (CORPUS / path).exists() and not (CORPUS / f"{path}.gz").exists():
            return (
                f"{path} not found in the dev corpus at {CORPUS}: the full corpus (../shared/corpus) has it"
            )
    return None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        files = [path for mark in item.iter_markers("corpus") for path in mark.args]
        if files or {"corpus", "manifest"} & set(getattr(item, "fixturenames", ())):
            reason = corpus_missing(files)
            if reason:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The dev corpus folder (tests taking it are skipped when it is absent)."""
    return CORPUS


@pytest.fixture(scope="session")
def invalid_on_purpose() -> dict[str, str]:
    """Corpus files that must fail to load -> what their one-line error says."""
    return INVALID_ON_PURPOSE


@pytest.fixture(scope="session")
def manifest() -> list[CorpusEntry]:
    """The document rows of the corpus MANIFEST."""
    return manifest_entries()


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """``tests/data``: small descriptions written for these tests."""
    return DATA
