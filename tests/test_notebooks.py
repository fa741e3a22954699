"""notebooks/: each notebook is clean in the repository and runs top to bottom on a fresh machine, offline.

They are executed with nbclient in a temporary copy of the folder (a notebook may write next to itself), by a
real ipykernel. Besides "no cell raised", each run is checked for what the notebook is there to show, and
for the one thing it must never hold: a bearer token, in an output or in the saved widget state.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
NAMES = ["01-explore-org-api.ipynb", "02-explore-any-description.ipynb", "03-export-pages.ipynb"]
TOKEN = re.compile(r"odk_[0-9a-z]{8}_[A-Za-z0-9_-]{32}")


@pytest.mark.parametrize("name", NAMES)
def test_notebook_is_clean(name):
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    assert "widgets" not in notebook.metadata
    first = notebook.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    for cell in notebook.cells:
        assert cell.source.strip(), "an empty cell"
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "outputs are not cleared"


def execute(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> nbformat.NotebookNode:
    from nbclient import NotebookClient

    # jupyter_core warns (DeprecationWarning) about its paths moving to platformdirs unless this is set
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    folder = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.html"))
    notebook = nbformat.read(folder / name, as_version=4)
    client = NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute()
    saved = nbformat.writes(notebook)
    assert not TOKEN.search(saved), "a bearer token landed in the executed notebook"
    return notebook


def text_of(notebook: nbformat.NotebookNode) -> str:
    """Every output's text, HTML and JSON, for searching."""
    parts = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            for mimetype, value in output.get("data", {}).items():
                parts += [mimetype, value if isinstance(value, str) else json.dumps(value)]
            assert output.output_type != "error", output
    return "\n".join(parts)


def test_01_explore_org_api(tmp_path, monkeypatch):
    notebook = execute("01-explore-org-api.ipynb", tmp_path, monkeypatch)
    text = text_of(notebook)
    assert "listApiKeys" in text and "revokeApiKey" in text  # the tables
    assert "application/vnd.jupyter.widget-view+json" in text  # the Explorer
    assert "200 revoked | retry: 200 true" in text  # revoked once, replayed on retry
    assert "audit chain intact: True" in text and "api_key.revoked" in text
    assert "os.environ['TOKEN']" in text  # the request as code, its token read from the environment
    assert "revokeApiKey" in text and "listApiKeys" in text and "elapsed_ms" in text  # the history
    assert re.search(r"2 keys on the first page, [3-9] in all", text)  # orgdocs.frame following the cursor


def test_01_closes_nothing_a_widget_above_still_uses():
    # after Run All (and in Voila) the Explorers' forms keep sending with the client and the store
    notebook = nbformat.read(NOTEBOOKS / "01-explore-org-api.ipynb", as_version=4)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert ".close()" not in code


def test_02_explore_any_description(tmp_path, monkeypatch):
    notebook = execute("02-explore-any-description.ipynb", tmp_path, monkeypatch)
    text = text_of(notebook)
    assert "Bookshop API" in text
    assert "./authors.yaml#/Author" in text and "#/components/schemas/Address" in text  # unresolved refs
    assert "Coupon" in text  # the schema nothing uses
    assert "generated" in text  # a generated example
    assert "200 application/json" in text and "the mock's answer: matches" in text  # no server needed
    assert "cancer_moonshot" in text  # the mock's answer is the description's own example, as a frame
    assert "/apis/0/apiVersionNumber" in text and "type integer" in text  # a wrong answer's differences
    assert "list-data-sets" in text  # the history
    shown = next(cell for cell in notebook.cells if cell.get("id") == "try-it-by-hand")  # the mock's Explorer
    assert any(
        "application/vnd.jupyter.widget-view+json" in output.get("data", {}) for output in shown.outputs
    )


def test_03_export_pages(tmp_path, monkeypatch):
    notebook = execute("03-export-pages.ipynb", tmp_path, monkeypatch)
    text = text_of(notebook)
    assert "organization-api/api-keys/list-api-keys/index.html" in text
    assert "organization-api/02-explore-any-description/index.html" in text
    assert "CDN: False" in text
    # notebook 01, kept without outputs, is run before it is exported: its views show what they last showed
    assert "the form's last answer: True" in text
