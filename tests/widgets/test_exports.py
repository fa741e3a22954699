"""Exports of a notebook holding a widget: the page shows the reference the widget showed, as static HTML."""

from __future__ import annotations

import copy
import json

import nbformat
import pytest

from orgdocs.render.nbconvert._widget_html import WIDGET_STATE, WIDGET_VIEW, widget_snapshot


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
        # a selection made in the view: the front-end's state message, as a click on a row sends it
        nbformat.v4.new_code_cell("explorer.set_state({'value': '/api/pets/list-pets'})"),
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


def test_the_snapshot_beside_the_view_follows_the_selection_made_in_the_view(executed):
    view, snapshot = executed.cells[1].outputs
    assert WIDGET_VIEW in view.data and view.metadata["orgdocs"] == {"view": "explorer"}
    assert WIDGET_VIEW not in snapshot.data and snapshot.metadata["orgdocs"] == {"snapshot": "explorer"}
    html = snapshot.data["text/html"]
    # selected from Python (create-pet), then in the view (list-pets): the snapshot shows the last one
    assert "List pets" in html and "Create a pet" not in html and "<style>" in html


def test_html_export_with_widget_state_shows_the_snapshot_offline(executed):
    from nbconvert import HTMLExporter

    page, _ = HTMLExporter(template_name="lab").from_notebook_node(copy.deepcopy(executed))
    # the widget needs its manager from a CDN; the snapshot beside it needs nothing
    assert "orgdocs-widget-snapshot" in page and "List pets" in page


def test_orgdocs_export_shows_the_selected_operation(executed):
    from orgdocs.render.nbconvert import OrgdocsExporter

    page, _ = OrgdocsExporter().from_notebook_node(copy.deepcopy(executed))
    assert WIDGET_STATE not in page and "Interactive widget" not in page
    assert page.count('<div class="orgdocs-widget-snapshot">') == 1  # the view's snapshot once, not twice
    snapshot = page[page.index('<div class="orgdocs-widget-snapshot">') :]
    assert "List pets" in snapshot[:3000] and 'class="method method-get"' in snapshot[:3000]


def test_html_export_without_widget_state_shows_the_snapshot(executed):
    from nbconvert import HTMLExporter

    notebook = copy.deepcopy(executed)
    notebook.metadata.pop("widgets", None)
    page, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    assert "orgdocs-widget-snapshot" in page and "List pets" in page


def test_the_state_wins_and_is_sanitized():
    model_id = "m1"
    data = {WIDGET_VIEW: {"model_id": model_id}, "text/html": "<p>old</p>"}
    states = {
        model_id: {
            "state": {
                "_anywidget_id": "orgdocs.render.widgets._explorer.Explorer",
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
