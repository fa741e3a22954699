"""``orgdocs build`` on every description of the corpus MANIFEST, each wrapped in a generated config.

A description that loads builds, and every operation page embeds its own payload; one that does not (the
corpus's invalid-on-purpose files and fragments) makes the build exit 1 with one line naming the file and
write nothing. The large descriptions are marked slow (``.ci/run`` still runs them) and each is built once;
their pages are all checked for their payload, their payloads compared in full on a sample.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from orgdocs.cli import main
from orgdocs.project import Site
from orgdocs.render.site._build import build_site
from orgdocs.render.site._paths import page_path, payload_path
from orgdocs.render.site._templating import json_script

CORPUS = Path(os.environ.get("ORGDOCS_CORPUS", Path(__file__).resolve().parents[2] / "shared" / "corpus"))
pytestmark = pytest.mark.skipif(not CORPUS.exists(), reason=f"no corpus at {CORPUS} (set ORGDOCS_CORPUS)")

MARKER = '<script type="application/json" id="orgdocs-payload">'
FULL_CHECKS = 60  # payloads compared in full on a large description


def _config(tmp_path: Path, description: Path) -> Path:
    """A docs config whose one schema section is ``description``, read in place (``public`` is its folder)."""
    config = tmp_path / "docs.config.yaml"
    (tmp_path / "content").mkdir()
    config.write_text(
        json.dumps(
            {
                "content": "./content",
                "public": str(description.parent),
                "title": description.name,
                "groups": [{"group": "API", "sections": [{"schema": "/" + description.name}]}],
            }
        ),
        encoding="utf-8",
    )
    return config


def _check_pages(site: Site, out: Path, *, full_every: int = 1) -> None:
    """Every operation page embeds the payload of its own route; every ``full_every``-th one is compared
    in full with the payload file (as bytes: the large sites hold gigabytes)."""
    marker = MARKER.encode()
    for i, route in enumerate(site.operations):
        page = page_path(out, route).read_bytes()
        start = page.find(marker) + len(marker)
        assert start >= len(marker), route
        assert page.startswith(('{"route":' + json.dumps(route)).encode(), start), route
        if i % full_every == 0:
            end = page.index(b"</script>", start)
            on_disk = payload_path(out, route).read_text(encoding="utf-8")
            assert page[start:end].decode("utf-8") == json_script(on_disk), route


def _build(tmp_path: Path, description: Path, *, sample: bool = False) -> None:
    config = _config(tmp_path, description)
    out = tmp_path / "site"
    site = Site(config)
    result = build_site(site, out, progress=False)  # what `orgdocs build` does once the config is read
    assert result.operations == len(site.operations)
    assert (out / "index.html").is_file() and (out / "_docs" / "openapi" / "index.json").is_file()
    _check_pages(site, out, full_every=max(1, len(site.operations) // FULL_CHECKS) if sample else 1)
    shutil.rmtree(out)  # the large outputs take gigabytes


def test_builds(loadable_entry, tmp_path):
    """One test per loadable MANIFEST row (``tests/conftest.py``), the large ones marked slow."""
    _build(tmp_path, loadable_entry.file, sample=loadable_entry.path.startswith("large/"))


def test_a_description_that_cannot_load_stops_the_build_in_one_line(unloadable_entry, tmp_path, capsys):
    """Every row that is not a whole description (invalid on purpose, a fragment): exit 1, one line."""
    config = _config(tmp_path, unloadable_entry.file)
    out = tmp_path / "site"
    assert main(["build", str(config), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and unloadable_entry.file.name in err and "Traceback" not in err
    assert not out.exists()
