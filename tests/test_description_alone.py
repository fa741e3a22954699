"""A description given where a command takes a config (``orgdocs build openapi.yaml``, as other tools take
it): the site of that description alone, read once, from a file or a URL, by build, check and dev."""

from __future__ import annotations

import functools
import http.server
import json
import re
from pathlib import Path

import pytest
from browser.local_server import LocalServer
from site_projects import write_project

import orgdocs.loading._yaml as yaml_module
from orgdocs.cli import main
from orgdocs.cli._dev import DevState

DESCRIPTION = """\
openapi: 3.0.3
info:
  title: Pet Store
  version: "1"
paths:
  /pets:
    get:
      operationId: listPets
      tags: [pets]
      responses:
        "200":
          description: the pets
    post:
      operationId: createPet
      tags: [pets]
      responses:
        "201":
          description: made
"""


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The working folder, holding ``openapi.yaml``, as a reader's project folder would."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "openapi.yaml").write_text(DESCRIPTION, encoding="utf-8")
    return tmp_path


def test_build_makes_the_site_of_a_description_read_once(folder, capsys, monkeypatch):
    reads = []
    load_yaml = yaml_module.load_yaml
    monkeypatch.setattr(
        yaml_module, "load_yaml", lambda data, source: reads.append(source) or load_yaml(data, source)
    )

    assert main(["build", "openapi.yaml"]) == 0  # into ./site, beside the description

    assert reads == ["openapi.yaml"]
    out = capsys.readouterr().out
    assert out.startswith("orgdocs build: openapi.yaml: 1 description, 2 operations, 0 pages -> site: ")
    site = folder / "site"
    index = json.loads((site / "_docs" / "openapi" / "index.json").read_text(encoding="utf-8"))
    assert [entry["route"] for entry in index["endpoints"]] == ["/api/pets/list-pets", "/api/pets/create-pet"]
    assert (site / "api" / "pets" / "list-pets" / "index.html").is_file()
    # the home page's heading is the description's title, once: no heading of the group ("API") under it
    home = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<(h[1-6])[^>]*>(.*?)</h[1-6]>", home) == [("h1", "Pet Store"), ("h2", "Sections")]
    assert (site / "_docs" / "descriptions" / "openapi.yaml").read_text(encoding="utf-8") == DESCRIPTION


def test_check_lists_what_reading_the_description_found(folder, capsys):
    (folder / "openapi.yaml").write_text(
        DESCRIPTION.replace('  version: "1"\n', '  version: "1"\n  title: Again\n')
    )

    assert main(["check", "openapi.yaml"]) == 0

    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("warning: openapi.yaml: line 5: duplicate key 'title'")
    assert lines[-1] == "openapi.yaml: 1 description, 2 operations, 0 pages: 1 warning"


def test_a_broken_description_is_one_line_naming_it(folder, capsys):
    (folder / "api.json").write_text('{"openapi": "3.0.3", "info": {}}', encoding="utf-8")

    assert main(["build", "api.json", "--out", "out"]) == 1

    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("orgdocs: api.json: #/paths: ") and "'paths'" in err
    assert not (folder / "out").exists()


def test_the_output_may_not_hold_the_description(folder, capsys):
    assert main(["build", "openapi.yaml", "--out", "."]) == 1

    assert capsys.readouterr().err.startswith("orgdocs: ")
    assert (folder / "openapi.yaml").read_text(encoding="utf-8") == DESCRIPTION
    assert sorted(path.name for path in folder.iterdir()) == ["openapi.yaml"]


def test_a_config_with_a_description_key_is_still_a_config(tmp_path, capsys):
    config = write_project(tmp_path, {"api.json": {"openapi": "3.0.3", "paths": {}}})
    config.write_text(config.read_text(encoding="utf-8") + "paths: {}\n", encoding="utf-8")

    assert main(["check", str(config)]) == 1

    assert "unknown key 'paths'" in capsys.readouterr().err


def test_build_reads_a_description_from_a_url(folder, capsys):
    server = LocalServer(functools.partial(QuietFiles, directory=str(folder)))
    url = f"{server.url}/openapi.yaml"
    try:
        assert main(["build", url, "--out", "out"]) == 0
    finally:
        server.stop()

    assert capsys.readouterr().out.startswith(f"orgdocs build: {url}: 1 description, 2 operations")
    assert (folder / "out" / "api" / "pets" / "create-pet" / "index.html").is_file()


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def test_dev_watches_the_description_alone_not_its_folder(folder):
    (folder / "notes.txt").write_text("not read by the site", encoding="utf-8")
    state = DevState(Path("openapi.yaml"), log=lambda text: None)

    assert {path.resolve() for path in state.watched()} == {folder / "openapi.yaml"}
    assert state.site.title == "Pet Store"

    (folder / "notes.txt").write_text("changed", encoding="utf-8")
    assert not state.changed()
    (folder / "openapi.yaml").write_text(DESCRIPTION.replace("Pet Store", "Pet Shop"), encoding="utf-8")
    assert state.changed()
    state.evaluate()
    assert state.site.title == "Pet Shop"
