"""Exports of a notebook holding a widget: the page shows the reference the widget showed, as static HTML."""

from __future__ import annotations

import copy
import json

import nbformat
import pytest

from orgdocs.render.nbconvert.widget_html import WIDGET_STATE, WIDGET_VIEW, widget_snapshot


@pytest.fixture(scope="module")
def executed(tmp_path_factory, pets_document):
    """A notebook that shows an Explorer, then selects an operation from Python, executed by nbclient."""
    from nbclient import NotebookClient

    folder = tmp_path_factory.mktemp("export")
    (folder / "pets.json").write_text(json.dumps(pets_document), encoding="utf-8")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell("# Pets"),
        nbformat.v4.new_code_cell(
            "from orgdocs.widgets import Explorer\nexplorer = Explorer('pets.json')\nexplorer"
        ),
        nbformat.v4.new_code_cell("explorer.select('/api/pets/create-pet');"),
    ]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUPYTER_PLATFORM_DIRS", "1")
        NotebookClient(
            notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
        ).execute()
    return notebook


def widget_output(notebook):
    return notebook.cells[1].outputs[0]


def test_the_output_carries_the_selection_made_from_python(executed):
    output = widget_output(executed)
    assert WIDGET_VIEW in output.data and output.metadata["orgdocs"] == {"view": "explorer"}
    html = output.data["text/html"]
    assert "Create a pet" in html and "<style>" in html and "orgdocs-widget-snapshot" in html


def test_orgdocs_export_shows_the_selected_operation(executed):
    from orgdocs.render.nbconvert import OrgdocsExporter

    page, _ = OrgdocsExporter().from_notebook_node(copy.deepcopy(executed))
    assert WIDGET_STATE not in page and "Interactive widget" not in page
    snapshot = page[page.index('<div class="orgdocs-widget-snapshot">') :]
    assert "Create a pet" in snapshot[:3000] and 'class="method method-post"' in snapshot[:3000]


def test_html_export_without_widget_state_shows_the_snapshot(executed):
    from nbconvert import HTMLExporter

    notebook = copy.deepcopy(executed)
    notebook.metadata.pop("widgets", None)
    page, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    assert "orgdocs-widget-snapshot" in page and "Create a pet" in page


def test_the_state_wins_and_is_sanitized():
    model_id = "m1"
    data = {WIDGET_VIEW: {"model_id": model_id}, "text/html": "<p>old</p>"}
    states = {
        model_id: {
            "state": {
                "_anywidget_id": "orgdocs.render.widgets.explorer.Explorer",
                "_html": '<h1 class="op-title">New</h1><script>alert(1)</script><img src=x onerror=alert(2)>',
            }
        }
    }
    html = widget_snapshot(data, states)
    assert 'class="op-title"' in html and "New" in html
    assert "<script" not in html and "onerror" not in html and "old" not in html
    # another library's widget is not ours: left to the widget note
    assert widget_snapshot({WIDGET_VIEW: {"model_id": "x"}, "text/html": "<p>x</p>"}, {}) is None
    assert "old" in widget_snapshot(data, {}, {"orgdocs": {"view": "explorer"}})
